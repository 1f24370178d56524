"""The SQL of hybrid search, one statement: the HNSW vector arm, the full-text arm with the query's
lexeme frequencies (from `lexeme_df`), section titles equal to the query, and the candidate rows
with the query lexemes each one holds in its text, section title and file name; does I/O.

`query.search` fuses and scores what these return; nothing here decides an order.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import psycopg
from psycopg.types.json import Jsonb

__all__ = [
    "CandidateRow",
    "Candidates",
    "StoredSpan",
    "configure_vector_search",
    "hybrid_candidates",
    "rarest_word_held",
    "search_version",
    "terms_present",
]

FTS_CANDIDATES = 2000  # rank at most this many full-text matches (a common term can match 30k)
FTS_MAX_QUERY_CHARS = 1000
FTS_MAX_TERMS = 32
COMMON_SHARE = 0.05  # a lexeme in more than 5% of the searched chunks is too common to rank by
COMMON_MIN = 10  # ...and in more than 10 of them (small layers keep their words)
# ...and never more than this many chunks, whatever the store's size (5% of 40,000 chunks): at 1M
# chunks a "rare" word could otherwise match 50,000 chunks, each ranked by ts_rank (docs/scaling.md).
COMMON_MAX = 2_000


def rare_limit(total: int) -> int:
    """The most chunks in scope a query word may be in and still rank the keyword arm."""
    return int(min(COMMON_MAX, max(COMMON_MIN, COMMON_SHARE * total)))
TS_CONFIG = "english"
# hnsw.ef_search grows with the graph: recall@10 vs exact (docs/scaling.md) at 100k synthetic
# chunks 0.95 at ef 100, 0.975 at 200; at 1M 0.695 at 200 and 0.958 at 1000 (19.5 -> 40 ms a query)
EF_SEARCH_MIN = 200
EF_SEARCH_MAX = 1000
EF_SEARCH_ROWS_PER = 1000  # one ef_search step per this many chunks past 200k


def ef_search_for(chunks: int) -> int:
    """The ef_search for a store of this many chunks: 200 up to 200,000, then chunks/1000, at most 1000."""
    return int(min(EF_SEARCH_MAX, max(EF_SEARCH_MIN, chunks // EF_SEARCH_ROWS_PER)))


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
    vector_rank: int | None = None  # its text's place in the vector arm
    keyword_rank: int | None = None  # its place in the keyword arm
    title: bool = False  # its section's heading is the query
    similarity: float = 0.0  # cosine similarity of its text to the query (0 without the vector arm)


# per connection: the ef_search it has set, and the store size its last search counted
_configured: weakref.WeakKeyDictionary[psycopg.Connection, int] = weakref.WeakKeyDictionary()
_seen_total: weakref.WeakKeyDictionary[psycopg.Connection, int] = weakref.WeakKeyDictionary()


def configure_vector_search(conn: psycopg.Connection) -> None:
    """The HNSW settings of the vector arm, set once per connection (not two statements a search).

    Iterative scans keep reading the HNSW graph until k rows pass the layer filter; without it a
    selective filter returns too few rows (DESIGN.md §8). ef_search follows the store's size
    (`ef_search_for`): read from `lexeme_df`'s chunk counts when the connection is first configured
    (the planner's estimate lags a bulk load: at 1M it still said 100k and the next search set it again),
    then from the store's chunk count each search returns (the whole store's, whatever layers it
    searched: the graph holds them all), so a store that grows past a step gets a wider search
    on the next query. A session SET is undone if its transaction rolls back,
    so it is committed at once, from an idle connection only; inside an open transaction it is
    SET LOCAL for that transaction.
    """
    have = _configured.get(conn)
    if have is not None and (conn not in _seen_total or ef_search_for(_seen_total[conn]) == have):
        return
    idle = conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
    scope = "" if idle else "LOCAL "
    if conn in _seen_total:
        want = ef_search_for(_seen_total[conn])
    else:
        row = conn.execute("SELECT coalesce(sum(df), 0)::bigint FROM lexeme_df WHERE lexeme = ''").fetchone()
        want = ef_search_for(int(row[0]) if row and row[0] is not None else 0)
    if have is None:
        conn.execute(f"SET {scope}hnsw.iterative_scan = relaxed_order")
    conn.execute(f"SET {scope}hnsw.ef_search = {want}")
    if idle:
        conn.commit()
        _configured[conn] = want


@dataclass(frozen=True)
class Candidates:
    """What the hybrid statement returns: the candidate rows with their evidence and arm ranks, the
    query's lexemes with the number of chunks in scope holding each (capped one past the common
    limit), and the number of chunks in scope."""

    rows: list[CandidateRow]
    df: dict[str, int]
    total: int


def hybrid_candidates(conn: psycopg.Connection, table: str, query: str, qvec: np.ndarray, *, k: int,
                      layers: list[str] | None, metadata_filter: dict[str, str] | None, vector: bool,
                      keyword: bool, title_key: str) -> Candidates:
    """Both arms, the title match and the candidates' evidence in one statement (one round trip).

    The keyword arm: PostgreSQL ranks by term frequency and proximity, with no notion of rarity (no
    IDF). So the query keeps only its rare words: a lexeme found in more than COMMON_SHARE of the
    chunks in scope (and more than COMMON_MIN of them), or in more than COMMON_MAX, is left to the
    vector arm; the rest are
    OR-ed and every match is ranked with ts_rank normalised by length (docs/benchmarks.md). The
    frequencies come from `lexeme_df` (store/lexeme_df.py), per layer, so a metadata filter narrows
    the matches but not the counts. A query full-text cannot parse falls back to the vector arm.
    """
    configure_vector_search(conn)
    params: dict[str, Any] = {"t": query[:FTS_MAX_QUERY_CHARS], "cfg": TS_CONFIG, "q": qvec,
                              "vk": k if vector else 0, "kk": k if keyword else 0, "key": title_key or ""}
    sql = _hybrid_sql(table, layers, metadata_filter, params)
    try:
        rows = conn.execute(sql, params, prepare=True).fetchall()
    except psycopg.errors.DataError:  # no savepoint (two more round trips a search): start again
        if not keyword:
            raise
        conn.rollback()
        params["kk"] = 0
        rows = conn.execute(sql, params, prepare=True).fetchall()
    if not rows:
        return Candidates([], {}, 0)
    if rows[0][21]:
        _seen_total[conn] = int(rows[0][21])  # the whole store's chunk count: ef_search follows it
    out = [CandidateRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], tuple(r[10] or ()),
                        bytes(r[11]), tuple(r[12] or ()), tuple(r[13] or ()), tuple(r[14] or ()),
                        r[15], r[16], bool(r[17]), float(r[18]) if r[18] is not None else 0.0) for r in rows]
    return Candidates(out, {str(lex): int(n) for lex, n in (rows[0][20] or {}).items()}, int(rows[0][19] or 0))


# The rare lexemes as one OR-ed tsquery, each quoted as a literal (':' or '&' stay part of the word).
_RARE_TSQUERY = ("string_agg('''' || replace(replace(l, E'\\\\', E'\\\\\\\\'), '''', '''''') || '''', ' | ')"
                 "::tsquery")


def _hybrid_sql(table: str, layers: list[str] | None, metadata_filter: dict[str, str] | None,
                params: dict[str, Any]) -> str:
    scope = _scope(layers, metadata_filter, params)  # on chunks c
    in_layers = " AND x.layer = ANY(%(layers)s)" if layers is not None else ""
    sections_in = " AND s.layer = ANY(%(layers)s)" if layers is not None else ""
    return (
        # The query's lexemes (none when the keyword arm is off), their frequencies in scope and
        # the rare ones as one tsquery.
        "WITH ql AS (SELECT l FROM (SELECT DISTINCT l FROM unnest(tsvector_to_array("
        f"  to_tsvector(%(cfg)s::regconfig, %(t)s))) AS l) x WHERE %(kk)s > 0 ORDER BY l LIMIT {FTS_MAX_TERMS}),"
        " tot AS (SELECT coalesce(sum(x.df), 0)::bigint AS n FROM lexeme_df x WHERE x.lexeme = ''"
        f"  AND EXISTS (SELECT 1 FROM ql){in_layers}),"
        f" lim AS (SELECT n, least({COMMON_MAX}, greatest({COMMON_MIN}, floor({COMMON_SHARE} * n)))::bigint AS m"
        "  FROM tot),"
        " dfs AS (SELECT ql.l, least(coalesce((SELECT sum(x.df) FROM lexeme_df x WHERE x.lexeme = ql.l"
        f"  AND x.df > 0{in_layers}), 0), (SELECT m FROM lim) + 1)::int AS d FROM ql),"
        f" rq AS (SELECT {_RARE_TSQUERY} AS q FROM dfs WHERE d > 0 AND d <= (SELECT m FROM lim)),"
        # The keyword arm: chunks in scope holding a rare query word, best ts_rank first.
        " kw AS (SELECT id, row_number() OVER (ORDER BY rk DESC, id) AS r FROM (SELECT c.id,"
        "  ts_rank(c.tsv, (SELECT q FROM rq), 1) AS rk FROM chunks c WHERE c.tsv @@ (SELECT q FROM rq)"
        f"{scope} ORDER BY rk DESC, c.id LIMIT %(kk)s) k),"
        # The vector arm: the nearest texts some chunk in scope holds; the filter sits inside the
        # scan, so the index keeps reading until k rows pass it.
        f" vec AS MATERIALIZED (SELECT e.text_hash, e.embedding <=> %(q)s AS d FROM {table} e"
        f"  WHERE EXISTS (SELECT 1 FROM chunks c WHERE c.embed_hash = e.text_hash{scope})"
        "  ORDER BY e.embedding <=> %(q)s LIMIT %(vk)s),"
        " vr AS (SELECT text_hash, row_number() OVER (ORDER BY d, text_hash) AS r FROM vec),"
        # Sections whose heading, numbering dropped, is the query: the first chunk of each (a
        # section whose text starts with a subsection gives the subsection's first chunk).
        " tt AS (SELECT (SELECT c.id FROM chunks c WHERE c.document_id = s.document_id"
        "  AND c.section_path[1:cardinality(s.path)] = s.path ORDER BY c.start_char LIMIT 1) AS id FROM sections s"
        f"  WHERE %(key)s <> '' AND s.heading IS NOT NULL AND {_HEADING_KEY} = %(key)s{sections_in}"
        "  ORDER BY s.document_id, s.ordinal LIMIT 3),"
        " ids AS (SELECT c.id FROM chunks c JOIN vec ON c.embed_hash = vec.text_hash"
        "  UNION SELECT id FROM kw UNION SELECT id FROM tt WHERE id IS NOT NULL)"
        # Each candidate with the query lexemes its text, section path and file path hold, its
        # ranks in the two arms, whether it is a title match, and its cosine similarity.
        " SELECT c.id, c.layer, d.path, c.document_id, c.text, c.start_char, c.end_char, c.line_start,"
        " c.line_end, c.page, c.section_path, c.embed_hash,"
        " ARRAY(SELECT unnest(tsvector_to_array(c.tsv)) INTERSECT SELECT l FROM ql),"
        " ARRAY(SELECT unnest(tsvector_to_array(to_tsvector(%(cfg)s::regconfig,"
        "   array_to_string(c.section_path, ' ')))) INTERSECT SELECT l FROM ql),"
        " ARRAY(SELECT unnest(tsvector_to_array(to_tsvector(%(cfg)s::regconfig,"
        "   regexp_replace(d.path, '[/._-]+', ' ', 'g')))) INTERSECT SELECT l FROM ql),"
        " vr.r, kw.r, c.id IN (SELECT id FROM tt WHERE id IS NOT NULL),"
        " CASE WHEN %(vk)s > 0 THEN 1 - (e.embedding <=> %(q)s) END,"
        " (SELECT n FROM tot), (SELECT json_object_agg(l, d) FROM dfs),"
        # the whole store's chunk count, whatever the scope: the graph's size sets ef_search
        " (SELECT sum(x.df) FROM lexeme_df x WHERE x.lexeme = '')"
        " FROM ids JOIN chunks c ON c.id = ids.id JOIN documents d ON d.id = c.document_id"
        " LEFT JOIN vr ON vr.text_hash = c.embed_hash LEFT JOIN kw ON kw.id = c.id"
        f" LEFT JOIN {table} e ON e.text_hash = c.embed_hash"
        f" WHERE true{scope}"
    )


def terms_present(conn: psycopg.Connection, layers: Sequence[str], terms: Sequence[str]) -> set[str]:
    """The terms some chunk of `layers` holds, as full-text words (a term of several words as a
    phrase: TLS 1.3) or in its file path (one statement). A term made of stop words only (SHOULD,
    MAY) has no full-text words to look for and counts as held."""
    if not terms:
        return set()
    rows = conn.execute(
        "SELECT t FROM unnest(%(t)s::text[]) AS t WHERE numnode(phraseto_tsquery(%(cfg)s::regconfig, t)) = 0"
        " OR EXISTS (SELECT 1 FROM chunks c WHERE c.layer = ANY(%(l)s)"
        " AND c.tsv @@ phraseto_tsquery(%(cfg)s::regconfig, t)) OR EXISTS (SELECT 1 FROM documents d"
        " WHERE d.layer = ANY(%(l)s) AND strpos(lower(d.path), lower(t)) > 0)",
        {"l": list(layers), "t": list(terms), "cfg": TS_CONFIG},
    ).fetchall()
    conn.commit()
    return {r[0] for r in rows}


def rarest_word_held(conn: psycopg.Connection, layers: Sequence[str], query: str, chunk_id: str) -> bool:
    """Whether the chunk holds the query's rarest word in the layers (fewest chunks holding it, and
    rare: in no more chunks than `rare_limit`), in one statement."""
    row = conn.execute(
        "WITH ql AS (SELECT DISTINCT l FROM unnest(tsvector_to_array(to_tsvector(%(cfg)s::regconfig, %(t)s))) AS l),"
        " dfs AS (SELECT l, (SELECT sum(x.df) FROM lexeme_df x WHERE x.lexeme = ql.l AND x.df > 0"
        "  AND x.layer = ANY(%(l)s)) AS d FROM ql),"
        " low AS (SELECT l FROM dfs WHERE d = (SELECT min(d) FROM dfs))"
        " SELECT (SELECT min(d) FROM dfs),"
        " (SELECT coalesce(sum(x.df), 0) FROM lexeme_df x WHERE x.lexeme = '' AND x.layer = ANY(%(l)s)),"
        " EXISTS (SELECT 1 FROM chunks c WHERE c.id = %(c)s AND tsvector_to_array(c.tsv) && ARRAY(SELECT l FROM low))",
        {"cfg": TS_CONFIG, "t": query[:FTS_MAX_QUERY_CHARS], "l": list(layers), "c": chunk_id},
    ).fetchone()
    conn.commit()
    if not row or row[0] is None:
        return False
    return bool(row[2]) and int(row[0]) <= rare_limit(int(row[1]))


def search_version(conn: psycopg.Connection) -> int:
    """The last event that can change a search result (receipts, keys and interactions cannot)."""
    row = conn.execute(
        "SELECT coalesce(max(seq), 0) FROM events WHERE type NOT IN"
        " ('receipt_issued', 'api_key_created', 'api_key_revoked', 'interaction_recorded')"
    ).fetchone()
    conn.commit()
    return int(row[0]) if row else 0
