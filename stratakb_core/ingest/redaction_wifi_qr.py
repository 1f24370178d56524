"""A Wi-Fi network's QR code payload, ``WIFI:T:WPA;S:name;P:key;;`` (wave 41, no I/O).

Phones read a network's login from a QR code whose text is ``WIFI:`` and fields ``T:`` (the security type), ``S:``
(the network's name), ``P:`` (its key), ``H:`` (hidden) in any order, each ended by ``;`` (a ``\\;`` inside a value
is escaped). People paste that text into notes, wikis and printing templates; the ``P:`` field's value is the
Wi-Fi key whatever its shape ("bateria-ruidosa-2026", words, digits). Kept: an open network (``T:nopass``, no
``P:``), an empty key, a placeholder (``P:<key>``, ``P:${WIFI_KEY}``). ``wifi_qr_spans`` yields ``(start, end,
kind)`` of the key only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["wifi_qr_spans"]

_Found = tuple[int, int, str]

# the payload: WIFI: and its fields on one line; the P: field's value up to its unescaped ;
_PAYLOAD_RE: Final = re.compile(
    r"WIFI:(?:(?:[TSHE]|[A-Z]{2,8}):(?:\\.|[^;\\\n]){0,64};){0,6}?P:(?P<v>(?:\\.|[^;\\\n]){1,128});"
)


def wifi_qr_spans(text: str) -> Iterator[_Found]:
    """The keys in Wi-Fi QR payloads (see the module docstring)."""
    if "WIFI:" not in text:
        return
    for m in _PAYLOAD_RE.finditer(text):
        value = m.group("v")
        if value.strip() and not is_placeholder(value):
            yield m.start("v"), m.end("v"), "credential"
