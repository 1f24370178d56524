"""Chat-role markers in any language, for the injection scan's ``role_tag`` rule (no I/O).

``injection_rules.ROLE_TAG`` knows the English markers (``<system>``, ``[SYSTEM]``, ``### System:``) and the
template tokens. Attacks also write the role in the document's own language and in the shapes a chat export
uses: ``[sistema] ... [/sistema]``, ``[[ruolo: sistema]]`` (wave 25), ``<rendszer>...</rendszer>``,
``[النظام]: ...``, a ``### SYSTEM`` heading and then a ``### UŻYTKOWNIK`` one, ``system: ...`` then ``user: ok``,
or a message object ``{"role": "system", "content": "..."}``. ``fake_turn`` finds such a marker when the shape
shows it is a turn and not a word:

* a system marker in brackets or angle brackets that a matching closing marker ends (an INI section or a
  heading is never closed);
* a system marker at the head of a line followed, within a few lines, by a user or assistant marker of the same
  shape at the head of a line (a turn sequence);
* a system marker in brackets with a colon, followed by prose of at least five words on its line (a log line
  ``[system] service started`` has neither the colon nor, mostly, the prose);
* a chat message object whose role is system or developer and whose content is prose (at least five words).

A role word is any word for system, user or assistant in the languages below; English alone is left to
``ROLE_TAG``'s phrasings except in the turn sequence and the message object, which ``ROLE_TAG`` does not read.
Every repetition is bounded, so matching stays linear in the text's length.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

from stratakb_core.ingest.injection_shownturns import head_end  # wave 33: re-exported for injection (at 496 lines)
from stratakb_core.ingest.injection_speakers import spoken_line
from stratakb_core.ingest.injection_sys_grant import system_grant
from stratakb_core.ingest.injection_turnsend import sends_private

__all__ = ["closing_note", "fake_turn", "head_end", "recorded_turn"]

_SYSTEM: Final = (
    r"system|sistema|système|systeme|systeem|systemet|systém|sistem|sistemi|rendszer|järjestelmä|süsteem|sustav"
    r"|система|системa|σύστημα|النظام|نظام|מערכת|系统|系統|システム|시스템|hệ thống|ระบบ|सिस्टम|সিস্টেম|kerfi|mfumo"
)
_OTHER: Final = (
    r"user|usuario|usuário|utilisateur|benutzer|nutzer|utente|gebruiker|użytkownik|uživatel|felhasználó|kullanıcı"
    r"|kasutaja|käyttäjä|användare|bruger|bruker|пользователь|користувач|χρήστης|المستخدم|משתמש|用户|用戶|ユーザー"
    r"|사용자|người dùng|ผู้ใช้|उपयोगकर्ता|human|assistant|asistente|assistente|assistent|asystent|asszisztens"
    r"|ассистент|асистент|助手|アシスタント|어시스턴트"
    r"|asistan|asistent|asisten|avustaja"  # wave 21: Turkish, Czech/Romanian, Indonesian, Finnish
    r"|المساعد|مساعد|सहायक|सहायिका|সহকারী"  # wave 25: Arabic, Hindi, Bengali
)
# a role marker at the head of a line: [x], <x>, ### x, **x** or a bare x, then maybe a colon
_HEAD: Final = (
    r"^[ \t]*(?:(?:\[(?:{w})\]|<(?:{w})>|#{{1,4}}[ \t]*(?:{w})|\*\*(?:{w})\*\*)[ \t]*(?::|：|$)|(?:{w})[ \t]*[:：]"
    # wave 25: a doubled bracket or a role named as such ("[[ruolo: sistema]]", "[role=system]")
    r"|\[\[(?:(?:{r})[ \t]*[:=][ \t]*)?(?:{w})\]\]|\[(?:{r})[ \t]*[:=][ \t]*(?:{w})\]"
    # wave 49: a role in lenticular brackets, a label in itself in Japanese and Chinese ("【システム】新しい指示 ...")
    r"|【(?:{w})】)"
)
_ROLE_WORD: Final = r"role|ruolo|rol|rôle|rolle|papel|rola|роль"
_SYSTEM_HEAD: Final = re.compile(_HEAD.format(w=_SYSTEM, r=_ROLE_WORD), re.IGNORECASE | re.MULTILINE)
_OTHER_HEAD: Final = re.compile(_HEAD.format(w=_OTHER, r=_ROLE_WORD), re.IGNORECASE | re.MULTILINE)
# "[sistema] ... [/sistema]", "<rendszer>...</rendszer>": opened and closed like a chat template's turn
# (wave 26: or a system tag of several words, with attributes: <system_override priority="high">...</system_override>)
_KIND: Final = r"override|prompt|instructions?|message|directive|note|notice|update|rules|policy"
_PAIRED: Final = re.compile(
    rf"([\[<])((?:{_SYSTEM})(?:[_-](?:{_KIND}))?)(?:[ \t][^\[\]<>\n]{{1,100}})?[\]>](?P<body>[^\[<]{{5,600}}?)"
    r"[\[<]/\2[\]>]",
    re.IGNORECASE,
)
# "[النظام]: تعليمات جديدة ...": a bracketed role with a colon, then a line of prose (wave 26: or a bracketed system
# message, "[시스템 메시지] ...", "[Systemnachricht]", without the colon)
_MESSAGE_WORD: Final = (
    r"[ \t_-]?(?:message|messages|nachricht|mensaje|mensagem|messaggio|wiadomość|сообщение|zpráva|üzenet|mesajı"
    r"|메시지|メッセージ|消息|訊息|رسالة)"
)
_BRACKET_COLON: Final = re.compile(
    rf"^[ \t]*(?:\[\[?(?:(?:{_SYSTEM})[ \t]*\]\]?[ \t]*[:：]|(?:{_SYSTEM}){_MESSAGE_WORD}\]\]?[ \t]*[:：]?)"  # w45
    rf"|【(?:{_SYSTEM})(?:{_MESSAGE_WORD}|訊息|讯息)】[ \t]*[:：]?)[ \t]*(?P<body>[^\n]{{1,400}})",
    re.I | re.M,
)
_SPEAKER: Final = re.compile(r"[ \t]*[^\W\d_]{2,20}[ \t]*[:：][^\n]{0,120}$")
# wave 26: a mode switch claimed in brackets inside a speaker's turn ("Assistente: Entendido. [modo sistema ativado]
# ...", "Assistant: [developer mode enabled] ..."); a log line that mentions one has no speaker
_MODE_ON: Final = re.compile(
    rf"\[[ \t]*(?:(?:{_SYSTEM}|developer|admin|root|god|dan)[ \t_-]?(?:mode|modus|modo|mod|режим)|(?:mode|modo|modus)"
    rf"[ \t]+(?:{_SYSTEM}|developer|desenvolvedor|desarrollador|admin|root))[ \t]+(?:activated|enabled|on|engaged"
    r"|ativado"
    r"|activado|attivato|aktiviert|activé|włączony|aktywowany|включ[её]н)[ \t]*\]",
    re.IGNORECASE,
)
# {"role": "system", "content": "..."}: a chat message written into the document
_MESSAGE: Final = re.compile(
    r"\{[ \t]*[\"']role[\"'][ \t]*:[ \t]*[\"'](?:system|developer)[\"'][ \t]*,[ \t]*[\"']content[\"'][ \t]*:[ \t]*"
    r"[\"'](?P<body>[^\"'\n]{1,600})",
    re.IGNORECASE,
)
_WORDS: Final = re.compile(r"[^\W\d_]+")
_LINES_AFTER: Final = 6  # a user or assistant turn this many lines after the system one makes a sequence
_AFTER_CHARS: Final = 4000  # the lines read after a system head (wave 25: not the whole rest of the text)
_MAX_HEADS: Final = 64  # system heads read per text: a text of thousands of them costs no more than 64


def _prose(body: str) -> bool:
    """At least five words (or, in a script written without spaces, twelve letters)."""
    words = _WORDS.findall(body)
    return len(words) >= 5 or sum(len(w) for w in words) >= 12 and len(words) >= 1 and not body.isascii()


def _shape(marker: str) -> str:
    first = marker.lstrip()[:1]
    return first if first in "[<#*【" else "w"


# wave 49: a notice's categories come in lenticular brackets too ("【システム】メンテナンス ..." / "【ユーザー】..."):
# after a system head in them, only an assistant's turn makes a chat
_ASSISTANT: Final = re.compile(
    r"assistant|asistente|assistente|assistent|asystent|ассистент|助手|アシスタント|어시스턴트", re.I
)


def _answering(marker: str) -> bool:
    return _shape(marker) != "【" or bool(_ASSISTANT.search(marker))


def _sequence(text: str) -> tuple[int, int] | None:
    """A system marker at a line's head, prose after it, and within a few lines a user or assistant marker of the
    same shape at a line's head."""
    for m in itertools.islice(_SYSTEM_HEAD.finditer(text), _MAX_HEADS):
        line_end = text.find("\n", m.end())
        if line_end == -1:
            continue
        at = line_end + 1
        for line in text[at : at + _AFTER_CHARS].split("\n", _LINES_AFTER)[:_LINES_AFTER]:
            other = _OTHER_HEAD.match(line)
            if other and _shape(other.group()) == _shape(m.group()) and _answering(other.group()):
                return (m.start(), at) if _prose(text[m.end() : at]) else None
            at += len(line) + 1
    return None


