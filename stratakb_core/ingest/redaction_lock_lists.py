"""Lock codes listed under a heading that names them, and a padlock's digits in a note's cell (wave 41, no I/O).

* a heading line naming the codes of doors, gates, lockers, key boxes, safes or alarms ("Practice room door codes,
  week 49 (staff only)", "Türcodes Lager", "Códigos de las puertas", "Kody do drzwi"), then a list of short lines
  ``label: digits`` under it ("Room 1: 6128", "- Back gate: 4-7-1-9"): each line's digits that end it (a remark in
  brackets aside) are a code. The list ends at a blank line or a line without a colon; a heading that calls the list
  an example, a policy or a format, a label naming a date, a change, a phone or an extension, and a fault's,
  a model's or a postcode's line keep their digits;
* a combination lock's name right before its digits ("padlock 0418", "Zahlenschloss 3391", "kłódka 1-2-9-4") on a
  line (a table's row) that names the combination or a code ("| Top barn | padlock 0418 | combination, don't change
  it |"), the digits ending their cell or clause; not a model's, a size's, a price's or an order's line ("Abus padlock
  1500, model 2024", "padlock 40 mm", "the keysafe 1500 series").

``lock_list_spans`` yields ``(start, end, kind)`` of the digits only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keypads import FAULT_RE

__all__ = ["lock_list_spans"]

_Found = tuple[int, int, str]

# (lockable things only: a room's, an entry's, a store's or a cabinet's codes may be a timetable's, a form's, a shop's
# or a part's numbers)
_PLACES: Final = (
    r"door|doors|gate|gates|locker|lockers|key[ \t-]?safes?|keysafes?|lock[ \t-]?box(?:es)?|padlocks?|alarm|alarms"
    r"|safe|safes|keypads?|t[üu]r|t[üu]ren|tor|tore|porte|portes|portail|puerta|puertas|porta|portone|cancello|deur"
    r"|deuren|poort|d[øo]r|d[øo]ren|d[øo]rene|d[öo]rr|d[öo]rrar|d[öo]rrarna|drzwi|bramy|sejf|kluis|cassaforte|coffre"
    r"|candado|cadenas|lucchetto|ovi|ovien|portti|porttien"
)
_CODES: Final = (
    r"codes?|pins?|combinations?|combos?|codici|c[óo]digos|codes|koder|koderne|koderna|kody|koodit|kodes"
    r"|kombinationen|combinaisons|combinaciones|combinazioni"
)
# the heading: a place and its codes' word (either order, a German compound "Türcodes" too)
_HEADING_RE: Final = re.compile(
    r"(?i:\b(?:" + _PLACES + r")[ \t-]*(?:" + _CODES + r")\b"
    r"|\b(?:" + _CODES + r")[ \t]+(?:(?:of|for|to|de|des|du|del|de[ \t]+las?|de[ \t]+los|dei|delle|degli|della|der"
    r"|für|van|voor|för|til|til[ \t]+de|do|na)[ \t]+)?(?:the[ \t]+)?(?:" + _PLACES + r")\b"
    r"|\b(?:t[üu]r|tor|schrank|spind|tresor)codes\b|\b(?:ovi|portti|rappu|lukko)koodit\b)"
)
_NOT_LIST_RE: Final = re.compile(
    r"(?i:example|e\.g\.|sample|format|polic|rule|guide|how[ \t]+to|requirement|length|beispiel|exemple|ejemplo"
    r"|esempio|voorbeeld|history|log\b|changelog|training|dummy|test|\bparts?\b|\bapi\b|scope|customs|tariff|course"
    r"|timetable|product|item|sku|shop|branch|model)"
)
_ITEM_RE: Final = re.compile(
    r"[ \t]*(?:[-*•][ \t]+)?(?P<label>[^\n:=|]{1,40}?)[ \t]*[:=][ \t]*"
    r"(?P<v>[#*]?\d{4,8}[#*]?|\d{3}[#*]|\d{1,3}(?:-\d{1,3}){2,4})"
    r"[ \t]*(?:\([^()\n]{0,80}\))?[ \t]*\.?[ \t]*\r?$"
)
_NOT_CODE_LABEL_RE: Final = re.compile(
    r"(?i:date|datum|year|jahr|since|until|valid|expir|change|next|last|updated|week|phone|tel\b|fax|ext|extension"
    r"|call|mobile|number|no\.|nr\.?|count|total|price|cost|size|order|ticket|invoice|postcode|zip|plz|model|serial"
    r"|firmware|version|time|hours?|opening)"
)


def _listed_spans(text: str) -> Iterator[_Found]:
    for heading in _HEADING_RE.finditer(text):
        start = text.rfind("\n", 0, heading.start()) + 1
        end = text.find("\n", heading.end())
        line = text[start : len(text) if end < 0 else end]
        if end < 0 or len(line) > 100 or ":" in line[heading.end() - start :].rstrip(":： \t\r"):
            continue  # a heading: short, nothing said after it on its line (a code there is another rule's)
        if _NOT_LIST_RE.search(line) or FAULT_RE.search(line):
            continue
        pos = end + 1
        for _ in range(12):  # a dozen lines at most
            stop = text.find("\n", pos)
            stop = len(text) if stop < 0 else stop
            item = text[pos:stop]
            if ":" not in item and "=" not in item:
                break  # the list ends (a blank line, a sentence)
            m = _ITEM_RE.fullmatch(text, pos, stop)
            ok = m is not None and len(set(m.group("v").strip("#*-"))) >= 2
            if m is not None and ok and not _NOT_CODE_LABEL_RE.search(m.group("label")) and not FAULT_RE.search(item):
                yield m.start("v"), m.end("v"), "credential"
            pos = stop + 1
            if pos > len(text):
                break


_LOCK_NAMES: Final = (
    r"padlock|combination[ \t]+lock|lock[ \t-]?box|key[ \t-]?safe|keysafe|zahlenschloss|vorh[äa]ngeschloss"
    r"|b[üu]gelschloss|cadenas|candado|lucchetto|cadeado|hangslot|h[äa]ngl[åa]s|h[æa]ngel[åa]s|hengel[åa]s|k[łl][óo]dk[ai]"
    r"|riippulukko|visac[íi][ \t]+z[áa]mek"
)
_DIGITS_AFTER_RE: Final = re.compile(
    r"(?i:\b(?:" + _LOCK_NAMES + r"))[ \t]+(?:#[ \t]*)?(?P<v>\d{3,8}|\d{1,2}(?:-\d{1,2}){2,4})"
    r"(?![\w.,/-])(?=[ \t]*(?:\r?$|[|,;.!(]|[-–—][ \t]))",  # ending a cell or a clause
    re.MULTILINE,
)
_COMBINATION_RE: Final = re.compile(
    r"(?i:combination|combo|\bcode\b|\bcodes\b|kombination|szyfr|kod\b|c[óo]digo|codice|combinaison|combinaci[óo]n"
    r"|combinazione|combinatie|koodi|kode\b|koden\b)"
)
_NOT_LOCK_LINE_RE: Final = re.compile(
    r"(?i:model|modell|mod[èe]le|modelo|modello|sku|part|art\.|artikel|item|order|bestell|commande|pedido|price|preis"
    r"|prix|precio|prezzo|cost|size|gr[öo]ße|weight|stock|invoice|rechnung|catalog|katalog|[£€$]|example|beispiel"
    r"|exemple|ejemplo|esempio|format)"
)


def _cell_spans(text: str) -> Iterator[_Found]:
    for m in _DIGITS_AFTER_RE.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        line = text[start : len(text) if end < 0 else end]
        rest = line[: m.start() - start] + " " + line[m.end() - start :]
        if len(set(m.group("v").replace("-", ""))) < 2 or _COMBINATION_RE.search(rest) is None:
            continue
        if _NOT_LOCK_LINE_RE.search(line) is None and FAULT_RE.search(line) is None:
            yield m.start("v"), m.end("v"), "credential"


def lock_list_spans(text: str) -> Iterator[_Found]:
    """The codes above (see the module docstring)."""
    if not any(d in text for d in "0123456789"):
        return
    yield from _listed_spans(text)
    yield from _cell_spans(text)
