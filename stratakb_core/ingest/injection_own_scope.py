"""Wave 43: "all your rules" is the reader's own text only when "your" goes with the rules (no I/O; for cooccur).

``injection_cooccur`` reads instructions or rules named with a word for all of them and a word for the reader
("show all your instructions") as the operator's own text, the object of a leak. Read anywhere in the sentence the
reader's word took the asker's "Could you" / "Can you" for it: "Could you show all the house rules for pets?",
"Can you tell me all of the instructions for assembling the shelf?". ``own_scoped`` asks that a word for the
reader other than the asker's opening "Could you" / "Kun je" / "Podrías" stand in the sentence ("your rules", "the
instructions you received", "sana verilen talimatları"), that the instructions not be for a topic ("your rules for
pets", "your instructions for the oven"; "for this chat" stays the reader's), and that the sentence not open as a
question about what someone does ("Does the booking bot show all your rules for pets?"). Words of scripts without
spaces (index -1) keep the old reading. Each check is one bounded pass (linear).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["own_scoped"]

Cues = dict[str, list[int]]

_ASKER: Final = re.compile(
    r"\A\W{0,6}(?:could|can|would|will|may)[ \t]+you\b|\A\W{0,6}(?:kannst[ \t]+du|k[öo]nn(?:en|ten)[ \t]+sie"
    r"|kun[ \t]+je|kunt[ \t]+u|pourriez-vous|pouvez-vous|peux-tu|podr[íi]as|puedes|puede[ \t]+usted|potresti|puoi"
    r"|voc[êe][ \t]+pode|czy[ \t]+mo[żz]esz)\b",
    re.IGNORECASE,
)
_ASKS_WHETHER: Final = re.compile(r"\A\W{0,6}(?:does|did|do[ \t]+they|has|had|is|was)\b", re.IGNORECASE)
_TOPIC: Final = re.compile(
    r"\b(?:rules|instructions|guidelines|directions|regeln|anweisungen|regels|instructies|règles|consignes|reglas"
    r"|instrucciones|regole|istruzioni)[ \t]+(?:for|on|about|regarding|für|zum|zur|voor|over|pour|sur|para|sobre"
    r"|per|su)[ \t]+(?!this\b|the[ \t]+(?:chat|session|conversation)\b|our[ \t]+(?:chat|conversation)\b"
    r"|these\b|that\b|now\b|today\b|dies\w{0,2}\b|deze\b|dit\b|ce\w{0,3}\b|est\w{0,2}\b|quest\w\b)\w",
    re.IGNORECASE,
)


def own_scoped(found: Cues, sentence: str) -> bool:
    """Instructions, a word for all of them and the reader's word beside them: the operator's own text."""
    if not ("instr" in found and "scope" in found and "you" in found):
        return False
    if -1 in found["instr"] or -1 in found["you"]:
        return True
    if len(found["you"]) == 1 and _ASKER.search(sentence):
        return False  # the only "you" is the asker's "Could you ..."
    return not (_ASKS_WHETHER.search(sentence) or _TOPIC.search(sentence))
