"""Plain-text parsing: reStructuredText, AsciiDoc and numbered .txt headings, on real PEPs too."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratakb_core.errors import NoTextError
from stratakb_core.ingest.parsing import parser_for
from stratakb_core.ingest.parsing.plaintext import PlainTextParser, TextFlavor, find_headings
from stratakb_core.values import ParsedDocument

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def headings(source: str, kind: TextFlavor) -> list[tuple[int, str]]:
    return [(h.level, h.text) for h in find_headings(source, kind)]


def parse(source: str, name: str) -> ParsedDocument:
    return PlainTextParser().parse(source.encode(), name)


def test_registry_routes_txt_rst_adoc_to_the_plain_text_parser() -> None:
    for name in ("a.txt", "b.RST", "c.adoc"):
        assert isinstance(parser_for(name), PlainTextParser)


# ---------------------------------------------------------------------------------------------
# reStructuredText


def test_rst_levels_follow_first_appearance_of_each_style() -> None:
    source = "Top\n~~~\n\nSub\n***\n\nTop two\n~~~~~~~\n\nSub two\n*******\n"
    assert headings(source, "rst") == [(1, "Top"), (2, "Sub"), (1, "Top two"), (2, "Sub two")]


def test_rst_overline_and_underline_is_its_own_style() -> None:
    source = "=====\n Doc\n=====\n\nPart\n====\n\nMore\n====\n"
    assert headings(source, "rst") == [(1, "Doc"), (2, "Part"), (2, "More")]


def test_rst_underline_shorter_than_title_is_not_a_heading() -> None:
    assert headings("A long title\n====\n", "rst") == []


def test_rst_indented_title_or_paragraph_continuation_is_not_a_heading() -> None:
    assert headings("  Quoted\n  ======\n\nline one\nline two\n========\n", "rst") == []


def test_rst_transition_is_not_a_heading() -> None:
    assert headings("Para.\n\n----------\n\nNext para.\n", "rst") == []


def test_rst_literal_block_marker_is_not_an_underline() -> None:
    assert headings("Ex\n::\n\n    code\n", "rst") == []


def test_rst_numbered_list_is_not_a_heading() -> None:
    assert headings("Steps\n=====\n\n1. Install it\n\n2. Run it\n", "rst") == [(1, "Steps")]


def test_rst_front_matter_is_read() -> None:
    doc = parse("---\nupdated: 2026-04-01\n---\nTitle\n=====\n", "page.rst")
    assert (doc.date, doc.first_line, doc.text) == ("2026-04-01", 4, "Title\n=====\n")


# ---------------------------------------------------------------------------------------------
# The PEP fixtures


def test_pep_20_sections() -> None:
    data = (FIXTURES / "pep-0020.rst").read_bytes()
    doc = PlainTextParser().parse(data, "pep-0020.rst")
    assert doc.kind == "text"
    assert [s.path for s in doc.sections] == [
        (),
        ("Abstract",),
        ("The Zen of Python",),
        ("Easter Egg",),
        ("References",),
        ("Copyright",),
    ]
    assert doc.text[: doc.sections[0].end].startswith("PEP: 20\nTitle: The Zen of Python\n")


def test_pep_604_nests_subsections() -> None:
    doc = PlainTextParser().parse((FIXTURES / "pep-0604.rst").read_bytes(), "pep-0604.rst")
    assert ("Specification", "Simplified Syntax") in [s.path for s in doc.sections]
    assert all(len(s.path) <= 2 for s in doc.sections)


@pytest.mark.parametrize("name", ["pep-0020.rst", "pep-0604.rst"])
def test_pep_heading_lines_match_the_file(name: str) -> None:
    data = (FIXTURES / name).read_bytes()
    file_lines = data.decode().split("\n")
    doc = PlainTextParser().parse(data, name)
    assert doc.text == data.decode()
    for section in doc.sections[1:]:
        line = doc.first_line + doc.text.count("\n", 0, section.start)
        assert file_lines[line - 1] == section.heading
        assert set(file_lines[line].strip()) <= set("=-~^'\"*#+`")


# ---------------------------------------------------------------------------------------------
# AsciiDoc


def test_asciidoc_equals_headings_and_levels() -> None:
    source = "= Guide\n:toc:\n\n== Install\n\n=== Linux ===\n\n# Markdown style\n"
    assert headings(source, "adoc") == [(1, "Guide"), (2, "Install"), (3, "Linux"), (1, "Markdown style")]


def test_asciidoc_heading_lines_inside_delimited_blocks_are_not_headings() -> None:
    source = (
        "== Real\n\n[source]\n----\n== in listing\n====\n----\n\n....\n== literal\n....\n\n"
        "====\n== in example\n----\n== nested listing\n----\n====\n\n```\n== fenced\n```\n\n== After\n"
    )
    assert headings(source, "adoc") == [(2, "Real"), (2, "After")]


def test_asciidoc_two_line_titles() -> None:
    source = "Guide\n=====\n\nInstall\n-------\n\nLinux\n~~~~~\n"
    assert headings(source, "adoc") == [(1, "Guide"), (2, "Install"), (3, "Linux")]


def test_asciidoc_listing_delimiter_under_a_paragraph_line_is_not_a_title() -> None:
    source = "Run this command:\n----\n== not a title\n----\n"
    assert headings(source, "adoc") == []


def test_asciidoc_heading_needs_a_blank_line_or_block_attribute_before_it() -> None:
    assert headings("Some text\n== Not a title\n\n[[anchor]]\n== Title\n", "adoc") == [(2, "Title")]


# ---------------------------------------------------------------------------------------------
# Numbered and keyword headings in .txt: the structure map finds them (stratakb_core.ingest.structure)


def paths(source: str, name: str = "spec.txt") -> list[tuple[str, ...]]:
    return [s.path for s in parse(source, name).sections if s.path]


def test_txt_numbered_headings_nest_by_their_numbering() -> None:
    # 4.3.2 does not continue 1.1, so it is not a heading (a cross-reference, a stray number).
    source = "Preamble.\n\n1. Introduction\n\nText.\n\n1.1. Scope\n\nText.\n\n4.3.2 Detail\n\n2 Terms\n"
    assert paths(source) == [("1 Introduction",), ("1 Introduction", "1.1 Scope"), ("2 Terms",)]


def test_txt_heading_whitespace_is_collapsed_and_the_numbers_dot_dropped() -> None:
    assert paths("1.  Introduction\n") == [("1 Introduction",)]


def test_find_headings_leaves_numbered_lines_to_the_structure_map() -> None:
    assert headings("1. Introduction\n\nArticle 12\n", "txt") == []


def test_txt_keyword_headings_nest_by_their_keyword() -> None:
    source = "Article 12\n\nText.\n\nSection 3 - Scope\n\nAnnex II\n\nCHAPTER IV\n\nAppendix A.1. Examples\n"
    assert paths(source) == [
        ("Article 12",),
        ("Section 3 - Scope",),
        ("Annex II",),
        ("Annex II", "CHAPTER IV"),
        ("Annex II", "Appendix A.1. Examples"),
    ]


def test_txt_numbers_that_start_afresh_nest_under_a_keyword_heading() -> None:
    source = (
        "1. Scope\n\nText.\n\n2. Terms\n\nAnnex I\n\n1. Annex scope\n\n2. Annex terms\n\n"
        "Appendix C\n\n3. References\n"
    )
    assert paths(source) == [
        ("1 Scope",),
        ("2 Terms",),
        ("Annex I",),
        ("Annex I", "1 Annex scope"),
        ("Annex I", "2 Annex terms"),
        ("Appendix C",),
        ("3 References",),  # carries on the body's numbering, back at the top
    ]


@pytest.mark.parametrize(
    "source",
    [
        "Text\n1. Introduction\n",  # no blank line, heading or sentence end before it
        "\n1. install the package\n",  # starts like a sentence
        "\nSection 3 describes the format.\n",
        "\nSection 3 of this document\n",
        "\n100 Main Street\n",
        "\n12.03.24 Meeting\n",  # a date
        "\n2024 Annual report\n",
        "\n1.5 million people signed\n",  # an amount
        "\n1. Introduction ............ 4\n",  # table of contents
        "\n   1. Introduction\n",  # indented
        "\n7. References\n",  # does not start a numbering (and continues none)
    ],
)
def test_txt_lines_that_are_not_headings(source: str) -> None:
    assert paths(source) == []


def test_txt_numbered_paragraph_is_a_clause_labelled_by_its_number() -> None:
    # Changed with the structure map: an RFC 2119-style numbered paragraph is a clause of its own.
    source = '\n1. MUST   This word, or the terms "REQUIRED", mean that the\n   definition is absolute.\n'
    doc = parse(source, "rfc.txt")
    assert [s.path for s in doc.sections if s.path] == [("1",)]
    clause = doc.sections[-1]
    assert doc.text[clause.start : clause.heading_end] == "1."


def test_txt_also_reads_underlined_titles() -> None:
    assert headings("Overview\n========\n\n1. Scope\n", "txt") == [(1, "Overview")]
    assert paths("Overview\n========\n\n1. Scope\n") == [("Overview",), ("Overview", "1 Scope")]


def test_numbered_lines_are_not_headings_in_rst_or_adoc() -> None:
    assert headings("1. Introduction\n", "rst") == []
    assert headings("1. Introduction\n", "adoc") == []
    # A run of 1. 2. with no subclause is an ordered list in reStructuredText and AsciiDoc.
    assert paths("1. Install it\n\n2. Run it\n", "steps.rst") == []
    assert paths("1. Install it\n\n2. Run it\n", "steps.adoc") == []


def test_txt_front_matter_is_read() -> None:
    doc = parse("---\ndate: 2024-07-01\nsupersedes: v1.txt\n---\n1. Scope\n", "spec.txt")
    assert (doc.date, doc.supersedes, doc.first_line) == ("2024-07-01", "v1.txt", 5)
    assert [s.path for s in doc.sections] == [("1 Scope",)]


def test_whitespace_only_text_file_has_no_text() -> None:
    with pytest.raises(NoTextError):
        parse(" \r\n\t\r\n", "empty.txt")
