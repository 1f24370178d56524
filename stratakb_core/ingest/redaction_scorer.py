"""The learned redaction scorer: a logistic regression over candidate values, after the rules (ADR 0010, stop 40).

The rules name secrets by their labels and shapes; each round of them closed its tuning sets and then missed new
shapes on the next blind sets (tables, passphrases said in prose, codes with no secret word near). This scorer reads
what the rules leave: every candidate of ``redaction_candidates`` that no rule span touches is scored, and one at
``THRESHOLD`` or over is redacted as ``likely_secret``, unless one of the rules' keep tests says it is not a live
secret (a placeholder, code, a hash or an ARN, an auth header's value, a value in an encrypted section, the value of a
field naming public data such as ``ua=`` or ``Host:``, a remark after it or a word on its line saying example, policy,
format, public ...): the model cannot tell those apart from a secret by a few words, and stop 29's probe redacted 3-5%
of the unit tests' near misses without them.

The weights (``redaction_scorer.npy``: ``DIM`` float16 weights, then the bias) are written by
``scripts/train_redaction_scorer.py`` from the fixture sets; ``scripts/redaction_scorer_cv.py`` prints the honest
figures (grouped cross-validation against the rules as they stood when each set was measured blind).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import numpy as np

from stratakb_core.ingest import scorer_weights
from stratakb_core.ingest.redaction_candidates import DIM, candidates
from stratakb_core.ingest.redaction_context import mentions_encrypted, under_encrypted
from stratakb_core.ingest.redaction_keys import snake
from stratakb_core.ingest.redaction_values import is_code, is_placeholder, remark_says_not_secret

__all__ = ["KIND", "THRESHOLD", "WEIGHTS_PATH", "kept", "probabilities", "scored_spans", "weights"]

KIND: Final = "likely_secret"
THRESHOLD: Final = 0.95  # chosen on the cross-validation of heldout11-116 (docs/adr/0010, stop 40)
WEIGHTS_PATH: Final = Path(__file__).with_name("redaction_scorer.npy")

_HASHED: Final = re.compile(r"\$[\w-]{1,12}\$|\{[A-Z0-9-]{2,12}\}|arn:", re.IGNORECASE)
# an auth header's scheme: the rules judge what follows it (decode a Basic pair, know the RFCs' example tokens)
_AUTH_SCHEME: Final = re.compile(r"(?i)\b(?:basic|bearer|token|digest)\s+(?:\S+\s+)?$")
# the label right before a value, "ua=" or "Host: ": a field that names public data (who, where, which software);
# a secret under one of these would be a mislabelled file, and the rules still judge every value's shape
_LABEL_BEFORE: Final = re.compile(r"([A-Za-z][\w.-]{0,40})[ \t]*[=:][ \t]*$")
_PUBLIC_FIELDS: Final = frozenset(
    "ua user_agent agent user username user_name login uid ip ip_address addr remote_addr host hostname server port"
    " version ver build release method status path route url referer referrer lang locale tz timezone region zone"
    " email mail name device model os platform app application browser client_ip level severity env environment".split()
)
_SAYS_NOT_ONE: Final = re.compile(
    r"(?i)\b(?:example|e\.g\.|sample|polic|requirement|rule|format|pattern|placeholder|dummy|fake|beispiel|ejemplo"
    r"|exemple|esempio|exemplo|voorbeeld|public)"
)


@functools.cache
def weights() -> np.ndarray:
    """The shipped weights (``DIM`` of them, then the bias), as float32; read once."""
    return scorer_weights.load(WEIGHTS_PATH, DIM)


def probabilities(features: list[tuple[int, ...]], w: np.ndarray | None = None) -> np.ndarray:
    """The scorer's probability that each candidate (its hashed features) is a secret."""
    w = weights() if w is None else w
    if not features:
        return np.zeros(0, dtype=np.float64)
    sizes = np.fromiter((len(f) for f in features), dtype=np.int64, count=len(features))
    flat = np.fromiter((i for f in features for i in f), dtype=np.int64, count=int(sizes.sum()))
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    z = np.add.reduceat(w[flat].astype(np.float64), starts) if len(flat) else np.zeros(len(features))
    z = np.where(sizes > 0, z, 0.0) + float(w[DIM])
    return 1.0 / (1.0 + np.exp(-z))


def kept(text: str, start: int, end: int) -> bool:
    """The rules' keep decisions, asked of a candidate the scorer flags."""
    value = text[start:end]
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    return (
        is_placeholder(value)
        or is_code(value)
        or _HASHED.match(value) is not None
        or _AUTH_SCHEME.search(text, line_start, start) is not None
        or _AUTH_SCHEME.match(value + " ") is not None  # a phrase "Basic dXNl..."
        or _public_field(text[line_start:start])
        or (mentions_encrypted(text) and under_encrypted(text, start))
        or remark_says_not_secret(text[end:line_end])
        or _SAYS_NOT_ONE.search(text[line_start:line_end]) is not None
    )


def _public_field(before: str) -> bool:
    label = _LABEL_BEFORE.search(before)
    return label is not None and snake(label.group(1)).strip("_") in _PUBLIC_FIELDS


def scored_spans(text: str, ruled: list[tuple[int, int, str]]) -> Iterator[tuple[int, int, str]]:
    """``(start, end, KIND)`` of each candidate of ``text`` the scorer flags that no span in ``ruled`` touches."""
    found = [c for c in candidates(text) if not any(c.start < e and s < c.end for s, e, _ in ruled)]
    for c, p in zip(found, probabilities([c.features for c in found]), strict=True):
        if p >= THRESHOLD and not kept(text, c.start, c.end):
            yield c.start, c.end, KIND
