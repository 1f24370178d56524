"""Line-level rules of the structure map: the lines of a text and what one line can be (no I/O).

Every regex here runs on one line of at most MAX_CANDIDATE_CHARS characters (longer lines are
never candidates), so none of them can take long on a long line.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

# What the line before a candidate was: a clause or heading must follow a blank line, a
# heading or the end of a sentence.
BLANK, TEXT, SENTENCE, HEADING = range(4)

# A candidate line is only looked at when it is short; headings and clause starts are, and it
# keeps every regex below on bounded input however long the file's lines are.
MAX_CANDIDATE_CHARS = 200
MAX_HEADING_CHARS = 120

_PART = r"(?:0|[1-9]\d{0,2})"
CLAUSE = re.compile(
    rf"(?P<num>(?:[A-Z](?=\.\d)|{_PART})(?:\.{_PART})*)"
    r"(?P<paren>(?:\((?:[1-9]\d?|[a-z])\)){0,4})"
    r"(?P<dot>\.?)"
    r"[ \t]+(?P<words>\S.*)"
)
KEYWORD = re.compile(
    r"(?P<kw>Part|PART|Chapter|CHAPTER|Section|SECTION|Article|ARTICLE|Annex|ANNEX|Appendix|APPENDIX"
    r"|Schedule|SCHEDULE)[ \t]+(?P<num>\d{1,4}(?:\.\d{1,3})*[a-z]?|[IVXLCDM]{1,8}|[A-Z](?:\.\d{1,3})*)"
    r"(?P<dot>\.?)(?!\w)(?P<rest>.*)"
)
_KEYWORD_SEPARATOR = re.compile(r"[ \t]*[.:)\-–—]?[ \t]*")
# Keyword headings nest by what the words mean; annexes stand beside the body, at the top.
_KEYWORD_RANKS = {
    "part": 1,
    "chapter": 2,
    "section": 3,
    "article": 4,
    "annex": 1,
    "appendix": 1,
    "schedule": 1,
}
_CONTENTS_TITLES = frozenset({"contents", "table of contents", "toc"})
TITLE_OPENERS = "\"'“‘«("
_SENTENCE_ENDS = ".!?…"
_CLOSERS = "\"'”’)]"
_LETTER_BASE = 10_000  # "A.1": letters number appendices and sort apart from digits


class Lines:
    """The text split into lines, with each line's start offset and whether it is on a page."""

    def __init__(self, text: str, pages: Sequence[tuple[int, int]] | None) -> None:
        self.lines = text.split("\n")
        self.starts: list[int] = []
        offset = 0
        for line in self.lines:
            self.starts.append(offset)
            offset += len(line) + 1
        self.off_page: list[bool] = [False] * len(self.lines)
        if pages:
            spans = sorted(pages)
            page_starts = [s for s, _ in spans]
            for i, start in enumerate(self.starts):
                k = bisect.bisect_right(page_starts, start) - 1
                # A line belongs to a page when it starts inside it; an empty line right at a
                # page's end (the separator of two PDF pages) does not.
                on_page = k >= 0 and start < spans[k][1]
                self.off_page[i] = not on_page

    def index(self, offset: int) -> int:
        """The line holding offset."""
        return max(0, bisect.bisect_right(self.starts, offset) - 1)


def line_state(stripped: str) -> int:
    """Whether a text line ends a sentence (the next numbered line may then start a clause)."""
    end = stripped.rstrip(_CLOSERS)
    return SENTENCE if end and end[-1] in _SENTENCE_ENDS else TEXT


def looks_like_title(words: str) -> bool:
    words = words.strip()
    if not words:
        return False
    # A heading starts like a title and does not end like a sentence or a list item.
    return (words[0].isupper() or words[0] in TITLE_OPENERS) and words[-1] not in ".,;:"


def toc_tail(line: str) -> bool:
    """Whether a short line ends like a table-of-contents entry: dot leaders or a spaced page number.

    Written as a scan rather than a regex: ``(\\. ?){3,}\\d+$`` backtracks on long runs of dots.
    """
    line = line.rstrip()
    j = len(line)
    while j > 0 and line[j - 1].isdigit():
        j -= 1
    digits = len(line) - j
    if digits == 0 or digits > 4 or j == 0:
        return False
    k = j
    while k > 0 and line[k - 1] in " \t":
        k -= 1
    if j - k >= 2:
        return True
    dots = 0
    m = k
    while m > 0 and line[m - 1] in ". \t":
        dots += line[m - 1] == "."
        m -= 1
    return dots >= 3


def is_contents_title(title: str) -> bool:
    return title.strip().rstrip(":").strip().lower() in _CONTENTS_TITLES


def toc_after_title(title: str) -> Toc | None:
    return Toc() if is_contents_title(title) else None


