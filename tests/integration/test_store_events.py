"""The event log rebuilds every projection table: a store holding every kind of event verifies
clean, tampering with any projection table is reported, and stores written before interactions and
keys had events are backfilled by migration 0004."""

from __future__ import annotations

from datetime import UTC, datetime
from importlib import resources

import pytest

from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.mcp.roles import create_key, lookup_key, revoke_key
from stratakb_core.query.learning import (
    LayerAffinity,
    LearnedRewrite,
    LearnedState,
    LearnedSynonym,
    Ledger,
    state_to_payload,
)
from stratakb_core.store import events as ev
from stratakb_core.store import learning as learning_store
from stratakb_core.store import projector
from stratakb_core.store.interactions import record_interaction
from stratakb_core.store.rebuild import COMPARED, verify_projections
from stratakb_core.store.receipts import issue, read_receipt
from tests.conftest import write


@pytest.fixture
def full_store(db, settings, docs, conn):
    """A store with at least one event of every declared type."""
    assert add_folder(db, settings, AddOptions(folder=docs)).errors == []
    (docs / "runbooks" / "failover-2024.md").unlink()
    write(docs, "broken.txt", b"Data \x00 binary\n" * 10)
    write(docs, "deploy.md", "# Deploy\n\ndb_password: Tr0ub4dor&3xyz\n")  # secrets_redacted
    write(docs, "empty.md", "")  # file_skipped (no text)
    add_folder(db, settings, AddOptions(folder=docs, description="Changed description"))
    doc_id, chunk_id, version_id = conn.execute(
        "SELECT document_id, id, version_id FROM chunks ORDER BY id LIMIT 1").fetchone()
    conn.commit()
    projector.commit_events(conn, [ev.Event(ev.CHUNKS_REHASHED, "docs", {
        "document_id": doc_id, "chunks": [{"id": chunk_id, "embed_hash": "ab" * 32}]}, actor="test")])
    for kind in ("verified_draft", "extractive_answer"):
        issue(conn, kind, "verified" if kind == "verified_draft" else "extractive", {"quotes": []}, [version_id])
    assert record_interaction(conn, "int_test1", "strata_search", "notice period", None, ["docs"], "ok", "high",
                              [chunk_id, ""], {"top_k": 5})
    assert record_interaction(conn, "int_test2", "strata_ask", "who signs?", ["docs"], ["docs"], "ok", "low",
                              [], {})
    learning_store.record(conn, ev.FEEDBACK_RECORDED, {
        "id": "fb_test1", "interaction_id": "int_test1", "client": "c1", "helpful": False, "correct_layer": "docs",
        "better_query": "notice", "chunk_feedback": [{"key": "S1", "chunk_id": chunk_id, "rating": "wrong"}],
        "not_stored": []})
    at = datetime(2026, 11, 1, tzinfo=UTC)
    ledger = Ledger((("o1", at, 1.0), ("o2", at, 1.0)))
    state = LearnedState(synonyms=(LearnedSynonym("notice", "termination", "docs", ledger),),
                         affinities=(LayerAffinity("docs", "notice", ledger),),
                         rewrites=(LearnedRewrite("notice period", "notice termination", "docs", ledger, Ledger(),
                                                  last_success=at),),
                         demotions={chunk_id: 0.5})
    learning_store.record(conn, ev.LEARNING_PROMOTED, {"state": state_to_payload(state), "through_seq": 1})
    learning_store.record(conn, ev.LEARNING_RESET, {"scope": "layer", "layer": "other",
                                                    "state": state_to_payload(state), "through_seq": 1})
    kept, _ = create_key(conn, "viewer", "kept")
    gone, _ = create_key(conn, "operator", "gone")
    revoke_key(conn, gone.id)
    # Every type except those of history and lifecycle (tests/integration/test_history_rollback.py and
    # test_lifecycle_transfer.py write those).
    lifecycle = {ev.LAYER_ROLLED_BACK, ev.SOURCE_REMOVED, ev.LAYER_REMOVED, ev.LAYER_RENAMED, ev.LAYER_IMPORTED,
                 ev.VERSIONS_COLLECTED}
    assert {e.type for e in ev.read(conn)} >= ev.EVENT_TYPES - lifecycle
    return conn


