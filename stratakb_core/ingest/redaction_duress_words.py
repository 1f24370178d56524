"""A duress, panic or code word under its label: the word an alarm centre or a guard asks for (wave 45, no I/O).

Alarm and security customer records hold a password the caller says aloud: "Duress word (operator only, never read
back to the caller): bluebell", "Panic code: 7713", "Codewort für die Alarmzentrale: Seestern", "mot de code :
pivoine", "safe word: marmalade". Older rules read such a record's "password" but not these names. The value is one
word of letters (three to thirty), or digits (four to eight), or a chosen token, after the label, an optional remark
in brackets or after a comma and a colon, ending its clause. Kept: a placeholder, a status ("none", "not set",
"TBD", judged by ``redaction_held_back``), a pointer ("see vault", "ask the client"), a word of the record's form
("Duress word: yes", "Code word: required").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["duress_word_spans"]

_Found = tuple[int, int, str]

_LABEL_RE: Final = re.compile(
    r"(?i:\b(?:(?:duress|distress|panic|coercion|hold-?up)[ \t-]?(?:word|code|password|phrase|pin)s?"
    r"|safe[ \t-]?words?|code[ \t-]?words?|codewords?|codew(?:ort|örter)|notfall(?:code)?wort|kennwort[ \t]+der[ \t]+"
    r"alarmzentrale|mots?[ \t]+de[ \t]+code|mot[ \t]+de[ \t]+contrainte|palabra[ \t]+de[ \t]+(?:coacci[óo]n|seguridad)"
    r"|parola[ \t]+(?:di[ \t]+coercizione|in[ \t]+codice)|codewoord|wachtwoord[ \t]+bij[ \t]+dwang)\b)"
    r"(?:[ \t]+(?:for|für|de|du|pour|para|per|voor|of)[ \t]+[^\n:：()]{1,60}?)?"
    r"[ \t]*(?:\([^()\n]{1,80}\)[ \t]*|,[ \t]+[^\n:：()]{1,60}?)?[:：=][ \t]*[\"'“‘«]?"
    r"(?P<v>[^\W\d_]{3,30}|\d{4,8}|[A-Za-z][\w!#$%&*+-]{3,30})[\"'”’»]?"
    r"(?=[ \t]*(?:[.,;!]|\([^()\n]{0,80}\)|[-–—][ \t]|\r?$|\n))",
    re.MULTILINE,
)
_FORM_WORDS: Final = frozenset(
    "yes no none nein oui non sí si set required needed pending unknown given agreed see ask check vault n/a na"
    " ja nee sì notset tbd tba".split()
)


def duress_word_spans(text: str) -> Iterator[_Found]:
    """The words above (see the module docstring)."""
    low = text.lower()
    if not any(w in low for w in ("word", "code", "wort", "pin", "phrase", "palabra", "parola", "woord", "password")):
        return
    for m in _LABEL_RE.finditer(text):
        value = m.group("v")
        if value.lower() in _FORM_WORDS or is_placeholder(value):
            continue
        yield m.start("v"), m.end("v"), "credential"
