"""Concurrent first connections start one embedded server; SIGTERM is Ctrl-C (exit 143, the
report, run_finished recorded) and leaves no embedded server running; a process killed with -9
leaves a dead id in the server's handle list, which the next process drops, so the last live
process still stops the server (real processes, embedded server)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import REPO, cli_env, run_cli, write

_FIRST_CALLS = """
import sys, threading
from pathlib import Path
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
settings = Settings.from_env({"EMBEDDING_BACKEND": "hash", "STRATA_DATA_DIR": sys.argv[1]})
db = Database(settings)  # one Database, as the MCP server holds one
barrier, errors = threading.Barrier(8), []
def first_call():
    barrier.wait()
    try:
        with db.connection() as conn:
            conn.execute("SELECT 1")
    except BaseException as exc:
        errors.append(repr(exc))
threads = [threading.Thread(target=first_call) for _ in range(8)]
[t.start() for t in threads]
[t.join() for t in threads]
print(len(errors), errors[:2])
sys.exit(1 if errors else 0)
"""


def _server_pid(data: Path) -> int | None:
    try:
        return int((data / "pg" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _running(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return False


def _wait_for(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def _handles(data: Path) -> list[int]:
    try:
        return json.loads((data / "pg" / ".handle_pids.json").read_text())
    except (OSError, ValueError):
        return []


def _documents(env: dict[str, str], layer: str) -> int:
    """The documents a layer holds so far (0 while it does not exist yet), as another process sees them."""
    p = run_cli(["layers", "--json"], env)
    if p.returncode != 0:
        return 0
    return next((row["documents"] for row in json.loads(p.stdout)["layers"] if row["name"] == layer), 0)


def _start_add(folder: Path, env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "stratakb_core.cli", "add", str(folder), "--json", "--yes"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)


def test_first_calls_sigterm_and_kill9_on_one_embedded_server(tmp_path: Path) -> None:
    """8 concurrent first connections in one process start one server; SIGTERM mid-add reports,
    records and stops it; a kill -9's dead id is dropped by the next process, which stops it."""
    data = tmp_path / "data"
    first = subprocess.run([sys.executable, "-c", _FIRST_CALLS, str(data)], capture_output=True, text=True,
                           timeout=300, cwd=REPO)
    assert first.returncode == 0, first.stdout + first.stderr[-2000:]
    assert _wait_for(lambda: not _running(_server_pid(data)), 30), "the last process did not stop the server"

    folder = tmp_path / "many"
    for i in range(2000):
        write(folder, f"d{i // 100}/note{i:04d}.md", f"# Note {i}\n\nText of note {i} about topic {i % 37}.\n")
    env = cli_env(None, STRATA_DATA_DIR=str(data))

    # SIGTERM mid-run: the run stops like Ctrl-C, prints its report and records its end.
    proc = _start_add(folder, env)
    assert _wait_for(lambda: proc.pid in _handles(data), 120), "the add never started the server"
    # mid-run, not mid-start-up: on a loaded machine a fixed wait could land before the run began
    assert _wait_for(lambda: _documents(env, "many") > 0, 120), "the add never stored a document"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 143, err.decode(errors="replace")[-1500:]
    report = json.loads(out)
    assert report["status"] == "interrupted" and report["files_added"] < 2000
    assert report["exit_code"] == 143  # the report says what the process exits with
    pid = _server_pid(data)
    assert _wait_for(lambda: not _running(pid), 30), "SIGTERM left the embedded server running"

    events = json.loads(run_cli(["events", "--json", "--limit", "100000"], env).stdout)["events"]
    finished = [e for e in events if e["type"] == "run_finished"]
    assert finished and finished[-1]["payload"]["interrupted"] is True

    # kill -9: its id stays in the handle list and the server keeps running ...
    proc = _start_add(folder, env)
    assert _wait_for(lambda: proc.pid in _handles(data), 120)
    proc.kill()
    proc.wait()
    assert proc.pid in _handles(data) and _running(_server_pid(data))
    # ... until the next process drops the dead id and, the last one alive, stops the server.
    done = run_cli(["layers"], env)
    assert done.returncode == 0, done.stderr
    assert proc.pid not in _handles(data)
    assert _wait_for(lambda: not _running(_server_pid(data)), 30), "the last process did not stop the server"