class Toc:
    """A "Contents" block: its entries are skipped until the body's first heading shows up.

    The block ends at a markup heading, at a line at column 0 that is not an entry, or at a
    numbered line whose number the block listed already (the body starting over at "1."). In a
    contents list with page numbers, a numbered line without one ends it too.
    """

    def __init__(self) -> None:
        self.numbers: set[tuple[int, ...]] = set()
        self.with_pages: bool | None = None

    def takes(self, line: str, stripped: str) -> tuple[bool, Toc | None]:
        """(whether the line is part of the block, the block still open or None)."""
        if len(stripped) > MAX_CANDIDATE_CHARS:
            return False, None
        match = CLAUSE.fullmatch(stripped)
        number = parse_number(match.group("num"), match.group("paren")) if match is not None else None
        if toc_tail(stripped):
            if self.with_pages is None:
                self.with_pages = True
            if number is not None:
                self.numbers.add(number)
            return True, self
        if line[0].isspace():
            # An indented entry, or an entry's wrapped line.
            if number is not None:
                self.numbers.add(number)
            return True, self
        if number is None:
            return False, None
        if number in self.numbers or self.with_pages:
            return False, None
        self.with_pages = False
        self.numbers.add(number)
        return True, self


def keyword_heading(stripped: str) -> tuple[int, str, tuple[int, ...] | None] | None:
    """A keyword heading line: (rank, label, number or None)."""
    if len(stripped) > MAX_HEADING_CHARS:
        return None
    match = KEYWORD.fullmatch(stripped)
    if match is None or toc_tail(stripped):
        return None
    rest = match.group("rest")
    if rest.strip():
        sep = _KEYWORD_SEPARATOR.match(rest)
        words = rest[sep.end() :] if sep else rest
        # "Section 3 describes ..." is a sentence, not a heading.
        if sep is None or (sep.end() == 0 and not match.group("dot")) or not looks_like_title(words):
            return None
    num = match.group("num")
    rank = _KEYWORD_RANKS[match.group("kw").lower()] + num.count(".")
    return rank, " ".join(stripped.split()), _keyword_number(num)


def _keyword_number(num: str) -> tuple[int, ...] | None:
    """The numbering a keyword heading opens: Section 3 -> (3,), Appendix A -> letter A; roman: None."""
    parts = num.split(".")
    head = parts[0]
    if head.isdigit():
        first = int(head)
    elif len(head) == 1 and head.isupper() and (len(parts) > 1 or head not in "IVXLCDM"):
        first = _LETTER_BASE + ord(head) - ord("A") + 1
    else:
        return None
    try:
        return (first, *(int(p) for p in parts[1:]))
    except ValueError:  # "12a"
        return None


def title_number(title: str) -> tuple[tuple[int, ...] | None, bool]:
    """The number a heading's words start with, and whether it came with a keyword (Section 3)."""
    stripped = title.strip()
    if len(stripped) > MAX_CANDIDATE_CHARS:
        return None, False
    match = CLAUSE.fullmatch(stripped)
    if match is not None:
        return parse_number(match.group("num"), match.group("paren")), False
    number_only = re.fullmatch(rf"((?:[A-Z](?=\.\d)|{_PART})(?:\.{_PART})*)\.?", stripped)
    if number_only is not None:
        return parse_number(number_only.group(1), ""), False
    keyword = KEYWORD.fullmatch(stripped)
    if keyword is not None:
        return _keyword_number(keyword.group("num")), True
    return None, False


def parse_number(num: str, paren: str) -> tuple[int, ...]:
    parts: list[int] = []
    for part in num.split("."):
        parts.append(_LETTER_BASE + ord(part) - ord("A") + 1 if part.isalpha() else int(part))
    for inner in re.findall(r"\(([^)]*)\)", paren):
        parts.append(int(inner) if inner.isdigit() else ord(inner) - ord("a") + 1)
    return tuple(parts)


_NOT_WORD = re.compile(r"[\W_]+")
_LEADING_NUMBER = re.compile(r"[\d.()]+\s*")


def same_title(a: str, b: str) -> bool:
    """Whether two headings are the same words: case, spacing, punctuation and a leading number aside."""
    return bool(a.strip()) and _title_key(a) == _title_key(b) != ""


def _title_key(title: str) -> str:
    title = title.strip()
    if len(title) > MAX_CANDIDATE_CHARS:
        return ""
    title = _LEADING_NUMBER.sub("", title, count=1) if title[:1].isdigit() else title
    return _NOT_WORD.sub("", title).lower()


def line_flags(lines: Lines, spans: Sequence[tuple[int, int]]) -> list[bool]:
    flags = [False] * len(lines.lines)
    for start, end in spans:
        if end <= start:
            continue
        for i in range(lines.index(start), lines.index(end - 1) + 1):
            flags[i] = True
    return flags
