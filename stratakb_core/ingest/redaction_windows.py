"""The lines a wave-26 finder searches, each cut to a width, and at most a few matches on each (no I/O).

The prose finders of ``redaction_more`` look at a label, a pair or a chat turn on one line. A document of one long
line repeating a label ("Code Tastenfeld: Code Tastenfeld: ...") would have them judge every repeat; people write
a secret once or twice on a line, so a line is searched over its first ``WIDTH`` characters and for its first
``PER_LINE`` matches, which keeps every finder linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from typing import Final

__all__ = ["PER_LINE", "WIDTH", "capped_matches", "line_matches", "line_windows"]

WIDTH: Final = 2000
PER_LINE: Final = 16


def line_windows(text: str, needle: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each line holding ``needle``, ``end`` at most ``WIDTH`` characters after ``start``."""
    pos = 0
    while (i := text.find(needle, pos)) >= 0:
        start = text.rfind("\n", 0, i) + 1
        end = text.find("\n", i)
        end = len(text) if end < 0 else end
        if i < start + WIDTH:
            yield start, min(end, start + WIDTH)
        pos = end + 1


def line_matches(pattern: re.Pattern[str], text: str, needle: str) -> Iterator[re.Match[str]]:
    """The first ``PER_LINE`` matches of ``pattern`` on each line holding ``needle`` (see ``line_windows``)."""
    for start, end in line_windows(text, needle):
        yield from islice(pattern.finditer(text, start, end), PER_LINE)


def capped_matches(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern that starts with a literal (fast to scan), keeping the first
    ``PER_LINE`` matches of each line that start within ``WIDTH`` characters of the line's start."""
    line_start = count = prev = 0
    for m in pattern.finditer(text):
        newline = text.rfind("\n", prev, m.start())
        if newline >= 0:
            line_start, count = newline + 1, 0
        prev = m.start()
        count += 1
        if count <= PER_LINE and m.start() - line_start < WIDTH:
            yield m
