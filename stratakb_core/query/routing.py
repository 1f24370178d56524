"""Routing a question to layers by their routing patterns and learned affinity (no I/O).

score(layer) = 0.7 if any routing pattern matches the question's first 2,000 characters
             + 0.3 x 0.8 if the layer's learned affinity for the question is at least 0.6.
Layers scoring 0.2 or more are searched; when none does, every layer is.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from stratakb_core.patterns import check_regex, compile_regex

log = logging.getLogger(__name__)

PATTERN_WEIGHT = 0.7
AFFINITY_WEIGHT = 0.3
AFFINITY_COUNTED_AS = 0.8
AFFINITY_MIN = 0.6
THRESHOLD = 0.2
QUESTION_CHARS = 2000

STOPWORDS = frozenset(
    "a an and are as at be by can do does for from how i in is it of on or should the to what when where "
    "which who why will with you your we our this that these those there their about into not no yes".split()
)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def content_words(text: str) -> list[str]:
    return [w.lower().strip(".-") for w in _WORD.findall(text) if w.lower() not in STOPWORDS]


@dataclass(frozen=True)
class Route:
    layers: tuple[str, ...]  # the layers to search
    routed: bool  # False: no layer reached the threshold, every layer is searched
    scores: dict[str, float]


def route(question: str, patterns: Mapping[str, Sequence[re.Pattern[str]]],
          affinities: Mapping[str, float], all_layers: Sequence[str]) -> Route:
    """Choose layers for a question; patterns are compiled (unsafe ones already dropped)."""
    text = question[:QUESTION_CHARS]
    scores: dict[str, float] = {}
    for layer in all_layers:
        score = 0.0
        if any(p.search(text) for p in patterns.get(layer, ())):
            score += PATTERN_WEIGHT
        if affinities.get(layer, 0.0) >= AFFINITY_MIN:
            score += AFFINITY_WEIGHT * AFFINITY_COUNTED_AS
        scores[layer] = round(score, 4)
    chosen = tuple(sorted(layer for layer, s in scores.items() if s >= THRESHOLD))
    if not chosen:
        return Route(tuple(sorted(all_layers)), False, scores)
    return Route(chosen, True, scores)


def compile_routing_patterns(layer: str, patterns: Sequence[str]) -> list[re.Pattern[str]]:
    """Compile a layer's stored routing patterns, skipping unsafe ones with a warning."""
    out: list[re.Pattern[str]] = []
    for p in patterns:
        reason = check_regex(p) if isinstance(p, str) else "not a string"
        if reason is None:
            compiled = compile_regex(p, re.IGNORECASE)  # linear-time whenever google-re2 can run it
            if compiled is not None:
                out.append(compiled)
                continue
            reason = "does not compile"
        log.warning("unsafe_routing_pattern layer=%s reason=%s", layer, reason)
    return out