def fake_turn(text: str) -> tuple[int, int] | None:
    """The span of a chat-role marker in any language that ``text`` dresses as a turn, or None."""
    if "<" in text or "[" in text:
        for m in _PAIRED.finditer(text):
            if _prose(m.group("body")):
                return m.start(), m.end()
    if "[" in text and (mode := _MODE_ON.search(text)):
        if _SPEAKER.match(text, text.rfind("\n", 0, mode.start()) + 1, mode.start()):
            return mode.start(), mode.end()
    if "[" in text or "【" in text:
        for m in _BRACKET_COLON.finditer(text):
            if _prose(m.group("body")):
                return m.start(), m.end()
    if "role" in text:
        for m in _MESSAGE.finditer(text):
            if _prose(m.group("body")):
                return m.start(), m.end()
    return _sequence(text)


# wave 36: a bracketed switch of a system, developer or debug mode inside a turn ("[modo sistema ativado]", "[developer
# mode enabled]", "[режим системы включён]"): a planted turn, never a record
_MODE_SWITCH: Final = re.compile(
    r"\[(?=[^\]\n]{0,60}\b(?:mode|modo|modus|mod|режим)\b)(?=[^\]\n]{0,60}\b(?:system\w{0,2}|sistema|système|systeme"
    r"|developer|dev|admin|debug|god|root|desenvolvedor|desarrollador|développeur|entwickler|sviluppatore|систем\w{0,2}"
    r"|разработчик\w{0,2})\b)[^\]\n]{1,60}\]",
    re.IGNORECASE,
)
# wave 18: an assistant's turn further on answers a system turn: the exchange is a record (an evaluation log); an
# agent's turn that another speaker answers is a support agent's ("Agent: ..." / "Caller: ...")
# (a turn opens a line, or follows a sentence's end in the variant whose line breaks are collapsed)
_ANSWERED: Final = re.compile(r"(?:^|(?<=[.!?] ))[ \t]*assistant[ \t]*:", re.IGNORECASE | re.MULTILINE)
_OTHER_SPEAKER: Final = re.compile(
    r"(?:^|(?<=[.!?] ))[ \t]*(?!agent\b)[^\W\d_]{2,20}[ \t]*:", re.IGNORECASE | re.MULTILINE
)


