"""The learning loop's reads and writes in the store: the window's interactions and feedback, the
learned state, feedback_recorded / learning_promoted / learning_reset events; does I/O.

What the rows mean and how they are learned from is query/learning.py's and query/promoter.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg

from stratakb_core.store import events as ev
from stratakb_core.store.projector import commit_events

INTERACTION_COLUMNS = "id, occurred_at, client, query, layers, searched, tool, status, confidence, details"
FEEDBACK_COLUMNS = "id, interaction_id, occurred_at, client, helpful, correct_layer, better_query, chunk_feedback"


@dataclass(frozen=True)
class StoredLearning:
    """The learning_state row: the state's JSON (None before any run), the last interaction seq the
    promoter saw, the seq of the event that wrote it and the last global reset."""

    state: dict[str, Any] | None
    through_seq: int
    updated_seq: int
    reset_at: datetime | None


def _done(conn: psycopg.Connection) -> None:
    if conn.info.transaction_status == psycopg.pq.TransactionStatus.INTRANS:
        conn.commit()


def learning_state(conn: psycopg.Connection) -> StoredLearning:
    row = conn.execute("SELECT state, through_seq, updated_seq, reset_at FROM learning_state WHERE id = 1").fetchone()
    _done(conn)
    if row is None:
        return StoredLearning(None, 0, 0, None)
    return StoredLearning(row[0], int(row[1]), int(row[2]), row[3])


def interaction_progress(conn: psycopg.Connection) -> tuple[int, int]:
    """(interactions recorded since the promoter last ran, the seq of the latest one)."""
    row = conn.execute(
        "SELECT count(*), coalesce(max(seq), 0) FROM events WHERE type = %s"
        " AND seq > coalesce((SELECT through_seq FROM learning_state WHERE id = 1), 0)",
        (ev.INTERACTION_RECORDED,)).fetchone()
    last = conn.execute("SELECT coalesce(max(seq), 0) FROM events WHERE type = %s",
                        (ev.INTERACTION_RECORDED,)).fetchone()
    _done(conn)
    pending = int(row[0]) if row else 0
    through = int(last[0]) if last else 0
    return pending, max(through, int(row[1]) if row else 0)


def interactions_between(conn: psycopg.Connection, start: datetime, end: datetime) -> list[tuple[Any, ...]]:
    rows = conn.execute(f"SELECT {INTERACTION_COLUMNS} FROM interactions WHERE occurred_at >= %s"
                        " AND occurred_at <= %s ORDER BY occurred_at, id", (start, end)).fetchall()
    _done(conn)
    return rows


def interactions_by_id(conn: psycopg.Connection, ids: list[str]) -> list[tuple[Any, ...]]:
    rows = conn.execute(f"SELECT {INTERACTION_COLUMNS} FROM interactions WHERE id = ANY(%s)", (ids,)).fetchall()
    _done(conn)
    return rows


def feedback_between(conn: psycopg.Connection, start: datetime | None, end: datetime) -> list[tuple[Any, ...]]:
    rows = conn.execute(f"SELECT {FEEDBACK_COLUMNS} FROM feedback WHERE (%s::timestamptz IS NULL OR"
                        " occurred_at >= %s) AND occurred_at <= %s ORDER BY occurred_at, id",
                        (start, start, end)).fetchall()
    _done(conn)
    return rows


def interaction_for_feedback(conn: psycopg.Connection, interaction_id: str) -> tuple[str, list[Any]] | None:
    """(tool, passages in answer order) of a recorded interaction, or None."""
    row = conn.execute("SELECT tool, passages FROM interactions WHERE id = %s", (interaction_id,)).fetchone()
    _done(conn)
    return (row[0], list(row[1] or [])) if row else None


def existing_chunk_ids(conn: psycopg.Connection, ids: list[str]) -> set[str]:
    rows = conn.execute("SELECT id FROM chunks WHERE id = ANY(%s)", (ids,)).fetchall()
    _done(conn)
    return {r[0] for r in rows}


def layer_descriptions(conn: psycopg.Connection) -> dict[str, str]:
    rows = conn.execute("SELECT name, description FROM layers").fetchall()
    _done(conn)
    return {r[0]: r[1] or "" for r in rows}


def record(conn: psycopg.Connection, type_: str, payload: Mapping[str, Any], *, actor: str | None = None) -> int:
    """Append one learning event (feedback_recorded, learning_promoted, learning_reset); its seq."""
    if type_ not in (ev.FEEDBACK_RECORDED, ev.LEARNING_PROMOTED, ev.LEARNING_RESET):
        raise ValueError(f"not a learning event: {type_}")
    _done(conn)
    (seq,) = commit_events(conn, [ev.Event(type_, None, dict(payload), actor=actor or ev.default_actor())])
    return seq


def learned_tables(conn: psycopg.Connection) -> dict[str, list[tuple[Any, ...]]]:
    """The learned tables as rows, for strata_learning_stats."""
    out = {
        "synonyms": conn.execute("SELECT term, synonym, layer, usage_count FROM synonyms WHERE rule = 2"
                                 " ORDER BY usage_count DESC, term, synonym").fetchall(),
        "layer_affinities": conn.execute("SELECT layer, term, affinity FROM layer_affinities"
                                         " ORDER BY affinity DESC, layer, term").fetchall(),
        "learned_rewrites": conn.execute("SELECT key, rewrite, layer, successes, failures, last_success"
                                         " FROM learned_rewrites ORDER BY successes DESC, key, rewrite").fetchall(),
        "chunk_demotions": conn.execute("SELECT chunk_id, multiplier FROM chunk_demotions"
                                        " ORDER BY multiplier, chunk_id").fetchall(),
        "counts": conn.execute("SELECT (SELECT count(*) FROM interactions), (SELECT count(*) FROM feedback)"
                               ).fetchall(),
    }
    _done(conn)
    return out


def interactions_after(conn: psycopg.Connection, seq: int) -> tuple[int, int]:
    """(interactions recorded after event `seq`, the seq of the latest one or `seq`): the Dagster sensor's count."""
    row = conn.execute("SELECT count(*), coalesce(max(seq), %s) FROM events WHERE type = %s AND seq > %s",
                       (seq, ev.INTERACTION_RECORDED, seq)).fetchone()
    _done(conn)
    return (int(row[0]), int(row[1])) if row else (0, seq)


def learning_updated_seq(conn: psycopg.Connection) -> int:
    """The seq of the event that last changed what was learned (0: nothing yet)."""
    row = conn.execute("SELECT updated_seq FROM learning_state WHERE id = 1").fetchone()
    conn.commit()
    return int(row[0]) if row else 0
