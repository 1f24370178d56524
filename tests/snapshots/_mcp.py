"""A real MCP client on `stratakb mcp` (the console script) over stdio."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.types import CallToolResult, InitializeResult, TextContent

from tests.snapshots._support import stratakb_script

TIMEOUT = 60


@asynccontextmanager
async def mcp_session(env: dict[str, str], cwd: Path, errlog) -> AsyncIterator[tuple[ClientSession, InitializeResult]]:
    params = StdioServerParameters(command=str(stratakb_script()), args=["mcp"], env=env, cwd=str(cwd))
    async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        yield session, init


def tool_body(result: CallToolResult) -> dict[str, Any]:
    """The JSON body of a tool result (ok or error)."""
    block = result.content[0]
    assert isinstance(block, TextContent), result
    return json.loads(block.text)
