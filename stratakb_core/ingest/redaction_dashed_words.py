"""A password of whole words joined by dashes, given after its name in a sentence (wave 41, no I/O).

People make a password they can remember from three to eight words and dashes, often in capitals as German writes its
nouns: "Orgelpfeife-Regenwurm-Kaffee", "Efeu-Ranke-unter-Birken", "lila-Zebra-tanzt-leise". With no digit and no
symbol, no shape judge took them (``looks_chosen`` wants a digit or a symbol, ``is_joined_passphrase`` four
lower-case words or a number, ``is_joined_phrase`` a little linking word). ``is_dashed_words`` reads the words: three
or more of three letters or more, letters only, no acronym (WPA2-PSK-AES), no word of a set phrase ("end-to-end",
"state-of-the-art", "pay-as-you-go") and none saying where the value is kept ("see-the-vault").

``dashed_word_spans``: such a value right after a password's name and a copula or a colon in its sentence ("das
Passwort für den Cloud-Ordner ... ist: X", "A senha nova é X.") or after a Wi-Fi's key word in a sentence naming
the Wi-Fi ("das WLAN heißt 'Stille' und der Schlüssel ist X - bitte ..."), the value ending its clause. A line that
calls the value an example keeps it. Yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import is_setting_words
from stratakb_core.ingest.redaction_spoken import PW_WORDS
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["dashed_word_spans", "is_dashed_words"]

_Found = tuple[int, int, str]

_WORDS_RE: Final = re.compile(r"[^\W\d_]{2,14}(?:-[^\W\d_]{1,14}){2,7}")
# words of set phrases and of pointers: a value holding one is a term or a hint, not a password
_NOT_WORDS: Final = frozenset(
    "the to of and or as by per you not only one two end art date see ask vault entry file stored same usual"
    " siehe voir ver vedi zie und et y e".split()
)


def is_dashed_words(value: str) -> bool:
    """Whether ``value`` is three or more words joined by dashes as a password (see the module docstring)."""
    if _WORDS_RE.fullmatch(value) is None:
        return False
    words = value.split("-")
    if len(words[0]) < 3 or len(words[-1]) < 3 or sum(len(w) >= 3 for w in words) < 3:
        return False
    if any(len(w) >= 2 and w.isupper() for w in words):
        return False  # an acronym: WPA2-PSK-AES, TLS-ECDHE-RSA
    return not any(w.lower() in _NOT_WORDS for w in words)


_WIFI_KEY: Final = (
    r"schl[üu]ssel|key|cl[ée]|clave|chiave|sleutel|nyckel(?:n)?|n[øo]glen?|n[øo]kkel(?:en)?|avain|klucz|chave"
)
_WIFI_RE: Final = re.compile(r"(?i:w-?lan|wi-?fi|wireless|drahtlos|netzwerk|r[ée]seau|rete|netwerk|n[äa]tverk|verkko)")
_NAMED_RE: Final = re.compile(
    r"(?i:\b(?:(?P<pw>" + PW_WORDS + r")|(?P<key>" + _WIFI_KEY + r"))\b)"
    r"[^\n.!?:：]{0,80}?"  # what it opens, who chose it ("für den Cloud-Ordner mit den Aufnahmen")
    r"(?:[ \t](?i:is|ist|lautet|est|es|è|é|er|är|on|jest|je|was|war|sera|will[ \t]+be)"
    r"(?:[ \t]+(?:now|jetzt|agora|ahora|ora|nu))?[ \t]*[:：]?|[ \t]*[:：=])"
    r"[ \t]*[\"'«“„]?(?P<v>[^\W\d_]{2,14}(?:-[^\W\d_]{1,14}){2,7})(?![\w-])"
    r"(?=[\"'»”“]?[ \t]*(?:\r?$|[.,;!?)(]|[-–—][ \t]))",
    re.MULTILINE,
)
_EXAMPLE_RE: Final = re.compile(
    r"(?i:example|e\.g\.|beispiel|exemple|ejemplo|esempio|voorbeeld|exemplo|exempel|like|such[ \t]+as|wie[ \t]+z"
    r"|policy|richtlinie|format)"
)


def dashed_word_spans(text: str) -> Iterator[_Found]:
    """Dashed-word passwords after their names (see the module docstring)."""
    if "-" not in text:
        return
    for m in _NAMED_RE.finditer(text):
        value = m.group("v")
        if not is_dashed_words(value) or is_placeholder(value):
            continue
        gap = text[m.end("pw" if m.group("pw") is not None else "key") : m.start("v")].split()
        if gap and is_setting_words(gap[0]):
            continue  # "the password manager is Bit-Warden-Cloud", "password policy: ..."
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start : len(text) if line_end < 0 else line_end]
        if m.group("key") is not None and _WIFI_RE.search(text, max(line_start, m.start() - 160), m.start()) is None:
            continue  # a key's word names a Wi-Fi's key only in a sentence about the Wi-Fi
        if _EXAMPLE_RE.search(line) is None:
            yield m.start("v"), m.end("v"), "credential"
