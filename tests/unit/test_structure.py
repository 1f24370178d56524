"""The structure map: markup headings, numbered clauses, keyword headings, outlines and patterns."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import pytest

from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.parsing import parser_for
from stratakb_core.ingest.parsing.frontmatter import split_front_matter
from stratakb_core.ingest.parsing.headings import Heading, sections_from_headings
from stratakb_core.ingest.parsing.markdown import code_spans
from stratakb_core.ingest.parsing.markdown import find_headings as markdown_headings
from stratakb_core.ingest.parsing.plaintext import find_headings as text_headings
from stratakb_core.ingest.parsing.plaintext import find_pages
from stratakb_core.ingest.structure import apply_structure, build_structure
from stratakb_core.values import ChunkConfig, OutlineEntry, ParsedDocument, Section

REPO = Path(__file__).resolve().parent.parent.parent
FIXTURES = REPO / "tests" / "fixtures"
ACME = REPO / "stratakb_core" / "sample" / "contracts" / "acme-msa.md"


def parse(source: str, name: str = "doc.txt") -> ParsedDocument:
    parser = parser_for(name)
    assert parser is not None
    return parser.parse(source.encode(), name)


def paths(doc: ParsedDocument) -> list[tuple[str, ...]]:
    return [s.path for s in doc.sections if s.heading is not None]


def txt(source: str) -> list[tuple[str, ...]]:
    return paths(parse(source, "doc.txt"))


def md(source: str) -> list[tuple[str, ...]]:
    return paths(parse(source, "doc.md"))


def acme() -> ParsedDocument:
    return parse(ACME.read_text(), "acme-msa.md")


def assert_is_a_map(doc: ParsedDocument) -> None:
    """Sections cover the text in order; each heading is its path's last element at its depth."""
    assert doc.sections[0].start == 0
    assert doc.sections[-1].end == len(doc.text)
    for before, after in zip(doc.sections, doc.sections[1:], strict=False):
        assert before.end == after.start
        assert before.start < after.start
    for section in doc.sections:
        assert section.level == len(section.path)
        if section.heading is not None:
            assert section.heading == section.path[-1]
            assert section.heading_end is not None
            assert section.start <= section.heading_end <= section.end


# ---------------------------------------------------------------------------------------------
# Numbered clauses in Markdown: the sample contract


def test_contract_clauses_nest_under_their_numbered_headings() -> None:
    doc = acme()
    assert paths(doc) == [
        ("Master Services Agreement",),
        ("Master Services Agreement", "1 Definitions"),
        ("Master Services Agreement", "1 Definitions", "1.1"),
        ("Master Services Agreement", "1 Definitions", "1.2"),
        ("Master Services Agreement", "4 Fees and payment"),
        ("Master Services Agreement", "4 Fees and payment", "4.1"),
        ("Master Services Agreement", "4 Fees and payment", "4.2"),
        ("Master Services Agreement", "4 Fees and payment", "4.3"),
        ("Master Services Agreement", "7 Termination"),
        ("Master Services Agreement", "7 Termination", "7.1"),
        ("Master Services Agreement", "7 Termination", "7.2"),
        ("Master Services Agreement", "7 Termination", "7.3"),
        ("Master Services Agreement", "9 Liability"),
        ("Master Services Agreement", "9 Liability", "9.1"),
        ("Master Services Agreement", "9 Liability", "9.2"),
    ]
    assert_is_a_map(doc)


def test_a_paragraph_clause_is_labelled_by_its_number_and_keeps_its_words_as_text() -> None:
    doc = acme()
    clause = next(s for s in doc.sections if s.heading == "7.2")
    assert doc.text[clause.start : clause.heading_end] == "7.2"
    chunk = next(c for c in chunk_document(doc, ChunkConfig()) if "ninety (90) days" in c.text)
    assert chunk.clause_path == "Master Services Agreement > 7 Termination > 7.2"
    assert chunk.text.startswith("7.2 Either party may end this agreement")


