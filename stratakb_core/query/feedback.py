"""strata_feedback: checking a call, and the demotion of chunks rated outdated or wrong (pure functions, no I/O).

A call (asking-and-searching.txt, Feedback) rates an interaction: `helpful` is the rating, and
`correct_layer`, `better_query` and each `chunk_feedback` entry are extras. chunk_feedback rates
passages by their id in the answer (S1, S2, ...) or chunks by id, as useful, wrong or outdated.

    a bad rating (a chunk_feedback value other than useful, wrong or outdated; helpful not true or
    false; chunk_feedback not an object)  -> the whole call is refused, nothing is stored, and the
                                              error lists the allowed values
    an extra that cannot be stored         -> the rest is stored; the status stays ok, and
                                              not_stored and warning name each extra that failed

Demotion: a chunk that several distinct clients rate outdated or wrong ranks lower. Each client
counts once, with its latest rating; net = clients whose latest rating is wrong or outdated minus
clients whose latest is useful. From DEMOTE_MIN_CLIENTS (2) on, the chunk's ranking score is
multiplied by max(DEMOTE_FLOOR, 0.5 ** (net - 1)): 0.5, 0.25, never less. It is a multiplier, never
a filter, and it never reaches an exact clause answer: an exact clause passage has no chunk id
(it comes from the structure map, not from a chunk), so `demoted` leaves it as it is, and the
engine places exact clauses first before the ranked passages anyway.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

RATINGS = ("useful", "wrong", "outdated")
BAD_RATINGS = frozenset({"wrong", "outdated"})
MAX_CHUNK_FEEDBACK = 50
MAX_BETTER_QUERY_CHARS = 2000
MAX_INTERACTION_ID_CHARS = 100
DEMOTE_MIN_CLIENTS = 2
DEMOTE_FLOOR = 0.25
_PASSAGE_ID = re.compile(r"S[1-9]\d{0,3}")

T = TypeVar("T")


@dataclass(frozen=True)
class FeedbackRefusal:
    """Why the whole call was refused (nothing is stored); `allowed` lists the allowed values."""

    argument: str
    message: str
    allowed: tuple[str, ...] = ()

    code = "invalid_argument"


@dataclass(frozen=True)
class RatedChunk:
    key: str  # as given: S2 or a chunk id
    chunk_id: str
    rating: str


@dataclass(frozen=True)
class FeedbackDecision:
    """What to store for one strata_feedback call, or the refusal."""

    interaction_id: str
    refusal: FeedbackRefusal | None = None
    helpful: bool | None = None
    correct_layer: str | None = None
    better_query: str | None = None
    chunks: tuple[RatedChunk, ...] = ()
    not_stored: tuple[str, ...] = ()
    warning: str | None = None

    def event_payload(self, client: str | None) -> dict[str, Any]:
        """The payload of the feedback_recorded event."""
        return {"interaction_id": self.interaction_id, "client": client, "helpful": self.helpful,
                "correct_layer": self.correct_layer, "better_query": self.better_query,
                "chunk_feedback": [{"key": c.key, "chunk_id": c.chunk_id, "rating": c.rating} for c in self.chunks],
                "not_stored": list(self.not_stored)}

    def response(self) -> dict[str, Any]:
        """The tool's answer once stored: status ok, and not_stored and warning when an extra failed."""
        out: dict[str, Any] = {"status": "ok", "interaction_id": self.interaction_id}
        if self.not_stored:
            out["not_stored"] = list(self.not_stored)
            out["warning"] = self.warning
        return out


def _refuse(interaction_id: Any, argument: str, message: str, allowed: tuple[str, ...] = ()) -> FeedbackDecision:
    return FeedbackDecision(interaction_id if isinstance(interaction_id, str) else "",
                            FeedbackRefusal(argument, message + " Nothing was stored.", allowed))


def _check_ratings(chunk_feedback: Any) -> FeedbackRefusal | None:
    if chunk_feedback is None:
        return None
    if not isinstance(chunk_feedback, dict):
        return FeedbackRefusal("chunk_feedback", "chunk_feedback must be an object of passage or chunk ids to "
                               "ratings, such as {\"S1\": \"useful\"}.", RATINGS)
    if len(chunk_feedback) > MAX_CHUNK_FEEDBACK:
        return FeedbackRefusal("chunk_feedback", f"chunk_feedback rates at most {MAX_CHUNK_FEEDBACK} passages, "
                               f"not {len(chunk_feedback)}.")
    bad = [(k, v) for k, v in chunk_feedback.items() if not isinstance(v, str) or v not in RATINGS]
    if bad:
        shown = ", ".join(f"{k!s:.40}: {v!r:.40}" for k, v in bad[:5])
        return FeedbackRefusal("chunk_feedback", f"chunk_feedback has a rating that is not allowed ({shown}); "
                               "the allowed values are useful, wrong and outdated.", RATINGS)
    return None


def _chunk_entry(key: Any, passages: Mapping[str, str | None],
                 known_chunk_ids: Collection[str] | None) -> tuple[str | None, str]:
    """(chunk id, '') for an entry that can be stored, else (None, why not)."""
    if not isinstance(key, str) or not key.strip():
        return None, "not a passage or chunk id"
    if _PASSAGE_ID.fullmatch(key):
        if key not in passages:
            return None, f"{key} is not a passage of this answer"
        chunk_id = passages[key]
        if not chunk_id:
            return None, (f"{key} is an exact clause passage, which has no chunk id and cannot be rated by "
                          "passage id yet")
        return chunk_id, ""
    if known_chunk_ids is not None and key not in known_chunk_ids:
        return None, f"no chunk with id {key[:80]!r}"
    return key, ""


