"""strata_ask and strata_search through a real MCP client over stdio, on real PEPs and RFCs in
two routed layers (hash embedder, reranking off)."""

from __future__ import annotations

import json
import shutil
import sys
import uuid
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import psycopg
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from stratakb_core.store import events as ev
from stratakb_core.store import projector
from tests.conftest import FIXTURES, cli_env

pytestmark = pytest.mark.anyio
TIMEOUT = 120


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture(scope="module")
def corpus_db(pg_server, template_db, tmp_path_factory):
    """One database for the module: PEPs and RFCs in two layers with routing patterns."""
    from dataclasses import replace

    from stratakb_core.ingest.sync import AddOptions, add_folder
    from stratakb_core.settings import Settings
    from stratakb_core.store.connection import Database

    name = "c_" + uuid.uuid4().hex[:10]
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name} TEMPLATE {template_db}")
    url = pg_server.get_uri(database=name)
    base = tmp_path_factory.mktemp("corpus")
    for layer, files in (("peps", ["pep-0008.rst", "pep-0020.rst", "pep-0484.rst"]),
                         ("rfc", ["rfc2119.txt", "rfc6455.txt", "rfc8200.txt"])):
        (base / layer).mkdir()
        for f in files:
            shutil.copy(FIXTURES / f, base / layer / f)
    settings = replace(Settings.from_env({"EMBEDDING_BACKEND": "hash"}), database_url=url)
    db = Database(settings)
    for layer in ("peps", "rfc"):
        r = add_folder(db, settings, AddOptions(folder=base / layer))
        assert r.errors == [] and r.files_added == 3
    with db.connection() as conn:
        projector.commit_events(conn, [
            ev.Event(ev.LAYER_UPDATED, "peps", {"changes": {"routing_patterns": [r"\bpep\s*\d+", r"\bpython\b"]}}),
            ev.Event(ev.LAYER_UPDATED, "rfc", {"changes": {"routing_patterns": [r"\brfc\s*\d+", r"\bwebsocket",
                                                                                 r"\bipv6\b"]}}),
        ])
    yield url, base
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@asynccontextmanager
async def session_for(url: str, tmp_path: Path):
    env = cli_env(url, RERANKING_ENABLED="false")
    params = StdioServerParameters(command=sys.executable, args=["-m", "stratakb_core.cli", "mcp"], env=env)
    with open(tmp_path / "server.log", "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            yield s


def body(result) -> dict:
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)


async def test_plain_question_is_answered_from_the_right_file_and_section(corpus_db, tmp_path):
    url, _ = corpus_db
    with anyio.fail_after(TIMEOUT):
        async with session_for(url, tmp_path) as s:
            ans = body(await s.call_tool("strata_ask", {
                "question": "How many spaces should I use per indentation level?", "layers": ["peps"]}))
    first = ans["passages"][0]
    assert first["citation"]["file"] == "pep-0008.rst"
    assert "Indentation" in (first["citation"]["clause_path"] or "")
    assert "4 spaces per indentation level" in " ".join(p["text"] for p in ans["passages"])
    assert ans["interaction_id"].startswith("int_")


async def test_exact_identifiers_are_kept_by_the_keyword_slot(corpus_db, tmp_path):
    url, _ = corpus_db
    with anyio.fail_after(TIMEOUT):
        async with session_for(url, tmp_path) as s:
            ws = body(await s.call_tool("strata_search", {"query": "Sec-WebSocket-Accept", "top_k": 3}))
            pp = body(await s.call_tool("strata_search", {"query": "PYTHONPATH", "top_k": 3}))
    assert any(r["file"] == "rfc6455.txt" and "Sec-WebSocket-Accept" in r["text"] for r in ws["results"])
    assert any(r["file"] == "pep-0484.rst" and "PYTHONPATH" in r["text"] for r in pp["results"])


async def test_a_named_section_comes_back_first_and_verbatim(corpus_db, tmp_path):
    url, base = corpus_db
    with anyio.fail_after(TIMEOUT):
        async with session_for(url, tmp_path) as s:
            ans = body(await s.call_tool("strata_ask", {"question": "What does section 4.4 of RFC 8200 say?"}))
            srch = body(await s.call_tool("strata_search", {"query": "section 4.4 of RFC 8200"}))
    assert ans["status"] == "found"
    first = ans["passages"][0]
    assert first["citation"]["file"] == "rfc8200.txt"
    assert first["text"].startswith("4.4.  Routing Header")
    assert (first["citation"]["clause_path"] or "").endswith("4.4 Routing Header")
    # Verbatim: the passage is the file's own text at the cited lines (the stored text is the
    # file's text with newlines normalised).
    start, end = (int(n) for n in first["citation"]["lines"].split("-"))
    file_lines = (base / "rfc" / "rfc8200.txt").read_text(encoding="utf-8").replace("\r\n", "\n").split("\n")
    assert "\n".join(file_lines[start - 1:end]).rstrip() == first["text"].rstrip()
    assert srch["results"][0]["match"] == "exact" and srch["results"][0]["file"] == "rfc8200.txt"


async def test_a_routed_question_that_finds_too_little_falls_back_to_all_layers(corpus_db, tmp_path):
    url, _ = corpus_db
    with anyio.fail_after(TIMEOUT):
        async with session_for(url, tmp_path) as s:
            # "Python" routes to the peps layer, whose passages do not answer a question about
            # IPv6 extension headers: the answer is low, so the search runs again everywhere.
            ans = body(await s.call_tool("strata_ask", {
                "question": "In Python terms, how are extension headers ordered in a packet?",
                "response_format": "detailed"}))
            named = body(await s.call_tool("strata_ask", {
                "question": "How are extension headers ordered in an IPv6 packet?", "layers": ["peps"],
                "response_format": "detailed"}))
    assert ans["routing_fallback"]["searched_layers"] == "all"
    assert ans["routing_fallback"]["reason"] in ("low_confidence", "insufficient_results")
    assert "rfc" in ans["searched_layers"]
    assert "routing_fallback" not in named and named["searched_layers"] == ["peps"]
