"""A Wi-Fi network written with its key as one pair, "wifi: PawnShop-Back / goldchain2026!" (wave 46, no I/O).

Handover notes and shift sheets give a network and its key after one label, split by a slash, in the order a phone
asks for them: the network's name, then the key. Found: the key after "NAME / " on a line labelled Wi-Fi, WLAN,
wireless, réseau, Netz, rete, netwerk, nätverk, nettverk or sieć and a colon, the key ending the line or its
clause, of a chosen password's shape (``redaction_values.looks_chosen``) or letters and two digits or more
(``sunflower2026``, ``Kaffee-Pause-77``). Kept: "wifi: 2.4 / 5 GHz" and "WLAN: 802.11ac / 802.11ax" (bands and
standards), "wifi: Guest / no password", "WLAN: Büro / WPA2-PSK" (a security mode), "Wi-Fi: on / off", a placeholder
("wifi: Office / <ask reception>").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder, looks_chosen

__all__ = ["wifi_pair_spans"]

_Found = tuple[int, int, str]

_PAIR_RE: Final = re.compile(
    r"(?i:\b(?:wi-?fi|wlan|wireless|r[ée]seau|netz(?:werk)?|rete|netwerk|n[äa]tverk(?:et)?|nettverk(?:et)?"
    r"|sie[ćc]|wifi-netz))\b[^\n:：/]{0,30}[:：][ \t]*"
    r"(?P<ssid>[^\s/:]{2,32}(?:[ \t][^\s/:]{1,32}){0,2})[ \t]*/[ \t]*"
    r"(?P<v>[^\s/\"'<>]{6,63}?)(?=[ \t]*$|[.,;](?:\s|$)|[ \t]+[-–(])",
    re.MULTILINE,
)
_MODE_RE: Final = re.compile(r"(?i:wpa|wep|psk|aes|tkip|sae|\d\.\d|[gm]hz|802)")
_LETTERS_DIGITS_RE: Final = re.compile(r"(?=[^\d]*[A-Za-zÀ-ÿ]{3})(?=.*\d\d)\S+")


def _key_shaped(value: str) -> bool:
    if is_placeholder(value) or _MODE_RE.search(value) is not None:
        return False
    return looks_chosen(value) or (len(value) >= 8 and _LETTERS_DIGITS_RE.fullmatch(value) is not None)


def wifi_pair_spans(text: str) -> Iterator[_Found]:
    """The keys above (see the module docstring)."""
    if "/" not in text:
        return
    for m in _PAIR_RE.finditer(text):
        if _key_shaped(m.group("v")):
            yield m.start("v"), m.end("v"), "credential"
