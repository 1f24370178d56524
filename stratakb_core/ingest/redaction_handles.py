"""A GitHub ``@handle`` credited in release notes is a public name (no I/O; audit of real documents, wave 50).

Spares: an ``@handle`` that a changelog credits: linked to its profile (``[@YassinNouh21](https://github.com/...)``),
after "by", "thanks to", "from", "cc" or "contributors:", or in a list of handles (``@kurtmckee, @altendky,
@BoboTiG``). The learned scorer took the mixed case and digits for a token.

Keeps: a handle-shaped value on a line that names a secret before it ("password: @Summer2024", "the token is
@x9Kq"), and any ``@`` word in other places, so a password that starts with ``@`` still goes.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_credited_handle"]

_HANDLE_RE: Final = re.compile(r"@[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})")
_CREDIT_RE: Final = re.compile(
    r"(?i)(?:\b(?:by|thanks(?:[ \t]to)?|from|cc|contributors?|authors?|reported[ \t]by|reviewed[ \t]by)[ \t]*:?"
    r"|@[A-Za-z0-9-]{1,39},|[\[(])[ \t]{0,3}$"
)
_SECRET_WORD_RE: Final = re.compile(r"(?i)pass|secret|token|\bpin\b|\bkey\b|credential|\bcode\b")


def is_credited_handle(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is an ``@handle`` a release note credits (module docstring)."""
    if end - start > 40 or not _HANDLE_RE.fullmatch(text, start, end):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 200) : start]
    if _SECRET_WORD_RE.search(before):
        return False
    if text.startswith("](https://github.com/", end):
        return True
    return _CREDIT_RE.search(before[-40:]) is not None
