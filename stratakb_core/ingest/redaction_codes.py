"""Codes that open an account or a lock, in the forms wave 18 found missing (no I/O).

* a two-factor backup or recovery code: "2FA backup code for the admin login (keep it in the safe): 4nqs-xmsq-3drf",
  "Recovery codes ... / Next unused code: k3v9a-77pqe" (the value after a colon on the name's line or one of the two
  lines under it; groups of letters and digits of one length joined by dashes, with a digit, or eight to ten
  digits);
* a safe's or a lock's combination: "the safe combination is 32-17-48", "Tresorkombination: 12-40-07" (three to
  five numbers joined by dashes);
* a device's PIN right after its name, with no colon or "is": "the keypad lock PIN 4862." (a lock, door, safe,
  alarm, card, SIM, phone, terminal or cabinet before "PIN"; a bare "pin 17" is a GPIO pin).

A line calling its value an example is kept. The finders (``CODES_FINDERS``) are run by
``redaction_prose.prose_spans`` at their start words (``CODES_START_WORDS``) in the one scan it makes of the text.
Each yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from stratakb_core.ingest.redaction_spoken import END, not_an_example
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["CODES_FINDERS", "CODES_START_WORDS"]

_Found = tuple[int, int, str]

_BACKUP_NAMES: Final = (
    r"(?:backup|recovery|emergency|scratch|rescue)[ -]?codes?|(?:wiederherstellungs|backup-|notfall|sicherungs)codes?"
    r"|codes?[ \t]+de[ \t]+(?:secours|r[ée]cup[ée]ration)|c[óo]digos?[ \t]+de[ \t]+(?:recupera[cç][ãa]o|recuperaci[óo]n"
    r"|respaldo|backup)|codici?[ \t]+di[ \t]+(?:backup|recupero)|herstelcodes?|kody?[ \t]+zapasowe?"
)
# the name, then up to two more lines, a colon and the code
_BACKUP_RE: Final = re.compile(
    r"(?i:\b(?:" + _BACKUP_NAMES + r"))(?:[^\n]{0,120}?|[^\n]{0,120}\n[^\n]{0,120}?|[^\n]{0,120}\n[^\n]{0,120}\n"
    r"[^\n]{0,120}?)[:：][ \t]*(?P<v>[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10}){1,4}|\d{8,10})(?![\w-])"
)
_COMBINATION_RE: Final = re.compile(
    r"(?i:\b(?:(?:safe|lock|padlock|vault|locker|cabinet)[ \t]+combination|combination[ \t]+(?:to|for|of)[ \t]+"
    r"(?:the[ \t]+)?(?:[\w-]{1,20}[ \t]+){0,3}?(?:safe|lock|padlock|vault|locker|cabinet)|(?:tresor|safe|schloss)"
    r"kombination|combinaison[ \t]+du[ \t]+(?:coffre|cadenas)"
    r"|combinaci[óo]n[ \t]+de[ \t]+la[ \t]+caja(?:[ \t]+fuerte)?)"
    r"(?:[ \t]*[:：=][ \t]*|[ \t]+(?:is|was|ist|lautet|est|es)[ \t]+|[ \t]+))"
    r"(?P<v>\d{1,3}(?:-\d{1,3}){2,4})" + END,
    re.MULTILINE,
)
_PIN_RE: Final = re.compile(r"(?:PIN|Pin|pin)[ \t]+(?P<v>\d{4,8})" + END, re.MULTILINE)
_PIN_DEVICE_RE: Final = re.compile(
    r"(?i:\b(?:lock|door|safe|alarm|card|sim|phone|terminal|cabinet|keypad|locker|padlock)[ \t]+)$"
)


def _backup_value(m: re.Match[str]) -> bool:
    """A generated code: its groups of one length (not ISO-8601, SHA-256), a digit in it."""
    value = m.group("v")
    lengths = {len(group) for group in value.split("-")}
    return len(lengths) == 1 and any(c.isdigit() for c in value) and not is_placeholder(value)


def _combination_value(m: re.Match[str]) -> bool:
    return True


def _pin_value(m: re.Match[str]) -> bool:
    text, pos = m.string, m.start()
    return _PIN_DEVICE_RE.search(text, max(0, pos - 20), pos) is not None


CODES_FINDERS: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], _Found | None]], ...]] = tuple(
    (pattern, not_an_example(judge))
    for pattern, judge in ((_BACKUP_RE, _backup_value), (_COMBINATION_RE, _combination_value), (_PIN_RE, _pin_value))
)
# every word a finder above starts with (lower case)
CODES_START_WORDS: Final = (
    _BACKUP_NAMES + r"|(?:safe|lock|padlock|vault|locker|cabinet)[ \t]+combination|combination[ \t]+(?:to|for|of)"
    r"|(?:tresor|safe|schloss)kombination|combinaison[ \t]+du|combinaci[óo]n[ \t]+de|pin"
)
