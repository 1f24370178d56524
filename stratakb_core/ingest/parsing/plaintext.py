"""Plain-text parser for .txt, .rst and .adoc: markup headings, pages and running heads (no I/O).

reStructuredText titles are underlined (optionally overlined) and take their level from the
order in which each adornment style first appears, as docutils does; a ``.txt`` file gets the
same underline rule. AsciiDoc titles are ``=`` lines (``== Section``) or two-line titles
underlined with ``= - ~ ^ +``, outside delimited blocks, whose verbatim ones (listing, literal,
passthrough, comment) are handed to the structure map as code. Numbered clauses and keyword
headings (``4.3.2 Scope``, ``Article 12``) are the structure map's (``stratakb_core.ingest.structure``);
in .rst and .adoc a run of ``1.`` ``2.`` lines with no subclause is a list there.

Pages. A form feed is a page break, as in the RFC Editor's text format. The running footer before
each break (``Fette & Melnikov  Standards Track  [Page 27]``) and the running header after it
(``RFC 6455  The WebSocket Protocol  December 2011``) are lines that repeat, digits aside, around
most breaks; they are left outside the page spans (``ParsedDocument.pages``), so no chunk and no
heading holds them, while the text stays the file's own and chunk lines stay file lines. Pages
are numbered from 1 in file order, which for an RFC is its own ``[Page N]``.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from typing import Literal

from stratakb_core.ingest.parsing.headings import Heading
from stratakb_core.ingest.parsing.text_document import parse_text_document
from stratakb_core.values import ParsedDocument

__all__ = ["PlainTextParser", "TextFlavor", "find_headings", "find_pages", "verbatim_spans"]

TextFlavor = Literal["txt", "rst", "adoc"]

_FLAVORS: dict[str, TextFlavor] = {".txt": "txt", ".rst": "rst", ".adoc": "adoc"}


class PlainTextParser:
    """Plain text with light markup: .txt, .rst, .adoc."""

    kind: str = "text"
    extensions: tuple[str, ...] = (".txt", ".rst", ".adoc")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        flavor = _FLAVORS.get(posixpath.splitext(rel_path)[1].lower(), "txt")
        return parse_text_document(
            data,
            kind=self.kind,
            find_headings=lambda t: find_headings(t, flavor),
            find_verbatim=lambda t: verbatim_spans(t, flavor),
            find_pages=find_pages,
            ordered_lists=flavor != "txt",
        )


def find_headings(text: str, kind: TextFlavor) -> list[Heading]:
    """The markup headings of a plain text of the given flavor, in order."""
    lines, starts = _lines(text)
    if kind == "adoc":
        return _asciidoc_scan(lines, starts)[0]
    return _underlined_headings(lines, starts)


def verbatim_spans(text: str, kind: TextFlavor) -> list[tuple[int, int]]:
    """(start, end) of the verbatim blocks where nothing is a heading: AsciiDoc's listing and literal blocks."""
    if kind != "adoc":
        return []
    lines, starts = _lines(text)
    return _asciidoc_scan(lines, starts)[1]


def _lines(text: str) -> tuple[list[str], list[int]]:
    lines = text.split("\n")
    starts: list[int] = []
    offset = 0
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1
    return lines, starts


# ---------------------------------------------------------------------------------------------
# Pages: form feeds, running headers and footers
# ---------------------------------------------------------------------------------------------

_DIGITS = re.compile(r"\d+")
# How far from a form feed a running header or footer may sit, in lines.
_RUNNING_LINE_REACH = 6
_MAX_RUNNING_CHARS = 200


def find_pages(text: str) -> tuple[tuple[int, int], ...] | None:
    """(start, end) of each page of a text with form feeds, running headers and footers left out.

    None when the text has no form feed. A line is a running header (the first non-blank line
    after a break) or footer (the last non-blank line before a break, and the text's last one)
    when, digits aside and spacing collapsed, it is the same at two or more breaks and at least
    half of them.
    """
    if "\f" not in text:
        return None
    breaks = [m.start() for m in re.finditer("\f", text)]
    bounds = list(zip([0, *(b + 1 for b in breaks)], [*breaks, len(text)], strict=True))
    footers = [_last_line(text, start, end) for start, end in bounds]
    headers = [None, *(_first_line(text, start, end) for start, end in bounds[1:])]
    running_footers = _repeated([f[2] for f in footers if f is not None])
    running_headers = _repeated([h[2] for h in headers if h is not None])
    pages: list[tuple[int, int]] = []
    for (start, end), header, footer in zip(bounds, headers, footers, strict=True):
        if header is not None and header[2] in running_headers:
            start = min(end, header[1] + 1)
        if footer is not None and footer[2] in running_footers:
            end = max(start, footer[0])
        pages.append((start, end))
    # A file that ends with a form feed has no page after it.
    while len(pages) > 1 and not text[pages[-1][0] : pages[-1][1]].strip():
        pages.pop()
    return tuple(pages)