def validate_feedback(interaction_id: Any, helpful: Any, correct_layer: Any = None, better_query: Any = None,
                      chunk_feedback: Any = None, *, passages: Mapping[str, str | None],
                      known_layers: Collection[str], known_chunk_ids: Collection[str] | None = None,
                      clean_query: Callable[[str], str] = lambda q: q) -> FeedbackDecision:
    """Check one strata_feedback call against its interaction.

    passages: the interaction's passage ids and their chunk ids (None for an exact clause);
    known_chunk_ids: the chunk ids that exist (None: not checked); clean_query: how a better_query is
    stored (the engine passes the scrubber unless LEARNING_STORE_RAW_QUERIES=true).
    """
    if not isinstance(interaction_id, str) or not interaction_id.strip() or \
            len(interaction_id) > MAX_INTERACTION_ID_CHARS:
        return _refuse(interaction_id, "interaction_id", "interaction_id must be the interaction_id a response gave.")
    if not isinstance(helpful, bool):
        return _refuse(interaction_id, "helpful", "helpful must be true or false.", ("true", "false"))
    refusal = _check_ratings(chunk_feedback)
    if refusal is not None:
        return FeedbackDecision(interaction_id, FeedbackRefusal(refusal.argument, refusal.message +
                                                                " Nothing was stored.", refusal.allowed))
    failed: list[tuple[str, str]] = []
    layer = None
    if correct_layer is not None:
        if isinstance(correct_layer, str) and correct_layer in known_layers:
            layer = correct_layer
        else:
            failed.append(("correct_layer", f"no layer named {str(correct_layer)[:80]!r}"))
    query = None
    if better_query is not None:
        text = better_query.strip() if isinstance(better_query, str) else ""
        if text and len(text) <= MAX_BETTER_QUERY_CHARS:
            query = clean_query(text)
        else:
            failed.append(("better_query", f"not a question of 1 to {MAX_BETTER_QUERY_CHARS} characters"))
    chunks: list[RatedChunk] = []
    for key, rating in (chunk_feedback or {}).items():
        chunk_id, why = _chunk_entry(key, passages, known_chunk_ids)
        if chunk_id is None:
            failed.append((f"chunk_feedback.{str(key)[:80]}", why))
        elif all(c.chunk_id != chunk_id for c in chunks):
            chunks.append(RatedChunk(key, chunk_id, rating))
    warning = None
    if failed:
        warning = "Not stored: " + "; ".join(f"{name} ({why})" for name, why in failed) + ". The rest was stored."
    return FeedbackDecision(interaction_id, None, helpful, layer, query, tuple(chunks),
                            tuple(name for name, _ in failed), warning)


# ---------------------------------------------------------------------------------------------
# Stored feedback, chunk ratings and demotion


@dataclass(frozen=True)
class FeedbackRecord:
    """One stored strata_feedback call, as the learning loop reads it."""

    id: str
    interaction_id: str
    occurred_at: datetime
    client: str | None
    helpful: bool
    correct_layer: str | None = None
    better_query: str | None = None
    chunk_ratings: tuple[tuple[str, str], ...] = ()  # (chunk id, rating)


@dataclass(frozen=True)
class ChunkRating:
    """A client's latest rating of a chunk."""

    chunk_id: str
    client: str
    rating: str
    at: datetime
    feedback_id: str


UNKNOWN_CLIENT = "(unknown)"  # feedback without a client key counts as one client together


def merge_ratings(previous: Iterable[ChunkRating], feedback: Iterable[FeedbackRecord]) -> tuple[ChunkRating, ...]:
    """Each (chunk, client)'s latest rating, from the ratings kept so far and new feedback; idempotent."""
    latest: dict[tuple[str, str], ChunkRating] = {}
    candidates = list(previous) + [ChunkRating(chunk_id, f.client or UNKNOWN_CLIENT, rating, f.occurred_at, f.id)
                                   for f in feedback for chunk_id, rating in f.chunk_ratings if rating in RATINGS]
    for r in candidates:
        key = (r.chunk_id, r.client)
        held = latest.get(key)
        if held is None or (r.at, r.feedback_id) > (held.at, held.feedback_id):
            latest[key] = r
    return tuple(sorted(latest.values(), key=lambda r: (r.chunk_id, r.client)))


def demotions(ratings: Iterable[ChunkRating]) -> dict[str, float]:
    """chunk id -> score multiplier, for chunks rated wrong or outdated by at least two more clients than
    rated them useful."""
    net: dict[str, int] = defaultdict(int)
    for r in ratings:
        net[r.chunk_id] += 1 if r.rating in BAD_RATINGS else -1
    return {cid: max(DEMOTE_FLOOR, 0.5 ** (n - 1)) for cid, n in sorted(net.items()) if n >= DEMOTE_MIN_CLIENTS}


def demoted(items: Sequence[T], *, score: Callable[[T], float], chunk_id: Callable[[T], str | None],
            multipliers: Mapping[str, float]) -> list[tuple[T, float]]:
    """Items re-sorted by score x multiplier (stable); an item without a chunk id (an exact clause) keeps
    its score and nothing is ever removed."""
    scored = []
    for item in items:
        cid = chunk_id(item)
        scored.append((item, score(item) * (multipliers.get(cid, 1.0) if cid else 1.0)))
    return sorted(scored, key=lambda pair: -pair[1])
