"""When part of the answer is missing, over a real store: named clauses cut at a word, shared
budgets, clauses left out, matches not read, references not looked up, and names no passage holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratakb_core.embedding import build_embedder
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.query import AskConfig, Engine, ask_tool, search_tool
from stratakb_core.query.missing import cut_at_word, tokens
from tests.conftest import write

LONG = ("The supplier invoices the customer monthly in arrears for the services delivered in the month "
        "before, and each invoice lists the services, the hours worked and the rate that applies to them. ")
LATE = "2.2.  Late payment\n\n   Late payments carry interest at 4% a year."


def terms_text() -> str:
    return ("Service terms\n\n1.  Scope\n\n   This agreement covers support for the customer's systems.\n\n"
            "2.  Fees\n\n2.1.  Rates\n\n   " + LONG * 12 + "\n\n" + LATE + "\n\n"
            "2.3.  Refunds\n\n   " + LONG * 12 + "\n\n"
            "3.  Term\n\n   The agreement runs for 24 months from signature.\n")


@pytest.fixture
def terms(db, settings, tmp_path) -> Path:
    folder = tmp_path / "terms"
    write(folder, "terms.txt", terms_text())
    assert add_folder(db, settings, AddOptions(folder=folder, name="terms")).errors == []
    return folder


def engine(settings, budget: int = 1500) -> Engine:
    return Engine(build_embedder(settings), AskConfig(token_budget=budget, reranking_enabled=False,
                                                      learning_enabled=False))


def clause_text(folder: Path, number: str, file: str = "terms.txt") -> str:
    text = (folder / file).read_text()
    start = text.index(f"\n{number}.  ") + 1
    nxt = [text.find(f"\n{n}.  ", start + 1) for n in ("2.1", "2.2", "2.3", "3")]
    end = min(i for i in nxt if i > start)
    return text[start:end].rstrip()


def test_a_named_clause_over_its_share_comes_back_from_its_start_cut_at_a_word(settings, conn, terms):
    resp = ask_tool(engine(settings, budget=300), conn, "What does clause 2.1 say?", layers=["terms"])
    s1 = resp["passages"][0]
    whole = clause_text(terms, "2.1")
    assert whole.startswith(s1["text"]) and len(s1["text"]) < len(whole)
    assert whole[len(s1["text"])].isspace() and not s1["text"][-1].isspace()  # cut at a word
    start = int(s1["ref"].split(":")[1].split("-")[0])
    assert s1["ref"].endswith(f"-{start + len(s1['text'])}")
    assert tokens(s1) <= 300
    assert resp["status"] == "partly_found"
    assert '"2.1 Rates" (terms.txt)' in resp["note"] and "read the whole clause in the file" in resp["note"]


def test_a_clause_of_200_characters_or_less_is_never_cut(settings, conn, terms):
    resp = ask_tool(engine(settings, budget=100), conn, "What does clause 2.2 say?", layers=["terms"])
    assert resp["passages"][0]["text"] == LATE and len(LATE) <= 200
    assert resp["status"] == "found" and "note" not in resp


def test_the_budget_is_shared_in_order_keeping_room_for_every_later_clause(settings, conn, terms):
    resp = ask_tool(engine(settings, budget=700), conn, "What do clauses 2.1 and 2.3 say?", layers=["terms"])
    s1, s2 = resp["passages"][:2]
    assert s1["citation"]["clause_path"].endswith("2.1 Rates") and s2["citation"]["clause_path"].endswith("2.3 Refunds")
    refunds = clause_text(terms, "2.3")
    assert len(s2["text"]) >= cut_at_word(refunds, 200) and refunds.startswith(s2["text"])
    # (700 - room for 2.3's first 200 characters) / 2 for 2.1, the rest for 2.3.
    assert tokens(s1) <= (700 - tokens(s2 | {"text": refunds[:cut_at_word(refunds, 200)]})) // 2 + 1
    assert tokens(s1) + tokens(s2) <= 700
    assert resp["status"] == "partly_found"
    assert '"2.1 Rates" (terms.txt), "2.3 Refunds" (terms.txt)' in resp["note"]


def test_clauses_that_no_longer_fit_are_left_out_whole_and_counted_in_the_note(settings, conn, terms):
    resp = ask_tool(engine(settings, budget=120), conn, "What do clauses 2.1, 2.2 and 2.3 say?", layers=["terms"])
    (s1,) = resp["passages"]
    assert s1["citation"]["clause_path"].endswith("2.1 Rates")
    assert resp["status"] == "partly_found"
    assert ('2 named clauses did not fit the answer budget and were left out: "2.2 Late payment" (terms.txt), '
            '"2.3 Refunds" (terms.txt).') in resp["note"]


def test_strata_search_marks_a_cut_clause_and_keeps_status_ok(settings, conn, terms):
    e = engine(settings, budget=300)
    cut = search_tool(e, conn, "section 2.1", layers=["terms"])
    assert cut["status"] == "ok"
    assert cut["results"][0]["match"] == "exact" and cut["results"][0]["cut"] is True
    whole = search_tool(e, conn, "section 2.2", layers=["terms"])
    assert whole["results"][0]["text"] == LATE and "cut" not in whole["results"][0]


# ---------------------------------------------------------------------------------------------
# More matches than are read
# ---------------------------------------------------------------------------------------------


def many_terms(db, settings, tmp_path, n: int, extra: dict[str, str] | None = None) -> None:
    folder = tmp_path / "many"
    for i in range(n):
        write(folder, f"terms-{i:02d}.txt", terms_text().replace("4% a year", f"{i}% a year"))
    for name, text in (extra or {}).items():
        write(folder, name, text)
    assert add_folder(db, settings, AddOptions(folder=folder, name="many")).errors == []


def test_at_most_10_matches_are_read_and_the_note_counts_the_rest(db, settings, conn, tmp_path):
    many_terms(db, settings, tmp_path, 12)
    e = engine(settings)
    resp = ask_tool(e, conn, "What does clause 2.2 say?")
    files = [p["citation"]["file"] for p in resp["passages"][:10]]
    assert files == [f"terms-{i:02d}.txt" for i in range(10)]  # by file path
    assert resp["status"] == "partly_found"
    assert "2 more matching sections were not read; name a layer." in resp["note"]
    named = ask_tool(e, conn, "What does clause 2.2 say?", layers=["many"])
    assert "2 more matching sections were not read." in named["note"]
    two = ask_tool(e, conn, "What do clause 2.2 and clause 3 say?", layers=["many"])
    assert "14 more matching sections were not read; ask about fewer clauses at a time." in two["note"]


def test_at_least_when_the_count_stopped_at_50_candidate_sections(db, settings, conn, tmp_path):
    many_terms(db, settings, tmp_path, 52)
    resp = ask_tool(engine(settings), conn, "What does clause 2.2 say?", layers=["many"])
    assert "at least 40 more matching sections were not read" in resp["note"]
    search = search_tool(engine(settings), conn, "clause 2.2", layers=["many"])
    assert len([r for r in search["results"] if r.get("match") == "exact"]) == 10
    assert "at least 40 more matching sections were not read" in search["note"]


def test_more_sections_may_match_when_the_limit_was_hit_but_all_kept_were_read(db, settings, conn, tmp_path):
    many_terms(db, settings, tmp_path, 51, {"pep-0042.txt": terms_text()})
    resp = ask_tool(engine(settings), conn, "What does clause 2.2 of PEP 42 say?", layers=["many"])
    assert resp["passages"][0]["citation"]["file"] == "pep-0042.txt"
    assert "More sections may match than were looked at." in resp["note"]


def test_only_the_first_10_references_are_looked_up_and_the_rest_are_named(settings, conn, terms):
    question = "What do " + ", ".join(f"clause 2.{i}" for i in range(1, 12)) + " say?"
    resp = ask_tool(engine(settings, budget=4000), conn, question, layers=["terms"])
    assert "Only the first 10 references were looked up; not looked up: clause 2.11." in resp["note"]
    assert resp["status"] != "found"


# ---------------------------------------------------------------------------------------------
# Names no passage holds (grounded)
# ---------------------------------------------------------------------------------------------


def test_no_name_there_is_not_found_and_the_passages_are_related_text(settings, conn, terms):
    resp = ask_tool(engine(settings), conn, "How do I set PYTHONHASHSEED for invoices?", layers=["terms"])
    assert resp["status"] == "not_found" and resp["passages"]
    assert "No passage holds PYTHONHASHSEED" in resp["note"]
    assert resp["note"].endswith("The passages are related text, not the answer.")


def test_a_named_clause_that_came_back_keeps_the_answer_partly_found(settings, conn, terms):
    resp = ask_tool(engine(settings), conn, "What does clause 2.2 say about PYTHONHASHSEED?", layers=["terms"])
    assert resp["status"] == "partly_found" and resp["passages"][0]["text"] == LATE
    assert "No passage holds PYTHONHASHSEED" in resp["note"] and "related text" not in resp["note"]


def test_a_name_matches_without_case_or_spacing_in_the_file_path(db, settings, conn, tmp_path):
    folder = tmp_path / "peps"
    write(folder, "pep-0008.txt", "Style Guide\n\nUse 4 spaces per indentation level.\n")
    assert add_folder(db, settings, AddOptions(folder=folder, name="peps")).errors == []
    resp = ask_tool(engine(settings), conn, "What does PEP 8 say about indentation?", layers=["peps"])
    assert "No passage holds" not in resp.get("note", "")
    missing = ask_tool(engine(settings), conn, "What does PEP 20 say about indentation?", layers=["peps"])
    assert "No passage holds PEP 20" in missing["note"] and missing["status"] == "not_found"
