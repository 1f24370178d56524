"""A password manager's master password or passphrase, named by the manager: "KeePass master ...: X" (no I/O).

Notes name a vault's master secret by the vault rather than by a secret word ("KeePass master for the field tablets
(Tier 2 only): ...", "Bitwarden master passphrase (in case something happens to me) - sealed envelope copy:" and the
phrase on the next line). The manager's name and "master" are searched for, then a remark without a colon, the colon,
and the value to the end of its line or alone on the next. One word must look like a password
(``redaction_values.looks_like_secret``), several words like a passphrase as people write one
(``redaction_phrases.is_loose_phrase``: no word of advice such as "see", "sealed" or "vault").
``master_spans`` yields ``(start, end, kind)`` of the value only; a line calling it an example is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_phrases import is_loose_phrase
from stratakb_core.ingest.redaction_spoken import judged_spans, not_an_example
from stratakb_core.ingest.redaction_values import is_code, is_placeholder, looks_like_secret

__all__ = ["master_spans"]

_Found = tuple[int, int, str]

_MANAGERS: Final = (
    r"keepass(?:xc|dx)?|1password|bitwarden|vaultwarden|lastpass|dashlane|enpass|proton[ \t]+pass|password[ \t]+manager"
    r"|password[ \t]+safe|passwort-?manager|passwort-?safe"
)
_MASTER_RE: Final = re.compile(
    r"(?i:\b(?:" + _MANAGERS + r")[ \t]+master\b)(?P<rest>[^\n:：]{0,100}?)[ \t]*[:：][ \t]*(?:\r?\n[ \t]*)?"
    r"[\"'`«“‘]?(?P<v>[^\s\"'`«»“”‘’](?:[^\n\"'`«»“”‘’]{0,126}[^\s\"'`«»“”‘’.!;])?)[\"'`»”’]?[ \t]*[.!;]?[ \t]*\r?$",
    re.MULTILINE,
)


def _secret_value(value: str) -> bool:
    if is_placeholder(value) or is_code(value):
        return False
    return is_loose_phrase(value) if " " in value else looks_like_secret(value)


_found: Final = not_an_example(lambda m: _secret_value(m.group("v")))


def master_spans(text: str) -> Iterator[_Found]:
    """The values the search above finds (see the module docstring)."""
    if "master" not in text.lower():
        return
    yield from judged_spans(_MASTER_RE, _found, text)
