"""The store as it stood right after an event, as session-local tables that shadow the live ones;
does I/O.

`open_as_of_view(conn, seq)` fills temporary tables named `documents`, `chunks` and `sections`
(PostgreSQL searches a session's temporary schema first for unqualified table names) from each
document's last `document_version_added` at or before `seq`: documents and sections from the event
payloads, chunk text sliced from the stored version text. Every query on that connection (search,
clause lookup, citations, extractive answers) then reads the past without a change of its own;
`close_as_of_view` drops the tables. Layers, their settings and the vector tables are read as they
are now (vectors are keyed by text hash, so old chunks find theirs).
"""

from __future__ import annotations

from typing import Any

import psycopg

from stratakb_core.store import events as ev

__all__ = ["close_as_of_view", "open_as_of_view"]

_SHADOWED = ("chunks", "sections", "documents")

_LAST_EVENTS = (
    "CREATE TEMP TABLE _asof_events ON COMMIT DROP AS"
    " SELECT * FROM (SELECT DISTINCT ON ((payload->>'document_id')::bigint) seq, type, layer, payload"
    " FROM events WHERE type IN (%(added)s, %(removed)s) AND seq <= %(seq)s"
    " ORDER BY (payload->>'document_id')::bigint, seq DESC) e"
    " WHERE e.type = %(added)s AND e.layer IN (SELECT name FROM public.layers){layer_cond}"
)
_DOCUMENTS = (
    "INSERT INTO pg_temp.documents (id, layer, source_id, path, version_id, content_hash, date, date_source,"
    " supersedes, flags, updated_seq, size, mtime_ns)"
    " SELECT (payload->>'document_id')::bigint, layer, (payload->>'source_id')::bigint, payload->>'path',"
    " payload->>'version_id', payload->>'content_hash', (payload->>'date')::date, payload->>'date_source',"
    " payload->>'supersedes', coalesce(payload->'flags', '[]'::jsonb), seq,"
    " coalesce((payload->>'size')::bigint, 0), coalesce((payload->>'mtime_ns')::bigint, 0) FROM _asof_events"
)
_SECTIONS = (
    "INSERT INTO pg_temp.sections (document_id, ordinal, layer, start_char, end_char, level, heading, label, path)"
    " SELECT (e.payload->>'document_id')::bigint, s.n - 1, e.layer, (s.v->>'start')::int, (s.v->>'end')::int,"
    " (s.v->>'level')::int, s.v->>'heading', s.v->>'label',"
    " ARRAY(SELECT jsonb_array_elements_text(coalesce(s.v->'path', '[]'::jsonb)))"
    " FROM _asof_events e, jsonb_array_elements(coalesce(e.payload->'sections', '[]'::jsonb))"
    " WITH ORDINALITY AS s(v, n)"
)
_CHUNKS = (
    "INSERT INTO pg_temp.chunks (id, document_id, layer, version_id, ordinal, start_char, end_char, line_start,"
    " line_end, page, section_path, clause_path, metadata, embed_hash, text)"
    " SELECT c.v->>'id', (e.payload->>'document_id')::bigint, e.layer, e.payload->>'version_id',"
    " (c.v->>'ordinal')::int, (c.v->>'start')::int, (c.v->>'end')::int, (c.v->>'line_start')::int,"
    " (c.v->>'line_end')::int, (c.v->>'page')::int,"
    " ARRAY(SELECT jsonb_array_elements_text(coalesce(c.v->'section_path', '[]'::jsonb))),"
    " nullif(array_to_string(ARRAY(SELECT jsonb_array_elements_text(coalesce(c.v->'section_path', '[]'::jsonb))),"
    " ' > '), ''), coalesce(c.v->'metadata', '{}'::jsonb), decode(c.v->>'embed_hash', 'hex'),"
    " substr(v.text, (c.v->>'start')::int + 1, (c.v->>'end')::int - (c.v->>'start')::int)"
    " FROM _asof_events e JOIN public.document_versions v ON v.id = e.payload->>'version_id',"
    " jsonb_array_elements(coalesce(e.payload->'chunks', '[]'::jsonb)) AS c(v)"
)


def open_as_of_view(conn: psycopg.Connection, seq: int, layers: list[str] | None = None) -> dict[str, Any]:
    """Shadow documents, chunks and sections with their state right after event `seq` (only
    `layers` when given); returns the counts. Committed: the tables last until closed."""
    close_as_of_view(conn)
    params: dict[str, Any] = {"seq": seq, "added": ev.DOCUMENT_VERSION_ADDED, "removed": ev.DOCUMENT_REMOVED}
    layer_cond = ""
    if layers is not None:
        layer_cond, params["layers"] = " AND e.layer = ANY(%(layers)s)", list(layers)
    with conn.transaction():
        for table in reversed(_SHADOWED):
            conn.execute(f"CREATE TEMP TABLE {table} (LIKE public.{table} INCLUDING ALL)")
        conn.execute(_LAST_EVENTS.format(layer_cond=layer_cond), params)
        conn.execute(_DOCUMENTS)
        conn.execute(_SECTIONS)
        conn.execute(_CHUNKS)
        for table in _SHADOWED:
            conn.execute(f"ANALYZE pg_temp.{table}")
        row = conn.execute("SELECT (SELECT count(*) FROM pg_temp.documents), (SELECT count(*) FROM pg_temp.chunks)"
                           ).fetchone()
    assert row is not None
    return {"documents": int(row[0]), "chunks": int(row[1])}


def close_as_of_view(conn: psycopg.Connection) -> None:
    """Drop the shadow tables (a no-op when there are none)."""
    if conn.closed:
        return
    if conn.info.transaction_status == psycopg.pq.TransactionStatus.INERROR:
        conn.rollback()
    conn.execute("DROP TABLE IF EXISTS " + ", ".join(f"pg_temp.{t}" for t in _SHADOWED))
    conn.commit()
