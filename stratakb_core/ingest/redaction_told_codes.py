"""A code told in a sentence of a note or a mail, in the forms older rules did not read (wave 43, no I/O).

Older rules take "Koden er 5903", "Die Türcode ist 7741" and "alarm kodu: 46028". Fresh sets tell the same codes
in three more ways:

* the code's word, what it belongs to, a copula and an adverb of time before the digits ("Koden till foderrummet är
  nu 7741", "De code van de kluis is nu 5520", "Der Code für den Tresor ist jetzt 3817"), or a compound naming whose
  code it is (``redaction_compound_codes.CODE_STEMS``: "Din nye medarbejderkode til tidsregistreringen på
  Hospitalet er 48291");
* a dial's or a keypad's digits joined by dashes ("Koden er 5-9-0-3", "the code is 36-12-27"): one or two digits
  each, three groups or more, four digits or more in all (a date's year has four and does not fit);
* Turkish, where the code comes before its word ("alarmı 46028 koduyla kapatın", "kapıyı 7315 şifresiyle açın").

Kept: a public kind of code (``redaction_public_kinds``: a post, an error, a discount code), a measure or a count
after the digits ("the code is 1000 characters long", "koden er 4 cifre"), a bare "code" with nothing of what it
opens, a year after "siden" / "since" (a word in the gap). ``told_code_spans`` yields ``(start, end, kind)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_compound_codes import CODE_STEMS

__all__ = ["told_code_spans"]

_Found = tuple[int, int, str]

_VALUE: Final = r"(?P<v>\d{4,8}|\d{1,2}(?:-\d{1,2}){2,5})"
_NOT_AFTER: Final = (
    r"(?![\w-]|[.,]\d|[ \t]+(?i:characters?|chars?|digits?|tegn|tecken|zeichen|stellen|caract[èe]res|cifre|cifras"
    r"|siffror|siffer|cijfers|ziffern|years?|år|jahre|jaar|times?|gange|gånger|keer|mal|kr|eur|euro|usd|dkk|sek|nok"
    r"|minutes?|min|minutter|minuter|minuten|sekunder|seconds?|m|km|kg|%)\b)"
)
_WORD: Final = r"(?i:(?<![^\W\d_])(?:(?:" + CODE_STEMS + r")(?:s|e|en)?-?)?(?:koden|kode|kod|koodi|code))"
_COPULA_RE: Final = re.compile(
    _WORD + r"(?:[ \t]+(?i:til|till|for|för|voor|van|für|zum|zur|zu|av|do|to|of|pour|para|per|del|della|des|du)"
    r"[ \t]+[^\n.:!?;]{1,60}?)?"
    r"[ \t]+(?i:er|är|on|is|ist|lautet|blir|bliver|wordt|est|es|è|é)"
    r"(?P<adv>[ \t]+(?i:nu|nå|nun|now|nyt|ny|new|neu|nog|still|fortsatt|stadig|fortfarande|jetzt|maintenant|ora"
    r"|ahora|agora|weiterhin|endnu|enn[åa]))?[ \t]*:?[ \t]+" + _VALUE + _NOT_AFTER
)
_TURKISH_RE: Final = re.compile(
    r"(?<![\w-])(?P<v>\d{4,8})[ \t]+(?i:kod(?:u|unu|uyla|la|u[ \t]+ile)|şifre(?:si|siyle|yle|sini|si[ \t]+ile)?)"
    r"(?![^\W\d_])"
)
_GATE: Final = ("kod", "code", "şifre", "sifre")
# a public kind of code named right before ("The error code is now 4471", "Hata 4040 koduyla", "posta kodu")
_PUBLIC_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:error|status|exit|return|zip|postal|post|area|country|promo|discount|coupon|product|article|item"
    r"|batch|lot|tracking|order|fehler|rabat\w*|hata\w*|posta|ürün\w*|indirim|kampanya|sipariş\w*|kargo|fatura)"
    r"[ \t]*$)"
)


def _dashed(value: str) -> bool:
    return "-" in value


def told_code_spans(text: str) -> Iterator[_Found]:
    """The digits above (see the module docstring)."""
    low = text.lower()
    if not any(g in low for g in _GATE):
        return
    for m in _COPULA_RE.finditer(text):
        value = m.group("v")
        digits = value.replace("-", "")
        if len(digits) < 4 or len(set(digits)) < 2:
            continue
        if m.group("adv") is None and not _dashed(value) and m.group(0)[:4].lower() in ("kode", "kod ", "code"):
            continue  # older rules judge the plain "Koden er 5903"; here the adverb, the dashes or a compound
        if _PUBLIC_BEFORE_RE.search(text, max(0, m.start() - 30), m.start()) is None:
            yield m.start("v"), m.end("v"), "credential"
    if "ş" in low or "kodu" in low:
        for m in _TURKISH_RE.finditer(text):
            public = _PUBLIC_BEFORE_RE.search(text, max(0, m.start() - 30), m.start()) is not None
            if len(set(m.group("v"))) >= 2 and not public:
                yield m.start("v"), m.end("v"), "credential"
