"""The structure map: headings and numbered clauses of a document (no I/O).

``build_structure`` turns a parsed document into the sections the chunker cuts along. It reads,
in this order of precedence:

1. the structure a file carries outside its text (``doc.outline``: PDF outline entries, Word
   heading styles), outermost;
2. the headings its parser found in the markup (``doc.sections``: Markdown, reStructuredText,
   AsciiDoc, HTML ``h1``-``h6``), nested inside the outline entries;
3. keyword headings (``Article 12``, ``Section 3 - Scope``, ``Annex II``) and numbered clauses
   (``4.3.2``, ``7.``, ``7(2)(b)``, ``A.1``) found in the text, nested inside both;
4. a layer's ``structure_patterns``, each match starting a section one level below the section
   it falls in.

The numbered-line rule. A line at column 0 that starts with a number followed by words that
start like a sentence or a title (a capital, a quote, a parenthesis) counts as a clause only when

* it follows a blank line, a heading or the end of a sentence, and is not a table-of-contents
  entry (dot leaders, a trailing page number, or a line of a "Contents" block), and
* it continues the numbering of an open heading, clause or keyword heading: after 4.3.1 only
  4.3.1.1, 4.3.2, 4.4 or 5 do. A heading without a number (a Markdown heading, ``Annex II``, an
  outline entry) lets a numbering start afresh inside it at a first number (last part 0 or 1:
  ``1.``, ``7.1``); a numbered heading (``## 7 Termination``) takes only its own sub-numbers.

So a numbered list inside a clause, a date (``12.03.24``, ``2024``) or an amount (``1.5
million``) is not a clause; nor is the next number of a refused one (the ``2.`` after a refused
``1.`` inside clause 4.3, which would otherwise pass for the top-level 2). In Markdown,
reStructuredText, AsciiDoc and HTML a run of ``1.`` ``2.`` lines with no subclause among them is
an ordered list and adds nothing. Numbered lines inside code blocks (``verbatim``) are not read.

Keyword headings (Part, Chapter, Section, Article, Annex, Appendix, Schedule, in title or upper
case, with a number, a roman numeral or a letter, then nothing or a separator and title-like
words) follow the same blank-line rule and nest by keyword: Part > Chapter > Section > Article,
with Annex, Appendix and Schedule at the top; ``Appendix A.1`` sits one level below
``Appendix A``. A keyword heading opens a numbering of its own (``Section 3`` then ``3.1``) and
lets one start afresh (``Article 12`` then ``1.``).

Labels. A clause line that reads as a heading (title-like words, a blank line or nothing after
it) is labelled by its number and words, the number without its trailing dot:
``5.2.  Base Framing Protocol`` -> ``5.2 Base Framing Protocol``. A clause that is a sentence or a
paragraph (``7.2 Either party may end ...``) is labelled by its number alone (``7.2``), and only
that number counts as its heading, so the rest of its line is text of its own. Markup headings,
keyword headings and outline entries keep their words as written, whitespace collapsed.

Every section's ``heading`` is its label (the last element of its path) and its ``level`` is the
length of its path.

Pages. Text outside ``doc.pages`` (a PDF's page separators, a paged text's running headers and
footers) is not part of any heading or clause: lines there are skipped as if absent.

Modules: ``lines`` (what one line can be), ``scan`` (the pass that nests them),
``pattern_sections`` (the sections structure patterns add; which patterns are safe is
``stratakb_core.patterns.check_regex``'s rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from stratakb_core.ingest.structure.lines import Lines
from stratakb_core.ingest.structure.pattern_sections import PATTERN_WINDOW, compiled_patterns, insert_pattern_sections
from stratakb_core.ingest.structure.scan import Node, Scanner
from stratakb_core.values import DocumentFlag, ParsedDocument, Section

__all__ = ["MAX_HEADING_CHARS", "MAX_PATH_DEPTH", "MAX_SECTIONS", "PATTERN_WINDOW", "add_truncated", "apply_structure",
           "bound_structure", "build_structure"]

# Bounds on a structure map, so no file can make every chunk carry a multi-megabyte heading chain
# (a 3 MB block read as one setext heading) or one transaction store 100,000 sections: a heading
# is cut at MAX_HEADING_CHARS characters, a path keeps its outermost MAX_PATH_DEPTH headings, and
# a map keeps its first MAX_SECTIONS sections (the last one then runs to the end of the text and
# the document is flagged truncated, with the sections left out as its count).
MAX_HEADING_CHARS = 300
MAX_PATH_DEPTH = 12
MAX_SECTIONS = 5_000

# Parsers whose sections are cut at their outline entries alone and left for the map to fill in.
_OUTLINE_FIRST_KINDS = frozenset({"pdf", "docx"})
# Formats whose sections come from their own data model (rows, operations, schema types): the
# text rules have nothing to add there; structure patterns still do.
_DATA_KINDS = frozenset({"json", "xml", "xsd", "yaml", "csv", "xlsx", "legacy_workbook"})
_ORDERED_LIST_KINDS = frozenset({"markdown", "html"})


def build_structure(
    doc: ParsedDocument,
    structure_patterns: Sequence[str] = (),
    *,
    ordered_lists: bool | None = None,
    verbatim: Sequence[tuple[int, int]] = (),
    root: tuple[str, ...] = (),
) -> tuple[Section, ...]:
    """The structure map of doc as sections covering its text in order.

    doc.sections are read as the headings its parser found in the markup (as
    ``sections_from_headings`` makes them); sections that stand for an outline entry (same start)
    are left to the outline. ``ordered_lists``: whether a run of ``1.`` ``2.`` lines with no
    subclause is an ordered list (default: for Markdown and HTML). ``verbatim``: (start, end)
    spans of code blocks, where no clause is looked for. ``root``: a path every section sits
    under (an HTML page's ``<title>``). Unsafe patterns (see ``patterns.check_regex``) are skipped.
    """
    if ordered_lists is None:
        ordered_lists = doc.kind in _ORDERED_LIST_KINDS
    text = doc.text
    lines = Lines(text, doc.pages)
    if doc.kind in _DATA_KINDS:
        nodes = _given_nodes(doc, root)
    else:
        nodes = Scanner(doc, lines, ordered_lists, verbatim, root).run()
    sections = _sections(text, nodes, root)
    return insert_pattern_sections(text, lines, sections, compiled_patterns(tuple(structure_patterns)))


def apply_structure(doc: ParsedDocument, structure_patterns: Sequence[str] = ()) -> ParsedDocument:
    """doc with its structure map and the layer's extra section starts.

    Parsers return their documents mapped already, except the PDF and Word parsers, whose
    sections are cut at their outline entries alone: those get their full map here. To a mapped
    document the patterns only add sections, exactly as ``build_structure`` would have. Safe to
    call with no patterns, and more than once.
    """
    patterns = compiled_patterns(tuple(structure_patterns))
    if doc.kind in _OUTLINE_FIRST_KINDS and _sections_are_outline(doc):
        return replace(doc, sections=build_structure(doc, structure_patterns))
    if not patterns:
        return doc
    lines = Lines(doc.text, doc.pages)
    return replace(doc, sections=insert_pattern_sections(doc.text, lines, doc.sections, patterns))


def bound_structure(doc: ParsedDocument) -> ParsedDocument:
    """doc with its structure map within the bounds above (the same doc when it already is)."""
    sections = doc.sections
    over = len(sections) > MAX_SECTIONS
    if not over and all(_section_bounded(s) for s in sections):
        return doc
    left_out = 0
    if over:
        left_out = len(sections) - MAX_SECTIONS
        last = sections[MAX_SECTIONS - 1]
        sections = (*sections[: MAX_SECTIONS - 1], replace(last, end=sections[-1].end))
    bounded = tuple(s if _section_bounded(s) else _bound_section(s) for s in sections)
    return replace(doc, sections=bounded, flags=add_truncated(doc.flags, left_out) if left_out else doc.flags)


def add_truncated(flags: tuple[DocumentFlag, ...], count: int) -> tuple[DocumentFlag, ...]:
    """flags with `count` more items left out: added to a truncated flag there is, or a new one."""
    for i, flag in enumerate(flags):
        if flag.reason == "truncated":
            total = None if flag.count is None else flag.count + count
            return (*flags[:i], DocumentFlag("truncated", total), *flags[i + 1:])
    return (*flags, DocumentFlag("truncated", count))


def _section_bounded(s: Section) -> bool:
    return (len(s.path) <= MAX_PATH_DEPTH and (s.heading is None or len(s.heading) <= MAX_HEADING_CHARS)
            and all(len(h) <= MAX_HEADING_CHARS for h in s.path))


def _cut(heading: str) -> str:
    return heading if len(heading) <= MAX_HEADING_CHARS else heading[: MAX_HEADING_CHARS - 1] + "…"


def _bound_section(s: Section) -> Section:
    path = tuple(_cut(h) for h in s.path[:MAX_PATH_DEPTH])
    heading = _cut(s.heading) if s.heading is not None else None
    return replace(s, path=path, heading=heading, level=min(s.level, MAX_PATH_DEPTH))


def _given_nodes(doc: ParsedDocument, root: tuple[str, ...]) -> list[Node]:
    """A data format's own sections, taken as they are (under root)."""
    nodes: list[Node] = []
    for section in doc.sections:
        if section.heading is None:
            continue
        path = section.path if section.path[: len(root)] == root else root + section.path
        nodes.append(Node(section.start, section.heading_end, section.heading, path, "markup"))
    return nodes


def _sections(text: str, nodes: Sequence[Node], root: tuple[str, ...]) -> tuple[Section, ...]:
    ordered = sorted(nodes, key=lambda node: node.start)  # stable: outline before text at one place
    kept: list[Node] = []
    for node in ordered:
        if kept and kept[-1].start == node.start:
            # Two entries at one place (a chapter and its first section both at a page start):
            # the inner one carries the outer one's title in its path.
            if len(node.path) > len(kept[-1].path) and node.path[: len(kept[-1].path)] == kept[-1].path:
                kept[-1] = node
            continue
        kept.append(node)
    sections: list[Section] = []
    first = kept[0].start if kept else len(text)
    if first > 0 or not kept:
        sections.append(Section(0, first, root, len(root), None))
    for i, node in enumerate(kept):
        end = kept[i + 1].start if i + 1 < len(kept) else len(text)
        heading_end = node.heading_end
        if heading_end is not None:
            heading_end = max(node.start, min(heading_end, end))
        sections.append(Section(node.start, end, node.path, len(node.path), node.label, heading_end))
    return tuple(sections)


def _sections_are_outline(doc: ParsedDocument) -> bool:
    """Whether doc's headed sections are exactly its outline entries (as the PDF and Word parsers cut them)."""
    outline = {(e.start, " ".join(e.title.split())) for e in doc.outline}
    for section in doc.sections:
        if section.heading is None:
            continue
        if (section.start, " ".join(section.heading.split())) not in outline:
            return False
    return True