def test_a_heading_clause_is_labelled_by_its_number_and_words() -> None:
    assert txt("1.  Data Framing\n\n1.1.  Overview\n\nText.\n\n1.2.  Base Framing Protocol\n\nText.\n") == [
        ("1 Data Framing",),
        ("1 Data Framing", "1.1 Overview"),
        ("1 Data Framing", "1.2 Base Framing Protocol"),
    ]


def test_a_numbering_starts_at_a_first_number() -> None:
    # "5." continues nothing and starts nothing; "5.1" may start a numbering (a heading's number
    # can live outside the text, as Word's list numbering does).
    assert txt("5.  Data Framing\n\n5.1.  Overview\n\nText.\n\n5.2.  Framing\n") == [
        ("5.1 Overview",),
        ("5.2 Framing",),
    ]


def test_a_bare_numbered_heading_joins_its_first_clause() -> None:
    doc = parse("## 7 Termination\n\n7.1 Either party may end it.\n", "doc.md")
    chunks = chunk_document(doc, ChunkConfig())
    assert [(c.text, c.clause_path) for c in chunks] == [
        ("## 7 Termination\n\n7.1 Either party may end it.", "7 Termination > 7.1")
    ]


# ---------------------------------------------------------------------------------------------
# The numbered-line rule


NUMBERED = "1 Top\n\n1.1 Mid\n\nText.\n\n1.1.1 Leaf\n\nText.\n\n"


@pytest.mark.parametrize(
    ("following", "path"),
    [
        ("1.1.1.1 Deeper", ("1 Top", "1.1 Mid", "1.1.1 Leaf", "1.1.1.1 Deeper")),
        ("1.1.2 Next", ("1 Top", "1.1 Mid", "1.1.2 Next")),
        ("1.2 Uncle", ("1 Top", "1.2 Uncle")),
        ("2 Top", ("2 Top",)),
    ],
)
def test_a_number_that_continues_the_numbering_is_a_clause(following: str, path: tuple[str, ...]) -> None:
    assert txt(NUMBERED + following + "\n")[-1] == path


@pytest.mark.parametrize("following", ["1.1.3 Skips one", "1.3 Skips one", "3 Skips one", "1.1.1.2 No first child"])
def test_a_number_that_does_not_continue_the_numbering_is_not(following: str) -> None:
    assert txt(NUMBERED + following + "\n")[-1] == ("1 Top", "1.1 Mid", "1.1.1 Leaf")


def test_a_clause_follows_a_blank_line_a_heading_or_a_sentence_end() -> None:
    assert txt("1. Scope\n\n1.1 First.\nThe term ends here.\n1.2 Second starts after a sentence.\n")[-1] == (
        "1 Scope",
        "1.2",
    )
    assert txt("1. Scope\n\n1.1 First.\nas listed below\n1.2 Not after a sentence end.\n")[-1] == ("1 Scope", "1.1")
    assert md("## 1 Scope\n1.1 Right under the heading.\n") == [("1 Scope",), ("1 Scope", "1.1")]


def test_a_numbered_list_inside_a_clause_is_not_a_clause() -> None:
    source = "1. Duties\n\n1.1 The supplier shall:\n\n1. Deliver.\n\n2. Invoice.\n\n1.2 The customer pays.\n"
    assert txt(source) == [("1 Duties",), ("1 Duties", "1.1"), ("1 Duties", "1.2")]


@pytest.mark.parametrize(
    "line",
    [
        "12.03.24 Meeting with the board",  # a date: no leading zeros in clause numbers
        "2024 Annual results",  # a year
        "1.5 million users signed up.",  # an amount: the words start in lower case
        "3.5 Jack",  # continues nothing
        "100 Main Street",
    ],
)
def test_dates_and_amounts_are_not_clauses(line: str) -> None:
    assert txt("1. Scope\n\nText.\n\n2. Terms\n\nText.\n\n" + line + "\n") == [("1 Scope",), ("2 Terms",)]


def test_parenthesised_numbers_continue_the_numbering() -> None:
    source = (
        "## 7 Termination\n\n7(1) Either party may end it.\n\n7(2) Notice is written.\n\n"
        "7(2)(a) By post.\n\n7(2)(b) By email.\n\n7(3) It takes effect.\n"
    )
    assert md(source) == [
        ("7 Termination",),
        ("7 Termination", "7(1)"),
        ("7 Termination", "7(2)"),
        ("7 Termination", "7(2)", "7(2)(a)"),
        ("7 Termination", "7(2)", "7(2)(b)"),
        ("7 Termination", "7(3)"),
    ]


