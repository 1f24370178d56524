"""The aggregation router of strata_ask: a question that asks for a total, count, average, minimum
or maximum over a named spreadsheet table is answered by table_query over every row; does I/O
(the store, the tables folder).

A vector top-k cannot count or sum (strata-rag's router sends such questions to its structured
sidecar); here the sidecar is the Parquet tables of the ingested CSV, TSV and XLSX files. The
router is rules only, no model, and routes only when all of this holds:

* the question asks for an aggregate: total / sum, how many / count / number of, average / mean,
  minimum / lowest / smallest, maximum / highest / largest (the first such word decides);
* it names one table: the file's name (``sales.csv``, ``sales``, ``sales 2024`` for
  ``sales-2024.xlsx``), a workbook sheet's name, or the table's name (``d12.s1``); the longest
  match wins and a tie between tables is no route;
* its column names match: a sum, average, minimum or maximum needs a numeric column (a date for
  minimum and maximum) whose header appears in the question; a count needs none (a text column
  named with "distinct", "different" or "unique" counts its distinct values). "by <column>" or
  "per <column>" groups by that column.

The result is `computed`: the request (for strata_table_query and strata_verify), the response
and why it was routed, so the answer can cite the rows and its value can be verified.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import psycopg

from stratakb_core.errors import ArgumentError, StrataError
from stratakb_core.query.table_sql import DEFAULT_LIMITS, Limits
from stratakb_core.query.tables import TableInfo, load_tables, run_table_query
from stratakb_core.store.table_registry import Column, store_tables_dir

__all__ = ["Route", "computed_note", "match_route", "route_question"]

# (measure, words) in the order they are looked for; the earliest word in the question wins.
_INTENTS: Final = (
    ("count", ("how many", "count of", "count the", "number of", "count")),
    ("sum", ("total", "sum of", "sum")),
    ("avg", ("average", "mean")),
    ("min", ("minimum", "lowest", "smallest", "earliest", "min")),
    ("max", ("maximum", "highest", "largest", "latest", "max")),
)
_DISTINCT: Final = ("distinct", "different", "unique")
_NUMERIC: Final = ("integer", "float")
_ORDERED: Final = (*_NUMERIC, "date", "datetime")


def _norm(text: str) -> str:
    """Lower case, words of letters and digits, one space between."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _has(question: str, phrase: str) -> int:
    """Where the phrase starts as whole words in the normalised question (plural s allowed), or -1."""
    if not phrase:
        return -1
    m = re.search(rf"(?<![a-z0-9]){re.escape(phrase)}s?(?![a-z0-9])", question)
    return m.start() if m else -1


class Route:
    """A question matched to a table and a request."""

    def __init__(self, info: TableInfo, request: dict[str, Any], reason: str) -> None:
        self.info, self.request, self.reason = info, request, reason


def _intent(q: str) -> str | None:
    """The measure asked for: a count when the question counts ("total number of" too), else the
    first aggregate word."""
    found = [(op != "count", pos, op) for op, words in _INTENTS for w in words if (pos := _has(q, w)) >= 0]
    return min(found)[2] if found else None


def _table_names(info: TableInfo) -> list[str]:
    stem = info.file.rsplit("/", 1)[-1]
    names = [_norm(stem), _norm(stem.rsplit(".", 1)[0]), _norm(info.name)]
    if info.table.sheet:
        names.append(_norm(info.table.sheet))
    return [n for n in names if n]


def _pick_table(q: str, tables: Sequence[TableInfo]) -> TableInfo | None:
    best: list[tuple[int, TableInfo]] = []
    for info in tables:
        if info.table.refused or not info.table.path:
            continue
        size = max((len(n) for n in _table_names(info) if _has(q, n) >= 0), default=0)
        if size:
            best.append((size, info))
    if not best:
        return None
    top = max(s for s, _ in best)
    winners = [i for s, i in best if s == top]
    if len({i.file for i in winners}) > 1:
        return None
    # One file: a sheet named in the question, else its only sheet.
    named = [i for i in winners if i.table.sheet and _has(q, _norm(i.table.sheet)) >= 0]
    if len(named) == 1:
        return named[0]
    return winners[0] if len(winners) == 1 else None


