"""The MCP tools that read past a passage and compute over spreadsheets (viewer):
strata_read_document, strata_expand, strata_list_tables and strata_table_query; does I/O (the
store, the tables folder).

Each tool runs the query package's tool function (`query.reading_tools`) and returns its response
dict as JSON; a refusal is the JSON error of `results` (invalid_argument naming the argument).
None loads a model.
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from stratakb_core.errors import StrataToolError
from stratakb_core.mcp.results import error_result, ok_result, tool_errors
from stratakb_core.mcp.state import state_of
from stratakb_core.query import expand_tool, list_tables_tool, read_tool, table_query_tool

__all__ = ["register", "strata_expand", "strata_list_tables", "strata_read_document", "strata_table_query"]

READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                            open_world_hint=False)
_BUDGET = {"minimum": 100, "maximum": 50_000}


def _call(ctx: Context, tool: str, fn: Any) -> CallToolResult:
    state = state_of(ctx)
    try:
        with tool_errors(tool, state.db), state.db.connection() as conn:
            return ok_result(fn(conn, state.settings))
    except StrataToolError as exc:
        return error_result(tool, exc)


def strata_read_document(
    ctx: Context,
    layer: Annotated[str | None, Field(description="The layer of the document named by path.")] = None,
    path: Annotated[str | None, Field(description="The file's path within its layer, as citations give it.")] = None,
    document_id: Annotated[int | None, Field(description="The document's id: 42 for a ref d42:...")] = None,
    ref: Annotated[str | None, Field(description="A passage ref (d42:1830-1905): reading starts at its line.")] = None,
    start: Annotated[int | None, Field(description="Where the page starts: the previous page's next.")] = None,
    budget_tokens: Annotated[int | None, Field(description="The page's size in tokens, 100 to 50,000 "
                                                           "(default 1,500).", json_schema_extra=_BUDGET)] = None,
) -> CallToolResult:
    """Read a whole document in order, a page at a time: name it by layer and path, by document_id
    or by a passage ref, then pass start=next until next is null. Each page gives its text, lines,
    PDF pages, the sections it touches and a citation with the document's date, replaced_by and
    archived labels; a spreadsheet's page names its tables for strata_table_query."""
    return _call(ctx, "strata_read_document", lambda conn, settings: read_tool(
        conn, settings, layer=layer, path=path, document_id=document_id, ref=ref, start=start,
        budget_tokens=budget_tokens))


def strata_expand(
    ref: Annotated[str, Field(description="A passage ref as strata_ask or strata_search returned it (d42:1830-1905).")],
    ctx: Context,
    budget_tokens: Annotated[int | None, Field(description="Tokens for the clause and its neighbours; default "
                                                           "and most: the answer budget.",
                                               json_schema_extra={"minimum": 100})] = None,
) -> CallToolResult:
    """Widen a passage to the whole clause it sits in: the clause's text and ref with its citation,
    its parent heading, and the previous and next sections (their text when it fits). A clause
    over the budget comes back cut at a word, marked "cut": true, with a note."""
    return _call(ctx, "strata_expand", lambda conn, settings: expand_tool(conn, settings, ref, budget_tokens))


def strata_list_tables(
    ctx: Context,
    layers: Annotated[list[str] | None, Field(description="Only these layers' tables.")] = None,
) -> CallToolResult:
    """The tables of the ingested CSV, TSV and XLSX files (one per sheet, every row): name (d12.s1),
    layer, file, sheet, rows, and each column's name, header and type (integer, float, boolean,
    date, datetime, text), for strata_table_query."""
    return _call(ctx, "strata_list_tables", lambda conn, settings: list_tables_tool(conn, settings, layers))


def strata_table_query(
    table: Annotated[str, Field(description="A table name from strata_list_tables, such as d12.s1.")],
    ctx: Context,
    filters: Annotated[list[dict[str, Any]] | None, Field(
        description='Rows to keep: [{"column": "region", "op": "=", "value": "north"}]; op is =, !=, <, <=, >, '
                    '>=, in (a list) or contains (text).')] = None,
    group_by: Annotated[list[str] | None, Field(description="Columns to group by.")] = None,
    measures: Annotated[list[dict[str, Any] | str] | None, Field(
        description='What to compute: [{"op": "sum", "column": "amount"}, "count"]; op is count, sum, avg, min, '
                    'max or count_distinct. Named <op>_<column> in the rows.')] = None,
    order_by: Annotated[list[dict[str, Any]] | None, Field(
        description='[{"by": "sum_amount", "desc": true}]: a column, group or measure.')] = None,
    columns: Annotated[list[str] | None, Field(description="Without measures: the columns to return.")] = None,
    limit: Annotated[int | None, Field(description="Rows or groups returned, 1 to 1,000 (default 100).",
                                       json_schema_extra={"minimum": 1, "maximum": 1000})] = None,
) -> CallToolResult:
    """Compute over every row of a spreadsheet table: filter, group and count, sum, average, min or
    max, or list rows. Returns the rows and a citation (file, sheet, the source rows as ranges);
    a result cut at the limit says so. To verify a value, pass this request to strata_verify."""
    request = {k: v for k, v in (("table", table), ("filters", filters), ("group_by", group_by),
                                 ("measures", measures), ("order_by", order_by), ("columns", columns),
                                 ("limit", limit)) if v is not None}
    return _call(ctx, "strata_table_query", lambda conn, settings: table_query_tool(conn, settings, request))


def register(server: MCPServer[Any]) -> None:
    """Add strata_read_document, strata_expand, strata_list_tables and strata_table_query."""
    server.add_tool(strata_read_document, title="Read a document", annotations=READ_ONLY)
    server.add_tool(strata_expand, title="Widen a passage to its clause", annotations=READ_ONLY)
    server.add_tool(strata_list_tables, title="List the spreadsheet tables", annotations=READ_ONLY)
    server.add_tool(strata_table_query, title="Compute over a spreadsheet table", annotations=READ_ONLY)