def test_appendix_letters_number_their_clauses() -> None:
    source = (
        "1. Body\n\nText.\n\nAppendix A. Examples\n\nA.1. Simple\n\nText.\n\nA.2. Complex\n\n2. Not in the appendix\n"
    )
    assert txt(source) == [
        ("1 Body",),
        ("Appendix A. Examples",),
        ("Appendix A. Examples", "A.1 Simple"),
        ("Appendix A. Examples", "A.2 Complex"),
        ("2 Not in the appendix",),
    ]


def test_a_title_wrapped_onto_an_indented_line_is_one_heading() -> None:
    source = (
        "1. Security\n\n1.1.  Misuse of Access Token to Impersonate Resource Owner in Implicit\n      Flow\n\nText.\n"
    )
    assert txt(source)[-1] == (
        "1 Security",
        "1.1 Misuse of Access Token to Impersonate Resource Owner in Implicit Flow",
    )


def test_numbered_lines_in_markdown_code_blocks_are_not_clauses() -> None:
    assert md("## 1 Scope\n\n```\n1.1 Not a clause\n```\n\n1.1 A clause.\n") == [("1 Scope",), ("1 Scope", "1.1")]


# ---------------------------------------------------------------------------------------------
# Ordered lists (Markdown, reStructuredText, AsciiDoc, HTML)


def test_a_markdown_ordered_list_adds_nothing() -> None:
    assert md("# Guide\n\n1. Install it.\n\n2. Run it.\n\n3. Check it.\n") == [("Guide",)]


def test_a_run_of_numbers_with_a_subclause_is_kept() -> None:
    assert md("# Policy\n\n1. Scope\n\nText.\n\n1.1 Staff.\n\n2. Terms\n") == [
        ("Policy",),
        ("Policy", "1 Scope"),
        ("Policy", "1 Scope", "1.1"),
        ("Policy", "2 Terms"),
    ]


def test_the_same_numbers_in_plain_text_are_clauses() -> None:
    assert txt("1. Install it.\n\n2. Run it.\n") == [("1",), ("2",)]


# ---------------------------------------------------------------------------------------------
# Keyword headings


def test_keyword_headings_and_numbered_paragraphs_inside_them() -> None:
    source = (
        "Chapter II\n\nArticle 12\n\n1. Member States shall report.\n\n2. The Commission shall publish.\n\n"
        "Article 13 - Reviews\n\nSection 3 describes the format.\n\nAnnex II\n"
    )
    assert txt(source) == [
        ("Chapter II",),
        ("Chapter II", "Article 12"),
        ("Chapter II", "Article 12", "1"),
        ("Chapter II", "Article 12", "2"),
        ("Chapter II", "Article 13 - Reviews"),
        ("Annex II",),
    ]


def test_section_keyword_opens_its_own_numbering() -> None:
    assert txt("Section 3 - Scope\n\n3.1 Staff\n\nText.\n\n3.2 Contractors\n") == [
        ("Section 3 - Scope",),
        ("Section 3 - Scope", "3.1 Staff"),
        ("Section 3 - Scope", "3.2 Contractors"),
    ]


# ---------------------------------------------------------------------------------------------
# Tables of contents


def test_toc_entries_with_dot_leaders_or_page_numbers_are_skipped() -> None:
    source = "1. Introduction ........ 3\n2. Scope    5\n\n1. Introduction\n\nText.\n\n2. Scope\n"
    assert txt(source) == [("1 Introduction",), ("2 Scope",)]


def test_a_contents_block_is_skipped_until_the_body_starts_over() -> None:
    source = "Contents\n\n1. Introduction\n2. Scope\n3. Terms\n\n1. Introduction\n\nText.\n\n2. Scope\n"
    assert txt(source) == [("1 Introduction",), ("2 Scope",)]


def test_an_indented_contents_list_is_skipped() -> None:
    source = (
        "Table of Contents\n\n   1.  Introduction\n     1.1.  Background\n   2.  Terms\n\n1.  Introduction\n\nText.\n"
    )
    assert txt(source) == [("1 Introduction",)]


