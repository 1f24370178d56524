"""A paginated RFC: pages at form feeds, running headers and footers kept out, clauses cite their pages.

The evidence the structure-map issue asks for: the chunks of RFC 6455 section 5.2 carry a clause
path ending in ``5.2 Base Framing Protocol``, cite the pages the RFC prints them on, and their line
ranges point at those lines of the file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.parsing.plaintext import PlainTextParser, find_pages
from stratakb_core.values import Chunk, ChunkConfig, ParsedDocument

RFC = Path(__file__).resolve().parent.parent / "fixtures" / "rfc6455.txt"
FOOTER = re.compile(r"^Fette & Melnikov +Standards Track +\[Page (\d+)\]$")
HEADER = "RFC 6455                 The WebSocket Protocol            December 2011"


@pytest.fixture(scope="module")
def rfc() -> tuple[list[str], ParsedDocument, list[Chunk]]:
    data = RFC.read_bytes()
    doc = PlainTextParser().parse(data, "rfc6455.txt")
    return data.decode().split("\n"), doc, chunk_document(doc, ChunkConfig())


def printed_page(file_lines: list[str], line: int) -> int:
    """The page the RFC prints a file line on: the [Page N] of the first footer at or below it."""
    for text in file_lines[line - 1 :]:
        found = FOOTER.match(text)
        if found:
            return int(found.group(1))
    raise AssertionError(f"no footer below line {line}")


def test_the_text_is_the_files_own(rfc: tuple[list[str], ParsedDocument, list[Chunk]]) -> None:
    file_lines, doc, _ = rfc
    assert doc.text == "\n".join(file_lines)
    assert doc.first_line == 1


def test_pages_follow_the_form_feeds_and_leave_running_heads_out(
    rfc: tuple[list[str], ParsedDocument, list[Chunk]],
) -> None:
    _, doc, _ = rfc
    assert doc.pages is not None
    assert len(doc.pages) == 71
    for number, (start, end) in enumerate(doc.pages, 1):
        page = doc.text[start:end]
        assert "\f" not in page
        assert "[Page" not in page
        assert HEADER not in page
        # What follows the page is its own footer (the last page's too).
        footer = doc.text[end:].lstrip("\n").split("\n", 1)[0]
        assert FOOTER.match(footer) and int(FOOTER.match(footer).group(1)) == number  # type: ignore[union-attr]


def test_section_5_2_chunks_carry_its_path_cite_its_pages_and_point_at_its_lines(
    rfc: tuple[list[str], ParsedDocument, list[Chunk]],
) -> None:
    file_lines, doc, chunks = rfc
    section = [c for c in chunks if c.section_path and c.section_path[-1].startswith("5.2 ")]
    assert len(section) > 5
    assert {c.clause_path for c in section} == {"5 Data Framing > 5.2 Base Framing Protocol"}
    assert section[0].text.startswith("5.2.  Base Framing Protocol")
    # Section 5.2 runs from page 28 to page 32, as the RFC's table of contents says (5.3 is on 32).
    assert sorted({c.page for c in section}) == [28, 29, 30, 31, 32]
    for chunk in section:
        assert chunk.page == printed_page(file_lines, chunk.line_start) == printed_page(file_lines, chunk.line_end)
        cited = "\n".join(file_lines[chunk.line_start - 1 : chunk.line_end])
        assert cited.count(chunk.text) == 1
        first, last = chunk.text.split("\n")[0], chunk.text.split("\n")[-1]
        assert first in file_lines[chunk.line_start - 1]
        assert last in file_lines[chunk.line_end - 1]


def test_no_chunk_holds_a_running_head_or_a_page_break(rfc: tuple[list[str], ParsedDocument, list[Chunk]]) -> None:
    _, doc, chunks = rfc
    for chunk in chunks:
        assert "\f" not in chunk.text
        assert "[Page " not in chunk.text
        assert HEADER not in chunk.text
        assert chunk.page is not None


def test_a_section_that_runs_over_a_page_break_is_cut_there(rfc: tuple[list[str], ParsedDocument, list[Chunk]]) -> None:
    _, doc, chunks = rfc
    # 5.2 starts on page 28 and the text of 5.2 continues on page 29: no chunk spans both.
    for chunk in chunks:
        assert doc.pages is not None
        start, end = doc.pages[(chunk.page or 1) - 1]
        assert start <= chunk.start and chunk.end <= end


def test_running_heads_start_no_section(rfc: tuple[list[str], ParsedDocument, list[Chunk]]) -> None:
    _, doc, _ = rfc
    for section in doc.sections:
        assert not any("Fette" in part or "December 2011" in part for part in section.path)


# ---------------------------------------------------------------------------------------------
# find_pages on small texts


def paged(pages: list[str], header: str = "DOC 1  Title  2026", footer: str = "Author  Draft  [Page {n}]") -> str:
    parts = []
    for n, body in enumerate(pages, 1):
        head = "" if n == 1 else header + "\n\n"
        parts.append(head + body + "\n\n" + footer.format(n=n) + "\n")
    return "\f\n".join(parts)


def test_find_pages_without_form_feeds_is_none() -> None:
    assert find_pages("no pages here\n") is None


def test_find_pages_drops_repeated_headers_and_footers() -> None:
    text = paged(["one", "two", "three"])
    pages = find_pages(text)
    assert pages is not None
    assert [text[a:b].strip() for a, b in pages] == ["one", "two", "three"]


def test_lines_that_do_not_repeat_stay_in_the_pages() -> None:
    text = "intro\nclosing words\n\fA different first line\nbody\nlast words\n\fyet another\nend\n"
    pages = find_pages(text)
    assert pages is not None
    assert [text[a:b] for a, b in pages] == [
        "intro\nclosing words\n",
        "A different first line\nbody\nlast words\n",
        "yet another\nend\n",
    ]


def test_a_trailing_form_feed_makes_no_empty_page() -> None:
    text = paged(["one", "two"]) + "\f\n"
    pages = find_pages(text)
    assert pages is not None and len(pages) == 2


def test_a_form_feed_inside_a_line_breaks_the_page_there() -> None:
    text = "first page\n\fsecond page\n"
    assert find_pages(text) == ((0, 11), (12, len(text)))
