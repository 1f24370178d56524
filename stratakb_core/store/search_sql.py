"""The SQL of hybrid search: the HNSW vector arm, the full-text arm with the query's lexeme
frequencies, section titles equal to the query, and the candidate rows with the query lexemes
each one holds in its text, section title and file name; does I/O.

`query.search` fuses and scores what these return; nothing here decides an order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import psycopg
from psycopg.types.json import Jsonb

__all__ = [
    "CandidateRow",
    "StoredSpan",
    "KeywordArm",
    "candidate_rows",
    "keyword_arm",
    "search_version",
    "similarities",
    "terms_present",
    "title_chunks",
    "vector_arm",
]

FTS_CANDIDATES = 2000  # rank at most this many full-text matches (a common term can match 30k)
FTS_MAX_QUERY_CHARS = 1000
FTS_MAX_TERMS = 32
COMMON_SHARE = 0.05  # a lexeme in more than 5% of the searched chunks is too common to rank by
COMMON_MIN = 10  # ...and in more than 10 of them (small layers keep their words)
TS_CONFIG = "english"
EF_SEARCH = 100
# A heading as compared with a query: numbering dropped, runs of non-word characters one space.
_HEADING_KEY = (r"btrim(lower(regexp_replace(regexp_replace(s.heading, '^\s*((appendix|annex)\s+[a-z](\.\d+)*\.?\s*:?"
                r"|\d+(\.\d+)*\.?|[A-Z]\.\d+(\.\d+)*\.?)\s+', '', 'i'), '[^[:alnum:]_]+', ' ', 'g')))")


def _scope(layers: list[str] | None, metadata_filter: dict[str, str] | None, params: dict[str, Any]) -> str:
    cond = ""
    if layers is not None:
        cond += " AND c.layer = ANY(%(layers)s)"
        params["layers"] = layers
    if metadata_filter:
        cond += " AND c.metadata @> %(mf)s"
        params["mf"] = Jsonb(metadata_filter)
    return cond


def vector_arm(conn: psycopg.Connection, table: str, qvec: np.ndarray, layers: list[str] | None, k: int,
               metadata_filter: dict[str, str] | None = None) -> list[tuple[bytes, float]]:
    """The k nearest texts (hash, cosine similarity) that some chunk in scope holds."""
    # Iterative scans keep reading the HNSW graph until k rows pass the layer filter; without
    # it a selective filter returns too few rows (DESIGN.md §8).
    conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
    conn.execute(f"SET LOCAL hnsw.ef_search = {EF_SEARCH}")
    params: dict[str, Any] = {"q": qvec, "k": k}
    cond = _scope(layers, metadata_filter, params)
    # The filter sits inside the scan, so the index keeps reading until k rows pass it.
    rows = conn.execute(
        f"WITH r AS MATERIALIZED (SELECT e.text_hash, e.embedding <=> %(q)s AS d FROM {table} e"
        f" WHERE EXISTS (SELECT 1 FROM chunks c WHERE c.embed_hash = e.text_hash{cond})"
        " ORDER BY e.embedding <=> %(q)s LIMIT %(k)s) SELECT text_hash, d FROM r ORDER BY d",
        params,
    ).fetchall()
    return [(bytes(r[0]), 1.0 - float(r[1])) for r in rows]


def _lexeme_query(lexeme: str) -> str:
    """A lexeme as a tsquery literal (quoted, so ':' or '&' in it stay part of the word)."""
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


@dataclass(frozen=True)
class KeywordArm:
    """The full-text arm's chunk ids, best first, and the query's lexemes with the number of
    chunks in scope holding each (counting stops past the common limit) out of `total`."""

    ids: list[str]
    df: dict[str, int]
    total: int


def keyword_arm(conn: psycopg.Connection, query: str, layers: list[str] | None, k: int,
                metadata_filter: dict[str, str] | None = None) -> KeywordArm:
    """Full-text matches ranked by the query's rare words (runs inside the caller's transaction)."""
    params: dict[str, Any] = {"t": query[:FTS_MAX_QUERY_CHARS], "k": k, "cfg": TS_CONFIG}
    scope = "true" + _scope(layers, metadata_filter, params)
    # PostgreSQL ranks by term frequency and proximity, with no notion of rarity (no IDF). So the
    # query keeps only its rare words: a lexeme found in more than COMMON_SHARE of the searched
    # chunks (and more than COMMON_MIN of them) is left to the vector arm. The rest are OR-ed and
    # every match is ranked with ts_rank normalised by length (docs/benchmarks.md).
    try:
        with conn.transaction():
            lex = conn.execute(
                "SELECT DISTINCT l FROM unnest(tsvector_to_array(to_tsvector(%(cfg)s::regconfig, %(t)s))) AS l",
                params,
            ).fetchall()
            lexemes = [r[0] for r in lex][:FTS_MAX_TERMS]
            if not lexemes:  # only stop words: the vector arm answers alone
                return KeywordArm([], {}, 0)
            total = conn.execute(f"SELECT count(*) FROM chunks c WHERE {scope}", params).fetchone()[0]
            limit = int(max(COMMON_MIN, COMMON_SHARE * total))
            df: dict[str, int] = {}
            for lexeme in lexemes:
                row = conn.execute(
                    f"SELECT count(*) FROM (SELECT 1 FROM chunks c WHERE c.tsv @@ %(lq)s::tsquery AND {scope}"
                    " LIMIT %(lim)s) x",
                    {**params, "lq": _lexeme_query(lexeme), "lim": limit + 1},
                ).fetchone()
                df[lexeme] = int(row[0]) if row else 0
            rare = [x for x in lexemes if 0 < df[x] <= limit]
            if not rare:
                return KeywordArm([], df, total)
            params["q"] = " | ".join(_lexeme_query(x) for x in rare)
            rows = conn.execute(
                f"SELECT c.id FROM chunks c WHERE c.tsv @@ %(q)s::tsquery AND {scope}"
                " ORDER BY ts_rank(c.tsv, %(q)s::tsquery, 1) DESC, c.id LIMIT %(k)s",
                params,
            ).fetchall()
    except psycopg.Error:
        return KeywordArm([], {}, 0)  # a query full-text cannot parse degrades to the vector arm
    return KeywordArm([r[0] for r in rows], df, total)


def title_chunks(conn: psycopg.Connection, key: str, layers: list[str] | None, limit: int = 3) -> list[str]:
    """The first chunk of each section (up to `limit`) whose heading, numbering dropped, is `key`
    (a section whose text starts with a subsection gives the subsection's first chunk)."""
    if not key:
        return []
    params: dict[str, Any] = {"key": key, "lim": limit}
    cond = ""
    if layers is not None:
        cond = " AND s.layer = ANY(%(layers)s)"
        params["layers"] = layers
    rows = conn.execute(
        "SELECT (SELECT c.id FROM chunks c WHERE c.document_id = s.document_id"
        " AND c.section_path[1:cardinality(s.path)] = s.path ORDER BY c.start_char LIMIT 1) FROM sections s"
        f" WHERE s.heading IS NOT NULL AND {_HEADING_KEY} = %(key)s{cond}"
        " ORDER BY s.document_id, s.ordinal LIMIT %(lim)s",
        params,
    ).fetchall()
    return [r[0] for r in rows if r[0]]


@dataclass(frozen=True)
class StoredSpan:
    """A chunk as search reads it: where it is stored and cited."""

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


@dataclass(frozen=True)
class CandidateRow(StoredSpan):
    embed_hash: bytes
    in_text: tuple[str, ...]  # the query lexemes the chunk's text holds
    in_title: tuple[str, ...]  # ...its section path holds
    in_file: tuple[str, ...]  # ...its file path holds


def candidate_rows(conn: psycopg.Connection, hashes: Sequence[bytes], ids: Sequence[str],
                   layers: list[str] | None, metadata_filter: dict[str, str] | None,
                   lexemes: Sequence[str]) -> list[CandidateRow]:
    """The chunks in scope holding one of `hashes` or with one of `ids`, with their evidence."""
    params: dict[str, Any] = {"h": list(hashes), "ids": list(ids), "ql": list(lexemes), "cfg": TS_CONFIG}
    cond = _scope(layers, metadata_filter, params)
    rows = conn.execute(
        "SELECT c.id, c.layer, d.path, c.document_id, c.text, c.start_char, c.end_char, c.line_start,"
        " c.line_end, c.page, c.section_path, c.embed_hash,"
        " ARRAY(SELECT unnest(tsvector_to_array(c.tsv)) INTERSECT SELECT unnest(%(ql)s::text[])),"
        " ARRAY(SELECT unnest(tsvector_to_array(to_tsvector(%(cfg)s::regconfig,"
        "   array_to_string(c.section_path, ' ')))) INTERSECT SELECT unnest(%(ql)s::text[])),"
        " ARRAY(SELECT unnest(tsvector_to_array(to_tsvector(%(cfg)s::regconfig,"
        "   regexp_replace(d.path, '[/._-]+', ' ', 'g')))) INTERSECT SELECT unnest(%(ql)s::text[]))"
        " FROM chunks c JOIN documents d ON d.id = c.document_id"
        " WHERE (c.embed_hash = ANY(%(h)s) OR c.id = ANY(%(ids)s))" + cond,
        params,
    ).fetchall()
    return [CandidateRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], tuple(r[10] or ()),
                         bytes(r[11]), tuple(r[12] or ()), tuple(r[13] or ()), tuple(r[14] or ()))
            for r in rows]


