"""A lock's or a code's digits when the sentence counts them first (wave 33, no I/O).

"The cash tin has a 3-digit lock: 417", "the 4-digit code for the shed is 2958", "vierstelliges Zahlenschloss: 3071",
"cadenas à 3 chiffres : 529", "candado de 4 dígitos: 8163", "lucchetto a 3 cifre: 742", "cijferslot van 3 cijfers:
915". The sentence names a lock, a padlock, a combination or a code, says how many digits it has (3 to 8, as a
number or a word), and a colon or a copula gives exactly that many digits: a lock's code people write down. Three
digits are too few for the other lock-code finders (``redaction_lock_codes`` wants four), but the count said first
makes them a code, not a quantity. An area, postal, country, error or status code, a trivial example (``123``,
``0000``, ``1234``) and a value of another length stay. ``counted_code_spans`` yields ``(start, end, kind)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["counted_code_spans"]

_Found = tuple[int, int, str]

_COUNTS: Final = {
    "three": 3, "four": 4, "five": 5, "six": 6, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "trois": 3, "quatre": 4,
    "cinq": 5, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "drie": 3, "vijf": 5, "zes": 6, "tre": 3, "quattro": 4,
    "cinque": 5, "sei": 6, "três": 3, "quatro": 4,
}  # fmt: skip
_NUM: Final = r"(?P<n>[3-8]|" + "|".join(sorted(_COUNTS, key=len, reverse=True)) + ")"
_LOCK: Final = (
    r"(?:lock|padlock|combination|code|pin|keypad|schloss|zahlenschloss|vorhängeschloss|code|kombination|cadenas"
    r"|combinaison|candado|c[óo]digo|combinaci[óo]n|slot|cijferslot|hangslot|combinatie|lucchetto|combinazione"
    r"|codice|cadeado|combina[çc][ãa]o)"
)
_COUNTED_RE: Final = re.compile(
    r"(?i:\b(?:" + _NUM + r"[ \t]?-?[ \t]?(?:digit|stellig\w{0,3}|cijferig\w{0,1}|siffrig\w{0,1})[ \t]+"
    r"(?:[^\W\d_]{1,20}[ \t]+){0,2}?" + _LOCK + r"\b"
    r"|" + _LOCK + r"(?:[ \t]+[^\W\d_]{1,20}){0,2}?[ \t]+(?:à|a|de|di|van|with|of|mit|com)[ \t]+"
    + _NUM.replace("?P<n>", "?P<n2>")
    + r"[ \t]+(?:digits|chiffres|d[íi]gitos|cifre|cijfers|ziffern|siffror)\b)"
    r"[^\n.:：]{0,60}?(?:[ \t]*[:：]|[ \t]+(?:is|est|es|è|ist|lautet|är|er|é))[ \t]+(?P<v>\d{3,8})(?![\d,]|\.\d)"
    # ... ending its clause: "417." / "417, ..." / "417 and ..." (not "417 units sold")
    r"(?=[ \t]*(?:[.,;!?)(—–-]|\r?\n|\Z)|[ \t]+(?:and|but|und|aber|et|mais|y|pero|e|ma|en|maar|och|og)\b))"
)
_NOT_LOCK_RE: Final = re.compile(
    r"(?i)\b(?:area|postal|post|zip|country|dial(?:ling)?|error|status|http|product|model|branch|sort|tax|vorwahl"
    r"|postleitzahl|fehler|indicatif|postal|prefijo|c[óo]digo[ \t]+postal|prefisso|netnummer|foutcode)\b"
)
_GATE_RE: Final = re.compile(r"(?i)digit|stellig|chiffres|d[íi]gitos|cifre|cijfer|ziffern|siffr")
_TRIVIAL_RE: Final = re.compile(r"(\d)\1{2,7}|0?123(?:4(?:5(?:6(?:78?)?)?)?)?|9876(?:54?)?")


def counted_code_spans(text: str) -> Iterator[_Found]:
    """The digits of a lock or code whose count the sentence gave (see the module docstring)."""
    if _GATE_RE.search(text) is None:
        return
    for m in _COUNTED_RE.finditer(text):
        count, value = (m.group("n") or m.group("n2")).lower(), m.group("v")
        wanted = int(count) if count.isdigit() else _COUNTS[count]
        line = text[text.rfind("\n", 0, m.start()) + 1 : m.start("v")]
        if len(value) != wanted or _TRIVIAL_RE.fullmatch(value) or _NOT_LOCK_RE.search(line):
            continue
        yield m.start("v"), m.end("v"), "credential"
