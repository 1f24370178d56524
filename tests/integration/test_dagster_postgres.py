"""The several-hosts path, run for real (issue 13): the Dagster instance of docs/deploy/dagster.yaml
on PostgreSQL (dagster-postgres, a database of its own beside the store), its queued run coordinator
(at most one run per layer) and the default run launcher (a process per run), with the daemon and
the code location of workspace.yaml as real processes. A backfill of three layers syncs each layer
in its own process, side by side; a second run of one layer waits for the first; the store holds
every layer's documents."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import dagster as dg
import dagster_postgres  # noqa: F401 - the test extra installs it (the deploy extra's package); never skipped
import psycopg
import pytest

from tests.conftest import cli_env, write
from tests.integration.test_dagster import create_layer

pytestmark = pytest.mark.deploy

REPO = Path(__file__).resolve().parents[2]
LAYERS = ("alpha", "beta", "gamma")
TIMEOUT_S = float(os.environ.get("STRATA_TEST_DAGSTER_TIMEOUT", "420"))


@pytest.fixture
def dagster_pg_url(pg_server):
    """The Dagster instance's own database on the test server."""
    name = "dagster_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    # dagster-postgres speaks psycopg2; SQLAlchemy 2.1 reads a bare postgresql:// as psycopg 3.
    yield pg_server.get_uri(database=name).replace("postgresql://", "postgresql+psycopg2://", 1)
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _folders(tmp_path: Path) -> dict[str, Path]:
    roots = {}
    for layer in LAYERS:
        root = tmp_path / "sources" / layer
        for i in range(2):
            write(root, f"{layer}-{i}.md", f"# {layer.title()} note {i}\n\nThe {layer} layer keeps note {i}. "
                  + " ".join(f"{layer} fact {i}.{j}." for j in range(40)) + "\n")
        roots[layer] = root
    return roots


def _backfill(env: dict[str, str], partitions: str) -> None:
    p = subprocess.run([sys.executable, "-m", "dagster", "job", "backfill", "-j", "sync_layer", "--partitions",
                        partitions, "-w", str(REPO / "workspace.yaml"), "--noprompt"],
                       cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-3000:]


def _wait_for_runs(instance: dg.DagsterInstance, count: int, daemon: subprocess.Popen, log: Path) -> list:
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        assert daemon.poll() is None, "the daemon stopped: " + log.read_text(errors="replace")[-3000:]
        # Only the backfills' runs: the folder sensor also asks for a sync of each never-synced layer.
        records = [r for r in instance.get_run_records() if "dagster/backfill" in r.dagster_run.tags]
        if len(records) >= count and all(r.dagster_run.is_finished for r in records):
            return records
        time.sleep(0.5)
    states = [(r.dagster_run.tags.get("dagster/partition"), r.dagster_run.status.value)
              for r in instance.get_run_records()]
    failures = [str(e.dagster_event.step_failure_data.error.to_string())[-900:]
                for r in instance.get_run_records() if r.dagster_run.status.value == "FAILURE"
                for e in instance.all_logs(r.dagster_run.run_id)
                if e.dagster_event is not None and e.dagster_event.is_step_failure][:1]
    stuck = [[e.message for e in instance.all_logs(r.dagster_run.run_id)][-6:]
             for r in instance.get_run_records() if r.dagster_run.status.value == "STARTED"][:2]
    raise AssertionError(f"runs not finished after {TIMEOUT_S:.0f} s: {states}; failures: {failures}; "
                         f"last messages of unfinished runs: {stuck}")


def _pid(instance: dg.DagsterInstance, run_id: str) -> int:
    for entry in instance.all_logs(run_id):
        m = re.search(r"pid: (\d+)", entry.message or "")
        if m:
            return int(m.group(1))
    raise AssertionError(f"run {run_id} logged no process id")


def _stop_leftovers(home: Path) -> None:
    """Stop what the daemon started outside its process group: the code server it launches runs in
    a session of its own and, when the daemon is stopped before its first heartbeat, outlives it
    (seen: a `dagster api grpc` of this test alive 38 minutes after the suite). Each such process
    names the instance's folder in its command line."""
    mine = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        try:
            if str(home).encode() in (proc / "cmdline").read_bytes():
                mine.append(int(proc.name))
        except OSError:
            continue  # gone meanwhile, or not ours to read
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in mine:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in mine):
            time.sleep(0.2)


