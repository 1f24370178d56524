"""What the server learns from recorded interactions and feedback: pure functions, no I/O.

Signals (asking-and-searching.txt, What the server learns), judged per client key: two clients whose
questions interleave never pair with each other. Within one client, a question is compared with the
same client's previous question when it came at most REPHRASE_WINDOW (5 minutes) after it ("asked
again soon after"); a question with no client key is never paired. On content words (stopwords out),
with A the first question's words and B the second's:

    no shared word                 nothing: a rewording that shares no content word teaches nothing
    A == B, other layers named     layer_switch: the question repeated in another layer (the second
                                   names layers, not the ones the first searched)
    A == B otherwise               nothing (the same question again)
    A inside B (words added)       follow_up: the first answer led on
    else                           rephrase: the first wording missed; also a layer_switch when the
                                   second names other layers than the first searched and half the
                                   words are shared

A rephrase is a synonym candidate when exactly one content word of A is missing from B; the term is
that word and the synonym the 1 to 3 words B added, in B's order. A pair must be seen twice in the
lookback window before it is learned; its layer is the one layer every sighting searched, else none.

Learned rewrites (a rewrite that worked): a rephrase whose second question was rated helpful teaches
"first question -> second question"; a learned rewrite that was used gains on a helpful rating and
loses on an unhelpful one; a better_query from two different clients counts as one success. Its score
halves every REWRITE_HALF_LIFE without a new success; at PROVEN_AT it is proven and reused without
the model, and below DROP_BELOW it is dropped (decay of stale rewrites).

Layer affinities (used by routing): a layer switch counts 1 for the question's words and each layer
the second question named that the first did not search (or, when it narrowed the search, each it
named), a correct_layer rating counts 1, a helpful rating or a follow-up of an answer from one layer 0.5;
affinity = e / (e + 1), at most 0.95.

Every learned item keeps the ids of the observations it counted inside the window (a union, so
nothing counts twice) and a settled weight for those that left it: the promoter (query/promoter.py)
is idempotent. This module holds the values, the signals and the readers of what was learned.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from stratakb_core.query.feedback import ChunkRating

REPHRASE_WINDOW = timedelta(minutes=5)
LOOKBACK = timedelta(days=30)
PROMOTE_EVERY = 50  # interactions between promoter runs
SYNONYM_RULE = 2  # pairs stored under another rule (the older, looser one) are deleted on the next run
SYNONYM_MIN_SIGHTINGS = 2
MAX_SYNONYM_WORDS = 3
MAX_TERMS = 10  # content words of a question that learn an affinity
SWITCH_OVERLAP = 0.5
AFFINITY_CAP = 0.95
REWRITE_HALF_LIFE = timedelta(days=30)
PROVEN_AT = 0.75  # one success stays proven for about 12 days (REWRITE_HALF_LIFE 30 days)
DROP_BELOW = 0.25
SUGGESTION_WEIGHT = 0.5
QUESTION_CHARS = 2000

STOPWORDS = frozenset(
    "a an and are as at be by can do does for from how i in is it of on or should the to what when where "
    "which who why will with you your we our this that these those there their about into not no yes "
    "am been being did doing had has have having he her hers him his its itself me my myself she them "
    "they us was were would could may might must shall also any all some such than then so if but "
    "please tell me show give find explain describe whose whom".split()
)
_WORD = re.compile(r"[^\W_][\w.\-]*")

SignalKind = Literal["rephrase", "layer_switch", "follow_up"]
Observation = tuple[str, datetime, float]  # (id, when, weight)


def content_words(text: str) -> list[str]:
    """The question's words in order, lower-cased, without stopwords and repeats."""
    out: list[str] = []
    for raw in _WORD.findall(text[:QUESTION_CHARS].lower()):
        word = raw.strip(".-")
        if word and word not in STOPWORDS and word not in out:
            out.append(word)
    return out


def rewrite_key(question: str) -> str:
    """The key a learned rewrite is stored under: the question's content words, sorted."""
    return " ".join(sorted(content_words(question)))


@dataclass(frozen=True)
class InteractionRecord:
    """One recorded ask or search, as the learning loop reads it."""

    id: str
    occurred_at: datetime
    client: str | None  # the client or session key; None: never paired with another question
    query: str
    layers: tuple[str, ...] | None = None  # the layers the caller named; None: routed
    searched: tuple[str, ...] = ()
    tool: str = "strata_ask"
    status: str | None = None
    confidence: str | None = None
    learned_rewrites: tuple[str, ...] = ()  # learned rewrites this ask searched


@dataclass(frozen=True)
class Signal:
    kind: SignalKind
    first: str
    second: str
    client: str
    at: datetime