def _column_names(c: Column) -> list[str]:
    return [n for n in {_norm(c.header), _norm(c.name.replace("_", " "))} if n]


def _columns_in(q: str, columns: Sequence[Column], types: Sequence[str] | None = None) -> list[tuple[int, Column]]:
    """(where, column) for each column of the types whose header the question names, longest first."""
    hits = []
    for c in columns:
        if types is not None and c.type not in types:
            continue
        names = [(len(n), _has(q, n)) for n in _column_names(c)]
        names = [(size, pos) for size, pos in names if pos >= 0]
        if names:
            size, pos = max(names)
            hits.append((size, pos, c))
    hits.sort(key=lambda h: (-h[0], h[1]))
    return [(pos, c) for _size, pos, c in hits]


def _group_by(q: str, columns: Sequence[Column]) -> Column | None:
    for word in ("by", "per", "for each", "for every"):
        for m in re.finditer(rf"(?<![a-z0-9]){word} ", q):
            rest = q[m.end():]
            hits = [(pos, c) for pos, c in _columns_in(rest, columns) if pos == 0]
            if hits:
                return hits[0][1]
    return None


def match_route(question: str, tables: Sequence[TableInfo]) -> Route | None:
    """The route for a question over these tables, or None; see the module docstring (no I/O)."""
    q = _norm(question)
    op = _intent(q)
    if op is None:
        return None
    info = _pick_table(q, tables)
    if info is None:
        return None
    group = _group_by(q, info.columns)
    others = [c for c in info.columns if group is None or c.name != group.name]
    request: dict[str, Any] = {"table": info.name}
    if op == "count":
        distinct = any(_has(q, w) >= 0 for w in _DISTINCT)
        named = _columns_in(q, others) if distinct else []
        measure: dict[str, Any] = ({"op": "count_distinct", "column": named[0][1].name} if named
                                   else {"op": "count"})
    else:
        named = _columns_in(q, others, _NUMERIC if op in ("sum", "avg") else _ORDERED)
        if not named:
            return None
        measure = {"op": op, "column": named[0][1].name}
    request["measures"] = [measure]
    if group is not None:
        request["group_by"] = [group.name]
        request["limit"] = 100
    what = measure["op"] + (f" of {measure['column']}" if "column" in measure else " of rows")
    reason = (f"the question asks for the {what} over {info.file}"
              + (f" (sheet {info.table.sheet})" if info.table.sheet else "")
              + (f" by {group.name}" if group is not None else "") + ", which table_query computes over every row")
    return Route(info, request, reason)


def route_question(conn: psycopg.Connection, question: str, layers: Sequence[str] | None, data_dir: Path | None,
                   limits: Limits | None = None) -> dict[str, Any] | None:
    """strata_ask's `computed` block for a question the router takes, else None. A table query that
    fails is reported in the block (error), never raised: the passages still answer."""
    if data_dir is None:
        return None
    tables = load_tables(conn, store_tables_dir(data_dir, conn), list(layers) if layers is not None else None)
    route = match_route(question, list(tables.values()))
    if route is None:
        return None
    block: dict[str, Any] = {"routed_to": "table_query", "reason": route.reason, "request": route.request}
    try:
        block["result"] = run_table_query(route.info, route.request, limits or DEFAULT_LIMITS)
    except (ArgumentError, StrataError) as exc:
        block["error"] = exc.message
    return block


def computed_note(block: dict[str, Any]) -> str:
    """The note strata_ask adds when it routed the question to a table."""
    if "error" in block:
        return f"The question was routed to table {block['request']['table']}, but the query failed: {block['error']}"
    return (f"Computed over every row of table {block['request']['table']} (see computed: the request, the rows "
            "and their citation); answer from computed.result, and pass computed.request to strata_verify's "
            "passages to verify the value.")
