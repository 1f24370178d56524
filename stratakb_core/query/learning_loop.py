"""The learning loop over the store: load what was learned, run the promoter, reset, report; does I/O.

The rules are query/learning.py's and the promoter query/promoter.py's (pure). This module reads the
window's interactions and feedback from the store, runs `promote` on top of the stored state and
appends a learning_promoted event carrying the state after it (store/learning_projection.py projects
it into the learned tables). `maybe_promote` runs it once PROMOTE_EVERY (50) interactions were
recorded since the last run; the MCP server calls it after each ask and search, and the Dagster
asset `learned_rewrites` calls `run_promoter` when its sensor sees the count.

Resets (asking-and-searching.txt, What the server learns): a layer reset drops that layer's synonyms,
affinities and rewrites but keeps the history and the synonyms stored with no layer, so a pair with
enough evidence is learned again on the next run; the global reset clears everything and nothing
recorded before it is learned from again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import psycopg

from stratakb_core.errors import ArgumentError
from stratakb_core.query.feedback import FeedbackRecord
from stratakb_core.query.learning import (
    LOOKBACK,
    PROMOTE_EVERY,
    InteractionRecord,
    LearnedState,
    state_from_payload,
    state_to_payload,
)
from stratakb_core.query.promoter import promote, reset_all, reset_layer
from stratakb_core.store import events as ev
from stratakb_core.store import learning as store

__all__ = ["LearnedCache", "PromoteResult", "learning_stats", "maybe_promote", "reset_learning", "run_promoter"]

log = logging.getLogger(__name__)
_PROMOTING = threading.Lock()  # one promoter run at a time in this process (a second would find nothing new)


def _interaction(row: Sequence[Any]) -> InteractionRecord:
    id_, at, client, query, layers, searched, tool, status, confidence, details = row
    return InteractionRecord(id=id_, occurred_at=at, client=client, query=query,
                             layers=tuple(layers) if layers is not None else None, searched=tuple(searched or ()),
                             tool=tool, status=status, confidence=confidence,
                             learned_rewrites=tuple((details or {}).get("learned_rewrites") or ()))


def _feedback(row: Sequence[Any]) -> FeedbackRecord:
    id_, interaction_id, at, client, helpful, correct_layer, better_query, chunks = row
    return FeedbackRecord(id=id_, interaction_id=interaction_id, occurred_at=at, client=client, helpful=bool(helpful),
                          correct_layer=correct_layer, better_query=better_query,
                          chunk_ratings=tuple((c["chunk_id"], c["rating"]) for c in chunks or ()))


def stored_state(conn: psycopg.Connection) -> tuple[LearnedState, store.StoredLearning]:
    stored = store.learning_state(conn)
    return (state_from_payload(stored.state) if stored.state else LearnedState()), stored


class LearnedCache:
    """The learned state, read again only when a learning event changed it (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seq = -1
        self._state = LearnedState()

    def get(self, conn: psycopg.Connection) -> LearnedState:
        seq = store.learning_updated_seq(conn)
        with self._lock:
            if seq == self._seq:
                return self._state
        state = stored_state(conn)[0] if seq else LearnedState()
        with self._lock:
            self._seq, self._state = seq, state
        return state


@dataclass(frozen=True)
class PromoteResult:
    ran: bool
    changed: bool
    interactions: int  # read from the window
    feedback: int
    synonyms: int
    affinities: int
    rewrites: int
    demoted_chunks: int
    seq: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()}


def run_promoter(conn: psycopg.Connection, *, now: datetime | None = None, actor: str | None = None) -> PromoteResult:
    """Promote the window's interactions and feedback on top of the stored state; a learning_promoted event
    when the state or the interactions seen changed. Idempotent: a second run on the same input changes nothing."""
    now = now or datetime.now(UTC)
    with _PROMOTING:
        previous, stored = stored_state(conn)
        _, last_seq = store.interaction_progress(conn)
        start = now - LOOKBACK
        if previous.since is not None and previous.since > start:
            start = previous.since
        rows = store.interactions_between(conn, start, now)
        feedback = [_feedback(r) for r in store.feedback_between(conn, previous.since, now)]
        have = {r[0] for r in rows}
        rated = sorted({f.interaction_id for f in feedback if f.occurred_at >= start} - have)
        if rated:
            rows += store.interactions_by_id(conn, rated)
        interactions = [_interaction(r) for r in rows]
        new = promote(interactions, feedback, previous, now)
        payload = state_to_payload(new)
        changed = stored.state is None or payload != stored.state
        seq = None
        if changed or last_seq > stored.through_seq:
            seq = store.record(conn, ev.LEARNING_PROMOTED, {
                "state": payload, "through_seq": last_seq, "interactions": len(interactions),
                "feedback": len(feedback), "at": now.isoformat()}, actor=actor)
    return PromoteResult(True, changed, len(interactions), len(feedback), len(new.synonyms), len(new.affinities),
                         len(new.rewrites), len(new.demotions), seq)


