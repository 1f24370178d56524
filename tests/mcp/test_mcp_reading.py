"""strata_read_document, strata_expand, strata_list_tables and strata_table_query through a real MCP
client over stdio (`stratakb mcp`, role viewer), on a PDF, an RFC and a spreadsheet ingested by
add_folder; every bad argument is a JSON invalid_argument, a big result is bounded with a note."""

from __future__ import annotations

import shutil

import anyio
import pytest

from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.store.connection import Database
from tests.conftest import FIXTURES, cli_env
from tests.mcp.test_mcp_stdio import error_of, mcp_session, ok

pytestmark = pytest.mark.anyio

TIMEOUT = 180
TOOLS = ("strata_read_document", "strata_expand", "strata_list_tables", "strata_table_query")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def server_log(tmp_path):
    with open(tmp_path / "server-stderr.log", "w+", encoding="utf-8") as f:
        yield f


@pytest.fixture
def env(database_url, settings) -> dict[str, str]:
    # The server finds the tables where ingest wrote them: the same data_dir.
    return cli_env(database_url, STRATA_DATA_DIR=str(settings.data_dir), STRATA_MCP_ROLE="viewer",
                   RERANKING_ENABLED="false")


# One store for the module, synced once: its tests only read it (through a viewer's server).
@pytest.fixture(scope="module")
def database_url(module_database_url) -> str:
    return module_database_url


@pytest.fixture(scope="module")
def settings(module_settings):
    return module_settings


@pytest.fixture(scope="module")
def corpus(settings, tmp_path_factory) -> None:
    folder = tmp_path_factory.mktemp("reading") / "docs"
    folder.mkdir()
    for name in ("pdflatex-outline.pdf", "rfc6455.txt", "currency-codes-all.csv"):
        shutil.copy(FIXTURES / name, folder / name)
    assert add_folder(Database(settings), settings, AddOptions(folder=folder, name="docs", yes=True)).errors == []


def doc(conn, path: str) -> tuple[int, str]:
    return conn.execute("SELECT d.id, v.text FROM documents d JOIN document_versions v ON v.id = d.version_id"
                        " WHERE d.path = %s", (path,)).fetchone()


async def test_a_viewer_reads_expands_lists_and_computes(env, server_log, corpus, conn):
    pdf_id, pdf_text = doc(conn, "pdflatex-outline.pdf")
    rfc_id, rfc_text = doc(conn, "rfc6455.txt")
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env, server_log) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            assert set(TOOLS) <= set(tools)
            assert all(tools[t].annotations.read_only_hint for t in TOOLS)
            assert tools["strata_table_query"].input_schema["required"] == ["table"]
            # A paged read of a PDF: every page's text once, in order.
            pages, start = [], 0
            while start is not None:
                page = ok(await s.call_tool("strata_read_document", {
                    "layer": "docs", "path": "pdflatex-outline.pdf", "start": start, "budget_tokens": 300}))
                pages.append(page)
                start = page["next"]
            assert "".join(p["text"] for p in pages) == pdf_text and len(pages) > 1
            seen = [n for p in pages for n in p["pages"]]
            assert seen == sorted(seen) and set(seen) == {1, 2, 3, 4}
            # Expanding an RFC passage: the whole section, with its citation.
            mid = rfc_text.index("If there is a body")
            out = ok(await s.call_tool("strata_expand", {"ref": f"d{rfc_id}:{mid}-{mid + 40}"}))
            clause = out["clause"]
            assert "If there is a body" in clause["text"] and clause["text"].startswith("5.5.1")
            assert clause["citation"]["file"] == "rfc6455.txt" and "5.5.1" in clause["clause_path"]
            # Tables: listed with types, and a count equal to the file's rows.
            listed = ok(await s.call_tool("strata_list_tables", {}))["tables"]
            assert [t["file"] for t in listed] == ["currency-codes-all.csv"]
            name = listed[0]["table"]
            euro = (FIXTURES / "currency-codes-all.csv").read_text(encoding="utf-8").count(",Euro,")
            got = ok(await s.call_tool("strata_table_query", {
                "table": name, "filters": [{"column": "currency", "op": "=", "value": "Euro"}],
                "measures": ["count"]}))
            assert got["rows"] == [{"count": euro}] and got["citation"]["file"] == "currency-codes-all.csv"
            big = ok(await s.call_tool("strata_table_query", {"table": name, "group_by": ["entity"], "limit": 3}))
            assert len(big["rows"]) == 3 and big["truncated"] and "only the first 3" in big["note"]
            # strata_verify re-runs a cited table request.
            request = {"table": name, "filters": [{"column": "currency", "op": "=", "value": "Euro"}],
                       "measures": ["count"]}
            verified = ok(await s.call_tool("strata_verify", {
                "draft": f"{euro} entities use the Euro [S1].", "passages": [request]}))
            assert verified["status"] == "verified" and verified["receipt_id"].startswith("rcpt_")
            # strata_ask says when it computed over a table.
            asked = ok(await s.call_tool("strata_ask", {
                "question": "How many entities are in currency-codes-all.csv?"}))
            assert asked["computed"]["result"]["rows"][0]["count"] == listed[0]["rows"]


async def test_bad_arguments_are_invalid_argument_errors(env, server_log, corpus, conn):
    rfc_id, _ = doc(conn, "rfc6455.txt")
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env, server_log) as s:
            name = ok(await s.call_tool("strata_list_tables", {}))["tables"][0]["table"]
            cases = [
                ("strata_read_document", {}, "document"),
                ("strata_read_document", {"layer": "docs", "path": "nope.txt"}, "path"),
                ("strata_read_document", {"document_id": rfc_id, "start": -1}, "start"),
                ("strata_read_document", {"document_id": rfc_id, "budget_tokens": 10}, "budget_tokens"),
                ("strata_expand", {"ref": "not a ref"}, "ref"),
                ("strata_expand", {"ref": f"d{rfc_id}:0-10", "budget_tokens": 999_999}, "budget_tokens"),
                ("strata_list_tables", {"layers": ["nope"]}, "layers"),
                ("strata_table_query", {"table": "d1.s1'; DROP TABLE documents; --", "measures": ["count"]},
                 "table"),
                ("strata_table_query", {"table": name, "filters": [{"column": "nope", "op": "=", "value": 1}]},
                 "filters"),
                ("strata_table_query", {"table": name, "measures": [{"op": "sum", "column": "currency"}]},
                 "measures"),
                ("strata_table_query", {"table": name, "limit": 0}, "limit"),
                ("strata_table_query", {"table": name, "filters": "region = north"}, "filters"),
            ]
            for tool, args, argument in cases:
                err = error_of(await s.call_tool(tool, args))
                assert err["code"] == "invalid_argument", (tool, args, err)
                assert err["argument"].startswith(argument), (tool, args, err)
            assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 3
