"""A year given as the answer to a question asking when: a date, not a code (wave 47, no I/O).

``redaction_held_back.held_back`` asks ``is_year_answer`` of every rule's and the scorer's span. A chat's reply of four
digits under a question about a PIN or a code is taken as the code ("what's the PIN for the gate?" / "4417"); when the
question asks when something happened to it ("when was the door PIN last changed?", "hvornår blev pinkoden
skiftet?", "när byttes koden?", "wann wurde der Code geändert?"), a reply of 1900-2099 alone is that year. Kept only
when the value is a year's four digits, the question is the last non-empty line above the value's line (within 300
characters), holds a question mark and a word for "when", and holds no word asking for the value itself ("what",
"hvad", "vad", "quel", "cuál", ...; not German "was", English's verb): "when you get in, what's the door code?" /
"1986" still goes, and so does "4417" after "when was the door PIN changed?" (no year).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_year_answer"]

_YEAR_RE: Final = re.compile(r"(?:19|20)\d\d")
_WHEN_RE: Final = re.compile(
    r"(?i:\b(?:when|wann|quand|cu[áa]ndo|quando|wanneer|när|hvornår|når|milloin|kiedy|kdy|когда)\b|seit[ \t]+wann)"
)
_WHAT_RE: Final = re.compile(
    r"(?i:\b(?:what|what's|whats|which|hvad|hva|vad|wat|welche[rs]?|quel(?:le)?|qu['’]est|cu[áa]l|qual|quale"
    r"|mik[äa]|jaki|jak[aiе]|jaký|какой|что)\b)"
)
_REACH: Final = 300


def is_year_answer(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a year answering a "when" question on the line above (module docstring)."""
    if end - start != 4 or _YEAR_RE.fullmatch(text, start, end) is None:
        return False
    line_start = text.rfind("\n", max(0, start - _REACH), start) + 1
    if line_start == 0:
        return False
    lines = [line for line in text[max(0, line_start - _REACH) : line_start].split("\n") if line.strip()]
    if not lines:
        return False
    question = lines[-1]
    return "?" in question and _WHEN_RE.search(question) is not None and _WHAT_RE.search(question) is None