def _first_line(text: str, start: int, end: int) -> tuple[int, int, str] | None:
    """(start, end, key) of the first non-blank line in text[start:end], near its start."""
    pos = start
    for _ in range(_RUNNING_LINE_REACH):
        if pos >= end:
            return None
        nl = text.find("\n", pos, end)
        line_end = end if nl < 0 else nl
        if text[pos:line_end].strip():
            return pos, line_end, _running_key(text[pos:line_end])
        pos = line_end + 1
    return None


def _last_line(text: str, start: int, end: int) -> tuple[int, int, str] | None:
    """(start, end, key) of the last non-blank line in text[start:end], near its end."""
    line_end = end
    for _ in range(_RUNNING_LINE_REACH):
        if line_end <= start:
            return None
        nl = text.rfind("\n", start, line_end)
        line_start = start if nl < 0 else nl + 1
        if text[line_start:line_end].strip():
            return line_start, line_end, _running_key(text[line_start:line_end])
        line_end = nl if nl >= 0 else start
    return None


def _running_key(line: str) -> str:
    if len(line) > _MAX_RUNNING_CHARS:
        return ""
    return _DIGITS.sub("#", " ".join(line.split()))


def _repeated(keys: list[str]) -> frozenset[str]:
    counts = Counter(key for key in keys if key)
    return frozenset(key for key, count in counts.items() if count >= 2 and 2 * count >= len(keys))


# ---------------------------------------------------------------------------------------------
# reStructuredText-style underlines (.rst, .txt)
# ---------------------------------------------------------------------------------------------

# Any printable ASCII punctuation repeated, as docutils allows for section adornments.
_ADORNMENT = re.compile(r"([!-/:-@\[-`{-~])\1+[ \t]*")
# "::" opens a literal block and ".." a comment; neither underlines a title.
_NOT_UNDERLINES = frozenset({"::", ".."})


def _underlined_headings(lines: list[str], starts: list[int]) -> list[Heading]:
    headings: list[Heading] = []
    style_levels: dict[tuple[str, bool], int] = {}
    n = len(lines)
    i = 0
    after_blank = True
    while i < n:
        line = lines[i]
        if not line.strip():
            after_blank = True
            i += 1
            continue
        if after_blank:
            found = _titled(lines, i, style_levels)
            if found is not None:
                level, title, last = found
                headings.append(Heading(starts[i], starts[last] + len(lines[last]), level, title))
                i = last + 1
                # A title is a block boundary: the next line may start another title.
                after_blank = True
                continue
        after_blank = False
        i += 1
    return headings


def _titled(
    lines: list[str], i: int, style_levels: dict[tuple[str, bool], int]
) -> tuple[int, str, int] | None:
    """An over- and underlined or underlined title starting at line i: (level, title, last line)."""
    line = lines[i]
    n = len(lines)
    over = _ADORNMENT.fullmatch(line)
    if over is not None:
        if i + 2 >= n:
            return None
        title = lines[i + 1].strip()
        mark = line.rstrip()
        if (
            title
            and _ADORNMENT.fullmatch(lines[i + 1]) is None
            and lines[i + 2].rstrip() == mark
            and len(mark) >= len(title)
        ):
            return _style_level(style_levels, (mark[0], True)), title, i + 2
        return None
    # Without an overline the title may not be indented: that is a block quote in reST.
    if i + 1 >= n or line[0].isspace():
        return None
    under = _ADORNMENT.fullmatch(lines[i + 1])
    if under is None:
        return None
    mark = lines[i + 1].rstrip()
    title = line.rstrip()
    if mark in _NOT_UNDERLINES or len(mark) < len(title):
        return None
    return _style_level(style_levels, (mark[0], False)), title.strip(), i + 1


def _style_level(style_levels: dict[tuple[str, bool], int], style: tuple[str, bool]) -> int:
    if style not in style_levels:
        style_levels[style] = len(style_levels) + 1
    return style_levels[style]


# ---------------------------------------------------------------------------------------------
# AsciiDoc (.adoc)
# ---------------------------------------------------------------------------------------------