def test_a_markdown_contents_heading_ends_at_the_next_heading() -> None:
    source = "## Contents\n\n1. Scope\n1.1 Staff\n\n## 1 Scope\n\n1.1 Staff are covered.\n"
    assert md(source) == [("Contents",), ("1 Scope",), ("1 Scope", "1.1")]


# ---------------------------------------------------------------------------------------------
# Outline entries first, the text's headings and clauses inside them


def outline_doc() -> ParsedDocument:
    page1 = "Master agreement\n\nTermination\n\n7.1 Either party may end it.\n\n7.2 Notice is written.\n"
    page2 = "Intro text of the page.\n5.2 Base Framing Protocol\n\nThe frame.\n\n5.2.1 Header\n\nBits.\n"
    text = page1 + "\n" + page2
    p2 = len(page1) + 1
    outline = (
        OutlineEntry(start=text.index("Termination"), level=1, title="Termination"),
        OutlineEntry(start=p2, level=1, title="5.2 Base Framing Protocol"),  # points at the page start
    )
    headings = [Heading(e.start, e.start, e.level, e.title) for e in outline]
    return ParsedDocument(
        text=text,
        sections=sections_from_headings(text, headings),
        pages=((0, len(page1)), (p2, len(text))),
        kind="pdf",
        outline=outline,
    )


def test_outline_entries_are_outermost_and_text_clauses_nest_inside() -> None:
    doc = apply_structure(outline_doc())
    assert paths(doc) == [
        ("Termination",),
        ("Termination", "7.1"),
        ("Termination", "7.2"),
        ("5.2 Base Framing Protocol",),
        ("5.2 Base Framing Protocol", "5.2.1 Header"),
    ]
    assert_is_a_map(doc)
    # The outline title found on its own line is the heading: one section, not two.
    termination = doc.sections[1]
    assert doc.text[termination.start : termination.heading_end] == "Termination"


def test_apply_structure_maps_a_pdf_once_and_is_idempotent() -> None:
    raw = outline_doc()
    once = apply_structure(raw)
    assert once.sections == build_structure(raw)
    assert apply_structure(once).sections == once.sections
    assert apply_structure(once, ()).sections == once.sections


def test_markup_headings_nest_inside_outline_entries() -> None:
    text = "Part one\n\n# Alpha\n\n1. Scope\n\n1.1 Staff.\n"
    outline = (OutlineEntry(start=0, level=1, title="Part one", source="docx_style"),)
    raw = ParsedDocument(
        text=text,
        sections=sections_from_headings(text, [Heading(text.index("# Alpha"), text.index("# Alpha") + 7, 1, "Alpha")]),
        kind="docx",
        outline=outline,
    )
    assert paths(replace(raw, sections=build_structure(raw))) == [
        ("Part one",),
        ("Part one", "Alpha"),
        ("Part one", "Alpha", "1 Scope"),
        ("Part one", "Alpha", "1 Scope", "1.1"),
    ]


def test_text_outside_the_pages_is_not_read() -> None:
    text = "1. Scope\n\nText.\n\n2. Footer that repeats\n\f\n2. Scope again\n\nText.\n"
    footer = text.index("2. Footer")
    header_end = text.index("2. Scope again")
    doc = ParsedDocument(
        text=text, sections=(Section(0, len(text), (), 0, None),), pages=((0, footer), (header_end, len(text)))
    )
    assert paths(replace(doc, sections=build_structure(doc))) == [("1 Scope",), ("2 Scope again",)]


# ---------------------------------------------------------------------------------------------
# Structure patterns


def test_a_pattern_starts_a_section_below_the_innermost_heading_or_clause() -> None:
    doc = parse(
        "# Rulebook\n\n## 4 Attributes\n\nIntro.\n\n  AT-44 The creditor's name\n\nText.\n\nAT-45 Amount\n", "rb.md"
    )
    mapped = apply_structure(doc, [r"(?P<label>AT-\d{2,3})\b"])
    assert paths(mapped) == [
        ("Rulebook",),
        ("Rulebook", "4 Attributes"),
        ("Rulebook", "4 Attributes", "AT-44"),
        ("Rulebook", "4 Attributes", "AT-45"),
    ]
    assert_is_a_map(mapped)
    section = mapped.sections[-2]
    assert mapped.text[section.start : section.heading_end] == "  AT-44"


