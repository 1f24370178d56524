"""A generated token ending a line that named an API key earlier: "... API 키입니다. ...: <token>" (no I/O).

A note may name the key in one sentence and give it after a colon at the end of the next ("Internal vector search API
key. Staging only: <token>"; Korean writes the copula onto the name, "API 키입니다"). The key-value rules see the
words right before the colon only. Here the colon and a value ending the line are searched for, and the line before
the colon must name an API key ("API key", "API 키", "API キー", "API-Schlüssel", ... as ``redaction_told``'s
``TOKEN_NAMES`` write them). The value must look generated (``redaction_values.looks_random``), both cases and a digit,
24 characters or more: lower-case hex stays, as a hash of that length does without a strong name.
``line_named_spans`` yields ``(start, end, kind)`` of the value only; a line calling it an example is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import judged_spans, not_an_example
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["line_named_spans"]

_Found = tuple[int, int, str]

# (a colon first: re's fast search)
_VALUE_RE: Final = re.compile(r"[:：][ \t]*(?P<v>[A-Za-z0-9][A-Za-z0-9_-]{23,199})[ \t]*\r?$", re.MULTILINE)
_API_KEY_RE: Final = re.compile(
    # (Japanese may join them with の, "連携APIのキー", a CJK word right before; Chinese 密钥, 金鑰; wave 25)
    r"(?i:(?<![A-Za-z0-9_])api[ \t_-]?(?:の)?"
    r"(?:key|키|キー|鍵|密钥|密鑰|金鑰|schl[üu]ssel|sleutel|nyckel|nøkkel|klucz|ключ)"
    r"|\bapi[ \t]?(?:토큰|token)|"
    r"(?:cl[ée]|clave|chiave|chave)[ \t]+(?:d['’]|de[ \t]+|di[ \t]+)?api\b)"
)


def _named(m: re.Match[str]) -> bool:
    value, text = m.group("v"), m.string
    if not looks_random(value) or value.lower() == value or value.upper() == value or is_placeholder(value):
        return False
    line_start = text.rfind("\n", 0, m.start()) + 1
    return _API_KEY_RE.search(text, line_start, m.start()) is not None


_found: Final = not_an_example(_named)


def line_named_spans(text: str) -> Iterator[_Found]:
    """The values the search above finds (see the module docstring)."""
    if "api" not in text.lower():
        return
    yield from judged_spans(_VALUE_RE, _found, text)
