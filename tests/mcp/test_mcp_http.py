"""The streamable HTTP transport: `stratakb mcp --transport http` in a subprocess, bearer keys made
with `stratakb keys`, a real MCP client with the key, and plain HTTP without one."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager

import anyio
import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from stratakb_core.ingest.sync import AddOptions, add_folder
from tests.conftest import REPO, cli_env, run_cli
from tests.mcp.test_mcp_stdio import TIMEOUT, error_of, ok

pytestmark = pytest.mark.anyio

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "0"}}}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def http_env(database_url) -> dict[str, str]:
    return cli_env(database_url, RERANKING_ENABLED="false")


@pytest.fixture
def server(http_env, tmp_path) -> Iterator[str]:
    """The server's /mcp URL; stopped by its pid at the end."""
    port = free_port()
    log = open(tmp_path / "http-server.log", "w+", encoding="utf-8")  # noqa: SIM115 - closed below
    proc = subprocess.Popen([sys.executable, "-m", "stratakb_core.cli", "mcp", "--transport", "http",
                             "--port", str(port)], env=http_env, cwd=str(REPO), stdin=subprocess.DEVNULL,
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


async def wait_until_listening(url: str) -> None:
    async with httpx.AsyncClient() as client:
        while True:
            try:
                await client.get(url)
                return
            except httpx.TransportError:
                await anyio.sleep(0.1)


def make_key(env: dict[str, str], role: str, name: str = "") -> dict:
    out = run_cli(["keys", "create", "--role", role, "--name", name, "--json"], env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@asynccontextmanager
async def http_session(url: str, key: str) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30, read=120)) as client, \
            streamable_http_client(url, http_client=client) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def post_initialize(url: str, headers: dict[str, str]) -> httpx.Response:
    async with httpx.AsyncClient() as client:
        return await client.post(url, json=INITIALIZE, headers={**MCP_HEADERS, **headers})


async def test_requests_without_a_valid_key_get_401_and_never_reach_the_tools(server, http_env):
    viewer = make_key(http_env, "viewer", "revoked soon")
    with anyio.fail_after(TIMEOUT):
        await wait_until_listening(server)
        none = await post_initialize(server, {})
        wrong = await post_initialize(server, {"Authorization": "Bearer skb_not-a-key"})
        basic = await post_initialize(server, {"Authorization": "Basic dXNlcjpwYXNz"})
        good = await post_initialize(server, {"Authorization": f"Bearer {viewer['key']}"})
        revoked = run_cli(["keys", "revoke", viewer["id"]], http_env)
        after = await post_initialize(server, {"Authorization": f"Bearer {viewer['key']}"})
    for resp in (none, wrong, basic, after):
        assert resp.status_code == 401, resp.text
        assert resp.headers["www-authenticate"].startswith("Bearer")
        body = resp.json()
        assert body["status"] == "error" and body["error"]["code"] == "unauthorized"
    assert "Authorization: Bearer <key>" in none.json()["error"]["message"]
    assert "stratakb keys create" in none.json()["error"]["message"]
    assert "unknown or revoked" in wrong.json()["error"]["message"]
    assert good.status_code == 200
    assert revoked.returncode == 0 and "revoked" in revoked.stdout


async def test_a_key_gives_its_role_to_the_tools(server, http_env, db, settings, docs):
    add_folder(db, settings, AddOptions(folder=docs))
    viewer, admin = make_key(http_env, "viewer"), make_key(http_env, "admin", "ops laptop")
    with anyio.fail_after(TIMEOUT):
        await wait_until_listening(server)
        async with http_session(server, viewer["key"]) as session:
            init_tools = {t.name for t in (await session.list_tools()).tools}
            search = ok(await session.call_tool("strata_search", {"query": "late payments interest"}))
            refused = error_of(await session.call_tool("strata_create_knowledge_layer", {
                "name": "team", "display_name": "T", "description": "d"}))
            viewer_layers = ok(await session.call_tool("strata_list_knowledge_layers", {}))
        async with http_session(server, admin["key"]) as session:
            created = ok(await session.call_tool("strata_create_knowledge_layer", {
                "name": "team", "display_name": "T", "description": "d"}))
            admin_layers = ok(await session.call_tool("strata_list_knowledge_layers", {}))
            health = ok(await session.call_tool("strata_admin_health", {}))
            admin_tools = {t.name for t in (await session.list_tools()).tools}
    # tools/list shows each key only what its role may call.
    assert {"strata_ask", "strata_search", "strata_verify"} <= init_tools
    assert not init_tools & {"strata_ingest_documents", "strata_admin_health", "strata_create_knowledge_layer"}
    assert {"strata_ask", "strata_ingest_documents", "strata_admin_health"} <= admin_tools
    assert search["results"][0]["file"] == "contracts/acme-msa.md"
    assert refused["code"] == "forbidden" and refused["role"] == "viewer" and refused["required_role"] == "admin"
    assert "archived_patterns" not in viewer_layers["layers"][0]
    assert created["layer"]["name"] == "team"
    assert {la["name"] for la in admin_layers["layers"]} == {"docs", "team"}
    assert all("archived_patterns" in la for la in admin_layers["layers"])
    assert health["store"]["reachable"] is True

    # The store records which key made the layer; keys list shows ids and roles, never a key.
    events = run_cli(["events", "--layer", "team", "--json"], http_env)
    (made,) = [e for e in json.loads(events.stdout)["events"] if e["type"] == "layer_created"]
    assert made["actor"] == f"mcp:{admin['id']}"
    listed = run_cli(["keys", "list", "--json"], http_env)
    keys = json.loads(listed.stdout)["keys"]
    assert {(k["id"], k["role"]) for k in keys} == {(viewer["id"], "viewer"), (admin["id"], "admin")}
    assert viewer["key"] not in listed.stdout and admin["key"] not in listed.stdout


async def test_keys_are_stored_only_as_hashes_and_revoking_an_unknown_id_is_a_usage_error(http_env,
                                                                                       database_url):
    import hashlib

    import psycopg

    made = make_key(http_env, "operator", "ci")
    assert made["key"].startswith("skb_") and made["role"] == "operator" and made["name"] == "ci"
    with psycopg.connect(database_url) as conn:
        rows = conn.execute("SELECT id, key_hash, role FROM api_keys").fetchall()
    assert rows == [(made["id"], hashlib.sha256(made["key"].encode()).hexdigest(), "operator")]
    unknown = run_cli(["keys", "revoke", "key_nope"], http_env)
    bad_role = run_cli(["keys", "create", "--role", "root"], http_env)
    human = run_cli(["keys", "create", "--role", "viewer"], http_env)
    assert unknown.returncode == 2 and "no key with id" in unknown.stderr
    assert bad_role.returncode == 2
    assert human.returncode == 0 and human.stdout.strip().startswith("skb_")
    assert "not shown again" in human.stderr and human.stdout.strip() not in human.stderr
    assert run_cli(["keys", "revoke", made["id"]], http_env).returncode == 0
    listed = run_cli(["keys", "list"], http_env)
    line = next(ln for ln in listed.stdout.splitlines() if ln.startswith(made["id"]))
    assert "operator" in line and "revoked" in line and line.endswith("ci")
    assert made["key"] not in listed.stdout and human.stdout.strip() not in listed.stdout
