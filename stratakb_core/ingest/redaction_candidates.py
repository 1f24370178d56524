"""Candidate values for the learned redaction scorer, and the hashed features that describe each one.

A *candidate* is a string that could be a secret the rules did not name: a token of four characters or more that holds
a digit, a symbol or both letter cases (the value after ``key=`` when the token is a pair; not a UUID), or a phrase of
two to seven words after a colon or a copula ("is", "lautet", "est" ...), the shape a passphrase takes in prose. Its
features are its shape (character classes, length, a compressed pattern such as ``Aa9s``), the words and character
5-grams before it on its line, the three words after it, the previous line's last words and, in a markdown table, its
column's header. Each feature is hashed with CRC-32 (stable across processes and Python versions, unlike ``hash``)
into ``DIM`` buckets; ``redaction_scorer`` weighs them. Tokenising here is hand-written on purpose: the tokens a
secret hides in (``Pw!x-12``, ``2580*``, a value inside ``Password=...;``) are what general tokenizers split apart.
A Han, kana or Hangul character ends a token, so the digits after "密码：" or "PIN：" stand alone.

Pure functions of the text: the trainer (``scripts/train_redaction_scorer.py``) and ``redact`` call the same code.
"""

from __future__ import annotations

import re
import zlib
from typing import Final, NamedTuple

__all__ = ["DIM", "MAX_LINE", "Candidate", "candidates"]

DIM: Final = 1 << 18
MAX_LINE: Final = 1000  # characters: longer lines (minified data, base64 blobs) are left to the rules
MAX_CANDIDATES: Final = 20_000  # per text: a bigger document keeps its first ones scored, time stays bounded

# a run of Latin/Greek/Cyrillic letters, digits and ASCII symbols other than the separators; CJK, Hangul, fullwidth
# forms, CJK punctuation and typographic quotes end it
_TOKEN: Final = re.compile(
    "[^\\s\"'`<>(){}\\[\\],;|\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f"
    "\u2018-\u201f\u00ab\u00bb]{4,}"
)
_PAIR: Final = re.compile(r"([A-Za-z_][\w.-]{0,40})=(?=\S)")
# a phrase after a colon, "=" or a copula, up to the clause's end: a passphrase said in prose
_PHRASE: Final = re.compile(
    r"(?:[:：=]|\b(?:is|ist|lautet|est|es|er|är|was|luidt|è|é|jest|on)\b)\s*[\"'“‘«]?"
    r"((?:[^\W\d_]+|\d{1,4})(?:[ ][^\W_]+){1,6})[\"'”’»]?(?=\s*(?:$|[.,;!?–—-]\s|[.!?]$|\)|\s-\s))",
    re.IGNORECASE,
)
# a verb or a negation inside the phrase makes it a sentence
_SENTENCE: Final = re.compile(
    r"\b(?:is|are|was|were|be|been|not|no|ist|sind|war|nicht|kein|est|sont|pas|es|son|está|no|er|är|inte|ikke|niet"
    r"|è|non|é|não|jest|nie)\b",
    re.IGNORECASE,
)
_WORD: Final = re.compile(r"\w+")
_CLASSES: Final = (
    ("l", re.compile("[a-z]")), ("U", re.compile("[A-Z]")), ("d", re.compile(r"\d")), ("s", re.compile(r"[^\w]")),
)  # fmt: skip
_HEX: Final = re.compile(r"[0-9a-f]+")
_WANTED: Final = re.compile(r"[\d\W_]")
_UUID: Final = re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")
_PATTERN_STEPS: Final = ((re.compile(r"[A-Z]+"), "A"), (re.compile(r"[a-z]+"), "a"), (re.compile(r"\d+"), "9"))


class Candidate(NamedTuple):
    start: int
    end: int
    features: tuple[int, ...]  # sorted hashed buckets, each below ``DIM``


def _pattern(value: str) -> str:
    for rx, letter in _PATTERN_STEPS:
        value = rx.sub(letter, value)
    return value[:12]


