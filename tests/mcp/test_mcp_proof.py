"""Answers you can prove, end to end through a real MCP client over stdio (`stratakb mcp`), on the RFC
corpus: an extractive layer quotes the file's own bytes with a receipt; a grounded draft with a
changed number is flagged and, once fixed, verified with a receipt `stratakb receipt` prints."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import anyio
import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.store import events as ev
from stratakb_core.store import projector
from stratakb_core.store.connection import Database
from tests.conftest import FIXTURES, StoreTemplate, cli_env, run_cli, store_template
from tests.mcp.test_mcp_stdio import error_of, mcp_session, ok

pytestmark = pytest.mark.anyio

TIMEOUT = 120
RFC6455 = "rfc6455.txt"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def server_log(tmp_path):
    with open(tmp_path / "server-stderr.log", "w+", encoding="utf-8") as f:
        yield f


@pytest.fixture(scope="session")
def cross_encoder_dir(tmp_path_factory) -> Path:
    from tests.helpers.cross_encoder import build_cross_encoder

    return build_cross_encoder(tmp_path_factory.mktemp("ce") / "tiny-ce")


@pytest.fixture
def env(database_url, cross_encoder_dir) -> dict[str, str]:
    return cli_env(database_url, RERANKING_MODEL=str(cross_encoder_dir))


def corpus_folders(base: Path) -> dict[str, Path]:
    return {"rfc_quotes": base / "quotes", "rfc": base / "grounded"}


# A test that uses `corpus` starts from a copy of the store `corpus_template` synced once (conftest
# `database_url`).
STORE_TEMPLATES = {"corpus": "corpus_template"}


@pytest.fixture(scope="module")
def corpus_template(pg_server, template_db, tmp_path_factory) -> StoreTemplate:
    """Layer rfc_quotes (extractive): RFC 6455 and RFC 2119. Layer rfc (grounded): RFC 6455."""
    base = tmp_path_factory.mktemp("proof-store")
    with store_template(pg_server, template_db, base / "data") as (name, settings):
        db = Database(settings)
        for layer, folder in corpus_folders(base).items():
            folder.mkdir()
            names = (RFC6455, "rfc2119.txt") if layer == "rfc_quotes" else (RFC6455,)
            for file in names:
                shutil.copy(FIXTURES / file, folder / file)
            assert add_folder(db, settings, AddOptions(folder=folder, name=layer)).errors == []
        with db.connection() as conn:
            projector.commit_events(conn, [ev.Event(ev.LAYER_UPDATED, "rfc_quotes",
                                                    {"changes": {"answer_mode": "extractive"}})])
        yield StoreTemplate(name, base)


@pytest.fixture
def corpus(corpus_template, database_url) -> dict[str, Path]:
    """The two layers' folders; the test's database is a copy of the store synced from them."""
    return corpus_folders(corpus_template.folder)


def span_of(ref: str) -> tuple[int, int]:
    start, end = ref.split(":")[1].split("-")
    return int(start), int(end)


def assert_file_bytes_at_cited_lines(folder: Path, item: dict) -> None:
    """The text is the file's own bytes at the ref, starting and ending on the lines the citation names.

    The store holds the file's text with its secret values redacted (RFC 6455 shows a Basic
    credential in an example), so the ref counts characters in that text; lines never move."""
    data = redact((folder / item["citation"]["file"]).read_bytes().decode("utf-8")).text.encode("utf-8")
    start, end = span_of(item["ref"])
    chars = data.decode("utf-8")
    b0, b1 = len(chars[:start].encode("utf-8")), len(chars[:end].encode("utf-8"))
    assert data[b0:b1] == item["text"].encode("utf-8")
    first, last = (int(n) for n in item["citation"]["lines"].split("-"))
    assert data.count(b"\n", 0, b0) + 1 == first and data.count(b"\n", 0, b1) + 1 == last


async def test_the_server_offers_strata_verify_and_strata_get_receipt_with_the_contract(env, server_log):
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env, server_log) as session:
            init = await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
    assert {"strata_verify", "strata_get_receipt"} <= set(tools)
    assert tools["strata_verify"].input_schema["required"] == ["draft", "passages"]
    assert tools["strata_get_receipt"].input_schema["required"] == ["receipt_id"]
    instructions = init.instructions or ""
    assert "call strata_verify before showing the answer" in instructions
    assert "Show the receipt id when there is one" in instructions
    assert "unchecked_sentences were not checked" in instructions


async def test_an_extractive_layer_answers_with_the_files_bytes_at_the_cited_lines_and_a_receipt(
        env, corpus, server_log):
    folder = corpus["rfc_quotes"]
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env, server_log) as session:
            clause = ok(await session.call_tool("strata_ask", {
                "question": "What does section 5.5.1 of RFC 6455 say about the Close frame?",
                "layers": ["rfc_quotes"]}))
            receipt = ok(await session.call_tool("strata_get_receipt", {"receipt_id": clause["receipt_id"]}))
            free = ok(await session.call_tool("strata_ask", {
                "question": "What must a client do before sending a frame to the server?",
                "layers": ["rfc_quotes"], "response_format": "detailed"}))
    assert clause["mode"] == "extractive" and clause["answer"]
    # The clause's sentences with their citations pass 1,500 tokens: it is quoted in part, and says so.
    assert clause["status"] == "partly_found" and '"5.5.1 Close" (rfc6455.txt)' in clause["note"]
    assert clause["answer"][0]["text"] == "The Close frame contains an opcode of 0x8."
    for item in clause["answer"]:
        assert_file_bytes_at_cited_lines(folder, item)
        assert item["text_origin"] == "text" and item["passage"] == "S1"
    assert [q["text"] for q in receipt["quotes"]] == [a["text"] for a in clause["answer"]]
    assert receipt["kind"] == "extractive_answer"
    # Sentences the (random, tiny) model chooses: whatever it picks is quoted byte for byte, at or
    # above the medium mark, at most five, with a receipt; else not_found with no answer.
    assert free["mode"] == "extractive"
    if free["answer_status"] == "not_found":
        assert free["answer"] == [] and "receipt_id" not in free
    else:
        assert 1 <= len(free["answer"]) <= 5 and free["receipt_id"]
        for item in free["answer"]:
            assert item["score"] >= 0.5
            assert_file_bytes_at_cited_lines(folder, item)


async def test_a_changed_number_is_flagged_and_once_fixed_verified_with_a_receipt_stratakb_receipt_prints(
        env, corpus, server_log):
    draft = ('The Close frame contains an opcode of {opcode} [S1]. Clients "MUST NOT show it to end users" [S1]. '
             "Either side may close the connection [S1].")
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env, server_log) as session:
            asked = ok(await session.call_tool("strata_ask", {"question": "What does section 5.5.1 say?",
                                                              "layers": ["rfc"]}))
            refs = [p["ref"] for p in asked["passages"]]
            flagged = ok(await session.call_tool("strata_verify", {"draft": draft.format(opcode="0x9"),
                                                                   "passages": refs}))
            fixed = ok(await session.call_tool("strata_verify", {"draft": draft.format(opcode="0x8"),
                                                                 "passages": refs}))
            receipt = ok(await session.call_tool("strata_get_receipt", {"receipt_id": fixed["receipt_id"]}))
    assert asked["mode"] == "grounded" and asked["passages"][0]["citation"]["clause_path"].endswith("5.5.1 Close")
    assert flagged["status"] == "flagged" and "receipt_id" not in flagged
    assert [f["message"] for f in flagged["flags"]] == ['"0x9" not found in S1']
    assert fixed["status"] == "verified" and fixed["receipt_id"].startswith("rcpt_")
    assert fixed["unchecked_sentences"] == ["Either side may close the connection [S1]."]
    assert receipt["draft"] == draft.format(opcode="0x8")
    assert receipt["passages"][0]["text"] == asked["passages"][0]["text"]
    printed = run_cli(["receipt", fixed["receipt_id"]], env)
    assert printed.returncode == 0, printed.stderr
    assert "Verification: verified" in printed.stdout
    assert ">>>MUST NOT show it to end users<<<" in printed.stdout
    assert "0x8 found in S1" in printed.stdout
    assert "Either side may close the connection [S1]." in printed.stdout
    as_json = run_cli(["receipt", fixed["receipt_id"], "--json"], env)
    assert json.loads(as_json.stdout) == receipt


async def test_verify_and_receipt_errors_are_json_the_client_can_act_on(env, corpus, server_log):
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env, server_log) as session:
            too_many = error_of(await session.call_tool("strata_verify", {
                "draft": "The opcode is 0x8 [S1].", "passages": ["d1:0-10"] * 51}))
            empty = error_of(await session.call_tool("strata_verify", {"draft": "  ", "passages": ["d1:0-10"]}))
            unknown = error_of(await session.call_tool("strata_get_receipt", {"receipt_id": "rcpt_" + "0" * 24}))
            bad = error_of(await session.call_tool("strata_get_receipt", {"receipt_id": "nope"}))
            nothing = ok(await session.call_tool("strata_verify", {
                "draft": "The Close frame ends it [S1].", "passages": ["d999:0-10"]}))
    assert too_many["code"] == "invalid_argument" and too_many["argument"] == "passages"
    assert empty["argument"] == "draft"
    assert unknown["code"] == "receipt_not_found"
    assert bad["code"] == "invalid_argument" and bad["argument"] == "receipt_id"
    assert nothing["status"] == "flagged" and nothing["flags"][0]["reason"] == "unknown_document"


async def test_an_extractive_answer_uses_the_offline_scorer_and_says_so_when_the_reranking_model_cannot_load(
        database_url, corpus, server_log, tmp_path):
    env = cli_env(database_url, RERANKING_MODEL=str(tmp_path / "no-model-here"), RERANKING_ENABLED="false")
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env, server_log) as session:
            extractive = ok(await session.call_tool("strata_ask", {
                "question": "What must a client do before sending a frame to the server?",
                "layers": ["rfc_quotes"], "response_format": "detailed"}))
            grounded = ok(await session.call_tool("strata_ask", {
                "question": "What must a client do before sending a frame to the server?", "layers": ["rfc"]}))
    assert extractive["mode"] == "extractive" and extractive["answer_status"] in ("found", "partly_found")
    warning = " ".join(extractive.get("warnings") or [extractive.get("warning", "")])
    assert "offline evidence scorer" in warning and "RERANKING_MODEL" in warning and "no-model-here" in warning
    assert grounded["mode"] == "grounded" and grounded["passages"]  # grounded answers need no model