@dataclass(frozen=True)
class Ledger:
    """Evidence: observations inside the window by id, and the weight of those that left it."""

    recent: tuple[Observation, ...] = ()
    settled: float = 0.0

    @property
    def total(self) -> float:
        return self.settled + sum(w for _, _, w in self.recent)

    @property
    def last(self) -> datetime | None:
        return max((at for _, at, _ in self.recent), default=None)

    def add(self, observations: Iterable[Observation], window_start: datetime) -> Ledger:
        by_id = {o[0]: o for o in self.recent}
        for o in observations:
            if o[1] >= window_start:
                by_id.setdefault(o[0], o)
        kept = tuple(sorted((o for o in by_id.values() if o[1] >= window_start), key=lambda o: o[0]))
        gone = sum(o[2] for o in by_id.values() if o[1] < window_start)
        return Ledger(kept, round(self.settled + gone, 6))


@dataclass(frozen=True)
class LearnedSynonym:
    term: str
    synonym: str
    layer: str | None
    evidence: Ledger
    rule: int = SYNONYM_RULE

    @property
    def usage_count(self) -> int:
        return round(self.evidence.total)


@dataclass(frozen=True)
class LayerAffinity:
    layer: str
    term: str
    evidence: Ledger

    @property
    def affinity(self) -> float:
        e = self.evidence.total
        return round(min(AFFINITY_CAP, e / (e + 1.0)), 4)


@dataclass(frozen=True)
class LearnedRewrite:
    key: str  # rewrite_key of the question it rewrites
    rewrite: str
    layer: str | None
    successes: Ledger
    failures: Ledger
    suggested_by: tuple[str, ...] = ()  # distinct clients whose better_query named it
    last_success: datetime | None = None

    def score(self, now: datetime) -> float:
        base = self.successes.total + (SUGGESTION_WEIGHT * len(self.suggested_by) if len(self.suggested_by) >= 2
                                       else 0.0)
        if self.last_success is not None:
            base *= 0.5 ** (max(0.0, (now - self.last_success) / REWRITE_HALF_LIFE))
        return round(base - self.failures.total, 6)


@dataclass(frozen=True)
class LearnedState:
    """Everything learned; `since` is the last global reset (nothing before it is read again)."""

    synonyms: tuple[LearnedSynonym, ...] = ()
    affinities: tuple[LayerAffinity, ...] = ()
    rewrites: tuple[LearnedRewrite, ...] = ()
    chunk_ratings: tuple[ChunkRating, ...] = ()
    demotions: Mapping[str, float] = field(default_factory=dict)
    since: datetime | None = None


# ---------------------------------------------------------------------------------------------
# Signals


def _overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def classify(a: InteractionRecord, b: InteractionRecord) -> list[SignalKind]:
    wa, wb = set(content_words(a.query)), set(content_words(b.query))
    if not wa & wb:
        return []
    new_layers = b.layers is not None and set(b.layers) != set(a.searched)
    if wa == wb:
        return ["layer_switch"] if new_layers else []
    if wa <= wb:
        return ["follow_up"]
    kinds: list[SignalKind] = ["rephrase"]
    if new_layers and _overlap(wa, wb) >= SWITCH_OVERLAP:
        kinds.append("layer_switch")
    return kinds


def consecutive_pairs(interactions: Iterable[InteractionRecord]) -> list[tuple[InteractionRecord, InteractionRecord]]:
    """Each client's questions paired with that client's previous one, when asked again soon after."""
    by_client: dict[str, list[InteractionRecord]] = defaultdict(list)
    for record in interactions:
        if record.client:
            by_client[record.client].append(record)
    pairs = []
    for client in sorted(by_client):
        stream = sorted(by_client[client], key=lambda r: (r.occurred_at, r.id))
        for a, b in zip(stream, stream[1:], strict=False):
            if timedelta(0) <= b.occurred_at - a.occurred_at <= REPHRASE_WINDOW:
                pairs.append((a, b))
    return pairs


def find_signals(interactions: Iterable[InteractionRecord]) -> list[Signal]:
    """Rephrasings, layer switches and follow-ups, judged per client key."""
    return [Signal(kind, a.id, b.id, b.client or "", b.occurred_at)
            for a, b in consecutive_pairs(interactions) for kind in classify(a, b)]


def synonym_candidate(first: str, second: str) -> tuple[str, str] | None:
    """(term, synonym) when exactly one content word of `first` is missing from `second`, the two share
    a content word and `second` adds 1 to 3 words; else None."""
    wa, wb = content_words(first), content_words(second)
    missing = [w for w in wa if w not in wb]
    added = [w for w in wb if w not in wa]
    if len(missing) != 1 or not set(wa) & set(wb) or not 1 <= len(added) <= MAX_SYNONYM_WORDS:
        return None
    return missing[0], " ".join(added)


