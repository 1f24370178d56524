"""Retrieval, the first step of an answer: the layers to search (routing), the query variants (the
question as written, with its learned synonyms, a proven learned rewrite or the language model's
variants), one hybrid search per variant run in parallel, and their merge by reciprocal rank; does
I/O (the store, the rewriting provider).

Variants are searched in parallel when the searcher can open a connection per search (`connect`):
a psycopg connection serves one thread at a time, so each search takes its own. Without it they run
one after another on the caller's connection.

When routing chose the layers and found too little (fewer than top_k passages, or low
confidence), the search runs again over every layer with the same variants (the model is not asked
again) and `Retrieval.fallback` says why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime

import psycopg

from stratakb_core.embedding import Embedder
from stratakb_core.query.answer_types import KnownLayers, Retrieval, RetrievedPassage
from stratakb_core.query.confidence import judge
from stratakb_core.query.learning import LearnedState, proven_rewrites, synonyms_for
from stratakb_core.query.rewriting import QueryRewriter
from stratakb_core.query.routing import compile_routing_patterns, content_words, route
from stratakb_core.query.search import SearchCache, SearchResult
from stratakb_core.query.variants import MAX_WORKERS, Fused, rewrite_and_search, search_variants
from stratakb_core.store import readers

__all__ = ["Connect", "Searcher", "load_layers", "retrieve"]

Connect = Callable[[], AbstractContextManager[psycopg.Connection]]


def load_layers(conn: psycopg.Connection) -> KnownLayers:
    """The store's layers with their answer modes, patterns and descriptions."""
    rows = readers.layer_answer_settings(conn)
    return KnownLayers({r[0]: {"answer_mode": r[1], "routing": r[2] or [], "structure": r[3] or [],
                               "archived": r[4] or [], "description": r[5] or ""} for r in rows})


def _passage_of(f: Fused[SearchResult]) -> RetrievedPassage:
    r = f.item
    return RetrievedPassage(document_id=r.document_id, layer=r.layer, file=r.file, start=r.start, end=r.end,
                            text=r.text, line_start=r.line_start, line_end=r.line_end, page=r.page,
                            section_path=r.section_path, similarity=r.similarity, fused=f.score,
                            chunk_id=r.chunk_id, evidence=r.score, holds_all_terms=r.holds_all_terms)


def _routing(conn: psycopg.Connection, question: str, known: KnownLayers) -> tuple[list[str], bool]:
    patterns = {name: compile_routing_patterns(name, info["routing"]) for name, info in known.layers.items()}
    words = content_words(question[:2000])
    affinities = readers.layer_affinities(conn, words)
    r = route(question, patterns, affinities, list(known.layers))
    return list(r.layers), r.routed


def _key(r: SearchResult) -> str:
    return r.chunk_id


@dataclass(frozen=True)
class Searcher:
    """Hybrid search with one embedder and one cache (thread-safe), per query variant, merged by RRF."""

    embedder: Embedder
    cache: SearchCache
    keyword_slots: int
    arms: str
    connect: Connect | None = None

    @property
    def workers(self) -> int:
        return MAX_WORKERS if self.connect is not None else 1

    def search_fn(self, conn: psycopg.Connection, layers: list[str], top_k: int,
                  metadata_filter: dict[str, str] | None) -> Callable[[str], list[SearchResult]]:
        """search(variant): on a connection of its own when the searcher can open one, else on `conn`."""
        def one(c: psycopg.Connection, variant: str) -> list[SearchResult]:
            return self.cache.search(c, self.embedder, variant, layers=layers, top_k=top_k,
                                     keyword_slots=self.keyword_slots, metadata_filter=metadata_filter,
                                     arms=self.arms)

        connect = self.connect
        if connect is None:
            return lambda variant: one(conn, variant)

        def own(variant: str) -> list[SearchResult]:
            with connect() as c:
                return one(c, variant)
        return own

    def run(self, conn: psycopg.Connection, variants: Sequence[str], layers: list[str], top_k: int,
            metadata_filter: dict[str, str] | None) -> tuple[list[RetrievedPassage], tuple[str, ...]]:
        fused, warnings = search_variants(variants, self.search_fn(conn, layers, top_k, metadata_filter),
                                          key=_key, top_k=top_k, max_workers=self.workers)
        return [_passage_of(f) for f in fused], warnings


@dataclass(frozen=True)
class Rewriting:
    """What strata_ask rewrites with: what was learned, the provider (None: none set up), the time."""

    learned: LearnedState
    rewriter: QueryRewriter | None = None
    now: datetime | None = None


def _fallback(results: Sequence[RetrievedPassage], top_k: int) -> str | None:
    if len(results) < top_k:
        return "insufficient_results"
    if judge([c.similarity for c in results], "similarity") == "low":
        return "low_confidence"
    return None


def retrieve(conn: psycopg.Connection, searcher: Searcher, question: str, layers: list[str] | None,
             known: KnownLayers, top_k: int, variants: Sequence[str] | None = None,
             metadata_filter: dict[str, str] | None = None, *, rewriting: Rewriting | None = None) -> Retrieval:
    """Search the layers named, or the ones routing chooses (falling back to all of them).

    variants: searched as given (strata_search); else the question is rewritten (strata_ask).
    """
    routed = False
    if layers is None:
        searched, routed = _routing(conn, question, known)
    else:
        searched = layers
    source, learned_used, warnings = "as_written", (), ()
    if variants is not None:
        results, warnings = searcher.run(conn, variants, searched, top_k, metadata_filter)
        variants = tuple(variants)
    else:
        rw = rewriting or Rewriting(LearnedState())
        learned = proven_rewrites(rw.learned, question, searched, rw.now or datetime.now(UTC))
        found = rewrite_and_search(
            question, searcher.search_fn(conn, searched, top_k, metadata_filter), key=_key,
            layer_descriptions={n: known.setting(n, "description", "") for n in searched},
            synonyms=synonyms_for(rw.learned, question, searched), learned=learned, rewriter=rw.rewriter,
            top_k=top_k, max_workers=searcher.workers)
        results = [_passage_of(f) for f in found.results]
        variants, source, warnings = found.outcome.variants, found.outcome.source, found.warnings
        learned_used = tuple(v for v in variants if v in learned)
    fallback = _fallback(results, top_k) if routed else None
    if fallback:
        searched = known.names()
        results, more = searcher.run(conn, variants, searched, top_k, metadata_filter)
        warnings = tuple(dict.fromkeys((*warnings, *more)))
    return Retrieval(passages=tuple(results), searched=tuple(searched), fallback=fallback, variants=tuple(variants),
                     rewrite_source=source, learned_rewrites=learned_used, warnings=tuple(warnings))
