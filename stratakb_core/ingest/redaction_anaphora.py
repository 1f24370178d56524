"""A password a sentence names and the next one gives as "one" (wave 27, no I/O).

"Please reset the printer admin password. Current one is X and ...", "the Wi-Fi password changed; the new one is X",
"Das alte Passwort läuft ab, das neue ist X": the value's own clause names no secret, the sentence before does. A
value goes when a word for a password stands within 160 characters before "(the) current / new / old / temporary
one is" (or the German, French, Spanish, Italian, Portuguese form), or (wave 31) before a sentence starting "It is"
/ "Es ist" / "C'est" / "Det er" / "Het is" ("The kiosk asks for the maintenance password. It is X for ..."), and
the value has a chosen password's shape
(``redaction_spoken.shaped``). Wave 41: "Now it is X" / "Agora é X" / "Jetzt ist es X" after a sentence naming a
password ("... mudou. Agora é X."), and four to eight digits that end their clause after a sentence naming a PIN or
a door's, a gate's or an alarm's code ("... asks for the service PIN. It's 906142 (on the sticker too)"), not a
year's digits nor a phone's, an hour's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keypads import YEAR_RE
from stratakb_core.ingest.redaction_spoken import PW_WORDS, shaped

__all__ = ["anaphora_spans"]

_Found = tuple[int, int, str]

_ONE_RE: Final = re.compile(
    r"(?i:\b(?:current|new|old|temporary|temp|previous|present)[ \t]+one[ \t]+(?:is|was)"
    r"|\b(?:das|der|die)[ \t]+(?:neue|alte|aktuelle)[ \t]+(?:ist|lautet)|\ble[ \t]+(?:nouveau|nouvel|actuel)[ \t]+est"
    r"|\b(?:el|la)[ \t]+(?:nuev[ao]|actual)[ \t]+es|\b(?:il|la)[ \t]+(?:nuov[ao]|attuale)[ \t]+è"
    r"|\b[ao][ \t]+(?:nov[ao]|atual)[ \t]+é"
    # wave 31: a sentence that starts "It is X": "... asks for the radio password. It is X for all handsets"
    r"|(?:(?<=[.!?][ \t])|(?m:^))(?:it[ \t]+is|it['’]s|es[ \t]+ist|c['’]est|det[ \t]+er|det[ \t]+är|het[ \t]+is)"
    # wave 41: "... changed. Now it is X", "mudou. Agora é X", "Jetzt lautet es X", "Ahora es X", "Nu är det X"
    r"|(?:(?<=[.!?][ \t])|(?m:^))(?:now[ \t]+it(?:[ \t]+is|['’]s)|it(?:[ \t]+is|['’]s)[ \t]+now"
    r"|agora[ \t]+(?:ela[ \t]+)?é|jetzt[ \t]+(?:ist|lautet)[ \t]+es|es[ \t]+(?:ist|lautet)[ \t]+jetzt|ahora[ \t]+es"
    r"|maintenant[ \t]+c['’]est"
    r"|c['’]est[ \t]+maintenant|ora[ \t]+è|adesso[ \t]+è|nu[ \t]+(?:är|er|is)[ \t]+(?:det|het)|teraz[ \t]+to))"
    r"[ \t]+[\"'`«“‘]?(?P<v>[^\s\"'`«»“”‘’()]{4,128}?)[\"'`»”’]?(?=[.,;!?]?(?:\s|$))"
)
_PW_NAME_RE: Final = re.compile(r"(?i:\b(?:" + PW_WORDS + r"))")
_WINDOW: Final = 160
# the copulas one of which every match holds (a plain search before the pattern's)
_GATE: Final = (" one is ", " one was ", " ist ", " lautet ", " est ", " es ", " è ", " é ", "it is ", "it's ", "it’s ",
                "c'est ", "c’est ", " er ", " är ", "het is ", "agora é", "ora è", "adesso è", " is het", "teraz to")
# wave 41: a PIN's or a code's name in the sentence before, and digits ending their clause ("... asks for the service
# PIN after a paper jam. It's 906142 (printed on the sticker ...)"); not a year, a time or a phone's number
_PIN_NAME_RE: Final = re.compile(
    r"(?i:\b(?:pin|pins|pin[ -]?code|passcode|pincode|code[ \t]+pin|c[óo]digo[ \t]+pin|codice[ \t]+pin|pin-koodi"
    r"|unlock[ \t]+code|access[ \t]+code|door[ \t]+code|gate[ \t]+code|alarm[ \t]+code|keysafe[ \t]+code)\b)"
)
_PIN_DIGITS_RE: Final = re.compile(r"\d{4,8}")
_PIN_END_RE: Final = re.compile(r"[ \t]*(?:[.,;!?)]|\(|$)", re.MULTILINE)
_NOT_PIN_RE: Final = re.compile(
    r"(?i:\b(?:phone|tel|call|ring|hotline|extension|ext|years?|o['’]clock|am|pm|a\.m|p\.m|hours?|uhr|heures?)\b)"
)


def anaphora_spans(text: str) -> Iterator[_Found]:
    """Values given as "the new one is X" after a sentence naming a password (see the module docstring)."""
    low = text.lower()
    if not any(word in low for word in _GATE):
        return
    for m in _ONE_RE.finditer(text):
        value = m.group("v")
        if shaped(value) and _PW_NAME_RE.search(text, max(0, m.start() - _WINDOW), m.start()) is not None:
            yield m.start("v"), m.end("v"), "credential"
        elif _pin_digits(m):
            yield m.start("v"), m.end("v"), "credential"


def _pin_digits(m: re.Match[str]) -> bool:
    text, value = m.string, m.group("v").rstrip(".,;!?")
    if _PIN_DIGITS_RE.fullmatch(value) is None or YEAR_RE.fullmatch(value) is not None or len(set(value)) < 2:
        return False
    if _PIN_END_RE.match(text, m.start("v") + len(value)) is None:
        return False
    before = text[max(0, m.start() - _WINDOW) : m.start()]
    after = text[m.end("v") : m.end("v") + 40]
    return _PIN_NAME_RE.search(before) is not None and _NOT_PIN_RE.search(before + " " + after) is None
