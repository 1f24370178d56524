"""strata_verify and receipts over a real store: spans read back from the stored documents, the
passage flags, receipts that outlive a sync, and `stratakb receipt`."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import psycopg
import pytest

from stratakb_core.cli.render import receipt_report
from stratakb_core.embedding import build_embedder
from stratakb_core.errors import ArgumentError, ReceiptNotFound
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.query import AskConfig, Engine, ask_tool
from stratakb_core.query.receipts import (
    NOTHING_CHECKED_NOTE,
    RECEIPT_ISSUED,
    issue,
    open_receipt,
    verify_draft,
)
from stratakb_core.store.connection import Database
from stratakb_core.store.rebuild import verify_projections
from tests.conftest import FIXTURES, StoreTemplate, cli_env, run_cli, store_template, write

BUDGET = 1500


def sync_rfc(db, settings, folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(FIXTURES / "rfc6455.txt", folder / "rfc6455.txt")
    assert add_folder(db, settings, AddOptions(folder=folder, name="rfc")).errors == []
    return folder


# A test that uses `rfc` starts from a copy of the store `rfc_template` synced once (conftest `database_url`).
STORE_TEMPLATES = {"rfc": "rfc_template"}


@pytest.fixture(scope="module")
def rfc_template(pg_server, template_db, tmp_path_factory) -> StoreTemplate:
    """RFC 6455 synced into the layer rfc."""
    base = tmp_path_factory.mktemp("rfc-store")
    with store_template(pg_server, template_db, base / "data") as (name, settings):
        yield StoreTemplate(name, sync_rfc(Database(settings), settings, base / "rfc"))


@pytest.fixture
def rfc(rfc_template, database_url) -> Path:
    """The RFC folder; the test's database is a copy of the store synced from it."""
    return rfc_template.folder


def ask_clause(settings, conn, question: str) -> dict:
    engine = Engine(build_embedder(settings), AskConfig(reranking_enabled=False, learning_enabled=False))
    return ask_tool(engine, conn, question, layers=["rfc"])


@pytest.fixture
def close(settings, conn, rfc) -> dict:
    return ask_close(settings, conn)


def ask_close(settings, conn) -> dict:
    """S1 is section 5.5.1 (Close) of RFC 6455, verbatim, as strata_ask returns it."""
    resp = ask_clause(settings, conn, "What does section 5.5.1 say?")
    assert resp["passages"][0]["citation"]["clause_path"].endswith("5.5.1 Close")
    return resp


GOOD = ('The body of a Close frame starts with a 2-byte unsigned integer [S1]. Clients "MUST NOT show it to '
        'end users" [S1]. The Close frame is a control frame [S1].')


def test_a_draft_whose_quotes_and_facts_are_in_the_cited_passage_is_verified_with_a_receipt(conn, close):
    refs = [p["ref"] for p in close["passages"]]
    out = verify_draft(conn, GOOD, refs, token_budget=BUDGET)
    assert out["status"] == "verified" and out["receipt_id"].startswith("rcpt_")
    assert out["checked"] == {"quotes": 1, "facts": 1}
    assert out["unchecked_sentences"] == ["The Close frame is a control frame [S1]."]
    receipt = open_receipt(conn, out["receipt_id"])
    assert receipt["kind"] == "verified_draft" and receipt["verification"] == "verified"
    assert receipt["draft"] == GOOD
    s1 = receipt["passages"][0]
    assert s1["id"] == "S1" and s1["ref"] == refs[0] and s1["text"] == close["passages"][0]["text"]
    assert s1["file"] == "rfc6455.txt" and s1["version_id"]
    (quote,) = receipt["quotes"]
    a, b = quote["spans"][0]
    assert s1["text"][a:b] == "MUST NOT show it to end users"
    assert receipt["facts"] == [{"sentence": 1, "text": "2-byte", "passage": "S1"}]
    assert receipt["unchecked_sentences"] == ["The Close frame is a control frame [S1]."]


