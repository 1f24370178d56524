"""Format parsers: the Parser protocol, the registry by file extension, and shared helpers (no I/O).

A parser turns one file's bytes into a ParsedDocument: the document's own text plus the sections
its headings mark. Parsers receive bytes, so reading the file stays with the caller. Adding a
format is one class with ``kind``, ``extensions`` and ``parse`` plus one line in ``_registry``.

Parsers raise ParseError for input they reject and NoTextError for a document with no text
(empty, or whitespace only once front matter is left out).
"""

from __future__ import annotations

import functools
import posixpath
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from stratakb_core.errors import NoTextError
from stratakb_core.ingest.parsing.decode import decode_text
from stratakb_core.ingest.parsing.frontmatter import document_date, split_front_matter, supersedes_value
from stratakb_core.ingest.structure import build_structure
from stratakb_core.values import ParsedDocument, Section

__all__ = [
    "Heading",
    "Parser",
    "parse_text_document",
    "parser_for",
    "sections_from_headings",
    "supported_extensions",
]


@runtime_checkable
class Parser(Protocol):
    """Turns one file's bytes into a ParsedDocument."""

    kind: str  # stored as ParsedDocument.kind: "markdown", "text", ...
    extensions: tuple[str, ...]  # lower case, with the dot: (".md", ".markdown")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        """Parse data, the bytes of the file at rel_path (relative to its folder, POSIX)."""
        ...


@dataclass(frozen=True)
class Heading:
    """A heading found in a text: where its line(s) start and end, its depth and its words."""

    start: int  # offset of the heading's first line (an RST overline, a setext title)
    end: int  # offset just past its last line (the underline), before the newline
    level: int  # 1 is the outermost
    text: str  # without markup


def parser_for(rel_path: str) -> Parser | None:
    """The parser for a file, chosen by its lower-cased extension; None when no parser reads it."""
    return _registry().get(_extension(rel_path))


def supported_extensions() -> frozenset[str]:
    """Every extension some parser reads, lower case with the dot (".md")."""
    return frozenset(_registry())


@functools.cache
def _registry() -> dict[str, Parser]:
    # Imported here rather than at the top: the format modules import this package's helpers, and
    # a format whose library is slow to import should cost nothing until a file of its kind shows up.
    from stratakb_core.ingest.parsing.docx_parser import DocxParser
    from stratakb_core.ingest.parsing.html import HtmlParser
    from stratakb_core.ingest.parsing.markdown import MarkdownParser
    from stratakb_core.ingest.parsing.pdf import PdfParser
    from stratakb_core.ingest.parsing.plaintext import PlainTextParser
    from stratakb_core.ingest.parsing.sheets import CsvParser, LegacyWorkbookParser, XlsxParser
    from stratakb_core.ingest.parsing.structured import JsonParser, XmlParser, XsdParser, YamlParser

    parsers: tuple[Parser, ...] = (
        MarkdownParser(),
        PlainTextParser(),
        PdfParser(),
        DocxParser(),
        CsvParser(),
        XlsxParser(),
        LegacyWorkbookParser(),
        HtmlParser(),
        JsonParser(),
        XmlParser(),
        XsdParser(),
        YamlParser(),
    )
    registry: dict[str, Parser] = {}
    for parser in parsers:
        for ext in parser.extensions:
            if ext in registry:
                raise RuntimeError(f"two parsers claim {ext}: {registry[ext].kind} and {parser.kind}")
            registry[ext] = parser
    return registry


def _extension(rel_path: str) -> str:
    name = posixpath.basename(rel_path.replace("\\", "/"))
    root, ext = posixpath.splitext(name)
    # A hidden file named ".md" has no extension, as os.path sees it.
    return ext.lower() if root else ""


def sections_from_headings(text: str, headings: Sequence[Heading]) -> tuple[Section, ...]:
    """Sections covering text contiguously: each heading runs to the next one of any level.

    A heading's path is the chain of open headings above it: a deeper heading nests in the
    nearest shallower one before it. Text before the first heading is a section with an empty
    path.
    """
    sections: list[Section] = []
    first = headings[0].start if headings else len(text)
    if first > 0 or not headings:
        sections.append(Section(start=0, end=first, path=(), level=0, heading=None))
    open_: list[tuple[int, str]] = []
    for i, heading in enumerate(headings):
        end = headings[i + 1].start if i + 1 < len(headings) else len(text)
        while open_ and open_[-1][0] >= heading.level:
            open_.pop()
        open_.append((heading.level, heading.text))
        sections.append(
            Section(
                start=heading.start,
                end=end,
                path=tuple(words for _, words in open_),
                level=heading.level,
                heading=heading.text,
                heading_end=heading.end,
            )
        )
    return tuple(sections)


def parse_text_document(
    data: bytes,
    *,
    kind: str,
    find_headings: Callable[[str], Sequence[Heading]],
    find_verbatim: Callable[[str], Sequence[tuple[int, int]]] | None = None,
    find_pages: Callable[[str], tuple[tuple[int, int], ...] | None] | None = None,
    ordered_lists: bool = False,
) -> ParsedDocument:
    """The common path of the text formats: decode, cut front matter, find headings, map the structure.

    find_headings finds the markup's headings; find_verbatim the code blocks where no numbered
    clause is looked for; find_pages the page spans, when the text has pages. ordered_lists: a
    run of ``1.`` ``2.`` lines without subclauses is a list, not clauses (see ``structure``).
    """
    front_matter, text, lines_removed = split_front_matter(decode_text(data))
    if not text.strip():
        raise NoTextError("the file has no text")
    doc = ParsedDocument(
        text=text,
        sections=sections_from_headings(text, find_headings(text)),
        first_line=1 + lines_removed,
        pages=find_pages(text) if find_pages is not None else None,
        front_matter=front_matter,
        date=document_date(front_matter),
        supersedes=supersedes_value(front_matter),
        kind=kind,
    )
    verbatim = find_verbatim(text) if find_verbatim is not None else ()
    return replace(doc, sections=build_structure(doc, ordered_lists=ordered_lists, verbatim=verbatim))
