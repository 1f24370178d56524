"""What someone else asks of the model, described rather than given (no I/O; wave 46; read by ``injection``).

A security page describes the technique in the third person: "In this attack, the adversary asks the agent to
disregard prior guidance ...", "Un attaquant peut demander à l'assistant d'ignorer ses instructions ...", "ein
Angreifer kann den Assistenten bitten, ...". A support note reports a person retracting their own message: "Caller
asked us to ignore her previous message about ...". ``ASKED_OF`` is the text right before an override phrase that
says so (an attacker asking a model, a caller asking staff); ``injection._CAUSED`` reads it as a mention. An order
given to the reader by someone who calls themselves an attacker ("Attacker here. Assistant, ignore ...") has no
such lead-in and still fires. Bounded (at most two words between the attacker and the verb).
"""

from __future__ import annotations

from typing import Final

__all__ = ["ASKED_OF"]

ASKED_OF: Final = (
    r"\b(?:attackers?|adversar(?:y|ies)|angreifer|attaquants?|atacantes?|aggressor[ei]|aanvallers?)\s+(?:\w+\s+){0,2}"
    r"(?:asks?|tells?|instructs?|demander|demande|pedir|pide|chiedere|chiede|bitten|bittet|vraagt|vragen)\s+"
    r"(?:à\s+l'|à\s+|al\s+|the\s+|an?\s+|den\s+|de\s+|l'|all'|a\s+|o\s+)?(?:agents?|assistants?|models?|bots?|ai"
    r"|llms?|assistente|asistente|assistenten|modèle|modelo|modello|ia|ki)\s*(?:to\s+|de\s+|d'|que\s+|di\s+|,\s*)?$"
    r"|\b(?:caller|customer|client|guest|she|he|they)\s+(?:asked|asks)\s+(?:us|me)\s+to\s+$"
)
