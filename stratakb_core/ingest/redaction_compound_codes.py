"""A Nordic or German code word built from what it unlocks or switches off, then digits (wave 37, no I/O).

Danish, Norwegian, Swedish, Finnish, Dutch and German write a code's purpose into one word with it:
frakoblingskode, deaktiveringskode, alarmkode, adgangskode, portkod, larmkod, hälytyskoodi, ovikoodi,
avauskoodi, Deaktivierungscode, Zugangscode, toegangscode. Such a word, then a colon, "er" / "är" / "on" / "ist" /
"is" or nothing, then four to eight digits (a star or a hash may end them): the digits go.

Only stems that name an opening, an alarm or a lock count: a product's, an error's, a post or a discount code
(varekode, felkod, virhekoodi, postnummer, rabatkode, tuotekoodi) is no such word and its digits stay; so do a
year after "siden" / "since" (a word in the gap) and one digit repeated.
``compound_code_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["CODE_STEMS", "compound_code_spans"]

_Found = tuple[int, int, str]

# what the code opens, arms or disarms (the stem before kode / kod / koodi / code, a linking s allowed)
_STEMS: Final = (
    r"frakobling|tilkobling|afkobling|deaktivering|aktivering|avaktivering|afbrydelse|alarm|larm|tyverialarm"
    r"|adgang|tilgang|[åa]tkomst|inngang|indgang|d[øo]r|d[öo]rr|port|grind|bom|l[åa]s|kodel[åa]s|boks|skab|sk[åa]p"
    r"|n[øo]kkel|n[øo]gle|nyckel|garage|sikkerhed|sikkerhet|s[äa]kerhet|hemmelig|avst[äa]ngning|fr[åa]nkoppling"
    r"|h[äa]lytys|ovi|portti|lukko|p[äa][äa]sy|avaus|kulku|turva|kaappi|varasto|pin"
    r"|deaktivierung|aktivierung|entsch[äa]rf|zugang|zutritt|t[üu]r|tor|tresor|schloss|alarmanlage"
    r"|toegang|deur|poort|kluis|uitschakel|inschakel|ontgrendel"
    # wave 43: whose code it is, a staff member's or an administrator's (medarbejderkode, beheercode, Mitarbeitercode)
    r"|medarbejder|medarbeider|medarbetar|mitarbeiter|personale|ansatt|ansat|anst[äa]lld|beheer|beheerder"
    r"|administrator|admin|supervisor|leder|ledare|chef|stempel|stempling|st[äa]mpel"
)
CODE_STEMS: Final = _STEMS  # (wave 43: redaction_told_codes reads the same stems)
_CODE_RE: Final = re.compile(
    r"(?i:(?<![^\W\d_])(?:" + _STEMS + r")(?:s|e|en)?-?(?:koden?|kod(?:en)?|koodi|code|kode)(?![^\W\d_]))"
    r"(?:[ \t]*[:=][ \t]*|[ \t]+(?:(?i:er|är|on|ist|is|lautet|blir)[ \t]+)?(?:(?i:nu|nå|nyt|nu|nyt|nun|nu)[ \t]+)?)"
    r"(?P<v>\d{4,8}(?:[#*]\d?)?)(?![\d\w,.]\d|[\w-])"
)
_GATE: Final = ("kod", "koodi", "code")


def compound_code_spans(text: str) -> Iterator[_Found]:
    """The digits above (see the module docstring)."""
    low = text.lower()
    if not any(g in low for g in _GATE):
        return
    for m in _CODE_RE.finditer(text):
        if m.group(0)[:3].lower() == "pin" and len(m.group("v")) == 6:
            continue  # lead review: India's postal "Pincode 560001" (six digits), not a card's PIN
        if len(set(m.group("v").rstrip("#*"))) >= 2:
            yield m.start("v"), m.end("v"), "credential"
