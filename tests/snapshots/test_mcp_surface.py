"""The MCP server as a real stdio client sees it (`stratakb mcp`): server info and capabilities,
the instructions text, every tool in full (name, title, description, input and output schema,
annotations) for the admin role, the tool names each role lists, and the prompts."""

from __future__ import annotations

import anyio
import pytest
from mcp.types import TextContent

from tests.snapshots._mcp import TIMEOUT, mcp_session
from tests.snapshots._support import assert_snapshot, product_env

pytestmark = pytest.mark.anyio

ROLES = ("admin", "operator", "viewer")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def dump(model) -> dict:
    return model.model_dump(mode="json", by_alias=True)


async def test_tools_prompts_and_instructions_by_role(snap_db, tmp_path):
    seen: dict[str, dict] = {}

    async def listing(role: str) -> None:
        env = product_env(snap_db, tmp_path / "data", STRATA_MCP_ROLE=role)
        with open(tmp_path / f"server-{role}.log", "w", encoding="utf-8") as log:
            async with mcp_session(env, tmp_path, log) as (session, init):
                out = {"init": init, "tools": (await session.list_tools()).tools,
                       "prompts": (await session.list_prompts()).prompts}
                if role == "admin":
                    out["prompt"] = await session.get_prompt(
                        "answer_from_documents", {"question": "How long are access logs kept?", "layers": "docs, hr"})
                seen[role] = out

    with anyio.fail_after(TIMEOUT):
        async with anyio.create_task_group() as tg:
            for role in ROLES:
                tg.start_soon(listing, role)

    admin = seen["admin"]
    init = admin["init"]
    assert init.server_info.name == "stratakb" and admin["tools"]
    assert_snapshot("mcp/server.json", {
        "protocol_version": init.protocol_version,
        "server_info": dump(init.server_info),
        "capabilities": dump(init.capabilities),
    })
    assert_snapshot("mcp/instructions.txt", init.instructions or "")
    assert_snapshot("mcp/tools.json", [dump(t) for t in admin["tools"]])
    assert_snapshot("mcp/tool_names_by_role.json", {role: [t.name for t in seen[role]["tools"]] for role in ROLES})
    assert_snapshot("mcp/prompts.json", [dump(p) for p in admin["prompts"]])
    for role in ROLES:  # instructions and prompts are the same for every role today
        assert seen[role]["init"].instructions == init.instructions, role
        assert [dump(p) for p in seen[role]["prompts"]] == [dump(p) for p in admin["prompts"]], role
    messages = admin["prompt"].messages
    assert all(isinstance(m.content, TextContent) for m in messages)
    assert_snapshot("mcp/prompt_answer_from_documents.txt",
                    "\n".join(f"[{m.role}]\n{m.content.text}" for m in messages))
