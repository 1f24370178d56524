"""A number whose label names what it counts or identifies, not a code (the lead's review of wave 40, no I/O).

The lock and code rules read digits after a lock's, a safe's or a keypad's name as its code. A label can name the lock
and then another number of it: "Order number for the key safe: 558812", "Numéro de série du cadenas : 4471", "Keypad
firmware: 2024", "Safe installation steps: 1-2-3-4-5"; and digits can be a measure ("Padlock combination sizes:
4-5-6-7 mm", "Safe: 1000 kg load"). Wave 40 held back one such label in one rule (``redaction_spoken``);
``is_public_number`` asks it of every rule's span instead (that special case went in stop 41's review), in
``redaction.redact`` (through ``redaction_held_back.held_back``): a value of digits (dashes, spaces, ``*`` and ``#``
between) followed by a unit, a distance, a duration, a count of rounds or tries (wave 44: "PBKDF2-SHA256, 600000
rounds", "600000 Iterationen") or a model word,
or whose label on its line names an order, serial, model, invoice ... number or ends on a noun of a counted or public
quantity (firmware, version, steps, year, price, phone ...), with no code's word after that name ("Serial number and
PIN: 4471" still goes) or, for a noun, anywhere in the label ("Code for the 3rd floor: 4471").
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_public_ids import public_number_names

__all__ = ["is_public_number"]

_NUMBER_HINT_RE: Final = re.compile(r"(?i)n[rouú]m|no\b|#|id\b|nr\b")
_LABEL_MAX: Final = 160  # characters before the value read as its label: time stays linear on a long line
_DIGITS_RE: Final = re.compile(r"[*#]?\d(?:[\d \t*#-]{0,18}\d)?[*#]?")
# a code's word after the number's name: the label names the code too
_CODE_AFTER_RE: Final = re.compile(
    r"(?i:\b(?:codes?|pin|pins|passcode|password|passwort|combination|combo|kod|kode|koden|koodi|c[óo]digo|codice"
    r"|mot[ \t]+de[ \t]+passe|contrase[ñn]a|senha|wachtwoord|l[öo]senord|has[łl]o|код|пароль|暗証|密码|비밀번호)\b)"
)
# the label's last noun: a quantity or a public number of the thing, not its code
_PUBLIC_NOUN_RE: Final = re.compile(
    r"(?i:\b(?:firmware|version|model|steps?|year|capacity|size|count|quantity|qty|price|cost|weight|height|width"
    r"|depth|length|voltage|battery|warranty|floor|page|phone|tel|fax|hotline|extension|ext|hours|opening[ \t]+hours"
    r"|postcode|zip|versi[óo]n|modell|modelo|modello|mod[èe]le|preis|prix|precio|prezzo|jahr|ann[ée]e|a[ñn]o|anno"
    r"|telefon|t[ée]l[ée]phone|tel[ée]fono|telefono|gewicht|poids|peso)\b)"
    r"[ \t]*(?:\([^()\n]{0,30}\))?[ \t]*[:=：]?[ \t]*$"
)

# a unit or a model word right after the digits: a measure ("4-5-6-7 mm shackle", "1000 kg", "2023 model")
_UNIT_AFTER_RE: Final = re.compile(
    # stop 42: or a list of such numbers before it ("1984, 1990 and 2001 models")
    r"(?:[ \t]*(?:,|/|\band\b|\bor\b|&|\bund\b|\bet\b|\by\b|\be\b)[ \t]*\d{2,8}){0,6}"
    r"[ \t]?(?i:mm|cm|km|kg|lbs?|kn|kw|kwh|mah|rpm|hz|db|°c|°f|eur|usd|gbp|chf|sek|nok|dkk|pln|%"
    r"|model|models|modell|modelo|modello|pieces|pcs|stück|units|seats|chairs|people|persons|pages"
    # stop 42: a distance or a duration ("It's 1500 metres to the ATM", "2000 steps", "1200 minutes of calls")
    r"|m|metres?|meters?|metros?|metri|miles?|ft|feet|yards?|min|mins|minutes?|minuten|minutos?|minuti|hours?|days?"
    # wave 44: a count of rounds, iterations or tries ("PBKDF2-SHA256, 600000 rounds", "310000 Iterationen")
    r"|rounds|iterations?|iters|cycles|passes|attempts|tries|retries|bits|bytes|chars|characters|runden|iterationen"
    r"|zyklen|versuche|zeichen|it[ée]rations?|tours|essais|caract[èe]res|iteraciones|rondas|intentos|caracteres"
    r"|iterazioni|giri|tentativi|caratteri|iteraties|rondes|pogingen|tekens|iteracji|rund|pr[óo]b|znak[óo]w"
    r"|iterationer|omgångar|försök|tecken)(?![\w°])"
)


def is_public_number(text: str, start: int, end: int) -> bool:
    """Whether the digits at ``text[start:end]`` are a measure or sit under a label naming another number (see the
    module docstring)."""
    if _DIGITS_RE.fullmatch(text, start, end) is None:
        return False
    if _UNIT_AFTER_RE.match(text, end) is not None:
        return True
    label = text[max(text.rfind("\n", max(0, start - _LABEL_MAX), start) + 1, start - _LABEL_MAX) : start]
    if _PUBLIC_NOUN_RE.search(label, max(0, len(label) - 60)) is not None:  # the noun ends the label
        return _CODE_AFTER_RE.search(label) is None  # "Code for the 3rd floor: 4471" names the code
    if not _NUMBER_HINT_RE.search(label):  # a quick gate: no name of a number without one of these
        return False
    names = list(public_number_names(label))
    return bool(names) and _CODE_AFTER_RE.search(label, names[-1].end()) is None
