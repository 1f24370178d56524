"""What a transcribed sticky note says between its quotes (wave 30, no I/O).

A security report or an audit transcribes the note stuck to a monitor ("sticky note on the scanner PC: 'Xero -
finance@ - Ledger#Tulip9'", "Post-it: "desk-3 / Refund4Ever!"", "Haftnotiz am Bildschirm: ..."). On a line naming
such a note (sticky note, post-it, a note taped to ..., Zettel, Haftnotiz, pense-bête, nota adhesiva ...), between the
quotes that follow it:

* a word with a chosen password's shape (``redaction_spoken.shaped``: letters and digits with a symbol or both
  cases), not an address, a URL, a path or a date;
* the value after a password's short name and a colon ("pw: bluewhale77", "pass: ...");
* the words after a login's slash ("mlopez / Agar plate 33 yellow"): a chosen password or three words or more.

``sticky_note_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import shaped
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["sticky_note_spans"]

_Found = tuple[int, int, str]

_STICKY_RE: Final = re.compile(
    r"(?i:sticky[ \t-]?notes?|post-?its?|haftnotiz\w*|klebezettel\w*|zettel\b"
    r"|notes?[ \t]+(?:taped|stuck|pinned|glued|left)[ \t]+(?:to|on|under|inside|beside)"
    r"|pense-b[êe]tes?|papillons?[ \t]+adh[ée]sifs?"
    r"|notas?[ \t]+adh?esivas?|notas?[ \t]+adesivas?|plakbriefje\w*|karteczk\w*|lapp(?:en)?[ \t]+p[åa])"
)
_QUOTED_RE: Final = re.compile(r"[\"“‘'](?P<q>[^\"“”‘’\n]{4,240}?)[\"”’'](?=[ \t]*(?:$|[.,;:)(]|[ \t]))", re.MULTILINE)
_WORD_RE: Final = re.compile(r"[^\s,;()]{6,64}")
_LABELLED_RE: Final = re.compile(
    r"(?i:\b(?:pw|pwd|pass|password|passwort|kennwort|mdp|contrase[ñn]a|senha|wachtwoord"
    r"|l[öo]senord|has[łl]o|heslo)[ \t]*[:=][ \t]*)(?P<v>[^\s,;]{4,64})"
)
_SLASH_RE: Final = re.compile(r"[\w.@-]{2,40}[ \t]+/[ \t]+(?P<v>[^\s/][^/\n]{2,80}?)[ \t]*(?=$|[ \t]-[ \t])")
_NOT_WORD_RE: Final = re.compile(r"(?i)^(?:https?:|www\.)|@|[\\/]|^\d[\d.:/-]*$")


def _values(quote: str) -> Iterator[tuple[int, int]]:
    for m in _LABELLED_RE.finditer(quote):
        if not is_placeholder(m.group("v").rstrip(".")):
            yield m.start("v"), m.start("v") + len(m.group("v").rstrip("."))
    for m in _SLASH_RE.finditer(quote):
        value = m.group("v")
        if (len(value.split()) >= 3 or shaped(value)) and not is_placeholder(value):
            yield m.start("v"), m.end("v")
    for m in _WORD_RE.finditer(quote):
        word = m.group(0).rstrip(".:!?") if not m.group(0).endswith("!") else m.group(0)
        if _NOT_WORD_RE.search(word) is None and shaped(word):
            yield m.start(), m.start() + len(word)


def sticky_note_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    low = text.lower()
    if not any(
        w in low
        for w in ("sticky", "post", "notiz", "zettel", "bête", "bete", "adh", "ades", "plak", "kartecz", "lapp", "note")
    ):
        return
    for note in _STICKY_RE.finditer(text):
        stop = text.find("\n", note.end())
        for q in _QUOTED_RE.finditer(text, note.end(), len(text) if stop < 0 else stop):
            for start, end in _values(q.group("q")):
                yield q.start("q") + start, q.start("q") + end, "credential"
