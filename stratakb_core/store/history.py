"""A layer's history read back from the event log: the seq a target names, and the state a layer had
right after any event (settings, sources, documents); does I/O (reads only).

The state at seq S is a fold of the layer's own events up to S. Document payloads carry everything a
document's rows hold except the chunk text, which is a slice of the stored version text, so a
document's state at S is its last `document_version_added` at or before S (unless a
`document_removed` came after it). A renamed layer's earlier events carry its earlier names: the
fold follows them (`name_chain`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import psycopg

from stratakb_core.errors import RefusedError, UsageError
from stratakb_core.store import events as ev

__all__ = ["DocState", "LayerSnapshot", "Target", "layer_event_filter", "name_chain", "parse_target",
           "resolve_target", "snapshot_at", "SETTING_KEYS"]

SETTING_KEYS = ("display_name", "description", "origin", "chunk_config", "routing_patterns", "structure_patterns",
                "answer_mode", "archived_patterns", "metadata_schema")
_LAYER_TYPES = (ev.LAYER_CREATED, ev.LAYER_UPDATED, ev.LAYER_RENAMED, ev.LAYER_REMOVED, ev.SOURCE_ADDED,
                ev.SOURCE_REMOVED)
_DOC_TYPES = (ev.DOCUMENT_VERSION_ADDED, ev.DOCUMENT_REMOVED)


@dataclass(frozen=True)
class Target:
    """A point of the log: right after event `seq`, which happened at `at`."""

    seq: int
    at: dt.datetime
    given: str

    def as_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "at": self.at.isoformat(), "given": self.given}


@dataclass(frozen=True)
class DocState:
    """A document as one event left it: the event's seq, its payload without chunks and sections,
    and a fingerprint of its chunk list (two states with equal meta and fingerprint are equal)."""

    seq: int
    meta: dict[str, Any]
    chunks_md5: str

    def same_as(self, other: DocState) -> bool:
        keys = ("version_id", "content_hash", "path", "source_id", "date", "date_source", "supersedes", "flags")
        return self.chunks_md5 == other.chunks_md5 and all(self.meta.get(k) == other.meta.get(k) for k in keys)


@dataclass
class LayerSnapshot:
    layer: str
    seq: int
    exists: bool = False
    created_seq: int | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    sources: dict[int, dict[str, str]] = field(default_factory=dict)  # id -> {"root", "name"}
    documents: dict[int, DocState] = field(default_factory=dict)


def parse_target(given: str) -> int | dt.datetime:
    """A seq (digits) or an ISO timestamp (a date alone means its end, 23:59:59.999999 UTC);
    naive times are UTC."""
    text = str(given).strip()
    if text.isdigit():
        return int(text)
    try:
        if len(text) == 10:
            day = dt.date.fromisoformat(text)
            return dt.datetime.combine(day, dt.time.max, tzinfo=dt.UTC)
        when = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"not a seq or a timestamp: {text!r} (give a seq from `stratakb events`, or a time "
                         "such as 2026-03-04T12:00:00Z or 2026-03-04)") from None
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


def resolve_target(conn: psycopg.Connection, given: str | int) -> Target:
    """The event a target names: a seq as given, a time as the last event at or before it.
    Refuses a seq past the last event and a time before the first one."""
    value = parse_target(str(given))
    last = ev.last_seq(conn)
    if isinstance(value, int):
        if value < 1 or value > last:
            raise RefusedError(f"seq {value} is not in the event log (it runs from 1 to {last})", code="bad_target")
        row = conn.execute("SELECT seq, occurred_at FROM events WHERE seq = %s", (value,)).fetchone()
    else:
        row = conn.execute("SELECT seq, occurred_at FROM events WHERE occurred_at <= %s ORDER BY seq DESC LIMIT 1",
                           (value,)).fetchone()
        if row is None:
            raise RefusedError(f"{given} is before the first event of the store", code="bad_target")
    conn.commit()
    assert row is not None
    return Target(int(row[0]), row[1], str(given))


def name_chain(conn: psycopg.Connection, layer: str) -> list[tuple[str, int, int | None]]:
    """(name, after_seq, up_to_seq) ranges under which the layer's events were written, newest
    first: a rename at seq r moved the layer from its old name (events up to r-1) to the new one."""
    chain: list[tuple[str, int, int | None]] = []
    name, upper = layer, None
    while True:
        row = conn.execute(
            "SELECT seq, payload->>'from' FROM events WHERE type = %s AND layer = %s"
            + (" AND seq <= %s" if upper is not None else "") + " ORDER BY seq DESC LIMIT 1",
            (ev.LAYER_RENAMED, name, *([upper] if upper is not None else [])),
        ).fetchone()
        if row is None or row[1] is None or len(chain) > 100:
            chain.append((name, 0, upper))
            return chain
        chain.append((name, int(row[0]) - 1, upper))
        name, upper = row[1], int(row[0]) - 1


def layer_event_filter(chain: list[tuple[str, int, int | None]]) -> tuple[str, list[Any]]:
    """SQL condition (and its parameters) for the events of a layer under each of its names."""
    parts, params = [], []
    for name, after, upto in chain:
        part = "(layer = %s AND seq > %s"
        params += [name, after]
        if upto is not None:
            part += " AND seq <= %s"
            params.append(upto)
        parts.append(part + ")")
    return "(" + " OR ".join(parts) + ")", params


def snapshot_at(conn: psycopg.Connection, layer: str, seq: int) -> LayerSnapshot:
    """The layer's settings, sources and documents right after event `seq`."""
    chain = name_chain(conn, layer)
    cond, params = layer_event_filter(chain)
    snap = LayerSnapshot(layer, seq)
    rows = conn.execute(
        f"SELECT seq, type, payload FROM events WHERE {cond} AND seq <= %s AND type = ANY(%s) ORDER BY seq",
        [*params, seq, list(_LAYER_TYPES)],
    ).fetchall()
    for s, type_, p in rows:
        _fold(snap, int(s), type_, p)
    if snap.exists:
        since = snap.created_seq or 0
        for doc_id, s, type_, meta, md5 in conn.execute(
            f"SELECT DISTINCT ON ((payload->>'document_id')::bigint) (payload->>'document_id')::bigint, seq, type,"
            " payload - 'chunks' - 'sections', md5(coalesce(payload->'chunks', '[]'::jsonb)::text)"
            f" FROM events WHERE {cond} AND seq <= %s AND seq >= %s AND type = ANY(%s)"
            " ORDER BY (payload->>'document_id')::bigint, seq DESC",
            [*params, seq, since, list(_DOC_TYPES)],
        ).fetchall():
            if type_ == ev.DOCUMENT_VERSION_ADDED and int(meta["source_id"]) in snap.sources:
                snap.documents[int(doc_id)] = DocState(int(s), meta, md5)
    conn.commit()
    return snap


