"""The promoter: turns the interactions and feedback of the lookback window into what is learned (pure, no I/O).

The rules are in stratakb_core.query.learning's docstring. The engine runs `promote` every
PROMOTE_EVERY (50) interactions, over the window's interactions (plus those the window's feedback
rates) and feedback, on top of the state last promoted, and stores the result. Running it twice on
the same input gives the same state: evidence is kept by observation id, so nothing counts twice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from stratakb_core.query.feedback import FeedbackRecord, demotions, merge_ratings
from stratakb_core.query.learning import (
    DROP_BELOW,
    LOOKBACK,
    MAX_TERMS,
    SYNONYM_MIN_SIGHTINGS,
    SYNONYM_RULE,
    InteractionRecord,
    LayerAffinity,
    LearnedRewrite,
    LearnedState,
    LearnedSynonym,
    Ledger,
    Observation,
    classify,
    consecutive_pairs,
    content_words,
    one_layer,
    rewrite_key,
    synonym_candidate,
)


def _latest_feedback(feedback: Iterable[FeedbackRecord]) -> dict[str, list[FeedbackRecord]]:
    """interaction id -> each client's latest feedback on it."""
    latest: dict[tuple[str, str], FeedbackRecord] = {}
    for f in feedback:
        key = (f.interaction_id, f.client or "")
        held = latest.get(key)
        if held is None or (f.occurred_at, f.id) > (held.occurred_at, held.id):
            latest[key] = f
    out: dict[str, list[FeedbackRecord]] = defaultdict(list)
    for (interaction_id, _), f in sorted(latest.items()):
        out[interaction_id].append(f)
    return out


def _promote_synonyms(previous: Sequence[LearnedSynonym], pairs: Sequence[tuple[InteractionRecord, InteractionRecord]],
                      window_start: datetime) -> tuple[LearnedSynonym, ...]:
    current = {(s.term, s.synonym): s for s in previous if s.rule == SYNONYM_RULE}
    sightings: dict[tuple[str, str], list[tuple[Observation, str | None]]] = defaultdict(list)
    for a, b in pairs:
        candidate = synonym_candidate(a.query, b.query) if "rephrase" in classify(a, b) else None
        if candidate:
            sightings[candidate].append(((f"{a.id}>{b.id}", b.occurred_at, 1.0), one_layer(b)))
    for key in sorted(sightings):
        seen = sightings[key]
        layers = {layer for _, layer in seen}
        held = current.get(key)
        if held is not None:
            layer = held.layer if layers == {held.layer} else None
            current[key] = replace(held, layer=layer, evidence=held.evidence.add([o for o, _ in seen], window_start))
        elif len({o[0] for o, _ in seen if o[1] >= window_start}) >= SYNONYM_MIN_SIGHTINGS:
            layer = next(iter(layers)) if len(layers) == 1 else None
            current[key] = LearnedSynonym(key[0], key[1], layer, Ledger().add([o for o, _ in seen], window_start))
    settled = (replace(s, evidence=s.evidence.add((), window_start)) for s in current.values())
    return tuple(sorted(settled, key=lambda s: (s.term, s.synonym)))


def _affinity_observations(records: Mapping[str, InteractionRecord],
                           pairs: Sequence[tuple[InteractionRecord, InteractionRecord]],
                           feedback: Mapping[str, list[FeedbackRecord]]) -> dict[tuple[str, str], list[Observation]]:
    found: dict[tuple[str, str], list[Observation]] = defaultdict(list)

    def teach(layer: str, question: str, obs: Observation) -> None:
        for term in content_words(question)[:MAX_TERMS]:
            found[(layer, term)].append(obs)

    for a, b in pairs:
        kinds = classify(a, b)
        if "layer_switch" in kinds:
            named = set(b.layers or ())
            for layer in sorted(named - set(a.searched) or named):
                teach(layer, b.query, (f"switch:{a.id}>{b.id}", b.occurred_at, 1.0))
        if "follow_up" in kinds and one_layer(a) and a.confidence != "low":
            teach(one_layer(a) or "", a.query, (f"follow:{a.id}>{b.id}", b.occurred_at, 0.5))
    for interaction_id, rated in feedback.items():
        record = records.get(interaction_id)
        if record is None:
            continue
        for f in rated:
            if f.correct_layer:
                teach(f.correct_layer, record.query, (f"layer:{f.id}", f.occurred_at, 1.0))
            if f.helpful and one_layer(record):
                teach(one_layer(record) or "", record.query, (f"helpful:{f.id}", f.occurred_at, 0.5))
    return found


def _promote_affinities(previous: Sequence[LayerAffinity], found: Mapping[tuple[str, str], list[Observation]],
                        window_start: datetime) -> tuple[LayerAffinity, ...]:
    current = {(a.layer, a.term): a for a in previous}
    for key in sorted(found):
        held = current.get(key) or LayerAffinity(key[0], key[1], Ledger())
        current[key] = replace(held, evidence=held.evidence.add(found[key], window_start))
    settled = (replace(a, evidence=a.evidence.add((), window_start)) for a in current.values())
    return tuple(sorted((a for a in settled if a.evidence.total > 0), key=lambda a: (a.layer, a.term)))


