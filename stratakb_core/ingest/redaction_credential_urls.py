"""A URL carrying a login, alone on its line, goes whole (wave 41, no I/O).

``scheme://user:password@host/path`` loses its password to the URL rule (``url_password``), and a setting's whole
value to ``redaction_dsn`` (wave 27). A URL pasted alone on a line of a note or a mail ("Feed URL (includes
credentials, keep private):" and the URL under it, a list's bullet and the URL) is handed over as one credential:
the user, the host and the path with the password open the feed or the database together, so the whole URL goes.
Kept as before: a placeholder password (``<password>``, ``${DB_PASS}``, ``password``, ``pass``), a password equal to
its user (a documented demo login), a URL with no password. ``credential_url_spans`` yields ``(start, end, kind)``
of the URL.

Wave 43: the same URL inside a sentence or after a label goes whole too ("Badge printer feed (IPP): https://kiosk:
<pw>@printers.example/ipp/badge1", "Il job notturno chiama https://sync:<pw>@moodle.example/... ogni ora"): fresh
sets hand over a feed, a CalDAV calendar or a web service that way, and the user, the host and the path with the
password are the login together. Its password went already (``url_password``), so no new value is redacted, only
more of the same one; the trailing punctuation of the sentence stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_rules import documented_example
from stratakb_core.ingest.redaction_scan import finditer_lines
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["credential_url_spans"]

_Found = tuple[int, int, str]

_ALONE_RE: Final = re.compile(
    r"^[ \t]*(?:[-*•>][ \t]+)?[<(\"']?(?P<url>[A-Za-z][\w+.-]{1,20}://(?P<user>[^\s:/@\"'<>]{1,64}):"
    r"(?P<v>[^\s@/\"'<>]{1,128})@[^\s\"'<>()]{1,300})[>)\"']?[ \t]*\r?$",
    re.MULTILINE,
)
_SCHEME_RE: Final = re.compile("://")
# wave 43: anywhere on a line (a sentence's trailing punctuation stays)
_INLINE_RE: Final = re.compile(
    r"(?<![\w+.-])(?P<url>[A-Za-z][\w+.-]{1,20}://(?P<user>[^\s:/@\"'<>]{1,64}):"
    r"(?P<v>[^\s@/\"'<>]{1,128})@[^\s\"'<>()]{1,300})"
)
_TRAILING: Final = ".,;:!?)]}»”’）。，"
_REACH: Final = 300  # characters either side read for "example" / "expired" (the line and the line before)
_NOT_PASSWORDS: Final = frozenset("pass pw pwd password passwd secret changeme".split())


def credential_url_spans(text: str) -> Iterator[_Found]:
    """URLs with a login alone on their lines (see the module docstring)."""
    if "://" not in text or "@" not in text:
        return
    for pattern in (_ALONE_RE, _INLINE_RE):  # wave 43: the inline form after the alone one (which wins a tie)
        for m in finditer_lines(pattern, text, _SCHEME_RE):
            value = m.group("v")
            if is_placeholder(value) or value.lower() in _NOT_PASSWORDS or value == m.group("user"):
                continue
            low, high = max(0, m.start() - _REACH), min(len(text), m.end() + _REACH)  # (linear on a long line)
            if not documented_example(text[low:high], m.start("url") - low):
                yield m.start("url"), m.start("url") + len(m.group("url").rstrip(_TRAILING)), "url_password"
