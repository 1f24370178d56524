"""A chat's answer, a whole turn, to a question for a password or a passphrase (wave 45, no I/O).

``redaction_replies`` takes a chat's answer when it looks chosen (``Trailer2go!``) or is a passphrase of plain words.
Fresh sets answer the same question in forms it leaves:

* a plain password of letters and digits, the whole turn ("[10:42] Mo: epson4ever");
* a passphrase of words joined by dashes, or of plain words with an adverb among them ("Maple-Ferret-Quilt-Harbor -
  delete this msg after pls", "velvet curtain rises twice at dusk"), up to a remark after a dash or in brackets;
* a turn whose time carries a date ("[2026-12-03 18:45] Lucy:"), and a question naming a password manager ("what's
  the passphrase for the practice password manager again?": the answer is still the passphrase).

The question must be the turn just above, hold a question mark and name a password, a PIN or a passphrase (not its
rules, length, reset or expiry, and not asking where or who). Kept: an answer that points elsewhere ("ask Priya",
"check the vault", "same as the wifi"), a placeholder, a manager's name ("1Password"), a URL, a mail address, a
word without a digit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_phrases import is_loose_phrase
from stratakb_core.ingest.redaction_pointers import points_elsewhere
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["chat_answer_spans"]

_Found = tuple[int, int, str]

_SPEAKER: Final = (
    r"[ \t]*(?:\[[^\]\n]{1,30}\][ \t]*|\d{1,2}:\d{2}(?::\d{2})?[ \t]+)?[^\s:：\[\]#]{1,24}[ \t]*[:：][ \t]+"
)
_TURN_RE: Final = re.compile("^" + _SPEAKER, re.MULTILINE)
_ASK_RE: Final = re.compile(
    r"(?i:\b(?:password|passwort|pw|pwd|passcode|passphrase|pass[ \t]phrase|wachtwoord|mot[ \t]de[ \t]passe"
    r"|contraseña|senha|lösenord|passord|adgangskode|hasło|haslo|salasana|wachtzin|lösenfras)\b)"
)
_PHRASE_ASK_RE: Final = re.compile(r"(?i:pass[ \t]?phrase|wachtzin|lösenfras|phrase)")
_NOT_ASKED_RE: Final = re.compile(
    r"(?i:polic|length|how[ \t]+long|how[ \t]+many|rules?\b|requirement|reset|expir|format|hint|\bwhere\b|\bwho\b"
    r"|\bwhy\b|\bwhen\b|\bwhich\b|strong|change[ds]?\b|forgot|hash|salt|version|build|release|commit|\bids?\b)"
)
# the first password word names a tool, not the secret asked for ("what pw manager do we use?"; but "the passphrase
# for the password manager" asks for the passphrase)
_TOOL_AFTER_RE: Final = re.compile(r"[ \t-]*(?i:managers?|apps?|tools?|generators?|vaults?|safes?|programs?)\b")
# the answer: the turn's value, then its line's end, or a remark after a dash, in brackets or after a comma
_REST: Final = r"(?=[ \t]*(?:[.!]?[ \t]*$|[-–—][ \t]+\S|\([^()\n]{1,80}\)[ \t]*[.!]?[ \t]*$))"
_TOKEN_RE: Final = re.compile(r"[\"'`]?(?P<v>[^\s\"'`()]{6,40}?)[\"'`]?" + _REST, re.MULTILINE)
_WORDS_RE: Final = re.compile(
    r"(?P<v>[^\W\d_]{3,20}(?:-[^\W\d_]{3,20}){2,7}(?:-\d{1,4})?"
    r"|[^\W\d_]{3,20}(?:[ \t]+[^\W_][\w'’]{0,20}){3,7})" + _REST,
    re.MULTILINE,
)
_MANAGERS: Final = frozenset("1password keepass keepassxc bitwarden lastpass dashlane passbolt vaultwarden".split())
_ADVERBS: Final = frozenset("twice once again always often thrice".split())


def _token(value: str) -> bool:
    """A plain password: letters and digits (a symbol allowed), no URL, mail address or manager's name."""
    v = value.rstrip(".,;:!")
    manager = v.lower().startswith(tuple(_MANAGERS))
    if len(v) < 6 or is_placeholder(v) or manager or "://" in v or "@" in v or "/" in v:
        return False
    has_alpha = any(c.isalpha() for c in v)
    return has_alpha and any(c.isdigit() for c in v) and not v.replace(".", "").isdigit()


def _phrase(value: str, named: bool) -> bool:
    words = value.replace("-", " ").split()
    if points_elsewhere(words) or (not named and len(words) < 4):
        return False
    if "-" in value and " " not in value:
        return all(w.isalpha() or w.isdigit() for w in words)
    return is_loose_phrase(" ".join(w for w in words if w.lower() not in _ADVERBS))


def chat_answer_spans(text: str) -> Iterator[_Found]:
    """The answers above (see the module docstring)."""
    if "?" not in text or "\n" not in text:
        return
    for m in _TURN_RE.finditer(text):
        line_end = text.find("\n", m.end(), m.end() + 300)
        question = text[m.end() : line_end]
        if line_end < 0 or "?" not in question or _ASK_RE.search(question) is None:
            continue
        asked = _ASK_RE.search(question)
        if _NOT_ASKED_RE.search(question) is not None or (asked and _TOOL_AFTER_RE.match(question, asked.end())):
            continue
        turn = _TURN_RE.match(text, line_end + 1)
        if turn is None:
            continue
        named = _PHRASE_ASK_RE.search(question) is not None
        words = _WORDS_RE.match(text, turn.end())
        if words is not None and _phrase(words.group("v"), named):
            yield words.start("v"), words.end("v"), "credential"
            continue
        token = _TOKEN_RE.match(text, turn.end())
        if token is not None and _token(token.group("v")):
            yield token.start("v"), token.start("v") + len(token.group("v").rstrip(".,;:!")), "credential"