def similarities(conn: psycopg.Connection, table: str, qvec: np.ndarray, hashes: Sequence[bytes]) -> dict[bytes, float]:
    """Cosine similarity of the query to the stored vectors of `hashes`."""
    if not hashes:
        return {}
    rows = conn.execute(f"SELECT text_hash, embedding <=> %s FROM {table} WHERE text_hash = ANY(%s)",
                        (qvec, list(hashes))).fetchall()
    return {bytes(h): 1.0 - float(d) for h, d in rows}


def terms_present(conn: psycopg.Connection, layers: Sequence[str], terms: Sequence[str]) -> set[str]:
    """The terms some chunk of `layers` holds, as full-text words or in its file path."""
    present: set[str] = set()
    for term in terms:
        row = conn.execute(
            "SELECT EXISTS (SELECT 1 FROM chunks c WHERE c.layer = ANY(%(l)s) AND c.tsv @@"
            " plainto_tsquery(%(cfg)s::regconfig, %(t)s)) OR EXISTS (SELECT 1 FROM documents d"
            " WHERE d.layer = ANY(%(l)s) AND strpos(lower(d.path), lower(%(t)s)) > 0)",
            {"l": list(layers), "t": term, "cfg": TS_CONFIG},
        ).fetchone()
        if row and row[0]:
            present.add(term)
    conn.commit()
    return present


def search_version(conn: psycopg.Connection) -> int:
    """The last event that can change a search result (receipts, keys and interactions cannot)."""
    row = conn.execute(
        "SELECT coalesce(max(seq), 0) FROM events WHERE type NOT IN"
        " ('receipt_issued', 'api_key_created', 'api_key_revoked', 'interaction_recorded')"
    ).fetchone()
    conn.commit()
    return int(row[0]) if row else 0
