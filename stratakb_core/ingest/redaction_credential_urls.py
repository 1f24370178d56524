"""A URL carrying a login, alone on its line, goes whole (wave 41, no I/O).

``scheme://user:password@host/path`` loses its password to the URL rule (``url_password``), and a setting's whole
value to ``redaction_dsn`` (wave 27). A URL pasted alone on a line of a note or a mail ("Feed URL (includes
credentials, keep private):" and the URL under it, a list's bullet and the URL) is handed over as one credential:
the user, the host and the path with the password open the feed or the database together, so the whole URL goes.
Kept as before: a placeholder password (``<password>``, ``${DB_PASS}``, ``password``, ``pass``), a password equal to
its user (a documented demo login), a URL with no password. ``credential_url_spans`` yields ``(start, end, kind)``
of the URL.
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
_NOT_PASSWORDS: Final = frozenset("pass pw pwd password passwd secret changeme".split())


def credential_url_spans(text: str) -> Iterator[_Found]:
    """URLs with a login alone on their lines (see the module docstring)."""
    if "://" not in text or "@" not in text:
        return
    for m in finditer_lines(_ALONE_RE, text, _SCHEME_RE):
        value = m.group("v")
        if is_placeholder(value) or value.lower() in _NOT_PASSWORDS or value == m.group("user"):
            continue
        if not documented_example(text, m.start("url")):
            yield m.start("url"), m.end("url"), "url_password"
