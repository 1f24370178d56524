"""``user:password`` lines under a remark saying they are passwords in plain text (no I/O).

A passwd file's source before hashing (mosquitto_passwd, htpasswd, chpasswd input) is often kept with a remark above
it ("# mosquitto passwd plaintext before hashing", "// Klartext-Passwörter"): each ``name:value`` line right under
such a remark holds a password. The remark must be a comment (``#``, ``//``, ``--``, ``;``) naming passwords or plain
text; each value must look like a password (``redaction_values.looks_like_secret``) and not like a hash (``$2y$...``,
``{SSHA}...``, hex) or a placeholder. ``plaintext_list_spans`` yields ``(start, end, kind)`` of each value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_code, is_placeholder, looks_like_secret

__all__ = ["plaintext_list_spans"]

_Found = tuple[int, int, str]

_REMARK_RE: Final = re.compile(
    r"^[ \t]*(?:#|//|--|;)[^\n]{0,200}?(?i:passw(?:or)?d|passw[öo]rter|kennw[öo]rter|mots? de passe|contrase[ñn]as?"
    r"|plain[ -]?text|clear[ -]?text|klartext)[^\n]{0,200}\r?\n",
    re.MULTILINE,
)
_PAIR_RE: Final = re.compile(r"[ \t]*[\w.@+-]{1,64}:(?P<v>[^\s:]{4,128})[ \t]*\r?(?:\n|$)")
_HASHED_RE: Final = re.compile(r"\$[\w.]{1,10}\$|\{[A-Z0-9-]{2,12}\}|[0-9a-f]{32,}")


def _password(value: str) -> bool:
    return looks_like_secret(value) and not (_HASHED_RE.match(value) or is_placeholder(value) or is_code(value))


def plaintext_list_spans(text: str) -> Iterator[_Found]:
    """The values under the remarks above (see the module docstring)."""
    for m in _REMARK_RE.finditer(text):
        pos = m.end()
        for _ in range(50):  # a list, not a file: the lines right under the remark
            pair = _PAIR_RE.match(text, pos)
            if pair is None or pair.end() == pos:
                break
            if _password(pair.group("v")):
                yield pair.start("v"), pair.end("v"), "credential"
            pos = pair.end()
