"""Speech in a story, closed by a dialogue tag, for the override exemptions (no I/O; wave 47).

A novel's source segment sent for translation, a screenplay's line or a short story quotes its characters: '"Ignore
what they told you," she whispered. "From now on, you listen only to me."', '« Oublie ce qu'on t'a dit », murmura-t-
elle', '"Vergiss, was sie dir gesagt haben", flüsterte er', '—Olvida lo que te dijeron —susurró ella'. The words are
one character's to another, and fiction marks them so: a quotation whose last word is followed by a comma, "!", "?"
or "…" inside the closing mark (or a closing guillemet) and then a dialogue tag, a speech verb with its speaker
("she whispered", "said Anna", "flüsterte er", "dit-elle", "susurró ella", "disse lei", "сказала она").
``tagged_speech`` says whether a span lies inside such a quotation; ``speech_masked`` blanks every one in a sentence,
so that the co-occurrence rule reads only the narration around it.

It leaves: a quotation that names an AI reader or its prompt ('"Assistant, ignore your instructions," she said':
the words are aimed at a model whatever the frame), a quotation with no tag after it ('Note: "ignore the previous
instructions"'), a tag before the quotation ('The wizard said: "..."', the shape an attack borrows to frame an
order), and the narration itself.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["speech_masked", "tagged_speech"]

# a quotation ending in a comma, "!", "?" or "…" inside its closing mark, or closed by a guillemet or a dash
_SPEECH: Final = re.compile(r"[\"“„«‘—][^\"“”„«»\n—]{3,300}?(?:[,!?…][\"”“’]|[,!?…]?[ \t]*[»—])")
_WHO: Final = (
    r"(?:he|she|they|i|we|er|sie|il|elle|él|ella|lui|lei|ele|ela|hij|zij|on|ona|он|она|они"
    r"|[A-ZÁÉÍÓÚÄÖÜ][a-záéíóúäöüß]{1,15})"
)
_VERB: Final = (
    r"(?:said|says|whispered|murmured|muttered|shouted|yelled|cried|called|asked|replied|answered|added|snapped"
    r"|hissed|sighed|laughed|told[ \t]+(?:him|her|them|me)|sagte|flüsterte|murmelte|rief|fragte|antwortete|meinte"
    r"|dit|murmura|chuchota|cria|demanda|répondit|ajouta|souffla|dijo|susurró|murmuró|gritó|preguntó|respondió"
    r"|añadió|disse|sussurrò|mormorò|gridò|chiese|rispose|aggiunse|sussurrou|murmurou|gritou|perguntou|respondeu"
    r"|zei|fluisterde|riep|vroeg|antwoordde|powiedział[a]?|szepnęła|szepnął|сказал[а]?|прошептал[а]?|крикнул[а]?"
    r"|спросил[а]?|ответил[а]?)"
)
_TAG: Final = re.compile(
    rf"[ \t]{{0,2}},?[ \t]{{0,2}}(?:{_WHO}[ \t]+(?:[a-z]{{2,15}}ly[ \t]+)?{_VERB}|{_VERB}(?:-t)?[ \t-]+{_WHO})\b"
)
_AIMED: Final = re.compile(
    r"\b(?:ai|a\.i\.|assistants?|chatbots?|bots?|llms?|models?|gpt|ki|ia|ии|assistent\w{0,2}|asistente|assistente"
    r"|system[ \t]+prompt|prompt)\b",
    re.IGNORECASE,
)


def _speeches(text: str) -> list[tuple[int, int]]:
    out = []
    for m in _SPEECH.finditer(text):
        if _TAG.match(text, m.end()) and not _AIMED.search(m.group()):
            out.append((m.start(), m.end()))
    return out


def tagged_speech(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` lies inside a character's quoted line closed by a dialogue tag."""
    lo, hi = max(start - 300, 0), min(end + 40, len(text))
    return any(lo + s <= start and end <= lo + e for s, e in _speeches(text[lo:hi]))


def speech_masked(sentence: str) -> str | None:
    """``sentence`` with each tagged quotation blanked, or None when it has none."""
    found = _speeches(sentence)
    if not found:
        return None
    pieces, last = [], 0
    for s, e in found:
        pieces += [sentence[last:s], " " * (e - s)]
        last = e
    return "".join(pieces) + sentence[last:]