def test_a_changed_number_is_flagged_and_gets_no_receipt(conn, close):
    refs = [p["ref"] for p in close["passages"]]
    out = verify_draft(conn, GOOD.replace("2-byte", "4-byte"), refs, token_budget=BUDGET)
    assert out["status"] == "flagged" and "receipt_id" not in out
    (flag,) = out["flags"]
    assert flag["kind"] == "fact" and flag["message"] == '"4-byte" not found in S1'
    assert conn.execute("SELECT count(*) FROM receipts").fetchone()[0] == 0


def test_a_draft_with_citations_but_no_quote_or_fact_is_nothing_checked_without_a_receipt(conn, close):
    out = verify_draft(conn, "The Close frame ends the connection [S1].", [close["passages"][0]["ref"]],
                       token_budget=BUDGET)
    assert out["status"] == "nothing_checked" and "receipt_id" not in out
    assert "Quote the supporting passage" in out["note"] and "unchecked_sentences" not in out


def test_the_passages_text_is_read_from_the_store_never_from_the_request(conn, close):
    ref = close["passages"][0]["ref"]
    # A client that sends text is ignored: only refs are read, and the draft is checked against the store.
    out = verify_draft(conn, 'It says "the body MUST be a 4-byte integer" [S1].', [ref], token_budget=BUDGET)
    assert out["status"] == "flagged"
    assert out["flags"][0]["message"] == '"the body MUST be a 4-byte integer" not found in S1'


# ---------------------------------------------------------------------------------------------
# Passage flags: about a ref, not the draft
# ---------------------------------------------------------------------------------------------


def passage_flag(conn, ref: str) -> dict:
    out = verify_draft(conn, "The opcode is 0x8 [S1].", [ref], token_budget=BUDGET)
    assert out["status"] == "flagged"
    flags = [f for f in out["flags"] if f["kind"] == "passage"]
    assert len(flags) == 1, out["flags"]
    return flags[0]


def test_a_ref_that_is_not_a_ref_is_flagged(conn, close):
    assert passage_flag(conn, "S1")["reason"] == "malformed"
    assert passage_flag(conn, "d1:90-10")["reason"] == "malformed"


def test_a_ref_to_a_document_no_longer_in_the_store_is_flagged(conn, close):
    assert passage_flag(conn, "d999999:0-10")["reason"] == "unknown_document"


def test_a_ref_outside_its_document_is_flagged(conn, close):
    doc = close["passages"][0]["ref"].split(":")[0]
    flag = passage_flag(conn, f"{doc}:162000-170000")
    # The stored text: the file's, with its one example credential redacted (same lines, shorter).
    assert flag["reason"] == "outside_document" and re.search(r"\(162,0\d\d characters\)", flag["message"])


def test_a_ref_wider_than_twice_the_chunk_size_is_flagged_unless_it_starts_a_section(conn, close):
    ref = close["passages"][0]["ref"]
    doc, span = ref.split(":")
    start, end = (int(x) for x in span.split("-"))
    assert end - start > 1600  # the whole clause: wider than 2 x 800, allowed from its section's start
    assert verify_draft(conn, "The opcode is 0x8 [S1].", [ref], token_budget=BUDGET)["status"] == "verified"
    flag = passage_flag(conn, f"{doc}:{start + 40}-{end}")
    assert flag["reason"] == "too_wide" and "1,600" in flag["message"]
    # Under a small budget an exact clause can be at most 4 characters a token (never under 200).
    small = verify_draft(conn, "The opcode is 0x8 [S1].", [ref], token_budget=300)
    assert small["status"] == "flagged" and small["flags"][0]["reason"] == "too_wide"


def test_a_span_that_no_longer_names_a_passage_is_flagged_as_changed(conn, close):
    doc, span = close["passages"][0]["ref"].split(":")
    start, end = (int(x) for x in span.split("-"))
    flag = passage_flag(conn, f"{doc}:{start + 3}-{start + 500}")
    assert flag["reason"] == "changed" and "pass the refs exactly as strata_ask returned them" in flag["message"]


