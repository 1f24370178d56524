"""A password a sentence names and the next one gives as "one" (wave 27, no I/O).

"Please reset the printer admin password. Current one is X and ...", "the Wi-Fi password changed; the new one is X",
"Das alte Passwort läuft ab, das neue ist X": the value's own clause names no secret, the sentence before does. A
value goes when a word for a password stands within 160 characters before "(the) current / new / old / temporary
one is" (or the German, French, Spanish, Italian, Portuguese form), or (wave 31) before a sentence starting "It is"
/ "Es ist" / "C'est" / "Det er" / "Het is" ("The kiosk asks for the maintenance password. It is X for ..."), and
the value has a chosen password's shape
(``redaction_spoken.shaped``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import PW_WORDS, shaped

__all__ = ["anaphora_spans"]

_Found = tuple[int, int, str]

_ONE_RE: Final = re.compile(
    r"(?i:\b(?:current|new|old|temporary|temp|previous|present)[ \t]+one[ \t]+(?:is|was)"
    r"|\b(?:das|der|die)[ \t]+(?:neue|alte|aktuelle)[ \t]+(?:ist|lautet)|\ble[ \t]+(?:nouveau|nouvel|actuel)[ \t]+est"
    r"|\b(?:el|la)[ \t]+(?:nuev[ao]|actual)[ \t]+es|\b(?:il|la)[ \t]+(?:nuov[ao]|attuale)[ \t]+è"
    r"|\b[ao][ \t]+(?:nov[ao]|atual)[ \t]+é"
    # wave 31: a sentence that starts "It is X": "... asks for the radio password. It is X for all handsets"
    r"|(?:(?<=[.!?][ \t])|(?m:^))(?:it[ \t]+is|it['’]s|es[ \t]+ist|c['’]est|det[ \t]+er|det[ \t]+är|het[ \t]+is))"
    r"[ \t]+[\"'`«“‘]?(?P<v>[^\s\"'`«»“”‘’()]{4,128}?)[\"'`»”’]?(?=[.,;!?]?(?:\s|$))"
)
_PW_NAME_RE: Final = re.compile(r"(?i:\b(?:" + PW_WORDS + r"))")
_WINDOW: Final = 160
# the copulas one of which every match holds (a plain search before the pattern's)
_GATE: Final = (" one is ", " one was ", " ist ", " lautet ", " est ", " es ", " è ", " é ", "it is ", "it's ", "it’s ",
                "c'est ", "c’est ", " er ", " är ", "het is ")


def anaphora_spans(text: str) -> Iterator[_Found]:
    """Values given as "the new one is X" after a sentence naming a password (see the module docstring)."""
    low = text.lower()
    if not any(word in low for word in _GATE):
        return
    for m in _ONE_RE.finditer(text):
        value = m.group("v")
        if shaped(value) and _PW_NAME_RE.search(text, max(0, m.start() - _WINDOW), m.start()) is not None:
            yield m.start("v"), m.end("v"), "credential"
