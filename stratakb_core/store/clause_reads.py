"""Reads for answers: the sections a clause reference names, a clause's extent and text, and the
documents' citation facts (path, date, replacement, pages); does I/O."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg

__all__ = ["citation_facts", "clause_text", "sections_labelled"]


def sections_labelled(conn: psycopg.Connection, labels: Sequence[str], layers: Sequence[str],
                      limit: int) -> list[tuple[Any, ...]]:
    """(document_id, ordinal, start_char, end_char, level, path, file, layer) of the sections with
    one of `labels` in `layers`, by file and order, at most `limit`."""
    return conn.execute(
        "SELECT s.document_id, s.ordinal, s.start_char, s.end_char, s.level, s.path, d.path, s.layer"
        " FROM sections s JOIN documents d ON d.id = s.document_id"
        " WHERE s.label = ANY(%s) AND s.layer = ANY(%s) ORDER BY d.path, s.ordinal LIMIT %s",
        (list(labels), list(layers), limit),
    ).fetchall()


def clause_text(conn: psycopg.Connection, doc_id: int, ordinal: int,
                level: int) -> tuple[str, int, Any, int | None] | None:
    """(the document's current text, its first line, its pages, where the clause ends) for the
    section `ordinal`: the clause runs to the next heading at its level or above (None: the end)."""
    nxt = conn.execute(
        "SELECT min(start_char) FROM sections WHERE document_id = %s AND ordinal > %s AND level <= %s",
        (doc_id, ordinal, level),
    ).fetchone()
    vrow = conn.execute(
        "SELECT v.text, v.first_line, v.pages FROM documents d JOIN document_versions v ON v.id = d.version_id"
        " WHERE d.id = %s", (doc_id,)
    ).fetchone()
    conn.commit()
    if not vrow:
        return None
    return vrow[0], vrow[1], vrow[2], (nxt[0] if nxt else None)


def citation_facts(conn: psycopg.Connection, doc_ids: Sequence[int]) -> list[tuple[Any, ...]]:
    """(id, path, layer, date, date_source, replaced_by path, page count) of each document."""
    if not doc_ids:
        return []
    rows = conn.execute(
        "SELECT d.id, d.path, d.layer, d.date::text, d.date_source,"
        " (SELECT min(o.path) FROM documents o WHERE o.source_id = d.source_id AND o.supersedes = d.path),"
        " jsonb_array_length(coalesce(v.pages, '[]'::jsonb))"
        " FROM documents d JOIN document_versions v ON v.id = d.version_id WHERE d.id = ANY(%s)",
        (list(doc_ids),),
    ).fetchall()
    conn.commit()
    return rows