def test_a_named_clause_cut_at_a_word_reads_back(settings, conn, rfc):
    engine = Engine(build_embedder(settings), AskConfig(token_budget=300, reranking_enabled=False,
                                                        learning_enabled=False))
    resp = ask_tool(engine, conn, "What does section 5.5.1 say?", layers=["rfc"])
    s1 = resp["passages"][0]
    assert resp["status"] == "partly_found" and "5.5.1 Close" in resp["note"]
    out = verify_draft(conn, "The Close frame contains an opcode of 0x8 [S1].", [s1["ref"]], token_budget=300)
    assert out["status"] == "verified"


def test_draft_and_passages_are_capped(conn, close):
    ref = close["passages"][0]["ref"]
    with pytest.raises(ArgumentError) as big:
        verify_draft(conn, "x" * 50_001, [ref], token_budget=BUDGET)
    assert big.value.argument == "draft" and "50,000" in big.value.message
    with pytest.raises(ArgumentError) as many:
        verify_draft(conn, "The opcode is 0x8 [S1].", [ref] * 51, token_budget=BUDGET)
    assert many.value.argument == "passages"
    assert verify_draft(conn, "The opcode is 0x8 [S1].", [ref] * 50, token_budget=BUDGET)["status"] == "verified"


# ---------------------------------------------------------------------------------------------
# Receipts in the store
# ---------------------------------------------------------------------------------------------


def test_a_receipt_is_a_receipt_issued_event_and_the_projections_still_rebuild(conn, close):
    out = verify_draft(conn, GOOD, [close["passages"][0]["ref"]], token_budget=BUDGET)
    row = conn.execute("SELECT payload FROM events WHERE type = %s", (RECEIPT_ISSUED,)).fetchone()
    assert row[0]["receipt_id"] == out["receipt_id"] and row[0]["kind"] == "verified_draft"
    assert verify_projections(conn) == []


def test_a_receipt_keeps_the_document_version_it_cites_after_a_sync(db, settings, conn, tmp_path):
    # A store of its own: the test changes the file and syncs it again.
    rfc = sync_rfc(db, settings, tmp_path / "rfc")
    close = ask_close(settings, conn)
    draft = "The Close frame contains an opcode of 0x8 [S1]."
    out = verify_draft(conn, draft, [close["passages"][0]["ref"]], token_budget=BUDGET)
    old_version = open_receipt(conn, out["receipt_id"])["passages"][0]["version_id"]
    text = (rfc / "rfc6455.txt").read_text(encoding="utf-8")
    (rfc / "rfc6455.txt").write_text(text.replace("an opcode of 0x8", "an opcode of 0xA"), encoding="utf-8")
    assert add_folder(db, settings, AddOptions(folder=rfc)).files_updated == 1
    current = conn.execute("SELECT version_id FROM documents WHERE path = 'rfc6455.txt'").fetchone()[0]
    assert current != old_version
    receipt = open_receipt(conn, out["receipt_id"])
    assert "an opcode of 0x8" in receipt["passages"][0]["text"]
    conn.commit()
    # The version is held by the receipt: removing it is refused while the receipt exists.
    with pytest.raises(psycopg.errors.IntegrityError):
        conn.execute("DELETE FROM document_versions WHERE id = %s", (old_version,))
    conn.rollback()
    # The same draft against the new text, with the refs strata_ask returns now, is flagged.
    new = ask_clause(settings, conn, "What does section 5.5.1 say?")
    again = verify_draft(conn, draft, [new["passages"][0]["ref"]], token_budget=BUDGET)
    assert again["status"] == "flagged" and again["flags"][0]["message"] == '"0x8" not found in S1'


