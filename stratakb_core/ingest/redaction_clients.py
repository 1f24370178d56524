"""An API key passed as an SDK client's first argument: ``cohere.Client("<key>")`` (no I/O).

Vendors' Python clients take the key as their first positional argument, so a notebook writes it without a name
(``co = cohere.Client("...")``, ``AsyncClient('...')``). A quoted literal there is a secret when it looks generated
(``redaction_values.looks_random``), but not lower-case hex: a hash's length of hex is an id as often as a key, and
the rules keep it without a strong name. ``client_key_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["client_key_spans"]

_Found = tuple[int, int, str]

# (a literal first: re's fast search; any prefix, AsyncClient and cohere.ClientV2 alike)
_CLIENT_RE: Final = re.compile(r"Client(?:V\d)?\([ \t]*(?P<q>[\"'])(?P<v>[A-Za-z0-9_-]{24,128})(?P=q)[ \t]*[,)]")
_HEX_RE: Final = re.compile(r"[0-9a-f]+")


def client_key_spans(text: str) -> Iterator[_Found]:
    """The values the search above finds (see the module docstring)."""
    if "Client" not in text:
        return
    for m in _CLIENT_RE.finditer(text):
        value = m.group("v")
        if looks_random(value) and not _HEX_RE.fullmatch(value) and not is_placeholder(value):
            yield m.start("v"), m.end("v"), "api_token"
