"""Lock codes, PINs and user / password pairs in the forms wave 22 found missing (no I/O).

* a lock's, a keypad's or a safe's digits after a verb or a label naming how they are used: "the key safe by the lab
  opens with 4871", "the door code is 2093 followed by #", "the vault entrance uses code 918273 on the keypad",
  "Gate 7 keypad: 1966 then ...", "POS manager override: 90210", "Kod do szatni: 2580*" (a code for a room, in
  several languages); four to eight digits, a star or hash allowed; a year alone (2026) counts only after a
  keypad's or an override's label;
  a device named earlier on the line, and no fault, error, status or postcode word between;
* a PIN in capitals after a device named on its line, a colon or a remark between: "Ticket office safe: PIN 830517.",
  "card reader maintenance mode: enter service PIN 774411 and ...", "enter the admin PIN 5521 and ...";
* a label's colon, then user / password ending its line: "Encoder web UI (rack 2): admin / X", "Conference
  account: someone@example.org / X" (the password a strong one's shape: both cases, a digit and a symbol, eight
  characters or more).

Wave 23: the user / password pair after an arrow ("billing login -> ops / X") or "it's" too, a closing quote or a
remark in brackets after it; ``DEVICE_RE`` / ``FAULT_RE`` are the one list of devices and fault words that
``redaction_codes`` judges a device's "code NNNN" and "PIN NNNN" by as well.

``keypad_spans`` runs these searches (each opens with a literal); ``redaction_codes.own_search_spans`` runs it.
It yields ``(start, end, kind)`` of the value only; a line calling its value an example is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_scan import finditer_lines
from stratakb_core.ingest.redaction_spoken import END, STRONG_RE, Finder, finders

__all__ = ["DEVICE_RE", "FAULT_RE", "YEAR_RE", "keypad_spans"]

_Found = tuple[int, int, str]

_DIGITS: Final = r"(?P<v>\d{4,8}[#*]?)"
# a device a code or a PIN opens, and a word saying the number beside it is something else (a fault's, a model's, a
# postcode): the one list both this module and redaction_codes judge a device's digits by
DEVICE_RE: Final = re.compile(
    r"(?i:\b(?:key[ \t]*safe|lock[ \t]?box|safe|alarm|doors?|gate|keypad|padlock|locker|vault|entrance|lock"
    r"|card[ \t]+reader|reader|terminal|pos|till|dome|cabinet|card|sim|phone"
    # wave 24: a keypad, a code lock, a key safe in German, Dutch, French, Spanish, Italian, Swedish or Norwegian
    r"|tastenfeld|codeschloss|zahlenschloss|schl[üu]sseltresor|schl[üu]sselkasten|tresor|alarmanlage|cijferslot"
    r"|codeslot|sleutelkluis|digicode|cadenas|candado|cerradura|lucchetto|cassaforte|kodl[åa]s|kodel[åa]s)\b)"
)
FAULT_RE: Final = re.compile(
    r"(?i:\b(?:error|fault|status|event|zone|trouble|fehler|erreur|zip|post(?:al)?[ \t]?code|postcode|area|country"
    r"|model|part|serial|firmware|version|(?<!in[ \t])order|invoice|page|room[ \t]+number"
    r"|modell|mod[èe]le|modelo|modello|typ|artikel|seriennummer|fout|storing|erreur|error[ea]?|fallo|avería"
    r"|code[ \t]+postal|c[óo]digo[ \t]+postal|codice[ \t]+postale|postleitzahl|plz"
    r"|chyb[ay]|b[łl][ąa]d|b[łl][ęe]du|hata(?:s[ıi])?|errore|felkod|virhe|ошибк[аи]|σφάλμα"
    # wave 49: an error, a fault, a product, a model or a postcode in Arabic and Hebrew (an article or "of" attached)
    r"|(?:ال)?(?:خطأ|عطل|منتج|طراز|بريدي)|ה?(?:שגיאה|שגיאת|תקלה|תקלת|מוצר|דגם)|מיקוד)\b)"
)
YEAR_RE: Final = re.compile(r"19\d\d|20[0-3]\d")  # a year, not 2093

_VERB_RE: Final = re.compile(r"(?i:(?:opens|unlocks)[ \t]+with)[ \t]+" + _DIGITS + END, re.MULTILINE)
_CODE_RE: Final = re.compile(
    r"(?i:code)(?:[ \t]+(?i:is))?[ \t]+" + _DIGITS + r"(?=[ \t]+(?i:followed)[ \t]+(?i:by)\b|[ \t]+(?i:on)[ \t]+"
    r"(?i:the)[ \t]+(?i:keypad)\b)",
    re.MULTILINE,
)
_LABEL_RE: Final = re.compile(r"(?i:keypad|override)[ \t]*[:：][ \t]*" + _DIGITS + END, re.MULTILINE)
_ROOM_RE: Final = re.compile(
    r"(?i:kod|code|c[óo]digo|codice|koden?)[ \t]+(?i:do|to|for|f[üu]r|pour|para|per|till|til|dla)[ \t]+"
    r"[^\n:：]{1,60}?[:：][ \t]*" + _DIGITS + END,
    re.MULTILINE,
)
_ENTER_RE: Final = re.compile(
    r"(?i:\benter|\btype|\bkey[ \t]+in)[ \t]+(?:(?i:the|a|your)[ \t]+)?"
    r"(?:(?i:service|admin|manager|master)[ \t]+)?PIN[ \t]+$"
)
_PIN_RE: Final = re.compile(r"PIN[ \t]+" + _DIGITS + END, re.MULTILINE)
# wave 23: also after an arrow ("VPN login -> ops / X") or "it's", a closing quote or a remark in brackets after it
_PAIR_RE: Final = re.compile(
    r"(?:[:：]|->|→|=>|(?<![\w'’])(?i:it['’]s|it[ \t]+is))[ \t]*[\w.@+\\-]{1,64}[ \t]+/[ \t]+"
    r"(?P<v>[^\s\"'`’”]{8,128})[\"'`’”]?(?:[ \t]+\([^()\n]{1,80}\))?[ \t]*\r?$",
    re.MULTILINE,
)


def _line_before(m: re.Match[str]) -> str:
    text, pos = m.string, m.start()
    return text[max(text.rfind("\n", 0, pos) + 1, pos - 120) : m.start("v")]


def _device_digits(m: re.Match[str]) -> bool:
    """A device named on the line before the digits, no fault or postcode word after it; a bare year needs # or *."""
    line = _line_before(m)
    found = DEVICE_RE.search(line)
    if found is None or FAULT_RE.search(line) is not None:
        return False
    return YEAR_RE.fullmatch(m.group("v")) is None


