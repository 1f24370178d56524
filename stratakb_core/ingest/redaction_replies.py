"""A chat's answer to a turn about a password (wave 26, no I/O).

In a chat log (turns written ``Name: text``, with or without a time before the name: ``06:12 Lou:``,
``[12:01] 田中:``) one turn asks for or talks about a password, a PIN or a code ("whats the password for the new
tablet?", "共有フォルダのパスワード教えて", "try your legacy password") and the next turn, on the same line after the
question or on the next line, gives it as its first word ("Kim: Trailer2go! capital T", "山本: Yamamoto1129! だよ",
"user: I tried Grad$chool2021 and it says ..."). The value must look chosen (``redaction_spoken.shaped``), or be four
to eight digits when the turn asked for a PIN or a code. A turn about the password's rules (policy, length, reset,
expiry) is not answered with one, and a masked or placeholder answer stays. Wave 40: a question for a token or an
API key is answered by a generated value on the next turn (or 32-64 hex digits), one for a passphrase by words up to
a remark in brackets ("anna: purple walrus translates poetry (all lowercase)").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_phrases import is_loose_phrase, is_passphrase
from stratakb_core.ingest.redaction_pointers import points_elsewhere
from stratakb_core.ingest.redaction_spoken import PW_WORDS, shaped
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random
from stratakb_core.ingest.redaction_windows import line_matches

__all__ = ["reply_spans"]

_Found = tuple[int, int, str]
_TIME: Final = r"(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?[ \t]*)?"
_SPEAKER: Final = _TIME + r"[^\s:：\[\]#]{1,24}[ \t]*[:：][ \t]+"
_MENTION_RE: Final = re.compile(
    r"(?i:\b(?:" + PW_WORDS + r"|pin|pw|pwd|code|kode|koden|kod|codice|c[óo]digo)\b)"
    r"|パスワード|暗証番号|密码|密碼|비밀번호|비번"
)
# what a mention holds, as plain searches: a text without one of them has no turn about a password
_GATE: Final = (
    "pass", "pw", "pin", "cod", "kod", "senha", "contrase", "wachtwoord", "has", "lösen", "losen", "пароль",
    "salasana", "jelsz", "heslo", "şifre", "sifre", "parol", "κωδικ", "パスワード", "暗証番号", "密码", "密碼",
    "비밀번호", "비번", "код",
)  # fmt: skip
_CODE_RE: Final = re.compile(r"(?i)pin|code|kode|kod|c[óo]digo|暗証番号")
_TURN_RE: Final = re.compile(r"(?:^|[ \t])" + _SPEAKER, re.MULTILINE)
_LINE_TURN_RE: Final = re.compile(r"^[ \t]*" + _SPEAKER, re.MULTILINE)
_REPLY_RE: Final = re.compile(
    r"(?:^|(?<=[?？])[ \t]+|(?<=[?？]))[ \t]*" + _SPEAKER
    + r"(?:(?i:i[ \t]+(?:tried|used|typed|entered)|try|use|it'?s|it[ \t]+is)[ \t]+)?"
    r"(?P<q>[\"'`「“‘]?)(?P<v>[^\s\"'`」”’]{4,64})(?P=q)(?=\s|$|[、，,])",
    re.MULTILINE,
)
# wave 40: a turn asking for a token or an API key is answered with a generated value (a hex token too: Lokalise's
# 40 hex digits), one asking for a passphrase with words up to a remark in brackets or the line's end
_TOKEN_ASK_RE: Final = re.compile(r"(?i:\b(?:tokens?|api[ \t-]?keys?|access[ \t-]?keys?|secret[ \t-]?keys?|jetons?)\b)")
_PHRASE_ASK_RE: Final = re.compile(r"(?i:pass[ \t-]?phrase|passphrase|parola[ \t]+d['’]ordine|wachtzin|lösenfras)")
_PHRASE_REPLY_RE: Final = re.compile(
    r"[ \t]*" + _SPEAKER + r"(?P<v>[^\W\d_]{3,20}(?:[ \t]+[^\W_][\w'’-]{0,20}){2,7}?)"
    r"(?=[ \t]*(?:\([^()\n]{1,80}\))?[ \t]*[.!]?[ \t]*$)",
    re.MULTILINE,
)
_HEX_TOKEN_RE: Final = re.compile(r"[0-9a-f]{32,64}|[0-9A-F]{32,64}")
# ... not a question about a commit, a hash, a version or an id, whose answer has a token's shape too
_NOT_ASKED_RE: Final = re.compile(
    r"(?i:commit|hash|sha\b|sha\d|checksum|digest|\bids?\b|version|build|release|revision|expir|ttl|scope|format)"
)
_RULES_RE: Final = re.compile(r"(?i)polic|length|rules?|reset|expir|format|manager|hint|requirement|richtlinie|regel")
_DIGITS_RE: Final = re.compile(r"\d{4,8}[#*]?")


def _answer(value: str, asked_code: bool) -> bool:
    if is_placeholder(value):
        return False
    return shaped(value) or (asked_code and _DIGITS_RE.fullmatch(value) is not None)


def reply_spans(text: str) -> Iterator[_Found]:
    """The first word of the turn after a chat turn about a password, when it looks like one."""
    if "?" in text:
        yield from _asked_spans(text)
    low = text.lower()
    if not any(word in low for word in _GATE):
        return
    mentions = (*line_matches(_MENTION_RE, text, ": "), *line_matches(_MENTION_RE, text, "："))
    for m in sorted(mentions, key=lambda m: m.start()) if "：" in text else mentions:
        line_start = max(text.rfind("\n", max(0, m.start() - 200), m.start()) + 1, m.start() - 200)
        line_end = text.find("\n", m.end(), m.end() + 300)
        line_end = min(len(text), m.end() + 300) if line_end < 0 else line_end
        turn = text[line_start:line_end]
        about_rules = _RULES_RE.search(text, m.end(), min(line_end, m.end() + 20))
        if not _TURN_RE.search(text, line_start, m.start()) or about_rules:
            continue
        next_end = text.find("\n", line_end + 1, line_end + 300)
        reply = _REPLY_RE.search(text, m.end(), min(len(text), line_end + 300) if next_end < 0 else next_end)
        if reply is None or text.count("\n", m.end(), reply.start()) > 1:
            continue
        value = reply.group("v").rstrip(".,;:")
        if reply.start() < line_end and "?" not in text[m.end() : reply.start()] and "？" not in turn:
            continue  # a second speaker tag on the same line counts only after the question
        if _answer(value, _CODE_RE.search(m.group()) is not None):
            yield reply.start("v"), reply.start("v") + len(value), "credential"


def _asked_spans(text: str) -> Iterator[_Found]:
    """Wave 40: the next turn answering a question for a token (a generated or hex value) or a passphrase (words)."""
    for m in _LINE_TURN_RE.finditer(text):
        line_end = text.find("\n", m.end(), m.end() + 400)
        if line_end < 0 or "?" not in text[m.end() : line_end]:
            continue
        question = text[m.end() : line_end]
        if _RULES_RE.search(question) or _NOT_ASKED_RE.search(question):
            continue
        next_end = text.find("\n", line_end + 1, line_end + 400)
        answer = text[line_end + 1 : min(len(text), line_end + 400) if next_end < 0 else next_end]
        if _TOKEN_ASK_RE.search(question) and (reply := _REPLY_RE.match(answer)) is not None:
            value = reply.group("v").rstrip(".,;:")
            if (looks_random(value) or _HEX_TOKEN_RE.fullmatch(value)) and not is_placeholder(value):
                yield line_end + 1 + reply.start("v"), line_end + 1 + reply.start("v") + len(value), "credential"
        if _PHRASE_ASK_RE.search(question) and (reply := _PHRASE_REPLY_RE.match(answer)) is not None:
            value = reply.group("v")
            if points_elsewhere(value.split()):  # wave 43: "ask priya she knows it" answers where, not what
                continue
            if is_loose_phrase(value) or is_passphrase(value, True):
                yield line_end + 1 + reply.start("v"), line_end + 1 + reply.end("v"), "credential"
