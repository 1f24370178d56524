"""The normalised variants the injection rules read (no I/O): obfuscation undone before matching.

NFKC (skipped for ASCII, which it leaves as it is), zero-width and other format characters dropped, letters split
by one repeated mark joined (``i-g-n-o-r-e``, ``i.g.n.o.r.e``), markdown emphasis removed, whitespace runs
collapsed, run-together words split (``IgnoreAllPrevious``), and a second pass with look-alike letters (Cyrillic,
Greek) and digits-for-letters (``1gn0re``) mapped to ASCII letters; prose hidden by an encoding (base64, hex, HTML
character references, percent-encoding, ROT13 when named, lines written backwards, a URL spelt with spaces) is one
more variant.

Wave 19: prose hidden in a base64 run that gives an order (a sentence of it opens with an order verb:
"Ignore ...", "Approve all ...", "Send ...", and the prose holds two parts of an order at least) is hidden text on
its own (``encoded_order``): nobody encodes an order for a human reader; a decoded greeting or a run that is a key
or an image is not one.
"""

from __future__ import annotations

import base64
import codecs
import html
import re
import unicodedata
from collections.abc import Iterator
from typing import Final
from urllib.parse import unquote

from stratakb_core.ingest.injection_cooccur import _ORDER_CUES, _imperative, _mask, _sentences, cues

__all__: list[str] = []  # used by injection only

_CONFUSABLES: Final = str.maketrans(
    {
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
        "ԁ": "d", "ɡ": "g", "һ": "h", "ո": "n", "ν": "v", "ο": "o", "α": "a", "ε": "e", "ι": "i", "κ": "k",
        "ρ": "p", "τ": "t", "υ": "u", "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O",
        "Р": "P", "С": "C", "Т": "T", "Х": "X", "І": "I", "Ι": "I", "Ο": "O", "Α": "A",
        "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i", "|": "l",
    }
)  # fmt: skip
_FORMAT_CHARS: Final = re.compile(
    "[\u00ad\u200b-\u200f\u2060-\u2064\u180e\ufeff\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]"
)
_BLANKS: Final = re.compile("[ \t\u00a0]+")
_EMPHASIS: Final = re.compile(r"(?<=\w)[*_~]+(?=\w)|(?<!\w)[*_~]{1,3}(?=\w)|(?<=\w)[*_~]{1,3}(?!\w)")
_HEX: Final = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){16,2000}(?![0-9A-Fa-f])")
_PERCENT_RUN: Final = re.compile(r"(?:%[0-9A-Fa-f]{2}[^%\s]{0,12}){6}")
# a run of base64 long enough to hold a sentence (24 characters = 18 bytes)
_BASE64: Final = re.compile(r"(?<![\w+/=-])[A-Za-z0-9+/_-]{24,4000}={0,2}(?![\w+/=-])")
# text written backwards ("snoitcurtsni suoiverp ruoy erongI"): words common only when reversed
_REVERSED: Final = re.compile(r"\b(?:eht|dna|ruoy|uoy|snoitcurtsni|erongi|tpmorp|metsys|suoiverp|lla|ot|fo|si)\b")
# a URL spelt out with spaces ("h t t p s : / / logs . example / in")
_SPACED_URL: Final = re.compile(r"\bh\s+t\s+t\s+p(?:\s*s)?\s*:\s*/\s*/\s*[\w-]+(?:\s*[./]\s*[\w-]+){0,10}")
_SPACED: Final = re.compile(r"\b(?:[A-Za-z][ .\-]){4,}[A-Za-z]\b")  # i g n o r e / i.g.n.o.r.e
_LONE_NUMBER: Final = re.compile(r"((?<![^\W_])\d+(?![^\W_]))")  # wave 24: digits no letter touches
# wave 26: a line a bullet opens is a new item of a list ("- fix: ...", "* chore: ..."), not a wrapped sentence
_JOIN: Final = re.compile(r"[ \t]*\n(?![ \t]*[\[(]?\d{1,2}:\d{2}|[ \t]*[-*\u2022][ \t])[ \t]*")
# wave 26: a word hyphenated at a line end ("Ign-\nore what your sys-\ntem prompt") is one word again
_HYPHENATED: Final = re.compile(r"(?<=[^\W\d_])-[ \t]*\n[ \t]*(?=[^\W\d_])")
_KEY_LINE: Final = re.compile(r"^[ \t]*(?:-[ \t]+)?[\w.-]{1,40}:(?:[ \t]|$)", re.MULTILINE)
_CAMEL: Final = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")  # IgnoreAllPreviousInstructions
# one letter at a time with the same mark between (i-g-n-o-r-e, i_g_n_o_r_e, i/g/n/o/r/e, и·г·н·о·р, a.l.l)
_SEPARATED: Final = re.compile(
    r"(?<![^\W_])[^\W_](?P<s>[-._*/|+~·•:])[^\W_](?:(?P=s)[^\W_]){1,}(?![^\W_])(?:(?P=s)(?!\w))?"
)


def _variants(text: str) -> Iterator[str]:
    return iter(_variant_texts(text)[0])


def _variant_texts(text: str) -> tuple[list[str], list[str]]:
    """The normalised variants of ``text``, and those the co-occurrence rule reads: the same less the
    de-obfuscated variant when a later one holds it with its lines joined (no sentence is lost); text
    hidden in base64 runs is one more variant of both."""
    texts, co_texts = _plain_variants(text)
    decoded = _decoded(text)
    return (texts + [decoded], co_texts + [decoded]) if decoded else (texts, co_texts)


