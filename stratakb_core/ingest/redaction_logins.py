"""Logins, Wi-Fi keys and device codes given in a note's label, in the forms wave 21 found missing (no I/O).

* a Wi-Fi network's name and its key after a comma: "Guest Wi-Fi: SSID Lobby-5G, key Tulip#Gate-82" (the value a
  chosen password's shape, eight characters or more; a key named after the SSID, not a "key" on its own);
* an account's label, a colon, then user / password: "Billing portal admin: finance / Ledger-ops-2031!" (an admin,
  a login, an account, a portal or a console named before the colon; the password a chosen one's shape, a symbol or
  both cases in it, so "Admin: read / write" stays);
* a meeting host key after its name: "Webinar host key for the board calls: 604215" (six to ten digits; an SSH host
  key is no number);
* a keypad's, a gate's or a lock's code said as "it is NNNN" later in the clause naming it: "Yard gate keypad
  (west) changes weekly; today it is 5531#" (four to eight digits, a star or hash allowed; a year alone, 2026,
  needs the star or hash).

A line calling its value an example is kept. The finders (``LOGINS_FINDERS``) are run by ``redaction_prose.prose_spans``
at their start words (``LOGINS_START_WORDS``, wired through ``redaction_accesses``) in the one scan it makes of the
text; each yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_spoken import END, STRONG_RE, Finder, finders, shaped

__all__ = ["LOGINS_FINDERS", "LOGINS_START_WORDS"]


# a chosen password ends at a space: a "!" at its end is its own, a full stop or a comma the sentence's
_CHOSEN: Final = r"[\"'`]?(?P<v>[^\s\"'`]{4,128}?)[\"'`]?(?=[.,;]?(?:[ \t]|\r?$))"

# "SSID Lobby-5G, key X", "ssid: HQ-Staff; password X"
_SSID_KEY_RE: Final = re.compile(
    r"(?i:ssid)[ \t]*[:=]?[ \t]*[\"'`]?[^\s,;\"'`]{2,40}[\"'`]?[ \t]*[,;][ \t]*"
    r"(?i:(?:wpa2?[ -]?)?(?:key|password|pass|pw|psk|passphrase))[ \t]*[:=]?[ \t]*" + _CHOSEN,
    re.MULTILINE,
)
# "Billing portal admin: finance / X" (a remark in brackets may stand before the colon)
_LABEL_PAIR_RE: Final = re.compile(
    r"(?i:(?:admin|administrator|login|account|portal|console)s?)[ \t]*(?:\([^()\n]{1,40}\)[ \t]*)?[:：][ \t]*"
    r"[\"'`]?[\w.@\\-]{1,64}[\"'`]?[ \t]*/[ \t]*" + _CHOSEN,
    re.MULTILINE,
)
# "host key for the board calls: 604215", "the host key is 604215"
_HOST_KEY_RE: Final = re.compile(
    r"(?i:host[ \t]?key)(?:[ \t]+(?i:for|of|to|on)[ \t]+[^\n:：.;]{1,60}?)?"
    r"(?:[ \t]*[:：][ \t]*|[ \t]+(?i:is)[ \t]+)(?P<v>\d{6,10})" + END,
    re.MULTILINE,
)
# "gate keypad (west) changes weekly; today it is 5531#"
_DEVICE_IT_IS_RE: Final = re.compile(
    r"(?i:keypad|key[ \t]?safe|lock[ \t]?box|key[ \t]?box|padlock|gate|door|alarm)\b[^\n.!?]{0,100}?"
    r"(?<![\w-])(?i:it[ \t]+is|it['’]s)(?:[ \t]+(?i:now))?[ \t]+(?P<v>[*#]?\d{4,8}[#*]?)" + END,
    re.MULTILINE,
)
_YEAR_RE: Final = re.compile(r"(?:19|20)\d\d")


def _wifi_key_value(m: re.Match[str]) -> bool:
    return len(m.group("v")) >= 8 and shaped(m.group("v"))


def _pair_value(m: re.Match[str]) -> bool:
    value = m.group("v")
    mixed = value.lower() != value and value.upper() != value
    return len(value) >= 8 and shaped(value) and (mixed or STRONG_RE.search(value) is not None)


def _digits_value(m: re.Match[str]) -> bool:
    return True


def _device_code_value(m: re.Match[str]) -> bool:
    return _YEAR_RE.fullmatch(m.group("v")) is None


LOGINS_FINDERS: Final[tuple[Finder, ...]] = finders(
    (_SSID_KEY_RE, _wifi_key_value),
    (_LABEL_PAIR_RE, _pair_value),
    (_HOST_KEY_RE, _digits_value),
    (_DEVICE_IT_IS_RE, _device_code_value),
)
# every word a finder above starts with (lower case)
LOGINS_START_WORDS: Final = (
    r"ssid|admin|administrator|login|account|portal|console|host ?key"
    r"|keypad|key ?safe|lock ?box|key ?box|padlock|gate|door|alarm"
)