def maybe_promote(conn: psycopg.Connection, every: int = PROMOTE_EVERY, *, actor: str | None = None) -> bool:
    """Run the promoter when `every` interactions were recorded since its last run; never fails a call."""
    try:
        pending, _ = store.interaction_progress(conn)
        if every <= 0 or pending < every:
            return False
        run_promoter(conn, actor=actor)
        return True
    except psycopg.Error as exc:
        conn.rollback()
        log.warning("learning_promoter_failed: %s", str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        return False


def reset_learning(conn: psycopg.Connection, layer: str | None = None, *, known_layers: Sequence[str] = (),
                   actor: str | None = None, now: datetime | None = None) -> dict[str, Any]:
    """strata_reset_learning: one layer's learning, or everything (layer None)."""
    now = now or datetime.now(UTC)
    with _PROMOTING:
        previous, _ = stored_state(conn)
        if layer is None:
            new, scope = reset_all(now), "global"
        else:
            if not isinstance(layer, str) or layer not in known_layers:
                raise ArgumentError("layer", f"no layer named {str(layer)[:80]!r}; leave layer out for the global "
                                    "reset", layers=sorted(known_layers))
            new, scope = reset_layer(previous, layer), "layer"
        _, last_seq = store.interaction_progress(conn)
        store.record(conn, ev.LEARNING_RESET, {"scope": scope, "layer": layer, "state": state_to_payload(new),
                                               "through_seq": last_seq}, actor=actor)
    removed = {
        "synonyms": len(previous.synonyms) - len(new.synonyms),
        "layer_affinities": len(previous.affinities) - len(new.affinities),
        "learned_rewrites": len(previous.rewrites) - len(new.rewrites),
        "chunk_demotions": len(previous.demotions) - len(new.demotions),
    }
    if scope == "global":
        note = ("Everything learned was cleared; interactions and feedback recorded before now are not "
                "learned from again.")
    else:
        note = (f"The layer {layer}'s synonyms, affinities and rewrites were cleared. The history is kept and "
                "synonyms stored with no layer are not reached, so a pair with enough evidence is learned again "
                "on the next promoter run; use the global reset to remove a bad synonym for good.")
    return {"status": "ok", "scope": scope, "layer": layer, "removed": removed, "note": note}


def learning_stats(conn: psycopg.Connection, *, enabled: bool, layer: str | None = None,
                   limit: int = 50) -> dict[str, Any]:
    """strata_learning_stats: what has been learned, each synonym with its layer and usage_count."""
    tables = store.learned_tables(conn)
    _, stored = stored_state(conn)
    pending, _ = store.interaction_progress(conn)

    def keep(row_layer: str | None) -> bool:
        return layer is None or row_layer == layer or row_layer is None

    synonyms = [{"term": t, "synonym": s, "layer": ly, "usage_count": n}
                for t, s, ly, n in tables["synonyms"] if keep(ly)]
    affinities = [{"layer": ly, "term": t, "affinity": round(float(a), 4)}
                  for ly, t, a in tables["layer_affinities"] if layer is None or ly == layer]
    rewrites = [{"question_words": k, "rewrite": r, "layer": ly, "successes": round(float(s), 2),
                 "failures": round(float(f), 2), "last_success": last.isoformat() if last else None}
                for k, r, ly, s, f, last in tables["learned_rewrites"] if keep(ly)]
    interactions, feedback = tables["counts"][0]
    return {
        "status": "ok", "learning_enabled": enabled, "layer": layer,
        "interactions": int(interactions), "feedback": int(feedback),
        "interactions_since_promotion": pending, "promote_every": PROMOTE_EVERY,
        "last_global_reset": stored.reset_at.isoformat() if stored.reset_at else None,
        "synonyms": synonyms[:limit], "layer_affinities": affinities[:limit], "learned_rewrites": rewrites[:limit],
        "demoted_chunks": [{"chunk_id": c, "multiplier": round(float(m), 4)} for c, m in tables["chunk_demotions"]
                           ][:limit],
        "counts": {"synonyms": len(synonyms), "layer_affinities": len(affinities), "learned_rewrites": len(rewrites),
                   "demoted_chunks": len(tables["chunk_demotions"])},
    }
