"""`stratakb gc`: remove stored versions outside the retention window that nothing uses any more,
as `versions_collected` events; does I/O.

A rollback or as-of answer may target any point inside the window [now - retention, now]; the
versions such a point can need are those live at the window's start and those added since.
Kept as well: every version a document or chunk points at now, and every version a receipt cites.
The rest are collected in one transaction (all or nothing), and the bytes of text freed reported
(the disk space itself returns after PostgreSQL's VACUUM).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import psycopg

from stratakb_core.store import events as ev
from stratakb_core.store import projector
from stratakb_core.store.connection import LOCK_NAMESPACE_EVENTS

__all__ = ["collect_versions", "DEFAULT_RETENTION_DAYS"]

DEFAULT_RETENTION_DAYS = 90
_BATCH = 1000

_UNUSED = (
    "WITH live_then AS (SELECT payload->>'version_id' AS v FROM ("
    "  SELECT DISTINCT ON ((payload->>'document_id')::bigint) type, payload FROM events"
    "  WHERE type IN (%(added)s, %(removed)s) AND seq <= %(w)s"
    "  ORDER BY (payload->>'document_id')::bigint, seq DESC) e WHERE e.type = %(added)s),"
    " added_since AS (SELECT payload->>'version_id' AS v FROM events WHERE type = %(added)s AND seq > %(w)s)"
    " SELECT v.id, octet_length(v.text) FROM document_versions v"
    " WHERE NOT EXISTS (SELECT 1 FROM live_then l WHERE l.v = v.id)"
    " AND NOT EXISTS (SELECT 1 FROM added_since a WHERE a.v = v.id)"
    " AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.version_id = v.id)"
    " AND NOT EXISTS (SELECT 1 FROM chunks c WHERE c.version_id = v.id)"
    " AND NOT EXISTS (SELECT 1 FROM receipt_versions r WHERE r.version_id = v.id)"
    " ORDER BY v.id"
)


def collect_versions(conn: psycopg.Connection, *, retention_days: int = DEFAULT_RETENTION_DAYS,
                     dry_run: bool = False, actor: str = "system") -> dict[str, Any]:
    """Collect the unused versions outside the window; returns counts and bytes freed."""
    if retention_days < 0:
        raise ValueError("retention_days must be 0 or more")
    start = dt.datetime.now(dt.UTC) - dt.timedelta(days=retention_days)
    with conn.transaction():
        # Under the append lock: no version can become needed between the check and the delete.
        conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_NAMESPACE_EVENTS,))
        row = conn.execute("SELECT coalesce(max(seq), 0) FROM events WHERE occurred_at < %s", (start,)).fetchone()
        window_seq = int(row[0]) if row else 0
        rows = conn.execute(_UNUSED, {"added": ev.DOCUMENT_VERSION_ADDED, "removed": ev.DOCUMENT_REMOVED,
                                      "w": window_seq}).fetchall()
        ids = [r[0] for r in rows]
        freed = sum(int(r[1]) for r in rows)
        if ids and not dry_run:
            projector.commit_events(conn, [
                ev.Event(ev.VERSIONS_COLLECTED, None, {"version_ids": ids[i:i + _BATCH], "bytes": sum(
                    int(r[1]) for r in rows[i:i + _BATCH]), "retention_days": retention_days,
                    "window_start_seq": window_seq}, None, actor)
                for i in range(0, len(ids), _BATCH)])
    return {"status": "dry_run" if dry_run else "ok", "retention_days": retention_days,
            "window_start": start.isoformat(), "window_start_seq": window_seq, "versions_collected": len(ids),
            "bytes_freed": freed}
