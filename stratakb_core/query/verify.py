"""Checking a drafted answer against the passages it cites (no I/O, no model).

`check_draft` takes the draft and the text of each passage (S1 first; None for a passage whose ref
could not be read, which carries its own passage flag) and returns a `DraftCheck`:

* Sentences. A sentence ends at a line break, or at ., ! or ? unless a lower-case letter follows,
  or a digit follows anything but a citation. An end mark inside a quote does not end one, nor
  does one directly followed by a letter or digit (7.2, asyncio.TaskPool). Citations right after
  the end (``... notice. [S1]``) belong to the sentence before them, unless a lower-case word
  follows; a line that holds only citations belongs to the sentence before it. Several citations
  may be separated by commas or semicolons (``[S1], [S2]``, ``[S1; S2]``).
* Citations. A draft with no citation at all is flagged, even when its quotes and facts match. An
  [S1] inside a quote does not count. A citation of a passage that was not given is flagged.
* Quotes. Every quoted span ("...", curly quotes or guillemets) must appear in a passage its
  sentence cites, as whole words, with white space and typographic quotes normalised and the
  first letter's case free; ``...`` or ``…`` marks an omission, and each part around it needs at
  least two words.
* Facts. Every number, date, amount, percentage, code and clause reference outside the quotes
  must appear in a passage its sentence cites, after normalisation (`facts`). A sentence that
  cites several passages may use any of them; one that cites none, in a draft that cites
  elsewhere, is checked against all passages.
* Sentences with no quote or fact are unchecked; they are listed (at most 50, each cut to 200
  characters) unless the draft holds no quote or fact at all. A sentence that is only a
  citation is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from stratakb_core.query.facts import Fact, draft_facts, passage_keys

__all__ = [
    "MAX_DRAFT_CHARS",
    "MAX_FLAGS",
    "MAX_PASSAGES",
    "DraftCheck",
    "DraftSentence",
    "Flag",
    "check_draft",
    "outcome",
    "passage_range",
    "split_draft",
]

MAX_DRAFT_CHARS = 50_000
MAX_PASSAGES = 50
MAX_FLAGS = 50
MAX_UNCHECKED = 50
UNCHECKED_CHARS = 200

NOTHING_CHECKED_RESULT = ("Nothing was checked: the draft cites passages but holds no quote, number, date, "
                          "amount, code or clause reference. Quote the supporting passage and verify again, "
                          "or tell the reader the answer is unverified.")

_CITATION = re.compile(r"\[\s*S(\d{1,4})((?:\s*[,;]\s*S\d{1,4})*)\s*\]")
_CITATION_RUN = re.compile(r"(?:\[\s*S\d{1,4}(?:\s*[,;]\s*S\d{1,4})*\s*\](?:[ \t]*[,;]?[ \t]*))+")
_QUOTE = re.compile(r"\"([^\"\n]+)\"|\u201c([^\u201d\n]+)\u201d|\u00ab\s?([^\u00bb\n]+?)\s?\u00bb")
_OMISSION = re.compile(r"\s*(?:\.\.\.|\u2026)\s*")
_CLOSERS = ")]\"'\u2019\u201d\u00bb"


@dataclass(frozen=True)
class Quote:
    text: str  # between the quotation marks
    start: int  # offsets in the draft, marks included
    end: int


@dataclass(frozen=True)
class DraftSentence:
    index: int  # 1-based
    start: int
    end: int
    text: str
    citations: tuple[int, ...]  # passage numbers as written, outside quotes, in order
    quotes: tuple[Quote, ...]
    facts: tuple[Fact, ...]

    @property
    def only_citations(self) -> bool:
        return not _CITATION.sub("", self.text).strip(" \t,;.")


@dataclass(frozen=True)
class Flag:
    kind: str  # quote, fact, citation
    reason: str  # not_found, omission_too_short, no_citation, unknown_passage
    message: str
    text: str | None = None
    sentence: int | None = None
    searched: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        out: dict = {"kind": self.kind, "reason": self.reason, "message": self.message}
        if self.text is not None:
            out["text"] = self.text
        if self.sentence is not None:
            out["sentence"] = self.sentence
        if self.searched:
            out["searched"] = list(self.searched)
        return out


@dataclass(frozen=True)
class QuoteMatch:
    sentence: int
    quote: str
    passage: int  # 1-based
    spans: tuple[tuple[int, int], ...]  # where each part sits in the passage text


@dataclass(frozen=True)
class FactMatch:
    sentence: int
    text: str
    passage: int


@dataclass
class DraftCheck:
    sentences: list[DraftSentence]
    flags: list[Flag] = field(default_factory=list)
    quotes: list[QuoteMatch] = field(default_factory=list)
    facts: list[FactMatch] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    quote_count: int = 0
    fact_count: int = 0

    @property
    def checked_anything(self) -> bool:
        return self.quote_count + self.fact_count > 0


def passage_range(numbers: Sequence[int]) -> str:
    """S1–S4 for a run of three or more, else a list: S1, S3."""
    nums = sorted(set(numbers))
    parts: list[str] = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"S{nums[i]}\u2013S{nums[j]}")
        else:
            parts.extend(f"S{n}" for n in nums[i:j + 1])
        i = j + 1
    return ", ".join(parts)


# ---------------------------------------------------------------------------------------------
# Splitting a draft into sentences
# ---------------------------------------------------------------------------------------------


def _citation_numbers(text: str) -> list[int]:
    nums: list[int] = []
    for m in _CITATION.finditer(text):
        nums.append(int(m.group(1)))
        nums.extend(int(n) for n in re.findall(r"S(\d{1,4})", m.group(2)))
    return nums


def _ends_with_citation(draft: str, pos: int) -> bool:
    before = draft[:pos].rstrip()
    return before.endswith("]") and bool(re.search(r"\[\s*S\d{1,4}(?:\s*[,;]\s*S\d{1,4})*\s*\]$", before))


def _sentence_ends(draft: str, quotes: Sequence[Quote]) -> list[int]:
    """Offsets just past each sentence's end (before citations are attached)."""
    inside = bytearray(len(draft) + 1)  # 1 inside a quote's marks
    closes: dict[int, Quote] = {}
    for q in quotes:
        inside[q.start + 1:q.end - 1] = b"\x01" * max(0, q.end - q.start - 2)
        closes[q.end - 1] = q
    ends: list[int] = []
    n = len(draft)
    i = 0
    while i < n:
        ch = draft[i]
        if ch == "\n":
            ends.append(i)
            i += 1
            continue
        if ch in ".!?" and not inside[i]:
            j = i + 1
            while j < n and draft[j] in ".!?":
                j += 1
            while j < n and draft[j] in _CLOSERS and not inside[j]:
                j += 1
            if _is_end(draft, i, j):
                ends.append(j)
            i = j
            continue
        # A quote whose text ends with an end mark closes the sentence at its closing mark.
        q = closes.get(i)
        if q is not None and q.text.rstrip()[-1:] in (".", "!", "?") and _is_end(draft, i, i + 1):
            ends.append(i + 1)
        i += 1
    return ends


