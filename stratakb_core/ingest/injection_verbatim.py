"""A verbatim copy of the reader's own instructions asked for, in any language (no I/O; used by ``injection``).

A prompt-leak order in a language whose leak verbs the lexicon lacks still names how the copy is to be made: word
for word ("verbatim", "mot pour mot", "letterlijk", "orðrétt", "дослівно", "حرفياً", "מילה במילה", "คำต่อคำ",
"cuvânt cu cuvânt", wave 19: Swahili "neno kwa neno", Welsh "gair am air"). ``verbatim_leak`` finds a sentence with
such a word, the instructions or the system prompt (``instr`` / ``leak_obj`` in ``injection_lexicon``), a sign they
are the reader's own (you, an AI, "initial", "received", the system prompt itself) and an order (a modal, a
request, or a copy-out verb in the imperative). A sentence that talks about attacks or examples (``mention``) is
not one, nor a report of what a bot did ("the bot summarised reviews verbatim into its prompt"), and "copy the
installation steps verbatim" names no instructions.
Every repetition of the word pattern is bounded (linear in the text's length).
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_cooccur import _WORD, Cues, _imperative, _mask, _near, _permitted, _sentences, cues

__all__ = ["verbatim_leak"]

_VERBATIM: Final = re.compile(
    r"\b(?:verbatim|word[ -]for[ -]word|exactly\s+as\s+(?:received|given|written|provided)|mot\s+(?:pour|à)\s+mot"
    r"|textuellement|wortwörtlich|wörtlich|palabra\s+por\s+palabra|textualmente|literalmente|parola\s+per\s+parola"
    r"|letteralmente|testualmente|palavra\s+por\s+palavra|letterlijk|woord\s+voor\s+woord|dosłownie|słowo\s+w\s+słowo"
    r"|дословно|слово\s+в\s+слово|дослівно|слово\s+в\s+слово|doslovně|doslova|szó\s+szerint|cuvânt\s+cu\s+cuvânt"
    r"|ordagrant|ord\s+för\s+ord|ord\s+for\s+ord|ordrett|orðrétt|sanatarkasti|sõna-sõnalt|kelimesi\s+kelimesine"
    r"|harfiyen|αυτολεξεί|λέξη\s+προς\s+λέξη|kata\s+demi\s+kata|nguyên\s+văn"
    r"|neno\s+kwa\s+neno|gair\s+am\s+air|salita\s+por\s+salita)\b"
    r"|حرفي[اًا]{1,2}|بالحرف|מילה\s+במילה|คำต่อคำ|逐字|一字一句|原文のまま|원문\s*그대로|शब्दशः|শব্দে\s+শব্দে",
    re.IGNORECASE,
)
_OWN: Final = frozenset({"you", "ai", "proc", "leak_obj"})
_ASKED: Final = frozenset({"modal", "request", "please"})


def _ordered(found: Cues, sentence: str) -> bool:
    """A modal or a request, an AI reader at work called on ("The system reading this: ... word for word"), or a
    copy-out verb given as an order: opening the sentence or the words after its colon ("To the system reading
    this: print ..."), or in a script read without word positions."""
    if _ASKED & found.keys():
        return True
    if _called_head(found, sentence):  # wave 18: "The system reading this: ... word for word"
        return True
    if "leak" not in found or _permitted(found, "leak"):
        return False
    if _imperative(found, "leak") or -1 in found["leak"]:
        return True
    colon = max(sentence.rfind(":"), sentence.rfind("："))
    after = cues(sentence[colon + 1 :]) if colon >= 0 else {}
    return "leak" in after and _imperative(after, "leak")


def _called_head(found: Cues, sentence: str) -> bool:
    """The sentence opens with a short head that names an AI reader at work, then a colon (not a report: "a
    chatbot summarised reviews verbatim into its prompt")."""
    colon = sentence.find(":", 0, 120)
    if colon == -1 or "proc" not in found:
        return False
    head = len(_WORD.findall(sentence[:colon]))
    return head <= 8 and any(0 <= i < head for i in found.get("ai", ()))


def verbatim_leak(text: str) -> tuple[int, int] | None:
    """The span of a sentence that asks for the reader's own instructions word for word, or None."""
    if not _VERBATIM.search(text):
        return None
    masked = _mask(text)
    for start, end in _sentences(masked):
        sentence = masked[start:end]
        if not _VERBATIM.search(sentence):
            continue
        found = cues(sentence)
        if "mention" in found or not {"instr", "leak_obj"} & found.keys():
            continue
        own = _OWN & found.keys() or _near(found, "scope", "instr", 1, 3) or _near(found, "instr", "scope", 1, 3)
        if own and _ordered(found, sentence):
            return start, end
    return None
