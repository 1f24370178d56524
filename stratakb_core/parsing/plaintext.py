"""Plain-text parser for .txt, .rst and .adoc: headings by each format's rules (no I/O).

reStructuredText titles are underlined (optionally overlined) and take their level from the
order in which each adornment style first appears, as docutils does. AsciiDoc titles are ``=``
lines (``== Section``) or two-line titles underlined with ``= - ~ ^ +``, outside delimited
blocks. A ``.txt`` file gets the underline rule plus a first version of numbered and keyword
headings (``4.3.2 Scope``, ``Article 12``) on their own line after a blank line.
``find_headings`` is the one place that decides; the structure map of a later issue replaces it
with numbering-aware clause rules.
"""

from __future__ import annotations

import posixpath
import re
from typing import Literal

from ..models import ParsedDocument
from . import Heading, parse_text_document

__all__ = ["PlainTextParser", "TextFlavor", "find_headings"]

TextFlavor = Literal["txt", "rst", "adoc"]

_FLAVORS: dict[str, TextFlavor] = {".txt": "txt", ".rst": "rst", ".adoc": "adoc"}


class PlainTextParser:
    """Plain text with light markup: .txt, .rst, .adoc."""

    kind: str = "text"
    extensions: tuple[str, ...] = (".txt", ".rst", ".adoc")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        flavor = _FLAVORS.get(posixpath.splitext(rel_path)[1].lower(), "txt")
        return parse_text_document(data, kind=self.kind, find_headings=lambda t: find_headings(t, flavor))


def find_headings(text: str, kind: TextFlavor) -> list[Heading]:
    """The headings of a plain text of the given flavor, in order."""
    lines = text.split("\n")
    starts: list[int] = []
    offset = 0
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1
    if kind == "adoc":
        return _asciidoc_headings(lines, starts)
    return _underlined_headings(lines, starts, numbered=kind == "txt")


# ---------------------------------------------------------------------------------------------
# reStructuredText-style underlines (.rst, .txt) and numbered headings (.txt)
# ---------------------------------------------------------------------------------------------

# Any printable ASCII punctuation repeated, as docutils allows for section adornments.
_ADORNMENT = re.compile(r"([!-/:-@\[-`{-~])\1+[ \t]*")
# "::" opens a literal block and ".." a comment; neither underlines a title.
_NOT_UNDERLINES = frozenset({"::", ".."})

_NUMBERED = re.compile(r"((?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2}))*)(\.?)[ \t]+(\S.*)")
_KEYWORD = re.compile(
    r"(Part|PART|Chapter|CHAPTER|Section|SECTION|Article|ARTICLE|Annex|ANNEX|Appendix|APPENDIX"
    r"|Schedule|SCHEDULE)[ \t]+(\d{1,4}(?:\.\d{1,3})*[a-z]?|[IVXLCDM]{1,8}|[A-Z](?:\.\d{1,3})*)(?!\w)(.*)"
)
_KEYWORD_SEPARATOR = re.compile(r"[ \t]*[.:)\-–—]?[ \t]*")
# Keyword headings nest by what the words mean; annexes stand beside the body, at the top.
_KEYWORD_LEVELS = {
    "part": 1,
    "chapter": 2,
    "section": 3,
    "article": 4,
    "annex": 1,
    "appendix": 1,
    "schedule": 1,
}
# Dot leaders or a trailing page number: a table-of-contents entry, not the heading itself.
_TOC_ENTRY = re.compile(r".*(?:(?:\.[ \t]?){3,}|[ \t]{3,})\d+[ \t]*")
_MAX_TITLE_CHARS = 100


