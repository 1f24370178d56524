"""A browser-side token by its vendor's public prefix and its label's word "public" (wave 48, no I/O).

``redaction_held_back.held_back`` asks ``is_public_token`` of every rule's span. Some vendors give every account a
token meant to ship in web pages and mark it by its prefix: Mapbox's public token starts ``pk.``, Stripe's
publishable key ``pk_live_`` or ``pk_test_``. When the label before it also calls it public, publishable, a browser's
or a client's ("Mapbox public token for the venue map: pk.eyJ1...", "clé publique Stripe : pk_live_...", "token
público del mapa: pk...."), the value is kept.

It leaves:

- the same vendors' secret tokens (``sk.``, ``sk_live_``, ``rk_live_``, Mapbox's temporary ``tk.``): no public prefix;
- a ``pk.`` value under a label that says secret, private, admin or server, or says "not" ("NOT the public token");
- a ``pk.`` value with no public word in its label (a bare "token: pk...." line could be anything);
- a value with a space in it, or over 240 characters.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_public_token"]

_LABEL_MAX: Final = 120  # characters before the value read as its label: linear on a long line
_PREFIX_RE: Final = re.compile(r"pk(?:\.|_live_|_test_)[A-Za-z0-9]")
_VALUE_RE: Final = re.compile(r"[A-Za-z0-9._-]{20,240}")
_PUBLIC_RE: Final = re.compile(
    r"(?i:\b(?:public|publishable|browser|client[- ]side|front[- ]?end|publique|publiques|p[úu]blic[oa]"
    r"|pubblic[oa]|öffentliche[rnms]?|openbare?|offentlig|publiczny|genel)\b)"
)
_NOT_PUBLIC_RE: Final = re.compile(
    r"(?i:\b(?:secret|private|admin|server(?:[- ]side)?|geheim\w*|privat\w*|secreta?|segreta|priv[ée]e?|not|nicht"
    r"|pas|no|non|niet|inte|nie)\b)"
)


def is_public_token(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a vendor's public token under a label calling it public (module docstring)."""
    if _PREFIX_RE.match(text, start) is None or _VALUE_RE.fullmatch(text, start, end) is None:
        return False
    low = max(0, start - _LABEL_MAX)
    label = text[max(text.rfind("\n", low, start) + 1, low) : start]
    return _PUBLIC_RE.search(label) is not None and _NOT_PUBLIC_RE.search(label) is None
