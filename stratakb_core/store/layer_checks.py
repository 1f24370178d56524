"""What the Dagster asset checks ask the store about one layer: the files failed since its last
good sync, its chunks without a vector under the active model, and when it was last synced; does I/O
(reads only)."""

from __future__ import annotations

from datetime import datetime

import psycopg
from psycopg import sql

from stratakb_core.store import vectors as vector_tables

__all__ = ["chunks_without_vectors", "failed_since_good_sync", "last_sync"]


def failed_since_good_sync(conn: psycopg.Connection, layer: str) -> list[tuple[str, str]]:
    """(path, reason) of every file_failed event of the layer after its last sync that finished with
    no failed file and was not interrupted (every failure when it never had one)."""
    rows = conn.execute(
        "SELECT payload->>'path', payload->>'reason' FROM events WHERE type = 'file_failed' AND layer = %s"
        " AND seq > coalesce((SELECT max(seq) FROM events WHERE type = 'run_finished' AND layer = %s"
        " AND coalesce((payload->>'errors')::int, 0) = 0"
        " AND NOT coalesce((payload->>'interrupted')::boolean, false)), 0) ORDER BY seq",
        (layer, layer)).fetchall()
    conn.commit()
    return [(r[0], r[1]) for r in rows]


def chunks_without_vectors(conn: psycopg.Connection, layer: str) -> tuple[str | None, int, int]:
    """(the active model, the layer's chunks, how many have no vector under that model)."""
    model = vector_tables.active_model(conn)
    total = conn.execute("SELECT count(*) FROM chunks WHERE layer = %s", (layer,)).fetchone()
    if model is None:
        conn.commit()
        return None, int(total[0]) if total else 0, int(total[0]) if total else 0
    missing = conn.execute(sql.SQL(
        "SELECT count(*) FROM chunks c WHERE c.layer = %s AND NOT EXISTS"
        " (SELECT 1 FROM {} v WHERE v.text_hash = c.embed_hash)").format(sql.Identifier(model.table)),
        (layer,)).fetchone()
    conn.commit()
    return model.model, int(total[0]) if total else 0, int(missing[0]) if missing else 0


def last_sync(conn: psycopg.Connection, layer: str) -> datetime | None:
    """When the layer's last sync finished (any driver), or None."""
    row = conn.execute("SELECT max(occurred_at) FROM events WHERE type = 'run_finished' AND layer = %s",
                       (layer,)).fetchone()
    conn.commit()
    return row[0] if row else None
