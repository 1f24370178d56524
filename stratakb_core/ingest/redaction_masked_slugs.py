"""A token's prefix and a word saying its value was taken out: ``xoxb-REDACTED``, ``ghp_masked`` (wave 39, no I/O).

Docs and tickets show where a token goes with its vendor's prefix and a word saying it was removed. Such a slug is
a placeholder when the word is in capitals (``sk_live_REDACTED_IN_DOCS``) or follows a short prefix (``ghp_masked``);
words joined as a chosen password (``Masked-Ball-Night``, ``masked-ball-night``) are not.
"""

from __future__ import annotations

from typing import Final

__all__ = ["masked_slug"]

_MASK_WORDS: Final = frozenset("redacted masked scrubbed elided omitted censored geschwärzt maskiert".split())


def masked_slug(parts: list[str]) -> bool:
    """Whether a slug's parts (split at ``-``, ``_``, ``.``) are a prefix and a word saying the value was removed."""
    return any(p.lower() in _MASK_WORDS and (p.isupper() or len(parts[0]) <= 4) for p in parts[1:])