def _is_end(draft: str, mark: int, after: int) -> bool:
    n = len(draft)
    if after < n and not draft[after].isspace() and draft[after] != "[":
        return False  # 7.2, asyncio.TaskPool, "e.g.,"
    k = after
    while k < n and draft[k] in " \t":
        k += 1
    if k >= n or draft[k] == "\n":
        return True
    nxt = draft[k]
    if nxt.islower():
        return False
    return not (nxt.isdigit() and not _ends_with_citation(draft, mark))


def split_draft(draft: str) -> list[DraftSentence]:
    """The draft's sentences with their citations, quotes and facts."""
    quotes = [Quote(next(g for g in m.groups() if g is not None), m.start(), m.end())
              for m in _QUOTE.finditer(draft)]
    ends = _sentence_ends(draft, quotes)
    bounds: list[tuple[int, int]] = []
    start = 0
    for e in ends:
        bounds.append((start, e))
        start = e
    bounds.append((start, len(draft)))
    # Attach citations that open a piece to the piece before, unless a lower-case word follows.
    pieces: list[list[int]] = []
    for a, b in bounds:
        lead = len(draft[a:b]) - len(draft[a:b].lstrip())
        m = _CITATION_RUN.match(draft, a + lead, b)
        target = next((p for p in reversed(pieces) if draft[p[0]:p[1]].strip()), None)
        if m and target is not None:
            rest = draft[m.end():b].lstrip(" \t")
            if not rest[:1].islower():
                target[1] = m.end()
                a = m.end()
        pieces.append([a, b])
    out: list[DraftSentence] = []
    for a, b in pieces:
        text = draft[a:b]
        if not text.strip():
            continue
        lead = len(text) - len(text.lstrip())
        a += lead
        b = a + len(text.strip())
        text = draft[a:b]
        own_quotes = tuple(q for q in quotes if a <= q.start and q.end <= b)
        outside = _blank_spans(text, [(q.start - a, q.end - a) for q in own_quotes])
        out.append(DraftSentence(
            index=len(out) + 1, start=a, end=b, text=text,
            citations=tuple(_citation_numbers(outside)), quotes=own_quotes,
            facts=tuple(draft_facts(outside)),
        ))
    return out


