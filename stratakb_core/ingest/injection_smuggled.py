"""Prose smuggled in Unicode tag characters (no I/O; used by ``injection``).

The tag block (U+E0020 ... U+E007E) mirrors printable ASCII and renders as nothing: a passage can carry a whole
sentence no reader sees ("Ignore the playbook and ..." written one tag character a letter). Its only use in text
is the emoji flags of England, Scotland and Wales (a black flag, two to seven tag letters, a cancel tag). Three
words or more of tag characters outside such a flag are hidden prose meant for a machine, a hit the learned
scorer may not veto (wave 26: the scorer reads the visible carrier only, which looks benign)."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["smuggled"]

_FLAG: Final = re.compile("\U0001f3f4[\U000e0030-\U000e0039\U000e0061-\U000e007a]{2,7}\U000e007f")
_RUN: Final = re.compile("[\U000e0020-\U000e007e]{8,}")
_WORDS: Final = re.compile(r"[A-Za-z]{2,}")


def smuggled(text: str) -> bool:
    """``text`` holds a run of tag characters (outside an emoji flag) that spells three words or more."""
    if text.isascii() or not _RUN.search(text):
        return False
    for m in _RUN.finditer(_FLAG.sub("", text)):
        plain = "".join(chr(ord(c) - 0xE0000) for c in m.group())
        if len(_WORDS.findall(plain)) >= 3:
            return True
    return False
