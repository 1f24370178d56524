"""Ranking, the second step of an answer: a reranker reorders the best searched passages, and the
clauses the question names go first; no I/O of its own (the cross-encoder loads a model).

The reranker is the cross-encoder (RERANKING_MODEL) when it loads. When none is configured or it
cannot load (no package ships one, so every offline install), the offline evidence reranker
scores the passages instead: the search's evidence (similarity and the question's rare words in
the passage, its section title and file name) on the same 0-1 scale (`query.evidence.relevance`),
with a warning naming the reason. With reranking off, passages keep the search's order and are
judged on similarity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from stratakb_core.errors import RerankerUnavailable
from stratakb_core.query.answer_types import ExactLookup, Ranking, Retrieval, RetrievedPassage
from stratakb_core.query.confidence import Basis
from stratakb_core.query.evidence import relevance

__all__ = ["EVIDENCE_NOTE", "RERANK_CANDIDATES", "Reranker", "evidence_reranked", "rank"]

RERANK_CANDIDATES = 20
EVIDENCE_NOTE = "passages are ranked by the offline evidence reranker (similarity and the question's rare words)"
NO_RERANKER_WARNING = f"Reranking is on but no reranking model is configured; {EVIDENCE_NOTE}."


class Reranker(Protocol):
    """Scores (question, passage) pairs from 0 to 1; raises RerankerUnavailable when it cannot."""

    def score(self, question: str, passages: Sequence[str]) -> Sequence[float]: ...


def _reranked(question: str, passages: Sequence[RetrievedPassage], reranker: Reranker) -> list[RetrievedPassage]:
    pool = list(passages[:RERANK_CANDIDATES])
    scores = reranker.score(question, [c.text for c in pool])
    pool = [replace(c, rerank=float(s)) for c, s in zip(pool, scores, strict=True)]
    pool.sort(key=lambda c: -(c.rerank or 0.0))
    return pool + list(passages[RERANK_CANDIDATES:])


def evidence_reranked(passages: Sequence[RetrievedPassage]) -> list[RetrievedPassage]:
    """The passages scored by their evidence on the 0-1 scale, best first."""
    scored = [replace(c, rerank=relevance(c.evidence)) for c in passages]
    scored.sort(key=lambda c: -(c.rerank or 0.0))
    return scored


def rank(question: str, retrieval: Retrieval, exact: ExactLookup, reranker: Reranker | None, *,
         reranking_enabled: bool) -> Ranking:
    """The named clauses in order, then the searched passages, reranked when reranking is on."""
    searched = list(retrieval.passages)
    basis: Basis = "similarity"
    warnings: list[str] = []
    if reranking_enabled and searched:
        basis = "rerank"
        if reranker is None:
            warnings.append(NO_RERANKER_WARNING)
            searched = evidence_reranked(searched)
        else:
            try:
                searched = _reranked(question, searched, reranker)
            except RerankerUnavailable as exc:
                warnings.append(f"{exc}; {EVIDENCE_NOTE}.")
                searched = evidence_reranked(searched)
    keys = {(c.document_id, c.start, c.end) for c in exact.passages}
    ranked = [*exact.passages, *(c for c in searched if (c.document_id, c.start, c.end) not in keys)]
    return Ranking(searched=tuple(searched), ranked=tuple(ranked), exact=exact, basis=basis,
                   warnings=tuple(warnings))
