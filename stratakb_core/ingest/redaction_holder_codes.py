"""A PIN or a code for a named person, whose surname may be a common word (wave 45, no I/O).

"Lone worker device SOS cancel PIN for D. Price: 2468", "Alarm code for Mrs Post: 5190", "Türcode für Herrn Bank:
7731": older rules keep digits whose clause names a price, a post or a bank (a public number), and here that word is
the holder's name. The holder is written with an initial or a title before a capitalised surname; the digits (four
to eight, a star or a hash after) end their clause. Kept: "PIN for D. Price: see the envelope", "Price for the PIN
pad: 2468" (no holder), "code for Mrs Post: 12 digits" (a measure).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["holder_code_spans"]

_Found = tuple[int, int, str]

_HOLDER_RE: Final = re.compile(
    r"(?i:\b(?:pins?|pin[ \t-]?codes?|pass[ \t-]?codes?|codes?|kod|kode|koden|codice|c[óo]digo|passwor[dt]))"
    r"[ \t]+(?i:for|of|für|fuer|de|pour|para|per|di|van|voor|til|för|dla)[ \t]+"
    r"(?:(?:Mr|Mrs|Ms|Mx|Dr|Herrn?|Frau|Mme|Mlle|M|Sr|Sra|Sig|Sig\.ra|Dhr|Mevr)\.?[ \t]+"
    r"(?:[A-Z]\.[ \t]?){0,2}|(?:[A-Z]\.[ \t]?){1,2}[ \t]*)"
    r"[A-Z][a-zà-ÿ'’-]{1,30}[ \t]*(?:\([^()\n]{1,60}\)[ \t]*)?[:：=][ \t]*"
    r"(?P<v>\d{4,8}[*#]?)(?![\w*#/-]|[.,:]\d|[ \t]*(?i:digits?|chars?|characters?|stellen|chiffres|cifre)\b)"
)


def holder_code_spans(text: str) -> Iterator[_Found]:
    """The digits above (see the module docstring)."""
    for m in _HOLDER_RE.finditer(text):
        if len(set(m.group("v").rstrip("*#"))) >= 2:
            yield m.start("v"), m.end("v"), "credential"
