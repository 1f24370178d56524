"""A password or a passphrase of plain words in prose, where no colon labels it (wave 47, no I/O).

Two forms the older finders leave:

* a password's name (password, Passwort, Kennwort, mot de passe, contraseña, senha, wachtwoord, lösenord, passord,
  adgangskode, hasło, heslo, salasana, пароль), what it opens in a few words, a copula, then three to seven words with a
  number among them ending the sentence: "the password for the tape safe with last year's backups is otter lamp
  ferry 7 stones.", "hasło do dysku z nagraniami to kuter sztorm latarnia 4 mewy.", "das Kennwort für das
  Archiv ist Möwe Anker Nebel 12.". ``redaction_passphrase_forms`` reads this for a passphrase's names only;
  after a password's name every word must be a content word (no article, preposition, measure or advice in about
  ten languages) and one a number of up to four digits, not the first: "the password for the portal is sent by SMS
  within 2 minutes", "hasło do dysku to co najmniej 12 znaków", "the password is changed every 3 months" stay.
  Polish "to" counts as a copula only after "hasło"/"hasła" (English "to" is a preposition: "password to unlock
  terminal 7" stays);
* a passphrase's name used as the label itself, without a colon, first in its line or clause (after a colon, a
  semicolon or a dash), a qualifier allowed before it ("Master-Passphrase", "vault passphrase"), then the phrase up
  to a remark after a dash, the sentence's end or the line's end: "Master-Passphrase Drohnenschlacht im Juli 2019
  Heidekraut – liegt versiegelt beim Steuerberater", "Vault passphrase amber kettle 42 lanterns.". The phrase must
  be what ``redaction_phrases.is_loose_phrase`` calls one (linking words allowed, no advice) with a number among its
  words: "Passphrase rotation happens every 90 days", "Passphrase prompts appear twice on boot" stay.

``password_phrase_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_phrases import is_loose_phrase
from stratakb_core.ingest.redaction_pointers import points_elsewhere
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["password_phrase_spans"]

_Found = tuple[int, int, str]

_PW_NAMES: Final = (
    r"password|passwort|kennwort|mot[ \t]+de[ \t]+passe|contrase[ñn]a|senha|wachtwoord|l[öo]senord|passord"
    r"|adgangskode|has[łl]o|has[łl]a|heslo|salasana|пароль"
)
# the names' stems, for a plain search before the pattern
_PW_STEMS: Final = (
    "passw", "kennw", "passe", "contrase", "senha", "wachtw", "senord", "passord", "adgangsk", "hasł", "hasl",
    "heslo", "salasana", "пароль",
)  # fmt: skip
_COPULAS: Final = r"is|was|ist|lautet|est|es|era|è|é|luidt|är|var|er|on|jest|brzmi|je|to|είναι"
# a word of letters, then words of letters or numbers of up to four digits, one space apart
_WORDS: Final = r"(?P<v>[^\W\d_]{2,20}(?:[ ](?:[^\W\d_]{1,20}|\d{1,4})){2,7})"
_END: Final = r"(?=[ \t]*(?:[.!;](?:\s|$)|$|[ \t][-–—][ \t]|\())"
_COPULA_RE: Final = re.compile(
    r"(?i:(?<!\w)(?P<name>" + _PW_NAMES + r")(?!\w))[^\n.:：!?;]{0,80}?[ \t](?i:(?P<cop>" + _COPULAS + r"))"
    r"[ \t]+" + _WORDS + _END,
    re.MULTILINE,
)
_PHRASE_NAMES: Final = (
    r"pass[ \t-]?phrase|passphrase|phrase[ \t]+de[ \t]+passe|frase[ \t]+de[ \t]+contrase[ñn]a|wachtzin|passfrase"
    r"|l[öo]senfras|fraza[ \t]+has[łl]a|passwortsatz|salalause"
)
_LABEL_RE: Final = re.compile(
    r"(?:^|(?<=[:;–—-][ \t]))[ \t]*(?:[^\W\d_]{2,20}[ \t-])?(?i:" + _PHRASE_NAMES + r")(?![\w-])[ \t]+"
    r"(?P<v>[^\W\d_][\w'’-]{1,30}(?:[ ][^\W_][\w'’-]{0,30}){2,7})"
    r"(?=[ \t]+[-–—][ \t]+\S|[ \t]*[.!](?:\s|$)|[ \t]*$)",
    re.MULTILINE,
)
# words no password of words holds: links, measures and counts the older lists leave (Polish, Czech, Nordic, German)
_NOT_CONTENT: Final = frozenset(
    """a an the at in on of to by from with into for as or and w we z ze na do po od za pod przy dla co i oraz lub
    albo nie najmniej minimum maksymalnie znaków znaki cyfr cyfry dni tygodni miesięcy miesiące lat razy znaku je
    jsou nejméně znaků dní měsíců ve tecken dagar månader tegn dage dager måneder minst högst efter etter hver varje
    på til för av og och zeichen stellen ziffern monate mindestens der die das im am le la les de du des il lo el
    los las het op van een""".split()
)


def _copula_value(m: re.Match[str]) -> bool:
    words = m.group("v").split()
    if m.group("cop").lower() == "to" and not m.group("name").lower().startswith("has"):
        return False  # "password to unlock terminal 7": English "to" is no copula
    if any(w.lower() in _NOT_CONTENT for w in words) or not any(w.isdigit() for w in words[1:]):
        return False
    letters = [w for w in words if not w.isdigit()]
    if any(w.isupper() and len(w) <= 5 for w in letters):
        return False  # an acronym names a thing: "the password for the kiosk is your Windows Hello PIN 4"
    return len(letters) >= 3 and all(len(w) >= 3 for w in letters) and is_loose_phrase(m.group("v"))


def _label_value(value: str) -> bool:
    words = value.split()
    return any(w.isdigit() for w in words) and is_loose_phrase(value)


def password_phrase_spans(text: str) -> Iterator[_Found]:
    """The phrases above (see the module docstring)."""
    low = text.lower()
    if any(stem in low for stem in _PW_STEMS):  # a plain search first: most texts name no password
        for m in _COPULA_RE.finditer(text):
            value = m.group("v")
            if _copula_value(m) and not points_elsewhere(value.split()) and not is_placeholder(value):
                yield m.start("v"), m.end("v"), "credential"
    if "phrase" not in low and not any(w in low for w in ("wachtzin", "passfrase", "senfras", "fraza", "satz")):
        return
    for m in _LABEL_RE.finditer(text):
        value = m.group("v").rstrip(".")
        if _label_value(value) and not points_elsewhere(value.split()) and not is_placeholder(value):
            yield m.start("v"), m.start("v") + len(value), "credential"
