"""A chunk's row in the `chunks` table, built from a `document_version_added` event's payload (no I/O).

One definition for the two ways a projection writes chunks: one event at a time
(store/projector.py) and many new documents at once (store/bulk_projection.py).
"""

from __future__ import annotations

from typing import Any

from psycopg.types.json import Jsonb

__all__ = ["CHUNK_COLUMNS", "chunk_row"]

CHUNK_COLUMNS = ("id, document_id, layer, version_id, ordinal, start_char, end_char, line_start, line_end, page,"
                  " section_path, clause_path, metadata, embed_hash, text")


def chunk_row(c: dict[str, Any], doc_id: int, layer: str | None, p: dict[str, Any]) -> tuple[Any, ...]:
    """A chunk's columns but its text, from the event's payload."""
    return (c["id"], doc_id, layer, p["version_id"], c["ordinal"], c["start"], c["end"], c["line_start"],
            c["line_end"], c.get("page"), list(c.get("section_path") or []),
            " > ".join(c["section_path"]) if c.get("section_path") else None,
            Jsonb(c.get("metadata") or {}), bytes.fromhex(c["embed_hash"]))
