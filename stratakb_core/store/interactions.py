"""Interactions as stored: each ask and search an interaction_recorded event, projected into
`interactions` for the learning loop; does I/O.

The payload holds what learning needs: the question (scrubbed by the caller unless raw queries are
kept), the layers named and searched, the variants actually searched, the passages in answer order
(`{"id": "S1", "chunk_id": ...}`; an exact clause keeps its place with chunk_id null), the
confidence level and its basis, and the client or session key the rephrasing signals are judged by.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import psycopg

from stratakb_core.store import events as ev
from stratakb_core.store.projector import commit_events

log = logging.getLogger(__name__)


def record_interaction(conn: psycopg.Connection, interaction_id: str, tool: str, query: str,
                       layers: Sequence[str] | None, searched: Sequence[str], status: str, confidence: str,
                       chunk_ids: Sequence[str], details: dict[str, Any], *, actor: str | None = None,
                       client: str | None = None, variants: Sequence[str] = (),
                       passages: Sequence[Mapping[str, str | None]] = (), basis: str | None = None) -> bool:
    """Record one interaction (the query as given: scrubbing is the caller's); whether it was stored.

    Recording never fails an answer: a database error is logged as interaction_not_recorded."""
    payload = {"id": interaction_id, "tool": tool, "query": query,
               "layers": list(layers) if layers is not None else None, "searched": list(searched),
               "status": status, "confidence": confidence, "chunk_ids": [c for c in chunk_ids if c],
               "details": details, "client": client, "variants": list(variants),
               "passages": [{"id": p.get("id"), "chunk_id": p.get("chunk_id")} for p in passages],
               "basis": basis}
    try:
        if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            conn.commit()
        commit_events(conn, [ev.Event(ev.INTERACTION_RECORDED, None, payload, actor=actor or ev.default_actor())])
    except psycopg.Error as exc:
        conn.rollback()
        log.warning("interaction_not_recorded: %s", str(exc).splitlines()[0])
        return False
    return True


def interaction_passages(conn: psycopg.Connection, interaction_id: str) -> list[str] | None:
    """The refs of the passages an ask returned, in order (its S1, S2, ...); None when the store
    holds no such interaction (unknown id, or learning was off so nothing was recorded)."""
    row = conn.execute("SELECT details FROM interactions WHERE id = %s", (interaction_id,)).fetchone()
    conn.commit()
    if row is None:
        return None
    return [str(r) for r in (row[0] or {}).get("refs") or []]
