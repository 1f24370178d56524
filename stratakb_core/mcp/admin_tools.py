"""The MCP tools that build layers and report health: strata_ingest_documents (operator),
strata_create_knowledge_layer, strata_apply_preset, strata_set_archived_patterns and
strata_admin_health (admin); does I/O (the store, the files under the ingest roots).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from stratakb_core.errors import StrataError, StrataToolError
from stratakb_core.ingest import layer_admin
from stratakb_core.ingest.health import health_report
from stratakb_core.mcp.results import error_result, ok_result, tool_errors
from stratakb_core.mcp.schemas import (
    CreateLayerResponse,
    HealthResponse,
    IngestResponse,
    PresetResponse,
    SetArchivedResponse,
)
from stratakb_core.mcp.state import Caller, ServerState, caller_of, state_of

__all__ = [
    "register",
    "strata_admin_health",
    "strata_apply_preset",
    "strata_create_knowledge_layer",
    "strata_ingest_documents",
    "strata_set_archived_patterns",
]

_READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                             open_world_hint=False)
_SYNC = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False)
_CREATE = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False,
                          open_world_hint=False)


def _admin_call(ctx: Context, tool: str, fn: Any) -> CallToolResult:
    """Run fn(state, caller) -> response dict, with every failure as the tool's JSON error."""
    try:
        state, caller = state_of(ctx), caller_of(ctx)
        with tool_errors(tool, state.db):
            return ok_result(fn(state, caller))
    except StrataToolError as exc:
        return error_result(tool, exc)


def strata_create_knowledge_layer(
    name: Annotated[str, Field(description="The layer's name: 1 to 63 lower-case letters, digits, '_' or '-'.")],
    display_name: Annotated[str, Field(description="The name people read, such as 'Ops Runbooks'.")],
    description: Annotated[str, Field(description="What the layer holds, in its own terms: it guides routing and "
                                                  "query rewriting (e.g. 'SEPA rulebooks: SCT, SDD; reason codes "
                                                  "such as AC04').")],
    ctx: Context,
    answer_mode: Annotated[
        Literal["grounded", "extractive"],
        Field(description="grounded (the client writes the answer from cited passages) or extractive (the "
                          "documents' own sentences, for text that must not be paraphrased)."),
    ] = "grounded",
) -> Annotated[CallToolResult, CreateLayerResponse]:
    """Create an empty knowledge layer (admin). Then add documents with strata_ingest_documents."""
    return _admin_call(ctx, "strata_create_knowledge_layer", lambda state, caller: layer_admin.create_layer(
        state.db, name, display_name, description, answer_mode, actor=caller.actor))


def strata_ingest_documents(
    layer: Annotated[str, Field(description="The layer to add to (it must exist).")],
    path: Annotated[str, Field(description="An absolute path to a folder or a file under the server's ingest "
                                           "roots (STRATA_INGEST_ROOTS).")],
    ctx: Context,
) -> Annotated[CallToolResult, IngestResponse]:
    """Sync a folder (or one file) into a layer (operator): new files are added, changed ones
    re-embedded, deleted ones removed; only secret-looking names and files with no text are
    skipped. Returns the counts, and each failed file by its path inside the folder."""
    def run(state: ServerState, caller: Caller) -> dict[str, Any]:
        outcome = layer_admin.ingest_path(state.db, state.settings, layer, path, embedder=state.embedder(),
                                          actor=caller.actor)
        return outcome.as_dict()

    return _admin_call(ctx, "strata_ingest_documents", run)


def strata_apply_preset(
    path: Annotated[str, Field(description="An absolute path to the preset's YAML file, under the server's "
                                           "ingest roots.")],
    ctx: Context,
    dry_run: Annotated[bool, Field(description="Write nothing; list the settings that would change.")] = False,
    docs_root: Annotated[
        str | None, Field(description="Resolve the sources' paths against this absolute folder (under the "
                                      "ingest roots) instead of the preset's folder."),
    ] = None,
) -> Annotated[CallToolResult, PresetResponse]:
    """Create or update a layer from a preset file and rebuild its chunks from its source folders
    (admin). The preset file, the docs root and every source folder must lie under the ingest roots."""
    return _admin_call(ctx, "strata_apply_preset", lambda state, caller: layer_admin.apply_preset_within_roots(
        state.db, state.settings, path, dry_run=dry_run, docs_root=docs_root,
        embedder=None if dry_run else state.embedder(), actor=caller.actor))


def strata_set_archived_patterns(
    layer: Annotated[str, Field(description="The layer whose patterns to set.")],
    patterns: Annotated[
        list[str], Field(description="Path patterns written as in .gitignore ('archive/', '*-2024.md', '!keep.md'); "
                                     "the last match wins; [] clears them.")],
    ctx: Context,
) -> Annotated[CallToolResult, SetArchivedResponse]:
    """Set which of a layer's files are archived (admin): their citations then carry
    "archived": true. Worked out on every ask, so no new ingest is needed; ranking is unchanged."""
    return _admin_call(ctx, "strata_set_archived_patterns", lambda state, caller: layer_admin.set_archived_patterns(
        state.db, layer, patterns, actor=caller.actor))


def strata_admin_health(ctx: Context) -> Annotated[CallToolResult, HealthResponse]:
    """The server's health (admin): the store (versions, migrations, counts), the embedding model
    against the store's active model and vector column, the reranker and the parse limits."""
    def run(state: ServerState, caller: Caller) -> dict[str, Any]:
        embedder, error = None, None
        try:
            embedder = state.embedder()
        except StrataError as exc:
            error = exc.message
        return health_report(state.db, state.settings, embedder=embedder, embedder_error=error,
                             reranker_state=state.reranker_state())

    return _admin_call(ctx, "strata_admin_health", run)


def register(server: MCPServer[Any]) -> None:
    """Add the layer-building and health tools to the server."""
    server.add_tool(strata_create_knowledge_layer, title="Create a knowledge layer (admin)", annotations=_CREATE)
    server.add_tool(strata_ingest_documents, title="Ingest a folder or file into a layer (operator)",
                    annotations=_SYNC)
    server.add_tool(strata_apply_preset, title="Apply a preset (admin)", annotations=_SYNC)
    server.add_tool(strata_set_archived_patterns, title="Set a layer's archived patterns (admin)",
                    annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                                                open_world_hint=False))
    server.add_tool(strata_admin_health, title="Server health (admin)", annotations=_READ_ONLY)