def _fold(snap: LayerSnapshot, seq: int, type_: str, p: dict[str, Any]) -> None:
    if type_ == ev.LAYER_CREATED:
        snap.exists, snap.created_seq, snap.sources, snap.documents = True, seq, {}, {}
        snap.settings = {
            "display_name": p.get("display_name") or snap.layer, "description": p.get("description") or "",
            "origin": p.get("origin"), "chunk_config": p.get("chunk_config") or {},
            "routing_patterns": p.get("routing_patterns") or [],
            "structure_patterns": p.get("structure_patterns") or [],
            "answer_mode": p.get("answer_mode") or "grounded", "archived_patterns": p.get("archived_patterns") or [],
            "metadata_schema": p.get("metadata_schema") or {},
        }
    elif type_ == ev.LAYER_UPDATED:
        for key, value in (p.get("changes") or {}).items():
            if key in SETTING_KEYS:
                snap.settings[key] = value
    elif type_ == ev.LAYER_RENAMED:
        if (p.get("changes") or {}).get("display_name"):
            snap.settings["display_name"] = p["changes"]["display_name"]
    elif type_ == ev.LAYER_REMOVED:
        snap.exists, snap.sources, snap.documents, snap.settings = False, {}, {}, {}
    elif type_ == ev.SOURCE_ADDED:
        snap.sources[int(p["source_id"])] = {"root": p["root"], "name": p.get("name") or snap.layer}
    elif type_ == ev.SOURCE_REMOVED:
        snap.sources.pop(int(p["source_id"]), None)


def full_payload(conn: psycopg.Connection, seq: int) -> dict[str, Any]:
    """The whole payload of one event (chunks and sections included)."""
    row = conn.execute("SELECT payload FROM events WHERE seq = %s", (seq,)).fetchone()
    assert row is not None
    return dict(row[0])
