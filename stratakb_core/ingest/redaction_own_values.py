"""A secret given as "mine is X" after a sentence naming it, and a cracked hash's cleartext (wave 37, no I/O).

* a sentence names a PIN, a code or a password, the next one gives the writer's or a team's own: "The forklift
  asks for an operator PIN. Mine is 0462 until the new badges come", "Das Terminal will eine PIN. Meine ist 7719",
  "Il faut un code personnel. Le mien est 5582", "Cada uno tiene su PIN; el mío es 3390". Digits (four to eight)
  for a PIN or a code, a value shaped like a password for a password; an amount ("mine is 2019 years old") and an
  order's, an error's or a model's code stay;
* a cracked or recovered hash's cleartext: "the cleartext is X", "plaintext: X", "Klartext lautet X", "le texte en
  clair est X", when X is shaped like a password and a hash, a crack or a password is named before it (a cipher's
  test vector, "PLAINTEXT: 00112233...", and a word alone, "unknown", stay).

``own_value_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keypads import FAULT_RE
from stratakb_core.ingest.redaction_values import is_placeholder, looks_like_secret

__all__ = ["own_value_spans"]

_Found = tuple[int, int, str]

_END: Final = r"(?=$|[\s.,;:!?)»”\"'])"
_MINE_RE: Final = re.compile(
    r"(?i:\b(?P<name>pin(?:[ \t-]?code)?|passcode|code|password|passwort|kennwort|mot[ \t]+de[ \t]+passe"
    r"|contrase[ñn]a|c[óo]digo|codice|wachtwoord)\b)[^\n.;!?]{0,100}[.;!?][ \t]+"
    r"(?i:mine|ours|meine[rs]?|unsere[rs]?|le[ \t]+mien|la[ \t]+mienne|le[ \t]+n[ôo]tre|el[ \t]+m[íi]o|la[ \t]+m[íi]a"
    r"|il[ \t]+mio|la[ \t]+mia|de[ \t]+mijne|het[ \t]+mijne)"
    r"[ \t]+(?i:is|ist|lautet|est|es|è|was)[ \t]+(?:(?i:now|currently|jetzt|actuellement)[ \t]+)?"
    r"(?P<v>[^\s\"'`,;]{4,64}?)" + _END,
    re.MULTILINE,
)
# a unit after the digits: an amount, not a code ("mine is 2019 years old", "mine is 1200 euros")
_UNIT_AFTER_RE: Final = re.compile(
    r"[ \t]*(?i:years?|days?|months?|hours?|minutes?|times?|digits?|characters?|km|kg|m\b|euros?|dollars?|pounds?"
    r"|jahre?|tage?|ans|jours|años|días|anni|giorni|stellig|chiffres|d[íi]gitos|cifre)\b"
)
_CLEAR_RE: Final = re.compile(
    r"(?i:\b(?:cleartext|clear[ \t]text|plaintext|plain[ \t]text|klartext|texte[ \t]+en[ \t]+clair|texto[ \t]+plano"
    r"|texto[ \t]+en[ \t]+claro|testo[ \t]+in[ \t]+chiaro)(?:[ \t]+(?:password|passwort|of[ \t]+it))?)"
    r"(?:[ \t]*[:=][ \t]*|[ \t]+(?i:is|was|ist|lautet|war|est|était|es|era|è)[ \t]+)[\"'`]?"
    r"(?P<v>[^\s\"'`]{6,64}?)[\"'`]?" + _END,
    re.MULTILINE,
)


# a cleartext is a password's when a hash, a crack or a password is named shortly before it (not a cipher's test
# vector: "PLAINTEXT: 00112233...")
_CRACKED_RE: Final = re.compile(
    r"(?i:hash|crack|recover|brute|password|passwort|kennwort|mot[ \t]+de[ \t]+passe|contrase[ñn]a|ntlm|kerberos"
    r"|hashcat|john\b|geknackt|craqu|descifr|decifr)"
)


def _line_to(m: re.Match[str]) -> str:
    """The match's line up to its end, at most 160 characters before the match."""
    return m.string[max(m.string.rfind("\n", 0, m.start()) + 1, m.start() - 160) : m.end()]


def own_value_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    for m in _MINE_RE.finditer(text):
        value = m.group("v")
        if "pass" in m.group("name").lower() and "passcode" not in m.group("name").lower():
            ok = looks_like_secret(value)
        else:
            ok = re.fullmatch(r"\d{4,8}[#*]?", value) is not None and len(set(value)) >= 2
            ok = ok and _UNIT_AFTER_RE.match(text, m.end("v")) is None and FAULT_RE.search(_line_to(m)) is None
        if ok and not is_placeholder(value):
            yield m.start("v"), m.end("v"), "credential"
    for m in _CLEAR_RE.finditer(text):
        if _CRACKED_RE.search(text, max(0, m.start() - 200), m.start()) is None:
            continue
        if looks_like_secret(m.group("v")) and not is_placeholder(m.group("v")):
            yield m.start("v"), m.end("v"), "credential"
