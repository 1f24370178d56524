"""Searching a question's variants in parallel and merging the result lists by rank (no I/O of its own).

The searches are whatever `search(variant) -> list` the engine passes; they run in a thread pool,
so the callable must be safe to call from several threads at once (a psycopg connection is not:
take one from a pool per call). The lists are merged by Reciprocal Rank Fusion,

    rrf(item) = sum over the lists holding it of 1 / (RRF_K + rank),   RRF_K = 60, rank from 1

and each score is divided by the best one, so the best item scores 1.0 (asking-and-searching.txt,
Confidence). Ties keep the order of first appearance (variant order, then rank).

`rewrite_and_search` overlaps the rewriting with the searching: the question as written (and with
its learned synonyms) is searched while the language model is still writing its variants, so a
rewrite costs about max(model time, one search) + one search rather than the sum.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Generic, TypeVar

from stratakb_core.query.rewriting import (
    QueryRewriter,
    RewriteOutcome,
    base_variants,
    clean_variants,
    model_outcome,
    rewrite_question,
)

log = logging.getLogger(__name__)

RRF_K = 60
MAX_WORKERS = 4

T = TypeVar("T")


@dataclass(frozen=True)
class Fused(Generic[T]):
    """One merged item: `score` is its RRF sum over the best one (best = 1.0); `ranks` holds its rank
    in each variant's list (None where that list did not hold it)."""

    item: T
    score: float
    ranks: tuple[int | None, ...]


@dataclass(frozen=True)
class VariantSearch(Generic[T]):
    """The merged results of one ask; warnings name variant searches that failed and were left out."""

    outcome: RewriteOutcome
    results: list[Fused[T]]
    warnings: tuple[str, ...] = ()


def merge_rrf(lists: Sequence[Sequence[T]], key: Callable[[T], Hashable], top_k: int | None = None) -> list[Fused[T]]:
    """Merge ranked lists by Reciprocal Rank Fusion (k = 60), best first, the best scoring 1.0."""
    sums: dict[Hashable, float] = {}
    first: dict[Hashable, T] = {}
    ranks: dict[Hashable, list[int | None]] = {}
    for index, results in enumerate(lists):
        for rank, item in enumerate(results, 1):
            k = key(item)
            if k in ranks and ranks[k][index] is not None:
                continue  # a list naming an item twice counts its better rank only
            sums[k] = sums.get(k, 0.0) + 1.0 / (RRF_K + rank)
            first.setdefault(k, item)
            ranks.setdefault(k, [None] * len(lists))[index] = rank
    order = {k: i for i, k in enumerate(first)}
    ordered = sorted(sums, key=lambda k: (-sums[k], order[k]))
    if top_k is not None:
        ordered = ordered[:top_k]
    best = sums[ordered[0]] if ordered else 1.0
    return [Fused(first[k], sums[k] / best, tuple(ranks[k])) for k in ordered]


def _collect(variants: Sequence[str], futures: Sequence[Future[list[T]]]) -> tuple[list[list[T]], list[str]]:
    """Each variant's results; a failed search of the question as written raises, any other is dropped."""
    lists: list[list[T]] = []
    warnings: list[str] = []
    for index, (variant, future) in enumerate(zip(variants, futures, strict=True)):
        try:
            lists.append(list(future.result()))
        except Exception as exc:
            if index == 0:
                raise
            log.warning("variant_search_failed: %s", type(exc).__name__)
            warnings.append(f"The search for the variant {variant!r} failed ({type(exc).__name__}); "
                            "it was left out.")
            lists.append([])
    return lists, warnings


def search_variants(variants: Sequence[str], search: Callable[[str], Sequence[T]], *,
                    key: Callable[[T], Hashable], top_k: int | None = None,
                    max_workers: int = MAX_WORKERS) -> tuple[list[Fused[T]], tuple[str, ...]]:
    """Run `search` for every variant in parallel and merge by RRF; returns (results, warnings)."""
    if not variants:
        return [], ()
    with ThreadPoolExecutor(max_workers=max(1, min(max_workers, len(variants)))) as pool:
        futures = [pool.submit(lambda v=v: list(search(v))) for v in variants]
        lists, warnings = _collect(variants, futures)
    return merge_rrf(lists, key, top_k), tuple(warnings)


def rewrite_and_search(question: str, search: Callable[[str], Sequence[T]], *, key: Callable[[T], Hashable],
                       layer_descriptions: Mapping[str, str], synonyms: Sequence[str] = (),
                       learned: Sequence[str] = (), rewriter: QueryRewriter | None = None,
                       top_k: int | None = None, max_workers: int = MAX_WORKERS) -> VariantSearch[T]:
    """Rewrite `question` and search every variant, starting the as-written searches before the model answers."""
    if rewriter is None or (learned and clean_variants(base_variants(question, synonyms), learned)):
        outcome = rewrite_question(question, layer_descriptions=layer_descriptions, synonyms=synonyms,
                                   learned=learned, rewriter=None if learned else rewriter)
        results, warnings = search_variants(outcome.variants, search, key=key, top_k=top_k,
                                            max_workers=max_workers)
        return VariantSearch(outcome, results, warnings)
    base = base_variants(question, synonyms)
    workers = max(1, min(max_workers, len(base) + 3))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(lambda v=v: list(search(v))) for v in base]
        outcome = model_outcome(base, rewriter.propose(question, layer_descriptions))
        futures += [pool.submit(lambda v=v: list(search(v))) for v in outcome.variants[len(base):]]
        lists, warnings = _collect(outcome.variants, futures)
    if outcome.warning:
        warnings.insert(0, outcome.warning)
    return VariantSearch(outcome, merge_rrf(lists, key, top_k), tuple(warnings))