def test_a_store_with_every_kind_of_event_verifies_clean(full_store):
    conn = full_store
    assert verify_projections(conn) == []
    row = conn.execute("SELECT tool, query, layers, searched, chunk_ids, details FROM interactions"
                       " WHERE id = 'int_test1'").fetchone()
    assert row == ("strata_search", "notice period", None, ["docs"], [row[4][0]], {"top_k": 5})
    keys = ev.read(conn)
    created = [e.payload for e in keys if e.type == ev.API_KEY_CREATED]
    assert all(set(p) == {"id", "role", "name", "key_hash"} for p in created)


def test_a_revoked_key_stops_working_and_only_its_hash_is_in_the_log(conn):
    key, secret = create_key(conn, "admin", "ci")
    assert lookup_key(conn, secret).id == key.id
    revoked, changed = revoke_key(conn, key.id)
    assert changed and revoked.revoked_at is not None and lookup_key(conn, secret) is None
    assert revoke_key(conn, key.id)[1] is False
    assert all(secret not in str(e.payload) for e in ev.read(conn))
    assert verify_projections(conn) == []


def _one(conn, sql: str):
    row = conn.execute(sql).fetchone()
    assert row is not None, sql
    return row


def _tampers(conn) -> dict[str, tuple[str, str]]:
    """Per projection table: an UPDATE of one row, and the UPDATE that puts it back."""
    layer = _one(conn, "SELECT min(name) FROM layers")[0]
    source = _one(conn, "SELECT min(id) FROM sources")[0]
    doc = _one(conn, "SELECT min(id) FROM documents")[0]
    chunk = _one(conn, "SELECT min(id) FROM chunks")[0]
    sec_doc, sec_ord = _one(conn, "SELECT document_id, ordinal FROM sections ORDER BY 1, 2 LIMIT 1")
    rcpt, version = _one(conn, "SELECT receipt_id, version_id FROM receipt_versions ORDER BY 1 LIMIT 1")
    other = _one(conn, f"SELECT min(id) FROM document_versions WHERE id <> '{version}'")[0]
    lexeme = _one(conn, f"SELECT min(lexeme) FROM lexeme_df WHERE layer = '{layer}' AND df > 0 AND lexeme <> ''")[0]
    return {
        "layers": (f"UPDATE layers SET description = description || '!' WHERE name = '{layer}'",
                   f"UPDATE layers SET description = left(description, -1) WHERE name = '{layer}'"),
        "sources": (f"UPDATE sources SET name = name || '!' WHERE id = {source}",
                    f"UPDATE sources SET name = left(name, -1) WHERE id = {source}"),
        "documents": (f"UPDATE documents SET flags = flags || '[\"x\"]' WHERE id = {doc}",
                      f"UPDATE documents SET flags = flags - -1 WHERE id = {doc}"),
        "chunks": (f"UPDATE chunks SET line_start = line_start + 1 WHERE id = '{chunk}'",
                   f"UPDATE chunks SET line_start = line_start - 1 WHERE id = '{chunk}'"),
        "sections": (f"UPDATE sections SET level = level + 1 WHERE document_id = {sec_doc} AND ordinal = {sec_ord}",
                     f"UPDATE sections SET level = level - 1 WHERE document_id = {sec_doc} AND ordinal = {sec_ord}"),
        "embedding_models": ("UPDATE embedding_models SET activated_at = activated_at + interval '1 s' WHERE active",
                             "UPDATE embedding_models SET activated_at = activated_at - interval '1 s' WHERE active"),
        "receipts": (f"UPDATE receipts SET verdict = verdict || '!' WHERE id = '{rcpt}'",
                     f"UPDATE receipts SET verdict = left(verdict, -1) WHERE id = '{rcpt}'"),
        "receipt_versions": (f"UPDATE receipt_versions SET version_id = '{other}' WHERE receipt_id = '{rcpt}'",
                             f"UPDATE receipt_versions SET version_id = '{version}' WHERE receipt_id = '{rcpt}'"),
        "interactions": ("UPDATE interactions SET status = 'tampered' WHERE id = 'int_test1'",
                         "UPDATE interactions SET status = 'ok' WHERE id = 'int_test1'"),
        "feedback": ("UPDATE feedback SET helpful = true WHERE id = 'fb_test1'",
                     "UPDATE feedback SET helpful = false WHERE id = 'fb_test1'"),
        "learning_state": ("UPDATE learning_state SET through_seq = through_seq + 1",
                           "UPDATE learning_state SET through_seq = through_seq - 1"),
        "synonyms": ("UPDATE synonyms SET usage_count = usage_count + 1",
                     "UPDATE synonyms SET usage_count = usage_count - 1"),
        "layer_affinities": ("UPDATE layer_affinities SET affinity = 0.1",
                             "UPDATE layer_affinities SET affinity = 0.6667"),
        "learned_rewrites": ("UPDATE learned_rewrites SET failures = 1", "UPDATE learned_rewrites SET failures = 0"),
        "chunk_demotions": ("UPDATE chunk_demotions SET multiplier = 0.25",
                            "UPDATE chunk_demotions SET multiplier = 0.5"),
        "api_keys": ("UPDATE api_keys SET role = 'admin' WHERE name = 'kept'",
                     "UPDATE api_keys SET role = 'viewer' WHERE name = 'kept'"),
        "lexeme_df": (f"UPDATE lexeme_df SET df = df + 1 WHERE layer = '{layer}' AND lexeme = '{lexeme}'",
                      f"UPDATE lexeme_df SET df = df - 1 WHERE layer = '{layer}' AND lexeme = '{lexeme}'"),
        "document_versions": (f"UPDATE document_versions SET text = text || ' ' WHERE id = '{other}'",
                              f"UPDATE document_versions SET text = left(text, -1) WHERE id = '{other}'"),
    }


