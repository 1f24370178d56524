"""An order hidden by soft hyphens between its words or written backwards inside a bidi override (no I/O; wave 42).

Both hide a sentence from a person while a machine reads it whole:

* ``shy_split``: words glued by soft hyphens (U+00AD) instead of spaces ("Ignora\u00adle\u00adistruzioni ..."). A
  soft hyphen is a hyphenation hint inside a word ("Ver\u00adsiche\u00adrung"), so a run of them alone proves
  nothing; the run fires only when, its soft hyphens read as spaces, it gives an order the phrase rules read
  (override, prompt_leak, send_to_url). Hyphenated prose glued back gives words, never an order.
* ``flipped_order``: a right-to-left override (U+202E) whose run, read backwards as it renders, gives such an order
  (".itimil aznes ... el arongi :etnetsissA"). ``injection`` already flags any U+202E as hidden text, but the
  learned scorer may veto it; an order found this way is as plain as tag characters (``injection_smuggled``).

Bounded runs, each read once (linear in the text's length).
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_rules import OVERRIDE, PROMPT_LEAK, SEND_TO_URL

__all__ = ["flipped_order", "shy_split"]

_ORDERS: Final = (OVERRIDE, PROMPT_LEAK, SEND_TO_URL)
_SHY_RUN: Final = re.compile("(?:[^\\s\u00ad]{1,40}\u00ad){4,200}[^\\s\u00ad]{0,40}")
_RLO_RUN: Final = re.compile("\u202e([^\u202a-\u202e\u2066-\u2069\n]{8,600})")


def _orders(glued: str) -> bool:
    return any(p.search(glued) for p in _ORDERS)


def shy_split(text: str) -> tuple[int, int] | None:
    """The span of a run of words glued by soft hyphens that, read with spaces, gives an order, or None."""
    if "\u00ad" not in text:
        return None
    for m in _SHY_RUN.finditer(text):
        if _orders(m.group().replace("\u00ad", " ")):
            return m.start(), m.end()
    return None


def flipped_order(text: str) -> tuple[int, int] | None:
    """The span of a right-to-left override whose run, read as rendered (backwards), gives an order, or None."""
    if "\u202e" not in text:
        return None
    for m in _RLO_RUN.finditer(text):
        if _orders(m.group(1)[::-1]):
            return m.start(), m.end()
    return None
