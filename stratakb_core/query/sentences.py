"""Sentences of a stored document's text with their character offsets, for extractive answers (no I/O).

A sentence is always an exact span of the text (``text[start:end]``), so the quote an answer gives
is the document's own bytes. The rules, from the spec's "Extractive answers":

* A sentence ends at ``.``, ``!`` or ``?`` (and any closing quotes or brackets after it) followed
  by white space or the end of its block, unless the next word starts with a lower-case letter,
  the word before a full stop is an abbreviation (e.g., No., Art.) or an initial, or the full stop
  belongs to a clause or list number at the start of a line (``7.``, ``4.1.``). A full stop inside
  a number or a name (7.2, 1.000, pacs.008) never ends one.
* A wrapped line stays in its sentence: one line break is white space.
* A blank line, a heading and a list item always end a sentence, so lines without end marks (a
  price list, a schedule, a log, YAML) run together as one sentence until one of them.
* Headings are left out. A heading is the line a section starts at (with its underline or
  overline), unless the next line carries on its words in lower case: then it is a numbered
  clause whose first sentence starts on the heading line (``7.2 Either party may end ...``).
* Page furniture (running headers and footers between page spans) belongs to no sentence. A
  sentence a page break cuts (no end mark before the break) is not whole, and neither is its
  continuation on the next page: it is not a contiguous span of the document.
* A sentence over 2,000 characters is never cut; it is marked too long and never quoted.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["MAX_SENTENCE_CHARS", "Sentence", "heading_lines", "overlapping", "split_sentences"]

MAX_SENTENCE_CHARS = 2000

# Lower-cased, without their full stop. "inc", "ltd" and "etc" are left out on purpose: they
# often end a sentence, and a next word in lower case already keeps "etc. and" together.
ABBREVIATIONS = frozenset({
    "e.g", "i.e", "cf", "vs", "viz", "approx", "ca", "no", "nos", "nr", "art", "arts", "sec", "secs",
    "ch", "chap", "fig", "figs", "p", "pp", "para", "paras", "vol", "vols", "ed", "eds", "eq", "eqs",
    "ref", "refs", "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "al", "resp", "incl", "excl",
    "dept", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "op", "cit", "ibid", "abbr", "min", "max", "tel", "u.s", "u.k", "e.u",
})

_END = re.compile(r"[.!?]+[)\]\"'\u2019\u201d\u00bb]*")
# A list item or a clause number at the start of a line: "- ", "* ", "o  " (RFC bullets), "1. ",
# "2) ", "a) ", "(b) ", "4.1. ", "7.2 ".
_MARKER = re.compile(
    r"[ \t]*(?:[-*+\u2022\u2013]\s|o[ \t]{2,}|\d+[.)]\s|\d+(?:\.\d+)+\.?\s|[a-z][.)]\s|\(\w{1,4}\)\s)"
)
_ADORNMENT = re.compile(r"[ \t]*([=\-~^+*#\"'`.:_])\1{2,}[ \t]*")
_WORD_BEFORE = re.compile(r"(\S+)$")
_NUMBER = re.compile(r"\d+(?:\.\d+)*")
_CLOSERS = ")]\"'\u2019\u201d\u00bb"


@dataclass(frozen=True)
class Sentence:
    """text[start:end] is the sentence; ended says an end mark closes it."""

    start: int
    end: int
    ended: bool
    whole: bool = True

    @property
    def too_long(self) -> bool:
        return self.end - self.start > MAX_SENTENCE_CHARS

    @property
    def quotable(self) -> bool:
        """Whole and at most 2,000 characters: the only sentences an answer may quote."""
        return self.whole and not self.too_long


def _line_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    pos = 0
    n = len(text)
    while pos <= n:
        nl = text.find("\n", pos)
        if nl < 0:
            spans.append((pos, n))
            break
        spans.append((pos, nl))
        pos = nl + 1
    return spans


def _is_blank(text: str, a: int, b: int) -> bool:
    return not text[a:b].strip()


def heading_lines(text: str, starts: Iterable[int]) -> set[int]:
    """The start offsets of the lines that headings occupy (title, underline, overline).

    starts are the offsets where sections with a heading begin. A plain heading line whose next
    line carries on in lower case is a numbered clause's first line, not a heading: it is kept.
    """
    lines = _line_spans(text)
    line_starts = [a for a, _ in lines]
    out: set[int] = set()
    for h in starts:
        i = bisect.bisect_right(line_starts, h) - 1
        if i < 0:
            continue
        a, b = lines[i]
        if _ADORNMENT.fullmatch(text[a:b]) and i + 1 < len(lines):  # an RST overline, then the title
            out.add(a)
            i += 1
            a, b = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if nxt and _ADORNMENT.fullmatch(text[nxt[0]:nxt[1]]):
            out.update((a, nxt[0]))
            continue
        if text[a:b].lstrip().startswith("#") or nxt is None or _is_blank(text, *nxt):
            out.add(a)
            continue
        following = text[nxt[0]:nxt[1]].lstrip()
        if following[:1].islower() and not _MARKER.match(text, nxt[0]):
            continue  # "7.2 Either party may end this agreement\nwith ninety days' notice."
        out.add(a)
    return out


def _gaps(text: str, pages: Sequence[Sequence[int]] | None) -> list[tuple[int, int]]:
    """Ranges outside the page spans that hold text (running headers and footers)."""
    if not pages:
        return []
    spans = sorted((int(p[0]), int(p[1])) for p in pages)
    bounds = [(0, spans[0][0])]
    bounds += [(a[1], b[0]) for a, b in zip(spans, spans[1:], strict=False)]
    bounds.append((spans[-1][1], len(text)))
    return [(a, b) for a, b in bounds if b > a and text[a:b].strip()]


def split_sentences(text: str, *, headings: Iterable[int] = (),
                    pages: Sequence[Sequence[int]] | None = None) -> list[Sentence]:
    """Every sentence of the text, in order. headings: offsets where sections with a heading start;
    pages: (start, end) per page, when the text has pages."""
    heading_starts = heading_lines(text, headings)
    gaps = _gaps(text, pages)
    gap_starts = [a for a, _ in gaps]

    def in_gap(pos: int) -> bool:
        i = bisect.bisect_right(gap_starts, pos) - 1
        return i >= 0 and gaps[i][0] <= pos < gaps[i][1]

    out: list[Sentence] = []
    block: list[tuple[int, int]] = []
    carry = False  # the last sentence before a page break had no end mark

    def flush() -> None:
        nonlocal carry
        if not block:
            return
        first = len(out)
        out.extend(_block_sentences(text, block[0][0], block[-1][1]))
        block.clear()
        if carry and len(out) > first:
            out[first] = Sentence(out[first].start, out[first].end, out[first].ended, whole=False)
        carry = False

    for a, b in _line_spans(text):
        if in_gap(a):
            flush()
            if out and not out[-1].ended and out[-1].whole and not _heading_since(out[-1], a, heading_starts):
                last = out[-1]
                out[-1] = Sentence(last.start, last.end, last.ended, whole=False)
                carry = True
            continue
        if a in heading_starts:
            flush()
            carry = False
            continue
        if _is_blank(text, a, b):
            flush()
            continue
        if block and _MARKER.match(text, a):
            flush()
        block.append((a, b))
    flush()
    return out


def _heading_since(last: Sentence, gap_start: int, heading_starts: set[int]) -> bool:
    return any(last.end <= h < gap_start for h in heading_starts)


def _marker_end(text: str, a: int, b: int) -> int:
    m = _MARKER.match(text, a, b)
    return m.end() if m else a


def _block_sentences(text: str, a: int, b: int) -> list[Sentence]:
    """The sentences of one block of consecutive lines: text[a:b] (b is its last line's end)."""
    while b > a and text[b - 1].isspace():
        b -= 1
    out: list[Sentence] = []
    skip_until = _marker_end(text, a, b)
    cur = a
    for m in _END.finditer(text, a, b):
        s, e = m.span()
        if s < skip_until:
            continue
        if e < b and not text[e].isspace():
            continue  # inside a number or a name: 7.2, pacs.008, "e.g.,"
        if s == a or text[s - 1].isspace() or m.group().startswith("...."):
            continue  # dot leaders of a table of contents: "Close . . . . 36", "Close ....... 36"
        nxt = e
        while nxt < b and text[nxt].isspace():
            nxt += 1
        if nxt < b and text[nxt].islower():
            continue
        if m.group().startswith(".") and m.group().rstrip(_CLOSERS) == "." and _not_an_end(text, s):
            continue
        start = _skip_space(text, cur, s)
        out.append(Sentence(start, e, True))
        cur = e
    start = _skip_space(text, cur, b)
    if start < b:
        out.append(Sentence(start, b, False))
    return out


def _skip_space(text: str, pos: int, limit: int) -> int:
    while pos < limit and text[pos].isspace():
        pos += 1
    return pos


def _not_an_end(text: str, dot: int) -> bool:
    """Whether the full stop at `dot` closes an abbreviation, an initial or a line's clause number."""
    line_start = text.rfind("\n", 0, dot) + 1
    # The word before is short: search a short window, so a very long line costs no more.
    m = _WORD_BEFORE.search(text, max(line_start, dot - 64), dot)
    if not m:
        return False
    word = m.group(1).lstrip("([\"'\u2018\u201c")
    if word.lower() in ABBREVIATIONS:
        return True
    if len(word) == 1 and word.isalpha():
        return True  # an initial: "I. Fette", "J. Smith"
    if re.fullmatch(r"(?:[A-Za-z]\.)+[A-Za-z]", word):
        return True  # "e.g", "U.S"
    # A clause number opening its line: "7." or "4.1." at the start of a (wrapped) line.
    return bool(_NUMBER.fullmatch(word)) and not text[line_start:m.start()].strip()


def overlapping(sentences: Sequence[Sentence], start: int, end: int) -> list[Sentence]:
    """The sentences that share at least one character with text[start:end], in order."""
    starts = [s.start for s in sentences]
    i = max(0, bisect.bisect_right(starts, start) - 1)
    out = []
    for s in sentences[i:]:
        if s.start >= end:
            break
        if s.end > start:
            out.append(s)
    return out
