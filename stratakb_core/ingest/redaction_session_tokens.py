"""A web session's token and a vendor's live key by their shapes (wave 30, no I/O).

* a login response's or a cookie jar's session: a JSON or YAML key naming a session (``session``, ``session_id``,
  ``sessionToken``; a Twilio account's SID is public) with 32 hexadecimal digits or more, or a generated token of
  24 characters or more with both cases and digits (a session id lets anyone in as the user until it expires);
* a key written as a short vendor prefix, ``live``/``prod`` and a generated tail (``tk_live_...``; ``pk_`` keys are
  publishable): 24 characters or more of letters and digits after it, with both cases and a digit.

``session_token_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["session_token_spans"]

_Found = tuple[int, int, str]

_SESSION_RE: Final = re.compile(
    r"(?<![\w-])[\"']?(?i:session(?:[_ -]?(?:id|token|key))?)[\"']?[ \t]*[:=][ \t]*[\"']?"
    r"(?P<v>[A-Za-z0-9_-]{24,256})(?![\w-])"
)
_LIVE_RE: Final = re.compile(r"(?<![\w-])(?!pk_)[a-z]{2,8}_(?:live|prod)_(?P<v>[A-Za-z0-9]{24,128})(?![\w-])")
_HEX_RE: Final = re.compile(r"[0-9a-f]{32,256}|[0-9A-F]{32,256}")


# stricter than redaction_values.looks_random (hex of 32+, or digits and both cases): with looks_random here an audit
# log's 24-character hex "session=" id, a clean fixture passage, was redacted (tried in stop 35)
def _generated(value: str) -> bool:
    if _HEX_RE.fullmatch(value) is not None:
        return len(set(value)) >= 8
    return (
        any(c.isdigit() for c in value) and value.lower() != value and value.upper() != value and len(set(value)) >= 12
    )


def session_token_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    low = text.lower()
    if "session" in low:
        for m in _SESSION_RE.finditer(text):
            if _generated(m.group("v")):
                yield m.start("v"), m.end("v"), "api_token"
    if "_live_" in low or "_prod_" in low:
        for m in _LIVE_RE.finditer(text):
            if _generated(m.group("v")):
                yield m.start(), m.end(), "api_token"
