"""Hybrid search over the store: HNSW vector top-k and full-text top-k, scored by evidence; does
I/O (through `store.search_sql`, which holds the SQL).

The two arms find the candidates (three times top_k, at least 40), in one SQL statement with the
title match and each candidate's evidence (`store.search_sql`); each candidate is then scored
by its evidence (`query.evidence`: similarity plus the query's rare words in its text, section
title and file name), and a section whose title is the query joins the candidates. A question in
parts ("X vs Y", "A and B") keeps a place in the top k for each part's best candidate
(`query.parts`, `_part_slots`). The `score` of a result is that evidence; `fused` keeps the
reciprocal-rank fusion of the two arms. Filters apply inside both arms, before they truncate, and
every result carries its cosine similarity.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import psycopg

from stratakb_core.embedding import Embedder
from stratakb_core.query.evidence import QueryTerms, evidence_score, title_key, title_match
from stratakb_core.query.parts import keep_part_slots, part_lexemes, part_words, question_parts
from stratakb_core.store import search_sql
from stratakb_core.store import vectors as vector_tables

__all__ = ["RRF_K", "SearchCache", "SearchResult", "hybrid_search"]

RRF_K = 60
MIN_CANDIDATES = 40
TITLE_MAX_WORDS = 16


@dataclass(frozen=True)
class SearchResult(search_sql.StoredSpan):
    similarity: float
    score: float  # the evidence score results are ordered by
    vector_rank: int | None
    keyword_rank: int | None
    fused: float = 0.0  # reciprocal-rank fusion of the two arms
    holds_all_terms: bool = False  # the passage holds every rare query word (text, title or file)

    @property
    def clause_path(self) -> str | None:
        return " > ".join(self.section_path) if self.section_path else None

    @property
    def ref(self) -> str:
        return f"d{self.document_id}:{self.start}-{self.end}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "chunk_id": self.chunk_id, "ref": self.ref, "layer": self.layer, "file": self.file,
            "lines": f"{self.line_start}-{self.line_end}", "page": self.page,
            "section_path": self.clause_path, "similarity": round(self.similarity, 4),
            "score": round(self.score, 6), "text": self.text,
        }


def _rare(terms: QueryTerms) -> set[str]:
    limit = search_sql.rare_limit(terms.total)
    return {lex for lex, d in terms.df.items() if 0 < d <= limit}


def _score(rows: list[search_sql.CandidateRow], query: str, terms: QueryTerms) -> list[SearchResult]:
    rare = _rare(terms)
    out = []
    for r in rows:
        vr, kr, sim = r.vector_rank, r.keyword_rank, r.similarity
        title = 1.0 if r.title else title_match(query, r.section_path)
        held = set(r.in_text) | set(r.in_title) | set(r.in_file)
        out.append(search_result(r, sim, evidence_score(sim, terms, r.in_text, r.in_title, r.in_file, kr, title),
                                 vr, kr, (1.0 / (RRF_K + vr) if vr else 0.0) + (1.0 / (RRF_K + kr) if kr else 0.0),
                                 bool(rare) and rare <= held))
    out.sort(key=lambda x: (-x.score, x.chunk_id))
    return out


def search_result(r: search_sql.CandidateRow, sim: float, score: float, vr: int | None, kr: int | None,
                  fused: float, holds_all: bool) -> SearchResult:
    return SearchResult(chunk_id=r.chunk_id, layer=r.layer, file=r.file, document_id=r.document_id, text=r.text,
                        start=r.start, end=r.end, line_start=r.line_start, line_end=r.line_end, page=r.page,
                        section_path=r.section_path, similarity=sim, score=score, vector_rank=vr, keyword_rank=kr,
                        fused=fused, holds_all_terms=holds_all)


def _keep_keyword_slots(results: list[SearchResult], top_k: int, slots: int) -> list[SearchResult]:
    """The best full-text matches keep `slots` places in the top_k (a passage found only by its
    words may score below every passage found by meaning)."""
    top = results[:top_k]
    if slots <= 0:
        return top
    keep = sorted((x for x in results if x.keyword_rank), key=lambda x: x.keyword_rank or 0)[: min(slots, top_k)]
    if not keep:
        return top
    rest = [x for x in results if x not in keep]
    return sorted(keep + rest[: top_k - len(keep)], key=lambda x: (-x.score, x.chunk_id))


PART_SLOTS = 1  # each part's best passages kept in the top k (2 measured no better on the dev half)


def _part_slots(top: list[SearchResult], results: list[SearchResult], rows: list[search_sql.CandidateRow],
                query: str, terms: QueryTerms) -> list[SearchResult]:
    """The top k with each part's best candidate in it (`query.parts`), ordered by evidence.

    A part is scored over the whole question's candidates (no further statement) by the evidence
    of the part alone: similarity to the question, the part's own rare words in the passage, its
    section title and file name, and the part's content words as the passage's section heading
    ("close" -> "5.5.1 Close"). Parts without a rare word of their own ("which fields does each
    allow") get no place.
    """
    parts = question_parts(query)
    rare = sorted(_rare(terms))
    parts = [p for p in parts if part_lexemes(p, rare)]
    if len(parts) < 2:
        return top
    by_id = {r.chunk_id: r for r in rows}

    def scorer(part: str) -> Callable[[SearchResult], float]:
        own = part_lexemes(part, list(terms.df))
        words = part_words(part)
        pt = QueryTerms({lex: d for lex, d in terms.df.items() if lex in own}, terms.total)

        def score(x: SearchResult) -> float:
            r = by_id[x.chunk_id]
            return evidence_score(x.similarity, pt, r.in_text, r.in_title, r.in_file, None,
                                  title_match(words, r.section_path))
        return score

    by_score = {x.chunk_id for x in results[: len(top)]}
    kept = keep_part_slots(top, results, [scorer(p) for p in parts], key=lambda x: x.chunk_id,
                           per_part=PART_SLOTS, fixed=lambda x: x.chunk_id not in by_score)
    return sorted(kept, key=lambda x: (-x.score, x.chunk_id))


def hybrid_search(
    conn: psycopg.Connection,
    embedder: Embedder,
    query: str,
    *,
    layers: list[str] | None = None,
    top_k: int = 5,
    keyword_slots: int = 1,
    candidates: int | None = None,
    metadata_filter: dict[str, str] | None = None,
    query_vector: np.ndarray | None = None,
    arms: str = "hybrid",
) -> list[SearchResult]:
    """The best top_k chunks for a query by evidence, with keyword slots.

    arms "vector" or "keyword" runs one arm alone and orders by it (evaluations compare modes).
    """
    if arms not in ("hybrid", "vector", "keyword"):
        raise ValueError(f"arms must be hybrid, vector or keyword, not {arms!r}")
    search_sql.configure_vector_search(conn)  # once per connection, while it is idle
    model = vector_tables.active_model(conn)
    if model is None:
        return []
    k = candidates or max(top_k * 3, MIN_CANDIDATES)
    if query_vector is None and arms != "keyword":
        query_vector = embedder.embed_query(query)
    if query_vector is None:
        query_vector = np.zeros(model.dimensions, dtype=np.float32)
    qvec = np.asarray(query_vector, dtype=np.float32)
    key = title_key(query)
    use_title = arms == "hybrid" and not metadata_filter and 0 < len(key.split()) <= TITLE_MAX_WORDS
    found = search_sql.hybrid_candidates(conn, model.table, query, qvec, k=k, layers=layers,
                                         metadata_filter=metadata_filter, vector=arms != "keyword",
                                         keyword=arms != "vector", title_key=key if use_title else "")
    conn.commit()
    results = _score(found.rows, query, QueryTerms(found.df, found.total))
    if arms == "vector":
        results.sort(key=lambda x: (x.vector_rank or k + 1, x.chunk_id))
    elif arms == "keyword":
        results.sort(key=lambda x: (x.keyword_rank or k + 1, x.chunk_id))
    top = _keep_keyword_slots(results, top_k, keyword_slots if arms == "hybrid" else 0)
    if arms != "hybrid":
        return top
    return _part_slots(top, results, found.rows, query, QueryTerms(found.df, found.total))


class SearchCache:
    """A small LRU of search results keyed by (query, layers, filters, k, slots, store version).

    The store version is the last event's seq: every write appends an event, so any write
    invalidates every entry without bookkeeping. Thread-safe: strata_ask searches its variants in
    parallel, each thread with its own connection, through one cache.
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[Any, ...], list[SearchResult]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def search(self, conn: psycopg.Connection, embedder: Embedder, query: str, *, layers: list[str] | None,
               top_k: int, keyword_slots: int, metadata_filter: dict[str, str] | None = None,
               candidates: int | None = None, arms: str = "hybrid") -> list[SearchResult]:
        version = search_sql.search_version(conn)
        key = (query, tuple(sorted(layers)) if layers is not None else None,
               json.dumps(metadata_filter or {}, sort_keys=True), top_k, keyword_slots, candidates, version,
               getattr(embedder, "name", ""), arms)
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                self.hits += 1
                return list(self._entries[key])
            self.misses += 1
        results = hybrid_search(conn, embedder, query, layers=layers, top_k=top_k, keyword_slots=keyword_slots,
                                metadata_filter=metadata_filter, candidates=candidates, arms=arms)
        with self._lock:
            self._entries[key] = list(results)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return results
