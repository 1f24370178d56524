"""Ranking, the second step of an answer: the cross-encoder reorders the best searched passages,
and the clauses the question names go first; no I/O of its own (the reranker loads a model).

When reranking is on but no model is configured or it cannot load, the passages keep their
similarity order and a warning says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from stratakb_core.errors import RerankerUnavailable
from stratakb_core.query.answer_types import ExactLookup, Ranking, Retrieval, RetrievedPassage
from stratakb_core.query.confidence import Basis

__all__ = ["RERANK_CANDIDATES", "Reranker", "rank"]

RERANK_CANDIDATES = 20
NO_RERANKER_WARNING = "Reranking is on but no reranking model is configured; passages are ranked by similarity."


class Reranker(Protocol):
    """Scores (question, passage) pairs from 0 to 1; raises RerankerUnavailable when it cannot."""

    def score(self, question: str, passages: Sequence[str]) -> Sequence[float]: ...


def _reranked(question: str, passages: Sequence[RetrievedPassage], reranker: Reranker) -> list[RetrievedPassage]:
    pool = list(passages[:RERANK_CANDIDATES])
    scores = reranker.score(question, [c.text for c in pool])
    pool = [replace(c, rerank=float(s)) for c, s in zip(pool, scores, strict=True)]
    pool.sort(key=lambda c: -(c.rerank or 0.0))
    return pool + list(passages[RERANK_CANDIDATES:])


def rank(question: str, retrieval: Retrieval, exact: ExactLookup, reranker: Reranker | None, *,
         reranking_enabled: bool) -> Ranking:
    """The named clauses in order, then the searched passages, reranked when reranking is on."""
    searched = list(retrieval.passages)
    basis: Basis = "similarity"
    warnings: list[str] = []
    if reranking_enabled and searched:
        if reranker is None:
            warnings.append(NO_RERANKER_WARNING)
        else:
            try:
                searched = _reranked(question, searched, reranker)
                basis = "rerank"
            except RerankerUnavailable as exc:
                warnings.append(f"{exc}; passages are ranked by similarity, without reranking.")
    keys = {(c.document_id, c.start, c.end) for c in exact.passages}
    ranked = [*exact.passages, *(c for c in searched if (c.document_id, c.start, c.end) not in keys)]
    return Ranking(searched=tuple(searched), ranked=tuple(ranked), exact=exact, basis=basis,
                   warnings=tuple(warnings))
