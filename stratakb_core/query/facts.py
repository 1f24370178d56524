"""Facts in text and their normal forms, for strata_verify (no I/O).

A fact is a number, date, amount, percentage, code (AC01, pacs.008, an IBAN, 0x8) or clause
reference. Each becomes a key that does not depend on how it was written, so a drafted fact
matches the passage that states it another way:

* ``30 days`` and ``thirty (30) days`` are ``("qty", 30, "day")``;
* ``EUR 1.000,00``, ``1000 EUR`` and ``€1,000`` are ``("amount", "EUR", 1000)``;
* ``2026-11-04``, ``4 November 2026`` and ``November 4, 2026`` are ``("date", "2026-11-04")``;
* ``5%``, ``5 percent`` and ``five per cent`` are ``("percent", 5)``;
* ``Section 7.4``, ``clause 7.4`` and a bare ``7.4.1`` are ``("clause", ...)``;
* IBANs and other codes compare without case or spaces.

`draft_facts` reads a draft's facts, most specific first (an amount is not also checked as a bare
number); number words count there only before a unit or a number in brackets ("thirty days",
"thirty (30)"), so "one of the parties" holds no fact. `passage_keys` reads every key a passage
can answer for, components included: "4 November 2026" also answers for the month, the day and
month, and the numbers 4 and 2026.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

__all__ = ["Fact", "draft_facts", "passage_keys"]

Key = tuple

_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
    "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
    "nov": 11, "dec": 12,
}
# Capitalised only: "may" is a verb far more often than a month.
_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
          r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?")
_ORD = r"(?:st|nd|rd|th)?"

_CURRENCY_CODES = (
    "EUR", "USD", "GBP", "CHF", "JPY", "CNY", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "AUD", "CAD", "NZD",
    "INR", "RUB", "BRL", "MXN", "ZAR", "HKD", "SGD", "KRW", "TRY", "RON", "BGN", "ISK",
)
_CURRENCY_WORDS = {"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "euro": "EUR", "euros": "EUR",
                   "dollar": "USD", "dollars": "USD", "pound": "GBP", "pounds": "GBP"}
_CUR_BEFORE = r"(?:" + "|".join(_CURRENCY_CODES) + r")\b|[€$£¥]"
_CUR_AFTER = r"(?:" + "|".join(_CURRENCY_CODES) + r"|euros?|dollars?|pounds?)\b|[€$£¥]"

# Units a number can carry, by normal form (singular, lower case).
_UNITS = {
    "business day": r"business[ -]days?", "working day": r"working[ -]days?", "calendar day": r"calendar[ -]days?",
    "banking day": r"banking[ -]days?", "day": r"days?", "week": r"weeks?", "month": r"months?",
    "year": r"years?|yrs?", "hour": r"hours?|hrs?", "minute": r"minutes?|mins?", "second": r"seconds?|secs?",
    "millisecond": r"milliseconds?|ms", "byte": r"bytes?", "bit": r"bits?", "octet": r"octets?",
    "character": r"characters?|chars?", "kilobyte": r"KB|kB|kilobytes?", "megabyte": r"MB|megabytes?",
    "gigabyte": r"GB|gigabytes?", "time": r"times", "attempt": r"attempts?", "retry": r"retries|retry",
    "page": r"pages", "item": r"items", "entry": r"entries", "row": r"rows", "line": r"lines",
}
_UNIT = "(?:" + "|".join(f"(?P<u_{i}>{rx})" for i, rx in enumerate(_UNITS.values())) + r")(?![A-Za-z])"
_UNIT_NAMES = list(_UNITS)

_NUM = r"\d{1,3}(?:[.,]\d{3})+(?:[.,]\d+)?(?![.,]?\d)|\d+(?:[.,]\d+)?(?![.,]?\d)"
_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_WORD_VALUES = {w: i for i, w in enumerate(_ONES)} | {w: 20 + 10 * i for i, w in enumerate(_TENS)}
_NUMWORD = r"(?:" + "|".join(sorted(_WORD_VALUES, key=len, reverse=True)) + r")"
_NUMBER_WORDS = re.compile(
    rf"\b{_NUMWORD}(?:(?:[\s-]+(?:and[\s-]+)?)(?:{_NUMWORD}|hundred|thousand)\b)*\b", re.IGNORECASE)

_CITATION = re.compile(r"\[\s*S\d+(?:\s*[,;]\s*S\d+)*\s*\]")
_CLAUSE_KW = {
    "clause": "", "clauses": "", "section": "", "sections": "", "sec": "", "sec.": "", "§": "", "§§": "",
    "article": "article", "articles": "article", "art": "article", "art.": "article", "annex": "annex",
    "annexes": "annex", "appendix": "appendix", "chapter": "chapter", "chapters": "chapter", "part": "part",
    "parts": "part", "rule": "rule", "rules": "rule", "paragraph": "", "para": "", "para.": "",
}

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iban", re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b")),
    ("date_iso", re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")),
    ("date_dmy", re.compile(rf"\b(\d{{1,2}}){_ORD}\.?\s+({_MONTH}),?\s+(\d{{4}})\b")),
    ("date_mdy", re.compile(rf"\b({_MONTH})\s+(\d{{1,2}}){_ORD},?\s+(\d{{4}})\b")),
    ("month", re.compile(rf"\b({_MONTH}),?\s+(\d{{4}})\b")),
    ("daymonth", re.compile(rf"\b(\d{{1,2}}){_ORD}\.?\s+({_MONTH})(?!\w)"
                            rf"|\b({_MONTH})\s+(\d{{1,2}}){_ORD}\b(?![.,]?\d)")),
    ("time", re.compile(r"\b(\d{1,2}):(\d{2})(?::\d{2})?\b")),
    ("amount", re.compile(rf"(?:(?P<c1>{_CUR_BEFORE})\s?(?P<n1>{_NUM})|(?P<n2>{_NUM})\s?(?P<c2>{_CUR_AFTER}))")),
    ("percent", re.compile(rf"(?P<n>{_NUM})\s?(?:%|percent\b|per\s+cent\b)", re.IGNORECASE)),
    ("clause", re.compile(
        r"(?<![\w§])(clauses?|sections?|sec\.?|§§?|articles?|art\.?|annex(?:es)?|appendix|chapters?|parts?|rules?"
        r"|paragraph|para\.?)\s*(\d+(?:\.\d+)*[a-z]?(?:\(\w{1,4}\))*|(?-i:[IVXLCDM]+\b|[A-Z]\b))", re.IGNORECASE)),
    ("code", re.compile(r"\b0x[0-9A-Fa-f]+\b")),
    ("code", re.compile(r"\b[A-Za-z]+/\d+(?:\.\d+)*\b")),  # HTTP/1.1
    ("code", re.compile(r"\b[A-Za-z]{2,10}\.\d+(?:\.[A-Za-z0-9]+)*\b")),  # pacs.008.001.08
    ("code", re.compile(r"\b[A-Za-z]{1,10}-\d+(?:-[A-Za-z0-9]+)*\b")),  # AT-44, UTF-8, SHA-256
    ("dotted", re.compile(r"(?<![\w.])\d+(?:\.\d+){2,}(?![\w]|\.\d)")),  # 4.3.2: a clause or version
    ("qty", re.compile(rf"(?P<n>{_NUM})[ \t]?-?[ \t]?{_UNIT}", re.IGNORECASE)),
    ("code", re.compile(r"\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])(?!\d+(?:st|nd|rd|th)\b)[A-Za-z0-9]{2,}\b")),
    ("number", re.compile(rf"(?<![\w.,]){_NUM}")),
)


@dataclass(frozen=True)
class Fact:
    text: str  # as written in the draft
    key: Key
    start: int
    end: int


# ---------------------------------------------------------------------------------------------
# Numbers
# ---------------------------------------------------------------------------------------------


def parse_number(raw: str, *, amount: bool = False) -> Decimal | None:
    """A written number's value: 1.000,00 and 1,000.00 are 1000; 2,5 is 2.5; 1.000 is 1000 only
    in an amount (elsewhere 1.0)."""
    s = raw.strip()
    try:
        if "," in s and "." in s:
            dec = "," if s.rfind(",") > s.rfind(".") else "."
            other = "." if dec == "," else ","
            return Decimal(s.replace(other, "").replace(dec, "."))
        if "," in s:
            parts = s.split(",")
            if len(parts) > 2 or (len(parts[1]) == 3 and len(parts[0]) <= 3):
                return Decimal(s.replace(",", ""))
            return Decimal(s.replace(",", "."))
        if "." in s:
            parts = s.split(".")
            if len(parts) > 2 and all(len(p) == 3 for p in parts[1:]):
                return Decimal(s.replace(".", ""))
            if len(parts) == 2 and amount and len(parts[1]) == 3 and len(parts[0]) <= 3:
                return Decimal(s.replace(".", ""))
            return Decimal(s)
        return Decimal(s)
    except InvalidOperation:
        return None


def _norm_decimal(d: Decimal) -> str:
    """A value as a canonical string: 1000, 1000.0 and 1.000E+3 are all '1000'."""
    if d == d.to_integral_value():
        return str(int(d))
    return format(d.normalize(), "f")


def _word_value(phrase: str) -> int | None:
    total, current = 0, 0
    for word in re.split(r"[\s-]+", phrase.lower()):
        if word == "and" or not word:
            continue
        if word == "hundred":
            current = (current or 1) * 100
        elif word == "thousand":
            total += (current or 1) * 1000
            current = 0
        elif word in _WORD_VALUES:
            current += _WORD_VALUES[word]
        else:
            return None
    return total + current


_BRACKETED_DIGITS = re.compile(r"\s*\(\s*\d")
_UNIT_AFTER = re.compile(rf"[ \t]?-?[ \t]?(?:{_UNIT}|%|percent\b|per\s+cent\b)", re.IGNORECASE)


def _normalise(text: str, *, all_words: bool) -> tuple[str, list[tuple[int, int]]]:
    """The text with number words as digits and "30 (30)" as "30"; and, per character of the
    result, the span of the original it stands for."""
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _NUMBER_WORDS.finditer(text):
        value = _word_value(m.group())
        if value is None:
            continue
        after = text[m.end():]
        if not all_words and not (_BRACKETED_DIGITS.match(after) or _UNIT_AFTER.match(after)):
            continue
        out.append(text[pos:m.start()])
        spans.extend((i, i + 1) for i in range(pos, m.start()))
        digits = str(value)
        out.append(digits)
        spans.extend([m.span()] * len(digits))  # each digit stands for the whole phrase
        pos = m.end()
    out.append(text[pos:])
    spans.extend((i, i + 1) for i in range(pos, len(text)))
    joined = "".join(out)
    # "30 (30) days" -> "30 days": drop a bracketed copy of the number just after it.
    result: list[str] = []
    new_spans: list[tuple[int, int]] = []
    last = 0
    for m in re.finditer(r"(?<![\d.,])(\d+)\s*\(\s*(\d+)\s*\)", joined):
        if m.group(1) != m.group(2):
            continue
        result.append(joined[last:m.end(1)])
        new_spans.extend(spans[last:m.end(1)])
        last = m.end()
    result.append(joined[last:])
    new_spans.extend(spans[last:])
    return "".join(result), new_spans


# ---------------------------------------------------------------------------------------------
# Extraction
# ---------------------------------------------------------------------------------------------


def _month(name: str) -> int:
    return _MONTHS[name.rstrip(".").lower()]


def _date_key(y: int, m: int, d: int) -> Key | None:
    try:
        return ("date", datetime.date(y, m, d).isoformat())
    except ValueError:
        return None


def _keys_of(kind: str, m: re.Match[str]) -> list[Key]:
    """The keys a match stands for; the first is the one a draft fact is checked by."""
    g = m.group
    if kind == "iban":
        return [("code", re.sub(r"\s+", "", g()).upper())]
    if kind in ("date_iso", "date_dmy", "date_mdy"):
        if kind == "date_iso":
            y, mo, d = int(g(1)), int(g(2)), int(g(3))
        elif kind == "date_dmy":
            y, mo, d = int(g(3)), _month(g(2)), int(g(1))
        else:
            y, mo, d = int(g(3)), _month(g(1)), int(g(2))
        key = _date_key(y, mo, d)
        if key is None:
            return []
        return [key, ("month", f"{y:04d}-{mo:02d}"), ("daymonth", f"{mo:02d}-{d:02d}"), ("num", str(y)),
                ("num", str(d))]
    if kind == "month":
        y, mo = int(g(2)), _month(g(1))
        return [("month", f"{y:04d}-{mo:02d}"), ("num", str(y))]
    if kind == "daymonth":
        if g(1):
            d, mo = int(g(1)), _month(g(2))
        else:
            d, mo = int(g(4)), _month(g(3))
        if not 1 <= d <= 31:
            return []
        return [("daymonth", f"{mo:02d}-{d:02d}"), ("num", str(d))]
    if kind == "time":
        h, mi = int(g(1)), int(g(2))
        if h > 24 or mi > 59:
            return []
        return [("time", f"{h}:{mi:02d}"), ("num", str(h))]
    if kind == "amount":
        cur_raw, num_raw = (g("c1"), g("n1")) if g("c1") else (g("c2"), g("n2"))
        value = parse_number(num_raw, amount=True)
        if value is None:
            return []
        cur = _CURRENCY_WORDS.get(cur_raw.lower(), _CURRENCY_WORDS.get(cur_raw, cur_raw.upper()))
        return [("amount", cur, _norm_decimal(value)), ("num", _norm_decimal(value))]
    if kind == "percent":
        value = parse_number(g("n"))
        if value is None:
            return []
        return [("percent", _norm_decimal(value)), ("num", _norm_decimal(value))]
    if kind == "clause":
        word = g(1).lower()
        kw = _CLAUSE_KW.get(word, _CLAUSE_KW.get(word.rstrip("s"), ""))
        num = g(2).lower().rstrip(".")
        if num[0].isdigit():
            keys: list[Key] = [("clause", num)]
            if "." not in num and "(" not in num:
                keys.append(("num", num))
            return keys
        return [("clause", f"{kw or 'section'} {num}")]
    if kind == "code":
        return [("code", re.sub(r"\s+", "", g()).upper())]
    if kind == "dotted":
        return [("clause", g())]
    if kind == "qty":
        value = parse_number(g("n"))
        unit = next(_UNIT_NAMES[int(k[2:])] for k, v in m.groupdict().items() if k.startswith("u_") and v)
        if value is None:
            return []
        return [("qty", _norm_decimal(value), unit), ("num", _norm_decimal(value))]
    if kind == "number":
        raw = g()
        value = parse_number(raw)
        if value is None:
            return []
        keys = [("num", _norm_decimal(value))]
        if raw.count(".") == 1 and "," not in raw:
            keys.append(("clause", raw))  # a bare 7.2 can be a clause number
        return keys
    return []


def _scan(text: str) -> list[tuple[int, int, list[Key]]]:
    """Non-overlapping matches, most specific kind first, in text order."""
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, int, list[Key]]] = []
    for kind, rx in _PATTERNS:
        for m in rx.finditer(text):
            a, b = m.span()
            if a == b or any(a < y and x < b for x, y in taken):
                continue
            keys = _keys_of(kind, m)
            if not keys:
                continue
            taken.append((a, b))
            found.append((a, b, keys))
    found.sort(key=lambda f: f[0])
    return found


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        for i in range(a, b):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def draft_facts(text: str) -> list[Fact]:
    """The facts a piece of a draft states (its citations ignored), each with its normal key."""
    text = _blank(text, [m.span() for m in _CITATION.finditer(text)])
    norm, spans = _normalise(text, all_words=False)
    facts = []
    for a, b, keys in _scan(norm):
        oa, ob = spans[a][0], spans[b - 1][1]
        facts.append(Fact(text[oa:ob], keys[0], oa, ob))
    return facts


def _line_start_numbers(text: str) -> list[Key]:
    """Clause numbers that open a line ("7.", "7.2 ", "4.1.2.  Title"): a passage that holds the
    clause answers for "Section 7"."""
    return [("clause", m.group(1).rstrip(".")) for m in re.finditer(r"(?m)^[ \t]*(\d+(?:\.\d+)*)\.?[ \t]", text)]


def passage_keys(text: str) -> set[Key]:
    """Every key a passage's text can answer for."""
    norm, _ = _normalise(text, all_words=True)
    keys: set[Key] = set()
    for _a, _b, ks in _scan(norm):
        keys.update(ks)
    # Numbers inside larger facts (an amount's figure, a code's digits) answer for bare numbers too.
    for m in re.finditer(rf"(?<![\w.,]){_NUM}", norm):
        value = parse_number(m.group())
        if value is not None:
            keys.add(("num", _norm_decimal(value)))
    keys.update(_line_start_numbers(norm))
    return keys
