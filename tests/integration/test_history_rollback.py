"""Rollback through the event log and as-of answers, on the embedded PostgreSQL."""

from __future__ import annotations

import os

import pytest

from stratakb_core.errors import RefusedError
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.store import events as ev
from stratakb_core.store.rebuild import verify_projections
from stratakb_core.store.rollback import apply_rollback, plan_rollback
from tests.conftest import write

# Rows of the layer compared between a rollback and a replay of the log up to the target (the seq
# columns say when a row was written, so they differ by construction).
LAYER_ROWS = {
    "layers": "name, display_name, description, origin, chunk_config, routing_patterns, structure_patterns,"
              " answer_mode, archived_patterns",
    "sources": "id, layer, name, root",
    "documents": "id, layer, source_id, path, version_id, content_hash, date, date_source, supersedes, flags",
    "chunks": "id, document_id, layer, version_id, ordinal, start_char, end_char, line_start, line_end, page,"
              " section_path, clause_path, metadata, embed_hash, text",
    "sections": "document_id, ordinal, layer, start_char, end_char, level, heading, label, path",
}


def add(db, settings, folder, **kw):
    return add_folder(db, settings, AddOptions(folder=folder, **kw))


def layer_rows(conn, layer: str, schema: str = "public") -> dict[str, list]:
    out = {}
    for table, cols in LAYER_ROWS.items():
        key = "name" if table == "layers" else "layer"
        out[table] = sorted(conn.execute(f"SELECT {cols} FROM {schema}.{table} WHERE {key} = %s", (layer,)).fetchall(),
                            key=repr)
    return out


def replay_up_to(conn, seq: int, layer: str) -> dict[str, list]:
    """The layer's rows in a fresh replay of the log up to `seq` (scratch schema, rolled back)."""
    from stratakb_core.store.projector import project
    from stratakb_core.store.rebuild import COMPARED, SEQUENCES

    conn.commit()
    try:
        conn.execute("CREATE SCHEMA replay_upto")
        for table in ("document_versions", *COMPARED):
            conn.execute(f"CREATE TABLE replay_upto.{table} (LIKE public.{table} INCLUDING ALL)")
        for name in SEQUENCES:
            conn.execute(f"CREATE SEQUENCE replay_upto.{name}")
        conn.execute("INSERT INTO replay_upto.document_versions SELECT * FROM public.document_versions")
        conn.execute("SET LOCAL search_path = replay_upto, public")
        for e in list(ev.read(conn)):
            if e.seq > seq:
                break
            project(conn, e.seq, e.type, e.layer, e.payload, e.occurred_at)
        conn.execute("SET LOCAL search_path = public")
        return layer_rows(conn, layer, "replay_upto")
    finally:
        conn.rollback()


def vector_count(conn) -> int:
    table = conn.execute("SELECT table_name FROM embedding_models WHERE active").fetchone()[0]
    n = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    conn.commit()
    return n


@pytest.fixture
def history(db, settings, tmp_path, conn):
    """A layer with three points: first add, an edit + a new file, a deletion + another edit."""
    root = tmp_path / "runbook"
    write(root, "failover.md", "# Failover\n\nPage the on-call engineer, then promote the replica.\n")
    write(root, "backup.md", "# Backups\n\nBackups run nightly at 02:00 UTC and are kept 30 days.\n")
    add(db, settings, root)
    p1 = ev.last_seq(conn)
    write(root, "failover.md", "# Failover\n\nCall the incident commander first; promote the replica after.\n")
    write(root, "restore.md", "# Restore\n\nRestore from the newest snapshot.\n")
    os.utime(root / "failover.md", (1, 1))
    add(db, settings, root)
    p2 = ev.last_seq(conn)
    (root / "backup.md").unlink()
    write(root, "failover.md", "# Failover\n\nAutomatic failover; nobody is paged.\n")
    os.utime(root / "failover.md", (2, 2))
    add(db, settings, root)
    p3 = ev.last_seq(conn)
    conn.commit()
    return root, [p1, p2, p3]


def test_rollback_to_each_point_equals_a_replay_up_to_it_and_embeds_nothing(conn, history):
    _root, points = history
    vectors = vector_count(conn)
    for seq in (points[0], points[1], points[2], points[0]):
        plan = plan_rollback(conn, "runbook", str(seq))
        apply_rollback(conn, plan)
        assert layer_rows(conn, "runbook") == replay_up_to(conn, seq, "runbook"), seq
        assert plan.vectors_missing == 0
        assert vector_count(conn) == vectors  # nothing embedded
    assert verify_projections(conn) == []


def test_rollback_of_a_rollback_returns_to_the_later_state(conn, history):
    _root, points = history
    later = layer_rows(conn, "runbook")
    before = ev.last_seq(conn)
    plan = plan_rollback(conn, "runbook", str(points[0]))
    assert plan.added == ["backup.md"]
    assert "restore.md" in plan.removed and "failover.md" in plan.restored
    apply_rollback(conn, plan)
    assert layer_rows(conn, "runbook") != later
    apply_rollback(conn, plan_rollback(conn, "runbook", str(before)))
    assert layer_rows(conn, "runbook") == later
    assert verify_projections(conn) == []


def test_dry_run_plan_changes_nothing_and_bad_targets_are_refused(conn, history, db, settings, tmp_path):
    _root, points = history
    last = ev.last_seq(conn)
    plan_rollback(conn, "runbook", str(points[1]))
    assert ev.last_seq(conn) == last
    with pytest.raises(RefusedError, match="not in the event log"):
        plan_rollback(conn, "runbook", str(last + 5))
    with pytest.raises(RefusedError, match="before the first event"):
        plan_rollback(conn, "runbook", "1999-01-01")
    other = tmp_path / "other"
    write(other, "a.md", "# A\n\nSomething else entirely.\n")
    add(db, settings, other)
    other_seq = ev.last_seq(conn)
    with pytest.raises(RefusedError, match="belongs to layer 'other'") as info:
        plan_rollback(conn, "runbook", str(other_seq))
    assert info.value.code == "target_of_another_layer"
    at = conn.execute("SELECT occurred_at FROM events WHERE seq = %s", (points[0],)).fetchone()[0]
    conn.commit()
    with pytest.raises(RefusedError, match="did not exist"):
        plan_rollback(conn, "other", at.isoformat())
    assert ev.last_seq(conn) == other_seq
