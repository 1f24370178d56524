"""Golden sets for `stratakb eval`: loading and validating the YAML, the hit rule, and checking the
expected passages against documents (see test_golden_structure.py for the parser's golden files)."""

from __future__ import annotations

import pytest
import yaml

from stratakb_core.errors import GoldenError, UsageError
from stratakb_core.evaluation.golden import (
    Document,
    Expected,
    check_expectations,
    load_golden,
    normalise,
    parse_golden,
    same_file,
)

TINY = """
name: tiny
layers: [contracts]
questions:
  - id: notice
    question: How much notice do we need to give to end the contract?
    kind: semantic
    expected:
      - file: contracts/acme-msa.md
        quote: "ninety (90) days' written notice"
  - id: clause-7-2
    question: what does clause 7.2 say?
    kind: clause
    file: contracts/acme-msa.md
    section: "7 Termination"
  - id: two
    question: what are the fees and when can Acme suspend the service?
    kind: multi_passage
    expected:
      - {file: contracts/acme-msa.md, quote: "within thirty (30) days of the invoice date", grade: 2}
      - {file: contracts/acme-msa.md, quote: "more than 45 days overdue"}
  - id: nothing
    question: what is the office wifi password?
    kind: unanswerable
"""


def test_loads_a_tiny_golden_set(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(TINY, encoding="utf-8")
    g = load_golden(path)
    assert g.name == "tiny" and g.layers == ("contracts",)
    assert [q.id for q in g.questions] == ["notice", "clause-7-2", "two", "nothing"]
    assert g.kinds == {"semantic": 1, "identifier": 0, "clause": 1, "unanswerable": 1, "multi_passage": 1}
    clause = g.questions[1]
    assert clause.expected == (Expected(file="contracts/acme-msa.md", section="7 Termination"),)  # shorthand
    two = g.questions[2]
    assert two.relevance() == {"e0": 2.0, "e1": 1.0}
    assert not g.questions[3].answerable and g.questions[3].relevance() == {}


def _one(**q):
    base = {"id": "q", "question": "a question?", "kind": "semantic", "expected": [{"file": "a.md", "quote": "x"}]}
    base.update(q)
    return {"questions": [base]}


@pytest.mark.parametrize("doc, message", [
    ({"questions": []}, "non-empty list"),
    ([1, 2], "mapping"),
    (_one(kind="fuzzy"), "kind must be one of"),
    (_one(question="  "), "question must be non-empty"),
    (_one(expected=[]), "needs at least one expected passage"),
    (_one(expected=[{"quote": "x"}]), "file is missing"),
    (_one(expected=[{"file": "a.md"}]), "give a quote, a section or both"),
    (_one(expected=[{"file": "a.md", "quote": " "}]), "quote must be non-empty"),
    (_one(expected=[{"file": "a.md", "quote": "x", "grade": 0}]), "grade must be a number above 0"),
    (_one(expected=[{"file": "a.md", "quote": "x", "page": 3}]), "unknown key(s) page"),
    (_one(kind="multi_passage"), "at least two expected passages"),
    (_one(kind="clause"), "gives the section"),
    (_one(kind="unanswerable"), "has no expected passage"),
    (_one(colour="red"), "unknown key(s) colour"),
])
def test_invalid_entries_are_refused_with_the_reason(doc, message):
    with pytest.raises(GoldenError) as err:
        parse_golden(doc)
    assert message in str(err.value)


def test_every_problem_is_listed_at_once_and_ids_must_be_unique():
    doc = {"questions": [
        {"id": "a", "question": "one?", "kind": "semantic", "expected": [{"file": "x", "quote": "y"}]},
        {"id": "a", "question": "two?", "kind": "unanswerable"},
        {"id": "c", "question": "three?", "kind": "nope"},
    ]}
    with pytest.raises(GoldenError) as err:
        parse_golden(doc)
    assert len(err.value.problems) == 2
    assert "duplicate id" in err.value.problems[0] and "kind must be" in err.value.problems[1]


def test_a_golden_error_is_a_usage_error_so_the_cli_exits_2():
    with pytest.raises(UsageError) as err:
        parse_golden({"questions": []})
    assert isinstance(err.value, GoldenError)
    assert err.value.code == "usage_error"
    assert err.value.problems == ["'questions' must be a non-empty list"]


def test_a_file_that_is_not_yaml_or_missing_is_a_golden_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("questions: [unclosed", encoding="utf-8")
    with pytest.raises(GoldenError, match="not valid YAML"):
        load_golden(bad)
    with pytest.raises(GoldenError, match="cannot read"):
        load_golden(tmp_path / "absent.yaml")


def test_hit_rule_file_quote_and_section():
    e = Expected(file="contracts/acme-msa.md", quote="ninety (90) days'  written\nnotice", section="7 termination")
    text = "7.2 Either party may end this agreement for convenience with ninety (90) days' written notice"
    assert e.matches("contracts/acme-msa.md", text, "7 Termination")
    assert e.matches("docs/contracts/acme-msa.md", text, "Master > 7 Termination")  # path under a folder
    assert not e.matches("other.md", text, "7 Termination")  # wrong file
    assert not e.matches("contracts/acme-msa.md", text, "9 Liability")  # wrong clause
    assert not e.matches("contracts/acme-msa.md", "ninety days", "7 Termination")  # no quote
    assert not e.matches(None, text, None)
    quote_only = Expected(file="a.md", quote="Days")
    assert not quote_only.matches("a.md", "days", None)  # the quote keeps its case


def test_normalise_and_same_file():
    assert normalise("  a\n\t b  c ") == "a b c"
    assert same_file("peps/pep-0008.rst", "pep-0008.rst")
    assert same_file("pep-0008.rst", "./pep-0008.rst")
    assert same_file(".github/notes.md", ".github/notes.md")
    assert not same_file("pep-0008.rst.bak", "pep-0008.rst")
    assert not same_file("xpep-0008.rst", "pep-0008.rst")


def test_check_against_documents_reports_broken_entries():
    g = parse_golden(yaml.safe_load(TINY))
    text = ("# Master Services Agreement\n7.2 Either party may end this agreement with ninety (90) days'\n"
            "written notice.\n4.1 Globex pays within thirty (30) days of the invoice date.\n")
    docs = [Document("contracts/acme-msa.md", text, ("Master Services Agreement > 7 Termination",))]
    problems = check_expectations(g, docs)
    assert [(p.question, p.expected, p.broken) for p in problems] == [("two", 2, True)]  # 45 days: not there
    assert "quote not found verbatim" in problems[0].problem
    # A missing file, and a section no clause path holds:
    g2 = parse_golden(_one(kind="clause", expected=[{"file": "contracts/acme-msa.md", "section": "12 Audit"}]))
    assert "no section" in check_expectations(g2, docs)[0].problem
    g3 = parse_golden(_one(expected=[{"file": "gone.md", "quote": "x"}]))
    assert "no stored document gone.md" in check_expectations(g3, docs)[0].problem


def test_a_quote_split_across_chunks_is_a_note_not_a_broken_entry():
    g = parse_golden(_one(expected=[{"file": "a.md", "quote": "alpha beta"}]))
    docs = [Document("a.md", "alpha beta gamma")]
    notes = check_expectations(g, docs, {"a.md": ["alpha", "beta gamma"]})
    assert len(notes) == 1 and not notes[0].broken and "no single chunk" in notes[0].problem
    assert check_expectations(g, docs, {"a.md": ["alpha beta", "gamma"]}) == []
