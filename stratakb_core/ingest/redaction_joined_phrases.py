"""Words joined by dashes as people write a password, short linking words among them (wave 40, no I/O).

``redaction_values.is_joined_passphrase`` reads a generator's output: four words or more of three letters or more
("copper-river-ninety-bridge"), or three and a number. People write a phrase of their own the same way, with its
little words: "green-cart-on-tuesday", "blauwe-kar-op-dinsdag", "chat-sur-le-toit", "oso-en-la-nieve",
"Hund_im_Garten_Nord". ``is_joined_phrase``: four to eight words joined by dashes or underscores (dots join hosts and
files), letters only, two of them or more of three letters or more and a linking word (on, in, op, de, la, im ...)
among them, the short ones only inside, and no word saying where the value is kept ("see-the-vault-entry") or that
it is a term ("end-to-end", "state-of-the-art", "point-of-sale" have fewer words, "the", or no linking word).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_joined_phrase"]

_JOINED_RE: Final = re.compile(r"[^\W\d_]{2,14}(?P<sep>[-_])[^\W\d_]{1,14}(?:(?P=sep)[^\W\d_]{1,14}){2,6}")
_LINKS: Final = frozenset(
    "a i y e o on in at of to by op de la le el lo il im am an au du en et og på i’ i' da do di al".split()
)
_NOT_PHRASE: Final = frozenset(
    "see ask the and for our your stored vault entry file manager same usual team lead siehe voir ver vedi zie"
    " art sale band end date face peer hand time one two use only read write".split()
)


def is_joined_phrase(value: str) -> bool:
    """Whether ``value`` is words joined as a chosen password (see the module docstring)."""
    if _JOINED_RE.fullmatch(value) is None:
        return False
    words = [w.lower() for w in re.split(r"[-_.]", value)]
    if words[0] in _LINKS or words[-1] in _LINKS or not _NOT_PHRASE.isdisjoint(words):
        return False
    long_words = [w for w in words if len(w) >= 3]
    short = [w for w in words if len(w) < 3]
    return len(long_words) >= 2 and bool(short) and all(w in _LINKS for w in short)
