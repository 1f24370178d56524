"""Evidence ranking and confidence without a cross-encoder (issue 11): a section's own title finds
it first, an exact clause is never low confidence, a question whose distinctive terms no stored
chunk holds is not_found, and the offline evidence reranker scores passages on the 0-1 scale."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from stratakb_core.embedding import build_embedder
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.query import AskConfig, Engine, ask_tool, search_tool
from stratakb_core.query import respond as respond_module
from stratakb_core.store.connection import Database
from stratakb_core.store.search_sql import rarest_word_held, terms_present
from tests.conftest import FIXTURES, StoreTemplate, fixture_files_template, store_template

SAMPLE = Path(__file__).resolve().parents[2] / "stratakb_core" / "sample"


# A test that uses `rfc` (or `sample`) starts from a copy of the store `rfc_template` (`sample_template`)
# synced once (conftest `database_url`).
STORE_TEMPLATES = {"rfc": "rfc_template", "sample": "sample_template"}


@pytest.fixture(scope="module")
def rfc_template(pg_server, template_db, tmp_path_factory) -> StoreTemplate:
    """RFC 6455 and RFC 2119 synced into the layer rfc."""
    base = tmp_path_factory.mktemp("rfc-store")
    with fixture_files_template(pg_server, template_db, base, "rfc", ("rfc6455.txt", "rfc2119.txt")) as template:
        yield template


@pytest.fixture(scope="module")
def sample_template(pg_server, template_db, tmp_path_factory) -> StoreTemplate:
    """The bundled sample synced into the layer sample."""
    base = tmp_path_factory.mktemp("sample-store")
    with store_template(pg_server, template_db, base / "data") as (name, settings):
        folder = base / "sample"
        shutil.copytree(SAMPLE, folder)
        assert add_folder(Database(settings), settings, AddOptions(folder=folder, name="sample")).errors == []
        yield StoreTemplate(name, folder)


@pytest.fixture
def rfc(rfc_template, database_url) -> Path:
    """The RFC folder; the test's database is a copy of the store synced from it."""
    return rfc_template.folder


@pytest.fixture
def sample(sample_template, database_url) -> Path:
    """The sample folder; the test's database is a copy of the store synced from it."""
    return sample_template.folder


def engine(settings, *, reranking: bool = True) -> Engine:
    return Engine(build_embedder(settings), AskConfig(learning_enabled=False, reranking_enabled=reranking))


@pytest.mark.parametrize("title, heading", [
    ("Base Framing Protocol", "5.2 Base Framing Protocol"),
    ("Closing the Connection", "7 Closing the Connection"),
])
def test_a_sections_own_title_finds_that_section_first(settings, conn, rfc, title, heading):
    first = search_tool(engine(settings), conn, title, layers=["rfc"], top_k=5)["results"][0]
    assert first["file"] == "rfc6455.txt"
    assert heading in first["section_path"].split(" > ")


@pytest.mark.slow
def test_with_the_real_model_a_title_finds_its_section_first(db, settings, conn, tmp_path):
    from dataclasses import replace

    real = replace(settings, embedding_backend="sentence_transformers",
                   embedding_model="sentence-transformers/all-MiniLM-L6-v2", embedding_dimensions=None)
    folder = tmp_path / "rfc_real"
    folder.mkdir()
    shutil.copy(FIXTURES / "rfc6455.txt", folder / "rfc6455.txt")
    from stratakb_core.store.connection import Database

    assert add_folder(Database(real), real, AddOptions(folder=folder, name="rfc_real")).errors == []
    first = search_tool(engine(real), conn, "Base Framing Protocol", layers=["rfc_real"], top_k=5)["results"][0]
    assert "5.2 Base Framing Protocol" in first["section_path"].split(" > ")


def test_an_exact_clause_is_never_low_confidence(settings, conn, sample):
    resp = search_tool(engine(settings), conn, "7.2", layers=["sample"], top_k=5)
    assert resp["results"][0].get("match") == "exact"
    assert resp["confidence"] == "high" and "warning" not in resp


def test_a_question_whose_distinctive_terms_no_chunk_holds_is_not_found(settings, conn, rfc):
    resp = ask_tool(engine(settings), conn, "What does RFC 6455 say about running WebSockets over HTTP/3?",
                    layers=["rfc"], response_format="detailed")
    assert resp["answer_status"] == "not_found" and resp["confidence"] == "low"
    assert "HTTP/3" in resp["note"] and "never mention" in resp["note"]
    assert "related text, not the answer" in resp["note"]
    search = search_tool(engine(settings), conn, "SameSite cookies in the WebSocket handshake", layers=["rfc"])
    assert search["confidence"] == "low" and "SameSite" in search["note"]


