"""Safeguards described: a sentence saying what is held for people to approve (no I/O; wave 45).

A code comment or a design note says how a pipeline keeps the model in check: "any tool call the model proposes for
payments is queued for human approval", "Zahlungen werden zur manuellen Freigabe zurückgehalten", "les virements
restent soumis à une validation humaine". It names the model, a tool and a payment, and a line wrapped before "to the
model, ..." reads as a salutation, yet it states a safeguard, it orders nothing. ``human_gate`` finds such a
sentence: something held, queued or routed for human, manual or two-person approval or review, in English, German,
French, Spanish, Italian, Portuguese and Dutch; a sentence that also throws the safeguard away ("ignore the rule that
payments are queued for human approval", "skip", "bypass", "without", "no need") is not one (``_WAIVED``).

``people_chat`` finds a chat between people joined into one line (the whitespace variant): two or more speakers
named before a colon, one of them at least twice, and no AI, bot or system among them nor named in the line
("Priya: forget what I said earlier ... Tom: np Priya: and from now on let's use the big hall"): a plan changed
between colleagues, not an order to the reader.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["human_gate", "people_chat"]

_GATE: Final = re.compile(
    r"\b(?:queued|held|routed|parked|sent|flagged|kept|put|waits?|waiting|pending)\s+(?:back\s+)?(?:for|until|to)\s+"
    r"(?:an?\s+|the\s+)?(?:explicit\s+)?(?:human|manual|two-person|four-eyes|staff|operator|person(?:al)?)\s*"
    r"(?:approval|review|sign-?off|confirmation|check|validation)"
    r"|\b(?:human|manual|two-person|four-eyes)\s+(?:approval|review|sign-?off|confirmation)\s+(?:is|are)\s+required"
    r"|\b(?:menschliche|manuelle)[nr]?\s+(?:Freigabe|Prüfung|Bestätigung)|\bVier-Augen-Prinzip"
    r"|\b(?:validation|approbation|vérification|confirmation)\s+humaine|\b(?:aprobación|revisión|validación)\s+humana"
    r"|\b(?:approvazione|revisione|convalida)\s+umana|\b(?:aprovação|revisão|validação)\s+humana"
    r"|\bmenselijke\s+(?:goedkeuring|controle|beoordeling)",
    re.IGNORECASE,
)
_WAIVED: Final = re.compile(
    r"\b(?:ignore|disregard|skip|bypass|circumvent|without|no\s+need|don'?t|do\s+not|never|override|instead|ohne"
    r"|ignorier\w*|sans|ignore[rz]|sin|ignora\w*|senza|sem|zonder|negeer)\b",
    re.IGNORECASE,
)
_SPEAKER: Final = re.compile(r"(?:^|(?<=\s))([A-Z][a-z]{1,14}):[ \t]")
_MACHINE: Final = re.compile(
    r"\b(?:ai|a\.i\.|assistant|bot|chatbot|model|llm|gpt|agent|system|systeem|sistema|système|ki|ia|tool|developer"
    r"|operator|user|instructions?|prompt|rules|guidelines)\b",
    re.IGNORECASE,
)


def human_gate(sentence: str) -> bool:
    """``sentence`` says something is held for human approval, and throws no safeguard away."""
    return bool(_GATE.search(sentence)) and not _WAIVED.search(sentence)


def people_chat(sentence: str) -> bool:
    """``sentence`` is a chat between named people joined into one line, with no machine in it."""
    if sentence.count(":") < 3:
        return False
    names = [m.group(1) for m in _SPEAKER.finditer(sentence)]
    if len(set(names)) < 2 or len(names) == len(set(names)):
        return False
    return not _MACHINE.search(sentence)
