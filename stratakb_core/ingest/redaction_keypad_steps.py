"""A code keyed in as one step of a keypad's sequence: "press C, then 1968, then the green button" (wave 46, no I/O).

Instructions for a door, gate or alarm panel list the keys in order; the code is the run of digits after "then" (or
"dann", "puis", "luego", "depois", "poi", "daarna", "sedan", "så") in a sequence that began with a key pressed
("press", "drücke", "appuyez sur", "pulse", "premi", "druk op", "tryck på"). A year's digits count here: the
sequence, not a label, says they are keyed in. Found: four to eight digits (a star or a hash may end them) ending
their step (a comma, a full stop, "then", the line's end), on a line naming a keypad, a door, a gate, an alarm or a
lock. Kept: "press 1, then 2 for billing" (one digit), "press Menu, then 2024 settings" (the digits name something),
"press C, then 1968" on a line naming no keypad or door (a calculator's keys), and digits all the same ("then 0000").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_lock_codes import place_named

__all__ = ["keypad_step_spans"]

_Found = tuple[int, int, str]

_STEP_RE: Final = re.compile(
    r"(?i:\b(?:press|push|hit|tap|dr[üu]cke?n?|appuye[zr](?:[ \t]+sur)?|puls[ae]|premi|druk(?:[ \t]+op)?"
    r"|tryck(?:[ \t]+p[åa])?|trykk(?:[ \t]+p[åa])?|aperte|carregue(?:[ \t]+em)?))"
    r"[ \t]+[^\n,;.]{1,30}?,?[ \t]+"
    r"(?i:then|and[ \t]+then|dann|danach|puis|ensuite|luego|despu[ée]s|depois|poi|quindi|daarna|sedan|s[åa]|deretter)"
    r"[ \t]+(?:(?i:enter|type|key[ \t]+in|tippe|tapez|entrez|digite|teclee|marque|inserisci|digita"
    r"|voer[ \t]+in)[ \t]+)?(?P<v>\d{4,8}[#*]?)"
    r"(?=[ \t]*(?:[,;]|\.(?:\s|$)|$|(?i:then|and|dann|und|puis|et|y|luego|e|poi|daarna|en|och|og)\b))",
    re.MULTILINE,
)


def keypad_step_spans(text: str) -> Iterator[_Found]:
    """The digits above (see the module docstring)."""
    for m in _STEP_RE.finditer(text):
        value = m.group("v").rstrip("#*")
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start : len(text) if line_end < 0 else line_end]
        if len(set(value)) >= 2 and place_named(line):
            yield m.start("v"), m.end("v"), "credential"
