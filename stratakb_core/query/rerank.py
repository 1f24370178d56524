"""Cross-encoder reranking (sentence-transformers CrossEncoder); loads a model, so does I/O.

The model loads lazily, by name or local path (RERANKING_MODEL). When it cannot load, callers get
a RerankerUnavailable with the reason, so an answer can say so and fall back to similarity.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from stratakb_core.embedding import _configure_torch_threads, _quiet_load
from stratakb_core.errors import RerankerUnavailable

log = logging.getLogger(__name__)

DEFAULT_RERANKING_MODEL = "cross-encoder/ms-marco-MiniLM-L6-v2"
# A pair costs ~110 ms at ~300 tokens on 2 cores (DESIGN.md §8): cap what each pair reads.
MAX_PASSAGE_CHARS = 1200
MAX_LENGTH_TOKENS = 320


def _hub_reachable(timeout: float = 2.0) -> bool:
    try:
        with socket.create_connection(("huggingface.co", 443), timeout=timeout):
            return True
    except OSError:
        return False


def _load_cross_encoder(cls: Any, name: str) -> Any:
    """A local folder loads as is; a hub name loads from the local cache, else from the hub when it
    can be reached. Checking first avoids the hub client's minute of retries on a closed network."""
    if Path(name).expanduser().is_dir():
        return cls(str(Path(name).expanduser()), max_length=MAX_LENGTH_TOKENS, local_files_only=True)
    try:
        return cls(name, max_length=MAX_LENGTH_TOKENS, local_files_only=True)
    except Exception as cached_exc:
        offline = os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes")
        if offline:
            raise RuntimeError(f"no local copy of {name} and HF_HUB_OFFLINE is set") from cached_exc
        if not _hub_reachable():
            raise RuntimeError(f"no local copy of {name}, and the model hub cannot be reached; set "
                               "RERANKING_MODEL to a local folder") from cached_exc
        return cls(name, max_length=MAX_LENGTH_TOKENS)


class CrossEncoderReranker:
    """Scores (question, passage) pairs with a relevance probability from 0 to 1."""

    def __init__(self, model: str) -> None:
        self.model_name = model
        self._model: Any = None
        self._error: str | None = None
        self._lock = threading.Lock()

    @property
    def state(self) -> str:
        if self._model is not None:
            return "loaded"
        if self._error is not None:
            return f"unavailable: {self._error}"
        return "not loaded yet"

    def _load(self) -> Any:
        with self._lock:
            if self._model is not None:
                return self._model
            if self._error is not None:
                raise RerankerUnavailable(self._error)
            try:
                # sentence-transformers (and torch) take seconds to import: only once a model is needed.
                from sentence_transformers import CrossEncoder

                _configure_torch_threads()
                with _quiet_load():
                    self._model = _load_cross_encoder(CrossEncoder, self.model_name)
            except Exception as exc:  # no network, missing files, bad config: all mean "cannot load"
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                self._error = f"the reranking model {self.model_name!r} could not load ({first[:200]})"
                log.info("reranker_unavailable: %s", self._error)
                raise RerankerUnavailable(self._error) from exc
            return self._model

    def score(self, question: str, passages: Sequence[str]) -> np.ndarray:
        if not passages:
            return np.zeros(0, dtype=np.float32)
        model = self._load()
        pairs = [(question, p[:MAX_PASSAGE_CHARS]) for p in passages]
        scores = np.asarray(model.predict(pairs, show_progress_bar=False, convert_to_numpy=True), dtype=np.float32)
        if scores.ndim > 1:  # a model with several labels: take the last as "relevant"
            scores = scores[:, -1]
        if scores.min() < 0.0 or scores.max() > 1.0:  # logits, not probabilities
            scores = 1.0 / (1.0 + np.exp(-scores))
        return scores