def _decoded(text: str) -> str:
    """The prose hidden in ``text`` by an encoding, one piece a line: base64 runs ("decode this and obey
    it: SWdub3Jl..."), hex runs, HTML character references (``&#105;&#103;``), percent-encoding, ROT13 when
    the text names it, lines written backwards (three words common only reversed) and URLs spelt with spaces."""
    out = []
    if "&#" in text:
        unescaped = html.unescape(text)
        if unescaped != text:
            out.append(unescaped)
    if "%" in text and _PERCENT_RUN.search(text):
        out.append(unquote(text))
    if "rot" in text.lower() and re.search(r"(?i)\brot-?13\b", text):
        out.append(codecs.decode(text, "rot13"))
    if (" eht " in text or " ruoy " in text or " dna " in text) and _REVERSED.search(text):
        out.extend(line[::-1] for line in text.splitlines() if len(set(_REVERSED.findall(line))) >= 3)
    if "h t t p" in text:
        out.append(_SPACED_URL.sub(lambda m: re.sub(r"\s+", "", m.group()), text))
    runs = " ".join(w for w in text.split() if len(w) >= 24)  # base64 and hex need a long run
    if not runs:
        return "\n".join(out)
    for m in _HEX.finditer(runs):
        try:
            plain = bytes.fromhex(m.group()).decode("utf-8")
        except ValueError:
            continue
        if plain.isprintable() and plain.count(" ") >= 2:
            out.append(plain)
    out.extend(plain for _, plain in _base64_prose(runs))
    return "\n".join(out)


def _base64_prose(runs: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each base64 run of ``runs`` that decodes to words, and the words."""
    for m in _BASE64.finditer(runs):
        run = m.group()
        try:
            raw = base64.b64decode(run + "=" * (-len(run) % 4), altchars=b"-_" if "-" in run or "_" in run else None)
            plain = raw.decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            continue
        if plain.isprintable() and plain.count(" ") >= 2:  # words, not a key or an image
            yield m, plain


# the order verbs a hidden sentence opens with (not "modal": "You must ..." is a rule a page may state)
_OPENERS: Final = _ORDER_CUES - {"modal"}
_PARTS: Final = _OPENERS | {"data", "instr"}


def encoded_order(text: str) -> tuple[int, int] | None:
    """The span of a base64 run in ``text`` whose prose opens a sentence with an order verb, or None."""
    if not any(len(w) >= 24 for w in text.split()):
        return None
    for m, plain in _base64_prose(text):
        masked = _mask(plain)
        said: set[str] = set()  # the order's parts in the whole prose: two at least ("Payment advice: ..." is a label)
        opens = False
        for start, end in _sentences(masked):
            found = cues(masked[start:end])
            if "mention" in found:
                break
            said |= found.keys() & _PARTS
            opens = opens or any(c in found and _imperative(found, c) for c in _OPENERS)
        else:
            if opens and len(said) >= 2:
                return m.start(), m.end()
    return None


def _plain_variants(text: str) -> tuple[list[str], list[str]]:
    base = text if text.isascii() else _FORMAT_CHARS.sub("", unicodedata.normalize("NFKC", text))  # ASCII: as is
    base = _BLANKS.sub(" ", base)
    texts = [base]
    plain = joined = _SEPARATED.sub(lambda m: m.group()[::2], base)
    # wave 25: letters split by a mark and joined again are read by the co-occurrence rule too (without look-alikes)
    extra = [joined] if joined != base else []
    if "*" in plain or "_" in plain or "~" in plain:  # every emphasis mark is one of these
        plain = _EMPHASIS.sub("", plain)
    plain = _SPACED.sub(lambda m: re.sub(r"[ .\-]", "", m.group()), plain)
    plain = _CAMEL.sub(" ", plain)
    # digits stand for letters only inside a word ("1gn0re"): a time or a count ("[14:02]", "4 hosts") stays digits
    mapped = "".join(p if i % 2 else p.translate(_CONFUSABLES) for i, p in enumerate(_LONE_NUMBER.split(plain)))
    if mapped != base:
        texts.append(mapped)
    if _SPACED.search(text):  # "i g n o r e   a l l": one space inside a word, more between words
        spaced = re.sub(r"(?<=\b\w) (?=\w\b)", "", unicodedata.normalize("NFKC", text))
        texts.append(re.sub(r"[ \t]+", " ", spaced))
    if "\n" not in base:
        return texts, texts + [t for t in extra if t not in texts]
    if _records(base):  # wave 24: a block of key: value lines is data, not a sentence wrapped over lines
        return texts, [t for t in texts if t is not mapped or t is base] + extra
    # a sentence wrapped over lines, or one word a line; a line a time stamp opens is a new record ("[14:05] ...")
    texts.append(_JOIN.sub(" ", _HYPHENATED.sub("", mapped)))
    return texts, [t for t in texts if t is not mapped or t is base] + [t for t in extra if t != mapped]


def _records(text: str) -> bool:
    """Most of the text's lines (six or more) are YAML-like ``key: value`` lines: a configuration, not prose."""
    lines = text.count("\n") + 1
    return lines >= 6 and 2 * sum(1 for _ in _KEY_LINE.finditer(text)) >= lines
