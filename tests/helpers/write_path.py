"""What the write-path tests of every driver share: an interrupt injected through the progress
callback, a file that fails to parse, and reads of what a run left in the store."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import psycopg

from stratakb_core.store import events as ev

# A document the plain-text parser refuses (NUL bytes): a parse_error.
BROKEN = b"Data \x00 binary now\n" * 10


def interrupt_after(files: int) -> Callable[[int, int], None]:
    """A progress callback that raises KeyboardInterrupt (Ctrl-C) once `files` files are done."""

    def progress(done: int, total: int) -> None:
        if done >= files:
            raise KeyboardInterrupt

    return progress


def break_file(path: Path) -> None:
    path.write_bytes(BROKEN)


def documents(conn: psycopg.Connection, layer: str) -> set[str]:
    rows = conn.execute("SELECT path FROM documents WHERE layer = %s", (layer,)).fetchall()
    conn.commit()
    return {r[0] for r in rows}


def chunks_of(conn: psycopg.Connection, layer: str, path: str) -> list[tuple]:
    rows = conn.execute(
        "SELECT c.id, c.text, c.embed_hash FROM chunks c JOIN documents d ON d.id = c.document_id"
        " WHERE c.layer = %s AND d.path = %s ORDER BY c.ordinal", (layer, path)).fetchall()
    conn.commit()
    return rows


def events_of(conn: psycopg.Connection, type_: str) -> list[ev.StoredEvent]:
    found = [e for e in ev.read(conn) if e.type == type_]
    conn.commit()
    return found