def _underlined_headings(lines: list[str], starts: list[int], *, numbered: bool) -> list[Heading]:
    headings: list[Heading] = []
    style_levels: dict[tuple[str, bool], int] = {}
    # Numbered headings nest under the last keyword or underlined heading, but only when their
    # numbering starts afresh there ("Annex II" then "1."); "Appendix C" then "7. References"
    # carries on the body's numbering and goes back to the top.
    numbered_base = 0
    awaiting_first_number = False
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
                numbered_base, awaiting_first_number = level, True
                i = last + 1
                # A title is a block boundary: the next line may start another title.
                after_blank = True
                continue
            if numbered and not line[0].isspace():
                clause = _numbered_heading(line.strip(), lines[i + 1] if i + 1 < n else "")
                if clause is not None:
                    depth, title, keyword_level, restarts = clause
                    if keyword_level is not None:
                        level = keyword_level + depth - 1
                        numbered_base, awaiting_first_number = level, True
                    else:
                        if awaiting_first_number and not restarts:
                            numbered_base = 0
                        awaiting_first_number = False
                        level = numbered_base + depth
                    headings.append(Heading(starts[i], starts[i] + len(line), level, title))
                    i += 1
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


def _numbered_heading(line: str, next_line: str) -> tuple[int, str, int | None, bool] | None:
    """A numbered or keyword heading line (next_line is the one below it), else None.

    Returns (depth, title, keyword level or None, whether the number is a first one: 0, 1, 1.1).
    """
    if len(line) > _MAX_TITLE_CHARS or _TOC_ENTRY.fullmatch(line):
        return None
    keyword = _KEYWORD.fullmatch(line)
    if keyword is not None:
        rest = keyword.group(3)
        if rest.strip():
            sep = _KEYWORD_SEPARATOR.match(rest)
            words = rest[sep.end() :] if sep else rest
            # "Section 3 describes ..." is a sentence, not a heading.
            if sep is None or sep.end() == 0 or not _looks_like_title(words):
                return None
        depth = keyword.group(2).count(".") + 1
        return depth, " ".join(line.split()), _KEYWORD_LEVELS[keyword.group(1).lower()], True
    number = _NUMBERED.fullmatch(line)
    if number is None:
        return None
    digits, dot, words = number.groups()
    # A lone number without its dot ("100 Main Street") must stay short to pass for a clause.
    if "." not in digits and not dot and len(digits) > 2:
        return None
    if not _looks_like_title(words):
        return None
    # The next line hanging under the words ("1. MUST  This word ..." / "   definition is")
    # makes it an item of a numbered list, not a heading.
    if next_line.strip() and len(next_line) - len(next_line.lstrip()) == number.start(3):
        return None
    restarts = all(part in ("0", "1") for part in digits.split("."))
    return digits.count(".") + 1, " ".join(line.split()), None, restarts


def _looks_like_title(words: str) -> bool:
    words = words.strip()
    if not words:
        return False
    # A heading starts like a title and does not end like a sentence or a list item.
    return (words[0].isupper() or words[0] in "\"'“‘«(") and words[-1] not in ".,;"


# ---------------------------------------------------------------------------------------------
# AsciiDoc (.adoc)
# ---------------------------------------------------------------------------------------------

_ADOC_TITLE = re.compile(r"(={1,6}|#{1,6})[ \t]+(\S.*?)(?:[ \t]+\1)?[ \t]*")
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


def _asciidoc_headings(lines: list[str], starts: list[int]) -> list[Heading]:
    headings: list[Heading] = []
    blocks: list[tuple[str, bool]] = []  # open delimited blocks: (delimiter, verbatim)
    n = len(lines)
    i = 0
    title_allowed = True
    while i < n:
        line = lines[i]
        stripped = line.rstrip()
        if blocks:
            delimiter, verbatim = blocks[-1]
            if stripped == delimiter:
                blocks.pop()
            elif not verbatim:
                opened = _adoc_block(stripped)
                if opened is not None:
                    blocks.append(opened)
            i += 1
            title_allowed = False
            continue
        if not stripped:
            title_allowed = True
            i += 1
            continue
        if title_allowed:
            title = _ADOC_TITLE.fullmatch(stripped)
            if title is not None:
                headings.append(
                    Heading(starts[i], starts[i] + len(line), len(title.group(1)), title.group(2))
                )
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
            i += 1
            continue
        title_allowed = _ADOC_TITLE_PREFIX.fullmatch(stripped) is not None
        i += 1
    return headings


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
