"""HTML: a page reduced to its text on the file's own lines, headings and title as its structure."""

from __future__ import annotations

import time

import pytest

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.parsing import parser_for
from stratakb_core.ingest.parsing.html import HtmlParser, extract_html
from stratakb_core.values import ChunkConfig, ParsedDocument

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Acme &amp; Globex
    Agreement</title>
  <style>h1 { color: red } /* <h1>not a heading</h1> */</style>
  <script>
    const s = "<p>not text</p>";
  </script>
</head>
<body>
<svg viewBox="0 0 10 10"><title>Acme logo</title><text>ACME</text></svg>
<h1>Master Services Agreement</h1>
<p>This agreement is made between Acme Ltd and Globex GmbH.</p>
<h2>7 Termination</h2>
<p>7.1 This agreement runs for an initial term of 24 months.</p>
<p>7.2 Either party may end this agreement with ninety (90) days'
   written notice.</p><p>Notices are sent by email.</p>
<!-- a comment
     over two lines -->
<h2>Notes&#10;and annexes</h2>
<pre>  keep   this
    spacing</pre>
<ol><li>First step</li><li>Second step</li></ol>
</body>
</html>
"""


def parse(source: str) -> ParsedDocument:
    return HtmlParser().parse(source.encode(), "page.html")


def test_registry_routes_html_and_htm() -> None:
    assert isinstance(parser_for("a.html"), HtmlParser)
    assert isinstance(parser_for("b.HTM"), HtmlParser)


def test_every_text_line_sits_on_its_file_line() -> None:
    doc = parse(PAGE)
    file_lines = PAGE.split("\n")
    text_lines = doc.text.split("\n")
    assert len(text_lines) == len(file_lines)
    assert text_lines[13] == "Master Services Agreement"
    assert file_lines[13] == "<h1>Master Services Agreement</h1>"
    for text_line, file_line in zip(text_lines, file_lines, strict=True):
        for word in text_line.split():
            if word.isalpha():
                assert word in file_line


def test_markup_scripts_styles_and_comments_leave_no_text() -> None:
    doc = parse(PAGE)
    for absent in ("<", "color: red", "not text", "not a heading", "a comment", "charset"):
        assert absent not in doc.text


def test_spacing_collapses_except_in_pre_and_blocks_on_one_line_get_a_space() -> None:
    lines = parse(PAGE).text.split("\n")
    assert lines[17] == "7.2 Either party may end this agreement with ninety (90) days'"
    assert lines[18] == "written notice. Notices are sent by email."
    assert lines[22:24] == ["  keep   this", "    spacing"]


def test_the_first_title_outside_svg_names_the_path_and_is_not_in_the_text() -> None:
    doc = parse(PAGE)
    assert "Acme & Globex Agreement" not in doc.text
    assert "Acme logo" in doc.text  # an SVG's title stays in the text
    assert all(s.path[0] == "Acme & Globex Agreement" for s in doc.sections)
    assert [s.path for s in doc.sections if s.heading is not None] == [
        ("Acme & Globex Agreement", "Master Services Agreement"),
        ("Acme & Globex Agreement", "Master Services Agreement", "7 Termination"),
        ("Acme & Globex Agreement", "Master Services Agreement", "7 Termination", "7.1"),
        ("Acme & Globex Agreement", "Master Services Agreement", "7 Termination", "7.2"),
        ("Acme & Globex Agreement", "Master Services Agreement", "Notes and annexes"),
    ]


def test_a_character_reference_for_a_line_break_adds_no_line() -> None:
    text, headings, _ = extract_html("<h2>Notes&#10;and&NewLine;annexes</h2>\n<p>x</p>")
    assert text == "Notes and annexes\nx"
    assert [h.text for h in headings] == ["Notes and annexes"]


def test_chunks_cite_the_html_files_lines() -> None:
    doc = parse(PAGE)
    file_lines = PAGE.split("\n")
    chunk = next(c for c in chunk_document(doc, ChunkConfig()) if "ninety (90)" in c.text)
    assert chunk.clause_path == "Acme & Globex Agreement > Master Services Agreement > 7 Termination > 7.2"
    assert (chunk.line_start, chunk.line_end) == (18, 19)
    assert "7.2 Either party" in file_lines[chunk.line_start - 1]


def test_a_page_without_a_title_has_paths_from_its_headings() -> None:
    doc = parse("<h1>Guide</h1><p>Text.</p><h2>Install</h2><p>Steps.</p>")
    assert [s.path for s in doc.sections] == [("Guide",), ("Guide", "Install")]


def test_an_empty_title_leaves_the_name_to_the_next_one() -> None:
    _, _, title = extract_html("<title> </title><title>Real</title><p>x</p>")
    assert title == "Real"


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("a < b and c > d", "a < b and c > d"),  # "<" before a space is text
        ("<p>x</p><p", "x"),  # a tag cut off by the end of the file is dropped
        ("x</>y", "xy"),
        ("<![CDATA[data]]>x", "x"),
        ("<?php echo 1 ?>x", "x"),
        ("<template><p>hidden</p></template>shown", "shown"),
        ("<noscript>enable JS</noscript>shown", "shown"),
        ("<SCRIPT>x</script >shown", "shown"),
        ("&amp &lt; &#65; &#x42; &bogus;", "& < A B &bogus;"),
    ],
)
def test_odd_markup(source: str, text: str) -> None:
    assert extract_html(source)[0] == text


def test_a_page_with_no_text_is_no_text() -> None:
    with pytest.raises(NoTextError):
        parse("<html><head><title>Only a title</title></head><body> </body></html>")


@pytest.mark.parametrize(
    "source",
    [
        "<a " * 60_000,  # html.parser takes minutes on this
        '<a b="' * 30_000,
        "<!--" * 50_000,
        "<script>" * 25_000,
        "<title>" * 25_000,
        "<" * 200_000,
        "</" * 100_000,
        "<b>x</b>" * 25_000,
    ],
)
def test_hostile_markup_takes_linear_time(source: str) -> None:
    started = time.perf_counter()
    try:
        parse(source)
    except NoTextError:
        pass
    assert time.perf_counter() - started < 1.0


def test_a_10_mb_line_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="longer than"):
        parse("<p>" + "x" * 10_000_000 + "</p>")
