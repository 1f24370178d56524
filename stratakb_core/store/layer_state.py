"""What a sync reads and writes about layers beyond the events: layer names, the stat cache of
stored documents, and the audit trail of finished runs; does I/O."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import psycopg

from stratakb_core.store import events as ev
from stratakb_core.store import readers

__all__ = ["LayerState", "layer_names", "read_layer_state", "read_layer_state_within", "refresh_document_stat",
           "runs_finished"]


@dataclass(frozen=True)
class LayerState:
    """A layer's stored settings (None: no such layer), its metadata schema, and every source of the store."""

    settings: dict[str, Any] | None
    metadata_schema: dict[str, Any]
    sources: list[readers.SourceRow]
    content_safety: dict[str, Any] = field(default_factory=dict)


def read_layer_state(conn: psycopg.Connection, name: str) -> LayerState:
    current = readers.layer_settings(conn, name)
    schema = readers.layer_metadata_schema(conn, name) if current is not None else {}
    safety = readers.layer_content_safety(conn, name) if current is not None else {}
    return LayerState(current, schema, readers.sources(conn), safety)


def read_layer_state_within(uri: str, name: str, timeout: float) -> LayerState:
    """`read_layer_state` on a connection of its own that gives up after `timeout` seconds per
    connect and per statement (raises psycopg.OperationalError then); a store never migrated
    holds no layer yet."""
    with psycopg.connect(uri, autocommit=True, connect_timeout=max(1, int(timeout))) as conn:
        conn.execute(f"SET statement_timeout = {int(timeout * 1000)}")
        try:
            return read_layer_state(conn, name)
        except psycopg.errors.UndefinedTable:
            return LayerState(None, {}, [])


def layer_names(conn: psycopg.Connection) -> list[str]:
    """Every layer's name, sorted."""
    return [r[0] for r in conn.execute("SELECT name FROM layers ORDER BY name")]


def refresh_document_stat(conn: psycopg.Connection, document_id: int, size: int, mtime_ns: int) -> None:
    """Same bytes, new stat: refresh the stat cache a later plan compares against, and commit.

    The stat is a cache of the file system, not state of the store: no event records it, and a
    replay of the log leaves the stat of the last stored version (the next sync then hashes the
    file once more and finds it unchanged).
    """
    conn.execute("UPDATE documents SET size = %s, mtime_ns = %s WHERE id = %s", (size, mtime_ns, document_id))
    conn.commit()


def runs_finished(conn: psycopg.Connection, *, after: int, limit: int = 500) -> tuple[list[ev.StoredEvent], int]:
    """The `run_finished` events after seq `after`, oldest first, and the seq to resume after.

    The resume point is read first: seq is commit-ordered, so every event up to it is committed
    and none can appear below it later.
    """
    top = ev.last_seq(conn)
    rows = conn.execute(
        "SELECT seq, occurred_at, type, layer, run_id, actor, payload FROM events"
        " WHERE seq > %s AND seq <= %s AND type = %s ORDER BY seq LIMIT %s",
        (after, top, ev.RUN_FINISHED, limit),
    ).fetchall()
    conn.commit()
    found = [ev.StoredEvent(*r) for r in rows]
    resume = found[-1].seq if len(found) == limit else max(top, after)
    return found, resume