def test_terms_the_documents_hold_are_not_taken_for_absent(settings, conn, rfc):
    resp = ask_tool(engine(settings), conn, "What is the opcode of a WebSocket Ping frame?", layers=["rfc"],
                    response_format="detailed")
    assert resp["answer_status"] != "not_found"
    assert "never mention" not in (resp.get("note") or "")


def test_without_a_cross_encoder_the_offline_evidence_reranker_scores_passages(settings, conn, rfc):
    resp = ask_tool(engine(settings), conn, "What must a client do before sending a frame to the server?",
                    layers=["rfc"], response_format="detailed")
    assert resp["basis"] == "rerank"
    assert "offline evidence reranker" in resp["warning"]
    scores = [c["rerank_score"] for c in resp["retrieved_chunks"]]
    assert scores and all(0.0 <= s <= 1.0 for s in scores)
    assert scores == sorted(scores, reverse=True)


def test_reranking_off_keeps_the_similarity_basis(settings, conn, rfc):
    resp = ask_tool(engine(settings, reranking=False), conn, "What is the opcode of a Ping frame?",
                    layers=["rfc"], response_format="detailed")
    assert resp["basis"] == "similarity"


# Issue 11, third round (docs/adr/0007-evidence-ranking.md): a name's version is a phrase of its own
# and no clause reference; a term of stop words only is never absent; a first passage holding the
# question's rarest word is at least partly_found.


def test_a_named_version_no_chunk_holds_is_not_found(settings, conn, rfc):
    # RFC 6455 mentions TLS and has a section 1.3 (Opening Handshake), but never "TLS 1.3"
    resp = ask_tool(engine(settings), conn, "how many round trips does a TLS 1.3 handshake take",
                    layers=["rfc"], response_format="detailed")
    assert not any(c.get("match") == "exact" for c in resp["retrieved_chunks"])
    assert resp["answer_status"] == "not_found" and resp["confidence"] == "low"
    assert "TLS 1.3" in resp["note"] and "never mention" in resp["note"]


def test_a_named_version_the_documents_hold_is_not_absent(settings, conn, rfc):
    resp = ask_tool(engine(settings), conn, "which TLS handshake does the WebSocket opening handshake use",
                    layers=["rfc"], response_format="detailed")
    assert "never mention" not in (resp.get("note") or "")
    present = terms_present(conn, ["rfc"], ["TLS", "TLS 1.3", "RFC 2119", "SHOULD", "MAY"])
    assert present == {"TLS", "RFC 2119", "SHOULD", "MAY"}


def test_stop_word_capitals_are_never_taken_for_absent_terms(settings, conn, rfc):
    resp = ask_tool(engine(settings), conn, "in an RFC, what's the difference between SHOULD and MAY?",
                    layers=["rfc"], response_format="detailed")
    assert resp["answer_status"] != "not_found"
    assert "never mention" not in (resp.get("note") or "")


def test_the_rarest_word_held_by_a_passage(settings, conn, rfc):
    rows = conn.execute("SELECT id, tsv @@ to_tsquery('english', 'pong') FROM chunks WHERE layer = 'rfc'"
                        " ORDER BY id").fetchall()
    with_pong = next(cid for cid, holds in rows if holds)
    without = next(cid for cid, holds in rows if not holds)
    question = "what is a pong frame"
    assert rarest_word_held(conn, ["rfc"], question, with_pong)
    assert not rarest_word_held(conn, ["rfc"], question, without)
    # a word every chunk holds is no rare word, whichever passage holds it
    assert not rarest_word_held(conn, ["rfc"], "the", with_pong)


def test_a_first_passage_holding_the_rarest_word_lifts_not_found_to_partly_found(settings, conn, rfc, monkeypatch):
    question = "zebra giraffe savanna migration habits"
    before = ask_tool(engine(settings), conn, question, layers=["rfc"], response_format="detailed")
    assert before["answer_status"] == "not_found" and before["confidence"] == "low"
    monkeypatch.setattr(respond_module, "rarest_word_held", lambda *_args: True)
    after = ask_tool(engine(settings), conn, question, layers=["rfc"], response_format="detailed")
    assert after["answer_status"] == "partly_found" and after["confidence"] == "medium"
