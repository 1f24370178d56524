"""Retrieval, the first step of an answer: the layers to search (routing), the query variants
(learned synonyms), hybrid search per variant and their merge by reciprocal rank; does I/O (the
store).

When routing chose the layers and found too little (fewer than top_k passages, or low
confidence), the search runs again over every layer and `Retrieval.fallback` says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import psycopg

from stratakb_core.embedding import Embedder
from stratakb_core.query.answer_types import KnownLayers, Retrieval, RetrievedPassage
from stratakb_core.query.confidence import judge
from stratakb_core.query.routing import compile_routing_patterns, content_words, route
from stratakb_core.query.search import RRF_K, SearchCache, SearchResult

__all__ = ["Searcher", "load_layers", "merge_rrf", "retrieve", "synonym_variant"]


def load_layers(conn: psycopg.Connection) -> KnownLayers:
    """The store's layers with their answer modes and patterns."""
    rows = conn.execute(
        "SELECT name, answer_mode, routing_patterns, structure_patterns, archived_patterns FROM layers"
    ).fetchall()
    conn.commit()
    return KnownLayers({r[0]: {"answer_mode": r[1], "routing": r[2] or [], "structure": r[3] or [],
                               "archived": r[4] or []} for r in rows})


def _passage_of(r: SearchResult, fused: float) -> RetrievedPassage:
    return RetrievedPassage(document_id=r.document_id, layer=r.layer, file=r.file, start=r.start, end=r.end,
                            text=r.text, line_start=r.line_start, line_end=r.line_end, page=r.page,
                            section_path=r.section_path, similarity=r.similarity, fused=fused,
                            chunk_id=r.chunk_id, evidence=r.score, holds_all_terms=r.holds_all_terms)


def merge_rrf(lists: Sequence[Sequence[SearchResult]], top_k: int) -> list[RetrievedPassage]:
    """The result lists merged by reciprocal rank, best first; fused is relative to the best (1.0)."""
    scores: dict[str, float] = {}
    best: dict[str, SearchResult] = {}
    for results in lists:
        for rank, r in enumerate(results, 1):
            scores[r.chunk_id] = scores.get(r.chunk_id, 0.0) + 1.0 / (RRF_K + rank)
            best.setdefault(r.chunk_id, r)
    ordered = sorted(scores, key=lambda cid: (-scores[cid], cid))[:top_k]
    top = scores[ordered[0]] if ordered else 1.0
    return [_passage_of(best[cid], scores[cid] / top) for cid in ordered]


def _routing(conn: psycopg.Connection, question: str, known: KnownLayers) -> tuple[list[str], bool]:
    patterns = {name: compile_routing_patterns(name, info["routing"]) for name, info in known.layers.items()}
    words = content_words(question[:2000])
    affinities: dict[str, float] = {}
    if words:
        for layer, aff in conn.execute(
            "SELECT layer, max(affinity) FROM layer_affinities WHERE term = ANY(%s) GROUP BY layer", (words,)
        ).fetchall():
            affinities[layer] = float(aff)
        conn.commit()
    r = route(question, patterns, affinities, list(known.layers))
    return list(r.layers), r.routed


def synonym_variant(conn: psycopg.Connection, question: str, layers: Sequence[str]) -> str | None:
    """The question with the learned synonyms of its words added, when there are any."""
    words = content_words(question)
    if not words:
        return None
    rows = conn.execute(
        "SELECT DISTINCT synonym FROM synonyms WHERE term = ANY(%s) AND (layer IS NULL OR layer = ANY(%s))",
        (words, list(layers)),
    ).fetchall()
    conn.commit()
    extra = [r[0] for r in rows if r[0].lower() not in words]
    return f"{question} {' '.join(extra)}" if extra else None


@dataclass(frozen=True)
class Searcher:
    """Hybrid search with one embedder and one cache, per query variant, merged."""

    embedder: Embedder
    cache: SearchCache
    keyword_slots: int
    arms: str

    def run(self, conn: psycopg.Connection, variants: Sequence[str], layers: list[str], top_k: int,
            metadata_filter: dict[str, str] | None) -> list[RetrievedPassage]:
        lists = [self.cache.search(conn, self.embedder, v, layers=layers, top_k=top_k,
                                   keyword_slots=self.keyword_slots, metadata_filter=metadata_filter,
                                   arms=self.arms)
                 for v in variants]
        return merge_rrf(lists, top_k)


def retrieve(conn: psycopg.Connection, searcher: Searcher, question: str, layers: list[str] | None,
             known: KnownLayers, top_k: int, variants: Sequence[str],
             metadata_filter: dict[str, str] | None = None) -> Retrieval:
    """Search the layers named, or the ones routing chooses (falling back to all of them)."""
    routed = False
    if layers is None:
        searched, routed = _routing(conn, question, known)
    else:
        searched = layers
    results = searcher.run(conn, variants, searched, top_k, metadata_filter)
    fallback = None
    if routed:
        if len(results) < top_k:
            fallback = "insufficient_results"
        elif judge([c.similarity for c in results], "similarity") == "low":
            fallback = "low_confidence"
        if fallback:
            searched = known.names()
            results = searcher.run(conn, variants, searched, top_k, metadata_filter)
    return Retrieval(passages=tuple(results), searched=tuple(searched), fallback=fallback,
                     variants=tuple(variants))
