"""A lock's code written as it is keyed in, and a code "changed to" digits (wave 45, no I/O).

Older rules read a door's, a gate's or an alarm's code as plain digits ("code 4471", "4471#"). People also write it
the way the keypad takes it, in any language, after the lock's name in the same line:

* single digits with spaces ("Disarm the alarm within 30 s: 1 9 0 6 then OFF");
* digits split by hashes or stars ("Kod do drzwi zaplecza: 0#5#8#1", "19#55# then the green button");
* a star or a hash before the digits ("building entry code *5521");
* a safe's dial, two digits joined by dashes ("金庫の番号は 27-41-08 です", "safe combination 12-40-33"), when the line
  names a safe or a combination and no date.

And a code announced as changed ("de code van het hek is veranderd naar 1966", "the gate code changed to 5521",
"der Code für die Tür wurde auf 4471 geändert" is older rules'). The lock's name must stand on the value's line or,
for a chat's answer, on the question line just above. Kept: a public kind of code (an error, a post or a product
code on the line), a measure after the digits, a phone number's or a date's form.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["keypad_form_spans"]

_Found = tuple[int, int, str]

_LOCK_RE: Final = re.compile(
    r"(?i:\b(?:door|gate|alarm|safe|lock|padlock|keypad|key[ \t-]?safe|lockbox|key[ \t]?box|entry|building|garage"
    r"|locker|shutter|barrier|combination|disarm|unlock|tür|türe|tor|tresor|alarmanlage|schloss|schließfach"
    r"|porte|portail|coffre|cadenas|alarme|digicode|puerta|port[óo]n|caja[ \t]+fuerte|candado|alarma|barrera"
    r"|cancello|portone|cassaforte|lucchetto|allarme|deur|hek|poort|kluis|slot|drzwi|brama|sejf|kłódk\w*|furtk\w*"
    r"|dør|døren|porten|dörr|dörren|kassaskåp|hänglås|ovi|portti|kassakaappi|port[ãa]o|cofre|cadeado|kapı\w*"
    r"|bramk\w*|zamek|zámek|dveř\w*|trezor)\b|金庫|ドア|扉|門|玄関|暗証|保险柜|保险箱|门|대문|금고|현관|도어)"
)
_DIGIT_RUN: Final = r"(?<![\w#*.,:/-])(?<!\d[ ])"  # (not the tail of a longer spaced run)
_VALUE_RE: Final = re.compile(
    _DIGIT_RUN + r"(?P<v>\d(?:[ ]\d){3,7}"  # 1 9 0 6
    r"|[*#]?\d{1,4}(?:[#*]\d{1,4}){2,7}[#*]?|\d{1,4}[#*]\d{1,4}[#*]"  # 0#5#8#1, 19#55# (not "10#30", a time)
    r"|\*\d{4,8}"  # *5521 (not "#5521", an issue's or a ticket's number)
    r"|\d{2}(?:-\d{2}){2,4})"  # 27-41-08
    r"(?![\w*#/-]|[ ]\d|[.,:]\d|[ \t]*(?i:mm|cm|kg|m|s|sec|min|h|%|€|\$|£)\b)"
)
_DIAL_RE: Final = re.compile(r"(?i:safe|tresor|coffre|kluis|sejf|cassaforte|caja[ \t]+fuerte|combina|kombina|dial"
                             r"|kassaskåp|金庫|保险柜|금고)")
_CODE_WORD_RE: Final = re.compile(r"(?i:code|combina|kombina|combo|number|nummer|numéro|número|numero|kod|番号|暗証"
                                  r"|密码|号码|번호|비밀)")
_DATE_RE: Final = re.compile(r"(?i:date|datum|fecha|data\b|dat[ée]|日付|日期|날짜|born|geboren|né[ \t]|\bdob\b)")
# a public kind of code on the line: an error's, a postcode's, a product's, a phone's
_PUBLIC_RE: Final = re.compile(
    r"(?i:error|fehler|erreur|status|exit|post|zip|plz|product|artikel|order|bestell|phone|tel\b|telefon|téléphone"
    r"|fax|ext\b|dial[ \t-]?in|extension|ticket|invoice|iban|sort[ \t]code|isbn|serial|model|part|sku|example"
    r"|beispiel|exemple|ejemplo|esempio|e\.g\.|format|placeholder|room|zimmer|chambre|seat|flight|bus|score|call"
    r"|ring\b|anruf|appel|llam|chiam|bel\b|issue|bug|case\b|ref\b|size|mm\b)"
)
_EXAMPLE_AFTER_RE: Final = re.compile(r"(?i:[^\n.]*?(?:example|beispiel|exemple|ejemplo|esempio|e\.g\.|sample|muster"
                                      r"|default|werkseinstellung|factory))")
_CHANGED_RE: Final = re.compile(
    r"(?i:\b(?:code|kod|kode|koden|codice|c[óo]digo|pin)\b[^\n.!?]{0,80}?"
    r"(?:changed[ \t]+to|is[ \t]+now|veranderd[ \t]+naar|gewijzigd[ \t]+in|ge[äa]ndert[ \t]+(?:auf|in|zu)"
    r"|chang[ée][ \t]+(?:en|pour|à)|cambiado[ \t]+a|cambiato[ \t]+(?:in|a)|zmieniony[ \t]+na|zmieniła?[ \t]+się[ \t]+na"
    r"|ændret[ \t]+til|ändrad[ \t]+till|endret[ \t]+til|muutettu)[ \t]+)"
    r"(?P<v>\d{4,8}[#*]?)(?=[ \t]*(?:[.,;!(\n]|$))(?![.,]\d)"  # the value ends its clause: not "to 2026 rules"
)
_GATE: Final = ("#", "*", " ", "-")


def _label(text: str, start: int) -> str:
    """The value's line before it, and the line above when that is a question (a chat's answer)."""
    line_start = text.rfind("\n", max(0, start - 160), start) + 1
    label = text[max(line_start, start - 160) : start]
    if line_start > 0 and text.rfind("?", max(0, line_start - 200), line_start) > text.rfind("\n", 0, line_start - 1):
        above = text.rfind("\n", max(0, line_start - 200), line_start - 1) + 1
        label = text[above:line_start] + label
    return label


def _dial_ok(value: str, label: str) -> bool:
    """Dashed pairs: a safe's or a combination's line naming its code or number, and no date (a date's word on the
    line, or pairs that read as day and month either way: "14-02-26" stays, "27-41-08" goes)."""
    named = _DIAL_RE.search(label) is not None and _CODE_WORD_RE.search(label) is not None
    first, second = (int(p) for p in value.split("-")[:2])
    dated = (1 <= first <= 31 and 1 <= second <= 12) or (1 <= first <= 12 and 1 <= second <= 31)
    return named and not dated and _DATE_RE.search(label) is None


def keypad_form_spans(text: str) -> Iterator[_Found]:
    """The codes above (see the module docstring)."""
    if any(g in text for g in _GATE):
        for m in _VALUE_RE.finditer(text):
            value = m.group("v")
            label = _label(text, m.start())
            if _LOCK_RE.search(label) is None or _PUBLIC_RE.search(label) is not None:
                continue
            if _EXAMPLE_AFTER_RE.match(text, m.end(), min(len(text), m.end() + 60)) is not None:
                continue
            digits = [c for c in value if c.isdigit()]
            if len(digits) < 4 or len(set(digits)) < 2:
                continue
            if "-" in value and not _dial_ok(value, label):
                continue
            yield m.start("v"), m.end("v"), "credential"
    for m in _CHANGED_RE.finditer(text):
        line_start = text.rfind("\n", max(0, m.start() - 160), m.start()) + 1
        clause = text[line_start : m.start("v")]
        if _LOCK_RE.search(clause) is not None and _PUBLIC_RE.search(clause) is None:
            yield m.start("v"), m.end("v"), "credential"
