"""A password named inside a longer word, in the languages that join their nouns (no I/O).

German, Dutch, the Scandinavian languages and Finnish write what a password opens and the word for password as one
word: "Kassenpasswort", "Tresorkennwort", "kassawachtwoord", "kassalösenordet", "kassepassordet",
"kassasalasana". The prose finders start at a secret's name as a word of its own, so these are looked for here: the
name's end found by a plain search, its word read back to its start, then what it opens ("für die Frühschicht"), a
colon or "lautet" / "ist" / "is" / "är" / "er" / "on", and a chosen password's value ("Brezel!Kasse24") ending its
clause. ``compound_spans`` yields ``(start, end, kind)`` of the value only; a line calling it an example is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import END, VALUE, not_an_example, shaped

__all__ = ["compound_spans"]

_Found = tuple[int, int, str]

_NAMES: Final = ("passwort", "kennwort", "wachtwoord", "lösenord", "losenord", "passord", "adgangskode", "salasana")
_NAME_END_RE: Final = re.compile(
    r"(?i:passwort|kennwort|wachtwoord|l[öo]senord|passord|adgangskode|salasana)"
)
_COMPOUND_RE: Final = re.compile(
    r"[^\W\d_]{2,30}?(?i:passwort|kennwort|wachtwoord|l[öo]senord(?:et)?|passord(?:et)?|adgangskoden?|salasana)"
    r"(?:[ \t]+(?i:f[üu]r|fürs|zum|zur|vom|von|des|der|voor|van|till|för|til|for|på|de)[ \t]+[^\n.:;=]{1,60}?)?"
    r"(?:[ \t]*(?:\([^()\n]{1,40}\)[ \t]*)?[:：=][ \t]*|[ \t]+(?i:lautet|ist|is|är|er|on|je)[ \t]+)" + VALUE + END,
    re.MULTILINE,
)


def _value(m: re.Match[str]) -> bool:
    return shaped(m.group("v"))


_JUDGE: Final = not_an_example(_value)


def compound_spans(text: str) -> Iterator[_Found]:
    """The values after a compound naming a password (see the module docstring)."""
    low = text.lower()
    if not any(name in low for name in _NAMES):  # most texts hold none: plain substring tests, no search
        return
    end = 0
    for hit in _NAME_END_RE.finditer(text):
        start = hit.start()
        if start == 0 or not text[start - 1].isalpha() or start < end:
            continue  # a word of its own is the prose finders'
        low = max(0, start - 30)
        word_start = start
        while word_start > low and text[word_start - 1].isalpha():
            word_start -= 1
        m = _COMPOUND_RE.match(text, word_start)
        if m is not None and (span := _JUDGE(m)) is not None:
            end = m.end()
            yield span
