"""A passphrase of plain words said in a sentence, and a quoted phrase after a long label (wave 37, no I/O).

* a passphrase used, set or typed, then its words without quotes and a dash, a semicolon or the line's end after
  them: "the backup drive uses the passphrase silver kites drift over harbours - nobody else has it", "le disque
  utilise la phrase secrète trois loups dorment ici ; ...", "die Platte nutzt die Passphrase grüne Boote im Nebel -
  ...": three to eight lower-case words, or (wave 48) three to seven joined by dashes ("uses the passphrase
  kelp-lantern-otter-five - ..."). A word that points elsewhere or describes the phrase (you, your, our, the,
  stored, from, in, which, printed, same ...) keeps them: "uses the passphrase you chose at setup - ask Ana";
* an encrypted volume, a container or a wallet that opens with three to eight plain words: "the VeraCrypt volume on
  the field drive opens with seven herons nap beside rivers", "der verschlüsselte Container öffnet sich mit blaue
  Wolken über Kiel"; a key file, a token or a card it opens with stays ("opens with the keyfile on the USB stick");
* a password's, a passphrase's or a code word's label with a remark as long as a sentence in brackets, then a colon
  and one to six words in quotes: "Pickup password for Leo (to be said by whoever fetches him): 'green kettle'".
  A label of a rule, a hint or a policy, a quoted rule or pointer ('see the binder', 'at least 12 characters',
  'ask the office') stays.

``prose_phrase_spans`` yields ``(start, end, kind)`` of the words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["prose_phrase_spans"]

_Found = tuple[int, int, str]

_PHRASE_NAME: Final = (
    r"(?i:pass[ \t-]?phrase|phrase[ \t]+secr[èe]te|phrase[ \t]+de[ \t]+passe"
    r"|frase[ \t]+(?:secreta|segreta|de[ \t]+paso)"
    r"|passphrase|wachtzin|passfrase|l[öo]senfras|salalause|code[ \t]?word|safe[ \t]?word|mot[ \t]+de[ \t]+code"
    r"|codewort|kennwortsatz|passwortsatz)"
)
_USED_RE: Final = re.compile(
    r"(?i:\b(?:uses?|using|used|set[ \t]+to|protected[ \t]+(?:by|with)|locked[ \t]+with|unlocks?[ \t]+with|utilise"
    r"|utilisent|usa|usan|utiliza|nutzt|verwendet|benutzt|gebruikt|anv[äa]nder|bruker|bruger|k[äa]ytt[äa][äa]))"
    r"[ \t]+(?:(?i:the|a|la|le|una|un|die|den|das|de|het|en|ett|et)[ \t]+)?" + _PHRASE_NAME + r"[ \t]+"
    r"(?P<v>[^\W\d_A-Z][^\W\d_]{1,20}(?:[ \t][^\W\d_]{1,20}){2,7}"
    r"|[^\W\d_A-Z][^\W\d_]{2,11}(?:-[^\W\d_]{3,12}){2,6})(?=[ \t]*(?:[-–—;][ \t]|;|$))",
    re.MULTILINE,
)
# an encrypted volume, a container or a wallet that "opens with" plain words ("the VeraCrypt volume opens with ...")
_OPENS_RE: Final = re.compile(
    r"(?i:\b(?:veracrypt|truecrypt|luks|bitlocker|filevault|encrypted|verschl[üu]sselt\w*|chiffr[ée]\w*|cifrad\w*"
    r"|keepass|wallet|container)\b)[^\n]{0,80}?(?i:\b(?:opens|unlocks|decrypts|mounts|öffnet[ \t]+sich|s['’]ouvre"
    r"|se[ \t]+abre)[ \t]+(?:with|mit|avec|con))[ \t]+"
    r"(?P<v>[^\W\d_][^\W\d_]{1,20}(?:[ \t][^\W\d_]{1,20}){2,7})(?=[ \t]*(?:[-–—;][ \t]|[.;]?[ \t]*$))",
    re.MULTILINE,
)
# what opens a volume other than words typed (a key file, a token, a card), or a pointer to them
_OPENER_WORDS: Final = frozenset(
    "a an its key keyfile keyfiles file files usb stick token card yubikey fingerprint password passphrase pin"
    " einem einer der dem un une le la el los las una con".split()
)
_LABEL_RE: Final = re.compile(
    r"(?i:\b(?:password|passphrase|pass[ \t]?word|code[ \t]?word|safe[ \t]?word|passwort|kennwort"
    r"|mot[ \t]+de[ \t]+passe"
    r"|contrase[ñn]a|senha|wachtwoord|l[öo]senord|passord|adgangskode|salasana|has[łl]o|parola[ \t]+d['’]ordine))"
    r"(?![ \t]+(?i:rules?|polic\w*|hints?|requirements?|length|reset|expir\w*|format|fields?|prompts?|inputs?|box"
    r"|labels?)\b)"
    r"(?:[ \t]+[^\W\d_]{2,20}){0,4}[ \t]*\([^()\n]{20,200}\)[ \t]*[:：][ \t]*"
    r"(?P<q>['\"‘“«„])(?P<v>[^\W\d_]{2,20}(?:[ \t][^\W\d_]{1,20}){0,5})['\"’”»“]"
)
# words that say where the phrase is or what it is like, not the phrase
_POINTING: Final = frozenset(
    "you your yours our their his her my the this that which what who whoever stored saved kept written printed given"
    " from in inside on at_least same see ask check shown listed provided below above chosen set when if is are was be"
    " vous votre notre dans sur sie ihr ihre unser im der das je jouw onze het zie din ert meidän"
    " characters caractères zeichen tekens tecken merkkiä letters words mots wörter"
    # lead review: "uses a passphrase instead of a password -", "as its master key -", a field's 'Enter passphrase'
    " instead rather than as its like such enter type insert".split()
)


def _plain(value: str) -> bool:
    words = value.lower().replace("-", " ").split()
    if any(w in _POINTING for w in words) or "at least" in value.lower():
        return False
    return not any(w in ("none", "unknown", "unset", "n/a", "tbd") for w in words)


def prose_phrase_spans(text: str) -> Iterator[_Found]:
    """The words above (see the module docstring)."""
    for pattern in (_USED_RE, _LABEL_RE):
        for m in pattern.finditer(text):
            if _plain(m.group("v")):
                yield m.start("v"), m.end("v"), "credential"
    for m in _OPENS_RE.finditer(text):
        value = m.group("v")
        if _plain(value) and _OPENER_WORDS.isdisjoint(value.lower().split()):
            yield m.start("v"), m.end("v"), "credential"
