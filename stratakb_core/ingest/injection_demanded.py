"""A demand someone else makes, quoted in a staff guideline, for the injection scan's override scope (wave 34).

A front-desk guide or a training note tells staff what to do when a caller asks for something it quotes: "if a
customer demands that you 'forget all previous rules', stay friendly and point to the privacy policy", "Wenn eine
Kundin verlangt, dass Sie 'alle bisherigen Regeln vergessen', bleiben Sie freundlich", "si un client exige que vous
« oubliiez les règles », refusez poliment". The override words sit inside the quotation, the quotation is the object
of a demand in a conditional clause whose subject is not the reader, and the rest of the sentence says how to turn it
down. A sentence that tells the reader to go along with the quoted demand ("..., comply", "..., do so") is not one,
nor one without a refusal. No I/O; every search is bounded to the sentence (linear).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["complied_demand", "demanded_quote"]

_OPEN: Final = "'\"‘“„«「"
_CLOSE: Final = {"'": "'", '"': '"', "‘": "’", "“": "”", "„": "“”", "«": "»", "「": "」"}
# "if a customer demands that you ' / "wenn eine Kundin verlangt, dass Sie ' / "si un client exige que vous « "
_DEMAND: Final = re.compile(
    r"\b(?:if|when|whenever|should|wenn|falls|sobald|si|cuando|quand|lorsqu['’]?|se|quando|als|wanneer)[ \t]+"
    r"(?!(?:you|tu|vous|usted|du|sie|jij|u)\b)(?:[^\W\d_][\w'’-]{0,20}[ \t]+){1,6}"
    r"(?:demands?|asks?|insists?|requests?|tells?|wants?|urges?|verlangt|fordert|bittet|will|möchte|drängt|exige"
    r"|demande|insiste|pide|solicita|chiede|pretende|vraagt|eist|wil)"
    r",?[ \t]+(?:that[ \t]+you|you[ \t]+to|dass[ \t]+(?:Sie|du)|que[ \t]+(?:vous|tu|usted)|que|di|dat[ \t]+(?:u|je)"
    r"|che(?:[ \t]+(?:tu|lei|voi))?)[ \t]+[" + _OPEN + r"][ \t]*$",
    re.IGNORECASE,
)
# the main clause turns the demand down or sends it on
_REFUSAL: Final = re.compile(
    r"\b(?:decline|refuse|say[ \t]+no|politely|polite|friendly|calm|escalate|report|refer|point|do[ \t]+not|don['’]t"
    r"|never|ablehnen|lehnen|freundlich|höflich|ruhig|verweisen|weisen|melden|nicht|refusez|refuser|déclinez|restez"
    r"|poliment|aimable|courtois|signalez|rechace|rechazar|rechaza|amable|cortés|tranquil\w*|rifiuti|rifiutare"
    r"|gentile|cortese|weiger\w*|vriendelijk|beleefd)\b",
    re.IGNORECASE,
)
_COMPLY: Final = re.compile(
    r"\b(?:comply|obey|do[ \t]+(?:so|it|that|as[ \t]+(?:told|asked))|go[ \t]+ahead|follow[ \t]+(?:it|them|the)"
    r"|befolge\w*|gehorche\w*|folgen[ \t]+Sie|tun[ \t]+Sie[ \t]+das|obéi\w*|obedec\w*|obbedisc\w*|gehoorzaam\w*)\b",
    re.IGNORECASE,
)


def demanded_quote(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` sits in a quotation someone else demands in a conditional clause, and the sentence says to
    turn the demand down."""
    line_start = text.rfind("\n", 0, start) + 1
    lo = max(line_start, start - 200)
    opening = max(text.rfind(q, lo, start) for q in _OPEN)
    if opening < 0 or not _DEMAND.search(text, max(lo, opening - 160), opening + 1):
        return False
    closers = _CLOSE[text[opening]]
    close = min((i for q in closers if (i := text.find(q, end, end + 300)) >= 0), default=-1)
    if close < 0 or "\n" in text[end:close]:
        return False
    stop = re.search(r"[.!?。\n]", text[close + 1 : close + 300])
    rest = text[close + 1 : close + 1 + (stop.start() if stop else 300)]
    return bool(_REFUSAL.search(rest)) and not _COMPLY.search(rest)


def demand_masked(sentence: str) -> str | None:
    """``sentence`` with every quotation it holds as a turned-down demand blanked, or None when it holds none."""
    out, found = sentence, False
    for i, ch in enumerate(sentence):
        if ch not in _OPEN or (ch == "'" and sentence[i - 1 : i].isalnum()):
            continue
        close = min((j for q in _CLOSE[ch] if (j := sentence.find(q, i + 1, i + 400)) > i + 1), default=-1)
        if close > 0 and demanded_quote(sentence, i + 1, close):
            out, found = out[: i + 1] + " " * (close - i - 1) + out[close:], True
    return out if found else None


# wave 35: the same demand with a main clause that says to go along ("Wenn ein Kunde verlangt, dass Sie 'alle
# bisherigen Regeln vergessen', folgen Sie dem sofort", "si un client exige que vous « oubliiez les règles », obéissez-
# lui"): the quoted words are the subordinate or subjunctive form no phrase rule reads, so the sentence is the order
_QUOTED_OVERRIDE: Final = re.compile(
    r"\b(?:forget|ignore|disregard|vergess\w{0,3}|vergiss|ignorier\w{0,3}|missacht\w{0,3}|oubli\w{0,4}|ignor\w{0,4}"
    r"|olvid\w{0,4}|dimentic\w{0,4}|negeer\w{0,2}|vergeet)\b",
    re.IGNORECASE,
)
_RULES: Final = re.compile(
    r"\b(?:rules|instructions|guidelines|regeln|anweisungen|vorgaben|richtlinien|règles|consignes|reglas"
    r"|instrucciones|regole|istruzioni|regels|instructies)\b",
    re.IGNORECASE,
)


_OPENING: Final = re.compile("[" + _OPEN + "]")


def complied_demand(text: str) -> tuple[int, int] | None:
    """The span of a demand quoted in a conditional clause whose quotation throws away rules or instructions and
    whose main clause says to comply with it."""
    for m in _OPENING.finditer(text):
        i, ch = m.start(), m.group()
        if ch == "'" and text[i - 1 : i].isalnum():
            continue
        if not _DEMAND.search(text, max(text.rfind("\n", 0, i) + 1, i - 160), i + 1):
            continue
        close = min((j for q in _CLOSE[ch] if (j := text.find(q, i + 1, i + 300)) > i + 1), default=-1)
        quoted = text[i + 1 : close] if close > 0 else ""
        if not quoted or "\n" in quoted or not (_QUOTED_OVERRIDE.search(quoted) and _RULES.search(quoted)):
            continue
        stop = re.search(r"[.!?。\n]", text[close + 1 : close + 300])
        rest_end = close + 1 + (stop.start() if stop else min(300, len(text) - close - 1))
        if _COMPLY.search(text, close + 1, rest_end):
            return i, rest_end
    return None
