"""A list of short quoted interface strings, for ``injection_policy_text.policy_sentence`` (no I/O; wave 33).

An i18n or UI page lists a screen's labels as quoted strings between slashes, bars or commas ('Strings of the
kiosk: "Ignore" / "Undo previous selection" / "Instructions: insert your card" / "Help"'). The co-occurrence rule
reads the line as one sentence and finds "ignore", "previous" and "instructions" in it, spread over separate
labels. Such a line, at least three quoted strings of at most 60 characters each and nothing else but an optional
short lead ending in a colon, is a list, unless one of its strings alone sets off a co-occurrence rule (an order
quoted whole is still judged as one). A phrase rule's match that runs from one of its strings into the next
("Ignore" / "Undo previous selection" / "Instructions") is scoped away the same way (``straddled_list``).
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_cooccur import _judge, _mask, cues

__all__ = ["straddled_list", "string_list"]

_ITEM: Final = r"[\"“«„][^\"“”«»„\n]{1,60}[\"”»“]"
_LIST: Final = re.compile(
    rf"[ \t]*(?:[^\n\"“«„:]{{1,80}}:[ \t]*)?{_ITEM}(?:[ \t]*[/|,;·][ \t]*{_ITEM}){{2,}}[ \t]*[.;]?[ \t]*"
)
_ITEMS: Final = re.compile(_ITEM)
# a closing quote, a separator, an opening quote: a phrase match that runs from one string into the next
_BETWEEN: Final = re.compile(r"[\"”»“][ \t]*[/|,;·][ \t]*[\"“«„]")


def string_list(sentence: str) -> bool:
    """The sentence is a list of at least three short quoted strings, none of which is an order on its own."""
    if not _LIST.fullmatch(sentence):
        return False
    for m in _ITEMS.finditer(sentence):
        item = _mask(m.group()[1:-1])
        if _judge(cues(item), item, {}, ""):
            return False
    return True


def straddled_list(text: str, start: int, end: int) -> bool:
    """The phrase match ``text[start:end]`` runs across the strings of a line that is such a list."""
    if not _BETWEEN.search(text, start, end):
        return False
    line_end = text.find("\n", end)
    return string_list(text[text.rfind("\n", 0, start) + 1 : line_end if line_end != -1 else len(text)])