def _shape(value: str) -> list[str]:
    cls = "".join(c for c, rx in _CLASSES if rx.search(value))
    n = len(value)
    size = n if n < 12 else 12 + min(n // 8, 10)
    f = [f"cls={cls}", f"len={size}", f"ent={int(len(set(value)) / n * 5)}", f"cls_len={cls}_{size}",
         f"pre={value[:3].lower()}", f"pat={_pattern(value)}"]  # fmt: skip
    if value.isdigit():
        f.append(f"digits={min(n, 12)}")
    if _HEX.fullmatch(value):
        f.append(f"hex={min(n // 8, 9)}")
    return f + [name for name, hit in (("at", "@" in value), ("url", "://" in value)) if hit]


def _context(line: str, start: int, end: int, prev_words: list[str], header: list[str]) -> list[str]:
    left = line[max(0, start - 50) : start].lower()
    words = _WORD.findall(left)[-6:]
    f = [f"w={w}" for w in words] + [f"lw={words[-1] if words else '<none>'}", f"sep={left.rstrip()[-2:]}"]
    if len(words) >= 2:
        f.append(f"bw={words[-2]}_{words[-1]}")
    f += [f"g={left[k : k + 5]}" for k in range(len(left) - 4)]
    f += [f"r={w}" for w in _WORD.findall(line[end : end + 40].lower())[:3]]
    f.append("last" if not line[end:].strip(" .,;!?'\")") else "notlast")
    return f + [f"pw={w}" for w in prev_words] + [f"col={w}" for w in header]


def _column_header(header_cells: list[str], cell: int) -> list[str]:
    """The first words of column ``cell``'s header (the table's first row, split at its bars)."""
    return _WORD.findall(header_cells[cell].lower())[:3] if 0 <= cell < len(header_cells) else []


def _line_values(line: str) -> list[tuple[int, int, list[str]]]:
    found: list[tuple[int, int, list[str]]] = []
    for m in _TOKEN.finditer(line):
        token, start, extra = m.group(), m.start(), []
        pair = _PAIR.match(token)
        if pair and "://" not in token:
            extra = [f"key={pair.group(1).lower()}", "kv"]
            token, start = token[pair.end() :], start + pair.end()
        value = token.strip(".:!?")
        if len(value) < 4 or not (_WANTED.search(value) or value.lower() != value != value.upper()):
            continue
        if _UUID.fullmatch(value):  # the rules judge a UUID (kept unless a key's header names it)
            continue
        start += token.index(value)
        found.append((start, start + len(value), _shape(value) + extra))
    for m in _PHRASE.finditer(line):
        phrase = m.group(1)
        if _SENTENCE.search(phrase):  # "Basic authentication is disabled": a sentence, not a passphrase
            continue
        shape = ["phrase", f"nw={len(phrase.split())}", f"phr_low={phrase == phrase.lower()}"]
        found.append((m.start(1), m.end(1), shape))
    return found


def _hashed(names: list[str]) -> tuple[int, ...]:
    return tuple(sorted({zlib.crc32(name.encode()) % DIM for name in names}))


def candidates(text: str) -> list[Candidate]:
    """Each candidate value of ``text`` (offsets into it) with its hashed features, line by line."""
    out: list[Candidate] = []
    offset, prev_words = 0, []
    header_cells: list[str] | None = None  # the cells of the current markdown table's first row
    for line in text.split("\n"):
        in_table = line.lstrip().startswith("|")
        if in_table and header_cells is None:
            header_cells, in_table = line.strip().strip("|").split("|"), False  # the header row has no header
        elif not in_table:
            header_cells = None
        if len(line) <= MAX_LINE:
            for start, end, shape in _line_values(line):
                header = _column_header(header_cells or [], line[:start].count("|") - 1) if in_table else []
                context = _context(line, start, end, prev_words, header)
                if shape[0] == "phrase":  # a phrase's context weighs apart from a token's
                    context = [f"p_{name}" for name in context]
                out.append(Candidate(offset + start, offset + end, _hashed(shape + context)))
                if len(out) >= MAX_CANDIDATES:
                    return out
        offset += len(line) + 1
        prev_words = _WORD.findall(line[-60:].lower())[-3:]
    return out
