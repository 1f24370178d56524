"""The MCP tools of a layer's history and lifecycle (admin only): strata_rollback_layer,
strata_remove_layer, strata_rename_layer, strata_remove_source and strata_rebuild_layer; does I/O.

They are not in roles.TOOL_ROLES, so only admins may call them. Destructive ones take
`confirm: true`; without it they refuse and say what would change.
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from stratakb_core.errors import StrataToolError
from stratakb_core.ingest import lifecycle
from stratakb_core.mcp.results import error_result, ok_result, tool_errors
from stratakb_core.mcp.state import caller_of, state_of

__all__ = ["register", "strata_rebuild_layer", "strata_remove_layer", "strata_remove_source", "strata_rename_layer",
           "strata_rollback_layer"]

_WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False)
Layer = Annotated[str, Field(description="The layer's name (from strata_list_knowledge_layers).")]
Confirm = Annotated[bool, Field(description="Must be true: the change applies at once.")]


def _call(ctx: Context, tool: str, fn: Any, confirm: bool = True) -> CallToolResult:
    try:
        if not confirm:
            raise StrataToolError("confirmation_required", f"{tool} changes the layer at once; call it again "
                                  "with confirm: true", argument="confirm")
        state, caller = state_of(ctx), caller_of(ctx)
        with tool_errors(tool, state.db):
            return ok_result(fn(state, caller))
    except StrataToolError as exc:
        return error_result(tool, exc)


def strata_rollback_layer(
    layer: Layer,
    target: Annotated[str, Field(description="A seq from the event log, or an ISO time: the layer returns to its "
                                             "state right after that event.")],
    ctx: Context,
    dry_run: Annotated[bool, Field(description="Only list what would be restored, added and removed.")] = False,
) -> CallToolResult:
    """Roll a layer back to an earlier point of its history (admin). Appends events, embeds nothing,
    and can itself be rolled back; the folder stays the truth for the next sync."""
    return _call(ctx, "strata_rollback_layer", lambda s, c: lifecycle.rollback_layer(
        s.db, layer, target, dry_run=dry_run, actor=c.actor))


def strata_remove_layer(layer: Layer, ctx: Context, confirm: Confirm = False) -> CallToolResult:
    """Remove a layer with its documents, chunks and unused vectors (admin); its history stays."""
    return _call(ctx, "strata_remove_layer", lambda s, c: lifecycle.remove_layer(s.db, layer, actor=c.actor), confirm)


def strata_rename_layer(
    layer: Layer,
    new_name: Annotated[str, Field(description="1 to 63 lower-case letters, digits, '_' or '-'.")],
    ctx: Context,
    display_name: Annotated[str | None, Field(description="Also set the name people read.")] = None,
    confirm: Confirm = False,
) -> CallToolResult:
    """Rename a layer (admin); documents, routing and history follow it."""
    return _call(ctx, "strata_rename_layer", lambda s, c: lifecycle.rename_layer(
        s.db, layer, new_name, display_name=display_name, actor=c.actor), confirm)


def strata_remove_source(
    layer: Layer,
    folder: Annotated[str, Field(description="The source folder's path or name.")],
    ctx: Context,
    confirm: Confirm = False,
) -> CallToolResult:
    """Remove one source folder and its documents from a layer (admin)."""
    return _call(ctx, "strata_remove_source", lambda s, c: lifecycle.remove_source(
        s.db, layer, folder, actor=c.actor), confirm)


def strata_rebuild_layer(layer: Layer, ctx: Context, confirm: Confirm = False) -> CallToolResult:
    """replace_all (admin): parse and chunk every file of the layer's folders again, embedding only
    texts with no stored vector (the remedy after a chunk_config change)."""
    def run(s: Any, c: Any) -> dict[str, Any]:
        r = lifecycle.replace_all(s.db, layer, s.embedder(), actor=c.actor)
        return {"status": "interrupted" if r.interrupted else "ok", "layer": layer, **r.counts(),
                "errors": [e.as_dict() for e in r.errors], "notes": r.notes}

    return _call(ctx, "strata_rebuild_layer", run, confirm)


def register(server: MCPServer[Any]) -> None:
    """Add the lifecycle tools (admin only) to the server."""
    server.add_tool(strata_rollback_layer, title="Roll a layer back (admin)", annotations=_WRITE)
    server.add_tool(strata_remove_layer, title="Remove a layer (admin)", annotations=_WRITE)
    server.add_tool(strata_rename_layer, title="Rename a layer (admin)", annotations=_WRITE)
    server.add_tool(strata_remove_source, title="Remove a source folder from a layer (admin)", annotations=_WRITE)
    server.add_tool(strata_rebuild_layer, title="Rebuild a layer from its folders (admin)", annotations=_WRITE)