def _pin_digits(m: re.Match[str]) -> bool:
    """A device named before the PIN, or the PIN is to be entered ("enter service PIN 774411")."""
    return _ENTER_RE.search(_line_before(m)) is not None or _device_digits(m)


def _labelled_digits(m: re.Match[str]) -> bool:
    return FAULT_RE.search(_line_before(m)) is None and YEAR_RE.fullmatch(m.group("v")) is None


def _keypad_digits(m: re.Match[str]) -> bool:
    """A keypad's or an override's label: its digits are a code, a year's too ("keypad: 1966")."""
    return FAULT_RE.search(_line_before(m)) is None


_JOINED_END_RE: Final = re.compile(r"[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+[!#$%&*+=?~^]")


def _strong_pair(m: re.Match[str]) -> bool:
    value = m.group("v")
    return (
        value.lower() != value
        and value.upper() != value
        and any(c.isdigit() for c in value)
        # a symbol inside, or (wave 23) one ending it after words joined by a dash: "Harbor4-Gate!"
        and (STRONG_RE.search(value.strip("!#$%&*+=?~^")) is not None or _JOINED_END_RE.fullmatch(value) is not None)
        and not any(c in value for c in "/\\:@")
    )


_SEARCHES: Final[tuple[Finder, ...]] = finders(
    (_VERB_RE, _device_digits),
    (_CODE_RE, _device_digits),
    (_LABEL_RE, _keypad_digits),
    (_ROOM_RE, _labelled_digits),
    (_PIN_RE, _pin_digits),
    (_PAIR_RE, _strong_pair),
)


# a pair lies on one line and holds " / " after its start: only such lines are searched (redaction_scan)
_PAIR_NEEDLE_RE: Final = re.compile(r"[ \t]/[ \t]")


def keypad_spans(text: str) -> Iterator[_Found]:
    """The values the searches above find (see the module docstring)."""
    for pattern, judge in _SEARCHES:
        matches = finditer_lines(pattern, text, _PAIR_NEEDLE_RE) if pattern is _PAIR_RE else pattern.finditer(text)
        for m in matches:
            if (span := judge(m)) is not None:
                yield span
