"""Searching a long document only where a redaction pattern can match, with the results of a plain search (no I/O).

``redact`` runs once per document before chunking, over texts of up to a few hundred thousand characters
(RFCs); most of its patterns hold a character or a word that an ordinary line lacks. Each helper here
returns exactly what ``pattern.search`` / ``pattern.finditer`` would over the whole text, under a condition
on the pattern that its caller states:

* ``search_lines`` / ``finditer_lines``: every match lies on one line (no part of the pattern matches a line
  break, nor looks past one) and holds ``needle`` after its start, so only lines holding ``needle`` are
  searched, each up to its line break; the search starts at the line's start, where ``re`` still sees the
  line break before it for ``\\b``, ``^`` (MULTILINE) and look-behinds;
* ``TokenRuns``: every match lies inside one run of ``TOKEN_RUN_RE`` (see ``redaction_rules.Shape.in_run``),
  so the runs alone, joined by line breaks, are searched and offsets mapped back;
* ``finditer_at``: every match starts at a position of ``starts`` (found by a faster scan), so the pattern is
  tried there only, each match kept apart from the last as ``finditer`` keeps them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from itertools import accumulate

from stratakb_core.ingest.redaction_rules import TOKEN_RUN_RE

__all__ = ["TokenRuns", "finditer_at", "finditer_lines", "search_lines"]


def search_lines(
    pattern: re.Pattern[str], text: str, pos: int, needle: re.Pattern[str], line: list[int] | None = None
) -> re.Match[str] | None:
    """``pattern.search(text, pos)`` for a pattern whose every match lies on one line holding ``needle``.

    ``line`` (``[start, end]``, no line break in ``text[start:end]``, ``end`` at one or the text's end) is the line
    end found last, kept by a caller searching one line again and again: a long line's end is looked for once, not
    at every search (which made many matches on one line quadratic). Only its own part of a line is looked back at.
    """
    line = line if line is not None else [0, -1]
    while (hit := needle.search(text, pos)) is not None:
        if not line[0] <= hit.end() <= line[1]:
            end = text.find("\n", hit.end())
            line[:] = hit.end(), len(text) if end < 0 else end
        end = line[1]
        m = pattern.search(text, max(pos, text.rfind("\n", pos, hit.start()) + 1), end)
        if m is not None:
            return m
        pos = end + 1
    return None


def finditer_lines(pattern: re.Pattern[str], text: str, needle: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern whose every match lies on one line holding ``needle`` (and is
    never empty)."""
    pos, line = 0, [0, -1]
    while (m := search_lines(pattern, text, pos, needle, line)) is not None:
        yield m
        pos = m.end()


def finditer_at(pattern: re.Pattern[str], text: str, starts: Iterable[int]) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern whose every match starts at one of ``starts`` (ascending) and is
    never empty."""
    end = 0
    for pos in starts:
        if pos >= end and (m := pattern.match(text, pos)) is not None:
            yield m
            end = m.end()


class TokenRuns:
    """A document's ``TOKEN_RUN_RE`` runs joined by line breaks (no run holds one), and where each run starts."""

    def __init__(self, text: str) -> None:
        found = list(TOKEN_RUN_RE.finditer(text))
        self.text = "\n".join(m.group() for m in found)
        self.low = self.text.lower()
        self._origins = [m.start() for m in found]
        self._starts = list(accumulate((len(m.group()) + 1 for m in found[:-1]), initial=0))

    def origin(self, pos: int) -> int:
        """The offset in the document of the character at ``pos`` in ``self.text``."""
        i = bisect_right(self._starts, pos) - 1
        return self._origins[i] + pos - self._starts[i]
