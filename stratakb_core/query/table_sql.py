"""A checked table request compiled to DuckDB SQL and run over its Parquet file; does I/O (reads it).

Identifiers come only from the table's manifest and are quoted; every value from the caller is a
bound parameter. Each query gets its own in-memory DuckDB with bounded memory and threads, reads
only the tables folder (``allowed_directories``, no other file access, configuration locked), and
a watchdog interrupts it at the time limit.

Citations are the ``_row`` numbers used, compacted into ranges (2-40, 45-60): of the rows
returned for a rows query, of all matching rows for an aggregate, and of each returned group's
rows for a group-by, at most ``MAX_RANGES`` ranges each, with the count of the others.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from stratakb_core.errors import TableQueryError, TableQueryTimeout
from stratakb_core.query.table_request import Filter, Measure, TableRequest
from stratakb_core.store.table_registry import Column

__all__ = ["DEFAULT_LIMITS", "MAX_RANGES", "Limits", "QueryResult", "run_request"]

MAX_RANGES: Final = 20
# Rows cited as ranges at most; past this a citation gives the count, first and last row.
ISLAND_ROWS: Final = 200_000
MAX_VALUE_CHARS: Final = 1000
_SQL_OPS: Final = {"=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_FUNCS: Final = {"sum": "sum", "avg": "avg", "min": "min", "max": "max"}


@dataclass(frozen=True)
class Limits:
    memory: str = "512MB"
    threads: int = 2
    timeout_s: float = 20.0


DEFAULT_LIMITS: Final = Limits()


@dataclass
class QueryResult:
    columns: list[str]
    rows: list[dict[str, Any]]
    total: int  # rows (rows query), groups (group-by) or 1 (aggregate)
    row_ranges: list[tuple[int, int]]  # rows query and aggregate
    more_ranges: int
    sql: str
    cut_values: int = 0
    spread: str | None = None  # "54,074 rows from 5 to 999998": too many rows to list as ranges


def q(name: str) -> str:
    """A quoted DuckDB identifier."""
    return '"' + name.replace('"', '""') + '"'


def _where(filters: Sequence[Filter]) -> tuple[str, list[Any]]:
    parts: list[str] = []
    params: list[Any] = []
    for f in filters:
        col = q(f.column.name)
        if f.op == "in":
            parts.append(f"{col} IN ({', '.join('?' for _ in f.value)})")
            params.extend(f.value)
        elif f.op == "contains":
            parts.append(f"contains(lower({col}), lower(?))")
            params.append(f.value)
        elif f.value is None:
            parts.append(f"{col} IS {'NOT ' if f.op == '!=' else ''}NULL")
        else:
            parts.append(f"{col} {_SQL_OPS[f.op]} ?")
            params.append(f.value)
    return (" WHERE " + " AND ".join(parts)) if parts else "", params


def _measure(m: Measure) -> str:
    if m.column is None:
        return f"count(*) AS {q(m.name)}"
    col = q(m.column.name)
    if m.op == "count":
        return f"count({col}) AS {q(m.name)}"
    if m.op == "count_distinct":
        return f"count(DISTINCT {col}) AS {q(m.name)}"
    return f"{_FUNCS[m.op]}({col}) AS {q(m.name)}"


def _order(req: TableRequest, default: Sequence[str]) -> str:
    keys = [f"{q(o.by)} {'DESC' if o.desc else 'ASC'} NULLS LAST" for o in req.order_by]
    keys += [f"{q(d)} ASC NULLS LAST" for d in default if d not in {o.by for o in req.order_by}]
    return " ORDER BY " + ", ".join(keys) if keys else ""


def _connect(folder: Path, parquet: Path, limits: Limits) -> Any:
    import duckdb

    con = duckdb.connect(":memory:")
    con.execute(f"SET memory_limit = '{limits.memory}'")
    con.execute(f"SET threads = {int(limits.threads)}")
    con.execute("SET preserve_insertion_order = false")
    con.read_parquet(str(parquet)).create_view("t")
    con.execute("SET allowed_directories = ?", [[str(folder)]])
    con.execute("SET enable_external_access = false")
    con.execute("SET lock_configuration = true")
    return con


def run_request(req: TableRequest, parquet: Path, limits: Limits = DEFAULT_LIMITS) -> QueryResult:
    """Run the checked request over the Parquet file; TableQueryTimeout past limits.timeout_s."""
    import duckdb

    if not parquet.is_file():
        raise TableQueryError(f"table {req.table} has no Parquet file at {parquet}; ingest its file again")
    try:
        con = _connect(parquet.parent, parquet, limits)
    except duckdb.Error as exc:
        raise TableQueryError(f"table {req.table} cannot be opened: {exc}") from exc
    timer = threading.Timer(limits.timeout_s, con.interrupt)
    started = time.monotonic()
    timer.start()
    try:
        if req.rows_query:
            result = _rows(con, req)
        elif not req.group_by:
            result = _aggregate(con, req)
        else:
            result = _groups(con, req)
        # An interrupt that lands between statements is lost: the clock decides as well.
        if time.monotonic() - started > limits.timeout_s:
            raise duckdb.InterruptException("past the time limit")
        return result
    except duckdb.InterruptException as exc:
        raise TableQueryTimeout(f"table query stopped at the {limits.timeout_s:g} s limit; filter the table "
                                "or ask for fewer groups") from exc
    except duckdb.Error as exc:
        raise TableQueryError(f"table query failed: {str(exc).splitlines()[0]}") from exc
    finally:
        timer.cancel()
        con.close()


def _value(v: Any) -> tuple[Any, bool]:
    if isinstance(v, (dt.datetime, dt.date)):
        return v.isoformat(), False
    if isinstance(v, str) and len(v) > MAX_VALUE_CHARS:
        return v[:MAX_VALUE_CHARS], True
    if hasattr(v, "as_integer_ratio") and not isinstance(v, (int, float)):  # Decimal
        return float(v), False
    return v, False


def _records(cur: Any) -> tuple[list[str], list[dict[str, Any]], list[dict[str, Any]], int]:
    """(visible names, visible records, hidden values ``__x`` per record, values cut)."""
    names = [d[0] for d in cur.description]
    out, hidden, cut = [], [], 0
    for row in cur.fetchall():
        record, extra = {}, {}
        for name, v in zip(names, row, strict=True):
            if name.startswith("__"):
                extra[name] = v
                continue
            record[name], was_cut = _value(v)
            cut += was_cut
        out.append(record)
        hidden.append(extra)
    return [n for n in names if not n.startswith("__")], out, hidden, cut


_SPAN: Final = "count(*) AS __n, min(_row) AS __a, max(_row) AS __b"


def _spread(n: int, a: int | None, b: int | None) -> str | None:
    """The rows' citation when they are too many to list as ranges, or None when ranges will do."""
    if not n or a is None or b is None or b - a + 1 == n or n <= ISLAND_ROWS:
        return None
    return f"{n:,} rows from {a} to {b}"


