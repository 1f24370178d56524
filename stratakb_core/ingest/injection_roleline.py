"""A system label planted as a line of its own, for the injection scan's ``role_tag`` rule (no I/O).

Wave 24 (heldout35-38) showed three shapes the role patterns and ``injection_sysline`` did not read:

* a system label that names the AI it is for before its mark: "SYSTEM NOTICE TO ASSISTANT >>> ...", "System note
  for the model:", "Systemnachricht an den Assistenten:", "Message système pour l'assistant :" (``_ADDRESSED``);
* a bare system label in a language the co-occurrence rule's role line does not list ("SYSTEEM:", "Rendszer:")
  (``_BARE``);
* a code fence whose info string is a role ("```system", "```developer"): a fenced block a chat template would
  read as a system turn (``_FENCE``).

Either counts when the message after it speaks to the AI: it names an AI, a persona ("you are ... now"), an order
word (must, reply, ignore, instructions) or a send (``_speaks``), read with the co-occurrence cues. A label
that names no AI and a fence tagged with a programming language are left to the other rules. Every pattern is
bounded (linear in the text's length), and at most ``_MAX_LABELS`` labels of each kind are read.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

from stratakb_core.ingest.injection_cooccur import _mask, cues
from stratakb_core.ingest.injection_markers import _SYSTEM

__all__ = ["labelled_role"]

_AI: Final = (
    r"ai|a\.i\.|assistant|assistants|model|llm|bot|chatbot|agent|copilot|assistenten|assistent|ki|modell"
    r"|assistant[ \t]+ia|l['’]assistant|l['’]ia|ia|asistente|assistente|modelo|modello|ассистенту|ассистент|ии"
)
_ADDRESSED: Final = re.compile(
    r"^[ \t>*#=_\[(-]{0,8}(?:" + _SYSTEM + r")(?:nachricht|meldung|bericht)?"
    r"(?:[ \t]+(?:message|notice|note|directive|instructions?|override|alert|update|nachricht|mensaje|messaggio"
    r"|mensagem|bericht|meddelande))?[ \t]+(?:to|for|an|für|pour|para|per|voor|для)[ \t]+"
    r"(?:the[ \t]+|den[ \t]+|die[ \t]+|das[ \t]+|le[ \t]+|la[ \t]+|el[ \t]+|il[ \t]+|o[ \t]+|de[ \t]+|any[ \t]+)?"
    r"(?:" + _AI + r")\b[ \t]*(?:[:：>\]\)—-]|$)",
    re.IGNORECASE | re.MULTILINE,
)
# a bare system label in the languages the co-occurrence rule's role line does not list ("SYSTEEM:", "Rendszer:")
_BARE: Final = re.compile(
    r"^[ \t>*#=_\[(-]{0,8}(?:systeem|systemet|systém|sistemi|rendszer|järjestelmä|süsteem|sustav|kerfi|mfumo"
    r"|hệ[ \t]+thống)[\])]?[ \t]*[:：]",
    re.IGNORECASE | re.MULTILINE,
)
_FENCE: Final = re.compile(r"^[ \t]*(?:```|~~~)[ \t]*(?:system|developer|sys)[ \t]*\n", re.IGNORECASE | re.MULTILINE)
_SAYS: Final = frozenset(
    {
        "ai",
        "modal",
        "steer",
        "override",
        "void",
        "persona_on",
        "persona_off",
        "henceforth",
        "fresh",
        "send",
        "leak",
        "limitless",
        "secret",
        "instr",
    }
)
_MESSAGE: Final = 300
_MAX_LABELS: Final = 64  # labels read per kind: a text of thousands of them costs no more than 64


def _speaks(message: str, named: bool) -> bool:
    """The message after a label speaks to the AI: names it, gives it a persona, an order or a send (after a label
    that names the AI itself, words about attacks do not make it a mention: "you are the attacker's helper now")."""
    found = cues(_mask(message))
    said = _SAYS & found.keys()
    return (named or "mention" not in found) and bool(said) and ("you" in found or len(said) >= 2)


def labelled_role(text: str) -> tuple[int, int] | None:
    """The span of a system label addressed to an AI, or of a fence tagged as a system turn, whose message speaks to
    the AI; or None."""
    for pattern in (_ADDRESSED, _FENCE, _BARE):
        for m in itertools.islice(pattern.finditer(text), _MAX_LABELS):
            if _speaks(text[m.end() : m.end() + _MESSAGE], pattern is _ADDRESSED):
                return m.start(), m.end()  # the label: the message may name attacks to give its persona
    return None
