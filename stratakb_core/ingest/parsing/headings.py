"""Headings and the sections they mark, shared by the format parsers (no I/O)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stratakb_core.values import Section

__all__ = ["Heading", "sections_from_headings"]


@dataclass(frozen=True)
class Heading:
    """A heading found in a text: where its line(s) start and end, its depth and its words."""

    start: int  # offset of the heading's first line (an RST overline, a setext title)
    end: int  # offset just past its last line (the underline), before the newline
    level: int  # 1 is the outermost
    text: str  # without markup


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
