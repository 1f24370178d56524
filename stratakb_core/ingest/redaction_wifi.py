"""A Wi-Fi network's key beside the network's name, without a password word (no I/O).

Notes copied from a router's card or a family wiki name the network on one line and its key on the next
("Network: SmithHome-5G" / "Key: ..."), and chats give both in one clause ("SSID LabTruck-2, pass is ..."). "Key" or
"pass" alone names no secret (a key is anything), but under or beside a network's name it is the network's
passphrase. The value must look like one: a password's shape (``redaction_values.looks_like_secret``) or words joined
by dashes (``is_joined_passphrase``). ``wifi_spans`` yields ``(start, end, kind)`` of the value only; a line calling
it an example is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_scan import finditer_lines
from stratakb_core.ingest.redaction_spoken import not_an_example
from stratakb_core.ingest.redaction_values import is_code, is_joined_passphrase, is_placeholder, looks_like_secret

__all__ = ["wifi_spans"]

_Found = tuple[int, int, str]

_NETWORK: Final = (
    r"ssid|network(?:[ \t]+name)?|wi-?fi(?:[ \t]+(?:name|network))?|wlan(?:[ \t]+name)?|netzwerk(?:name)?|réseau"
    r"|red(?:[ \t]+wi-?fi)?|rete|netwerk|nätverk|nettverk"
)
_KEY: Final = r"key|pass|psk|schlüssel|schluessel|clé|cle|clave|chiave|sleutel|nyckel|nøkkel|nøgle|klucz"
_VALUE: Final = r"[\"'`«“‘]?(?P<v>[^\s\"'`«»“”‘’,;]{4,128}?)[\"'`»”’]?"
# the network's line, then the key's line right under it
_UNDER_RE: Final = re.compile(
    r"^[ \t]*(?:[-*•][ \t]+)?(?i:" + _NETWORK + r")"
    # wave 43: whose network it is before the colon ("Rete Wi-Fi per il personale delle pulizie:")
    r"(?:[ \t]+(?i:wi-?fi|wlan))?(?:[ \t]+(?i:for|per|pour|para|für|voor|för|til|do|del|della|des|du|de)"
    r"[ \t]+[^\n:：=]{1,60})?"
    r"[ \t]*[:：=][ \t]*[^\s:：][^\n]{0,80}\r?\n"
    r"[ \t]*(?:[-*•][ \t]+)?(?i:" + _KEY + r")[ \t]*[:：=][ \t]*" + _VALUE + r"[ \t]*\r?$",
    re.MULTILINE,
)
# "SSID LabTruck-2, pass is X": the network named, then its key in the same clause
# (wave 25: also "network X, key: Y" on a line naming a Wi-Fi, and the key right after its word, "Schlüssel Y")
_BESIDE_RE: Final = re.compile(
    r"(?i:\b(?P<net>ssid|network|netzwerk|réseau|red|rete|netwerk)\b)[^\n.;!?]{1,60}?(?i:\b(?:"
    + _KEY
    + r"|pw|pwd)\b)(?P<sep>[ \t]+(?i:is|=)[ \t]+|[ \t]*[:：=][ \t]+|[ \t]+)"
    + _VALUE
    + r"(?=[.!;,)]?(?:[ \t]|\r?$))",
    re.MULTILINE,
)
_WIFI_LINE_RE: Final = re.compile(r"(?i:wi-?fi|wlan|ssid)")  # (also the lines _BESIDE_RE is searched on: a speed-up)


def _shaped(m: re.Match[str]) -> bool:
    value = m.group("v").rstrip(".")
    if is_placeholder(value) or is_code(value):
        return False
    if "net" in m.groupdict() and not _beside_network(m):
        return False
    return looks_like_secret(value) or is_joined_passphrase(value)


def _beside_network(m: re.Match[str]) -> bool:
    """An SSID names a Wi-Fi; another word for a network only on a line naming one, and a key after a bare space
    only when it looks like one (not a joined passphrase alone: "key rotation-policy-doc")."""
    text, start = m.string, m.start()
    line = text[text.rfind("\n", max(0, start - 200), start) + 1 : text.find("\n", start) % (len(text) + 1)]
    if m.group("net").lower() != "ssid" and _WIFI_LINE_RE.search(line) is None:
        return False
    return bool(m.group("sep").strip()) or looks_like_secret(m.group("v").rstrip("."))


_found: Final = not_an_example(_shaped)


def wifi_spans(text: str) -> Iterator[_Found]:
    """The values the searches above find (see the module docstring)."""
    low = text.lower()
    beside = "ssid" in low or "wlan" in low or "wifi" in low or "wi-fi" in low
    for pattern in ([_UNDER_RE] if "\n" in text else []) + ([_BESIDE_RE] if beside else []):
        # (every match of _BESIDE_RE lies on one line, and its line names a Wi-Fi: ssid, or _beside_network's test)
        matches = finditer_lines(pattern, text, _WIFI_LINE_RE) if pattern is _BESIDE_RE else pattern.finditer(text)
        for m in matches:
            if (span := _found(m)) is not None:
                start, end, kind = span
                end = start + len(m.group("v").rstrip("."))
                if pattern is _BESIDE_RE and text[end : end + 1] == "!":
                    end += 1  # "key: OpenSource4Ever!": a password's last symbol, not the sentence's
                yield start, end, kind
