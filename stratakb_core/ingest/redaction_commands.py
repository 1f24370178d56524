"""Secrets a command line takes as an argument: ``curl -u``, ``mysql -p``, ``-storepass``, PowerShell (no I/O).

The patterns are ``redaction_rules.COMMAND_SECRETS``; this module judges their values. A password equal to the user
before it (``curl -u demo:demo``, ``guest:guest``) is a documented demo or default login, as well known as
``changeme``, and stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import is_secret_key
from stratakb_core.ingest.redaction_rules import COMMAND_GATES, COMMAND_ON_LINE, COMMAND_SECRETS
from stratakb_core.ingest.redaction_scan import finditer_lines
from stratakb_core.ingest.redaction_values import is_code, is_placeholder

__all__ = ["command_spans", "same_as_user"]

_Found = tuple[int, int, str]
_USER_CHAR_RE: Final = re.compile(r"[\w.+@-]")


def same_as_user(text: str, start: int, end: int) -> bool:
    """Whether the value at ``start:end`` repeats the user before it and its colon (``demo:demo``)."""
    value = text[start:end]
    user_start = start - len(value) - 1
    if user_start < 0 or text[user_start:start] != value + ":":
        return False
    return user_start == 0 or _USER_CHAR_RE.match(text, user_start - 1) is None


def command_spans(text: str) -> Iterator[_Found]:
    """Secrets a command line takes as an argument (curl -u, mysql -p, -storepass, PowerShell)."""
    low = text.lower()
    for pattern in COMMAND_SECRETS:
        gate = COMMAND_GATES.get(pattern)
        if gate and not any(literal in low for literal in gate):
            continue
        needle = COMMAND_ON_LINE.get(pattern)
        for m in finditer_lines(pattern, text, needle) if needle else pattern.finditer(text):
            if "key" in pattern.groupindex and not is_secret_key(m.group("key")):
                continue
            group = next(g for g in pattern.groupindex if g != "key" and m.group(g) is not None)
            value = m.group(group)
            if not is_placeholder(value) and not value.isdigit() and not is_code(value):
                if not same_as_user(text, m.start(group), m.end(group)):
                    yield m.start(group), m.end(group), "credential"
