"""A chat's answer to a question about a login, a password or a PIN, in any chat layout (wave 29, no I/O).

``redaction_replies`` reads turns written ``Name: text``. Chats are also pasted as e-mail quotes with a day and a
time (``> Tuesday 14:03 Sam (biomed): ...``), as a messenger's dashes (``—¿Cuál era el PIN ...?`` / ``—3391, pero
...``) or with a speaker's remark in brackets. Here a line holding a question mark and a word for a login, its
credentials, a password or a PIN (many languages) is answered on the next non-empty line by:

* ``user / password`` as its first words (the password looks chosen: ``redaction_spoken.shaped``);
* a password that looks chosen as its first word;
* four to eight digits (a star or a hash beside them) as its first word, when the question asked for a PIN or a code;
* (wave 31) three to seven words with a number among them, when the question named a passphrase (its first word no
  pointer, "same", "no", "ask", ...), up to a dash and more words, a full stop, a comma or the line's end.

What comes before the answer is a quote mark, a day, a time and a speaker (up to 40 characters and a colon), or a
dash. A question about the rules (policy, length, reset, expiry) is not answered with a value, nor is one a reply
masks or calls a placeholder. ``chat_login_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import PW_WORDS, shaped
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["chat_login_spans"]

_Found = tuple[int, int, str]

# wave 47: a PIN's or a code's name written as one word, with the Nordic article glued on ("hvad er pinkoden til
# dieselanlægget?", "vad är koden till förrådet?", "wat is de pincode van de kluis?", "mikä on PIN-koodi?")
_PIN_COMPOUNDS: Final = (
    r"pin-?(?:kod(?:e|en|er|u)?|koodi|code|nummer(?:et)?|numero)|kod(?:en|et)|kode(?:n|t)|koodi|tunnusluku"
)
_ASK_RE: Final = re.compile(
    r"(?i:\b(?:" + PW_WORDS + r"|login|log-in|logon|credentials?|creds|zugangsdaten|inloggegevens|identifiants"
    r"|credenciales|credenziali|credenciais|dane[ \t]+logowania|pin|pw|pwd|code|c[óo]digo|codice|kod|k[óo]d|код"
    r"|" + _PIN_COMPOUNDS + r"|combination|combo|combinaison|combinaci[óo]n|combinazione|kombination|kombinasjon"
    r"|kombinacja)\b)"
    r"|パスワード|暗証番号|密码|密碼|비밀번호"
)
_CODE_ASK_RE: Final = re.compile(
    r"(?i:\b(?:pin|code|c[óo]digo|codice|kod|k[óo]d|код|"
    + _PIN_COMPOUNDS
    # wave 43: a dial's combination ("what's the combination for the cash safe again?")
    + r"|combination|combo|combinaison|combinaci[óo]n|combinazione|combina[çc][ãa]o|kombination|kombinasjon"
    r"|kombinacja|zahlenkombination|cijfercombinatie)\b)|暗証番号"
)
_RULES_RE: Final = re.compile(r"(?i)polic|length|rules?|reset|expir|format|manager|hint|requirement|richtlinie|regel")
# a quote mark, a day and a time, a speaker (a remark in brackets allowed) and a colon; or a messenger's dash
_LEAD: Final = (
    r"[ \t]*(?:>[ \t]*)*(?:(?:[^\W\d]{2,12}[ \t]+)?\[?\d{1,2}[:.]\d{2}(?::\d{2})?\]?[ \t]*)?"
    r"(?:[^\s:：?][^:：\n?]{0,39}[:：][ \t]+|[—–-][ \t]*)"
)
_PAIR_RE: Final = re.compile(_LEAD + r"(?P<u>[\w.@+-]{2,40})[ \t]+/[ \t]+(?P<v>[^\s\"'`]{4,64})(?=\s|$)")
_WORD_RE: Final = re.compile(_LEAD + r"[\"'`“‘]?(?P<v>[^\s\"'`”’,]{4,64})[\"'`”’]?(?=\s|$|,)")
# (wave 43: a dial's numbers joined by dashes, "36-12-27", "5-9-0-3", as the answer to a code's question)
_DIGITS_RE: Final = re.compile(r"[#*]?\d{4,8}[#*]?|\d{1,2}(?:-\d{1,2}){2,5}")


def _next_line(text: str, end: int) -> tuple[int, int] | None:
    """The start and end of the first non-empty line after the line ending at ``end``."""
    start = end + 1
    for _ in range(2):
        if start >= len(text):
            return None
        stop = text.find("\n", start)
        stop = len(text) if stop < 0 else stop
        if text[start:stop].strip():
            return start, stop
        start = stop + 1
    return None


def _answer(text: str, start: int, stop: int, asked_code: bool) -> _Found | None:
    pair = _PAIR_RE.match(text, start, stop)
    if pair is not None and shaped(value := pair.group("v").rstrip(".,;:")):
        return pair.start("v"), pair.start("v") + len(value), "credential"
    word = _WORD_RE.match(text, start, stop)
    if word is None or is_placeholder(value := word.group("v").rstrip(".,;:")):
        return None
    if shaped(value) or (asked_code and _DIGITS_RE.fullmatch(value) is not None):
        return word.start("v"), word.start("v") + len(value), "credential"
    return None


# wave 31: a phrase of three to seven words with a number among them answers a question naming a passphrase
_PHRASE_ASK_RE: Final = re.compile(
    r"(?i:pass[ \t-]?phrase|phrase[ \t]+(?:de[ \t]+passe|secr[èe]te)|frase[ \t]+(?:de[ \t]+paso|segreta|secreta)"
    r"|passwortsatz|wachtzin|seed[ \t]+phrase|recovery[ \t]+phrase)|パスフレーズ|密码短语"
)
_PHRASE_RE: Final = re.compile(
    _LEAD + r"[\"'“‘]?(?P<v>[^\W\d_]{2,20}(?:[ \t]+(?:[^\W\d_]{1,20}|\d{1,4}[^\W\d_]{0,2})){2,6})[\"'”’]?"
    r"(?=[ \t]*$|[ \t]+[-–—][ \t]|[.!,;][ \t]|[.!]$|[ \t]*[(（])",
    re.MULTILINE,
)
# the answer says where the phrase is, that it is unknown or the same as before, not the phrase
_NOT_PHRASE_RE: Final = re.compile(
    r"(?i:(?:same|like|as|check|see|ask|no|not|don|dunno|sorry|unknown|never|in|on|it|its|we|you|i|use|look|try"
    r"|nope|yes|yeah|ok|okay|changed|stored|kept|written|under|behind|siehe|frag|im|dans|voir|demande|en|ver|vedi"
    r"|zie|vraag)\b)"
)
# wave 30: a chat's question without its question mark ("whats the remote pw again"): a question word starts it
_ASKED_RE: Final = re.compile(
    r"^[^\n]{0,60}?(?i:\b(?:what'?s|what[ \t]+(?:is|was|are)|wats|wat[ \t]+is|was[ \t]+ist|was[ \t]+war"
    r"|c['’]est[ \t]+quoi|quel[ \t]+est|cu[áa]l[ \t]+(?:es|era)|qual[ \t]+(?:é|è|era)|wie[ \t]+lautet|hoe[ \t]+luidt)"
    r"\b)[^\n?]{0,80}$",
    re.MULTILINE,
)
# a password of lower-case words and a number joined by dashes, as a chat's answer to "what's the pw" gives it
_JOINED_RE: Final = re.compile(r"(?=[^\d\n]*\d)[a-z]{2,12}(?:-[a-z0-9]{1,12}){1,4}")


def _phrase_answer(text: str, start: int, stop: int) -> _Found | None:
    """A phrase of words with a number answering a question about a passphrase (wave 31)."""
    m = _PHRASE_RE.match(text, start, stop)
    if m is None or _NOT_PHRASE_RE.match(m.group("v")) is not None:
        return None
    if not any(c.isdigit() for c in m.group("v")) and not _plain_words(m.group("v").split()):
        return None
    return m.start("v"), m.end("v"), "credential"


# wave 43: a phrase without a number answers too when it is four words or more, all lower case, none a word that
# points elsewhere or a pronoun ("purple otter reads quietly - all lowercase"; not "ask priya she has it")
_POINTING_WORDS: Final = frozenset(
    "it its it's is in on at the a an ask check see same vault wiki sheet doc docs email mail manager keepass"
    " bitwarden 1password lastpass she he they we you i me her him them us know knows changed sent".split()
)


def _plain_words(words: list[str]) -> bool:
    return len(words) >= 4 and all(w.isalpha() and w.islower() and w not in _POINTING_WORDS for w in words)


def _asked_lines(text: str) -> Iterator[tuple[str, int]]:
    """Each line that asks a question, and where it ends."""
    ends: set[int] = set()
    pos = text.find("?")
    while pos >= 0:
        line_end = text.find("\n", pos)
        if line_end < 0:
            break
        ends.add(line_end)
        pos = text.find("?", line_end)
    ends.update(m.end() for m in _ASKED_RE.finditer(text) if m.end() < len(text))
    for line_end in sorted(ends):
        yield text[text.rfind("\n", 0, line_end) + 1 : line_end], line_end


def chat_login_spans(text: str) -> Iterator[_Found]:
    """The answers above (see the module docstring)."""
    if "\n" not in text:
        return
    for line, line_end in _asked_lines(text):
        ask = _ASK_RE.search(line)
        nxt = _next_line(text, line_end) if ask is not None and _RULES_RE.search(line) is None else None
        if nxt is not None and (found := _answer(text, *nxt, _CODE_ASK_RE.search(line) is not None)):
            yield found
        elif nxt is not None and (word := _WORD_RE.match(text, *nxt)) is not None:
            if _JOINED_RE.fullmatch(word.group("v")) is not None:  # wave 30: "caster-desk-9" after "whats the pw"
                yield word.start("v"), word.end("v"), "credential"
            elif _PHRASE_ASK_RE.search(line) is not None and (phrase := _phrase_answer(text, *nxt)) is not None:
                yield phrase
