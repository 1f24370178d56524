"""A password given as what someone reset or changed it to (wave 30, no I/O).

Helpdesk tickets and chats say what a password became without naming it again: "I reset it to Welcome2Farm!", "reset
it yesterday to Bluebell*Lane22", "changed the PIN to ...", "reset local admin to X" (an account's name instead of
its password, wave 33), "hab es auf X zurückgesetzt", "je l'ai réinitialisé à X", "lo restablecí a X", "l'ho
reimpostata a X", "heb het gereset naar X". The value must have a chosen password's shape
(``redaction_spoken.shaped``: letters and digits with a symbol or both cases), so "reset it to factory defaults",
"set it to UTF-8" or "changed it to v2.1" stay. ``reset_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import shaped

__all__ = ["reset_spans"]

_Found = tuple[int, int, str]

_VALUE: Final = r"[\"'`«“‘]?(?P<v>[^\s\"'`«»“”‘’()]{6,64})"
_RESET_RE: Final = re.compile(
    r"(?i:\b(?:reset|changed|set|updated|switched|rotated)(?:[ \t]+(?:it|its|the|his|her|their|your|my|our"
    r"|password|passwort|pw|pin|passcode|login|account\w*|back|again|manually|just|now|today|yesterday|already)\b){1,4}"
    r"[ \t]+to|\breset[ \t]+(?:the[ \t]+)?(?:(?:local|domain|built-in)[ \t]+)?(?:admin\w*|root|superuser)"  # w33
    r"(?:[ \t]+(?:account|user|password|pw|login))?[ \t]+to"
    r"|\b(?:zur[üu]ckgesetzt|ge[äa]ndert)[ \t]+(?:auf|in|zu)|\br[ée]initialis[ée]e?[ \t]+(?:à|a|en|avec)"
    r"|\bchang[ée]e?[ \t]+en|\b(?:restablec|reinici|cambi)\w*[ \t]+(?:a|en|por)|\breimpostat[ao][ \t]+(?:a|in|con)"
    r"|\bcambiat[ao][ \t]+(?:a|in|con)|\bgereset[ \t]+naar|\bveranderd[ \t]+in|\bredefini\w*[ \t]+(?:para|como))"
    r"[ \t]+" + _VALUE,
    re.MULTILINE,
)


def reset_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    low = text.lower()
    if not any(
        w in low
        for w in (
            "reset",
            "chang",
            "set",
            "updated",
            "switched",
            "rotated",
            "gesetzt",
            "initialis",
            "restablec",
            "reinici",
            "cambi",
            "impostat",
            "veranderd",
            "redefini",
        )
    ):
        return
    for m in _RESET_RE.finditer(text):
        value = m.group("v")
        value = value if value.endswith("!") else value.rstrip(".,;:?")  # "Refund4Ever!" keeps its mark
        if shaped(value):
            yield m.start("v"), m.start("v") + len(value), "credential"