# The marker and the space after it; the words and an optional closing marker are cut by hand,
# because "(\S.*?)(?:[ \t]+\1)?[ \t]*" backtracks quadratically on a long run of spaces.
_ADOC_TITLE_MARKER = re.compile(r"(={1,6}|#{1,6})[ \t]+(?=\S)")
_ADOC_UNDERLINE = re.compile(r"([=\-~^+])\1+[ \t]*")
_ADOC_UNDERLINE_LEVELS = {"=": 1, "-": 2, "~": 3, "^": 4, "+": 5}
# Delimited blocks. Listing, literal, passthrough and comment blocks are verbatim: nothing in
# them is a delimiter or a title. Example, sidebar, quote, open and table blocks may nest.
_ADOC_DELIMITER = re.compile(r"(-{4,}|\.{4,}|\+{4,}|/{4,}|={4,}|\*{4,}|_{4,}|--|[|,:!]={3,})[ \t]*")
_ADOC_VERBATIM_CHARS = "-.+/"
# Lines that may sit right above a title: block attributes, anchors and comments.
_ADOC_TITLE_PREFIX = re.compile(r"\[.*\]|//.*")
# Lines that cannot be a two-line title: block titles, attributes, list items, comments.
_ADOC_NOT_TITLE = re.compile(r"[.\[:<|]|//|[*\-][ \t]|\d+\.[ \t]")


def _asciidoc_scan(lines: list[str], starts: list[int]) -> tuple[list[Heading], list[tuple[int, int]]]:
    """The titles, and the (start, end) of each verbatim block, delimiters included."""
    headings: list[Heading] = []
    verbatim: list[tuple[int, int]] = []
    verbatim_start = 0
    blocks: list[tuple[str, bool]] = []  # open delimited blocks: (delimiter, verbatim)
    n = len(lines)
    i = 0
    title_allowed = True
    while i < n:
        line = lines[i]
        stripped = line.rstrip()
        if blocks:
            delimiter, in_verbatim = blocks[-1]
            if stripped == delimiter:
                blocks.pop()
                if in_verbatim:
                    verbatim.append((verbatim_start, starts[i] + len(line)))
            elif not in_verbatim:
                opened = _adoc_block(stripped)
                if opened is not None:
                    blocks.append(opened)
                    verbatim_start = starts[i]
            i += 1
            title_allowed = False
            continue
        if not stripped:
            title_allowed = True
            i += 1
            continue
        if title_allowed:
            title = _adoc_title(stripped)
            if title is not None:
                headings.append(Heading(starts[i], starts[i] + len(line), title[0], title[1]))
                i += 1
                continue
            two_line = _adoc_two_line_title(lines, i)
            if two_line is not None:
                level, words = two_line
                headings.append(Heading(starts[i], starts[i + 1] + len(lines[i + 1]), level, words))
                i += 2
                continue
        opened = _adoc_block(stripped)
        if opened is not None:
            blocks.append(opened)
            verbatim_start = starts[i]
            i += 1
            continue
        title_allowed = _ADOC_TITLE_PREFIX.fullmatch(stripped) is not None
        i += 1
    if blocks and blocks[-1][1]:
        verbatim.append((verbatim_start, starts[-1] + len(lines[-1])))
    return headings, verbatim


def _adoc_title(stripped: str) -> tuple[int, str] | None:
    """(level, words) of a one-line AsciiDoc title (``== Title`` or ``== Title ==``)."""
    marker = _ADOC_TITLE_MARKER.match(stripped)
    if marker is None:
        return None
    mark = marker.group(1)
    words = stripped[marker.end() :].rstrip(" \t")
    if words.endswith(mark) and len(words) > len(mark) and words[-len(mark) - 1] in " \t":
        words = words[: -len(mark)].rstrip(" \t")
    return len(mark), words


def _adoc_block(stripped: str) -> tuple[str, bool] | None:
    if stripped.startswith("```"):
        return "```", True
    if _ADOC_DELIMITER.fullmatch(stripped) is None:
        return None
    return stripped, stripped[0] in _ADOC_VERBATIM_CHARS and stripped != "--"


def _adoc_two_line_title(lines: list[str], i: int) -> tuple[int, str] | None:
    # Asciidoctor's rule: the underline is within one character of the title's length, which is
    # also what tells "Title" over "-----" from a paragraph line over a listing block's "----".
    if i + 1 >= len(lines):
        return None
    line = lines[i]
    if line[0].isspace() or _ADOC_NOT_TITLE.match(line) or _adoc_block(line.rstrip()) is not None:
        return None
    under = _ADOC_UNDERLINE.fullmatch(lines[i + 1])
    if under is None:
        return None
    words = line.strip()
    if abs(len(lines[i + 1].rstrip()) - len(words)) > 1:
        return None
    return _ADOC_UNDERLINE_LEVELS[under.group(1)], words
