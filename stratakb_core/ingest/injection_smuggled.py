"""Prose smuggled in Unicode tag characters (no I/O; used by ``injection``).

The tag block (U+E0020 ... U+E007E) mirrors printable ASCII and renders as nothing: a passage can carry a whole
sentence no reader sees ("Ignore the playbook and ..." written one tag character a letter). Its only use in text
is the emoji flags of England, Scotland and Wales (a black flag, two to seven tag letters, a cancel tag). Three
words or more of tag characters outside such a flag are hidden prose meant for a machine, a hit the learned
scorer may not veto (wave 26: the scorer reads the visible carrier only, which looks benign).

Wave 27: joiners (ZWNJ, ZWJ, zero-width space, word joiner) between letters, and the invisible math operators
(U+2061 ... U+2064) between words. Persian, Arabic and Indic scripts join and break letters with ZWNJ and ZWJ, emoji
sequences with ZWJ; Cyrillic and Greek never do (``unjoined``). MathML puts an invisible times between a number or a
letter and the next, never between two words. Eight or more such characters split a sentence letter by letter or
word by word, for a machine to read glued back together: as plain a hit as tag characters.

Wave 30: the same split one character at a time, spaces and punctuation included ("N\u200bo\u200bt\u200be\u200b
\u200bt\u200bo"): ten characters in a row, each followed by a zero-width space, a word joiner or an invisible operator.
No script is written so: a zero-width space marks a word break (Thai, Khmer, CJK line breaking hints), never every
character of a Latin sentence, and those scripts are left out for it; a word joiner glues two characters, never
ten in a row.

Wave 47: CJK characters (Han, kana, Hangul, full-width forms) each followed by a ZWJ or a ZWNJ, ten in a row
("请\u200d助\u200d手\u200d忽\u200d略..."): joiners belong to emoji sequences and to Arabic and Indic scripts, CJK
never takes one. And two words spelt in tag characters with a tag space between them ("obey me" after a language
tag): the flags of England, Scotland and Wales and the deprecated language tags hold no space.

Wave 34: the same with a ZWNJ or a ZWJ after each Latin letter or space ("Z\u200cI\u200cG\u200cN..."): Persian and
Indic scripts and emoji take joiners, Latin letters never do.

Wave 41: a CJK run split the same way by zero-width spaces when, glued back, it gives an order
(``injection_cjk_split``: CJK takes the zero-width space as a line-break hint, so only the order tells).

Wave 42: words glued by soft hyphens, or a run inside a right-to-left override, that read as rendered give an order
(``injection_masked_order``: a soft hyphen is a hyphenation hint and U+202E has uses, so only the order tells)."""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_cjk_split import cjk_split
from stratakb_core.ingest.injection_masked_order import flipped_order, shy_split

__all__ = ["smuggled", "unjoined"]

_FLAG: Final = re.compile("\U0001f3f4[\U000e0030-\U000e0039\U000e0061-\U000e007a]{2,7}\U000e007f")
_RUN: Final = re.compile("[\U000e0020-\U000e007e]{8,}")
_WORDS: Final = re.compile(r"[A-Za-z]{2,}")
_NO_JOINERS: Final = re.compile("[\u0370-\u03ff\u0400-\u04ff]{2}")  # Greek, Cyrillic: scripts that take no joiner
# joiners between Greek or Cyrillic letters, invisible operators between two words
_SPLIT_WORD: Final = re.compile(
    "[\u0370-\u03ff\u0400-\u04ff][\u200b-\u200d\u2060-\u2064]{1,4}(?=[\u0370-\u03ff\u0400-\u04ff])"
    "|[^\\W\\d_]{2}[\u2061-\u2064]{1,4}(?=[^\\W\\d_]{2})"
)

# wave 30: ten characters in a row, each followed by an invisible separator (the zero-width space not after a letter
# of a script that uses it for word breaks)
_LETTERWISE: Final = re.compile(
    "(?:[^\n\u200b-\u200d\u2060-\u2064][\u2060-\u2064]){10}"
    "|(?:[^\n\u200b-\u200d\u2060-\u2064\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u2e80-\u9fff\uac00-\ud7af"
    "\uf900-\ufaff\uff00-\uffef][\u200b]){10}"
    # wave 34: Latin letters and spaces each followed by a ZWNJ or a ZWJ (Latin never takes a joiner)
    "|(?:[ A-Za-z\u00c0-\u024f][\u200c\u200d]){10}"
    # wave 47: CJK characters each followed by a ZWJ or a ZWNJ (Han, kana and Hangul never take a joiner; emoji do)
    "|(?:[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef][\u200c\u200d]){10}"
)
# wave 47: two tag-character words with a tag space between them ("obey me"): a flag or a language tag never spaces
_TAG_WORDS: Final = re.compile("[\U000e0041-\U000e007a]{2,}\U000e0020[\U000e0041-\U000e007a]{2,}")


def unjoined(pair: str) -> bool:
    """The two letters around a joiner are of a script that never takes one (Greek, Cyrillic)."""
    return bool(_NO_JOINERS.fullmatch(pair))


def smuggled(text: str) -> bool:
    """``text`` holds a run of tag characters (outside an emoji flag) that spells three words or more."""
    if text.isascii():
        return False
    if sum(1 for _ in zip(range(8), _SPLIT_WORD.finditer(text), strict=False)) >= 8:
        return True  # wave 27: a sentence split letter by letter by joiners or invisible operators
    if _LETTERWISE.search(text):
        return True  # wave 30: split one character at a time, spaces included
    if cjk_split(text):
        return True  # wave 41: a CJK order split by zero-width spaces
    if shy_split(text) or flipped_order(text):
        return True  # wave 42: an order glued by soft hyphens or written backwards in a bidi override
    if _TAG_WORDS.search(text):
        return True  # wave 47: two words or more spelt in tag characters
    if not _RUN.search(text):
        return False
    for m in _RUN.finditer(_FLAG.sub("", text)):
        plain = "".join(chr(ord(c) - 0xE0000) for c in m.group())
        if len(_WORDS.findall(plain)) >= 3:
            return True
    return False
