"""A secret manifest's public connection fields: its host, port, database and user name (wave 48, no I/O).

``redaction_blocks`` takes every value under a Kubernetes ``kind: Secret``'s ``data:`` / ``stringData:``, base64 or
plain. ``redaction_held_back.held_back`` asks ``is_public_field`` of every rule's span: a value on a ``key: value``
line whose key names where or as whom to connect (``host``, ``hostname``, ``port``, ``database``, ``dbname``,
``username``, ``user``, ``namespace``, ``region``, ``schema``, ``server``; ``DB_HOST``, ``db-user`` ...), and whose
value, read as base64 when it decodes to text, is a plain name, host name or port ("username: Ym9va2luZw==" is
"booking", "host: ZGIxLmJsdWVob2xsb3cuZXhhbXBsZQ==" is "db1.bluehollow.example"). Such values are in every
connection string's documentation; the password, the token and the key beside them are not.

It leaves:

- every other key (``password``, ``token``, ``api-key``, ``url``, ``dsn``, ``connection-string``, ``config``);
- a value that decodes (or reads) to anything but a name's characters (``@``, ``:`` before a non-port, ``/``,
  spaces: a URL or a DSN may carry a password);
- a value that looks generated (``looks_random``: some services take the API key as the user name,
  "username: sk_live_...").
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Final

from stratakb_core.ingest.redaction_values import looks_random

__all__ = ["is_public_field"]

_KEY_RE: Final = re.compile(
    r"[ \t]*[\"']?(?i:(?:[a-z0-9]{1,20}[_.-])?(?:host|hostname|port|database|dbname|db[_-]?name|username|user"
    r"|user[_-]?name|namespace|region|schema|server))[\"']?[ \t]*:[ \t]*[\"']?$"
)
_NAME_RE: Final = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,126}[A-Za-z0-9])?(?::\d{1,5})?")
_B64_RE: Final = re.compile(r"[A-Za-z0-9+/]{4,344}={0,2}")


def _decoded(value: str) -> str:
    """``value`` read as base64 when it decodes to printable ASCII, else ``value`` itself."""
    if len(value) % 4 or _B64_RE.fullmatch(value) is None:
        return value
    try:
        plain = base64.b64decode(value, validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError):
        return value
    return plain if plain.isprintable() else value


def is_public_field(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a host's, a port's, a database's or a user's name on its key's line (module
    docstring)."""
    if end - start > 344:
        return False
    line_start = text.rfind("\n", max(0, start - 80), start) + 1
    if (line_start == 0 and start > 80) or _KEY_RE.fullmatch(text, line_start, start) is None:
        return False
    plain = _decoded(text[start:end])
    return _NAME_RE.fullmatch(plain) is not None and not looks_random(plain)
