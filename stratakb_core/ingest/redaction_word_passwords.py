"""A password of words and a number after a password label with a long remark: "WLAN-Passwort Ferienwohnung (...):
Moewe Strandkorb Leuchtturm 17" (no I/O).

The key-value rules take one word after a password's label (a sentence after it is prose) and their remark in
brackets is short; a passphrase's label takes words. People also choose a password as words and a number, and name it
a password with what it is for and a remark of up to 80 characters. Here the words must end in a number and read as a
passphrase (``redaction_phrases.is_passphrase``: no function word, words of three letters or more) and never as
advice (``is_loose_phrase``). ``word_password_spans`` yields ``(start, end, kind)`` of the value only; a line calling
it an example is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_phrases import is_loose_phrase, is_passphrase
from stratakb_core.ingest.redaction_spoken import judged_spans, not_an_example
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["word_password_spans"]

_Found = tuple[int, int, str]

_WORDS_RE: Final = re.compile(
    r"(?i:password|passwort|kennwort|wachtwoord|mot de passe|contrase[ñn]a|senha|l[öo]senord|salasana|has[łl]o|heslo"
    r"|passord|adgangskode)(?:[ \t]+[^\W\d_][\w'’-]{0,30}){0,5}[ \t]*(?:\([^()\n]{1,80}\)[ \t]*)?[:：][ \t]*"
    r"(?P<v>[^\W\d_][\w'’-]{2,30}(?:[ \t]+[^\W\d_][\w'’-]{2,30}){1,6}[ \t]+\d{1,6})[ \t]*[.!]?[ \t]*\r?$",
    re.MULTILINE,
)


def _words(m: re.Match[str]) -> bool:
    value = m.group("v")
    return is_passphrase(value, False) and is_loose_phrase(value) and not is_placeholder(value)


_found: Final = not_an_example(_words)


def word_password_spans(text: str) -> Iterator[_Found]:
    """The values the search above finds (see the module docstring)."""
    yield from judged_spans(_WORDS_RE, _found, text)
