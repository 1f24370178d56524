"""Demotion of chunks several clients rated wrong or outdated, applied to a ranking (no I/O).

The multipliers are query/feedback.py's (`demotions`: 0.5, 0.25, never less, from two clients on).
Within the passages ranked on the ranking's basis (the reranked pool with reranking, the merged
search order without), each passage's score (rerank_score, or the merged rank score) is multiplied
and the pool re-sorted, stably. Nothing is removed, and a named clause (an exact passage, which has
no chunk id) keeps its place first: demotion reorders only the searched passages after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from stratakb_core.query.answer_types import Ranking, RetrievedPassage
from stratakb_core.query.feedback import demoted

__all__ = ["demote"]


def demote(ranking: Ranking, multipliers: Mapping[str, float]) -> Ranking:
    """The ranking with demoted chunks moved down; unchanged when none of its chunks is demoted."""
    searched = list(ranking.searched)
    if not multipliers or not any(c.chunk_id in multipliers for c in searched if c.chunk_id):
        return ranking
    reranked = ranking.basis == "rerank"
    head = [c for c in searched if c.rerank is not None] if reranked else searched
    tail = [c for c in searched if c.rerank is None] if reranked else []

    def score(c: RetrievedPassage) -> float:
        return (c.rerank or 0.0) if reranked else c.fused

    order = [c for c, _ in demoted(head, score=score, chunk_id=lambda c: c.chunk_id, multipliers=multipliers)]
    searched = order + tail
    keys = {(c.document_id, c.start, c.end) for c in ranking.exact.passages}
    ranked = [*ranking.exact.passages, *(c for c in searched if (c.document_id, c.start, c.end) not in keys)]
    return replace(ranking, searched=tuple(searched), ranked=tuple(ranked))
