"""A warning that someone will never ask for something, in the lexicon's languages (no I/O; used by ``injection``).

"We will never ask you to send your password" names an order in order to warn against it; a match right after such a
warning is not an order. English came first ("we never ask", "support will never request"); wave 24 (heldout35-38)
adds the same warning in Italian, Spanish, Portuguese, French, German, Dutch and Polish ("nessuno della banca vi
chiederà mai di ...", "nunca le pediremos ...", "ne vous demandera jamais ...", "wird Sie niemals auffordern ...").
Every repetition is bounded (linear).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["WARNING"]

WARNING: Final = re.compile(
    r"\b(?:we|they|it|staff|support)\s+(?:will\s+)?never\s+(?:ask|request)|\bnever\s+ask\s+you\b"
    r"|\b(?:vi|ti|le|la|gli)\s+(?:chieder\w{1,4}|domander\w{1,4})\s+mai\b|\bmai\s+(?:vi|ti)\s+chieder\w{1,4}"
    r"|\bnunca\s+(?:le|les|te|lhe|lhes|o|a|vos)\s+(?:pedir\w{0,4}|solicitar\w{0,4}|pregunt\w{0,4})"
    r"|\b(?:vous|te)\s+demander\w{1,4}\s+jamais\b"
    r"|\b(?:Sie|dich|euch)\s+(?:niemals|nie)\s+(?:\w+\s+){0,3}?(?:fragen|auffordern|bitten)\b"
    r"|\b(?:u|je|jou)\s+nooit\s+(?:\w+\s+){0,3}?vragen\b|\bnigdy\s+nie\s+(?:poprosi\w{0,4}|prosi\w{0,4})",
    re.IGNORECASE,
)
