"""A run whose stop cut a statement short still records how it ended (source_sync.finish_run), on the embedded
PostgreSQL: the run's connection is left with a statement in flight, as an interrupt inside a COPY or a query leaves
it, and the run_finished event goes in on a new connection once the old one's session (and its layer lock) is gone."""

from __future__ import annotations

import time

import psycopg
import pytest

from stratakb_core.ingest.source_sync import finish_run
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.ingest.sync_result import AddResult
from stratakb_core.store import locks
from tests.conftest import write


def _finished(db, run_id: str) -> list[dict]:
    with db.connection() as conn:
        rows = conn.execute("SELECT payload FROM events WHERE type = 'run_finished' AND run_id = %s", (run_id,))
        return [r[0] for r in rows.fetchall()]


def _wait_until_running(db, pid: int) -> None:
    """Until the server runs the statement: a cancel that reaches a backend still reading its next command is
    dropped by PostgreSQL, so a busy machine could leave pg_sleep running for its ten minutes (a test race, seen in
    CI, not the case of a real run whose stop comes while its statement runs)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with db.connection() as other:
            row = other.execute("SELECT state FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()
        if row and row[0] == "active":
            return
        time.sleep(0.05)
    raise AssertionError(f"backend {pid} never ran the statement")


def _stuck_connection(db, layer: str) -> psycopg.Connection:
    """A run's connection holding the layer's session lock, with a statement still in flight."""
    conn = db.connect()
    assert locks.lock_layer_session(conn, layer)
    conn.pgconn.send_query(b"SELECT pg_sleep(600)")
    _wait_until_running(db, conn.info.backend_pid)
    with pytest.raises(psycopg.Error):
        conn.execute("SELECT 1")  # unusable: another command is already in progress
    return conn


def test_an_interrupted_run_with_a_statement_in_flight_records_its_end_on_a_new_connection(db, settings, tmp_path):
    folder = tmp_path / "notes"
    write(folder, "a.md", "# A\n\nOne note.\n")
    assert add_folder(db, settings, AddOptions(folder=folder, name="notes")).errors == []

    conn = _stuck_connection(db, "notes")
    result = AddResult("notes", "notes", run_id="run-cut-short", interrupted=True, files_added=1)
    finish_run(conn, "notes", result, "tester", {"command": "add"})

    assert conn.closed
    finished = _finished(db, "run-cut-short")
    assert len(finished) == 1 and finished[0]["interrupted"] is True and finished[0]["files_added"] == 1
    with db.connection() as other:  # the old session is gone with its lock: the next sync of the layer may start
        assert locks.lock_layer_session(other, "notes", wait=False)


def test_a_run_that_was_not_stopped_still_raises_when_its_end_cannot_be_recorded(db, settings, tmp_path):
    folder = tmp_path / "notes"
    write(folder, "a.md", "# A\n\nOne note.\n")
    assert add_folder(db, settings, AddOptions(folder=folder, name="notes")).errors == []

    conn = _stuck_connection(db, "notes")
    try:
        with pytest.raises(psycopg.Error):
            finish_run(conn, "notes", AddResult("notes", "notes", run_id="run-ok"), "tester", {"command": "add"})
    finally:
        conn.cancel_safe()
        conn.close()
    assert _finished(db, "run-ok") == []
