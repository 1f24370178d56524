"""A password written under the name of the account it opens, as a note to self keeps it: "bank: GoldenRetriever#Max11"
(wave 46, no I/O).

People list their logins by what they open, with no word for "password": "netflix: Popcorn!Night7", "gmail -
Sparrow$Lake42", "Online-Banking: Tiger#Moth88". The label alone says nothing (an account's line may as well hold a
user name or an address), so the value must have a chosen password's strongest shape: one word of ten to sixty-four
characters holding a lower-case letter, an upper-case letter, a digit and a symbol such as ``!#$%&*+=?~^`` between
or after them. Found: such a value alone after an account's name (banking, mail, shops, streaming, social networks,
in English, German, French, Spanish, Dutch and Nordic words) and a colon, an equals sign or a dash, ending the line.
Devices are left out (router, laptop, PC, NAS, VPN, game consoles): their lines hold model names of the same shape
("PC: Intel#i7-12700K", "router: Fritz!Box7590"). Kept: a user name or an address ("gmail: j.doe@example.com"), a
value without all four kinds of character ("bank: HSBC-UK-2024", "router: admin"), a placeholder, an account's name
with more words after the value ("bank: Tiger#Moth88 is the old one?" goes to the prose rules, if any).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["account_label_spans"]

_Found = tuple[int, int, str]

_ACCOUNT_RE: Final = re.compile(
    r"^[ \t]*(?:[-*•][ \t]+)?"
    r"(?i:(?:online[ \t-]?)?bank(?:ing)?|bank[ \t]?app|e-?mail|mail|gmail|outlook|hotmail|icloud|apple[ \t]?id|yahoo"
    r"|netflix|spotify|disney\+?|amazon|paypal|ebay|facebook|instagram|twitter|linkedin"
    r"|banque|banco|banca|bankkonto|nettbank|nätbank|netbank|netbanking"
    r"|messagerie|correo|posteingang|konto|compte|cuenta)"
    r"(?:[ \t]*[:=][ \t]*|[ \t]+[-–][ \t]+)"
    r"(?P<v>[^\s\"'<>]{10,64})[ \t]*$",
    re.MULTILINE,
)
_STRONG_RE: Final = re.compile(r"(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=[^\d]*\d)(?=[^!#$%&*+=?~^]*[!#$%&*+=?~^])\S+")


def account_label_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    for m in _ACCOUNT_RE.finditer(text):
        value = m.group("v")
        if "@" in value or "://" in value or is_placeholder(value):
            continue
        if _STRONG_RE.fullmatch(value) is not None:
            yield m.start("v"), m.end("v"), "credential"
