"""The learning tools through a real MCP client connected in process to `create_server`: strata_feedback,
strata_learning_stats and strata_reset_learning with their roles, each MCP session its own client key,
and the promoter running in the server's process every 50 interactions."""

from __future__ import annotations

import json
from dataclasses import replace

import anyio
import pytest
from mcp import Client
from mcp.types import CallToolResult, TextContent

from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.mcp.server import create_server
from stratakb_core.store import events as ev

pytestmark = pytest.mark.anyio
TIMEOUT = 120


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def served(db, settings, docs):
    assert add_folder(db, settings, AddOptions(folder=docs)).errors == []
    return replace(settings, reranking_enabled=False)


def body(result: CallToolResult) -> dict:
    block = result.content[0]
    assert isinstance(block, TextContent)
    return json.loads(block.text)


async def test_feedback_stats_and_reset_over_mcp_with_roles(served, conn):
    with anyio.fail_after(TIMEOUT):
        async with Client(create_server(served)) as client:
            ask = body(await client.call_tool("strata_ask", {"question": "What does clause 7.2 say about notice?"}))
            iid = ask["interaction_id"]
            bad = await client.call_tool("strata_feedback", {"interaction_id": iid, "helpful": True,
                                                             "chunk_feedback": {"S2": "meh"}})
            assert bad.is_error
            err = body(bad)["error"]
            assert err["code"] == "invalid_argument" and err["allowed"] == ["useful", "wrong", "outdated"]
            ok = body(await client.call_tool("strata_feedback", {
                "interaction_id": iid, "helpful": True, "chunk_feedback": {"S1": "useful", "S2": "useful"}}))
            assert ok["status"] == "ok" and ok["not_stored"] == ["chunk_feedback.S1"] and "warning" in ok
            stats = body(await client.call_tool("strata_learning_stats", {}))
            assert stats["learning_enabled"] is True and stats["interactions"] == 1 and stats["feedback"] == 1
            reset = body(await client.call_tool("strata_reset_learning", {"layer": "docs"}))
            assert reset["scope"] == "layer"
    (fb,) = [e for e in ev.read(conn) if e.type == ev.FEEDBACK_RECORDED]
    assert fb.payload["client"].startswith("mcp:") and fb.actor.startswith("mcp:")
    with anyio.fail_after(TIMEOUT):
        async with Client(create_server(replace(served, mcp_role="viewer"))) as client:
            refused = await client.call_tool("strata_reset_learning", {})
            assert refused.is_error and body(refused)["error"]["code"] == "forbidden"
            assert not (await client.call_tool("strata_learning_stats", {})).is_error


async def test_learning_off_says_so_over_mcp(served, conn):
    with anyio.fail_after(TIMEOUT):
        async with Client(create_server(replace(served, learning_enabled=False))) as client:
            ask = body(await client.call_tool("strata_ask", {"question": "how much notice?"}))
            assert "interaction_id" not in ask
            refused = await client.call_tool("strata_feedback", {"interaction_id": "int_x", "helpful": True})
            assert body(refused)["error"]["code"] == "learning_disabled"
            stats = body(await client.call_tool("strata_learning_stats", {}))
            assert stats["learning_enabled"] is False and stats["interactions"] == 0
    assert not [e for e in ev.read(conn) if e.type == ev.INTERACTION_RECORDED]


async def test_sessions_are_separate_clients_and_the_promoter_runs_every_50_interactions(served, conn):
    questions = ["how do I end the agreement", "how do I terminate the agreement"]
    with anyio.fail_after(TIMEOUT):
        async with Client(create_server(served)) as a, Client(create_server(served)) as b:
            for i in range(49):
                client = a if i % 2 == 0 else b  # a asks one wording, b the other, interleaved
                await client.call_tool("strata_search", {"query": questions[i % 2]})
            assert not [e for e in ev.read(conn) if e.type == ev.LEARNING_PROMOTED]
            await a.call_tool("strata_search", {"query": "retention"})
    promoted = [e for e in ev.read(conn) if e.type == ev.LEARNING_PROMOTED]
    assert len(promoted) == 1 and promoted[0].payload["interactions"] == 50
    clients = {e.payload["client"] for e in ev.read(conn) if e.type == ev.INTERACTION_RECORDED}
    assert len(clients) == 2
    # Interleaved, the two wordings would make a synonym if the sessions were one client; they are not.
    assert conn.execute("SELECT count(*) FROM synonyms").fetchone()[0] == 0
