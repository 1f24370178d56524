"""Extractive answers over a real store: the documents' own sentences, byte for byte, with receipts.

The layer holds RFC 6455 and RFC 2119 (the RFC Editor's paginated text). Sentences are chosen by a
real cross-encoder built in a folder (tests/helpers/cross_encoder.py); its scores are random, so
tests that depend on which sentences win give the engine a scorer with a fixed function instead.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stratakb_core.embedding import build_embedder
from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.query import AskConfig, Engine, ask_tool, open_receipt
from stratakb_core.query.extractive import MAX_SENTENCES, REINGEST_NOTE
from stratakb_core.store import events as ev
from stratakb_core.store import projector
from tests.conftest import StoreTemplate, fixture_files_template, write

RFC6455 = "rfc6455.txt"


class OverlapScorer:
    """A stand-in for the reranking model where a test is about selection: the share of the
    question's longer words a sentence holds."""

    def __init__(self, floor: float = 0.0) -> None:
        self.floor = floor
        self.calls = 0

    def score(self, question: str, passages):
        self.calls += 1
        words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", question)}
        out = []
        for p in passages:
            held = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", p)}
            out.append(max(self.floor, len(words & held) / max(1, len(words))))
        return out


class ConstantScorer:
    def __init__(self, value: float) -> None:
        self.value = value

    def score(self, question, passages):
        return [self.value] * len(passages)


@pytest.fixture(scope="session")
def cross_encoder_dir(tmp_path_factory) -> Path:
    from tests.helpers.cross_encoder import build_cross_encoder

    return build_cross_encoder(tmp_path_factory.mktemp("ce") / "tiny-ce")


def make_extractive(conn, layer: str) -> None:
    projector.commit_events(conn, [ev.Event(ev.LAYER_UPDATED, layer, {"changes": {"answer_mode": "extractive"}})])


# A test that uses `rfc` starts from a copy of the store `rfc_template` synced once (conftest `database_url`).
STORE_TEMPLATES = {"rfc": "rfc_template"}


@pytest.fixture(scope="module")
def rfc_template(pg_server, template_db, tmp_path_factory) -> StoreTemplate:
    """RFC 6455 and RFC 2119 synced into the layer rfc, made extractive."""
    base = tmp_path_factory.mktemp("rfc-store")
    with fixture_files_template(pg_server, template_db, base, "rfc", (RFC6455, "rfc2119.txt"),
                                prepare=lambda conn: make_extractive(conn, "rfc")) as template:
        yield template


@pytest.fixture
def rfc(rfc_template, database_url) -> Path:
    """The RFC folder; the test's database is a copy of the store synced from it."""
    return rfc_template.folder


def engine(settings, *, reranker=None, budget: int = 1500, reranking: bool = True, model: str | None = None):
    return Engine(build_embedder(settings), AskConfig(token_budget=budget, reranking_enabled=reranking,
                                                      learning_enabled=False, reranking_model=model), reranker)


def assert_is_the_files_text(folder: Path, item: dict) -> None:
    """The quote is the file's bytes at its ref, starting and ending on the lines its citation names.

    The store holds the file's text with its secret values redacted (RFC 6455 shows a Basic
    credential in an example), so the ref counts characters in that text; lines never move."""
    data = redact((folder / item["citation"]["file"]).read_bytes().decode("utf-8")).text
    _, span = item["ref"].split(":")
    start, end = (int(x) for x in span.split("-"))
    assert data[start:end] == item["text"]
    first, last = (int(n) for n in item["citation"]["lines"].split("-"))
    lines = data.split("\n")
    assert data.count("\n", 0, start) + 1 == first and data.count("\n", 0, end) + 1 == last
    assert item["text"].split("\n")[0] in lines[first - 1]
    assert item["text"].split("\n")[-1] in lines[last - 1]


# ---------------------------------------------------------------------------------------------
# A named clause: quoted sentence by sentence, without the model
# ---------------------------------------------------------------------------------------------


def test_a_named_clause_is_quoted_sentence_by_sentence_as_the_files_bytes_without_the_model(settings, conn, rfc):
    # No reranker and a model that cannot load: a named clause needs neither. Each quote counts with
    # its citation, so the clause's 16 sentences need more than the default 1,500 tokens.
    e = engine(settings, reranking=False, model=str(rfc / "no-such-model"), budget=4000)
    resp = ask_tool(e, conn, "What does section 5.5.1 of RFC 6455 say?", layers=["rfc"])
    assert resp["mode"] == "extractive" and resp["status"] == "found", resp.get("note")
    assert "passages" not in resp and resp["receipt_id"].startswith("rcpt_")
    texts = [a["text"] for a in resp["answer"]]
    assert texts[0] == "The Close frame contains an opcode of 0x8."
    assert any("e.g., if it has not received a\n   TCP Close" in t for t in texts)  # e.g. ends nothing
    # No heading, no running header or footer, no form feed.
    assert not any("5.5.1." in t or "Fette & Melnikov" in t or "\f" in t for t in texts)
    for item in resp["answer"]:
        assert_is_the_files_text(rfc, item)
        assert item["passage"] == "S1" and item["text_origin"] == "text"
        assert item["citation"]["file"] == RFC6455 and item["citation"]["layer"] == "rfc"
        assert "5.5.1 Close" in item["citation"]["clause_path"]
    # The sentences after the page break (page 37) come with their page.
    assert {a["citation"]["page"] for a in resp["answer"]} == {36, 37}


