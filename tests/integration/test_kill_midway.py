"""kill -9 in the middle of a rollback, an import or a gc leaves the store exactly as it was: each
runs in a child process that is stopped, mid-transaction, by a row or advisory lock this test
holds, and is then killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import psycopg
import pytest

from stratakb_core.ingest.layer_transfer import export_layer
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.store import events as ev
from stratakb_core.store.connection import LOCK_NAMESPACE_EVENTS
from stratakb_core.store.rebuild import COMPARED, verify_projections
from tests.conftest import REPO, cli_env, write

TABLES = ("events", "document_versions", *COMPARED)


def state(url: str) -> dict[str, str]:
    with psycopg.connect(url) as c:
        out = {t: c.execute(f"SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM {t} x"
                            ).fetchone()[0] for t in TABLES}
        for (table,) in c.execute("SELECT table_name FROM embedding_models").fetchall():
            out[table] = c.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    return out


def child(url: str, code: str) -> subprocess.Popen:
    env = cli_env(url, PYTHONPATH=str(REPO))
    prelude = ("from stratakb_core.settings import Settings\nfrom stratakb_core.store.connection import Database\n"
               "db = Database(Settings.from_env())\n")
    return subprocess.Popen([sys.executable, "-c", prelude + textwrap.dedent(code)], env=env, cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def wait_blocked(url: str, proc: subprocess.Popen, timeout: float = 60) -> int:
    """The pid of the child's backend once it waits on a lock inside its transaction."""
    deadline = time.monotonic() + timeout
    with psycopg.connect(url, autocommit=True) as c:
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else proc.returncode
            row = c.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND"
                            " wait_event_type = 'Lock' AND state = 'active' AND pid <> pg_backend_pid()").fetchone()
            if row:
                return int(row[0])
            time.sleep(0.1)
    raise AssertionError("the child never reached its lock")


def kill_and_release(url: str, proc: subprocess.Popen, holder: psycopg.Connection, backend: int) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    holder.rollback()
    holder.execute("SELECT pg_advisory_unlock_all()")
    holder.commit()
    with psycopg.connect(url, autocommit=True) as c:
        for _ in range(200):  # the orphaned backend finds its client gone and rolls back
            if not c.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (backend,)).fetchone():
                return
            time.sleep(0.1)
    raise AssertionError("the killed child's backend is still there")


@pytest.fixture
def layer(db, settings, tmp_path, conn):
    root = tmp_path / "runbook"
    write(root, "failover.md", "# Failover\n\nPage the on-call engineer.\n")
    write(root, "backup.md", "# Backups\n\nNightly.\n")
    add_folder(db, settings, AddOptions(folder=root))
    target = ev.last_seq(conn)
    write(root, "failover.md", "# Failover\n\nAutomatic.\n")
    write(root, "restore.md", "# Restore\n\nFrom the newest snapshot.\n")
    os.utime(root / "failover.md", (5, 5))
    add_folder(db, settings, AddOptions(folder=root))
    conn.commit()
    return root, target


def test_kill_9_midway_through_a_rollback_leaves_the_store_as_it_was(database_url, conn, layer):
    _root, target = layer
    before = state(database_url)
    holder = psycopg.connect(database_url)
    holder.execute("SELECT 1 FROM documents WHERE path = 'failover.md' FOR UPDATE")  # the upsert stops here
    proc = child(database_url, f"""
        from stratakb_core.ingest.lifecycle import rollback_layer
        rollback_layer(db, "runbook", "{target}")
    """)
    backend = wait_blocked(database_url, proc)
    kill_and_release(database_url, proc, holder, backend)
    holder.close()
    assert state(database_url) == before
    assert verify_projections(conn) == []


def test_kill_9_midway_through_an_import_leaves_the_store_as_it_was(db, database_url, conn, layer, tmp_path):
    export_layer(db, "runbook", tmp_path / "r.skb")
    before = state(database_url)
    holder = psycopg.connect(database_url)
    holder.execute("SELECT pg_advisory_lock(%s, 0)", (LOCK_NAMESPACE_EVENTS,))  # versions and vectors written
    holder.commit()
    proc = child(database_url, f"""
        from pathlib import Path
        from stratakb_core.ingest.layer_transfer import import_layer
        import_layer(db, Path({str(tmp_path / 'r.skb')!r}), root=Path({str(tmp_path / 'moved')!r}), name="copy")
    """)
    backend = wait_blocked(database_url, proc)
    kill_and_release(database_url, proc, holder, backend)
    holder.close()
    assert state(database_url) == before
    assert verify_projections(conn) == []


def test_kill_9_midway_through_a_gc_leaves_the_store_as_it_was(database_url, conn, layer):
    before = state(database_url)
    old = conn.execute("SELECT id FROM document_versions WHERE id NOT IN (SELECT version_id FROM documents)"
                       ).fetchone()[0]
    conn.commit()
    holder = psycopg.connect(database_url)
    holder.execute("SELECT 1 FROM document_versions WHERE id = %s FOR UPDATE", (old,))  # its event is appended
    proc = child(database_url, """
        from stratakb_core.store.gc import collect_versions
        with db.connection() as conn:
            collect_versions(conn, retention_days=0)
    """)
    backend = wait_blocked(database_url, proc)
    kill_and_release(database_url, proc, holder, backend)
    holder.close()
    assert state(database_url) == before
    assert verify_projections(conn) == []
