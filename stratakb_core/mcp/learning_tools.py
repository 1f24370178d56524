"""The MCP tools of the learning loop: strata_feedback and strata_learning_stats (viewer) and
strata_reset_learning (admin); does I/O (the store).

strata_feedback rates an interaction (asking-and-searching.txt, Feedback): a bad rating refuses
the whole call and stores nothing, the error listing the allowed values; an extra that fails is
named in not_stored and warning while the status stays ok. With LEARNING_ENABLED=false nothing is
recorded: feedback and reset are refused with learning_disabled, and the stats say learning is off.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import Field

from stratakb_core.errors import LearningDisabled, StrataToolError
from stratakb_core.mcp.results import error_result, ok_result, tool_errors
from stratakb_core.mcp.state import caller_of, client_key, state_of
from stratakb_core.query import LEARNING_OFF, AskConfig, feedback_tool, learning_stats, load_layers, reset_learning

__all__ = ["register", "strata_feedback", "strata_learning_stats", "strata_reset_learning"]

_READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                             open_world_hint=False)


def _call(ctx: Context, tool: str, fn: Any) -> CallToolResult:
    try:
        state, caller = state_of(ctx), caller_of(ctx)
        with tool_errors(tool, state.db), state.db.connection() as conn:
            return ok_result(fn(state, caller, conn))
    except StrataToolError as exc:
        return error_result(tool, exc)


def strata_feedback(
    interaction_id: Annotated[str, Field(description="The interaction_id a strata_ask or strata_search response "
                                                     "gave.")],
    helpful: Annotated[bool, Field(description="Whether the results helped.")],
    ctx: Context,
    correct_layer: Annotated[str | None, Field(description="The layer the question belongs to, when the results "
                                                           "came from the wrong one.")] = None,
    better_query: Annotated[str | None, Field(description="Wording that would have found the answer.")] = None,
    chunk_feedback: Annotated[
        dict[str, Any] | None,
        Field(description='Ratings by passage id of the answer or by chunk id: {"S1": "useful", "S2": "wrong"}; '
                          "values are useful, wrong or outdated."),
    ] = None,
) -> CallToolResult:
    """Say how the results of an ask or search did: helpful or not, the layer it belongs to, a better
    wording, and ratings of passages (useful, wrong, outdated). Any other rating refuses the whole
    call; an extra that cannot be stored is named in not_stored and warning."""
    def run(state: Any, caller: Any, conn: Any) -> dict[str, Any]:
        config = AskConfig(learning_enabled=state.settings.learning_enabled,
                           store_raw_queries=state.settings.learning_store_raw_queries)
        return feedback_tool(conn, config, interaction_id, helpful, correct_layer, better_query,
                             chunk_feedback, client=client_key(ctx, caller), actor=caller.actor)

    return _call(ctx, "strata_feedback", run)


def strata_learning_stats(
    ctx: Context,
    layer: Annotated[str | None, Field(description="Only what was learned for this layer (and synonyms stored "
                                                   "with no layer).")] = None,
) -> CallToolResult:
    """What the server has learned: synonyms with their layer and usage_count, layer affinities,
    learned rewrites and demoted chunks, and how many interactions and ratings it learned from."""
    return _call(ctx, "strata_learning_stats", lambda state, caller, conn: learning_stats(
        conn, enabled=state.settings.learning_enabled, layer=layer))


def strata_reset_learning(
    ctx: Context,
    layer: Annotated[str | None, Field(description="Reset only this layer; leave out for the global reset.")] = None,
    scope: Annotated[Literal["layer", "global"] | None, Field(
        description="global clears everything learned for good; layer (with layer) keeps the history.")] = None,
) -> CallToolResult:
    """Clear what was learned (admin). A layer reset keeps the history and does not reach synonyms stored
    with no layer, so a pair with enough evidence is learned again on the next promoter run; use the
    global reset to remove a bad synonym for good."""
    def run(state: Any, caller: Any, conn: Any) -> dict[str, Any]:
        if not state.settings.learning_enabled:
            raise LearningDisabled(LEARNING_OFF)
        if scope == "global" and layer is not None:
            raise StrataToolError("invalid_argument", "scope global resets every layer: leave layer out",
                                  argument="layer")
        if scope == "layer" and layer is None:
            raise StrataToolError("invalid_argument", "scope layer needs a layer", argument="layer")
        return reset_learning(conn, layer, known_layers=load_layers(conn).names(), actor=caller.actor)

    return _call(ctx, "strata_reset_learning", run)


def register(server: MCPServer[Any]) -> None:
    """Add strata_feedback, strata_learning_stats and strata_reset_learning to the server."""
    server.add_tool(strata_feedback, title="Rate an answer's results",
                    annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False,
                                                open_world_hint=False))
    server.add_tool(strata_learning_stats, title="What the server has learned", annotations=_READ_ONLY)
    server.add_tool(strata_reset_learning, title="Reset what was learned (admin)",
                    annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True,
                                                open_world_hint=False))
