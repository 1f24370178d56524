"""A password whose name a longer qualifier follows before its value (wave 34, no I/O).

* a password's name, then what it is for in up to 80 characters (a remark in brackets, a number, a genitive)
  and a colon or a copula, then a chosen value: "le mot de passe du logiciel de réservation (compte accueil) est :
  X", "hasło administratora terminala to X - ...", "the password for kiosk 4 (front desk) is X";
* the value in quotes right after the name, no colon: "mot de passe « X »", "Passwort „X“";
* a verbal (spoken) password, a phrase an alarm's keyholder says to the monitoring centre: its name, a qualifier
  and a colon, then two to six plain words in quotes ("Verbal password for site 12 (...): "..."", "senha verbal do
  cliente ...: "..."", "mot de passe verbal : « ... »").

An unquoted or single-word value must look chosen (``shaped``: digits and letters with a symbol or both cases); a
hash, a hint, a policy, a field's label or a placeholder in the qualifier or as the value keeps it.
``qualified_name_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import END, PW_WORDS, shaped
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["qualified_name_spans"]

_Found = tuple[int, int, str]

_NAME: Final = r"(?i:\b(?:" + PW_WORDS + r"|mot[ \t]+de[ \t]+passe))"
_SAID: Final = (
    r"(?:[ \t]*[:：]|[ \t]+(?i:is|est|es|è|é|ist|lautet|to|är|er|jest|era|war|was)(?:[ \t]*[:：])?)[ \t]*"
)
_QUALIFIED_RE: Final = re.compile(
    _NAME + r"(?![\w-])(?P<gap>[ \t][^\n:：\"«»“”„<>@=.;!?]{0,79}?)" + _SAID
    + r"(?:[«“„\"][ \t]?(?P<q>[^\s\"«»“”„]{4,64})[ \t]?[»”“\"]|(?P<v>[^\s\"'`«»“”‘’()（）]{4,64})" + END + ")",
    re.MULTILINE,
)
_QUOTED_RE: Final = re.compile(
    _NAME + r"[ \t]+[«“„\"][ \t]?(?P<q>[^\s\"«»“”„]{4,64})[ \t]?[»”“\"]", re.MULTILINE
)
_VERBAL_RE: Final = re.compile(
    r"(?i:\b(?:verbal|spoken|oral)[ \t]+(?:password|passphrase|pass[ \t]?word)"
    r"|\b(?:senha|contrase[ñn]a|mot[ \t]+de[ \t]+passe|password|parola[ \t]+d\W?ordine)[ \t]+(?:verbal|orale?))"
    r"(?P<gap>[^\n:：\"«»“”„]{0,80}?)[ \t]*[:：][ \t]*[«“„\"][ \t]?"
    r"(?P<q>[^\W\d_]{2,20}(?:[ \t][^\W\d_]{1,20}){1,5})[ \t]?[»”“\"]",
    re.MULTILINE,
)
# a German compound key name, a qualifier and a colon before a generated value ("PagerDuty-Integrationsschlüssel
# für ...: <hex>"); not a public key, a key's id, a database's key or a key's fingerprint
_COMPOUND_KEY_RE: Final = re.compile(
    r"(?<![\w-])(?P<name>[A-Za-zÄÖÜäöüß][\w-]{2,40}?schl(?:[üu]|ue)ssel)(?![\w-])"
    r"(?P<gap>[ \t][^\n:：<>@=.;!?]{0,60}?)?[ \t]*[:：][ \t]*(?P<v>[A-Za-z0-9_-]{20,128})(?![\w-])",
    re.MULTILINE,
)
_PUBLIC_KEY_RE: Final = re.compile(
    r"(?i)öffentlich|public|prim[äa]r|fremd|[-_]?id\b|fingerabdruck|fingerprint|prüfsumme|checksum|hash|beispiel"
)
# a qualifier naming what is not the password itself
_NOT_VALUE_RE: Final = re.compile(
    r"(?i:hash|hach|digest|sha|md5|bcrypt|argon|hint|indice|pista|hinweis|polic|politique|pol[íi]tica|richtlinie"
    r"|rule|r[èe]gle|regla|regel|requirement|field|champ|campo|feld|label|prompt|length|longueur|l[äa]nge"
    r"|example|exemple|ejemplo|beispiel|esempio|reset[ \t]+link|manager|vault|coffre-fort[ \t]+de[ \t]+mots)"
)
# a name said not to be there ("kein echtes Passwort", "nessuna password", "without a password")
_DENIED_RE: Final = re.compile(
    r"(?i:\b(?:no|not|never|without|kein\w*|ohne|nessun\w*|senza|sans|pas[ \t]+de|aucun\w*|sin|ning[úu]n\w*|sem"
    r"|zonder|geen|utan|inget|uden|ingen|bez)[ \t]+(?:[^\W\d_]+[ \t]+)?)$"
)
_ABOUT_WORDS: Final = frozenset(
    "your my the a an enter type password secret here name pet votre ton sua seu tu su dein ihr mein".split()
)


def _denied(m: re.Match[str]) -> bool:
    text, start = m.string, m.start()
    return _DENIED_RE.search(text[max(text.rfind("\n", 0, start) + 1, start - 40) : start]) is not None


def qualified_name_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    for pattern in (_QUALIFIED_RE, _QUOTED_RE):
        for m in pattern.finditer(text):
            group = "q" if m.group("q") is not None else "v"
            gap = m.groupdict().get("gap") or ""
            if gap.count(")") > gap.count("(") or _denied(m) or "=" in m.group(group):
                continue
            if _NOT_VALUE_RE.search(gap) is None and shaped(m.group(group)):
                yield m.start(group), m.end(group), "credential"
    if "ssel" in text:
        for m in _COMPOUND_KEY_RE.finditer(text):
            if _PUBLIC_KEY_RE.search(m.group("name") + (m.group("gap") or "")) is None and looks_random(m.group("v")):
                yield m.start("v"), m.end("v"), "credential"
    for m in _VERBAL_RE.finditer(text):
        words = m.group("q").lower().split()
        if _NOT_VALUE_RE.search(m.group("gap")) is None and not _ABOUT_WORDS.intersection(words):
            if not is_placeholder(m.group("q")):
                yield m.start("q"), m.end("q"), "credential"
