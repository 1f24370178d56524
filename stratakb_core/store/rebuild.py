"""Rebuild the projections from the event log and the stored versions, and compare; does I/O.

Everything in the store can be derived from `events` plus `document_versions` (content-addressed
text the events point at). `verify_projections` replays every event into a scratch schema inside
one transaction that is rolled back, and reports any row where replay and live tables differ, in
every projection table; a stored version whose id is not the sha256 of its text is reported too.
"""

from __future__ import annotations

from dataclasses import dataclass

import psycopg

from stratakb_core.store import events as ev
from stratakb_core.store import lexeme_df
from stratakb_core.store.projector import project

# Columns compared per projection table; documents.size/mtime_ns are a stat cache, not event state.
COMPARED: dict[str, str] = {
    "layers": "name, display_name, description, origin, chunk_config, routing_patterns,"
              " structure_patterns, answer_mode, archived_patterns, created_seq, updated_seq",
    "sources": "id, layer, name, root, created_seq",
    "documents": "id, layer, source_id, path, version_id, content_hash, date, date_source,"
                 " supersedes, flags, updated_seq",
    "chunks": "id, document_id, layer, version_id, ordinal, start_char, end_char, line_start, line_end,"
              " page, section_path, clause_path, metadata, embed_hash, text, tsv",
    "sections": "document_id, ordinal, layer, start_char, end_char, level, heading, label, path",
    "embedding_models": "model, dimensions, table_name, active, activated_at",
    "receipts": "id, issued_at, kind, verdict, body, issued_seq",
    "receipt_versions": "receipt_id, version_id",
    "interactions": "id, occurred_at, tool, query, layers, searched, status, confidence, chunk_ids, details,"
                    " client, variants, passages, basis",
    "feedback": "id, interaction_id, occurred_at, client, helpful, correct_layer, better_query, chunk_feedback,"
                " not_stored",
    "learning_state": "id, state, through_seq, updated_seq, reset_at",
    "synonyms": "layer, term, synonym, usage_count, rule",
    "layer_affinities": "layer, term, affinity",
    "learned_rewrites": "key, rewrite, layer, successes, failures, suggested_by, last_success",
    "chunk_demotions": "chunk_id, multiplier",
    "api_keys": "id, key_hash, role, name, created_at, revoked_at",
    "lexeme_df": "layer, lexeme, df",  # a cache of the chunks, recounted after the replay
}
# Rows left out of the comparison: a lexeme no chunk holds any more may keep a row at 0.
WHERE: dict[str, str] = {"lexeme_df": " WHERE df > 0"}
SEQUENCES = ("sources_id_seq", "documents_id_seq")


@dataclass(frozen=True)
class Difference:
    table: str
    only_in: str  # "live" or "rebuilt"
    rows: int


def verify_projections(conn: psycopg.Connection, schema: str = "stratakb_rebuild") -> list[Difference]:
    """Replay all events into `schema` and diff against the live tables; changes nothing."""
    conn.commit()
    try:
        _replay(conn, schema)
        diffs = [d for table, cols in COMPARED.items() for d in _diff(conn, schema, table, cols)]
        diffs.extend(_misaddressed_versions(conn))
    finally:
        conn.rollback()
    return diffs


def _replay(conn: psycopg.Connection, schema: str) -> None:
    """Empty copies of the projection tables in `schema`, filled by replaying every event."""
    conn.execute(f"CREATE SCHEMA {schema}")
    for table in ("document_versions", *COMPARED):
        conn.execute(f"CREATE TABLE {schema}.{table} (LIKE public.{table} INCLUDING ALL)")
    for seq_name in SEQUENCES:
        conn.execute(f"CREATE SEQUENCE {schema}.{seq_name}")
    conn.execute(f"INSERT INTO {schema}.document_versions SELECT * FROM public.document_versions")
    conn.execute(f"SET LOCAL search_path = {schema}, public")
    # A model's vector table is a cache keyed by content: replay creates an empty one in `schema`.
    for e in list(ev.read(conn)):
        project(conn, e.seq, e.type, e.layer, e.payload, e.occurred_at)
    lexeme_df.rebuild(conn)
    conn.execute("SET LOCAL search_path = public")


def _diff(conn: psycopg.Connection, schema: str, table: str, cols: str) -> list[Difference]:
    diffs = []
    for a, b, label in ((f"public.{table}", f"{schema}.{table}", "live"),
                        (f"{schema}.{table}", f"public.{table}", "rebuilt")):
        row = conn.execute(
            f"SELECT count(*) FROM (SELECT {cols} FROM {a}{WHERE.get(table, '')} EXCEPT ALL"
            f" SELECT {cols} FROM {b}{WHERE.get(table, '')}) x"
        ).fetchone()
        n = int(row[0]) if row else 0
        if n:
            diffs.append(Difference(table, label, n))
    return diffs


def _misaddressed_versions(conn: psycopg.Connection) -> list[Difference]:
    """Stored versions are the replay's input, so they are checked against their address instead."""
    row = conn.execute(
        "SELECT count(*) FROM document_versions WHERE id <> encode(sha256(convert_to(text, 'UTF8')), 'hex')"
    ).fetchone()
    n = int(row[0]) if row else 0
    return [Difference("document_versions", "live", n)] if n else []
