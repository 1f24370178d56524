"""Feature-hashing embeddings: no model, deterministic, for tests and the demo (pure, no I/O)."""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from stratakb_core.embedding.base import check_texts, normalise
from stratakb_core.errors import EmbeddingSetupError

_WORD = re.compile(r"\w+")


@lru_cache(maxsize=1 << 16)
def _bucket(feature: str, dimensions: int) -> tuple[int, float]:
    digest = hashlib.blake2b(feature.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    value = int.from_bytes(digest, "little")
    # A signed hash keeps collisions from adding up to a bias on every vector.
    return value % dimensions, 1.0 if (value >> 63) & 1 else -1.0


class HashEmbedder:
    """Deterministic embeddings from hashed words and character trigrams; no model, no I/O.

    Texts that share words (or word stems, through the trigrams) point the same way, so search
    and ranking behave sensibly in tests and the demo without loading a model.
    """

    is_local = True

    def __init__(self, dimensions: int = 384) -> None:
        if dimensions < 1:
            raise EmbeddingSetupError(f"hash embedder needs at least 1 dimension, not {dimensions}")
        self._dimensions = dimensions

    @property
    def name(self) -> str:
        return f"hash-{self._dimensions}"

    @property
    def dimensions(self) -> int:
        return self._dimensions

    def __repr__(self) -> str:
        return f"HashEmbedder(dimensions={self._dimensions})"

    def _vector(self, text: str) -> np.ndarray:
        counts: dict[str, float] = {}
        for word in _WORD.findall(text.casefold()):
            counts["w:" + word] = counts.get("w:" + word, 0.0) + 1.0
            padded = f" {word} "
            for i in range(len(padded) - 2):
                gram = "c:" + padded[i : i + 3]
                counts[gram] = counts.get(gram, 0.0) + 1.0
        if not counts:
            # Empty or punctuation-only text still gets a unit vector: pgvector's cosine distance
            # is undefined for a zero vector.
            counts["empty:"] = 1.0
        vector = np.zeros(self._dimensions, dtype=np.float32)
        for feature, count in counts.items():
            index, sign = _bucket(feature, self._dimensions)
            # Sublinear term frequency, and words weigh more than any one of their trigrams.
            weight = (1.0 + math.log(count)) * (2.0 if feature[0] == "w" else 0.5)
            vector[index] += sign * weight
        return vector

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = check_texts(texts)
        if not rows:
            return np.empty((0, self._dimensions), dtype=np.float32)
        return normalise(np.stack([self._vector(text) for text in rows]))

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]