def test_tampering_with_any_projection_table_is_reported(full_store):
    conn = full_store
    tampers = _tampers(conn)
    assert set(COMPARED) | {"document_versions"} == set(tampers)
    for table, (tamper, restore) in tampers.items():
        assert conn.execute(tamper).rowcount == 1, table
        conn.commit()
        diffs = verify_projections(conn)
        assert table in {d.table for d in diffs}, (table, diffs)
        assert conn.execute(restore).rowcount == 1, table
        conn.commit()
        assert verify_projections(conn) == [], table


def test_migration_0004_gives_rows_written_before_it_their_events(db, settings, docs, conn):
    """Interactions and keys stored without events (or with a creation event that lacks the hash)
    rebuild after the backfill; a second run adds nothing."""
    conn.execute("INSERT INTO interactions (id, tool, query, layers, searched, status, confidence, chunk_ids,"
                 " details) VALUES ('int_old', 'strata_ask', 'q', NULL, '{docs}', 'ok', 'low', '{}', '{\"a\": 1}')")
    conn.execute("INSERT INTO api_keys (id, key_hash, role, name, revoked_at) VALUES"
                 " ('key_old', 'abc', 'viewer', 'legacy', now() + interval '1 minute')")
    ev.append(conn, [ev.Event(ev.API_KEY_CREATED, None, {"id": "key_old", "role": "viewer", "name": "legacy"})])
    conn.commit()
    assert {d.table for d in verify_projections(conn)} == {"interactions", "api_keys"}
    sql = resources.files("stratakb_core.store").joinpath("migrations", "0004_event_backfill.sql").read_text()
    conn.execute(sql)
    conn.commit()
    assert verify_projections(conn) == []
    n = len(list(ev.read(conn)))
    conn.execute(sql)
    conn.commit()
    assert len(list(ev.read(conn))) == n
    assert read_receipt(conn, "rcpt_none") is None
