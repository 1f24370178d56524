"""Rebuild the projections from the event log and the stored versions, and compare; does I/O.

Everything in the store can be derived from `events` plus `document_versions` (content-addressed
text the events point at). `verify_projections` replays every event into a scratch schema inside
one transaction that is rolled back, and reports any row where replay and live tables differ.
"""

from __future__ import annotations

from dataclasses import dataclass

import psycopg

from stratakb_core.store import events as ev
from stratakb_core.store import projections as store

# Columns compared per table; documents.size/mtime_ns are a stat cache, not event state.
COMPARED: dict[str, str] = {
    "layers": "name, display_name, description, origin, chunk_config, routing_patterns,"
              " structure_patterns, answer_mode, archived_patterns, created_seq, updated_seq",
    "sources": "id, layer, name, root, created_seq",
    "documents": "id, layer, source_id, path, version_id, content_hash, date, date_source,"
                 " supersedes, flags, updated_seq",
    "chunks": "id, document_id, layer, version_id, ordinal, start_char, end_char, line_start, line_end,"
              " page, section_path, clause_path, metadata, embed_hash, text, tsv",
    "sections": "document_id, ordinal, layer, start_char, end_char, level, heading, label, path",
    "embedding_models": "model, dimensions, table_name, active",
}


@dataclass(frozen=True)
class Difference:
    table: str
    only_in: str  # "live" or "rebuilt"
    rows: int


def verify_projections(conn: psycopg.Connection, schema: str = "stratakb_rebuild") -> list[Difference]:
    """Replay all events into `schema` and diff against the live tables; changes nothing."""
    diffs: list[Difference] = []
    conn.commit()
    try:
        conn.execute(f"CREATE SCHEMA {schema}")
        for table in ("layers", "sources", "document_versions", "documents", "chunks", "sections",
                      "embedding_models"):
            conn.execute(f"CREATE TABLE {schema}.{table} (LIKE public.{table} INCLUDING ALL)")
        for seq_name in ("sources_id_seq", "documents_id_seq"):
            conn.execute(f"CREATE SEQUENCE {schema}.{seq_name}")
        conn.execute(f"INSERT INTO {schema}.document_versions SELECT * FROM public.document_versions")
        conn.execute(f"SET LOCAL search_path = {schema}, public")
        for e in list(ev.read(conn)):
            if e.type == ev.EMBEDDING_MODEL_ACTIVATED:
                # Vector tables are caches keyed by content; replay only the registry rows.
                _replay_model(conn, e.payload)
                continue
            store.project(conn, e.seq, e.type, e.layer, e.payload)
        conn.execute("SET LOCAL search_path = public")
        for table, cols in COMPARED.items():
            for a, b, label in ((f"public.{table}", f"{schema}.{table}", "live"),
                                (f"{schema}.{table}", f"public.{table}", "rebuilt")):
                row = conn.execute(
                    f"SELECT count(*) FROM (SELECT {cols} FROM {a} EXCEPT ALL SELECT {cols} FROM {b}) x"
                ).fetchone()
                n = int(row[0]) if row else 0
                if n:
                    diffs.append(Difference(table, label, n))
    finally:
        conn.rollback()
    return diffs


def _replay_model(conn: psycopg.Connection, p: dict) -> None:
    table = store.model_table_name(p["model"], int(p["dimensions"]))
    conn.execute(
        "INSERT INTO embedding_models (model, dimensions, table_name) VALUES (%s, %s, %s)"
        " ON CONFLICT (model) DO NOTHING",
        (p["model"], int(p["dimensions"]), table),
    )
    conn.execute("UPDATE embedding_models SET active = false WHERE active AND model <> %s", (p["model"],))
    conn.execute("UPDATE embedding_models SET active = true WHERE model = %s", (p["model"],))
