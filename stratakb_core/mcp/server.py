"""The MCP server: tools over the store; does I/O.

Built on the `mcp` SDK 2.x `MCPServer` (1.x called it FastMCP). `create_server` returns a server
named "stratakb" whose instructions carry the answer contract, with the tools strata_ask,
strata_search, strata_list_knowledge_layers, strata_read_document, strata_expand, strata_list_tables,
strata_table_query, strata_feedback and strata_learning_stats (viewer), strata_ingest_documents (operator),
strata_reset_learning,
strata_create_knowledge_layer, strata_apply_preset, strata_set_archived_patterns and
strata_admin_health (admin), the prompt `answer_from_documents` and the resources of
`mcp.resources` (layers, a layer's documents, a document's text). `run_stdio` and `run_http`
are the entry points `stratakb mcp` calls.

Roles (`roles.TOOL_ROLES`) are checked in one place, `StrataServer.call_tool`, before a tool runs.
Over stdio the caller's role is the configuration's (STRATA_MCP_ROLE, admin by default: a local
stdio server is the user's own). Over HTTP every request must carry `Authorization: Bearer <key>`;
`BearerKeyAuth` (`mcp.http`) checks it and leaves the key's role in the request's scope state.

What the server holds lives in a lifespan (`ServerState`): the settings, the `Database` and an
embedder built on the first search, so starting the server loads no model and needs no database.
Each tool call opens its own connection, so a database that comes back is used again without a
restart. Tools raise `StrataToolError` for everything the model or the user can act on: the
client gets an isError result whose text is a JSON error (code, message, the argument at fault),
never a success-looking string; arguments of the wrong type get the same JSON (invalid_argument),
not the SDK's validation text. Logs go to stderr; stdout belongs to the protocol.
"""

from __future__ import annotations

import inspect
import logging
import sys
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ListToolsResult, Tool
from pydantic import ValidationError

from stratakb_core import __version__
from stratakb_core.errors import StrataToolError
from stratakb_core.mcp import (
    admin_tools,
    learning_tools,
    lifecycle_tools,
    proof_tools,
    query_tools,
    reading_tools,
    resources,
    roles,
)
from stratakb_core.mcp.contract import INSTRUCTIONS, answer_from_documents
from stratakb_core.mcp.results import error_result, validation_error
from stratakb_core.mcp.schemas import GENERIC_OUTPUT_SCHEMA
from stratakb_core.mcp.state import ServerState, caller_of, lifespan, state_of
from stratakb_core.settings import Settings

__all__ = ["SERVER_NAME", "StrataServer", "create_server", "log_to_stderr", "run_stdio"]

SERVER_NAME = "stratakb"


def published(tool: Tool) -> Tool:
    """A tool as the server lists it: its description without docstring indentation, an input
    schema titled after the tool (not the SDK's "<name>Arguments"), and an output schema (the
    generic one for a tool registered without a typed result)."""
    schema = dict(tool.input_schema)
    schema["title"] = f"{tool.title or tool.name}: arguments"
    return tool.model_copy(update={
        "description": inspect.cleandoc(tool.description or ""), "input_schema": schema,
        "output_schema": tool.output_schema or GENERIC_OUTPUT_SCHEMA})


class StrataServer(MCPServer[ServerState]):
    """MCPServer with the role check before every tool call and JSON errors for bad arguments.

    tools/list shows only the tools the caller's role may call (STRATA_MCP_ROLE over stdio, the
    bearer key's role over HTTP), each as `published` shapes it. It is also the boundary for
    StrataToolError (not the SDK's ToolError): one that escapes a tool becomes the tool's isError
    JSON result here."""

    async def _handle_list_tools(self, ctx: Any, params: Any) -> ListToolsResult:
        tools = [published(t) for t in await self.list_tools()]
        try:
            role = caller_of(Context(request_context=ctx, mcp_server=self)).role
        except StrataToolError:
            role = None  # an unverified HTTP request: it may call nothing
        return ListToolsResult(tools=[t for t in tools
                                      if role is not None and roles.allows(role, roles.required_role(t.name))])

    async def read_resource(self, uri: Any, context: Context | None = None) -> Any:
        token = resources.CURRENT_STATE.set(state_of(context) if context is not None else None)
        try:
            return await super().read_resource(uri, context)
        finally:
            resources.CURRENT_STATE.reset(token)

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None) -> Any:
        if context is not None and name in {t.name for t in await self.list_tools()}:
            needed = roles.required_role(name)
            try:
                caller = caller_of(context)
                if not roles.allows(caller.role, needed):
                    raise StrataToolError(
                        "forbidden", f"{name} needs the {needed} role; this connection has the {caller.role} role",
                        role=caller.role, required_role=needed)
            except StrataToolError as exc:
                return error_result(name, exc)
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                return error_result(name, validation_error(exc.__cause__))
            if isinstance(exc.__cause__, StrataToolError):
                return error_result(name, exc.__cause__)
            raise
        except StrataToolError as exc:
            return error_result(name, exc)


def create_server(settings: Settings | None = None) -> StrataServer:
    """The "stratakb" MCP server; settings default to the environment, read when a session starts."""
    server = StrataServer(
        SERVER_NAME,
        title="StrataKB",
        instructions=INSTRUCTIONS,
        version=__version__,
        lifespan=lifespan(settings),
        log_level="WARNING",
    )
    query_tools.register(server)
    admin_tools.register(server)
    proof_tools.register(server)
    reading_tools.register(server)
    learning_tools.register(server)
    lifecycle_tools.register(server)
    resources.register(server)
    server.prompt(title="Answer from the documents")(answer_from_documents)
    return server


def log_to_stderr() -> None:
    """Every log record to stderr (stdout belongs to the protocol), set before the SDK's own set-up."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                            format="%(levelname)s %(name)s: %(message)s")


def run_stdio(settings: Settings | None = None) -> None:
    """Serve MCP over stdin/stdout until the client closes the connection (role: STRATA_MCP_ROLE)."""
    log_to_stderr()
    create_server(settings).run("stdio")
