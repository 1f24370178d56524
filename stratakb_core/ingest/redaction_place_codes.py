"""Codes of doors, lockers and cabinets in the forms wave 36 found missing, in many languages (no I/O).

* a code's name (code, Code, koden, kod, kode, koodi, código, codice, код, kodu ...) and, later in the same clause,
  digits with a star or a hash inside or after them ("2580*1", "5520#1", "8142*"): a keypad's entry, whatever verb
  is between ("lautet", "är", "gewijzigd naar", "теперь"); not a conference's or a meeting's dial-in code, not a
  fault's, a postcode's or a USSD code (those start with the star);
* a combination's name, a compound too (Zahlenkombination, combinaison, combinación, combinatie, kombinacja ...), a
  lock, a safe, a cabinet or a locker named in it or before the copula or the colon, then a dial of three to five
  groups of one or two digits ("5-17-33-2"); a puzzle's or a keyboard shortcut's combination is no lock's;
* an alarm's or a keypad's digits punched, keyed or tapped in ("punch in 9036 then OFF on the keypad"), the alarm,
  the keypad or the panel named in the same clause.

``place_code_spans`` yields ``(start, end, kind)`` of the value only; a line calling its value an example keeps it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_clause_values import clause_bounds
from stratakb_core.ingest.redaction_keypads import FAULT_RE
from stratakb_core.ingest.redaction_spoken import _on_example_line

__all__ = ["place_code_spans"]

_Found = tuple[int, int, str]

_CODE_NAME_RE: Final = re.compile(
    r"(?i:(?<![^\W\d_])(?:code[ns]?|koden?|kod(?:en|u)?|koodi|c[óo]digo|codice|код[а-яё]{0,2}|κωδικ[όςού]{1,2}"
    r"|t[üu]rcode|t[üu]rkode|deurcode|portkod(?:en)?|dørkode(?:n)?|digicode)(?![^\W\d_]))"
)
# digits with a star or a hash inside or after them, a keypad's entry; not a USSD code (*100#), not a product (2*4)
_STARRED_RE: Final = re.compile(r"(?<![\w*#.,/+-])(?P<v>\d{3,8}[*#]\d{0,3})(?![\w*#/-])")
_REACH: Final = 90
# words between saying the code is dialled into a call, or is a fault's, a product's or a discount's
_NOT_A_DOOR_RE: Final = re.compile(
    r"(?i:conferen|meeting|dial[ \t-]?in|einwahl|vergader|r[ée]union|reuni[óo]n|riunione|teams|zoom|webex|call"
    r"|ussd|promo|discount|rabatt|voucher|gutschein|coupon|korting|tracking|example|beispiel|exemple|ejemplo"
    r"|voorbeeld|esempio|exemplo|пример|default|werkseinstellung|usine|fábrica|fabbrica|placeholder|sample|format"
    # the lead's review: a product's, an article's or a tariff's code names goods, not a door
    r"|product|produkt|produit|producto|prodotto|article|artikel|art[íi]culo|articolo|\bitem|\bsku\b|tariff|tarif"
    r"|zolltarif|\bhs[ \t-]code|order[ \t-]?(?:code|number|no)|bestell|commande|pedido|ordine|\bmodel)"
)
_COMBINATION_RE: Final = re.compile(
    r"(?i:(?<![^\W\d_])[^\W\d_]{0,12}?(?:combination|kombination|combinaison|combinaci[óo]n|combinazione|combinatie"
    r"|kombinacja|kombinasjon|kombinasjonen|kombinationen|combina[çc][ãa]o|комбинаци[яи]))(?![^\W\d_])"
)
_DIAL_AFTER_RE: Final = re.compile(
    r"(?P<gap>[^\n.!?;:]{0,70}?)(?:[ \t]*[:：=][ \t]*|[ \t]+(?i:is|ist|est|es|è|é|är|er|jest|je|lautet|luidt|was"
    r"|war|era|теперь|—)[ \t]+)(?:(?i:now|jetzt|nu|maintenant|ahora|agora|ora|teraz)[ \t]+)?"
    r"(?P<v>\d{1,2}(?:-\d{1,2}){2,4})(?![\w-]|\.\d)"
)
# what a combination opens, named in it or between it and its copula (not a puzzle's or a shortcut's combination)
_LOCKABLE_RE: Final = re.compile(
    r"(?i:lock|safe|cabinet|locker|shed|gate|door|box|schrank|spind|schloss|tresor|kasten|tür|kast|kluis|slot|deur"
    r"|cadenas|coffre|armoire|casier|porte|candado|caja|armario|taquilla|puerta|lucchetto|cassaforte|armadi|porta"
    r"|szafk|k[łl][óo]dk|sejf|skåp|lås|skap|sk[åa]b|замок|сейф|шкаф)"
)
_PUNCHED_RE: Final = re.compile(
    r"(?i:(?<![^\W\d_])(?:punch(?:es|ed)?|key(?:s|ed)?|tap(?:s|ped)?)[ \t]+in)[ \t]+(?:(?i:the[ \t]+code)[ \t]+)?"
    r"(?P<v>\d{4,8}[#*]?)(?![\w*#-])"
)
_PANEL_RE: Final = re.compile(r"(?i:alarm|keypad|key[ \t]+pad|panel|tastenfeld|clavier|teclado|tastiera|siren)")


def _starred_spans(text: str) -> Iterator[_Found]:
    for m in _STARRED_RE.finditer(text):
        begin, _ = clause_bounds(text, m.start(), m.end(), _REACH)
        if _CODE_NAME_RE.search(text, begin, m.start()) is None:
            continue
        between = text[begin : m.start()]
        if _NOT_A_DOOR_RE.search(between) or FAULT_RE.search(between) or _on_example_line(text, *m.span("v")):
            continue
        yield m.start("v"), m.end("v"), "credential"


def _dial_spans(text: str) -> Iterator[_Found]:
    for name in _COMBINATION_RE.finditer(text):
        m = _DIAL_AFTER_RE.match(text, name.end())
        if m is None or _NOT_A_DOOR_RE.search(m.group("gap")) or FAULT_RE.search(m.group("gap")):
            continue
        if _LOCKABLE_RE.search(name.group() + m.group("gap")) is None:
            continue
        if not _on_example_line(text, *m.span("v")):
            yield m.start("v"), m.end("v"), "credential"


def _punched_spans(text: str) -> Iterator[_Found]:
    for m in _PUNCHED_RE.finditer(text):
        begin, end = clause_bounds(text, m.start(), m.end(), _REACH)
        clause = text[begin:end]
        if _PANEL_RE.search(clause) and not _NOT_A_DOOR_RE.search(clause) and not FAULT_RE.search(clause):
            if not _on_example_line(text, *m.span("v")):
                yield m.start("v"), m.end("v"), "credential"


def place_code_spans(text: str) -> Iterator[_Found]:
    """The codes above (see the module docstring)."""
    if "*" in text or "#" in text:
        yield from _starred_spans(text)
    if "-" in text:
        yield from _dial_spans(text)
    low = text.lower()
    if " in " in low:
        yield from _punched_spans(text)
