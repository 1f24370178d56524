"""Stored chunks read back in id order, for re-embedding them with another model; does I/O.

Each row carries what rebuilds a chunk's embedding text: (id, document id, layer, path, ordinal,
start, end, text, section path, first line, last line, page, stored embed hash).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg

__all__ = ["chunk_batch", "count_chunks", "count_missing_outside", "missing_batch"]

_CHUNKS = (
    "SELECT c.id, c.document_id, c.layer, d.path, c.ordinal, c.start_char, c.end_char, c.text,"
    " c.section_path, c.line_start, c.line_end, c.page, c.embed_hash"
    " FROM chunks c JOIN documents d ON d.id = c.document_id"
)


def _in_layers(layers: Sequence[str] | None) -> tuple[str, list[Any]]:
    return ("", []) if layers is None else (" AND c.layer = ANY(%s)", [list(layers)])


def count_chunks(conn: psycopg.Connection, layers: Sequence[str] | None) -> int:
    """How many chunks the layers (None: every layer) hold."""
    where, params = _in_layers(layers)
    row = conn.execute("SELECT count(*) FROM chunks c WHERE true" + where, params).fetchone()
    return int(row[0]) if row else 0


def chunk_batch(conn: psycopg.Connection, layers: Sequence[str] | None, *, after: str,
                limit: int) -> list[tuple[Any, ...]]:
    """The next `limit` chunks of the layers with an id above `after`."""
    where, params = _in_layers(layers)
    return conn.execute(_CHUNKS + " WHERE c.id > %s" + where + " ORDER BY c.id LIMIT %s",
                        [after, *params, limit]).fetchall()


def count_missing_outside(conn: psycopg.Connection, table: str, layers: Sequence[str]) -> int:
    """How many chunks of the other layers have no vector in `table`."""
    row = conn.execute(
        f"SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM {table} t"
        " WHERE t.text_hash = c.embed_hash) AND NOT (c.layer = ANY(%s))", (list(layers),)).fetchone()
    return int(row[0]) if row else 0


def missing_batch(conn: psycopg.Connection, table: str, *, after: str, skip: Sequence[str],
                  limit: int) -> list[tuple[Any, ...]]:
    """The next `limit` chunks above `after` whose hash has no vector in `table`, except `skip`."""
    return conn.execute(
        _CHUNKS + f" WHERE c.id > %s AND NOT EXISTS (SELECT 1 FROM {table} t"
        " WHERE t.text_hash = c.embed_hash) AND NOT (c.id = ANY(%s)) ORDER BY c.id LIMIT %s",
        (after, list(skip), limit)).fetchall()
