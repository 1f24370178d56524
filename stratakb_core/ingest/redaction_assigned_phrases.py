"""A password of several plain words assigned with ``=`` on a line of its own (wave 41, no I/O).

A note or a config-like memo writes a sentence password as an assignment: "hoofdwachtwoord = trekker ploegt om zes uur
door de klei", "master password = tractor ploughs the clay at six", "Passwort = Traktor pflügt um sechs". The
key-value rule takes an unquoted value's first word only and wants it to end the line, and a password's name (not a
passphrase's) never took plain words. Here: a password's or a passphrase's name (``redaction_keys.is_secret_key``,
one to three words) alone before ``=``, then four to ten words of letters (a number among them) that end the line.
Kept: words about the password rather than it ("password = see the vault entry", "= at least twelve characters
long", "= same as the router one", "= not set yet"), a pointer (``redaction_pointers.points_elsewhere``), a token's or
a key's name (a generated value is another rule's), a line calling itself an example or a policy.
``assigned_phrase_spans`` yields ``(start, end, kind)`` of the words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import is_secret_key
from stratakb_core.ingest.redaction_pointers import points_elsewhere

__all__ = ["assigned_phrase_spans"]

_Found = tuple[int, int, str]

_LINE_RE: Final = re.compile(
    r"^[ \t]*(?P<key>[^\W\d][\w.-]{0,40}(?:[ \t][^\W\d][\w.-]{0,20}){0,2})[ \t]*=[ \t]*"
    r"(?P<v>[^\W_][^\W_'’-]{0,19}(?:[ \t]+[^\W_][\w'’-]{0,19}){3,9})[ \t]*\r?$",
    re.MULTILINE,
)
# a password's or a passphrase's name, not a token's or a key's
_PASSWORD_NAME_RE: Final = re.compile(
    r"(?i:pass|pwd|pw\b|wort|woord|l[öo]senord|sana|has[łl]o|senha|contrase|clave|parol|пароль|phrase|fras|zin\b"
    r"|satz|kode|ord\b|ordet\b)"
)
_ABOUT_WORDS: Final = frozenset(
    "see ask vault manager stored same usual least characters chars digits letters minimum maximum min max long length"
    " policy required must should will sent separately later envelope keepass bitwarden 1password lastpass hint"
    " rotate rotated rotation changed change expires expired unknown empty blank none null not set tbd todo default"
    " example sample dummy placeholder generated random hashed hash encrypted env environment variable secret"
    " zie siehe voir ver vedi mindestens zeichen caractères caracteres caratteri tekens tecken tegn merkkiä"
    " gleich wie comme igual uguale zelfde samma samme"
    # where it comes from or is written: "wird per Post geschickt", "printed on the label underneath"
    " wird werden wordt sera será verrà skickas sendes geschickt gesendet verschickt envoyé enviado inviato verstuurd"
    " post mail email sms phone telefon telefonisch printed label sticker underneath etikett etiket aufkleber étiquette"
    " written noted note kept".split()
)
# a phrase that starts where something is ("on the label", "im Tresor", "sur l'étiquette") says where it is
_PLACE_FIRST: Final = frozenset(
    "on in at under behind from per via by inside auf im in unter hinter bei sur dans sous chez en no na op onder"
    " achter bij i på bak hos".split()
)
_EXAMPLE_RE: Final = re.compile(r"(?i:example|e\.g\.|beispiel|exemple|ejemplo|esempio|voorbeeld|polic|format)")


def _phrase(value: str) -> bool:
    words = value.split()
    low = [w.lower().strip("'’") for w in words]
    if any(w in _ABOUT_WORDS for w in low) or low[0] in _PLACE_FIRST or points_elsewhere(words):
        return False
    if not all(w.isalpha() or w.isdigit() for w in low):
        return False  # a path, a call, a version, a list: not words
    return sum(len(w) >= 3 and w.isalpha() for w in low) >= 3


def assigned_phrase_spans(text: str) -> Iterator[_Found]:
    """Sentence passwords assigned with ``=`` (see the module docstring)."""
    if "=" not in text:
        return
    for m in _LINE_RE.finditer(text):
        key = m.group("key")
        if not is_secret_key(key) or _PASSWORD_NAME_RE.search(key) is None:
            continue
        if _phrase(m.group("v")) and _EXAMPLE_RE.search(m.group()) is None:
            yield m.start("v"), m.end("v"), "credential"
