"""What the store says of itself, for health reports: server and pgvector versions, applied
migrations, sizes, the last event; does I/O."""

from __future__ import annotations

from dataclasses import dataclass

import psycopg


@dataclass(frozen=True)
class StoreStatus:
    server_version: str | None
    pgvector_version: str | None
    migrations_applied: list[int]
    layers: int
    documents: int
    chunks: int
    last_event_seq: int


def store_status(conn: psycopg.Connection) -> StoreStatus:
    server = conn.execute("SHOW server_version").fetchone()
    vector = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
    applied = [int(r[0]) for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    counts = conn.execute(
        "SELECT (SELECT count(*) FROM layers), (SELECT count(*) FROM documents), (SELECT count(*) FROM chunks),"
        " (SELECT coalesce(max(seq), 0) FROM events)"
    ).fetchone()
    layers, documents, chunks, last = (int(x) for x in counts) if counts else (0, 0, 0, 0)
    return StoreStatus(server[0] if server else None, vector[0] if vector else None, applied,
                       layers, documents, chunks, last)


@dataclass(frozen=True)
class LayerTotals:
    """A layer's size in the store: documents, chunks and the bytes of its files."""

    documents: int
    chunks: int
    bytes: int


def layer_totals(conn: psycopg.Connection) -> dict[str, LayerTotals]:
    """Every layer's totals, by name (a layer with no document has zeros)."""
    rows = conn.execute(
        "SELECT l.name, coalesce(d.n, 0), coalesce(c.n, 0), coalesce(d.bytes, 0) FROM layers l"
        " LEFT JOIN (SELECT layer, count(*) AS n, sum(size) AS bytes FROM documents GROUP BY layer) d"
        " ON d.layer = l.name"
        " LEFT JOIN (SELECT layer, count(*) AS n FROM chunks GROUP BY layer) c ON c.layer = l.name"
        " ORDER BY l.name").fetchall()
    return {r[0]: LayerTotals(int(r[1]), int(r[2]), int(r[3])) for r in rows}
