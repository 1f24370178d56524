"""A purpose clause after "password to": "Reset your password to unlock terminal 7" (wave 48, the lead's shape).

``redaction_held_back.held_back`` asks ``is_purpose_clause`` of every rule's span. "Set the password to X" gives the
password X, and the rules take X; but "to" is just as often the start of a purpose ("Reset your password to unlock
terminal 7", "Use your PIN to open the locker in bay 4", "Enter the passcode to access floor 3"). The span is kept
when the words before it end on a password's, a PIN's or a passcode's name and "to", and the span is two or more
plain words of which the first is a lower-case verb of purpose (unlock, open, access, sign in ...).

It leaves:

- one token, joined or mixed ("Set the password to unlock7", "... to Unlock-Terminal-7");
- a quoted value ("Set the password to 'unlock terminal 7'") and one after a colon or "is";
- a first word that is not a verb of purpose ("Change the password to Harbor View Room 12", "... to blue door
  42"), nor one capitalised (a chosen passphrase is often written in title case): a passphrase of words and a number
  is a real shape and still goes;
- a password that is set, changed, reset or updated "to" the words (the lead's review: "Set your password to open
  sesame 42" gives a passphrase that starts with a verb; with those verbs "to" names the new value as often as a
  purpose, so the span goes: "Reset your password to unlock terminal 7" is redacted, a false redaction kept on
  purpose). The purpose is read after "use", "enter", "need" and the like ("Use your PIN to open the locker").
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_purpose_clause"]

_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:passwords?|passcodes?|passphrases?|pins?|pin[ \t]+codes?|access[ \t]+codes?|credentials?))"
    r"[ \t]+to[ \t]+$"
)
_VERBS: Final = frozenset(
    "unlock open access log sign enter use continue proceed get gain regain restore recover keep protect secure reach"
    " view see read start finish complete activate confirm verify avoid prevent receive allow enable join connect"
    " download install approve pay print check authorise authorize authenticate unblock release reopen resume"
    " board operate run".split()
)
_WORDS_RE: Final = re.compile(r"[a-z]{2,15}(?:[ \t]+[\w'-]{1,30}){1,8}")


# a verb that gives the password a value: "set / change / reset / update ... password to X"
_ASSIGNED_RE: Final = re.compile(r"(?i:\b(?:set|sets|setting|change|changes|changing|changed|reset|resets|resetting"
                                 r"|update|updates|updating|updated|switch|make|rename)\b)")


def is_purpose_clause(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` opens with a verb of purpose right after "password to" (module docstring)."""
    if end - start > 200 or _WORDS_RE.fullmatch(text, start, end) is None:
        return False
    first = text[start:end].split(None, 1)[0]
    if first not in _VERBS:
        return False
    before = _BEFORE_RE.search(text, max(0, start - 40), start)
    if before is None:
        return False
    head = text.rfind("\n", 0, before.start()) + 1
    return _ASSIGNED_RE.search(text, max(head, before.start() - 40), before.start()) is None