def test_backfill_of_three_layers_on_a_postgres_instance(database_url, dagster_pg_url, tmp_path):
    home = tmp_path / "dagster_home"
    home.mkdir()
    shutil.copy(REPO / "docs" / "deploy" / "dagster.yaml", home / "dagster.yaml")
    env = cli_env(database_url, DAGSTER_HOME=str(home), DAGSTER_PG_URL=dagster_pg_url, STRATA_DAGSTER_MAX_RUNS="3",
                  STRATA_DAGSTER_STORAGE=str(tmp_path / "stages"))
    for key in ("DAGSTER_HOME", "DAGSTER_PG_URL", "STRATA_DAGSTER_MAX_RUNS"):
        os.environ[key] = env[key]  # the instance below reads the same file and variables
    try:
        for layer, root in _folders(tmp_path).items():
            create_layer(database_url, layer, root)
        with dg.DagsterInstance.get() as instance:
            assert type(instance.run_storage).__name__ == "PostgresRunStorage"
            assert type(instance.run_coordinator).__name__ == "QueuedRunCoordinator"
            instance.add_dynamic_partitions("layers", list(LAYERS))
            _backfill(env, ",".join(LAYERS))
            _backfill(env, "alpha")  # a second run of one layer, queued behind the first
            daemon_log = tmp_path / "daemon.log"
            daemon_out = daemon_log.open("w")
            daemon = subprocess.Popen(
                [sys.executable, "-c", "from dagster._daemon.cli import main; main()", "run",
                 "-w", str(REPO / "workspace.yaml")],
                # To a file, never a pipe left unread: the run workers inherit it, and a full pipe
                # blocks their logging (and so the whole run) for good.
                cwd=REPO, env=env, stdout=daemon_out, stderr=subprocess.STDOUT,
                start_new_session=True)
            try:
                records = _wait_for_runs(instance, 4, daemon, daemon_log)
            finally:
                os.killpg(daemon.pid, signal.SIGTERM)
                try:
                    daemon.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    os.killpg(daemon.pid, signal.SIGKILL)
                    daemon.wait()
                daemon_out.close()
                _stop_leftovers(home)
            runs = {}
            for r in records:
                assert r.dagster_run.status == dg.DagsterRunStatus.SUCCESS, (
                    r.dagster_run.tags, [e.message for e in instance.all_logs(r.dagster_run.run_id)][-15:])
                runs.setdefault(r.dagster_run.tags["dagster/partition"], []).append(
                    (r.start_time, r.end_time, _pid(instance, r.dagster_run.run_id)))
    finally:
        for key in ("DAGSTER_HOME", "DAGSTER_PG_URL", "STRATA_DAGSTER_MAX_RUNS"):
            os.environ.pop(key, None)

    assert sorted(runs) == sorted(LAYERS) and len(runs["alpha"]) == 2
    # One run per layer at a time: the two runs of alpha did not overlap.
    (s1, e1, _), (s2, e2, _) = sorted(runs["alpha"])
    assert e1 <= s2, "the queue let two runs of one layer run at once"
    # Each run is its own process, and different layers' runs ran side by side.
    first = {layer: sorted(spans)[0] for layer, spans in runs.items()}
    assert len({span[2] for spans in runs.values() for span in spans}) == 4
    overlapping = [(a, b) for a in LAYERS for b in LAYERS if a < b
                   and max(first[a][0], first[b][0]) < min(first[a][1], first[b][1])]
    assert overlapping, f"no two layers' runs overlapped: {first}"

    with psycopg.connect(database_url) as conn:
        docs = dict(conn.execute("SELECT layer, count(*) FROM documents GROUP BY layer").fetchall())
        chunks = dict(conn.execute("SELECT layer, count(*) FROM chunks GROUP BY layer").fetchall())
        finished = dict(conn.execute(
            "SELECT layer, count(*) FROM events WHERE type = 'run_finished' AND actor = 'dagster' GROUP BY layer"
        ).fetchall())
    assert docs == {layer: 2 for layer in LAYERS}
    assert all(chunks[layer] >= 2 for layer in LAYERS)
    # The backfills' runs, and any run the folder sensor started for a never-synced layer that
    # finished before the daemon stopped (a no-change sync: the documents above are unchanged).
    assert finished["alpha"] >= 2 and finished["beta"] >= 1 and finished["gamma"] >= 1, finished
