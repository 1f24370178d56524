"""Advice to a person on writing prompts for an assistant or on asking it for something (no I/O; wave 29).

"Writing system prompts for the 311 assistant: state the service area, the tone, what to refuse ...", "Tips för
systemprompter: skriv kort ...", "When you ask the assistant to summarise an office action, say what you want
back", "cuando pida al asistente que resuma ..., indique el público", or a FAQ asking "Can I ask the assistant to ...?"
(wave 33), or a prompt-design note under its head ("Prompt design: the assistant must always ...", "Promptontwerp: laat
de assistent ...", wave 49; not when it says "from now on", which speaks to the reader at hand): the imperatives are
said to the person who
writes the prompt or asks the assistant, which is named only as the one they write for or ask. Such a sentence is
policy text (``injection_policy_text.policy_sentence``) unless it also throws orders away, declares them void,
hides something, lifts limits or sends data (then it is an attack dressed as a guide).
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_cooccur import cues

__all__ = ["prompt_guide"]

_AI: Final = r"(?:assistant|model|bot|chatbot|ai|agent|copilot|asistente|modelo|assistente|assistenten|ia|ki)"
# the guide's head, or the person asking the assistant
_GUIDE: Final = re.compile(
    r"\b(?:writing|drafting|authoring)[ \t]+(?:a[ \t]+|the[ \t]+|good[ \t]+|your[ \t]+)?(?:system[ \t]+)?prompts?"
    r"[ \t]+(?:for|to)\b|\btips?[ \t]+(?:for|för|voor|para|pour|für)[ \t]+(?:writing[ \t]+)?(?:system[ \t]*)?"
    r"prompt\w*|\bprompt(?:ing)?[ \t]+(?:guide|tips|checklist)\b"
    rf"|\bwhen[ \t]+you[ \t]+(?:ask|prompt|tell)[ \t]+(?:the|an?|your)[ \t]+(?:\w+[ \t]+)?{_AI}[ \t]+(?:to|for)\b"
    rf"|\bcuando[ \t]+(?:le[ \t]+)?pida[sn]?[ \t]+al[ \t]+{_AI}\b"
    rf"|\bquand[ \t]+vous[ \t]+demandez[ \t]+à[ \t]+l['’]{_AI}\b"
    rf"|\bwenn[ \t]+(?:sie|du)[ \t]+(?:den|die|das)[ \t]+{_AI}[ \t]+(?:bitten|bittest|fragen|fragst)\b"
    rf"|\bquando[ \t]+(?:pedir|pede|pedires)[ \t]+(?:ao|à)[ \t]+{_AI}\b"
    # wave 33: Italian "quando chiedete all'assistente di ..."
    rf"|\bquando[ \t]+(?:chiedete|chiedi|chiede|chiedono)[ \t]+(?:all['’]|al[ \t]+|alla[ \t]+){_AI}\b",
    re.IGNORECASE,
)
# wave 33: a person asks whether they may ask the assistant for something ("Can I ask the assistant to reveal its
# system prompt?", "Puis-je demander à l'assistant de ...?"): a FAQ's question, the assistant named in the third person
_MAY_I_ASK: Final = re.compile(
    rf"\b(?:can|may|should|could)[ \t]+(?:I|we)[ \t]+ask[ \t]+(?:the|our|an?)[ \t]+(?:\w+[ \t]+)?{_AI}[ \t]+to\b"
    rf"|\b(?:puis-je|pouvons-nous|peut-on)[ \t]+demander[ \t]+à[ \t]+l['’]{_AI}[ \t]+de\b"
    rf"|\b(?:puedo|podemos)[ \t]+pedir(?:le)?[ \t]+al[ \t]+{_AI}[ \t]+que\b"
    rf"|\b(?:kann|darf)[ \t]+(?:ich|man)[ \t]+(?:den|die|das)[ \t]+{_AI}[ \t]+bitten\b",
    re.IGNORECASE,
)
# wave 49: a prompt-design note's head ("Prompt design: have the assistant confirm the date first", Dutch
# "Promptontwerp: laat de assistent ...", German "Prompt-Entwurf:", French "Conception des prompts :"): the advice under
# it is said to whoever writes the prompt
_DESIGN_HEAD: Final = re.compile(
    r"[^\w\n]{0,3}(?:(?:system[ \t-]?)?prompt[ \t-]?(?:design|engineering|ontwerp|entwurf|gestaltung|richtlijnen"
    r"|writing|schrijven)|(?:conception|r[ée]daction)[ \t]+(?:de[ \t]+|du[ \t]+|des[ \t]+)prompts?"
    r"|dise[ñn]o[ \t]+(?:de[ \t]+|del[ \t]+)(?:los[ \t]+)?prompts?|progettazione[ \t]+(?:del[ \t]+|dei[ \t]+)prompt"
    r"|(?:design|engenharia)[ \t]+(?:de[ \t]+|do[ \t]+|dos[ \t]+)prompts?|projektowanie[ \t]+prompt\w{0,3})\b"
    r"[^:\n]{0,40}[ \t]?:",
    re.IGNORECASE,
)
_STRONG: Final = frozenset({"override", "void", "secret", "limitless", "unbounded", "annul", "supplant", "send"})


def prompt_guide(sentence: str) -> bool:
    """The sentence advises a person on prompting an assistant and gives the assistant no order of its own."""
    asked = bool(_MAY_I_ASK.search(sentence[:200])) and sentence.rstrip().endswith("?")
    found = cues(sentence.lower())
    # wave 49: under a design head, "from now on" speaks to the reader at hand, not to whoever writes the prompt
    designed = "henceforth" not in found and bool(_DESIGN_HEAD.match(sentence.lstrip()))
    if not (asked or designed or _GUIDE.search(sentence[:200])):
        return False
    return _STRONG.isdisjoint(found)
