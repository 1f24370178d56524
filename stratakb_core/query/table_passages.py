"""Table results as passages strata_verify checks a draft against; does I/O (the store, DuckDB).

A passage strata_verify is given may be a table request (the object strata_table_query took, or
``computed.request`` from strata_ask) instead of a ref. The request is run again over every row
of its table, and the result is the passage's text, one line per row (``sum_amount: 1234.5``),
each number also written rounded to 2, 1 and 0 decimals so a draft may round it. The receipt
keeps the request, the result and its citation (file, sheet, rows), and pins the spreadsheet's
document version as it pins any cited passage's. A request that fails (an unknown table, a
column gone since) is that passage's flag, as an unreadable ref is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from stratakb_core.errors import StrataError
from stratakb_core.query.spans import ReadSpan, read_refs
from stratakb_core.query.table_sql import DEFAULT_LIMITS, Limits
from stratakb_core.query.tables import table_query
from stratakb_core.store.documents_read import document_version

__all__ = ["TableSpan", "read_passages", "result_text"]


@dataclass(frozen=True)
class TableSpan(ReadSpan):
    """A table result read as a passage."""

    request: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        return {"id": self.id, "kind": "table_result", "table": self.request.get("table"),
                "request": self.request, "result": {k: self.result.get(k) for k in ("columns", "rows", "citation")},
                "document_id": self.document_id, "version_id": self.version_id, "layer": self.layer,
                "file": self.file, "text": self.text}


def _value(v: Any) -> str:
    if isinstance(v, bool) or not isinstance(v, int | float):
        return str(v)
    forms = [repr(v) if isinstance(v, float) else str(v)]
    if isinstance(v, float):
        forms += [f"{v:.2f}", f"{v:.1f}", f"{v:.0f}"]
    return " ".join(dict.fromkeys(forms))


def result_text(result: dict[str, Any]) -> str:
    """A table result as passage text: one line per row, ``column: value`` joined by ``; ``."""
    lines = []
    for row in result.get("rows") or []:
        lines.append("; ".join(f"{k}: {_value(v)}" for k, v in row.items() if k != "_rows"))
    return "\n".join(lines)


def _table_span(conn: psycopg.Connection, pid: str, request: dict[str, Any], base: Path | None,
                limits: Limits) -> ReadSpan:
    shown = f"table {request.get('table')!r}"
    if base is None:
        return ReadSpan(pid, shown, flag_reason="table_unavailable",
                        flag_message=f"{pid}: table results cannot be checked here (no tables folder)")
    try:
        result = table_query(conn, base, request, limits)
    except StrataError as exc:
        return ReadSpan(pid, shown, flag_reason="table_error",
                        flag_message=f"{pid}: the table request could not be run again: {exc.message}")
    cit = result["citation"]
    doc_id = int(str(cit["table"]).split(".")[0][1:])
    return TableSpan(pid, shown, text=result_text(result), document_id=doc_id,
                     version_id=document_version(conn, doc_id), layer=cit.get("layer"), file=cit.get("file"),
                     request=request, result=result)


def read_passages(conn: psycopg.Connection, passages: Sequence[Any], *, token_budget: int,
                  tables_dir: Path | None = None, limits: Limits = DEFAULT_LIMITS) -> list[ReadSpan]:
    """Each passage read now, S1 first: a ref's text as stored (spans.read_refs) or a table
    request's result run again (a dict in passages)."""
    spans = read_refs(conn, passages, token_budget=token_budget)
    for i, item in enumerate(passages):
        if isinstance(item, dict):
            spans[i] = _table_span(conn, f"S{i + 1}", item, tables_dir, limits)
    return spans
