"""Markdown parser: ATX and setext headings outside code, front matter left out (no I/O).

Follows CommonMark where it decides what is a heading: up to three spaces of indent (four make
an indented code block), ``#`` lines inside fenced code are code, ``===``/``---`` under a
paragraph line underline it, and a ``---`` after a blank line is a thematic break. The fenced
code blocks are also handed to the structure map, which looks for no numbered clause in them.
Every pattern here runs on one line and is linear in its length: no ``.*?`` followed by an
optional tail, which backtracks quadratically on a long line of spaces.
"""

from __future__ import annotations

import re

from stratakb_core.ingest.parsing.headings import Heading
from stratakb_core.ingest.parsing.text_document import parse_text_document
from stratakb_core.values import ParsedDocument

__all__ = ["MarkdownParser", "code_spans", "find_headings"]

_FENCE_OPEN = re.compile(r" {0,3}(`{3,}|~{3,})(.*)")
_FENCE_CLOSE = re.compile(r" {0,3}(`{3,}|~{3,})[ \t]*")
_SETEXT = re.compile(r" {0,3}(=+|-+)[ \t]*")
_THEMATIC_BREAK = re.compile(r" {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*")
_INDENTED_CODE = re.compile(r" {0,3}\t| {4}")
# A paragraph that opens a list item or a block quote cannot be underlined into a heading:
# CommonMark reads "- item" followed by "---" as a list and a thematic break.
_CONTAINER_START = re.compile(r" {0,3}(?:[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|>)")


class MarkdownParser:
    """Markdown (.md, .markdown)."""

    kind: str = "markdown"
    extensions: tuple[str, ...] = (".md", ".markdown")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        scanned: list[tuple[str, tuple[list[Heading], list[tuple[int, int]]]]] = []

        def scan(text: str) -> tuple[list[Heading], list[tuple[int, int]]]:
            # One pass serves both the headings and the code blocks of the same text.
            if not scanned or scanned[0][0] is not text:
                scanned[:] = [(text, _scan(text))]
            return scanned[0][1]

        return parse_text_document(
            data,
            kind=self.kind,
            find_headings=lambda text: scan(text)[0],
            find_verbatim=lambda text: scan(text)[1],
            ordered_lists=True,
        )


def find_headings(text: str) -> list[Heading]:
    """The ATX and setext headings of a Markdown text, in order; empty headings are skipped."""
    return _scan(text)[0]


def code_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each fenced code block, fences included; an unclosed one runs to the end."""
    return _scan(text)[1]


def _scan(text: str) -> tuple[list[Heading], list[tuple[int, int]]]:
    headings: list[Heading] = []
    code: list[tuple[int, int]] = []
    fence_start = 0
    fence_char = ""
    fence_len = 0
    para_idx = -1  # index of the current paragraph's first line; -1 outside a paragraph
    para_start = 0
    para_can_underline = False
    lines = text.split("\n")
    offset = 0
    for idx, line in enumerate(lines):
        line_start = offset
        offset += len(line) + 1

        if fence_len:
            close = _FENCE_CLOSE.fullmatch(line)
            if close and close.group(1)[0] == fence_char and len(close.group(1)) >= fence_len:
                fence_len = 0
                code.append((fence_start, line_start + len(line)))
            continue
        if not line.strip():
            para_idx = -1
            continue
        if para_idx < 0 and _INDENTED_CODE.match(line):
            continue

        fence = _FENCE_OPEN.fullmatch(line)
        # A backtick fence's info string may not hold a backtick (that is inline code instead).
        if fence and not (fence.group(1)[0] == "`" and "`" in fence.group(2)):
            fence_char, fence_len = fence.group(1)[0], len(fence.group(1))
            fence_start = line_start
            para_idx = -1
            continue

        atx = _atx(line)
        if atx is not None:
            level, words = atx
            if words:
                headings.append(Heading(line_start, line_start + len(line), level, words))
            para_idx = -1
            continue

        if para_idx >= 0 and para_can_underline:
            underline = _SETEXT.fullmatch(line)
            if underline:
                words = " ".join(part.strip() for part in lines[para_idx:idx])
                level = 1 if underline.group(1)[0] == "=" else 2
                headings.append(Heading(para_start, line_start + len(line), level, words))
                para_idx = -1
                continue

        if _THEMATIC_BREAK.fullmatch(line):
            para_idx = -1
            continue
        if para_idx < 0:
            para_idx = idx
            para_start = line_start
            para_can_underline = _CONTAINER_START.match(line) is None
    if fence_len:
        code.append((fence_start, len(text)))
    return headings, code


def _atx(line: str) -> tuple[int, str] | None:
    """(level, words) of an ATX heading line, closing ``#`` sequence removed; None for other lines."""
    indent = len(line) - len(line.lstrip(" "))
    if indent > 3:
        return None
    end = indent
    while end < len(line) and end - indent <= 6 and line[end] == "#":
        end += 1
    level = end - indent
    if not 1 <= level <= 6 or (end < len(line) and line[end] not in " \t"):
        return None
    words = line[end:].strip(" \t")
    # A closing run of # counts only after a space ("C#" keeps its #), or as the whole heading.
    unclosed = words.rstrip("#")
    if unclosed != words and (not unclosed or unclosed[-1] in " \t"):
        words = unclosed.rstrip(" \t")
    return level, words
