"""A lock's code given as what it opens with, an alarm's code given as what it is set or unset with (wave 48, no I/O).

Found (the value only, kind ``credential``):

* a safe, a gate, a barrier, a door or a key box named earlier in the sentence, then the verb it opens with and the
  digits: "de kluis gaat open met 4-19-27", "bommen öppnas med kod 3381 på panelen", "pengeskabet åbnes med koden
  12-40-77", "the key box opens with 5093.", "der Tresor öffnet mit 7215"; a code lock named as being the digits
  ("kodlåset till förrådet är 6604", "the combination lock is 3391");
* an alarm switched on or off with digits: "alarm inschakelen met 40318", "alarm set: 7752 + AWAY", "сигнализацию
  снимаем кодом 6290", "код снятия сигнализации 4417", "경보 해제 코드: 36152";
* a door's entry number or a PIN said changed, then its new number: "출입 번호가 바뀌었습니다: 5108*", "暗証番号が変わり
  ました。新しい番号は 3306 です".

Kept: a lock that opens with a key, a card or "a loud noise" (no digits); one to three digits ("opens with 2 keys");
digits followed by a noun ("the gate opened with 1200 visitors waiting"); a bare year without a code word ("the safe
opens with 1984 rules" is not read); an alarm clock's time ("alarm set: 0630"); an alarm set "at" a time.
Why: these are the shapes handover notes and checklists use for physical codes, and the verb, the lock and the digits
together are rare in clean prose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["lock_open_spans"]

_Found = tuple[int, int, str]

_LOCK: Final = (
    r"(?i:[^\W\d_]{0,15}?kluis|[^\W\d_]{0,15}?(?:pengeskab|kassaskåp|kassaskap)(?:et)?|slagboom|bommen|bom"
    r"|safe|vault|gate|barrier|key[ \t]?box|lock[ \t]?box|key[ \t]+safe|padlock"
    r"|door|tresor|schranke|tor|grind(?:en)?|dörr(?:en)?|dør(?:en)?"
    r"|deur|hek|portone|cancello|cassaforte|caja[ \t]+fuerte|puerta|porte|portail|coffre(?:-fort)?|sleutelkastje)"
)
_OPENS: Final = (
    r"(?i:gaat[ \t]+open|gaan[ \t]+open|opent|openen|ontgrendelen|open(?:s|ed)?|öppnas|åbnes|åpnes"
    r"|öffnet(?:[ \t]+sich)?|s'ouvre"
    r"|si[ \t]+apre|se[ \t]+abre|unlocks?)"
)
_WITH: Final = r"(?i:met|med|with|mit|avec|con|using)"
_CODE_WORD: Final = (
    r"(?i:(?:de|het|the|der|dem|le|la|il|el)[ \t]+)?"
    r"(?i:code|kod|koden|kode|koden|combinatie|combination|combinaison|combinazione|kombination|codice|código|pin)"
)
_VALUE: Final = r"(?P<v>\d{4,8}[#*]?|\d{1,3}(?:-\d{1,3}){2,5})"
_AFTER: Final = (
    r"(?=[.,;!)]|[ \t]*(?:\n|$)|[ \t]+(?i:op|på|on|auf|sur|sul|en|og|och|und|et|and|then|daarna|dann|puis)\b)"
)
_OPEN_RE: Final = re.compile(
    r"\b" + _LOCK + r"\b[^.!?\n]{0,90}?\b" + _OPENS + r"[ \t]+" + _WITH + r"[ \t]+(?:(?P<cw>" + _CODE_WORD
    + r")[ \t]*:?[ \t]+)?" + _VALUE + _AFTER
)
_CODE_LOCK_RE: Final = re.compile(
    r"(?i:\b(?:kodlås(?:et)?|kodelås(?:en)?|cijferslot|codeslot|zahlenschloss|combination[ \t]+lock)\b)"
    r"[^.!?\n\d]{0,50}?[ \t]+(?i:är|er|is|ist|est|es|è)[ \t]+(?P<v>\d{3,8}[#*]?)" + _AFTER
)
_ALARM_RE: Final = re.compile(
    r"(?i:\balarm(?:en|et|e|anlage)?[ \t]+(?P<set>set|inschakelen|uitschakelen|aanzetten|uitzetten|activeren"
    r"|deactiveren|scharf[ \t]+schalten|unscharf[ \t]+schalten)[ \t]*(?::|met|mit|with)[ \t]*)"
    r"(?P<v>\d{4,8}[#*]?)(?=[.,;!)+]|\s|$)"
)
_ALARM_RU_RE: Final = re.compile(
    r"(?i:сигнализаци[юяи][ \t]+(?:сним\w{0,5}|став\w{0,5}|отключ\w{0,5}|включ\w{0,5})[ \t]+кодом"
    r"|код(?:ом)?[ \t]+(?:снятия|постановки|отключения)(?:[ \t]+с[ \t]+охраны)?(?:[ \t]+сигнализации)?)"
    r"[ \t]*:?[ \t]*(?P<v>\d{4,8})(?=[.,;!)]|\s|$)"
)
_CJK_RE: Final = re.compile(
    # wave 49: the topic or subject particle after the name ("경보 해제 코드는 9021 입니다", "출입 번호는 2093#")
    r"(?:(?:경보|알람|보안)[ \t]*(?:해제|설정)[ \t]*(?:코드|번호|비밀번호)(?:는|은|가|이)?[ \t]*[:：]?"
    r"|(?:출입|도어|현관|출입문)[ \t]*(?:번호|코드)(?:(?:는|은|가|이)(?=[ \t]*\d)|[^\n\d:：]{0,20}[:：])"
    r"|暗証番号[^\n\d]{0,30}?新しい(?:番号|暗証番号)は)"
    r"[ \t]*(?P<v>\d{4,8}[#*]?)(?![\d])"
)
_YEAR: Final = re.compile(r"(?:19|20)\d\d")
_TIME: Final = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")

_GATE: Final = (
    "open", "Open", "OPEN", "öppna", "åbne", "åpne", "öffnet", "ouvre", "apre", "abre", "nlock",
    "lås", "slot", "schloss", "lock", "larm", "LARM", "сигнализ", "код", "경보", "알람", "보안", "출입", "도어", "현관",
    "暗証番号",
)


def _open_spans(text: str) -> Iterator[_Found]:
    for m in _OPEN_RE.finditer(text):
        value = m.group("v")
        if m.group("cw") is None and _YEAR.fullmatch(value):
            continue
        yield m.start("v"), m.end("v"), "credential"
    for m in _CODE_LOCK_RE.finditer(text):
        yield m.start("v"), m.end("v"), "credential"


def lock_open_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    if not any(stem in text for stem in _GATE):
        return
    yield from _open_spans(text)
    for m in _ALARM_RE.finditer(text):
        if m.group("set").lower() == "set" and _TIME.fullmatch(m.group("v")):
            continue
        yield m.start("v"), m.end("v"), "credential"
    for rx in (_ALARM_RU_RE, _CJK_RE):
        for m in rx.finditer(text):
            yield m.start("v"), m.end("v"), "credential"