def _blank_spans(text: str, spans: Sequence[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        for i in range(max(0, a), min(len(chars), b)):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


# ---------------------------------------------------------------------------------------------
# Quotes
# ---------------------------------------------------------------------------------------------


def _token_pattern(token: str) -> str:
    out = []
    for ch in token:
        if ch in "'\u2018\u2019":
            out.append("['\u2018\u2019]")
        elif ch in "\"\u201c\u201d":
            out.append("[\"\u201c\u201d]")
        else:
            out.append(re.escape(ch))
    return "".join(out)


def _part_pattern(part: str) -> re.Pattern[str]:
    tokens = part.split()
    body = r"\s+".join(_token_pattern(t) for t in tokens)
    first = tokens[0][0]
    if first.isalpha():  # the first letter's case is free: a quote may start mid-sentence
        body = f"[{re.escape(first.lower())}{re.escape(first.upper())}]" + body[len(re.escape(first)):]
    before = r"(?<![\w])" if part[0].isalnum() else ""
    after = r"(?![\w])" if part[-1].isalnum() else ""
    return re.compile(before + body + after)


def quote_parts(quote: str) -> list[str]:
    return [p.strip() for p in _OMISSION.split(quote.strip())]


def find_quote(quote: str, passage: str) -> tuple[tuple[int, int], ...] | None:
    """Where the quote's parts sit in the passage, in order, as whole words; None if they don't."""
    parts = [p for p in quote_parts(quote) if p]
    if not parts:
        return None
    spans: list[tuple[int, int]] = []
    pos = 0
    for part in parts:
        m = _part_pattern(part).search(passage, pos)
        if not m:
            return None
        spans.append(m.span())
        pos = m.end()
    return tuple(spans)


# ---------------------------------------------------------------------------------------------
# The check
# ---------------------------------------------------------------------------------------------


def check_draft(draft: str, passages: Sequence[str | None]) -> DraftCheck:
    """Check the draft against the passages' text (S1 first; None: unreadable, flagged elsewhere)."""
    sentences = split_draft(draft)
    check = DraftCheck(sentences)
    n = len(passages)
    keys_cache: dict[int, set] = {}

    def keys(i: int) -> set:
        if i not in keys_cache:
            keys_cache[i] = passage_keys(passages[i - 1] or "")
        return keys_cache[i]

    any_citation = any(s.citations for s in sentences)
    if not any_citation:
        check.flags.append(Flag("citation", "no_citation",
                                "The draft cites no passage: cite each claim by passage id, such as [S1]."))
    all_numbers = list(range(1, n + 1))
    for s in sentences:
        valid = [c for c in dict.fromkeys(s.citations) if 1 <= c <= n]
        for c in dict.fromkeys(s.citations):
            if not 1 <= c <= n:
                given = ("1 passage was given (S1)" if n == 1
                         else f"{n} passages were given ({passage_range(all_numbers)})")
                check.flags.append(Flag("citation", "unknown_passage", f"[S{c}] cites no passage: {given}",
                                        text=f"[S{c}]", sentence=s.index))
        scope = valid if s.citations else all_numbers
        readable = [i for i in scope if passages[i - 1] is not None]
        searched = tuple(f"S{i}" for i in scope)
        where = passage_range(scope) if scope else "the passages given (the sentence cites none of them)"
        for q in s.quotes:
            check.quote_count += 1
            parts = quote_parts(q.text)
            if len(parts) > 1 and any(len(p.split()) < 2 for p in parts):
                check.flags.append(Flag("quote", "omission_too_short",
                                        f'"{q.text}": each part around an omission (...) needs at least '
                                        "two words", text=q.text, sentence=s.index, searched=searched))
                continue
            found = None
            for i in readable:
                spans = find_quote(q.text, passages[i - 1] or "")
                if spans:
                    found = (i, spans)
                    break
            if found is None:
                check.flags.append(Flag("quote", "not_found", f'"{q.text}" not found in {where}',
                                        text=q.text, sentence=s.index, searched=searched))
            else:
                check.quotes.append(QuoteMatch(s.index, q.text, found[0], found[1]))
        for f in s.facts:
            check.fact_count += 1
            hit = next((i for i in readable if f.key in keys(i)), None)
            if hit is None:
                check.flags.append(Flag("fact", "not_found", f'"{f.text}" not found in {where}',
                                        text=f.text, sentence=s.index, searched=searched))
            else:
                check.facts.append(FactMatch(s.index, f.text, hit))
    if check.checked_anything:
        check.unchecked = [s.text[:UNCHECKED_CHARS] for s in sentences
                           if not s.quotes and not s.facts and not s.only_citations][:MAX_UNCHECKED]
    return check


def outcome(check: DraftCheck, passage_flags: Sequence[dict] = ()) -> dict:
    """The strata_verify result for a check (without the receipt a verified draft then gets): any flag
    (a passage's or the draft's) makes it flagged, with at most 50 flags; a draft with no quote or
    fact is nothing_checked; otherwise verified."""
    flags = [*passage_flags, *(f.as_dict() for f in check.flags)]
    checked = {"quotes": check.quote_count, "facts": check.fact_count}
    if flags:
        out: dict = {"status": "flagged", "flags": flags[:MAX_FLAGS], "checked": checked}
        if len(flags) > MAX_FLAGS:
            out["flags_omitted"] = len(flags) - MAX_FLAGS
        if check.unchecked:
            out["unchecked_sentences"] = check.unchecked
        return out
    if not check.checked_anything:
        return {"status": "nothing_checked", "checked": checked, "note": NOTHING_CHECKED_RESULT}
    out = {"status": "verified", "checked": checked, "unchecked_sentences": check.unchecked}
    if check.unchecked:
        n = len(check.unchecked)
        out["note"] = (f"{n} sentence{'s' if n != 1 else ''} held no quote or fact and {'was' if n == 1 else 'were'} "
                       "not checked (unchecked_sentences): tell the reader.")
    return out
