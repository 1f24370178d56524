"""Prose after a secret's word in changelogs, option lists and manuals is not the secret (no I/O; audit, wave 50).

Spares four shapes real documentation has, where a rule read the words after "passphrase", "password", "secret",
"pass" or "signing-key" as the value:

- a GNU ChangeLog entry's description after the function or the file it changes: ``(setup_formatted_passphrase):
  Escape the help string.``, ``(PinEntryDialog::setFormattedPassphrase): Set text of the hint.``, ``* man/passwd.1.xml:
  Added reference to chpasswd(8).``, ``g10/passphrase.c :: Passphrase handling code``, ``* signing-key: Updated.``;
- an option list's joining word: ``--disabled-password and --disabled-login``, ``--proxy-password respectively``,
  ``--ftp-password command switches``, ``-pass isn't``, ``"passwd:" and "group:"``; a new sentence after an
  option ending one (``--show-session-key.  Remove ...``);
- (not spared: a sentence going on after the word, "`passphrase` will be used to decrypt it": a test of three plain
  words with two function words also spared spoken passphrases, "seven lemons on a silver tray", 17 fixtures.)

Keeps: a value with a digit or a symbol inside ("(db_password): Tr0ub4dor&3", "--password s3cret!"), one word that
is not a joining word or a changelog verb ("--password hunter", "signing-key: Zq8w"), and a run of plain words
outside a changelog entry's label, so spoken passphrases ("the passphrase is seven lemons on a tray") still go.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_changelog_prose"]

_JOINING: Final = frozenset(
    "and or nor respectively command commands called option options switch switches flag flags argument arguments"
    " isn isn't is are was were to for with in on from of as if when now also instead".split()
)
_CHANGELOG_VERBS: Final = frozenset(
    "updated added removed fixed changed dropped refreshed renamed new deleted replaced imported bumped".split()
)
# at the line's start: "\t(func_name): ", "\t* file.c (Class::method): ", "  * path/file.ext: ",
# "  - path/file.ext :: ", "  * signing-key: " (not "Passphrase for the key (GPG): ...": a label of words)
_ENTRY_LABEL_RE: Final = re.compile(
    r"(?:^[ \t]{0,8}(?:\*[ \t]{1,4}[\w./+-]{1,120}[ \t]{1,4})?\([A-Za-z_~][\w~]{0,80}(?:::[A-Za-z_~][\w~]{0,80}){0,3}"
    r"(?:,[ \t]?[A-Za-z_~][\w~]{0,80}(?:::[A-Za-z_~][\w~]{0,80}){0,3}){0,5}\)[ \t]{0,3}:"
    r"|(?:^|[*-][ \t]{1,4})[\w.+-]{0,80}(?:/[\w.+-]{1,80}){0,8}(?:\.[A-Za-z0-9]{1,6}|-key)[ \t]{0,3}::?)[ \t]{0,4}$"
)
_OPTION_BEFORE_RE: Final = re.compile(r"(?:--?[A-Za-z][\w-]{0,60}|\"[\w-]{1,40}:\")[ \t]{0,4}$")
_OPTION_SENTENCE_RE: Final = re.compile(r"--[A-Za-z][\w-]{0,60}\.[ \t]{1,4}$")
_WORD_RE: Final = re.compile(r"[A-Za-z]{1,30}(?:'[a-z]{1,2})?")


def _words(value: str) -> list[str] | None:
    words = value.strip().rstrip(".,;:").split()
    if not 1 <= len(words) <= 12 or not all(_WORD_RE.fullmatch(w) for w in words):
        return None
    return [w.casefold() for w in words]


def is_changelog_prose(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is prose a changelog, an option list or a manual writes (module docstring)."""
    if end - start > 160:
        return False
    words = _words(text[start:end])
    if words is None:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 200) : start]
    if _ENTRY_LABEL_RE.search(before):
        return len(words) >= 2 or words[0] in _CHANGELOG_VERBS
    if len(words) == 1 and _OPTION_BEFORE_RE.search(before):
        return words[0] in _JOINING
    if len(words) == 1 and _OPTION_SENTENCE_RE.search(before):
        return True
    return False
