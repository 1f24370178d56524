"""Hybrid search over the store: HNSW vector top-k and full-text top-k fused by RRF; does I/O.

This is the function strata_search and strata_ask build on: one SQL round trip per arm, filters
applied inside each arm before it truncates, and every result carrying its cosine similarity.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import numpy as np
import psycopg
from psycopg.types.json import Jsonb

from stratakb_core.embedding import Embedder
from stratakb_core.store import vectors as vector_tables

RRF_K = 60
FTS_CANDIDATES = 2000  # rank at most this many full-text matches (a common term can match 30k)
FTS_MAX_QUERY_CHARS = 1000
FTS_MAX_TERMS = 32
COMMON_SHARE = 0.05  # a lexeme in more than 5% of the searched chunks is too common to rank by
COMMON_MIN = 10  # ...and in more than 10 of them (small layers keep their words)
TS_CONFIG = "english"


@dataclass(frozen=True)
class SearchResult:
    chunk_id: str
    layer: str
    file: str
    document_id: int
    text: str
    start: int
    end: int
    line_start: int
    line_end: int
    page: int | None
    section_path: tuple[str, ...]
    similarity: float
    score: float
    vector_rank: int | None
    keyword_rank: int | None

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


def _vector_arm(conn: psycopg.Connection, table: str, qvec: np.ndarray, layers: list[str] | None,
                k: int, metadata_filter: dict[str, str] | None = None) -> list[tuple[bytes, float]]:
    # Iterative scans keep reading the HNSW graph until k rows pass the layer filter; without
    # it a selective filter returns too few rows (DESIGN.md §8).
    conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
    conn.execute("SET LOCAL hnsw.ef_search = 100")
    params: dict[str, Any] = {"q": qvec, "k": k}
    cond = ""
    if layers is not None:
        cond += " AND c.layer = ANY(%(layers)s)"
        params["layers"] = layers
    if metadata_filter:
        cond += " AND c.metadata @> %(mf)s"
        params["mf"] = Jsonb(metadata_filter)
    # The filter sits inside the scan, so the index keeps reading until k rows pass it.
    layer_clause = f" AND EXISTS (SELECT 1 FROM chunks c WHERE c.embed_hash = e.text_hash{cond})"
    rows = conn.execute(
        f"WITH r AS MATERIALIZED (SELECT e.text_hash, e.embedding <=> %(q)s AS d FROM {table} e"
        f" WHERE true{layer_clause} ORDER BY e.embedding <=> %(q)s LIMIT %(k)s)"
        " SELECT text_hash, d FROM r ORDER BY d",
        params,
    ).fetchall()
    return [(bytes(r[0]), 1.0 - float(r[1])) for r in rows]


def _lexeme_query(lexeme: str) -> str:
    """A lexeme as a tsquery literal (quoted, so ':' or '&' in it stay part of the word)."""
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


def _keyword_arm(conn: psycopg.Connection, query: str, layers: list[str] | None, k: int,
                 metadata_filter: dict[str, str] | None = None) -> list[str]:
    text = query[:FTS_MAX_QUERY_CHARS]
    params: dict[str, Any] = {"t": text, "k": k, "cap": FTS_CANDIDATES, "cfg": TS_CONFIG}
    layer_clause = ""
    if layers is not None:
        layer_clause = " AND c.layer = ANY(%(layers)s)"
        params["layers"] = layers
    if metadata_filter:
        layer_clause += " AND c.metadata @> %(mf)s"
        params["mf"] = Jsonb(metadata_filter)
    # PostgreSQL ranks by term frequency and proximity, with no notion of rarity (no IDF). So the
    # query keeps only its rare words: a lexeme found in more than COMMON_SHARE of the searched
    # chunks (and more than COMMON_MIN of them) is left to the vector arm. The rest are OR-ed and
    # every match is ranked with ts_rank normalised by length. On SciFact this took the keyword
    # arm from 0.34 to ~0.68 nDCG@10 and hybrid from 0.51 to ~0.71 (docs/benchmarks.md).
    scope = "true" + layer_clause
    try:
        with conn.transaction():
            lex = conn.execute(
                "SELECT DISTINCT l FROM unnest(tsvector_to_array(to_tsvector(%(cfg)s::regconfig, %(t)s))) AS l",
                params,
            ).fetchall()
            lexemes = [r[0] for r in lex][:FTS_MAX_TERMS]
            if not lexemes:  # only stop words: the vector arm answers alone
                return []
            total = conn.execute(f"SELECT count(*) FROM chunks c WHERE {scope}", params).fetchone()[0]
            limit = max(COMMON_MIN, COMMON_SHARE * total)
            rare = []
            for lexeme in lexemes:
                row = conn.execute(
                    f"SELECT count(*) FROM (SELECT 1 FROM chunks c WHERE c.tsv @@ %(lq)s::tsquery AND {scope}"
                    " LIMIT %(lim)s) x",
                    {**params, "lq": _lexeme_query(lexeme), "lim": int(limit) + 1},
                ).fetchone()
                if row and 0 < row[0] <= limit:
                    rare.append(lexeme)
            if not rare:
                return []
            params["q"] = " | ".join(_lexeme_query(x) for x in rare)
            rows = conn.execute(
                f"SELECT c.id FROM chunks c WHERE c.tsv @@ %(q)s::tsquery AND {scope}"
                " ORDER BY ts_rank(c.tsv, %(q)s::tsquery, 1) DESC, c.id LIMIT %(k)s",
                params,
            ).fetchall()
    except psycopg.Error:
        return []  # a query full-text cannot parse degrades to the vector arm
    return [r[0] for r in rows]


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
    """The best top_k chunks for a query: RRF of vector and full-text ranks, with keyword slots.

    arms "vector" or "keyword" runs one arm alone (for evaluations that compare modes).
    """
    if arms not in ("hybrid", "vector", "keyword"):
        raise ValueError(f"arms must be hybrid, vector or keyword, not {arms!r}")
    model = vector_tables.active_model(conn)
    if model is None:
        return []
    k = candidates or max(top_k * 4, 20)
    if query_vector is None and arms != "keyword":
        query_vector = embedder.embed_query(query)
    if query_vector is None:
        query_vector = np.zeros(model.dimensions, dtype=np.float32)
    qvec = np.asarray(query_vector, dtype=np.float32)
    with conn.transaction():
        vec = _vector_arm(conn, model.table, qvec, layers, k, metadata_filter) if arms != "keyword" else []
        kw = _keyword_arm(conn, query, layers, k, metadata_filter) if arms != "vector" else []
    # Map vector hits (by text hash) to chunks in the chosen layers.
    sims: dict[bytes, float] = {h: s for h, s in vec}
    hash_rank = {h: i + 1 for i, (h, _) in enumerate(vec)}
    params: dict[str, Any] = {"h": list(sims), "ids": kw}
    layer_clause = ""
    if layers is not None:
        layer_clause = " AND c.layer = ANY(%(layers)s)"
        params["layers"] = layers
    if metadata_filter:
        layer_clause += " AND c.metadata @> %(mf)s"
        params["mf"] = Jsonb(metadata_filter)
    rows = conn.execute(
        "SELECT c.id, c.layer, d.path, c.document_id, c.text, c.start_char, c.end_char, c.line_start,"
        " c.line_end, c.page, c.section_path, c.embed_hash FROM chunks c JOIN documents d"
        " ON d.id = c.document_id WHERE (c.embed_hash = ANY(%(h)s) OR c.id = ANY(%(ids)s))"
        + layer_clause,
        params,
    ).fetchall()
    conn.commit()
    kw_rank = {cid: i + 1 for i, cid in enumerate(kw)}
    missing_sim = [bytes(r[11]) for r in rows if bytes(r[11]) not in sims]
    if missing_sim and arms != "keyword":
        for h, d in conn.execute(
            f"SELECT text_hash, embedding <=> %s FROM {model.table} WHERE text_hash = ANY(%s)",
            (qvec, missing_sim),
        ).fetchall():
            sims[bytes(h)] = 1.0 - float(d)
        conn.commit()
    results: list[SearchResult] = []
    for r in rows:
        h = bytes(r[11])
        vr = hash_rank.get(h)
        kr = kw_rank.get(r[0])
        score = (1.0 / (RRF_K + vr) if vr else 0.0) + (1.0 / (RRF_K + kr) if kr else 0.0)
        results.append(SearchResult(
            chunk_id=r[0], layer=r[1], file=r[2], document_id=r[3], text=r[4], start=r[5], end=r[6],
            line_start=r[7], line_end=r[8], page=r[9], section_path=tuple(r[10] or ()),
            similarity=sims.get(h, 0.0), score=score, vector_rank=vr, keyword_rank=kr,
        ))
    results.sort(key=lambda x: (-x.score, x.chunk_id))
    top = results[:top_k]
    # Keyword slots: a passage found only by its words ranks below every passage found by
    # meaning, so the best full-text matches keep their places.
    if keyword_slots > 0 and kw:
        keep = sorted((x for x in results if x.keyword_rank), key=lambda x: x.keyword_rank or 0)
        keep = keep[: min(keyword_slots, top_k)]
        rest = [x for x in results if x not in keep]
        top = sorted(keep + rest[: top_k - len(keep)], key=lambda x: (-x.score, x.chunk_id))
    return top


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
        # Receipts and API keys change no search result: they must not empty the cache.
        row = conn.execute(
            "SELECT coalesce(max(seq), 0) FROM events"
            " WHERE type NOT IN ('receipt_issued', 'api_key_created', 'api_key_revoked')"
        ).fetchone()
        conn.commit()
        version = int(row[0]) if row else 0
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
