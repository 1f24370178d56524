"""Secrets written in sentences, notes and chats rather than in a config's syntax (no I/O).

* "the admin password is r0uterAdm", "das Passwort lautet ...", "password was reset to ...";
* a secret word, a space and the value ending its clause: "user root, passwd t3stB0x!".

Values must look chosen or generated (digits and letters, a symbol), never a plain word. Each
finder yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import PASSWORD_WORDS
from stratakb_core.ingest.redaction_values import CODE_RE, is_placeholder

__all__ = ["prose_spans"]

_Found = tuple[int, int, str]

# prose: "the admin password is r0uterAdm"; the value must not be a plain word
_PROSE_WORDS: Final = PASSWORD_WORDS.replace("_", " ")
_PROSE_RE: Final = re.compile(
    r"(?i:\b(?:password|passphrase|passcode|pin|pwd|pw|token|api key|secret|"
    + _PROSE_WORDS
    + r")(?:\s+(?:for|of|to|on|für|von|de|do|da|del|du|van|voor|do|för|till|для|от)\s+[^.\n:]{1,40}?)?"
    r"\s+(?:(?:is|was|has been|got|been)\s+(?:now\s+|still\s+)?(?:set|changed|reset|updated)\s+to"
    r"|is|was|reads|ist|lautet|war|es|est|é|è|är|er|on|jest|je|to|—)\s+)"
    r"(?:(?P<qt>[\"'`«“‘])(?P<qv>[^\"'`«»“”‘’\n]{4,128})[\"'`»”’]|(?P<v>[^\s\"'`]{4,128}?)[\"'`]?(?=[\s.,;)]|$))"
)
# a secret word, a space and the value, ending its clause: "user root, passwd t3stB0x!"
_INLINE_RE: Final = re.compile(
    r"(?i:\b(?:password|passwd|passphrase|passcode|pwd|pw|" + _PROSE_WORDS + r"))"
    r"[ \t]+(?P<v>[^\s\"'`(<\[{$]{4,128}?)[\"'`]?"
    r"(?=[.,;!)]?(?:[ \t]*$|[ \t]*\n)|[,;][ \t]|[ \t]+\(|[ \t]+(?:and|for|on|to|at|until|or)\b)",
    re.MULTILINE,
)
_HASHLIKE_RE: Final = re.compile(r"(?i:sha\d+|md5|bcrypt|argon2\w*|pbkdf2\w*|scrypt|\$\d[a-z]?\$)")
_MIXED_RE: Final = re.compile(r"(?=.*\d)(?=.*[A-Za-z])|[!@#$%^&*+=?~]")


def prose_spans(text: str) -> Iterator[_Found]:
    """Every value the finders of this module see (see the module docstring)."""
    for m in _PROSE_RE.finditer(text):
        group = "v" if m.group("v") is not None else "qv"
        value = m.group(group)
        plain = _MIXED_RE.search(value.rstrip("?!.,:;")) or (group == "qv" and len(value.split()) >= 3)
        if plain and not is_placeholder(value) and not CODE_RE.match(value):
            yield m.start(group), m.end(group), "credential"
    for m in _INLINE_RE.finditer(text):
        value = m.group("v")
        if _MIXED_RE.search(value.rstrip("?!.,:;")) and not is_placeholder(value) and not CODE_RE.match(value):
            if not _HASHLIKE_RE.match(value):
                yield m.start("v"), m.end("v"), "credential"
