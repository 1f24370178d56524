"""A password a sentence calls a phrase and quotes (wave 33, no I/O).

"The password for the backup disk is the sentence 'four owls sing at noon'", "das Passwort für den Tresor ist der
Satz „zwei Boote im Hafen“", "le mot de passe du coffre est la phrase « trois chats dorment »", "la contraseña del
portátil es la frase 'el río baja frío'", "het wachtwoord van de schijf is de zin 'twee uilen op het dak'". The
sentence itself says the quoted words are the password, so words a passphrase judge would call function words ("op",
"at", "de") do not keep them: two words or more in quotes go. The secret's name may be followed by what it opens (a
preposition first: "for", "für", "du", "del", "van", ...), so "the password policy is the sentence '...'" stays, and
so does a placeholder in quotes. Without "the sentence" a passphrase's name and quoted words a passphrase has (plain
words, or words joined by dashes) will do, also after who chose it: "the disk passphrase I chose is \"...\"", "la
phrase de passe du coffre est « benne-jaune-sous-la-pluie-42 »". ``quoted_phrase_spans`` yields ``(start, end,
kind)`` of the words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import PASSPHRASE_WORDS, PASSWORD_WORDS
from stratakb_core.ingest.redaction_phrases import is_passphrase
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["quoted_phrase_spans"]

_Found = tuple[int, int, str]

_NAME: Final = (
    r"(?:password|passphrase|pass phrase|passcode|" + PASSWORD_WORDS.replace("_", " ") + "|"
    + PASSPHRASE_WORDS.replace("_", " ") + r"|parola d['’]ordine|clave)"
)
_FOR: Final = (
    r"(?:[ \t]+(?:for|of|to|on|at|für|von|vom|zum|zur|de|du|des|del|della|dello|dell['’]|per|pour|para|voor|van|för"
    r"|till|do|da|dla|na)\b[^\n.:\"'«“”‘’„]{1,80}?)?"
)
_COPULA: Final = r"[ \t]+(?:is|was|ist|war|lautet|est|était|es|era|è|é|är|er|jest|je)[ \t]+"
_CALLED: Final = (
    r"(?:the|der|die|das|den|le|la|l['’]|el|il|de|het|o|a)[ \t]*(?:sentence|phrase|line|saying|satz|spruch|frase"
    r"|zin|zinnetje|fras|frasen|zdanie|verso|vers)[ \t]*:?[ \t]*"
)
# ... or who chose it: "the disk passphrase I chose is \"...\"", "la phrase de passe que j'ai choisie est « ... »"
_CHOSE: Final = (
    r"(?:[ \t]+(?:I|we|you)[ \t]+(?:chose|picked|set|made|use)|[ \t]+que[ \t]+(?:j['’]ai|nous[ \t]+avons)[ \t]+choisie?"
    r"|,?[ \t]+die[ \t]+ich[ \t]+gew[äa]hlt[ \t]+habe,?|[ \t]+que[ \t]+(?:eleg[íi]|escog[íi]))?"
)
_QUOTED_RE: Final = re.compile(
    r"(?i:\b(?P<name>" + _NAME + r"))" + _FOR + _CHOSE + _COPULA + "(?P<called>(?i:" + _CALLED + r"))?"
    r"[\"'«“‘„‚]\s?(?P<v>[^\"'«»“”‘’„‚\n]{6,160}?)\s?[\"'»”’“‘]"
)
# without "the sentence", the name must be a passphrase's and the words a passphrase's (plain words, or four or more
# joined by dashes: "benne-jaune-sous-la-pluie-42")
_PHRASE_NAME_RE: Final = re.compile(r"(?i)pass ?phrase|" + PASSPHRASE_WORDS.replace("_", " "))
_JOINED_RE: Final = re.compile(r"[^\W\d_]{1,12}(?:[-_.][^\W_]{1,12}){3,9}")


def _phrase(name: str, value: str) -> bool:
    if _PHRASE_NAME_RE.fullmatch(name) is None:
        return False
    return is_passphrase(value, True) or _JOINED_RE.fullmatch(value) is not None
_GATE_RE: Final = re.compile(r"[\"'«“‘„‚]")


def quoted_phrase_spans(text: str) -> Iterator[_Found]:
    """The quoted words a sentence calls its password (see the module docstring)."""
    if _GATE_RE.search(text) is None:
        return
    for m in _QUOTED_RE.finditer(text):
        value = m.group("v").strip()
        called = m.group("called") is not None and len(value.split()) >= 2
        if (called or _phrase(m.group("name"), value)) and not is_placeholder(value):
            start = m.start("v") + m.group("v").index(value)
            yield start, start + len(value), "credential"