def _rows(con: Any, req: TableRequest) -> QueryResult:
    where, params = _where(req.filters)
    cols = ["_row"] + [c.name for c in req.columns if c.name != "_row"] if req.columns else ["*"]
    select = ", ".join(q(c) if c != "*" else c for c in cols)
    sql = f"SELECT {select}, count(*) OVER () AS __total FROM t{where}{_order(req, ['_row'])} LIMIT ?"
    names, rows, hidden, cut = _records(con.execute(sql, [*params, req.limit]))
    ranges = compact(sorted(r["_row"] for r in rows))
    total = hidden[0]["__total"] if hidden else 0
    return QueryResult(names, rows, total, ranges[:MAX_RANGES], max(0, len(ranges) - MAX_RANGES), sql, cut)


def _aggregate(con: Any, req: TableRequest) -> QueryResult:
    where, params = _where(req.filters)
    sql = f"SELECT {', '.join(_measure(m) for m in req.measures)}, {_SPAN} FROM t{where}"
    names, rows, hidden, cut = _records(con.execute(sql, params))
    n, a, b = hidden[0]["__n"], hidden[0]["__a"], hidden[0]["__b"]
    spread = _spread(n, a, b)
    if not n or spread:
        return QueryResult(names, rows, 1, [], 0, sql, cut, spread)
    if b - a + 1 == n:
        return QueryResult(names, rows, 1, [(a, b)], 0, sql, cut)
    islands = (f"SELECT min(_row) AS a, max(_row) AS b FROM (SELECT _row, _row - row_number() OVER "
               f"(ORDER BY _row) AS k FROM t{where}) GROUP BY k")
    got = con.execute(f"SELECT a, b, count(*) OVER () FROM ({islands}) ORDER BY a LIMIT ?",
                      [*params, MAX_RANGES]).fetchall()
    more = (got[0][2] - len(got)) if got else 0
    return QueryResult(names, rows, 1, [(a, b) for a, b, _n in got], more, sql, cut)


