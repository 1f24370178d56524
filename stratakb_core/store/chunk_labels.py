"""The labels ingest stored in chunk metadata: injection marks (``suspicious``) and OCR origin
(``text_origin``); does I/O (reads the chunks table)."""

from __future__ import annotations

from collections.abc import Sequence

import psycopg

__all__ = ["chunk_labels"]


def chunk_labels(conn: psycopg.Connection, chunk_ids: Sequence[str]) -> dict[str, tuple[tuple[str, ...], bool]]:
    """(suspicious rule names, whether OCR read its text) of the chunks among `chunk_ids` that
    carry either label; chunks with neither are left out."""
    ids = [c for c in dict.fromkeys(chunk_ids) if c]
    if not ids:
        return {}
    rows = conn.execute(
        "SELECT id, metadata->'suspicious', metadata->>'text_origin' FROM chunks"
        " WHERE id = ANY(%s) AND (metadata ? 'suspicious' OR metadata ? 'text_origin')",
        (ids,),
    ).fetchall()
    conn.commit()
    out: dict[str, tuple[tuple[str, ...], bool]] = {}
    for chunk_id, rules, origin in rows:
        names = tuple(str(r) for r in rules) if isinstance(rules, list) else ()
        out[chunk_id] = (names, origin == "ocr")
    return out
