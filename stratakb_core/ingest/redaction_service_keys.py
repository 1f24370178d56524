"""A service's API key named in the word order of Slavic languages and Romanian: "Ключ Steam Web API для бота: X"
(wave 46, no I/O).

English writes "Steam Web API key"; Russian, Ukrainian, Polish, Czech, Slovak and Romanian put the word for "key"
first and the service's name between it and "API" ("Ключ Google Maps API", "klucz API OpenWeather", "cheia API
Stripe"), so the label does not end in a secret's name. Found: a generated value (``redaction_values.looks_random``:
sixteen characters or more, one word) after such a label and a colon, a remark after "API" allowed ("для бота
статистики", "do bota"). Kept: a value that is not generated ("Ключ Steam Web API: см. менеджер паролей", "klucz
API: w sejfie"), a placeholder, a key's documentation ("Ключ API OpenWeather: 32 символа", not one word of
sixteen), and the key word with no "API" after it ("Ключ от склада: 4471" is a door's key, left to the code rules).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["service_key_spans"]

_Found = tuple[int, int, str]

_KEY_FIRST_RE: Final = re.compile(
    r"(?i:(?<!\w)(?:ключ(?:а|і)?|klucz(?:a)?|kl[íi][čc]|kľúč|cheia?|cheie(?:a)?)[ \t]+"
    r"(?:[^\W\d][\w.-]{0,24}[ \t]+){0,3}?api\b)"
    r"[^\n:：]{0,60}[:：][ \t]*[«“\"'`]?(?P<v>[A-Za-z0-9_\-+/=.]{16,200})"
    r"(?=[»”\"'`]?[ \t]*(?:[.,;)]?[ \t]*$|[.,;)]?\s))",
    re.MULTILINE,
)


_GATE: Final = ("api", "Api", "API")  # every match holds "API" in some casing; most texts skip the pattern


def service_key_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    if not any(word in text for word in _GATE):
        return
    for m in _KEY_FIRST_RE.finditer(text):
        value = m.group("v").rstrip(".")
        if looks_random(value) and not is_placeholder(value):
            yield m.start("v"), m.start("v") + len(value), "api_token"