def test_a_pattern_without_a_label_group_is_labelled_by_the_whole_match() -> None:
    doc = parse("Runbook\n\nRB-001 Restart the queue\n\nSteps.\n", "rb.txt")
    assert paths(apply_structure(doc, [r"RB-\d{3} \w+"])) == [("RB-001 Restart",)]


def test_a_pattern_sees_only_the_first_200_characters_past_the_indent() -> None:
    doc = parse(f"Intro.\n\n{'x' * 195} TAG-1\n\n    {'y' * 194} TAG-2 ends at 200\n", "a.txt")
    # "TAG-1" ends at character 201 of its line; past its indent, "TAG-2" ends at character 200.
    assert paths(apply_structure(doc, [r"x+ TAG-\d", r"y+ (?P<label>TAG-\d)"])) == [("TAG-2",)]


def test_a_line_that_already_starts_a_section_gets_no_second_one() -> None:
    doc = parse("# AT-44 Creditor\n\nText.\n", "a.md")
    assert paths(apply_structure(doc, [r"# (?P<label>AT-\d+)"])) == [("AT-44 Creditor",)]


def raw_acme() -> ParsedDocument:
    """The contract as the Markdown parser hands it to build_structure: markup headings only."""
    _, text, _ = split_front_matter(ACME.read_text())
    return replace(acme(), sections=sections_from_headings(text, markdown_headings(text)))


def raw_rfc() -> tuple[ParsedDocument, ParsedDocument]:
    data = (FIXTURES / "rfc6455.txt").read_bytes()
    doc = parse(data.decode(), "rfc6455.txt")
    text = doc.text
    return doc, replace(doc, sections=sections_from_headings(text, text_headings(text, "txt")), pages=find_pages(text))


def test_patterns_added_to_a_mapped_document_give_the_map_built_with_them() -> None:
    patterns = [r"(?P<label>to the other party)", r"Late payments"]
    raw = raw_acme()
    built = build_structure(raw, patterns, verbatim=code_spans(raw.text))
    assert apply_structure(acme(), patterns).sections == built
    assert ("Master Services Agreement", "7 Termination", "7.2", "to the other party") in [s.path for s in built]
    assert ("Master Services Agreement", "4 Fees and payment", "4.2") in [s.path for s in built]  # a start already

    doc, raw = raw_rfc()
    patterns = [r"(?P<label>Sec-WebSocket-[A-Za-z]+)\b"]
    built = build_structure(raw, patterns)
    later = apply_structure(doc, patterns)
    assert later.sections == built
    assert len(later.sections) > len(doc.sections)
    assert_is_a_map(later)


def test_pattern_sections_do_not_move_any_other_section() -> None:
    doc = acme()
    mapped = apply_structure(doc, [r"(?P<label>to the other party)"])
    before = {(s.start, s.path) for s in doc.sections}
    after = {(s.start, s.path) for s in mapped.sections}
    assert before - after == set()
    assert len(after - before) == 1


def test_an_unsafe_pattern_is_skipped_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    doc = parse("Intro.\n\nAT-44 Name\n", "a.txt")
    with caplog.at_level(logging.WARNING):
        mapped = apply_structure(doc, [r"(\w+\s?)*AT", r"(?P<label>AT-\d+)"])
    assert paths(mapped) == [("AT-44",)]
    assert "unsafe_structure_pattern" in caplog.text


# ---------------------------------------------------------------------------------------------
# Invariants on the real documents


@pytest.mark.parametrize("name", ["rfc6455.txt", "pep-0008.rst", "pep-0604.rst", "runbook.md", "orders-openapi.yaml"])
def test_every_fixture_gets_a_well_formed_map(name: str) -> None:
    data = (FIXTURES / name).read_bytes()
    parser = parser_for(name)
    assert parser is not None
    assert_is_a_map(parser.parse(data, name))
