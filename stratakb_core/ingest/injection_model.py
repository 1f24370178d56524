"""The learned injection scorer: hashed character and word n-grams, L2 logistic regression (numpy only;
no I/O but reading the shipped weights, once, on first use).

A passage is normalised (NFKC, tag characters read as the ASCII they hide, format and zero-width
characters dropped, lower case, whitespace runs collapsed), cut into character 3- to 6-grams and word
1- and 2-grams, each hashed into ``DIM`` buckets with a fixed 64-bit mix (no Python ``hash``: it is
salted per process), counted (log1p) and L2-normalised. ``score`` is the logistic of the weights' dot
product with that vector plus a bias. The weights (``injection_model.npy``, float16: ``DIM`` weights
and the bias last) are what ``scripts/train_injection_model.py`` writes from the fixture sets; nothing
is downloaded. The decision thresholds, chosen by leave-one-split-out cross-validation
(``scripts/injection_cv.py``, docs/adr/0011-learned-injection-scorer.md), are ``HIGH`` and ``LOW``:
``injection.scan`` adds ``learned`` at ``HIGH`` or more and drops the rules' hits below ``LOW``.
"""

from __future__ import annotations

import functools
import re
import unicodedata
import zlib
from pathlib import Path
from typing import Final

import numpy as np

from stratakb_core.ingest import scorer_weights

__all__ = [
    "DIM",
    "HIGH",
    "HIGH_WINDOW",
    "LOW",
    "WEIGHTS_PATH",
    "WINDOW",
    "WINDOW_FLOOR",
    "features",
    "normalise",
    "score",
    "window_score",
    "weights",
]

DIM: Final = 1 << 18
CHAR_NGRAMS: Final = (3, 4, 5, 6)
WORD_NGRAMS: Final = (1, 2)
# wave 25 tried LOW 0.35 / HIGH 0.65, the best pair of the cross-validation over heldout2-42 with each fold's blind
# rules (scripts/injection_cv.py, "scan at 0.35 / 0.65": ASR 4.9% / FP 2.1% pooled against 7.2% / 2.1% here), and
# kept these: at HIGH 0.65 short ordinary JSON configs are flagged alone (a backup job's five keys at p 0.67, an FTP
# block with a password key at 0.78); docs/adr/0011
HIGH: Final = 0.8  # the model alone flags a passage at or above this
LOW: Final = 0.2  # a rule hit the model scores below this is vetoed
# a long passage is also scored in windows of WINDOW characters, side by side: a payload planted in a carrier
# document is diluted in the whole passage's n-grams. The highest window counts against the veto (at LOW) and flags
# on its own at HIGH_WINDOW; windows are scored only for passages the whole scores at WINDOW_FLOOR or more and below
# HIGH (no attack the windows rescued in the CV scored under 0.09 whole; most ordinary chunks do), to spare CPU.
# Windows side by side rather than half overlapping (stop 26): the same verdict on every fixture passage and PEP/RFC
# chunk, CV 8.5 / 1.9 against 8.4 / 1.9 in wave 15, half the windows' CPU (the fresh ingest's budget is tight)
WINDOW: Final = 400
HIGH_WINDOW: Final = 0.85
WINDOW_FLOOR: Final = 0.08
WEIGHTS_PATH: Final = Path(__file__).with_name("injection_model.npy")
# the veto needs text to judge: a rule hit on a passage of fewer than VETO_WORDS words (one word split by an
# invisible character, an order spelt out in HTML entities, a one-line forward) stands whatever the score, since
# such a passage gives the n-grams too little to read. A word is a run of letters, or one character of a script
# written without spaces (CJK ideographs, kana, hangul). Stop 35: retrained with clean configs, the scorer put three
# such unit-test attacks just under LOW; ADR 0011
VETO_WORDS: Final = 12
_WIDE: Final = 0x2E80  # from here on (CJK radicals, kana, ideographs, hangul) a letter is a word of its own

_FORMAT: Final = re.compile(
    "[\u00ad\u200b-\u200f\u2060-\u2064\u180e\ufeff\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]"
)
_TAGS_TO_ASCII: Final = {cp: cp - 0xE0000 for cp in range(0xE0020, 0xE007F)}  # what tag characters hide, shown
_SPACE: Final = re.compile(r"\s+")
_WORD: Final = re.compile(r"\w+")
_PRIME: Final = np.uint64(0x100000001B3)
_MIX1: Final = np.uint64(0xFF51AFD7ED558CCD)
_MIX2: Final = np.uint64(0xC4CEB9FE1A85EC53)


