"""Spreadsheet tables for exact computation: list them, and run counts, sums and group-bys over
every row; does I/O (the store, the tables folder).

A table is one sheet of a current CSV, TSV or XLSX document that ingest materialized as Parquet
(``ingest.tables``). Its name is ``d<document_id>.s<sheet index>`` (``d12.s1``: sheet 1 of
document 12, like a passage ref names its document), and a request must name a listed table
exactly: anything else, quotes and semicolons included, is an unknown table.

``list_tables`` and ``table_query`` are the driver API; ``run_table_query`` runs a request on a
TableInfo without the store (benchmarks, tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

from stratakb_core.errors import ArgumentError
from stratakb_core.query.table_request import check_request
from stratakb_core.query.table_sql import DEFAULT_LIMITS, Limits, ranges_text, run_request
from stratakb_core.store.documents_read import layer_names, table_documents
from stratakb_core.store.table_registry import Column, TableFile, manifests

__all__ = ["Limits", "TableInfo", "list_tables", "load_tables", "run_table_query", "table_query"]


@dataclass(frozen=True)
class TableInfo:
    """A listed table: where it came from and what it holds."""

    name: str
    layer: str
    document_id: int | None
    file: str
    table: TableFile

    @property
    def columns(self) -> tuple[Column, ...]:
        return self.table.columns

    def describe(self) -> dict[str, Any]:
        t = self.table
        out: dict[str, Any] = {
            "table": self.name, "layer": self.layer, "file": self.file, "sheet": t.sheet, "rows": t.rows,
            "columns": [{"name": c.name, "header": c.header, "type": c.type} for c in t.columns],
        }
        if t.refused:
            out["refused"] = t.refused
        if t.error_cells:
            out["error_cells"] = t.error_cells
        if t.notes:
            out["notes"] = list(t.notes)
        return out


def load_tables(conn: psycopg.Connection, tables_dir: Path, layers: Sequence[str] | None = None,
                ) -> dict[str, TableInfo]:
    """The tables of the current spreadsheet documents of the layers (all when None), by name."""
    if layers is not None:
        known = set(layer_names(conn))
        unknown = [x for x in layers if x not in known]
        if unknown:
            raise ArgumentError("layers", f"unknown layer(s): {', '.join(unknown)}; known layers: "
                                     f"{', '.join(sorted(known)) or 'none yet'}")
    docs = table_documents(conn, layers)
    by_key = {(d.layer, d.content_hash): d for d in docs}
    out: dict[str, TableInfo] = {}
    for layer in sorted({d.layer for d in docs}):
        shas = [d.content_hash for d in docs if d.layer == layer]
        for sha, tables in manifests(Path(tables_dir), layer, shas):
            doc = by_key[(layer, sha)]
            for t in tables:
                name = f"d{doc.id}.s{t.sheet_index}"
                out[name] = TableInfo(name, layer, doc.id, doc.path, t)
    return out


def list_tables(conn: psycopg.Connection, tables_dir: Path, layers: Sequence[str] | None = None,
                ) -> dict[str, Any]:
    """{"tables": [{table, layer, file, sheet, rows, columns: [{name, header, type}], ...}]} in file
    order; a refused sheet is listed with its reason and no columns."""
    tables = load_tables(conn, tables_dir, layers)
    ordered = sorted(tables.values(), key=lambda t: (t.layer, t.file, t.table.sheet_index))
    return {"status": "ok", "tables": [t.describe() for t in ordered]}


def table_query(conn: psycopg.Connection, tables_dir: Path, request: Any, limits: Limits = DEFAULT_LIMITS,
                ) -> dict[str, Any]:
    """Run a table request (see query.table_request) over the named table's every row."""
    if not isinstance(request, dict):
        raise ArgumentError("request", "the request must be an object")
    name = request.get("table")
    if not isinstance(name, str) or not name:
        raise ArgumentError("table", "table must name a table from list_tables (such as d12.s1)")
    tables = load_tables(conn, tables_dir)
    info = tables.get(name)
    if info is None:
        raise ArgumentError("table", f"unknown table {name!r}; list_tables names the tables "
                                 f"({', '.join(sorted(tables)[:20]) or 'none yet'})")
    return run_table_query(info, request, limits)


def run_table_query(info: TableInfo, request: dict[str, Any], limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """The request run on a known table; the response table_query returns."""
    if info.table.refused or not info.table.path:
        raise ArgumentError("table", f"table {info.name} was not materialized: {info.table.refused}")
    req = check_request(request, info.name, info.columns)
    res = run_request(req, Path(info.table.path), limits)
    citation: dict[str, Any] = {"table": info.name, "file": info.file, "sheet": info.table.sheet,
                                "layer": info.layer}
    if not req.group_by:
        citation["rows"] = res.spread or ranges_text(res.row_ranges, res.more_ranges)
    out: dict[str, Any] = {"status": "ok", "table": info.name, "columns": res.columns, "rows": res.rows,
                           "citation": citation, "sql": res.sql}
    notes = []
    if req.rows_query or req.group_by:
        what = "rows" if req.rows_query else "groups"
        out[f"total_{what}"] = res.total
        out["truncated"] = res.total > len(res.rows)
        if out["truncated"]:
            notes.append(f"The result has {res.total:,} {what}; only the first {len(res.rows):,} are returned "
                         f"(limit {req.limit}). Filter, group more coarsely or order to see the ones you need.")
    if req.group_by:
        notes.append("Each group's _rows gives its source rows as ranges.")
    if res.more_ranges:
        notes.append(f"The citation lists the first {len(res.row_ranges)} row ranges of "
                     f"{len(res.row_ranges) + res.more_ranges}.")
    if res.cut_values:
        notes.append(f"{res.cut_values} text value(s) longer than 1,000 characters were cut.")
    if info.table.error_cells:
        notes.append(f"{info.table.error_cells} error cell(s) (#DIV/0!, #N/A, ...) in the sheet are null.")
    if notes:
        out["note"] = " ".join(notes)
    return out