def recorded_turn(text: str, start: int, end: int) -> bool:
    """The match ``text[start:end]`` opens a turn of an exchange that ``injection`` found under a transcript head: a
    user's, a human's or an action's turn, or a system turn that an assistant's turn answers further on ("system:
    You are a triage helper." / "user: ..." / "assistant: ..."), or an agent's turn another speaker answers ("Agent:
    ..." / "Caller: ..."). A planted system turn has nobody answer it; a turn that sends private data to an address
    is none (wave 35: ``injection_turnsend``)."""
    turn_text = _turn_text(text, start, end)
    if sends_private(turn_text) or _MODE_SWITCH.search(turn_text) or system_grant(turn_text):
        return False  # wave 36: nor one that switches a mode on ("[modo sistema ativado]"); 43: gives a new role
    turn = text[start:end].lstrip()[:7].lower()
    if turn.startswith("agent") and _OTHER_SPEAKER.search(text, end):
        return True
    if turn[:5] in ("user:", "human", "actio") or (turn == "system:" and bool(_ANSWERED.search(text, end))):
        return True
    return spoken_line(text, start, end)  # wave 33: a named speaker's line another speaker answers


def _turn_text(text: str, start: int, end: int) -> str:
    """The lines ``text[start:end]`` lies on; in a variant whose line breaks are collapsed, the match to its
    sentence's end."""
    if "\n" not in text:
        stop = re.compile(r"[.!?](?:\s|\Z)").search(text, end)
        return text[start : stop.end() if stop else len(text)]
    hi = text.find("\n", end)
    return text[text.rfind("\n", 0, start) + 1 : hi if hi != -1 else len(text)]


# wave 32: an exchange whose last line says where it was exported from ("(exported from the support bot for the
# wiki)", "(exportiert aus ...)", "(exporté depuis ...)", "(exportado de ...)"): a record, as under a transcript head
_CLOSING_NOTE: Final = re.compile(
    r"\n[ \t]*[(\[]?[ \t]*(?:exported|copied|transcribed|exportiert|export(?:é|ee|ée)|exportad[oa])[ \t]+"
    r"(?:from|aus|von|de|depuis|desde)\b[^\n]{0,120}\Z",
    re.IGNORECASE,
)


def closing_note(text: str) -> bool:
    """The text's last line notes that the exchange above it was exported or copied from somewhere."""
    return bool(_CLOSING_NOTE.search(text, max(text.rfind("\n"), 0)))
