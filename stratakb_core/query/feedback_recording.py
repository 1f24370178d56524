"""strata_feedback as the tools take it: check the call against its interaction and store it as a
feedback_recorded event; does I/O (the store).

The checking rules are query/feedback.py's: a bad rating refuses the whole call and stores nothing,
the error listing the allowed values; an extra that cannot be stored is named in `not_stored` and
`warning` while the status stays ok. With learning off nothing was recorded, so there is nothing to
rate: the call is refused with learning_disabled.
"""

from __future__ import annotations

import uuid
from typing import Any

import psycopg

from stratakb_core.errors import ArgumentError, LearningDisabled
from stratakb_core.query.answer_types import AskConfig
from stratakb_core.query.feedback import MAX_INTERACTION_ID_CHARS, validate_feedback
from stratakb_core.query.retrieve import load_layers
from stratakb_core.query.scrub import scrub
from stratakb_core.store import events as ev
from stratakb_core.store import learning as store

__all__ = ["LEARNING_OFF", "feedback_tool"]

LEARNING_OFF = ("Learning is off (LEARNING_ENABLED=false): no interaction is recorded, so there is nothing to "
                "rate. Turn it on to give feedback.")


def feedback_tool(conn: psycopg.Connection, config: AskConfig, interaction_id: Any, helpful: Any,
                  correct_layer: Any = None, better_query: Any = None, chunk_feedback: Any = None, *,
                  client: str | None = None, actor: str | None = None) -> dict[str, Any]:
    """Store one strata_feedback call; its response ({"status": "ok", ...}) or ArgumentError."""
    if not config.learning_enabled:
        raise LearningDisabled(LEARNING_OFF)
    known = load_layers(conn)
    recorded = None
    if isinstance(interaction_id, str) and 0 < len(interaction_id) <= MAX_INTERACTION_ID_CHARS:
        recorded = store.interaction_for_feedback(conn, interaction_id)
    passages = {p.get("id"): p.get("chunk_id") for p in (recorded[1] if recorded else []) if p.get("id")}
    candidates = [k for k in (chunk_feedback or {}) if isinstance(k, str)] if isinstance(chunk_feedback, dict) else []
    known_chunks = store.existing_chunk_ids(conn, candidates) if candidates else set()
    decision = validate_feedback(
        interaction_id, helpful, correct_layer, better_query, chunk_feedback, passages=passages,
        known_layers=known.names(), known_chunk_ids=known_chunks,
        clean_query=(lambda q: q) if config.store_raw_queries else scrub)
    if decision.refusal is not None:
        r = decision.refusal
        raise ArgumentError(r.argument, r.message, **({"allowed": list(r.allowed)} if r.allowed else {}))
    if recorded is None:
        raise ArgumentError("interaction_id", f"no interaction with id {str(interaction_id)[:80]!r}: pass the "
                            "interaction_id a strata_ask or strata_search response gave. Nothing was stored.")
    payload = {"id": "fb_" + uuid.uuid4().hex[:20], **decision.event_payload(client)}
    store.record(conn, ev.FEEDBACK_RECORDED, payload, actor=actor)
    return decision.response()
