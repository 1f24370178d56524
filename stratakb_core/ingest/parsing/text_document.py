"""The common path of the text formats: decode, cut front matter, find headings, map the structure (no I/O)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from stratakb_core.errors import NoTextError
from stratakb_core.ingest.parsing.decode import decode_text
from stratakb_core.ingest.parsing.frontmatter import document_date, split_front_matter, supersedes_value
from stratakb_core.ingest.parsing.headings import Heading, sections_from_headings
from stratakb_core.ingest.structure import build_structure
from stratakb_core.values import ParsedDocument

__all__ = ["parse_text_document"]


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
    front_matter, text, lines_removed = split_front_matter(decode_text(data, split_long_lines=True))
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
