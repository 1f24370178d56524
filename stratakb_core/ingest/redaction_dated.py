"""A key or a token named by the day it was made, then its value: "API key created 2026-03-14: <token>" (no I/O).

A label holding a date is no key-value label (its words must start with letters), and a vendor's console copied into
notes writes a new key so: "key created 2026-03-14:", "token issued on 2026-03-14:", "secret rotated 2026-03-14 :".
The date and its colon are searched for (a digit first: fast), the words before the date read back on its line, and
the value kept when it looks generated (``redaction_values.looks_random``). ``dated_key_spans`` yields
``(start, end, kind)`` of the value only; a line calling it an example is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import judged_spans, not_an_example
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["dated_key_spans"]

_Found = tuple[int, int, str]

_DATED_RE: Final = re.compile(
    r"\d(?<=[ \t]\d)(?:\d{3}-\d{2}-\d{2}|\d?[./]\d{1,2}[./]\d{4})[ \t]*[:：][ \t]*"  # (a digit first: fast)
    r"[\"'`]?(?P<v>[\w.~+/=-]{16,256})(?![\w.~+/=-])"
)
_NAMED_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:key|token|secret)[ \t]+(?:was[ \t]+)?(?:created|issued|generated|rotated|minted|added|renewed)"
    r"(?:[ \t]+on)?)[ \t]+$"
)


def _dated_value(m: re.Match[str]) -> bool:
    text, pos = m.string, m.start()
    if _NAMED_BEFORE_RE.search(text, max(0, pos - 60), pos) is None:
        return False
    value = m.group("v")
    return looks_random(value) and not is_placeholder(value)


_JUDGE: Final = not_an_example(_dated_value)


def dated_key_spans(text: str) -> Iterator[_Found]:
    """The values after a key's or a token's name and the day it was made (see the module docstring)."""
    yield from judged_spans(_DATED_RE, _JUDGE, text)
