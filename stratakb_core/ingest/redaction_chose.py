"""A secret someone says they chose, right after naming it: "asked for a passphrase, I used: X" (no I/O).

A note to oneself names the secret and then what was typed in, in the same sentence ("ssh-keygen wanted a
passphrase; I used \"lantern-quarry-orbit-12\" for the deploy key", "set a new password, I chose Kx7!fen#42 -"). The
value comes after "I/we used|chose|picked|set|typed|entered|went with" (a colon may follow) and before the clause
ends: one quoted or bare word of a password's shape or words joined by dashes, or several words as people write a
passphrase (``redaction_phrases.is_loose_phrase``, four words or more, ending at a dash, a full stop or the line's
end). ``CHOSE_FINDERS`` are run by ``redaction_prose.prose_spans`` at its password and passphrase words.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_phrases import is_loose_phrase
from stratakb_core.ingest.redaction_spoken import PW_WORDS, Finder, finders, shaped
from stratakb_core.ingest.redaction_values import is_joined_passphrase, is_placeholder

__all__ = ["CHOSE_FINDERS"]

_CHOSE_RE: Final = re.compile(
    r"(?i:\b(?:pass ?phrase|" + PW_WORDS + r"|pin)\b)[^\n.!?;,]{0,40}?[ \t]*[,;][ \t]*(?i:(?:and|so)[ \t]+)?"
    r"(?i:I|we)[ \t]+(?i:used|chose|picked|set|typed|entered|went[ \t]+with)[ \t]*:?[ \t]+"
    r"(?P<q>[\"'`«“‘])?(?P<v>[^\W_][^\s\"'`«»“”‘’]{0,60}?(?:[ \t]+[^\W_][\w'’-]{0,30}){0,7}?)(?(q)[\"'`»”’])"
    r"(?=[ \t]*(?:[.!;]|[-–—][ \t]|\r?$)|[ \t]+(?i:for|as|on|and|so)\b)",
    re.MULTILINE,
)


def _chosen_value(m: re.Match[str]) -> bool:
    value = m.group("v")
    if is_placeholder(value):
        return False
    if " " in value:
        return len(value.split()) >= 4 and is_loose_phrase(value)
    return shaped(value) or is_joined_passphrase(value)


CHOSE_FINDERS: Final[tuple[Finder, ...]] = finders((_CHOSE_RE, _chosen_value))