def test_an_extractive_answer_issues_a_receipt_for_its_quotes(settings, conn, rfc):
    resp = ask_tool(engine(settings, reranking=False), conn, "Show section 5.5.2 of RFC 6455", layers=["rfc"])
    receipt = open_receipt(conn, resp["receipt_id"])
    assert receipt["kind"] == "extractive_answer" and receipt["verification"] == "extractive"
    assert [q["text"] for q in receipt["quotes"]] == [a["text"] for a in resp["answer"]]
    for q in receipt["quotes"]:
        assert q["version_id"] and q["file"] == RFC6455
        assert (q["context_before"] + q["text"] + q["context_after"]) in (rfc / RFC6455).read_text()
    assert "verification_note" not in receipt


def test_a_named_clause_over_the_budget_is_quoted_in_part_with_a_note(settings, conn, rfc):
    resp = ask_tool(engine(settings, reranking=False, budget=220), conn, "What does section 5.5.1 say?", layers=["rfc"])
    assert resp["status"] == "partly_found" and resp["answer"]
    assert '"5.5.1 Close" (rfc6455.txt)' in resp["note"] and "over the answer budget" in resp["note"]
    assert resp["answer"][0]["text"] == "The Close frame contains an opcode of 0x8."


# ---------------------------------------------------------------------------------------------
# Sentences chosen by the model
# ---------------------------------------------------------------------------------------------


def test_the_best_sentences_at_or_above_the_medium_mark_come_back_at_most_five(settings, conn, rfc):
    scorer = OverlapScorer()
    resp = ask_tool(
        engine(settings, reranker=scorer), conn, "Which frame carries an opcode for a Ping control frame?",
        layers=["rfc"], response_format="detailed")
    assert resp["mode"] == "extractive"
    answer = resp["answer"]
    assert 1 <= len(answer) <= MAX_SENTENCES
    scores = [a["score"] for a in answer]
    assert all(s >= 0.5 for s in scores) and scores == sorted(scores, reverse=True)
    assert resp["answer_status"] == ("found" if scores[0] >= 0.8 else "partly_found")
    assert resp["receipt_id"] and resp["passages"]  # detailed: passages come along
    for item in answer:
        assert_is_the_files_text(rfc, item)


def test_no_sentence_at_the_medium_mark_is_not_found_without_a_guess(settings, conn, rfc):
    resp = ask_tool(engine(settings, reranker=ConstantScorer(0.49)), conn, "How are frames masked?", layers=["rfc"])
    assert resp["status"] == "not_found" and resp["mode"] == "extractive"
    assert resp["answer"] == [] and "receipt_id" not in resp and resp["next_step"]


def test_sentences_are_scored_by_the_reranking_model_even_with_reranking_off(settings, conn, rfc, cross_encoder_dir):
    e = engine(settings, reranking=False, model=str(cross_encoder_dir))
    resp = ask_tool(e, conn, "How are frames masked?", layers=["rfc"], response_format="detailed")
    assert e._sentence_scorer is not None and e._sentence_scorer.state == "loaded"
    # The tiny model's scores are random: whatever it picks is whole sentences of the file.
    assert resp["answer_status"] in ("found", "partly_found", "not_found")
    for item in resp.get("answer", []):
        assert_is_the_files_text(rfc, item)
        assert 0.0 <= item["score"] <= 1.0


def test_a_reranking_model_that_cannot_load_leaves_the_sentences_to_the_offline_scorer(settings, conn, rfc, tmp_path):
    e = engine(settings, reranking=False, model=str(tmp_path / "missing-model"))
    resp = ask_tool(e, conn, "How are frames masked?", layers=["rfc"], response_format="detailed")
    warning = " ".join(resp.get("warnings") or [resp.get("warning", "")])
    assert "offline evidence scorer" in warning and "RERANKING_MODEL" in warning and "missing-model" in warning
    assert resp["answer_status"] in ("found", "partly_found", "not_found") and resp["mode"] == "extractive"
    for item in resp.get("answer", []):
        assert_is_the_files_text(rfc, item)
        assert 0.0 <= item["score"] <= 1.0


