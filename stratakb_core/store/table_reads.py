"""Store tables read whole (optionally for one layer) into Arrow tables, for `stratakb inspect`; does I/O."""

from __future__ import annotations

from typing import Any

import psycopg
import pyarrow as pa

STORE_TABLES: dict[str, str] = {
    "layers": "SELECT name, display_name, description, answer_mode, origin::text AS origin,"
              " chunk_config::text AS chunk_config, structure_patterns::text AS structure_patterns FROM layers",
    "sources": "SELECT id, layer, name, root FROM sources",
    "documents": "SELECT id, layer, source_id, path, version_id, content_hash, date::text AS date, date_source,"
                 " supersedes, flags::text AS flags, size, mtime_ns FROM documents",
    "chunks": "SELECT c.id, c.document_id, c.layer, d.path, c.ordinal, c.start_char, c.end_char,"
              " c.end_char - c.start_char AS chars, c.line_start, c.line_end, c.page, c.section_path,"
              " c.clause_path, encode(c.embed_hash, 'hex') AS embed_hash, c.text"
              " FROM chunks c JOIN documents d ON d.id = c.document_id",
    "events": "SELECT seq, occurred_at, type, layer, run_id, actor, payload::text AS payload FROM events",
    "embedding_models": "SELECT model, dimensions, table_name, active FROM embedding_models",
}
# PostgreSQL type oids of the columns above, so an empty result still has typed columns.
_PG_TYPES: dict[int, pa.DataType] = {
    16: pa.bool_(), 20: pa.int64(), 21: pa.int64(), 23: pa.int64(), 25: pa.string(), 1043: pa.string(),
    1184: pa.timestamp("us", tz="UTC"), 1009: pa.list_(pa.string()),
}


def _fetch(conn: psycopg.Connection, sql: str, params: list[Any]) -> pa.Table:
    with conn.cursor() as cur:
        cur.execute(sql, params)
        assert cur.description is not None
        cols = [(d.name, _PG_TYPES.get(d.type_code)) for d in cur.description]
        rows = cur.fetchall()
    conn.commit()
    arrays = [pa.array([r[i] for r in rows], type=t) for i, (_, t) in enumerate(cols)]
    return pa.table(arrays, names=[n for n, _ in cols])


def read_table(conn: psycopg.Connection, name: str, *, layer: str | None = None) -> pa.Table:
    """One of STORE_TABLES as an Arrow table with typed columns (also when empty)."""
    sql = STORE_TABLES[name]
    params: list[Any] = []
    if layer is not None:
        prefix = "c." if name == "chunks" else ""
        sql += f" WHERE {prefix}layer = %s"
        params.append(layer)
    return _fetch(conn, sql, params)


def flagged_documents(conn: psycopg.Connection, layer: str | None = None) -> list[tuple[str, str, list[Any]]]:
    """(layer, path, flags) of every document with flags, optionally in one layer."""
    sql = "SELECT layer, path, flags FROM documents WHERE flags <> '[]'::jsonb"
    rows = conn.execute(sql + (" AND layer = %s" if layer else ""), (layer,) if layer else ()).fetchall()
    conn.commit()
    return [(lay, path, flags) for lay, path, flags in rows]


def redacted_documents(conn: psycopg.Connection, layer: str | None = None) -> list[tuple[str, str, dict[str, int]]]:
    """(layer, path, {kind: count}) of every document whose current version had secret values
    redacted at ingest, from its secrets_redacted event (kinds and counts only, never a value)."""
    sql = ("SELECT d.layer, d.path, e.payload->'counts' FROM documents d JOIN events e"
           " ON e.type = 'secrets_redacted' AND (e.payload->>'document_id')::bigint = d.id"
           " AND e.payload->>'version_id' = d.version_id")
    rows = conn.execute(sql + (" WHERE d.layer = %s" if layer else "") + " ORDER BY d.layer, d.path, e.seq",
                        (layer,) if layer else ()).fetchall()
    conn.commit()
    return [(lay, path, dict(counts or {})) for lay, path, counts in rows]