def test_the_receipt_stores_the_draft_and_unchecked_sentences_scrubbed(db, settings, conn, tmp_path):
    folder = tmp_path / "pay"
    write(folder, "payments.md", "# Payments\n\nPay EUR 1.000,00 to DE89 3704 0044 0532 0130 00 within thirty "
                                 "(30) days.\n")
    assert add_folder(db, settings, AddOptions(folder=folder, name="pay")).errors == []
    ref = conn.execute("SELECT 'd' || document_id || ':' || start_char || '-' || end_char FROM chunks"
                       " WHERE layer = 'pay'").fetchone()[0]
    draft = ("Pay 1000 EUR to DE89370400440532013000 within 30 days [S1].\n"
             "The bank with BIC DEUTDEFF handles it [S1].")
    out = verify_draft(conn, draft, [ref], token_budget=BUDGET)
    assert out["status"] == "verified", out
    # The client is told what was not checked as written; the receipt records it scrubbed.
    assert out["unchecked_sentences"] == ["The bank with BIC DEUTDEFF handles it [S1]."]
    receipt = open_receipt(conn, out["receipt_id"])
    assert "DE89370400440532013000" not in receipt["draft"] and "[IBAN]" in receipt["draft"]
    assert receipt["unchecked_sentences"] == ["The bank with BIC [BIC] handles it [S1]."]
    assert "DE89370400440532013000" not in json.dumps(receipt["facts"])


def test_an_old_receipt_with_nothing_checked_opens_with_a_verification_note(conn, close):
    version = conn.execute("SELECT version_id FROM documents").fetchone()[0]
    conn.commit()
    rid = issue(conn, "verified_draft", "verified",
                {"draft": "The Close frame ends it [S1].", "passages": [], "quotes": [], "facts": []}, [version])
    receipt = open_receipt(conn, rid)
    assert receipt["verification"] == "verified" and receipt["verification_note"] == NOTHING_CHECKED_NOTE
    lines = receipt_report(receipt).splitlines()
    assert lines[1].startswith("Verification: verified") and lines[2] == f"Note: {NOTHING_CHECKED_NOTE}"


def test_opening_an_unknown_or_malformed_receipt_id(conn):
    with pytest.raises(ReceiptNotFound):
        open_receipt(conn, "rcpt_" + "0" * 24)
    with pytest.raises(ArgumentError) as err:
        open_receipt(conn, "nope")
    assert err.value.argument == "receipt_id"


# ---------------------------------------------------------------------------------------------
# stratakb receipt <id>
# ---------------------------------------------------------------------------------------------


def test_stratakb_receipt_marks_each_quote_in_its_context_and_prints_unchecked_sentences(database_url, conn,
                                                                                          close):
    out = verify_draft(conn, GOOD, [close["passages"][0]["ref"]], token_budget=BUDGET)
    env = cli_env(database_url)
    p = run_cli(["receipt", out["receipt_id"]], env)
    assert p.returncode == 0, p.stderr
    text = p.stdout
    assert f"Receipt {out['receipt_id']}" in text and "Verification: verified" in text
    assert ">>>MUST NOT show it to end users<<<" in text
    assert "rfc6455.txt" in text and "2-byte found in S1" in text
    assert "Unchecked sentences" in text and "The Close frame is a control frame [S1]." in text
    j = run_cli(["receipt", out["receipt_id"], "--json"], env)
    assert j.returncode == 0 and json.loads(j.stdout) == open_receipt(conn, out["receipt_id"])
    missing = run_cli(["receipt", "rcpt_" + "f" * 24], env)
    assert missing.returncode == 2 and "no receipt" in missing.stderr


def test_stratakb_receipt_prints_an_extractive_answers_quotes(database_url, settings, conn, rfc):
    from stratakb_core.store import events as ev
    from stratakb_core.store import projector

    projector.commit_events(conn, [ev.Event(ev.LAYER_UPDATED, "rfc", {"changes": {"answer_mode": "extractive"}})])
    resp = ask_clause(settings, conn, "Show section 5.5.2")
    p = run_cli(["receipt", resp["receipt_id"]], cli_env(database_url))
    assert p.returncode == 0, p.stderr
    assert "Verification: extractive" in p.stdout
    assert ">>>The Ping frame contains an opcode of 0x9.<<<" in p.stdout
