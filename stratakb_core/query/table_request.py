"""A table_query request checked against the table's columns (no I/O).

The request is plain JSON-like data::

    {"table": "d12.s1",
     "filters": [{"column": "region", "op": "=", "value": "north"}],
     "group_by": ["region"],
     "measures": [{"op": "sum", "column": "amount"}, {"op": "count"}],
     "order_by": [{"by": "sum_amount", "desc": true}],
     "columns": ["region", "amount"],
     "limit": 100}

Without measures and group_by it returns rows (``columns`` picks them, all by default); with
group_by and no measures each group is counted. A measure is named ``<op>_<column>`` (``count``
for a count of rows); order_by names a column, a group or a measure. Filters: = != < <= > >=
(a null value with = or != tests for null), ``in`` (a list of at most 1,000 values) and
``contains`` (text only, ignoring case). Values are converted to the column's type, so "12" works
for an integer column and "2024-03-01" for a date. Every mistake raises ArgumentError naming
the argument, and an unknown column lists the table's columns.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from stratakb_core.errors import ArgumentError
from stratakb_core.store.table_registry import Column

__all__ = ["DEFAULT_LIMIT", "MAX_LIMIT", "Filter", "Measure", "Order", "TableRequest", "check_request"]

DEFAULT_LIMIT: Final = 100
MAX_LIMIT: Final = 1000
MAX_FILTERS: Final = 20
MAX_IN_VALUES: Final = 1000
MAX_GROUP_BY: Final = 10
MAX_MEASURES: Final = 20
OPS: Final = ("=", "!=", "<", "<=", ">", ">=", "in", "contains")
MEASURES: Final = ("count", "sum", "avg", "min", "max", "count_distinct")
_NUMERIC: Final = ("integer", "float")
_ROW: Final = Column("_row", "", "integer", 0)
_KEYS: Final = {"table", "filters", "group_by", "measures", "order_by", "columns", "limit"}


@dataclass(frozen=True)
class Filter:
    column: Column
    op: str
    value: Any  # converted to the column's type; a list for "in"; None tests for null


@dataclass(frozen=True)
class Measure:
    op: str
    column: Column | None  # None: count of rows
    name: str


@dataclass(frozen=True)
class Order:
    by: str
    desc: bool


@dataclass(frozen=True)
class TableRequest:
    table: str
    filters: tuple[Filter, ...] = ()
    group_by: tuple[Column, ...] = ()
    measures: tuple[Measure, ...] = ()
    order_by: tuple[Order, ...] = ()
    columns: tuple[Column, ...] = ()
    limit: int = DEFAULT_LIMIT
    rows_query: bool = field(default=True)


def _column(columns: Mapping[str, Column], name: Any, argument: str, table: str) -> Column:
    if isinstance(name, str) and name in columns:
        return columns[name]
    listed = ", ".join(c for c in columns if c != "_row")
    raise ArgumentError(argument, f"unknown column {name!r} in table {table}; its columns: {listed}",
                             columns=[c for c in columns if c != "_row"])


def _list(value: Any, argument: str, limit: int) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ArgumentError(argument, f"{argument} must be a list")
    if len(value) > limit:
        raise ArgumentError(argument, f"{argument} has {len(value)} items; at most {limit}")
    return value


def convert(value: Any, column: Column, argument: str) -> Any:
    """value as the column's type, or ArgumentError saying what the column holds."""
    kind = column.type
    bad = ArgumentError(argument, f"{value!r} is not a {kind} value, as column {column.name} holds")
    if isinstance(value, (dict, list)):
        raise bad
    try:
        if kind == "integer":
            if isinstance(value, bool):
                raise bad
            if isinstance(value, float):
                return value  # compared as a number: 2.5 < an integer column works
            return int(value)
        if kind == "float":
            if isinstance(value, bool):
                raise bad
            return float(value)
        if kind == "boolean":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in ("true", "false"):
                return value.strip().lower() == "true"
            raise bad
        if kind == "date":
            return dt.date.fromisoformat(str(value).strip()[:10])
        if kind == "datetime":
            return dt.datetime.fromisoformat(str(value).strip())
    except (TypeError, ValueError) as exc:
        raise bad from exc
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value)


