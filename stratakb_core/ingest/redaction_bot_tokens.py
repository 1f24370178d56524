"""Chat bots' tokens by their shape, the forms wave 22 found missing (no I/O).

* a Twitch chat token as IRC clients take it: ``oauth:`` then thirty lower-case letters and digits (a digit in it);
* a Discord bot token: three base64url parts joined by dots, 23 to 28 characters (letters of both cases and a digit:
  the bot's id), six, then 27 to 40 (a digit in it); a JWT opens with ``eyJ`` and is left to its own rule;
* (wave 33) a DeepL API Free key: a UUID and ``:fx`` (``xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx:fx``); a UUID alone
  stays an id.

``bot_token_spans`` runs both searches (each opens with a literal or a run of token characters inside a plain search);
``redaction_codes.own_search_spans`` runs it. It yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["bot_token_spans"]

_Found = tuple[int, int, str]

_TWITCH_RE: Final = re.compile(r"(?<![\w-])oauth:(?P<v>[a-z0-9]{30})(?![\w-])")
_DISCORD_RE: Final = re.compile(
    r"(?<![\w.-])(?P<v>[A-Za-z0-9]{23,28}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40})(?![\w.-])"
)

_DEEPL_RE: Final = re.compile(r"(?<![\w-])(?P<v>[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}:fx)(?![\w-])")


def _mixed(part: str) -> bool:
    return part.lower() != part and part.upper() != part and any(c.isdigit() for c in part)


def bot_token_spans(text: str) -> Iterator[_Found]:
    """The values the searches above find (see the module docstring)."""
    if "oauth:" in text:
        for m in _TWITCH_RE.finditer(text):
            if any(c.isdigit() for c in m.group("v")) and any(c.isalpha() for c in m.group("v")):
                yield (m.start("v"), m.end("v"), "api_token")
    if ":fx" in text:
        yield from ((m.start("v"), m.end("v"), "api_token") for m in _DEEPL_RE.finditer(text))
    if "." not in text:
        return
    for m in _DISCORD_RE.finditer(text):
        head, _, tail = m.group("v").split(".")
        if not head.startswith("eyJ") and _mixed(head) and any(c.isdigit() for c in tail):
            yield (m.start("v"), m.end("v"), "api_token")
