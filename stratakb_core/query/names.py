"""The names a question asks about, and which of them no passage holds (no I/O).

strata_ask picks out names (spec "Names no passage holds"): dotted names (asyncio.TaskPool),
snake_case, CamelCase, __dunder__ names, bracketed keys (config["timeout"]), codes (AC04, AT-44,
pacs.008), words of 8 or more capitals (PYTHONHASHSEED) and numbered references (PEP 8,
RFC 2119), the first 10 in the order they are written. Never names: shorter capitals (HTTP,
JSON, SEPA, acronyms), any word for being in capitals in a question written in capitals,
ordinary words, clause references (clause 2.2, 7.2.1, Article 12) and account numbers (IBANs,
long digit runs).

A name matches without case or spacing, in the passage text or its file path: PEP 8 matches
PEP8 and pep-0008, AC04 matches "ac 04", pacs.008 matches "PACS.008".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["MAX_NAMES", "Name", "find_names", "missing_names", "missing_note", "name_in"]

MAX_NAMES = 10

# Words that make "Section 4" or "ARTICLE 12" a clause reference, not a numbered document.
_CLAUSE_WORDS = frozenset({
    "article", "articles", "art", "section", "sections", "sec", "clause", "clauses", "annex", "annexes",
    "appendix", "schedule", "part", "chapter", "rule", "page", "pages", "paragraph", "para", "item",
    "step", "line", "lines", "table", "figure", "fig", "version", "level", "phase", "no", "nr",
})
# Currency codes: "EUR 100" is an amount, not a numbered reference.
_CURRENCIES = frozenset({
    "EUR", "USD", "GBP", "CHF", "JPY", "CNY", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "AUD", "CAD",
    "NZD", "INR", "RUB", "BRL", "MXN", "ZAR", "HKD", "SGD", "KRW", "TRY", "RON", "BGN", "ISK",
})

_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b")
_ACCOUNT = re.compile(r"\b\d[\d -]{6,}\d\b")

# PEP 8, RFC 2119, PEP8, RFC2119: capitals, then a space or (three capitals or more) nothing, then a
# whole number. AC04 (two capitals, no space) is a code; TLS 1.3 is not a numbered reference.
_NUMBERED = re.compile(r"\b(?:([A-Z]{2,6})[ \t]+|([A-Z]{3,6}))(\d{1,6})\b(?![.,]\d)")

# Each kind, most specific first; a span taken by one kind is not read again by a later one.
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("bracketed", re.compile(r"[A-Za-z_][\w.]{0,60}(?:\[(?:\"[^\"\n]{1,80}\"|'[^'\n]{1,80}'|[\w.-]{1,80})\]){1,5}")),
    ("numbered", _NUMBERED),
    ("code", re.compile(r"\b[A-Za-z]{2,10}(?:[-.]\d+)+(?:[-.][A-Za-z0-9]+)*\b")),
    ("dunder", re.compile(r"(?<![\w.])(?:[A-Za-z_]\w{0,60}\.){0,10}__\w{1,60}__(?:\.\w{1,60}){0,10}")),
    ("dotted", re.compile(r"(?<![\w.])[A-Za-z_]\w{0,60}(?:\.[A-Za-z_]\w{0,60}){1,10}(?![\w.]*\w)")),
    ("snake", re.compile(r"(?<![\w.])_?[A-Za-z][A-Za-z0-9]{0,60}(?:_[A-Za-z0-9]{1,60}){1,10}\b")),
    ("code", re.compile(r"\b[A-Z]{1,6}\d{1,6}[A-Z0-9]*\b")),
    ("camel", re.compile(r"\b[A-Za-z][a-z0-9]{0,40}(?:[A-Z]{1,10}[a-z0-9]{1,40}){1,10}[A-Z]{0,10}\b"
                         r"|\b[A-Z]{2,10}[a-z]{1,40}[A-Za-z0-9]{0,40}\b")),
    ("capitals", re.compile(r"\b[A-Z]{8,}\b")),
)
_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass(frozen=True)
class Name:
    text: str  # as written in the question
    kind: str  # bracketed, numbered, code, dunder, dotted, snake, camel, capitals


def _written_in_capitals(question: str, taken: Sequence[tuple[int, int]]) -> bool:
    """A question in capitals: its words of 2 to 7 letters (names aside) are all capitals, and
    there are at least two of them."""
    words = [m.group() for m in _WORD.finditer(question)
             if not any(a <= m.start() < b for a, b in taken) and len(m.group()) < 8]
    return len(words) >= 2 and all(w.isupper() for w in words)


def find_names(question: str) -> list[Name]:
    """The names in a question, in the order written, without duplicates, at most 10."""
    text = question[:10_000]
    excluded = [m.span() for m in _IBAN.finditer(text)] + [m.span() for m in _ACCOUNT.finditer(text)]
    taken: list[tuple[int, int]] = list(excluded)
    found: list[tuple[int, Name]] = []
    capitals: list[tuple[int, int, str]] = []
    for kind, rx in _KINDS:
        for m in rx.finditer(text):
            a, b = m.span()
            if any(a < y and x < b for x, y in taken):
                continue
            value = m.group()
            if kind == "capitals":
                capitals.append((a, b, value))
                continue
            if not _keep(kind, m):
                continue
            taken.append((a, b))
            found.append((a, Name(value, kind)))
    if not _written_in_capitals(text, taken):
        found.extend((a, Name(v, "capitals")) for a, b, v in capitals)
    found.sort(key=lambda x: x[0])
    seen: set[str] = set()
    out: list[Name] = []
    for _, name in found:
        key = _key(name)
        if key not in seen:
            seen.add(key)
            out.append(name)
    return out[:MAX_NAMES]


def _keep(kind: str, m: re.Match[str]) -> bool:
    value = m.group()
    if kind == "numbered":
        word = m.group(1) or m.group(2)
        return word.lower() not in _CLAUSE_WORDS and word not in _CURRENCIES
    if kind == "dotted":
        parts = value.split(".")
        # "e.g", "i.e", "U.S": abbreviations, not names.
        return not all(len(p) == 1 for p in parts)
    if kind == "code":
        if value.split("-")[0].split(".")[0].lower() in _CLAUSE_WORDS:
            return False
        return any(ch.isdigit() for ch in value) and any(ch.isalpha() for ch in value)
    if kind == "snake":
        return any(ch.isalpha() for ch in value.replace("_", ""))
    return True


def _key(name: Name) -> str:
    if name.kind == "numbered":
        m = _NUMBERED.fullmatch(name.text)
        if m:
            return f"{(m.group(1) or m.group(2)).lower()}{int(m.group(3))}"
    return re.sub(r"\s+", "", name.text.lower())


def _pattern(name: Name) -> re.Pattern[str]:
    """A name as a pattern that ignores case and spacing, bounded so AC04 does not match AC045."""
    if name.kind == "numbered":
        m = _NUMBERED.fullmatch(name.text)
        if m:
            letters = re.escape(m.group(1) or m.group(2))
            return re.compile(rf"(?<![A-Za-z0-9]){letters}[\s_-]*0*{int(m.group(3))}(?!\d)", re.IGNORECASE)
    chars = [c for c in name.text if not c.isspace()]
    body = r"\s*".join(re.escape(c) for c in chars)
    before = r"(?<![A-Za-z0-9_])" if chars and (chars[0].isalnum() or chars[0] == "_") else ""
    after = r"(?![A-Za-z0-9_])" if chars and (chars[-1].isalnum() or chars[-1] == "_") else ""
    return re.compile(before + body + after, re.IGNORECASE)


def name_in(name: Name, texts: Iterable[str]) -> bool:
    """Whether any of the texts (passage texts, file paths) holds the name."""
    rx = _pattern(name)
    return any(rx.search(t) for t in texts if t)


def missing_names(names: Sequence[Name], texts: Sequence[str]) -> list[Name]:
    """The names none of the texts holds, in the question's order."""
    return [n for n in names if not name_in(n, texts)]


def missing_note(names: Sequence[Name]) -> str:
    """The note naming the names no passage holds."""
    shown = ", ".join(n.text for n in names)
    return f"No passage holds {shown}: the passages do not answer for {'it' if len(names) == 1 else 'them'}."
