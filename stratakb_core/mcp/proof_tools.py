"""The MCP tools that prove answers: strata_verify and strata_get_receipt; does I/O (the store).

`register(server)` adds both to the server `mcp.server.create_server` builds. They are written as
the other tools are: the core raises, `results.tool_errors` turns what escapes into a StrataToolError, and
the client gets JSON it can parse, an isError result for a refusal. Neither loads a model: the
checks run in Python, so nothing leaves the machine.
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from stratakb_core.errors import ArgumentError, StrataToolError
from stratakb_core.mcp.results import error_result, invalid, ok_result, tool_errors
from stratakb_core.mcp.schemas import ReceiptResponse, VerifyResponse
from stratakb_core.mcp.state import caller_of, state_of
from stratakb_core.query import open_receipt, table_limits, tables_base, verify_draft

__all__ = ["register", "strata_get_receipt", "strata_verify"]


def _actor(ctx: Context) -> str | None:
    try:
        return caller_of(ctx).actor
    except StrataToolError:
        return None


def strata_verify(
    draft: Annotated[str, Field(description="Your drafted answer. Cite every claim by passage id ([S1]) in the "
                                            "sentence that makes it; quote with \"...\".")],
    passages: Annotated[list[str | dict[str, Any]], Field(
        description="The refs of the passages strata_ask returned, exactly as returned and in order: the first "
                    "is S1. At most 50. For a computed value, a table request instead of a ref (computed.request "
                    "from strata_ask, or the request given to strata_table_query): it is run again and its "
                    "result is that passage.")],
    ctx: Context,
) -> Annotated[CallToolResult, VerifyResponse]:
    """Check a drafted answer against the passages it cites, read again from the stored documents:
    every quote, number, date, amount, percentage, code and clause reference must be in a passage
    its sentence cites. Returns verified with a receipt_id, flagged with what to fix, or
    nothing_checked (no quote or fact to check, no receipt). Sentences in unchecked_sentences were
    not checked: tell the reader."""
    state = state_of(ctx)
    try:
        with tool_errors("strata_verify", state.db), state.db.connection() as conn:
            try:
                body = verify_draft(conn, draft, passages, token_budget=state.settings.answer_token_budget,
                                    actor=_actor(ctx), tables_dir=tables_base(conn, state.settings),
                                    limits=table_limits(state.settings))
            except ArgumentError as exc:
                raise invalid(exc.argument, exc.message, **exc.extra) from exc
        return ok_result(body)
    except StrataToolError as exc:
        return error_result("strata_verify", exc)


def strata_get_receipt(
    receipt_id: Annotated[str, Field(description="The receipt_id strata_verify or an extractive strata_ask "
                                                 "returned (rcpt_...).")],
    ctx: Context,
) -> Annotated[CallToolResult, ReceiptResponse]:
    """Open a receipt: what the server read from the documents (each quote with where it is), the
    draft it checked, the facts found and the sentences that were not checked."""
    state = state_of(ctx)
    try:
        with tool_errors("strata_get_receipt", state.db), state.db.connection() as conn:
            try:
                body: dict[str, Any] = open_receipt(conn, receipt_id)
            except ArgumentError as exc:
                raise invalid(exc.argument, exc.message, **exc.extra) from exc
        return ok_result(body)
    except StrataToolError as exc:
        return error_result("strata_get_receipt", exc)


def register(server: MCPServer[Any]) -> None:
    """Add strata_verify and strata_get_receipt to the server."""
    # strata_verify writes a receipt when a draft passes: not read-only, never destructive.
    server.add_tool(strata_verify, title="Check a drafted answer against its passages",
                    annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False,
                                                idempotent_hint=False, open_world_hint=False))
    server.add_tool(strata_get_receipt, title="Open a receipt",
                    annotations=ToolAnnotations(read_only_hint=True, destructive_hint=False,
                                                idempotent_hint=True, open_world_hint=False))
