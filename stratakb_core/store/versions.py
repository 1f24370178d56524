"""Document versions: the extracted text, content-addressed, written before the events that point
at it; does I/O."""

from __future__ import annotations

import psycopg
from psycopg.types.json import Jsonb


def put_version(
    conn: psycopg.Connection, version_id: str, text: str, kind: str, first_line: int,
    pages: list[list[int]] | None,
) -> None:
    conn.execute(
        "INSERT INTO document_versions (id, text, kind, first_line, pages) VALUES (%s, %s, %s, %s, %s)"
        " ON CONFLICT (id) DO NOTHING",
        (version_id, text, kind, first_line, Jsonb(pages) if pages is not None else None),
    )