# ---------------------------------------------------------------------------------------------
# Which mode
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def plain(db, settings, tmp_path) -> Path:
    folder = tmp_path / "plain"
    write(folder, "notes.md", "# Notes\n\nThe Ping frame contains an opcode of 0x9.\nIt may carry data.\n")
    assert add_folder(db, settings, AddOptions(folder=folder, name="plain")).errors == []
    return folder


def test_grounded_cannot_loosen_a_result_from_an_extractive_layer(settings, conn, rfc):
    resp = ask_tool(engine(settings, reranker=OverlapScorer()), conn, "Ping frame opcode", layers=["rfc"],
                                                          mode="grounded")
    assert resp["mode"] == "extractive"
    assert "answer stays extractive" in resp["note"]


def test_extractive_asked_on_a_grounded_layer_answers_with_sentences(settings, conn, plain):
    resp = ask_tool(engine(settings, reranker=OverlapScorer()), conn, "What opcode does the Ping frame contain?",
                                                          layers=["plain"], mode="extractive")
    assert resp["mode"] == "extractive" and resp["answer"]
    assert resp["answer"][0]["text"] == "The Ping frame contains an opcode of 0x9."
    assert "# Notes" not in "".join(a["text"] for a in resp["answer"])


def test_a_grounded_layer_stays_grounded(settings, conn, plain):
    resp = ask_tool(engine(settings, reranker=OverlapScorer()), conn, "What opcode does the Ping frame contain?",
                                                          layers=["plain"])
    assert resp["mode"] == "grounded" and "answer" not in resp and resp["passages"]


def test_no_passages_reports_the_mode_asked_for_else_the_strictest_layer_searched(settings, conn, plain):
    projector.commit_events(conn, [ev.Event(ev.LAYER_CREATED, "empty", {"answer_mode": "extractive"})])
    e = engine(settings, reranker=OverlapScorer())
    assert ask_tool(e, conn, "anything at all", layers=["empty"])["mode"] == "extractive"
    assert ask_tool(e, conn, "anything at all", layers=["empty"], mode="grounded")["mode"] == "grounded"
    resp = ask_tool(e, conn, "anything at all", layers=["empty"])
    assert resp["status"] == "not_found" and resp["answer"] == []


# ---------------------------------------------------------------------------------------------
# What cannot be quoted
# ---------------------------------------------------------------------------------------------


def test_passages_stored_before_document_text_was_kept_answer_not_found_with_the_note(settings, conn, plain):
    make_extractive(conn, "plain")
    # A store from before document text was kept: the chunks hold text the versions do not.
    conn.execute("UPDATE document_versions SET text = '' WHERE id IN "
                 "(SELECT version_id FROM documents WHERE layer = 'plain')")
    conn.commit()
    resp = ask_tool(engine(settings, reranker=OverlapScorer()), conn, "Ping frame opcode", layers=["plain"])
    assert resp["status"] == "not_found" and resp["answer"] == []
    assert REINGEST_NOTE in resp["note"] and "receipt_id" not in resp


def test_a_block_over_2000_characters_is_never_quoted(db, settings, conn, tmp_path):
    schedule = "\n".join(f"slot{i:03d}: ping interval {i} seconds" for i in range(90))  # no end marks
    folder = tmp_path / "sched"
    write(folder, "schedule.txt", schedule + "\n")
    assert len(schedule) > 2000
    assert add_folder(db, settings, AddOptions(folder=folder, name="sched")).errors == []
    make_extractive(conn, "sched")
    resp = ask_tool(engine(settings, reranker=ConstantScorer(0.99)), conn, "ping interval slot", layers=["sched"])
    assert resp["status"] == "not_found" and resp["answer"] == []
    assert "over 2,000 characters" in resp["note"]


def test_names_no_passage_holds_make_an_extractive_answer_not_found_before_a_receipt(settings, conn, rfc):
    resp = ask_tool(
        engine(settings, reranker=OverlapScorer(floor=0.9)), conn, "How does PYTHONHASHSEED change the Ping frame?",
        layers=["rfc"])
    assert resp["status"] == "not_found" and resp["answer"] == [] and "receipt_id" not in resp
    assert "PYTHONHASHSEED" in resp["note"]
    assert "related text" not in resp["note"]  # that sentence is for grounded answers


def test_stratakb_ask_prints_an_extractive_answers_sentences_and_receipt(database_url, rfc):
    from tests.conftest import cli_env, run_cli

    p = run_cli(["ask", "Show section 5.5.2 of RFC 6455", "--layer", "rfc"],
                cli_env(database_url, RERANKING_ENABLED="false"))
    assert p.returncode == 0, p.stderr
    assert "Status: found (extractive mode" in p.stdout
    assert "    | The Ping frame contains an opcode of 0x9." in p.stdout
    assert "rfc6455.txt, page 37, lines" in p.stdout and "Receipt: rcpt_" in p.stdout
