"""A Wi-Fi's key said in a sentence without a colon, and a key after a CJK or Hangul name (wave 39, no I/O).

Guest notes, chats and signs give a network's key in every grammar. Wave 32 took the copula ("la password del Wi-Fi
è X"); fresh sets bring more:

* a password's or a network key's name right before its value (or a bare "key", "Schlüssel", "clave" ... and a
  colon) in a sentence about a Wi-Fi ("rete Ospiti, password
  ginestra2027.", "WLAN Gäste, Passwort sonnig4711", "network HaleGuest key blue-heron-52"), the value one word of
  letters and digits (or a symbol) ending its clause; not after "no" / "without", not a security mode (WPA2,
  AES-256, 802.11ac), a band (5GHz) or a year; wave 40: a bare key's word without a colon too ("rede 'Vet', chave
  mar-alto-2026");
* a key's name in Japanese, Korean or Chinese (パスキー, パスワード, ネットワークキー, 暗号化キー, 비밀번호, 암호, 비번,
  密码, 密碼, 口令), a bracketed remark, a colon, a particle (는, 은, 이, 가, は, が, 是, 为) or a space, and a Latin
  value with letters and digits or a symbol ("비밀번호는 haneul2027 입니다", "パスキー: umibe-kaze-2290"); a line
  calling its value an example (例, 예시, 示例, example) keeps it.

``wifi_prose_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["wifi_prose_spans"]

_Found = tuple[int, int, str]

_WIFI_RE: Final = re.compile(r"(?i:wi-?fi|wlan|ssid|wireless|hotspot)|와이파이|無線|无线|ワイファイ|ＷｉＦｉ")
_NAME_VALUE_RE: Final = re.compile(
    r"(?<![^\W\d_])(?i:password|passwort|kennwort|contrase[ñn]a|clave|senha|mot[ \t]+de[ \t]+passe|wachtwoord"
    r"|l[öo]senord(?:et)?|has[łl]o|heslo|parola(?:s[ıi])?|[şs]ifre(?:si)?|salasana|passord(?:et)?|adgangskode(?:n)?"
    r"|wpa2?[ \t-]?key|psk"
    r"|(?:network|netzwerk|wi-?fi|wlan)[ \t-]?(?:key|schl[üu]ssel)"
    r"|wpa[23]?[ \t-]?schl[üu]ssel|cl[ée][ \t]+(?:wpa[23]?|wi-?fi|r[ée]seau))"  # wave 46: "clé WPA X." in a sentence
    r"[ \t]+(?:(?i:is|è|es|est|ist|é|är|er|on|jest|je)[ \t]+)?[\"'«“]?"
    r"(?P<v>[^\s\"'«»“”,;:()]{6,40}?)[\"'»”]?(?=[.,;!?)]?(?:\s|$)|['’](?:t[ıi]r|d[ıi]r|tur|tür|dur|dür)\b)"
)
# a bare "key" in any language, with a colon, on a line naming the Wi-Fi ("Netz: Seeblick, Schlüssel: X")
_KEY_LABEL_RE: Final = re.compile(
    r"(?<![^\W\d_])(?i:key|schl[üu]ssel|cl[ée]|clave|chave|chiave|sleutel|n[øo]kkel|nyckel(?:n)?|klucz|avain|ключ)"
    r"[ \t]*[:：=][ \t]*[\"'«“]?(?P<v>[^\s\"'«»“”,;:()]{6,40}?)[\"'»”]?(?=[.,;!?)]?(?:\s|$))"
)
# wave 40: a bare "key" in any language with no colon, after the network's name ("rede 'Gaivota', chave
# mar-alto-2026", "réseau Atelier, clé lavande-77", "netwerk Zolder sleutel Boeiend-44"), on a line naming the Wi-Fi
_BARE_KEY_RE: Final = re.compile(
    r"(?<![^\W\d_])(?i:key|schl[üu]ssel|cl[ée]|clave|chave|chiave|sleutel|n[øo]kkel(?:en)?|nyckel(?:n)?|n[øo]glen?"
    r"|klucz|avain|ключ|kulcs|anahtar[ıi]?)[ \t]+[\"'«“]?(?P<v>[^\s\"'«»“”,;:()]{6,40}?)[\"'»”]?(?=[.,;!?)]?(?:\s|$))"
)
# a key of something else named right before the bare "key" ("driver key: rtl8821cu", "product key: ..."): lead review
_OTHER_KEY_RE: Final = re.compile(
    r"(?i:\b(?:driver|product|licen[cs]e|registry|activation|adapter|firmware|model|chip(?:set)?|serial|hardware"
    r"|sort|primary|foreign|music)[ \t-]*$)"
)
_NEGATED_RE: Final = re.compile(r"(?i:\b(?:no|not|without|ohne|kein\w*|sans|sin|senza|sem|zonder|bez|utan|uten)\W*$)")
# a security mode, a cipher, a standard, a band or a version: no key
_NOT_A_KEY_RE: Final = re.compile(
    r"(?i:wpa\d?(?:-\w+)?|wep|aes-?\d*|tkip|ccmp|sae|psk|802\.11\w*|\d(?:[.,]\d)?\s?ghz|v?\d+(?:\.\d+)+|(?:19|20)\d\d)"
)
_CJK_NAME_VALUE_RE: Final = re.compile(
    r"(?:パスキー|パスワード|ネットワークキー|暗号化キー|セキュリティキー|비밀번호|암호|비번|패스워드|密码|密碼|口令)"
    r"(?:[ \t]*(?:（[^（）\n]{1,24}）|\([^()\n]{1,24}\)))?"
    r"(?:[ \t]*[:：]|[ \t]*(?:는|은|이|가|は|が|是|为|為)|[ \t]+)[ \t]*"
    r"[\"'「『“]?(?P<v>[A-Za-z0-9][!-~]{5,39}?)[\"'」』”]?"
    r"(?=[ \t]*(?:$|[\s。、，,.)）]|입니다|이에요|예요|에요|です|で|이고|고))",
    re.MULTILINE,
)
_EXAMPLE_RE: Final = re.compile(r"(?i:例|예시|예:|示例|サンプル|example|sample|e\.g\.)")


def _a_key(value: str) -> bool:
    """One word with four letters or more and two digits or more, or letters and a symbol (not a mode or a year)."""
    if is_placeholder(value) or _NOT_A_KEY_RE.fullmatch(value) or value.isupper():
        return False
    letters, digits = sum(c.isalpha() for c in value), sum(c.isdigit() for c in value)
    return letters >= 4 and (digits >= 2 or any(c in "!#$%&*+=?@~^_" for c in value))


def _line(text: str, start: int, end: int) -> str:
    stop = text.find("\n", end)
    return text[text.rfind("\n", 0, start) + 1 : len(text) if stop < 0 else stop]


def wifi_prose_spans(text: str) -> Iterator[_Found]:
    """The keys above (see the module docstring)."""
    if _WIFI_RE.search(text) is not None:
        for m in (*_NAME_VALUE_RE.finditer(text), *_KEY_LABEL_RE.finditer(text), *_BARE_KEY_RE.finditer(text)):
            value = m.group("v").rstrip(".!?")
            line = _line(text, m.start(), m.end())
            if _NEGATED_RE.search(text, max(0, m.start() - 12), m.start()) or _WIFI_RE.search(line) is None:
                continue
            if m.re is not _NAME_VALUE_RE and _OTHER_KEY_RE.search(text, max(0, m.start() - 24), m.start()):
                continue
            if _a_key(value) and _EXAMPLE_RE.search(line) is None:
                yield m.start("v"), m.start("v") + len(value), "credential"
    for m in _CJK_NAME_VALUE_RE.finditer(text):
        value = m.group("v").rstrip(".")
        if _a_key(value) and _EXAMPLE_RE.search(_line(text, m.start(), m.end())) is None:
            yield m.start("v"), m.start("v") + len(value), "credential"