def normalise(text: str) -> str:
    """The text the n-grams are cut from: NFKC, Unicode tag characters read as the ASCII they hide, no
    format characters, lower case, single spaces."""
    if not text.isascii():  # NFKC, tag characters and format characters leave ASCII as it is
        text = _FORMAT.sub("", unicodedata.normalize("NFKC", text).translate(_TAGS_TO_ASCII))
    return _SPACE.sub(" ", text).strip().lower()


def _mix(h: np.ndarray) -> np.ndarray:
    """A 64-bit finaliser (murmur3's), so nearby sums land in far-apart buckets."""
    h = h ^ (h >> np.uint64(33))
    h = h * _MIX1
    h = h ^ (h >> np.uint64(33))
    h = h * _MIX2
    return h ^ (h >> np.uint64(33))


def _ngram_hashes(codes: np.ndarray, sizes: tuple[int, ...], salt: int) -> list[np.ndarray]:
    """One hash per n-gram of ``codes`` for each n in ``sizes`` (polynomial, wrapping at 2**64)."""
    out = []
    with np.errstate(over="ignore"):
        # h_n = start_n * P**n + s_n, with s_n = s_(n-1) * P + the n-th code: one pass for all sizes
        s = np.zeros(len(codes), dtype=np.uint64)
        power = np.uint64(1)
        for n in range(1, max(sizes) + 1):
            if len(codes) < n:
                break
            count = len(codes) - n + 1
            s = s[:count] * _PRIME + codes[n - 1 : n - 1 + count]
            power = power * _PRIME
            if n in sizes:
                out.append(_mix(s + np.uint64(salt * 1000003 + n) * power))
    return out


def features(text: str) -> tuple[np.ndarray, np.ndarray]:
    """The bucket indices (sorted, distinct) and L2-normalised log1p counts of ``text``'s n-grams."""
    norm = normalise(text)
    chars = np.frombuffer(f" {norm} ".encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    words = np.array([zlib.crc32(w.encode("utf-8")) for w in _WORD.findall(norm)], dtype=np.uint64)
    hashes = _ngram_hashes(chars, CHAR_NGRAMS, 1) + _ngram_hashes(words, WORD_NGRAMS, 2)
    if not hashes:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
    buckets = (np.concatenate(hashes) % np.uint64(DIM)).astype(np.int64)
    idx, counts = np.unique(buckets, return_counts=True)
    val = np.log1p(counts).astype(np.float32)
    return idx, val / np.float32(np.sqrt(float(val @ val)))


@functools.cache
def weights() -> np.ndarray:
    """The shipped weights (``DIM`` of them, then the bias), as float32; read once."""
    return scorer_weights.load(WEIGHTS_PATH, DIM)


def score(text: str, w: np.ndarray | None = None) -> float:
    """The probability the model gives ``text`` of being an injection (the shipped weights by default)."""
    w = weights() if w is None else w
    idx, val = features(text)
    z = float(val @ w[idx]) + float(w[-1])
    return 1.0 / (1.0 + np.exp(-z))


def window_score(text: str, w: np.ndarray | None = None) -> float:
    """The highest ``score`` of ``text``'s windows of ``WINDOW`` characters, side by side, the last one
    ending at the end; 0.0 for a text of ``WINDOW`` characters or fewer (the whole is its only window)."""
    if len(text) <= WINDOW:
        return 0.0
    starts = list(range(0, len(text) - WINDOW + 1, WINDOW))
    if starts[-1] + WINDOW < len(text):
        starts.append(len(text) - WINDOW)
    return max(score(text[i : i + WINDOW], w) for i in starts)


def judgeable(text: str) -> bool:
    """Whether ``text`` holds the ``VETO_WORDS`` words the scorer needs to veto a rule hit."""
    words, in_word = 0, False
    for ch in text:
        letter = ch.isalpha()
        words += letter and (ord(ch) >= _WIDE or not in_word)
        in_word = letter
        if words >= VETO_WORDS:
            return True
    return False
