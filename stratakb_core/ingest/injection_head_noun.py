"""Wave 43: a short head before a colon calls an AI only when the AI word is its addressee (no I/O; for cooccur).

``injection_cooccur`` reads "AI moderator: ..." and "Attention: AI reading this ..." as an AI called on: a short
head, a colon, an AI word within its first words. Two clean shapes read the same way: an AI word that only qualifies
the head's last noun ("Model release: I grant the studio the right ...", "Model number:", "Bot name:"), and an AI
word after the colon inside a condition ("Consejo: si el asistente debe responder en varios idiomas, indícalo ...").
``called_in_head`` keeps the head when it has at most six words, no "if" / "si" / "wenn" stands between its colon
and the AI word, and the head does not end on a thing the AI word qualifies. Wave 44: nor when the AI word is a
key's first part ("en.json: {\"assistant.greeting\": ...}", joined to the next word by a dot). Bounded (one pass
over at most 80 characters).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["called_in_head"]

_WORD: Final = re.compile(r"[^\W_\u0600-\u06ff\u0900-\u097f\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]+")  # cooccur's
# what an AI word qualifies in a heading: a release, a number, a name ... (not a role: "AI moderator:")
_THING: Final = frozenset(
    "release releases number numbers name names year card type types series code version id size price cost fee"
    " fees spec specs details overview comparison weights license licence family lineup range catalog catalogue"
    " no".split()
)
# wave 44: a word joined to the next by a dot, a key ("assistant.greeting"); not "ai_instructions:", a field that
# may well hold an order
_JOINED: Final = re.compile(r"\.[^\W\d_]")
_CONDITION: Final = frozenset("if when whenever unless si cuando se quando wenn falls als lorsque quand".split())


def called_in_head(text: str, head: re.Match[str], found: dict[str, list[int]]) -> bool:
    """The head that ``head`` (its last word, a colon) closes has at most six words and calls the first AI word."""
    words, ai = _WORD.findall(text[: head.start() + 1]), min(found["ai"])
    if len(words) > 6 or _in_identifier(text, ai):
        return False
    between = _WORD.findall(text[head.end() : head.end() + 80])[: max(ai - len(words), 0)]
    if any(w.lower() in _CONDITION for w in between):  # "Consejo: si el asistente debe ...": a condition
        return False
    return not (ai < len(words) - 1 and words[-1].lower() in _THING)


def _in_identifier(text: str, ai: int) -> bool:
    """Wave 44: the ``ai``-th word of ``text`` (at most its 80 first characters) is joined to the next one by a dot:
    a key of a string table ("en.json: {\"assistant.greeting\": ...}"), not an AI called on."""
    for k, m in enumerate(_WORD.finditer(text, 0, 80)):
        if k == ai:
            return bool(_JOINED.match(text, m.end()))
    return False
