"""A secret's name, what it opens in a few words, a colon or "is", and the value (moved from ``redaction_prose``).

"Heslo k databázi skladu: X", "voici le mot de passe provisoire du portail RH : X (à changer)", "Passordet til
kontoen er X", "Der API-Schlüssel für den Versand ist X und gilt", "รหัสผ่านเข้าระบบ: X": any language, no list of
prepositions; the words must not make it a setting ("policy for"). A value of a password's or (for a token or a key)
a generated shape goes. Also the pieces ``redaction_prose``'s other finders share: the value's end (``END``), the
quotes around it, the names of a password and of a passphrase, and the judges ``chosen`` and ``password_shaped``.
``named_value`` returns ``(start, end, kind)`` of the value or None. No I/O.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_joined_phrases import is_joined_phrase
from stratakb_core.ingest.redaction_keys import PASSPHRASE_WORDS, PASSWORD_WORDS, calls_public, is_setting_words
from stratakb_core.ingest.redaction_sample_remarks import is_code_in_sentence
from stratakb_core.ingest.redaction_told import TOKEN_NAMES
from stratakb_core.ingest.redaction_values import (
    UUID_RE,
    is_joined_passphrase,
    is_placeholder,
    looks_chosen,
    looks_like_secret,
    looks_random,
    symbol_inside,
)

__all__ = [
    "END",
    "NAMED_RE",
    "NAMED_WORDS",
    "PASSPHRASE_NAMES",
    "PROSE_WORDS",
    "Q_CLOSE",
    "Q_OPEN",
    "TOKEN_NAME_RE",
    "chosen",
    "named_value",
    "password_shaped",
]

_Found = tuple[int, int, str]

# prose: "the admin password is r0uterAdm"; the value must not be a plain word
# also Italian "parola d'ordine", Spanish "clave" (the Wi-Fi's, the router's: "la clave del router es ...")
PROSE_WORDS: Final = PASSWORD_WORDS.replace("_", " ") + "|parola d['’]ordine|clave"
# a passphrase of several words: "use the passphrase violet orbit canal 1987 and ...", "la parola d'ordine
# per ... è girasole azzurro 44." (the words are judged by redaction_phrases.is_passphrase)
PASSPHRASE_NAMES: Final = r"pass ?phrases?|passphrasen?|" + PASSPHRASE_WORDS.replace("_", " ")
Q_OPEN: Final = "[`\"'«“‘]?"
Q_CLOSE: Final = "[`\"'»”’]?"
# after a value in a note or a chat: the line ends, a remark in brackets, the sentence ends, a dash and more words,
# or "and ..."
END: Final = (
    r"(?=[ \t]*\r?$|[.,;:]?[ \t]+[(（]|[ \t]*[.,;。](?:[ \t]|\r?$)|[ \t]+[-–—][ \t]"
    r"|[ \t]+(?:and|but|und|et|y|e|en|og|och|i|și|và|dan|na|ma|mais|pero|aber|nhé|nha|nhá|ạ|ya|yah|ok|oke)\b|[ \t]+و"
    r"|[ \t]+(?:นะ|ครับ|ค่ะ|คะ)|[ \t]*[،؛](?:[ \t]|\r?$)"  # Thai particles, Arabic comma and semicolon
    r"|(?<=[\x21-\x7e])[ \t]+[\u0370-\u04ff\u0590-\u08ff])"  # a Latin value ends at Greek, Cyrillic, Hebrew, Arabic
)
# value: "Heslo k databázi skladu: X", "Passordet til ... er X." (the name and each word are atomic, and a lookahead
# wants what may end the words before the copulas are tried: on a run of names, "passphrase passphrase ...", each try
# was some 100 µs of backtracking into the words and into the names that also match, "pass ?phrases?")
NAMED_WORDS: Final = (
    r"password|passwd|passphrase|passcode|pwd|shared[- ]secret|client[- ]secret|" + TOKEN_NAMES + "|" + PROSE_WORDS
    + "|" + PASSPHRASE_NAMES
)
TOKEN_NAME_RE: Final = re.compile(TOKEN_NAMES, re.IGNORECASE)
_PASSPHRASE_NAME_RE: Final = re.compile(PASSPHRASE_NAMES, re.IGNORECASE)
_NAMED_COPULA: Final = (
    r"is|was|ist|lautet|war|es|est|é|è|är|er|jest|je|este|adalah|ialah|là|היא|הוא|είναι|ήταν|on|ir|yra|ni|ay|হলো|হল"
    r"|هي|هو"  # Arabic
)
NAMED_RE: Final = re.compile(
    r"(?i:\b(?>(?P<name>" + NAMED_WORDS + r")(?![A-Za-z0-9_])))"
    r"(?P<words>[^\s\x00-\x7f:：()（）]{0,30}(?:[ \t]+(?>[^\s:：()（）]{0,39}[^\s:：()（）.!?;,])){0,12}?)"
    r"(?=[ \t]*[(（:：→=-]|(?<=[=→>])|(?<=คือ)|(?<=เป็น)|[ \t]+(?i:[iwleéèäjaהεήoynহه]))"
    r"(?:[ \t]*[(（][^()（）\n]{1,60}[)）])?"
    r"(?:[ \t]*(?:[:：]|→|->|=>?)|(?<=[=→])|(?<=->|=>)|(?P<th>(?<=คือ)|(?<=เป็น))|[ \t]+(?P<cop>(?i:"
    + _NAMED_COPULA
    + r"))(?:[ \t]+(?i:now|désormais|dorénavant|maintenant|jetzt|nun|ahora|ya|ora|adesso|agora|teraz|nu|nå"
    r"|теперь|тепер))?)[ \t]+" + Q_OPEN + r"(?P<v>[^\s\"'`«»“”‘’]{4,128}?)" + Q_CLOSE + END,
    re.MULTILINE,
)


# wave 37: a key's id in a UUID's shape (a KMS key, a Key Vault key): "ID de clave de AWS KMS ...: <uuid>", "KMS key
# ID for the backups: <uuid>", "Schlüssel-ID ...": the id names the key, it opens nothing
_ID_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:id|identificador|identifiant|identificatore|identifier|kennung)[ \t]+"
    r"(?:de[ \t]+(?:la[ \t]+)?|del(?:la)?[ \t]+|du[ \t]+|de[ \t]+l['’]|of[ \t]+(?:the[ \t]+)?)?)$"
)
_ID_AFTER_RE: Final = re.compile(r"(?i:[ \t-]?(?:id|identifier)\b)")


def _names_key_id(m: re.Match[str]) -> bool:
    """A UUID after a key's name that an "ID" word qualifies."""
    if UUID_RE.fullmatch(m.group("v")) is None:
        return False
    before = m.string[max(0, m.start("name") - 30) : m.start("name")]
    return _ID_BEFORE_RE.search(before) is not None or _ID_AFTER_RE.match(m.group("words")) is not None


