"""Readable text for the data formats: values as indented lines, titled blocks as sections (no I/O).

A rendered text repeats what the file says only once (an indent, a path), yet a file of many
tiny, deeply nested values can still render far larger than itself; ``BoundedLines`` stops at
``render_limit`` characters with a ParseError rather than fill memory.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing.headings import Heading, sections_from_headings
from stratakb_core.values import DocumentFlag, ParsedDocument

__all__ = [
    "INDENT",
    "BoundedLines",
    "blocks_document",
    "collapse",
    "is_scalar",
    "render_limit",
    "render_value",
    "scalar",
    "single_text_document",
]

INDENT = "  "
# How much larger than its file a rendered text may grow, plus a fixed allowance for small files.
RENDER_FACTOR = 10
RENDER_SLACK = 1_000_000


def render_limit(source_chars: int) -> int:
    """The most characters the readable text of a file of source_chars characters may have."""
    return RENDER_FACTOR * source_chars + RENDER_SLACK


class BoundedLines(list[str]):
    """Lines of a rendered text that refuse to grow past max_chars characters (ParseError)."""

    def __init__(self, max_chars: int) -> None:
        super().__init__()
        self.room = max_chars

    def append(self, line: str) -> None:
        self.room -= len(line) + 1
        if self.room < 0:
            raise ParseError(f"the readable text would be more than {RENDER_FACTOR} times the file's size")
        super().append(line)

    def extend(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.append(line)


def collapse(text: str | None) -> str:
    return " ".join(text.split()) if text else ""


def render_value(value: Any, max_chars: int) -> str:
    """A JSON or YAML value as indented ``key: value`` lines (lists as ``- item``), at most max_chars long."""
    lines = BoundedLines(max_chars)
    _render(value, 0, lines)
    return "\n".join(lines) + "\n"


def scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def is_scalar(value: Any) -> bool:
    return not isinstance(value, Mapping | list | tuple) or not value


def _render(value: Any, depth: int, lines: list[str]) -> None:
    pad = INDENT * depth
    if isinstance(value, Mapping) and value:
        for key, item in value.items():
            if is_scalar(item):
                _scalar_lines(f"{pad}{scalar(key)}: ", _empty_or_scalar(item), pad, lines)
            else:
                lines.append(f"{pad}{scalar(key)}:")
                _render(item, depth + 1, lines)
    elif isinstance(value, list | tuple) and value:
        for item in value:
            if is_scalar(item):
                _scalar_lines(f"{pad}- ", _empty_or_scalar(item), pad, lines)
            else:
                first = len(lines)
                _render(item, depth + 1, lines)
                if first < len(lines):
                    # "- key: value" on the item's first line, as YAML writes it.
                    lines[first] = f"{pad}- {lines[first][len(pad) + len(INDENT) :]}"
    else:
        _scalar_lines(pad, _empty_or_scalar(value), pad, lines)


def _empty_or_scalar(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{}"
    if isinstance(value, list | tuple):
        return "[]"
    return scalar(value)


def _scalar_lines(prefix: str, text: str, pad: str, lines: list[str]) -> None:
    parts = text.split("\n")
    lines.append(prefix + parts[0])
    lines.extend(pad + INDENT + part for part in parts[1:])


def single_text_document(text: str, kind: str) -> ParsedDocument:
    if not text.strip():
        raise NoTextError("the file has no text")
    return ParsedDocument(text=text, sections=sections_from_headings(text, []), kind=kind)


def blocks_document(
    blocks: Sequence[tuple[str, list[str]]], kind: str, flags: tuple[DocumentFlag, ...] = ()
) -> ParsedDocument:
    """A text of titled blocks, each its own section (its title line is the heading)."""
    parts: list[str] = []
    headings: list[Heading] = []
    offset = 0
    for title, body in blocks:
        title = " ".join(title.split())
        block = "\n".join([title, *body]) + "\n\n"
        headings.append(Heading(offset, offset + len(title), 1, title))
        parts.append(block)
        offset += len(block)
    text = "".join(parts)
    if not text.strip():
        raise NoTextError("the file has no text")
    return ParsedDocument(text=text, sections=sections_from_headings(text, headings), kind=kind, flags=flags)