def _filters(raw: Any, columns: Mapping[str, Column], table: str) -> tuple[Filter, ...]:
    out = []
    for i, f in enumerate(_list(raw, "filters", MAX_FILTERS)):
        arg = f"filters[{i}]"
        if not isinstance(f, dict) or set(f) - {"column", "op", "value"} or "column" not in f:
            raise ArgumentError(arg, f"{arg} must be an object with column, op and value")
        col = _column(columns, f["column"], f"{arg}.column", table)
        op = f.get("op", "=")
        if op not in OPS:
            raise ArgumentError(f"{arg}.op", f"unknown operator {op!r}; use one of {', '.join(OPS)}")
        value = f.get("value")
        if op == "in":
            values = _list(value, f"{arg}.value", MAX_IN_VALUES)
            if not values:
                raise ArgumentError(f"{arg}.value", "an 'in' filter needs a non-empty list of values")
            out.append(Filter(col, op, [convert(v, col, f"{arg}.value") for v in values]))
        elif op == "contains":
            if col.type != "text" or not isinstance(value, str) or not value:
                raise ArgumentError(arg, f"'contains' needs a text column and a non-empty string; "
                                         f"column {col.name} is {col.type}")
            out.append(Filter(col, op, value))
        elif value is None:
            if op not in ("=", "!="):
                raise ArgumentError(f"{arg}.value", f"a null value works only with = or !=, not {op}")
            out.append(Filter(col, op, None))
        else:
            if op not in ("=", "!=") and col.type == "boolean":
                raise ArgumentError(f"{arg}.op", f"column {col.name} is boolean: use = or !=")
            out.append(Filter(col, op, convert(value, col, f"{arg}.value")))
    return tuple(out)


def _measures(raw: Any, columns: Mapping[str, Column], table: str) -> tuple[Measure, ...]:
    out: list[Measure] = []
    for i, m in enumerate(_list(raw, "measures", MAX_MEASURES)):
        arg = f"measures[{i}]"
        if isinstance(m, str):
            m = {"op": m}
        if not isinstance(m, dict) or set(m) - {"op", "column"}:
            raise ArgumentError(arg, f"{arg} must be an object with op and column")
        op = m.get("op")
        if op not in MEASURES:
            raise ArgumentError(f"{arg}.op", f"unknown measure {op!r}; use one of {', '.join(MEASURES)}")
        if m.get("column") is None:
            if op != "count":
                raise ArgumentError(f"{arg}.column", f"measure {op} needs a column")
            out.append(Measure(op, None, "count"))
            continue
        col = _column(columns, m["column"], f"{arg}.column", table)
        if op in ("sum", "avg") and col.type not in _NUMERIC:
            raise ArgumentError(f"{arg}.column", f"{op} needs a number column; column {col.name} is "
                                     f"{col.type}. Use count, count_distinct, min or max on it instead.")
        if op in ("min", "max") and col.type == "boolean":
            raise ArgumentError(f"{arg}.column", f"{op} does not apply to boolean column {col.name}")
        out.append(Measure(op, col, f"{op}_{col.name}"))
    names = [m.name for m in out]
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup:
        raise ArgumentError("measures", f"measure {dup} is asked for twice")
    return tuple(out)


def check_request(request: Any, table: str, table_columns: Sequence[Column]) -> TableRequest:
    """The request checked against the table (named table, its columns); see the module docstring."""
    if not isinstance(request, dict):
        raise ArgumentError("request", "the request must be an object")
    unknown = set(request) - _KEYS
    if unknown:
        raise ArgumentError("request", f"unknown field(s): {', '.join(sorted(map(str, unknown)))}; "
                                 f"allowed: {', '.join(sorted(_KEYS))}")
    columns = {c.name: c for c in table_columns} | {"_row": _ROW}
    filters = _filters(request.get("filters"), columns, table)
    group_by = tuple(_column(columns, g, f"group_by[{i}]", table)
                     for i, g in enumerate(_list(request.get("group_by"), "group_by", MAX_GROUP_BY)))
    measures = _measures(request.get("measures"), columns, table)
    rows_query = not group_by and not measures
    if group_by and not measures:
        measures = (Measure("count", None, "count"),)
    picked = tuple(_column(columns, c, f"columns[{i}]", table)
                   for i, c in enumerate(_list(request.get("columns"), "columns", len(columns))))
    if picked and not rows_query:
        raise ArgumentError("columns", "columns picks the columns of a rows query; with group_by or "
                                 "measures the result has the groups and measures")
    names = ({c.name for c in columns.values()} if rows_query
             else {g.name for g in group_by} | {m.name for m in measures})
    order = []
    for i, o in enumerate(_list(request.get("order_by"), "order_by", 10)):
        if isinstance(o, str):
            o = {"by": o}
        if not isinstance(o, dict) or o.get("by") not in names or set(o) - {"by", "desc"}:
            raise ArgumentError(f"order_by[{i}]", f"order_by[{i}] must be {{\"by\": one of "
                                     f"{', '.join(sorted(names))}, \"desc\": true|false}}")
        order.append(Order(o["by"], bool(o.get("desc", False))))
    limit = request.get("limit", DEFAULT_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ArgumentError("limit", f"limit must be a whole number from 1 to {MAX_LIMIT}, not {limit!r}")
    return TableRequest(table, filters, group_by, measures, tuple(order), picked, limit, rows_query)
