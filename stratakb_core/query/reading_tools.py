"""strata_read_document, strata_expand, strata_list_tables and strata_table_query as the tools take
them: check the arguments, run query.reading / query.tables, return the response dict; does I/O
(the store, the tables folder).

The MCP tools and the CLI (`stratakb read`, `stratakb table`) call these, so a response is shaped
in one place. The tables live under ``<data_dir>/tables/<store key>`` (STRATA_DATA_DIR, see
``store.table_registry.store_tables_dir``): ingest writes them there after every sync, and every
process of the store finds them from the same data_dir. DuckDB's memory, threads and time per
query come from the settings (STRATA_TABLE_QUERY_MEMORY, _THREADS, _TIMEOUT).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import psycopg

from stratakb_core.errors import ArgumentError
from stratakb_core.query.reading import DEFAULT_READ_TOKENS, expand, read_document
from stratakb_core.query.table_sql import Limits
from stratakb_core.query.tables import list_tables, table_query
from stratakb_core.settings import Settings
from stratakb_core.store.table_registry import store_tables_dir

__all__ = ["expand_tool", "list_tables_tool", "read_tool", "table_limits", "table_query_tool", "tables_base"]

MAX_REQUEST_CHARS = 100_000


def tables_base(conn: psycopg.Connection, settings: Settings) -> Path:
    """The store's tables folder (``<data_dir>/tables/<store key>``)."""
    return store_tables_dir(settings.data_dir, conn)


def table_limits(settings: Settings) -> Limits:
    """DuckDB's bounds for one table query, from the settings."""
    return Limits(memory=settings.table_query_memory, threads=settings.table_query_threads,
                  timeout_s=float(settings.table_query_timeout_s))


def read_tool(conn: psycopg.Connection, settings: Settings, *, layer: Any = None, path: Any = None,
              document_id: Any = None, ref: Any = None, start: Any = None, budget_tokens: Any = None,
              ) -> dict[str, Any]:
    """strata_read_document: one page of a document named by layer+path, document_id or ref."""
    if layer is not None and path is None:
        raise ArgumentError("path", "a layer names a document only with its path; or pass document_id or ref")
    budget = DEFAULT_READ_TOKENS if budget_tokens is None else budget_tokens
    return read_document(conn, layer=layer, path=path, document_id=document_id, ref=ref, start=start,
                         budget_tokens=budget, tables_dir=tables_base(conn, settings))


def expand_tool(conn: psycopg.Connection, settings: Settings, ref: Any, budget_tokens: Any = None,
                ) -> dict[str, Any]:
    """strata_expand: the whole clause a passage ref sits in, with its parent and neighbours. The
    budget defaults to (and is at most) the answer budget, so strata_verify accepts the clause ref."""
    if not isinstance(ref, str) or not ref.strip():
        raise ArgumentError("ref", "ref must be a passage ref as strata_ask returns them, such as d42:1830-1905")
    limit = settings.answer_token_budget
    budget = limit if budget_tokens is None else budget_tokens
    if isinstance(budget, int) and not isinstance(budget, bool) and budget > limit:
        raise ArgumentError("budget_tokens", f"budget_tokens is at most the answer budget, {limit:,} "
                                             "(ANSWER_TOKEN_BUDGET), so strata_verify accepts the clause's ref")
    return expand(conn, ref.strip(), budget_tokens=budget)


def list_tables_tool(conn: psycopg.Connection, settings: Settings, layers: Any = None) -> dict[str, Any]:
    """strata_list_tables: each table's name, file, sheet, rows, columns and types."""
    if layers is not None and (not isinstance(layers, list) or not all(isinstance(x, str) for x in layers)):
        raise ArgumentError("layers", "layers must be a list of layer names")
    return list_tables(conn, tables_base(conn, settings), layers)


def parse_request(raw: Any) -> dict[str, Any]:
    """A table request given as an object or as JSON text (the CLI's --request)."""
    if isinstance(raw, str):
        if len(raw) > MAX_REQUEST_CHARS:
            raise ArgumentError("request", f"the request is over {MAX_REQUEST_CHARS:,} characters")
        try:
            raw = json.loads(raw)
        except ValueError as exc:
            raise ArgumentError("request", f"the request is not valid JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise ArgumentError("request", "the request must be an object such as "
                                       '{"table": "d12.s1", "measures": [{"op": "sum", "column": "amount"}]}')
    return raw


def table_query_tool(conn: psycopg.Connection, settings: Settings, request: Any) -> dict[str, Any]:
    """strata_table_query: the request run over every row of its table, with a citation."""
    return table_query(conn, tables_base(conn, settings), parse_request(request), table_limits(settings))
