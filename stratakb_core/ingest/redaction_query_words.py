"""A URL query's token or key parameter whose value is one plain word: a kind or a feed's name, not a token (wave 44,
no I/O).

``redaction_held_back.held_back`` asks ``is_query_word`` of every rule's and the scorer's span. A token or an API key
in a URL is generated ("?token=Xk9pQz7TmLw2", "&api_key=3f9c..."); a value of one short lowercase word, or two or
three joined by hyphens, after such a parameter names what is asked for ("/events/feed?...&token=agenda&format=ics",
"?key=public-demo", "?access_token=weather") and stays. Only in a URL's query (the parameter follows ``?`` or ``&``
and the text before it on the line holds ``://`` or starts a path), only under a token's or a key's name (a password,
a passphrase, a secret, a PIN or a PSK may well be a word and still goes: "?password=sunshine"), and only letters
(a digit, an upper-case letter or a symbol makes it a value: "?token=agenda2027", "?token=Agenda_X" go), at most
12 letters a word so a run of words ("?token=correcthorsebattery") still goes.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_query_word"]

_WORD_VALUE_RE: Final = re.compile(r"[a-z]{3,12}(?:-[a-z]{2,12}){0,2}")
# the parameter's name right before the value: ?name= or &name= (also &amp;name=)
_PARAM_RE: Final = re.compile(r"[?&](?:amp;)?(?P<name>[A-Za-z][A-Za-z0-9_.-]{0,40})=$")
_TOKEN_NAME_RE: Final = re.compile(r"(?i)(?:token|key|apikey)$")
_SECRET_NAME_RE: Final = re.compile(r"(?i)secret|pass|pwd|psk|pin|priv|sign|hmac|master|admin")
_LINE_BACK: Final = 400  # characters searched back for the URL's start: linear on long lines


def is_query_word(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is one plain word after a URL query's token or key parameter (module docstring)."""
    if end - start > 38 or _WORD_VALUE_RE.fullmatch(text, start, end) is None:
        return False
    if end < len(text) and text[end] not in "&#\"' \t\r\n)>]":
        return False  # the value goes on (a path, a dot): not the parameter's whole value
    low = max(0, start - _LINE_BACK)
    line = text[max(text.rfind("\n", low, start) + 1, low) : start]
    m = _PARAM_RE.search(line, max(0, len(line) - 48))
    if m is None or _TOKEN_NAME_RE.search(m.group("name")) is None or _SECRET_NAME_RE.search(m.group("name")):
        return False
    url = line[: m.start()]
    return "://" in url or url.rstrip().rsplit(" ", 1)[-1].startswith("/")
