"""A password typed at, or noted under, an ssh or sudo password prompt (wave 28, no I/O).

"$ ssh ops@host\\nops@host's password:\\n# pasted into the chat by mistake: X", "[sudo] password for ann: (typed: X)",
"Enter password: (typed) X" (wave 29), "# note to self: it's X on this logger":
the prompt hides what is typed, the remark after it gives it away. A value goes when it follows a colon or "typed"
on the prompt's line or one of the two lines under it, ends its line or a bracket, and has a chosen password's
shape (``redaction_spoken.shaped``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import shaped

__all__ = ["ssh_prompt_spans"]

_Found = tuple[int, int, str]

# wave 29: a client's own prompt too ("Enter password:", mysql -p), and "(typed) X", "it's X on this logger"
_PROMPT_RE: Final = re.compile(
    r"(?i:['’]s[ \t]+password:|\[sudo\][ \t]+password[ \t]+for[ \t]+[\w.-]{1,32}:"
    r"|^[ \t]*enter[ \t]+(?:password|passphrase|pass[ \t]+phrase)[^:\n]{0,40}:)",
    re.MULTILINE,
)
_VALUE_RE: Final = re.compile(
    r"(?:[:：]|\btyped\b\)?:?|\bit['’]?s\b)[ \t]*(?P<v>[^\s()\"'`]{6,64})(?=[ \t]*(?:[),]|$)|[ \t]+(?:on|for)\b)",
    re.IGNORECASE | re.MULTILINE,
)


def _window_end(text: str, start: int) -> int:
    end = start
    for _ in range(3):
        nl = text.find("\n", end + 1, end + 300)
        if nl < 0:
            return min(len(text), end + 300)
        end = nl
    return end


def ssh_prompt_spans(text: str) -> Iterator[_Found]:
    """Values noted under a password prompt (see the module docstring)."""
    if "password" not in text.lower():
        return
    for prompt in _PROMPT_RE.finditer(text):
        for m in _VALUE_RE.finditer(text, prompt.end(), _window_end(text, prompt.end())):
            if shaped(m.group("v")):
                yield m.start("v"), m.end("v"), "credential"
                break
