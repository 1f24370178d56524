"""What an MCP client sees before it calls anything, over stdio and HTTP: tools/list filtered by the
caller's role, an outputSchema on every tool (and results that match it), descriptions without
docstring indentation, input schema titles of our own, the layer and document resources, and the
RFC 9728 protected-resource metadata over HTTP."""

from __future__ import annotations

import json

import anyio
import httpx
import pytest

from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.mcp.roles import TOOL_ROLES, allows
from tests.conftest import cli_env
from tests.mcp.test_mcp_http import free_port, http_env, http_session, make_key, server, wait_until_listening  # noqa: F401
from tests.mcp.test_mcp_stdio import TIMEOUT, mcp_session, ok

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _check_published(tools) -> None:
    for t in tools:
        assert t.output_schema and t.output_schema.get("type") == "object", t.name
        assert t.description and t.description == t.description.strip() and "\n    " not in t.description, t.name
        title = t.input_schema.get("title", "")
        assert not title.endswith("Arguments") and title.endswith(": arguments"), (t.name, title)


@pytest.mark.parametrize("role", ["viewer", "operator", "admin"])
async def test_stdio_lists_only_what_the_role_may_call(database_url, tmp_path, role):
    with open(tmp_path / "err.log", "w+", encoding="utf-8") as log, anyio.fail_after(TIMEOUT):
        async with mcp_session(cli_env(database_url, STRATA_MCP_ROLE=role, RERANKING_ENABLED="false"), log) as s:
            tools = (await s.list_tools()).tools
    names = {t.name for t in tools}
    assert names, role
    assert all(allows(role, TOOL_ROLES.get(n, "admin")) for n in names), (role, names)
    assert ("strata_admin_health" in names) == (role == "admin")
    assert ("strata_ingest_documents" in names) == (role != "viewer")
    _check_published(tools)


async def test_results_match_the_output_schemas_and_resources_serve_layers_and_documents(
        database_url, db, settings, docs, tmp_path):
    add_folder(db, settings, AddOptions(folder=docs))
    env = cli_env(database_url, RERANKING_ENABLED="false")
    with open(tmp_path / "err.log", "w+", encoding="utf-8") as log, anyio.fail_after(TIMEOUT):
        async with mcp_session(env, log) as s:
            schemas = {t.name: t.output_schema for t in (await s.list_tools()).tools}
            asked = ok(await s.call_tool("strata_ask", {"question": "How much notice to end the agreement?"}))
            searched = ok(await s.call_tool("strata_search", {"query": "late payments interest"}))
            health = ok(await s.call_tool("strata_admin_health", {}))
            listed = await s.list_resources()
            templates = await s.list_resource_templates()
            layers = json.loads((await s.read_resource("strata://layers")).contents[0].text)
            documents = json.loads((await s.read_resource("strata://layer/docs/documents")).contents[0].text)
            first = documents["documents"][0]
            whole = (await s.read_resource(first["uri"])).contents[0].text
            ref = asked["passages"][0]["ref"]
            span = (await s.read_resource(f"strata://document/{ref}")).contents[0].text
    assert set(schemas["strata_ask"]["properties"]) >= {"status", "passages", "answer", "receipt_id"}
    assert set(schemas["strata_search"]["properties"]) >= {"results", "confidence"}
    assert set(schemas["strata_verify"]["properties"]) >= {"status", "checked", "receipt_id", "flags"}
    assert asked["status"] in ("found", "partly_found", "not_found") and searched["results"]
    assert health["status"] in ("ok", "degraded")
    assert [str(r.uri) for r in listed.resources] == ["strata://layers"]
    assert {t.uri_template for t in templates.resource_templates} == {
        "strata://layer/{name}/documents", "strata://document/{ref}"}
    assert [la["name"] for la in layers["layers"]] == ["docs"]
    assert first["ref"].startswith("d") and whole
    assert span == asked["passages"][0]["text"]


async def test_http_publishes_protected_resource_metadata_and_filters_tools_by_key(server, http_env, db, settings,  # noqa: F811
                                                                                   docs):
    add_folder(db, settings, AddOptions(folder=docs))
    viewer = make_key(http_env, "viewer")
    base = server.removesuffix("/mcp")
    with anyio.fail_after(TIMEOUT):
        await wait_until_listening(server)
        async with httpx.AsyncClient() as client:
            meta = await client.get(f"{base}/.well-known/oauth-protected-resource")
            meta_mcp = await client.get(f"{base}/.well-known/oauth-protected-resource/mcp")
            refused = await client.post(server, json={})
        async with http_session(server, viewer["key"]) as s:
            tools = (await s.list_tools()).tools
            layers = json.loads((await s.read_resource("strata://layers")).contents[0].text)
    assert meta.status_code == 200 and meta_mcp.status_code == 200
    body = meta.json()
    assert body["resource"] == server and body["bearer_methods_supported"] == ["header"]
    assert refused.status_code == 401
    assert f'resource_metadata="{base}/.well-known/oauth-protected-resource"' in refused.headers["www-authenticate"]
    assert {t.name for t in tools} == {n for n, r in TOOL_ROLES.items() if r == "viewer"} & {t.name for t in tools}
    assert "strata_admin_health" not in {t.name for t in tools} and "strata_ask" in {t.name for t in tools}
    _check_published(tools)
    assert [la["name"] for la in layers["layers"]] == ["docs"]