@dataclass
class _RewriteEvidence:
    layer: str | None = None
    layers: set[str | None] = field(default_factory=set)
    successes: list[Observation] = field(default_factory=list)
    failures: list[Observation] = field(default_factory=list)
    suggesters: set[str] = field(default_factory=set)


def _rewrite_observations(records: Mapping[str, InteractionRecord],
                          pairs: Sequence[tuple[InteractionRecord, InteractionRecord]],
                          feedback: Mapping[str, list[FeedbackRecord]]) -> dict[tuple[str, str], _RewriteEvidence]:
    found: dict[tuple[str, str], _RewriteEvidence] = defaultdict(_RewriteEvidence)
    for a, b in pairs:
        helpful_b = [f for f in feedback.get(b.id, ()) if f.helpful]
        if "rephrase" not in classify(a, b) or not helpful_b or any(f.helpful for f in feedback.get(a.id, ())):
            continue
        entry = found[(rewrite_key(a.query), b.query)]
        entry.layers.add(one_layer(b))
        entry.successes.append((f"worked:{a.id}>{b.id}", min(f.occurred_at for f in helpful_b), 1.0))
    for interaction_id, rated in feedback.items():
        record = records.get(interaction_id)
        if record is None:
            continue
        key = rewrite_key(record.query)
        for f in rated:
            for used in record.learned_rewrites:
                entry = found[(key, used)]
                entry.layers.add(one_layer(record))
                (entry.successes if f.helpful else entry.failures).append((f"used:{f.id}", f.occurred_at, 1.0))
            if not f.helpful and f.better_query and f.client and rewrite_key(f.better_query) != key:
                entry = found[(key, f.better_query)]
                entry.layers.add(one_layer(record))
                entry.suggesters.add(f.client)
    return found


def _promote_rewrites(previous: Sequence[LearnedRewrite], found: Mapping[tuple[str, str], _RewriteEvidence],
                      window_start: datetime, now: datetime) -> tuple[LearnedRewrite, ...]:
    current = {(r.key, r.rewrite): r for r in previous}
    for key in sorted(found):
        ev = found[key]
        layer = next(iter(ev.layers)) if len(ev.layers) == 1 else None
        held = current.get(key) or LearnedRewrite(key[0], key[1], layer, Ledger(), Ledger())
        successes = held.successes.add(ev.successes, window_start)
        last = max([t for t in (held.last_success, successes.last) if t is not None], default=None)
        current[key] = replace(held, layer=held.layer if held.layer == layer else None, successes=successes,
                               failures=held.failures.add(ev.failures, window_start), last_success=last,
                               suggested_by=tuple(sorted(set(held.suggested_by) | ev.suggesters)))
    kept = []
    for r in current.values():
        r = replace(r, successes=r.successes.add((), window_start), failures=r.failures.add((), window_start))
        if r.score(now) >= DROP_BELOW:
            kept.append(r)
    return tuple(sorted(kept, key=lambda r: (r.key, r.rewrite)))


def promote(interactions: Iterable[InteractionRecord], feedback: Iterable[FeedbackRecord],
            previous: LearnedState, now: datetime) -> LearnedState:
    """Everything learned from the interactions and feedback of the lookback window, on top of `previous`.

    Idempotent: promote(i, f, promote(i, f, s, now), now) == promote(i, f, s, now). Interactions and
    feedback from before the window, before the last global reset or after `now` are not read.
    """
    interactions, feedback = list(interactions), list(feedback)
    window_start = now - LOOKBACK
    if previous.since is not None and previous.since > window_start:
        window_start = previous.since
    records = {r.id: r for r in interactions if window_start <= r.occurred_at <= now}
    rated = [f for f in feedback if window_start <= f.occurred_at <= now]
    pairs = consecutive_pairs(records.values())
    latest = _latest_feedback(rated)
    after_reset = [f for f in feedback if (previous.since is None or f.occurred_at >= previous.since)
                   and f.occurred_at <= now]
    ratings = merge_ratings(previous.chunk_ratings, after_reset)
    return LearnedState(
        synonyms=_promote_synonyms(previous.synonyms, pairs, window_start),
        affinities=_promote_affinities(previous.affinities, _affinity_observations(records, pairs, latest),
                                       window_start),
        rewrites=_promote_rewrites(previous.rewrites, _rewrite_observations(records, pairs, latest), window_start,
                                   now),
        chunk_ratings=ratings,
        demotions=demotions(ratings),
        since=previous.since,
    )


def reset_all(now: datetime) -> LearnedState:
    """The global reset: nothing learned, and nothing recorded before `now` is learned from again."""
    return LearnedState(since=now)


def reset_layer(state: LearnedState, layer: str) -> LearnedState:
    """A layer reset: that layer's synonyms, affinities and rewrites go; history and layer-less synonyms stay,
    so a pair with enough evidence in the window is learned again on the next run."""
    return replace(state, synonyms=tuple(s for s in state.synonyms if s.layer != layer),
                   affinities=tuple(a for a in state.affinities if a.layer != layer),
                   rewrites=tuple(r for r in state.rewrites if r.layer != layer))