def chosen(value: str) -> bool:
    """A value that looks chosen or generated, not a word of the sentence around it."""
    return (looks_chosen(value) or looks_random(value)) and not is_placeholder(value)


def password_shaped(value: str) -> bool:
    """Chosen, or a password's shape in both letter cases (Fjellrev-Regn-2026, not the acronym WPA3-SAE), where
    the words around it already ask for or name a password."""
    mixed = value.lower() != value and value.upper() != value
    return chosen(value) or (mixed and (looks_like_secret(value) or symbol_inside(value)))


def named_value(m: re.Match[str]) -> _Found | None:
    """The value of a ``NAMED_RE`` match, when it has a password's or (for a token) a generated shape."""
    value, words = m.group("v"), m.group("words")
    if not (words or m.group("cop") or m.group("th") is not None):
        return None  # a label of one name ("token: X") is the key-value rule's, with its exceptions
    if is_setting_words(words) or is_placeholder(value) or is_code_in_sentence(value) or calls_public(words):
        return None
    if _names_key_id(m):
        return None
    if TOKEN_NAME_RE.fullmatch(m.group("name")):
        shaped = looks_random(value)  # a generated value only ("Token limit: 4096", "API key format: v2-hex")
    else:  # chosen, or a password's shape in both cases (Fjellrev-Regn-2026, not the acronym WPA3-SAE)
        shaped = password_shaped(value) or (value[-1].isdigit() and is_joined_passphrase(value))  # words-and-21
        shaped = shaped or is_joined_phrase(value)  # wave 40: "green-cart-on-tuesday", little words inside
        if _PASSPHRASE_NAME_RE.fullmatch(m.group("name")) is not None:
            shaped = shaped or looks_like_secret(value) or is_joined_passphrase(value)
    if shaped:
        return m.start("v"), m.end("v"), "credential"
    return None