def _groups(con: Any, req: TableRequest) -> QueryResult:
    where, params = _where(req.filters)
    keys = [q(g.name) for g in req.group_by]
    measures = ", ".join(_measure(m) for m in req.measures)
    sql = (f"SELECT {', '.join(keys)}, {measures}, {_SPAN}, count(*) OVER () AS __total FROM t{where}"
           f" GROUP BY {', '.join(keys)}{_order(req, [g.name for g in req.group_by])} LIMIT ?")
    con.execute(f"CREATE TEMP TABLE __res AS {sql}", [*params, req.limit])
    names, rows, hidden, cut = _records(con.execute("SELECT * FROM __res"))
    listed = sum(h["__n"] for h in hidden) <= ISLAND_ROWS
    by_group = _group_ranges(con, req, keys, where, params) if listed and rows else {}
    for r, h in zip(rows, hidden, strict=True):
        if h["__b"] - h["__a"] + 1 == h["__n"]:
            r["_rows"] = ranges_text([(h["__a"], h["__b"])], 0)
        elif not listed:
            r["_rows"] = f"{h['__n']:,} rows from {h['__a']} to {h['__b']}"
        else:
            got, n = by_group.get(tuple(r[g.name] for g in req.group_by), ([], 0))
            r["_rows"] = ranges_text(got, max(0, n - len(got)))
    total = hidden[0]["__total"] if hidden else 0
    return QueryResult([*names, "_rows"], rows, total, [], 0, sql, cut)


def _group_ranges(con: Any, req: TableRequest, keys: list[str], where: str, params: list[Any],
                  ) -> dict[tuple[Any, ...], tuple[list[tuple[int, int]], int]]:
    """Each returned group's first MAX_RANGES row ranges and its count of ranges."""
    match = " AND ".join(f"r.{k} IS NOT DISTINCT FROM t.{k}" for k in keys)
    part = ", ".join(keys)
    ranges_sql = (
        f"WITH m AS (SELECT {part}, _row FROM t{where}{' AND' if where else ' WHERE'}"
        f" EXISTS (SELECT 1 FROM __res r WHERE {match})),"
        f" i AS (SELECT {part}, _row, _row - row_number() OVER (PARTITION BY {part} ORDER BY _row) AS k FROM m),"
        f" g AS (SELECT {part}, min(_row) AS a, max(_row) AS b FROM i GROUP BY {part}, k),"
        f" n AS (SELECT *, row_number() OVER (PARTITION BY {part} ORDER BY a) AS rn,"
        f" count(*) OVER (PARTITION BY {part}) AS nr FROM g)"
        f" SELECT {part}, a, b, nr FROM n WHERE rn <= ? ORDER BY a")
    by_group: dict[tuple[Any, ...], tuple[list[tuple[int, int]], int]] = {}
    for row in con.execute(ranges_sql, [*params, MAX_RANGES]).fetchall():
        key = tuple(_value(v)[0] for v in row[: len(keys)])
        got, _n = by_group.get(key, ([], 0))
        got.append((row[-3], row[-2]))
        by_group[key] = (got, row[-1])
    return by_group


def compact(numbers: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted row numbers as (first, last) ranges of consecutive numbers."""
    out: list[tuple[int, int]] = []
    for n in numbers:
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def ranges_text(ranges: Sequence[tuple[int, int]], more: int) -> str:
    """ "2-40, 45, 50-60" and " (+N more ranges)" when some were left out."""
    text = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)
    return text + (f" (+{more} more ranges)" if more else "")


def column_names(columns: Sequence[Column]) -> list[str]:
    return [c.name for c in columns]
