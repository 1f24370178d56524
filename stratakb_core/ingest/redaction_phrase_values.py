"""A passphrase or a Wi-Fi key given as words, in forms the older phrase finders leave (wave 31, no I/O).

* a CJK passphrase's name (パスフレーズ, 合言葉, 密码短语, 암호 문구), or a password's name, then は / 是 / 为
  / a colon and the phrase in corner brackets (「kumo hoshi umi 2088」); after a passphrase's name, also a run
  of CJK text with no space up to a bracket, a full stop or the line's end (パスフレーズ：赤い傘が月を歩く（...）), or
  three to ten romanised lower-case words (パスフレーズ：kaze ga fuku yoru ni);
* on a line naming a Wi-Fi network (Wi-Fi, WLAN, SSID, réseau, red, rete, netwerk), a password's or a key's label
  and a colon, then three to seven words with a number among them ending the line or the sentence ("Passwort:
  Kuchen mit 3 Kirschen!", "clé : trois chats sur le toit 2031"), or lower-case words and a number joined by
  dashes after the label's colon or "is" ("the key is harbour-lights-2031").

A phrase that says where the value is, who gives it, or how long it must be is kept (a pointer verb, a unit of
length, "at least"), and so is a line giving a rule or an example. ``phrase_value_spans`` yields
``(start, end, kind)`` of the phrase only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["phrase_value_spans"]

_Found = tuple[int, int, str]

_CJK_PHRASE_NAME: Final = r"パスフレーズ|合言葉|合い言葉|密码短语|密碼短語|口令短语|암호[ \t]?문구|비밀[ \t]?문구"
_CJK_QUOTED_RE: Final = re.compile(
    r"(?:" + _CJK_PHRASE_NAME + r"|パスワード|密码|密碼|口令|비밀번호)(?:は|是|为|為|는|은|：|:)[ \t]*"
    r"「(?P<v>[^」「\n]{4,64})」"
)
_CJK_RUN_RE: Final = re.compile(
    r"(?:" + _CJK_PHRASE_NAME + r")(?:は|是|为|為|는|은)?[ \t]*[：:][ \t]*"
    r"(?P<v>[^\s\x00-\x7f（）()「」。、，,：:]{5,40})(?=[（(。，,]|[ \t]*$)",
    re.MULTILINE,
)
# a romanised phrase after a CJK passphrase's name: three to ten lower-case words ("パスフレーズ：kaze ga fuku yoru ni")
_CJK_ROMAJI_RE: Final = re.compile(
    r"(?:" + _CJK_PHRASE_NAME + r")(?:は|是|为|為|는|은)?[ \t]*[：:]?[ \t]*"
    r"(?P<v>[a-z]{1,20}(?:[ ][a-z0-9]{1,20}){2,9})(?=[ \t]*$|[ \t]*[（(。、，,.])",
    re.MULTILINE,
)
# a request, a pointer or a rule, not a phrase ("管理者に確認してください", "请联系 IT", "見本")
_CJK_NOT_VALUE_RE: Final = re.compile(
    r"ください|確認|参照|保管|管理者|変更|禁止|入力|設定|例|请|联系|保存|参见|必须|不得|示例|문의|참조|以上|文字|桁|字符|位数|이상"
)

_WIFI_LINE_RE: Final = re.compile(r"(?i:wi-?fi|wlan|ssid|wireless|r[ée]seau|\bred\b|\brete\b|netwerk|netzwerk|hotspot)")
_WIFI_LABEL_RE: Final = re.compile(
    r"(?i:\b(?:passwort|kennwort|password|passphrase|pass|cl[ée]|key|schl[üu]ssel|contrase[ñn]a|clave|senha"
    r"|chiave|wachtwoord|mot[ \t]+de[ \t]+passe|mdp))[ \t]*[:：][ \t]*"
    r"(?P<v>[^\W\d_]{2,20}(?:[ \t]+(?:[^\W\d_]{1,20}|\d{1,4})){2,6}[!?]?)"
    r"(?=\.?[ \t]*$|\.[ \t]+\S|[ \t]*[(（])",
    re.MULTILINE,
)
# ... or lower-case words and a number joined by dashes after "is" ("the key is harbour-lights-2031")
_WIFI_DASHED_RE: Final = re.compile(
    r"(?i:\b(?:passwort|kennwort|password|passphrase|cl[ée]|key|schl[üu]ssel|contrase[ñn]a|clave|senha|chiave"
    r"|wachtwoord|mot[ \t]+de[ \t]+passe))(?:[ \t]*[:：]|[ \t]+(?:is|ist|est|es|è|é|er|är|lautet))[ \t]+[\"'“‘]?"
    r"(?P<v>(?=[a-z-]{0,60}\d)[a-z]{2,12}(?:-[a-z0-9]{1,12}){2,5})(?=[\"'”’]?(?:[ \t]*$|[.,;!?]?[ \t]))",
    re.MULTILINE,
)
# a network's security mode, not its key ("wpa2-psk-aes-128")
_MODE_RE: Final = re.compile(r"(?:^|-)(?:wpa\d?|psk|aes|tkip|ccmp|sae|eap|wep|\d(?:\.\d)?ghz)(?:-|$)")
# the phrase says where the key is or who hands it out (its first word), or how long it must be (any word)
_POINTER_RE: Final = re.compile(
    r"(?i:(?:see|ask|at|in|on|from|by|wird|steht|liegt|gibt|bei|siehe|auf|voir|demande\w*|aupr[eè]s|sur|dans|ver"
    r"|pregunt\w*|en|pide|chiedere|chiedi|vedi|presso|zie|vraag|bij|op|is|ist|est|es|è|will|must|muss|doit|debe"
    r"|deve|moet|not|nicht|pas|no|non|niet|kein\w*|aucun\w*|ningun\w*|nessun\w*)\b)"
)
_LENGTH_RE: Final = re.compile(
    r"(?i:\b(?:zeichen|characters?|chars?|caract[eè]res|caracteres|caratteri|tekens|digits?|stellen|chiffres"
    r"|d[íi]gitos|cifre|mindestens|least|moins|minimum|maximum|min|max|lang|long|lunghezza|longitud|longueur)\b)"
)
_RULE_RE: Final = re.compile(
    r"(?i:polic|rule|requirement|example|e\.g\.|z\.b\.|p\.ex|beispiel|exemple|ejemplo|esempio)"
)


def _line(text: str, start: int, end: int) -> str:
    return text[text.rfind("\n", 0, start) + 1 : (text.find("\n", end) + 1 or len(text) + 1) - 1]


def _cjk_spans(text: str) -> Iterator[_Found]:
    for pattern in (_CJK_QUOTED_RE, _CJK_RUN_RE, _CJK_ROMAJI_RE):
        for m in pattern.finditer(text):
            value = m.group("v")  # (is_placeholder calls any run of CJK text a placeholder: not asked of the run)
            if (pattern is _CJK_RUN_RE or not is_placeholder(value)) and _CJK_NOT_VALUE_RE.search(value) is None:
                yield m.start("v"), m.end("v"), "credential"


def _wifi_spans(text: str) -> Iterator[_Found]:
    for m in _WIFI_DASHED_RE.finditer(text):
        line, value = _line(text, m.start(), m.end()), m.group("v")
        if _WIFI_LINE_RE.search(line) is None or _RULE_RE.search(line) is not None or _MODE_RE.search(value):
            continue
        if not is_placeholder(value):
            yield m.start("v"), m.end("v"), "credential"
    for m in _WIFI_LABEL_RE.finditer(text):
        value = m.group("v")
        line = _line(text, m.start(), m.end())
        if not any(c.isdigit() for c in value) or _WIFI_LINE_RE.search(line) is None:
            continue
        if _POINTER_RE.match(value) is not None or _LENGTH_RE.search(value) is not None:
            continue
        if _RULE_RE.search(line) is not None or is_placeholder(value):
            continue
        yield m.start("v"), m.end("v"), "credential"


def phrase_value_spans(text: str) -> Iterator[_Found]:
    """The phrases above (see the module docstring)."""
    if not text.isascii():
        yield from _cjk_spans(text)
    if ":" in text or "：" in text:
        yield from _wifi_spans(text)
