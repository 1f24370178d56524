"""OpenVPN's credentials file: the user name on its first line, the password on its second (wave 47, no I/O).

An OpenVPN profile reads its login from ``auth-user-pass FILE``, a file of two lines, or from the same two lines
inline between ``<auth-user-pass>`` and ``</auth-user-pass>``. Write-ups paste that file under its name ("creds.txt:"
and the two lines), so the password stands alone on a line with no label at all. Taken:

* inside an inline ``<auth-user-pass>`` block, the block's second non-empty line;
* in a text holding ``auth-user-pass NAME``, a line ``NAME:`` (the same name, alone on its line) followed by two
  non-empty lines of one token each: the second.

Kept: a placeholder, a second line that is a tag or a directive (``</auth-user-pass>``, ``auth-nocache``), a name that
``auth-user-pass`` does not name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["vpn_auth_file_spans"]

_Found = tuple[int, int, str]

_TWO_LINES: Final = r"[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*[^\s<>]{1,128}[ \t]*\r?\n[ \t]*(?P<v>[^\s<>]{1,128})[ \t]*\r?$"
_INLINE_RE: Final = re.compile(r"<auth-user-pass>" + _TWO_LINES, re.MULTILINE)
_NAMED_RE: Final = re.compile(r"(?<![\w-])auth-user-pass[ \t]+[\"']?(?P<file>[\w./-]{1,128})")
# an OpenVPN directive, not a password
_DIRECTIVE_RE: Final = re.compile(r"(?:auth|persist|remote|tls|resolv|data|key|route)-[\w-]+|nobind|client|verb")
_MAX_NAMES: Final = 4  # files named by auth-user-pass looked for: a bound on the searches


def _shown_file(text: str, name: str) -> Iterator[re.Match[str]]:
    pattern = re.compile(r"^[ \t]*" + re.escape(name.rsplit("/", 1)[-1]) + r"[ \t]*:" + _TWO_LINES, re.MULTILINE)
    yield from pattern.finditer(text)


def vpn_auth_file_spans(text: str) -> Iterator[_Found]:
    """The passwords above (see the module docstring)."""
    if "auth-user-pass" not in text:
        return
    found = list(_INLINE_RE.finditer(text))
    for name in sorted({m.group("file") for m in _NAMED_RE.finditer(text)})[:_MAX_NAMES]:
        found.extend(_shown_file(text, name))
    for m in found:
        value = m.group("v")
        if not is_placeholder(value) and _DIRECTIVE_RE.fullmatch(value) is None:
            yield m.start("v"), m.end("v"), "credential"
