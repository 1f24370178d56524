"""Markdown parsing: headings, code, front matter, sections; and the parser registry."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing import Parser, parser_for, supported_extensions
from stratakb_core.ingest.parsing.frontmatter import document_date, split_front_matter
from stratakb_core.ingest.parsing.markdown import MarkdownParser, find_headings
from stratakb_core.values import ParsedDocument

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def parse(source: str) -> ParsedDocument:
    return MarkdownParser().parse(source.encode(), "doc.md")


def headings(source: str) -> list[tuple[int, str]]:
    return [(h.level, h.text) for h in find_headings(source)]


def paths(doc: ParsedDocument) -> list[tuple[str, ...]]:
    return [s.path for s in doc.sections]


# ---------------------------------------------------------------------------------------------
# Registry


def test_parser_for_picks_markdown_by_lower_cased_extension() -> None:
    assert isinstance(parser_for("docs/Guide.MD"), MarkdownParser)
    assert isinstance(parser_for("notes.markdown"), MarkdownParser)


def test_parser_for_unknown_or_missing_extension_is_none() -> None:
    assert parser_for("image.webp") is None
    assert parser_for("Makefile") is None
    assert parser_for(".md") is None  # a hidden file named .md has no extension


def test_supported_extensions_lists_every_registered_extension() -> None:
    assert {".md", ".markdown", ".txt", ".rst", ".adoc"} <= supported_extensions()
    for ext in supported_extensions():
        parser = parser_for(f"file{ext}")
        assert isinstance(parser, Parser)
        assert ext in parser.extensions


# ---------------------------------------------------------------------------------------------
# ATX headings


def test_atx_headings_of_every_level() -> None:
    source = "\n".join(f"{'#' * n} Level {n}" for n in range(1, 7))
    assert headings(source) == [(n, f"Level {n}") for n in range(1, 7)]


def test_seven_hashes_or_no_space_is_not_a_heading() -> None:
    assert headings("####### Seven\n\n#hashtag\n\n#5 issue\n") == []


def test_closing_hashes_are_stripped() -> None:
    assert headings("## Install ##\n\n# C#\n\n### ###\n") == [(2, "Install"), (1, "C#")]


def test_up_to_three_spaces_of_indent_is_still_a_heading() -> None:
    assert headings(" # One\n\n  ## Two\n\n   ### Three\n") == [(1, "One"), (2, "Two"), (3, "Three")]


def test_four_spaces_or_a_tab_of_indent_is_code_not_a_heading() -> None:
    assert headings("Text\n\n    # comment in code\n\n\t# tab code\n") == []


# ---------------------------------------------------------------------------------------------
# Fenced code


def test_hash_lines_in_fenced_code_are_not_headings() -> None:
    source = "# Real\n\n```python\n# a comment\n## another\n```\n\n~~~\n# tilde fence\n~~~\n\n## After\n"
    assert headings(source) == [(1, "Real"), (2, "After")]


def test_fence_closes_only_with_same_char_and_at_least_its_length() -> None:
    source = "````\n```\n# still code\n~~~~\n# still code\n````\n# Out\n"
    assert headings(source) == [(1, "Out")]


def test_unclosed_fence_runs_to_the_end() -> None:
    assert headings("# Top\n```\n# code\n") == [(1, "Top")]


def test_backtick_fence_info_with_backtick_is_not_a_fence() -> None:
    assert headings("``` a`b\n# Heading\n") == [(1, "Heading")]


# ---------------------------------------------------------------------------------------------
# Setext headings and thematic breaks


def test_setext_headings() -> None:
    assert headings("Title\n=====\n\nPart\n---\n") == [(1, "Title"), (2, "Part")]


def test_setext_heading_of_several_lines_joins_them() -> None:
    found = find_headings("A long\ntitle\n===\n")
    assert [(h.level, h.text, h.start) for h in found] == [(1, "A long title", 0)]


def test_dashes_after_a_blank_line_are_a_thematic_break() -> None:
    doc = parse("# Top\n\nText\n\n---\n\nMore text\n")
    assert paths(doc) == [("Top",)]


def test_dashes_under_a_list_item_are_a_thematic_break() -> None:
    assert headings("- item\n---\n\n> quote\n---\n") == []


def test_thematic_break_with_stars_is_never_a_heading() -> None:
    assert headings("Text\n***\n") == []


# ---------------------------------------------------------------------------------------------
# Sections


def test_sections_cover_the_text_contiguously_and_hold_their_heading() -> None:
    source = "Intro line\n\n# A\n\nText a\n\n## B\n\nText b\n\n# C\n"
    doc = parse(source)
    assert doc.text == source
    assert doc.sections[0].start == 0
    assert doc.sections[-1].end == len(source)
    for before, after in zip(doc.sections, doc.sections[1:], strict=False):
        assert before.end == after.start
    assert paths(doc) == [(), ("A",), ("A", "B"), ("C",)]
    for section in doc.sections[1:]:
        body = doc.text[section.start : section.end]
        assert body.startswith("#")
        assert body.count(f" {section.heading}\n") == 1


def test_preamble_is_a_section_with_empty_path() -> None:
    doc = parse("Before\n# H\n")
    assert doc.sections[0].path == ()
    assert doc.sections[0].heading is None
    assert doc.text[: doc.sections[0].end] == "Before\n"


def test_no_preamble_section_when_text_starts_with_a_heading() -> None:
    assert paths(parse("# H\ntext\n")) == [("H",)]


def test_document_without_headings_is_one_section() -> None:
    doc = parse("just text\n")
    assert [(s.start, s.end, s.path) for s in doc.sections] == [(0, 10, ())]


def test_deeper_heading_nests_in_the_nearest_shallower_one() -> None:
    doc = parse("# A\n### A3\n## B\n#### B4\n# C\n")
    assert paths(doc) == [("A",), ("A", "A3"), ("A", "B"), ("A", "B", "B4"), ("C",)]


def test_heading_end_marks_the_end_of_the_heading_lines() -> None:
    doc = parse("Title\n=====\nbody\n")
    section = doc.sections[0]
    assert doc.text[section.start : section.heading_end] == "Title\n====="


# ---------------------------------------------------------------------------------------------
# Front matter and dates


def test_front_matter_is_left_out_and_read() -> None:
    source = "---\ntitle: Guide\ndate: 2025-03-01\nsupersedes: old/guide.md\n---\n# Guide\n"
    doc = parse(source)
    assert doc.text == "# Guide\n"
    assert doc.first_line == 6
    assert doc.front_matter == {"title": "Guide", "date": "2025-03-01", "supersedes": "old/guide.md"}
    assert doc.date == "2025-03-01"
    assert doc.supersedes == "old/guide.md"


def test_updated_wins_over_date() -> None:
    doc = parse("---\ndate: 2025-03-01\nupdated: 2026-01-02\n---\ntext\n")
    assert doc.date == "2026-01-02"


@pytest.mark.parametrize(
    "value",
    ["2026-01-02 10:30", "2026-01-02T10:30:00Z", "2026-01-02 10:30:00 +02:00", "'2026-01-02'"],
)
def test_a_date_may_be_followed_by_a_time(value: str) -> None:
    assert parse(f"---\nupdated: {value}\n---\ntext\n").date == "2026-01-02"


def test_date_and_datetime_objects_are_read() -> None:
    import datetime as dt

    assert document_date({"updated": dt.datetime(2026, 1, 2, 23, 59)}) == "2026-01-02"
    assert document_date({"date": dt.date(2025, 12, 31)}) == "2025-12-31"


@pytest.mark.parametrize(
    "value", ["2026-02-30", "soon", "2026-13-01", "2026-01-02 25:00", "20260102", "[2026-01-02]"]
)
def test_a_value_that_is_not_a_real_date_is_ignored(value: str) -> None:
    doc = parse(f"---\nupdated: {value}\ntitle: kept\n---\ntext\n")
    assert doc.date is None
    assert doc.text == "text\n"  # the block still counts as front matter
    assert doc.front_matter["title"] == "kept"


def test_invalid_updated_falls_back_to_date() -> None:
    assert parse("---\nupdated: 2026-02-30\ndate: 2025-05-05\n---\ntext\n").date == "2025-05-05"


def test_supersedes_must_be_a_string() -> None:
    assert parse("---\nsupersedes: [a.md, b.md]\n---\ntext\n").supersedes is None
    assert parse("---\nsupersedes: 12\n---\ntext\n").supersedes is None


def test_front_matter_may_close_with_dots() -> None:
    doc = parse("---\nupdated: 2026-01-02\n...\ntext\n")
    assert (doc.text, doc.date, doc.first_line) == ("text\n", "2026-01-02", 4)


@pytest.mark.parametrize(
    "source",
    [
        "---\njust a sentence\n---\ntext\n",  # not a mapping
        "---\n- a\n- b\n---\ntext\n",  # a list
        "---\nkey: [unclosed\n---\ntext\n",  # not YAML
        "---\n# Heading between breaks\n---\ntext\n",  # comments only: thematic breaks and a heading
        "----\nkey: value\n---\ntext\n",  # four dashes do not open front matter
        "text\n---\nkey: value\n---\n",  # not leading
    ],
)
def test_a_block_that_is_not_front_matter_stays_in_the_text(source: str) -> None:
    doc = parse(source)
    assert doc.text == source
    assert doc.first_line == 1
    assert doc.front_matter == {}


def test_empty_front_matter_block_is_removed() -> None:
    doc = parse("---\n---\ntext\n")
    assert (doc.text, doc.first_line, doc.front_matter) == ("text\n", 3, {})


def test_front_matter_values_are_json_safe() -> None:
    front_matter, _, _ = split_front_matter("---\n1: one\nnull: x\nratio: .inf\nwhen: 2026-01-02\n---\n")
    assert front_matter == {"1": "one", "null": "x", "ratio": "inf", "when": "2026-01-02"}


def test_alias_bomb_in_front_matter_is_a_parse_error() -> None:
    lines = ["---", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 8)]
    lines += ["---", "text"]
    with pytest.raises(ParseError, match="front matter"):
        parse("\n".join(lines))


# ---------------------------------------------------------------------------------------------
# No text


@pytest.mark.parametrize(
    "source", ["", "   \n\t\n", "---\ntitle: only metadata\n---\n", "---\na: 1\n---\n\n  \n"]
)
def test_empty_or_whitespace_document_has_no_text(source: str) -> None:
    with pytest.raises(NoTextError):
        parse(source)


def test_binary_markdown_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="binary"):
        MarkdownParser().parse(b"# Title\x00", "doc.md")


# ---------------------------------------------------------------------------------------------
# The fixture file


def test_fixture_sections_and_front_matter() -> None:
    data = (FIXTURES / "runbook.md").read_bytes()
    doc = MarkdownParser().parse(data, "runbook.md")
    assert doc.kind == "markdown"
    assert doc.date == "2026-01-15"
    assert doc.supersedes == "failover-2024.md"
    assert doc.front_matter["tags"] == ["ops", "database"]
    assert paths(doc) == [
        (),
        ("Failover runbook",),
        ("Failover runbook", "1 Preparation"),
        ("Failover runbook", "2 Promotion"),
        ("Failover runbook", "2 Promotion", "2.1 Promote the replica"),
        ("Failover runbook", "Point the application at the new primary"),
        ("7 Termination",),
        ("7 Termination", "7.1 Closing the incident"),
        ("Rollback ##",),
    ]


def test_fixture_heading_offsets_map_to_the_file_lines() -> None:
    data = (FIXTURES / "runbook.md").read_bytes()
    file_lines = data.decode().split("\n")
    doc = MarkdownParser().parse(data, "runbook.md")
    for section in doc.sections[1:]:
        line = doc.first_line + doc.text.count("\n", 0, section.start)
        assert section.heading is not None
        assert section.heading in file_lines[line - 1]
