"""The append-only event log in PostgreSQL and the one list of event types; does I/O.

Every change to the store is a fact appended here in the same transaction as the projection
change it explains. Readers tail by `seq`, never by timestamp.
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from stratakb_core.store.connection import LOCK_NAMESPACE_EVENTS

# Every event type, past tense, declared here and nowhere else. Each is either applied to the
# projections by one function (store/projector.py, PROJECTORS) or listed in AUDIT_ONLY.
LAYER_CREATED = "layer_created"
LAYER_UPDATED = "layer_updated"
SOURCE_ADDED = "source_added"
DOCUMENT_VERSION_ADDED = "document_version_added"
DOCUMENT_REMOVED = "document_removed"
FILE_FAILED = "file_failed"
# A file whose read gave no text (a scan with OCR off, an image-only or empty file), with its stat
# and the OCR setting: the next plan leaves it unread while all three are the same (ingest/no_text.py).
FILE_SKIPPED = "file_skipped"
EMBEDDING_MODEL_ACTIVATED = "embedding_model_activated"
RUN_FINISHED = "run_finished"
# A chunk's embed_hash names the exact text embedded for it. `stratakb reembed` rebuilds that text
# from the stored chunk; where the rebuilt text hashes differently (the recipe changed since the
# chunk was stored), the stored text is what counts and this event records the new hash.
CHUNKS_REHASHED = "chunks_rehashed"
RECEIPT_ISSUED = "receipt_issued"
INTERACTION_RECORDED = "interaction_recorded"
API_KEY_CREATED = "api_key_created"
API_KEY_REVOKED = "api_key_revoked"
# The learning loop (query/learning.py, query/promoter.py): a strata_feedback call stored; the
# promoter's whole learned state after a run; a reset (per layer or global) with the state after it.
FEEDBACK_RECORDED = "feedback_recorded"
LEARNING_PROMOTED = "learning_promoted"
LEARNING_RESET = "learning_reset"
# History and lifecycle (store/history.py, store/rollback.py, ingest/lifecycle.py). A rollback is
# the document, source and layer events it implies plus layer_rolled_back, which records the
# target and the counts; nothing in the log is ever edited or deleted.
LAYER_ROLLED_BACK = "layer_rolled_back"
SOURCE_REMOVED = "source_removed"
LAYER_REMOVED = "layer_removed"
LAYER_RENAMED = "layer_renamed"
LAYER_IMPORTED = "layer_imported"
# `stratakb gc`: stored versions outside the retention window that nothing uses any more.
VERSIONS_COLLECTED = "versions_collected"
# What kinds of secret value a stored version had redacted at ingest, with counts (never a value).
SECRETS_REDACTED = "secrets_redacted"

EVENT_TYPES: frozenset[str] = frozenset({
    LAYER_CREATED, LAYER_UPDATED, SOURCE_ADDED, DOCUMENT_VERSION_ADDED, DOCUMENT_REMOVED, FILE_FAILED,
    EMBEDDING_MODEL_ACTIVATED, RUN_FINISHED, CHUNKS_REHASHED, RECEIPT_ISSUED, INTERACTION_RECORDED,
    API_KEY_CREATED, API_KEY_REVOKED, FEEDBACK_RECORDED, LEARNING_PROMOTED, LEARNING_RESET,
    LAYER_ROLLED_BACK, SOURCE_REMOVED, LAYER_REMOVED, LAYER_RENAMED, LAYER_IMPORTED, VERSIONS_COLLECTED,
    SECRETS_REDACTED, FILE_SKIPPED,
})
# Facts kept for the record that change no projection table.
AUDIT_ONLY: frozenset[str] = frozenset({FILE_FAILED, RUN_FINISHED, LAYER_ROLLED_BACK, LAYER_IMPORTED,
                                        SECRETS_REDACTED, FILE_SKIPPED})


def default_actor() -> str:
    try:
        user = getpass.getuser()
    except Exception:  # no passwd entry in some containers
        user = str(os.getuid()) if hasattr(os, "getuid") else "unknown"
    return f"cli:{user}"


@dataclass(frozen=True)
class Event:
    type: str
    layer: str | None
    payload: dict[str, Any] = field(default_factory=dict)
    run_id: str | None = None
    actor: str = "system"


@dataclass(frozen=True)
class StoredEvent:
    seq: int
    occurred_at: Any
    type: str
    layer: str | None
    run_id: str | None
    actor: str
    payload: dict[str, Any]


def append(conn: psycopg.Connection, events: Sequence[Event]) -> list[int]:
    """Append events inside the caller's transaction; returns their sequence numbers.

    The global advisory lock is held until the caller commits. Taking max(seq)+1 under it is what
    makes seq commit-ordered: a bigserial would hand out numbers at insert time, and a reader
    could see seq 11 committed before a slower transaction commits seq 10, then skip it forever.
    Callers append last, just before commit, so the lock is held only briefly.
    """
    if not events:
        return []
    if conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE:
        raise RuntimeError("events.append must run inside a transaction")
    conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_NAMESPACE_EVENTS,))
    row = conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()
    start = int(row[0]) + 1 if row else 1
    seqs = list(range(start, start + len(events)))
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO events (seq, type, layer, run_id, actor, payload) VALUES (%s, %s, %s, %s, %s, %s)",
            [(s, e.type, e.layer, e.run_id, e.actor, Jsonb(e.payload)) for s, e in zip(seqs, events, strict=True)],
        )
    return seqs


def next_seq(conn: psycopg.Connection) -> int:
    """The seq the next appended event will get, valid while the caller holds the append lock."""
    conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_NAMESPACE_EVENTS,))
    row = conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()
    return int(row[0]) + 1 if row else 1


def read(
    conn: psycopg.Connection, *, after: int = 0, layer: str | None = None, limit: int | None = None,
    newest_first: bool = False,
) -> Iterator[StoredEvent]:
    """Events in seq order (or newest first), after a given seq, optionally for one layer."""
    sql = "SELECT seq, occurred_at, type, layer, run_id, actor, payload FROM events WHERE seq > %s"
    params: list[Any] = [after]
    if layer is not None:
        sql += " AND layer = %s"
        params.append(layer)
    sql += " ORDER BY seq DESC" if newest_first else " ORDER BY seq"
    if limit is not None:
        sql += " LIMIT %s"
        params.append(limit)
    with conn.cursor(name=None) as cur:
        cur.execute(sql, params)
        for row in cur:
            yield StoredEvent(*row)


def last_seq(conn: psycopg.Connection) -> int:
    row = conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()
    return int(row[0]) if row else 0
