"""A lock's code said before the verb that opens it, as German and Dutch put the verb last (wave 49, no I/O).

``redaction_lock_opens`` reads "the safe opens with 4417" and "de kluis gaat open met 4-19-27": the verb, then the
code. German and Dutch subordinate, modal and passive clauses put the code first and the verb at the end:
"der Tresor lässt sich mit 91-44-07 öffnen", "die Kassette wird mit der Kombination 5193 geöffnet", "das Rolltor geht
mit 2291 auf", "de kluis kan met 7702 worden geopend", "het hek is met code 4093 open te maken". Found (the value
only, kind ``credential``): a safe, a key box, a cash box, a door, a gate, a barrier, a locker or a padlock named
earlier in the sentence, then "mit" / "met", an optional code word ("dem Code", "der Kombination", "de code"), four
to eight digits (a "#" or "*" after them) or a dial's numbers joined by dashes, and an opening verb right after them
(öffnen, geöffnet, aufmachen, aufsperren, entriegeln, auf, openen, geopend, open, openmaken, ontgrendelen; a modal
or passive auxiliary may stand between: "geöffnet werden", "worden geopend").

Kept: digits followed by anything else ("das Tor lässt sich mit 2 Schlüsseln öffnen" has fewer than four digits, and
"die Tür wird mit 1200 Newton aufgedrückt" has a noun after them); a lock opened with a key, a card or a chip (no
digits); a year without a code word ("der Tresor wurde mit 1984 geöffnet" reads a year, not a code); a machine that is
not a lock ("der Motor lässt sich mit 4000 starten": no lock and no opening verb).
Why: the lock, "mit" and the digits right before the opening verb are the handover note's word order in these two
languages, and rare in clean prose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["verb_final_open_spans"]

_Found = tuple[int, int, str]

_LOCK: Final = (
    r"(?i:[^\W\d_]{0,16}?(?:tresor|safe|kasten|kassette|kästchen|spind|schließfach|schliessfach|schloss|schloß"
    r"|tür|türe|schranke|kluis|kast|kastje|deur|poort|slot|hangslot|brievenbus)"
    r"|(?:roll|garagen|hof|einfahrts|haupt|hinter|neben)?tor|gitter|hek|slagboom|box)"
)
_CODE_WORD: Final = (
    r"(?i:(?:dem|der|einem|einer|de|het|een)[ \t]+)?"
    r"(?i:code|zahlencode|kombination|zahlenkombination|pin|pincode|combinatie|cijfercode)"
)
_VALUE: Final = r"(?P<v>\d{4,8}[#*]?|\d{1,3}(?:-\d{1,3}){2,5})"
_VERB: Final = (
    r"(?:(?i:werden|worden|kan|kunnen)[ \t]+)?"
    r"(?i:öffnen|geöffnet|aufmachen|aufgemacht|aufsperren|aufgesperrt|entriegeln|entriegelt|entsperren|entsperrt"
    r"|auf|openen|geopend|open|openmaken|opengemaakt|ontgrendelen|ontgrendeld)"
)
_FINAL_RE: Final = re.compile(
    r"(?<![^\W\d_])" + _LOCK + r"(?![^\W\d_])[^.!?\n]{0,80}?(?<![^\W\d_])(?i:mit|met)[ \t]+(?:(?P<cw>" + _CODE_WORD
    + r")[ \t]+)?" + _VALUE + r"[ \t]+" + _VERB
    + r"(?:[ \t]+(?i:werden|worden|wird|kann|können|kunnen|lässt|laesst|lassen|te[ \t]+maken))?"
    + r"(?=[.,;!)]|[ \t]*(?:\n|$)|[ \t]+(?i:und|dann|danach|aber|oder|en|daarna|dan|maar|of)(?![^\W\d_]))"
)
_YEAR: Final = re.compile(r"(?:19|20)\d\d")
_GATE: Final = ("mit", "Mit", "MIT", "met", "Met", "MET")


def verb_final_open_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    if not any(word in text for word in _GATE):
        return
    for m in _FINAL_RE.finditer(text):
        value = m.group("v")
        if m.group("cw") is None and _YEAR.fullmatch(value):
            continue
        yield m.start("v"), m.end("v"), "credential"
