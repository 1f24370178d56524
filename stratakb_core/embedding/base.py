"""The `Embedder` role every backend plays, and the small helpers they share (pure, no I/O)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol

import numpy as np

MINILM_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
MINILM_DIMENSIONS = 384
_MINILM_ALIASES = {MINILM_MODEL.lower(), "all-minilm-l6-v2"}


class Embedder(Protocol):
    """Turns texts into unit-length float32 vectors of one model."""

    @property
    def name(self) -> str:
        """The model identity stored with each vector, e.g. "sentence-transformers/all-MiniLM-L6-v2"."""
        ...

    @property
    def dimensions(self) -> int: ...

    @property
    def is_local(self) -> bool:
        """False when the texts leave this machine."""
        ...

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Shape (len(texts), dimensions), float32, L2-normalised rows."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """One query as a 1-D float32 unit vector."""
        ...


def text_hash(text: str) -> bytes:
    """SHA-256 of the text's UTF-8; with the model name it keys a stored embedding."""
    # surrogatepass, not surrogateescape: it never raises (text decoded with surrogateescape, or any
    # lone surrogate) and, unlike surrogateescape, cannot make "\udcc3\udca9" hash like "é".
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


def canonical_minilm(model_name: str) -> str | None:
    """MINILM_MODEL for either spelling of MiniLM, else None."""
    return MINILM_MODEL if model_name.strip().lower() in _MINILM_ALIASES else None


def check_texts(texts: Sequence[str]) -> list[str]:
    """The texts as a list; refuses a bare str, which would be embedded one letter per row."""
    if isinstance(texts, str):
        raise TypeError("embed() takes a sequence of texts; use embed_query() for one text")
    return list(texts)


def normalise(vectors: np.ndarray) -> np.ndarray:
    """Contiguous float32 rows of unit length; a zero row stays zero."""
    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    # A zero row stays zero instead of turning into NaNs that would poison every distance.
    np.divide(vectors, norms, out=vectors, where=norms > 0)
    return vectors
