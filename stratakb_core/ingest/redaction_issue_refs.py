"""A bug or issue number, a Unicode code point or a standard's number is public (no I/O; audit, wave 50).

Spares what a changelog writes after "code", "Unicode", "keycode" or "keypad" that a rule or the scorer took for the
code's value: a bug reference closed or named as one (``closes: #169669``, ``(Closes: #964576)``, ``Debian #361639``,
``closes: Ubuntu#11328``, ``(Bugs 129027, ...)``, ``(#1848)`` in brackets of its own), a code point after ``U+``
(``U+0085``) and ``PKCS#12`` (a standard's name, after "passwords in").

Keeps: a number under a code's or a PIN's name that nothing calls a bug, an issue or a code point: "door code
#4711", "code 169669", "PIN: #2580" still go; a bracketed number goes unless it stands alone as ``(#1848)``.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_issue_reference"]

_REF_RE: Final = re.compile(r"(?:[A-Z][A-Za-z]{1,15})?#[0-9]{1,8}|[0-9]{3,8}")
# what introduces a bug reference right before it: "closes: ", "Closes: #1, ", "Debian ", "Bugs ", "LP: "
_BEFORE_RE: Final = re.compile(
    r"(?i)(?:\b(?:closes?|fixes|fixed|bugs?|issues?|debian|ubuntu|lp|see|gh|pr)[:.]?[ \t]{0,3}"
    r"|#[0-9]{1,8},[ \t]{0,3}|[0-9]{3,8},[ \t]{0,3})$"
)
_CODE_POINT_RE: Final = re.compile(r"[0-9A-Fa-f]{4,6}")
_STANDARD_RE: Final = re.compile(r"PKCS#[0-9]{1,2}")


def is_issue_reference(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a bug reference, a code point or a standard's number (module docstring)."""
    if end - start > 24:
        return False
    if _STANDARD_RE.fullmatch(text, start, end):
        return True
    if text[max(0, start - 2) : start] == "U+" and _CODE_POINT_RE.fullmatch(text, start, end):
        return True
    if not _REF_RE.fullmatch(text, start, end):
        return False
    if _BEFORE_RE.search(text[max(0, start - 24) : start]):
        return True
    # "(#1848)": a hash number alone in its own brackets
    return text[start] == "#" and text[start - 1 : start] == "(" and text[end : end + 1] == ")"