def one_layer(record: InteractionRecord) -> str | None:
    layers = record.layers if record.layers is not None else record.searched
    return layers[0] if len(layers) == 1 else None


# ---------------------------------------------------------------------------------------------
# Reading what was learned


def synonyms_for(state: LearnedState, question: str, layers: Sequence[str]) -> list[str]:
    """Learned synonyms for the question's content words, stored for no layer or one of `layers`."""
    words = set(content_words(question))
    return [s.synonym for s in state.synonyms if s.rule == SYNONYM_RULE and s.term in words
            and (s.layer is None or s.layer in layers)]


def affinities_for(state: LearnedState, question: str) -> dict[str, float]:
    """layer -> the highest learned affinity of the question's content words (routing's input)."""
    words = set(content_words(question))
    out: dict[str, float] = {}
    for a in state.affinities:
        if a.term in words:
            out[a.layer] = max(out.get(a.layer, 0.0), a.affinity)
    return out


def proven_rewrites(state: LearnedState, question: str, layers: Sequence[str] | None, now: datetime,
                    limit: int = 2) -> list[str]:
    """Proven learned rewrites of the question (reused without the model), best first."""
    key = rewrite_key(question)
    fits = [r for r in state.rewrites if r.key == key and (r.layer is None or layers is None or r.layer in layers)
            and r.score(now) >= PROVEN_AT]
    fits.sort(key=lambda r: (-r.score(now), r.rewrite))
    return [r.rewrite for r in fits[:limit]]


# ---------------------------------------------------------------------------------------------
# The learning_promoted event's payload (JSON: times as ISO 8601 strings)


def _ledger_out(ledger: Ledger) -> dict[str, Any]:
    return {"recent": [[i, at.isoformat(), w] for i, at, w in ledger.recent], "settled": ledger.settled}


def _ledger_in(data: Mapping[str, Any]) -> Ledger:
    return Ledger(tuple((str(i), datetime.fromisoformat(at), float(w)) for i, at, w in data.get("recent", ())),
                  float(data.get("settled", 0.0)))


def _time(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def state_to_payload(state: LearnedState) -> dict[str, Any]:
    """The state as the JSON payload of a learning_promoted event; state_from_payload reads it back."""
    return {
        "synonyms": [{"term": s.term, "synonym": s.synonym, "layer": s.layer, "usage_count": s.usage_count,
                      "rule": s.rule, "evidence": _ledger_out(s.evidence)} for s in state.synonyms],
        "affinities": [{"layer": a.layer, "term": a.term, "affinity": a.affinity, "evidence": _ledger_out(a.evidence)}
                       for a in state.affinities],
        "rewrites": [{"key": r.key, "rewrite": r.rewrite, "layer": r.layer, "successes": _ledger_out(r.successes),
                      "failures": _ledger_out(r.failures), "suggested_by": list(r.suggested_by),
                      "last_success": r.last_success.isoformat() if r.last_success else None}
                     for r in state.rewrites],
        "chunk_ratings": [{"chunk_id": c.chunk_id, "client": c.client, "rating": c.rating, "at": c.at.isoformat(),
                           "feedback_id": c.feedback_id} for c in state.chunk_ratings],
        "demotions": dict(state.demotions),
        "since": state.since.isoformat() if state.since else None,
    }


def state_from_payload(data: Mapping[str, Any]) -> LearnedState:
    return LearnedState(
        synonyms=tuple(LearnedSynonym(s["term"], s["synonym"], s.get("layer"), _ledger_in(s.get("evidence", {})),
                                      int(s.get("rule") or 0)) for s in data.get("synonyms", ())),
        affinities=tuple(LayerAffinity(a["layer"], a["term"], _ledger_in(a.get("evidence", {})))
                         for a in data.get("affinities", ())),
        rewrites=tuple(LearnedRewrite(r["key"], r["rewrite"], r.get("layer"), _ledger_in(r.get("successes", {})),
                                      _ledger_in(r.get("failures", {})), tuple(r.get("suggested_by", ())),
                                      _time(r.get("last_success"))) for r in data.get("rewrites", ())),
        chunk_ratings=tuple(ChunkRating(c["chunk_id"], c["client"], c["rating"], datetime.fromisoformat(c["at"]),
                                        c["feedback_id"]) for c in data.get("chunk_ratings", ())),
        demotions={str(k): float(v) for k, v in (data.get("demotions") or {}).items()},
        since=_time(data.get("since")),
    )
