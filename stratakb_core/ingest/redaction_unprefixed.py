"""Secrets of a fixed shape that carry no vendor prefix, found by a search of their own (wave 20; no I/O).

* a BitLocker recovery key: eight groups of six digits joined by dashes (48 digits; nothing else is written so);
* an Azure DevOps personal access token: 52 characters of lower-case base32 (``a-z``, ``2-7``) with digits and
  letters, when a PAT, an access token, a token or Azure DevOps is spoken of in the 300 characters before it (a
  long lower-case run alone may be a Nix store hash or an onion address: those have other lengths, and no such word);
  and one of the longer format (84 letters and digits, its signature ``AZDO`` at the 77th character), by its shape;
* the further codes of a numbered or bulleted list of backup or recovery codes, under the line naming them (the first
  one is found by ``redaction_codes``; its groups give the length the others must have).

``unprefixed_spans`` yields ``(start, end, kind)`` of the values only; ``redaction_codes.own_search_spans`` runs it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["unprefixed_spans"]

_Found = tuple[int, int, str]

_BITLOCKER_RE: Final = re.compile(r"(?<![\w-])\d{6}(?:-\d{6}){7}(?![\w-])")
_ADO_PAT_RE: Final = re.compile(r"(?<![\w./+=-])[a-z2-7]{52}(?![\w./+=-])")
_ADO_PAT84_RE: Final = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}(?![A-Za-z0-9])")
_PAT_WORDS_RE: Final = re.compile(
    r"(?i:(?<![^\W_])(?:pats?|personal[ -]access[ -]tokens?|access[ -]tokens?|tokens?|azure[ -]?devops|ado"
    r"|dev\.azure\.com|visualstudio\.com)(?![^\W_]))"
)
# a list item holding one code (groups of letters and digits joined by dashes) and nothing else
_ITEM_RE: Final = re.compile(
    r"[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+(?P<v>[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10}){1,4})[ \t]*\r?(?:\n|$)"
)
_CODES_HEAD_RE: Final = re.compile(
    r"(?i:\b(?:backup|recovery|emergency|scratch|rescue)[ -]?codes\b|wiederherstellungscodes|backup-codes"
    r"|codes[ \t]+de[ \t]+(?:secours|r[ée]cup[ée]ration)|c[óo]digos[ \t]+de[ \t]+(?:recupera[cç][ãa]o|recuperaci[óo]n))"
    r"[^\n]{0,160}\r?\n"
)


def _shape(value: str) -> tuple[int, ...]:
    return tuple(len(group) for group in value.split("-"))


def _listed_codes(text: str) -> Iterator[_Found]:
    """Each code of a list under a line naming backup or recovery codes, all of one shape, with a digit."""
    for head in _CODES_HEAD_RE.finditer(text):
        pos, shape = head.end(), None
        while (item := _ITEM_RE.match(text, pos)) is not None:
            value = item.group("v")
            if shape is None:
                shape = _shape(value)
            if _shape(value) != shape or len(set(shape)) != 1 or not any(c.isdigit() for c in value):
                break
            yield item.start("v"), item.end("v"), "credential"
            pos = item.end()


def unprefixed_spans(text: str) -> Iterator[_Found]:
    """Every value of the shapes above."""
    if "-" in text:
        for m in _BITLOCKER_RE.finditer(text):
            yield m.start(), m.end(), "credential"
        low = text.lower()
        if "\n" in text and ("codes" in low or "digos" in low):
            yield from _listed_codes(text)
    if "AZDO" in text:
        for m in _ADO_PAT84_RE.finditer(text):
            yield m.start(), m.end(), "api_token"
    for m in _ADO_PAT_RE.finditer(text):
        value = m.group()
        digits = sum(c.isdigit() for c in value)
        if 3 <= digits <= 40 and _PAT_WORDS_RE.search(text, max(0, m.start() - 300), m.start()) is not None:
            yield m.start(), m.end(), "api_token"
