"""An assistant a person asks for something, named before what it should do (no I/O; wave 47).

``injection_reader`` counts "the assistant that summarises" ("asistente que resuma", "assistente che riassuma",
"l'assistant de résumer") as an automated reader at work on this text, which the co-occurrence rule reads as an AI
called on. In the Romance languages the same words follow a verb of asking: "al pedir al asistente que resuma un
contrato, indique la longitud" (when you ask the assistant to summarise a contract, state the length), "quando
chiedi all'assistente di riassumere", "pour demander à l'assistant de résumer", "ao pedir ao assistente que resuma".
There the assistant is the object of the user's request and the orders of the sentence ("indique", "indiquez") are
advice to the person; the subjunctive or infinitive is the content of the request, not a reader at work.
``asked_of_role`` finds a verb of asking (ask, tell, pedir, pídale, demander, chiedere, pedir, vragen, poprosić,
попросить) and at most a preposition and an article right before the role noun. It leaves a role after anything
else ("el asistente que resuma este documento debe ...", "l'assistant qui résume cette page"), and the English
"asking the assistant to" (the reader rule does not name a reader there anyway).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["asked_of_role"]

_ASKED: Final = re.compile(
    r"\b(?:ask|asks|asking|asked|tell|telling|pedir|pedirle|pida|pídale|pidale|pide|pídele|pediu|pede|peça|perguntar"
    r"|demander|demandez|demande|demandant|chiedere|chiedi|chieda|chiedete|chiedendo|domandare|vragen|vraag"
    r"|poprosić|poproś|попросить|попросите|просить)"
    r"[ \t]+(?:(?:al|a[ \t]+la|a[ \t]+los|ao|à[ \t]+la|au|aux|all['’]|alla|allo|the|your|an?|het|de|aan[ \t]+de)[ \t]*"
    r"|à[ \t]+l['’][ \t]*)?$",
    re.IGNORECASE,
)


def asked_of_role(sentence: str, start: int) -> bool:
    """The role noun at ``start`` is the object of a verb of asking right before it ("pedir al asistente")."""
    return bool(_ASKED.search(sentence, max(start - 40, 0), start))
