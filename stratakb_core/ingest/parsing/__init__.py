"""Format parsers: the Parser protocol and the registry by file extension (no I/O).

A parser turns one file's bytes into a ParsedDocument: the document's own text plus the sections
its headings mark. Parsers receive bytes, so reading the file stays with the caller. Adding a
format is one class with ``kind``, ``extensions`` and ``parse`` plus one line in ``_registry``.
The helpers the formats share live in their own modules (``headings``: a heading and the
sections headings mark; ``text_document``: the common path of the text formats), so the
formats never import this package and this package imports them only in ``_registry``.

Parsers raise ParseError for input they reject and NoTextError for a document with no text
(empty, or whitespace only once front matter is left out).
"""

from __future__ import annotations

import functools
import posixpath
from typing import Protocol, runtime_checkable

from stratakb_core.values import ParsedDocument

__all__ = ["Parser", "parser_for", "supported_extensions"]


@runtime_checkable
class Parser(Protocol):
    """Turns one file's bytes into a ParsedDocument."""

    kind: str  # stored as ParsedDocument.kind: "markdown", "text", ...
    extensions: tuple[str, ...]  # lower case, with the dot: (".md", ".markdown")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        """Parse data, the bytes of the file at rel_path (relative to its folder, POSIX)."""
        ...


def parser_for(rel_path: str) -> Parser | None:
    """The parser for a file, chosen by its lower-cased extension; None when no parser reads it."""
    return _registry().get(_extension(rel_path))


def supported_extensions() -> frozenset[str]:
    """Every extension some parser reads, lower case with the dot (".md")."""
    return frozenset(_registry())


@functools.cache
def _registry() -> dict[str, Parser]:
    # Imported here rather than at the top: a format whose library is slow to import should cost
    # nothing until a file of its kind shows up.
    from stratakb_core.ingest.parsing.delimited import CsvParser
    from stratakb_core.ingest.parsing.docx_parser import DocxParser
    from stratakb_core.ingest.parsing.html import HtmlParser
    from stratakb_core.ingest.parsing.markdown import MarkdownParser
    from stratakb_core.ingest.parsing.pdf import PdfParser
    from stratakb_core.ingest.parsing.plaintext import PlainTextParser
    from stratakb_core.ingest.parsing.scanned import ImageParser
    from stratakb_core.ingest.parsing.structured import JsonParser, XmlParser, XsdParser, YamlParser
    from stratakb_core.ingest.parsing.workbook import LegacyWorkbookParser, XlsxParser

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
        ImageParser(),
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
