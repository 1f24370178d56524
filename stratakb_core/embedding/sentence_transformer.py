"""The torch runtime: a sentence-transformers model loaded on first use; reads model files."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from stratakb_core.embedding.base import MINILM_DIMENSIONS, MINILM_MODEL, canonical_minilm, check_texts
from stratakb_core.embedding.local_model import (
    INFERENCE_BATCH,
    bundled_minilm_path,
    configure_torch_threads,
    hub_offline,
    quiet_load,
)
from stratakb_core.errors import EmbeddingSetupError, EmbedError

logger = logging.getLogger(__name__)


def _model_dimension(model: Any) -> int | None:
    # sentence-transformers 6 renamed get_sentence_embedding_dimension (now deprecated).
    getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
    value = getter()
    return int(value) if value is not None else None


class SentenceTransformerEmbedder:
    """A sentence-transformers model on this machine, loaded on the first call that needs it.

    Importing this module or building this object never imports torch (~10 s with the model load);
    only `embed`, `embed_query`, or `dimensions` of a model of unknown size, load it.
    """

    is_local = True

    def __init__(self, model_name: str, dimensions: int | None = None, batch_size: int = 32) -> None:
        if not model_name.strip():
            raise EmbeddingSetupError("EMBEDDING_MODEL is empty: name a sentence-transformers model")
        if batch_size < 1:
            raise EmbeddingSetupError(f"embedding batch size must be at least 1, not {batch_size}")
        canonical = canonical_minilm(model_name)
        # Both spellings of MiniLM are one model; storing one name keeps their vectors comparable.
        self._name = canonical or model_name
        self._source = canonical or model_name
        self._is_minilm = canonical is not None
        if self._is_minilm and dimensions not in (None, MINILM_DIMENSIONS):
            # MiniLM was not trained for truncation (Matryoshka); a shorter vector would lose quality.
            raise EmbeddingSetupError(
                f"{MINILM_MODEL} produces {MINILM_DIMENSIONS}-dimensional vectors, "
                f"but EMBEDDING_DIMENSIONS is {dimensions}"
            )
        self._declared = dimensions
        self._dimensions = MINILM_DIMENSIONS if self._is_minilm else dimensions
        self._batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._name

    @property
    def dimensions(self) -> int:
        if self._dimensions is None:
            self._loaded_model()
        assert self._dimensions is not None
        return self._dimensions

    @property
    def is_loaded(self) -> bool:
        return self._model is not None

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedder(model_name={self._name!r}, batch_size={self._batch_size})"

    def _loaded_model(self) -> Any:
        # The lock makes concurrent first queries (MCP server threads) load the model once.
        with self._lock:
            if self._model is None:
                started = time.perf_counter()
                model = self._load()
                logger.info("loaded embedding model %s in %.1f s", self._name, time.perf_counter() - started)
                self._model = model
            return self._model

    def _load(self) -> Any:
        try:
            bundled = bundled_minilm_path() if self._is_minilm else None
            if bundled is not None:
                with hub_offline():
                    from sentence_transformers import SentenceTransformer

                    configure_torch_threads()
                    with quiet_load():
                        model = SentenceTransformer(str(bundled), local_files_only=True)
            else:
                from sentence_transformers import SentenceTransformer

                configure_torch_threads()
                with quiet_load():
                    # A declared size below the model's own truncates (Matryoshka-trained models).
                    model = SentenceTransformer(self._source, truncate_dim=self._declared)
        except EmbeddingSetupError:
            raise
        except ImportError as exc:
            raise EmbeddingSetupError(
                f"embedding model {self._name!r} needs the sentence-transformers package ({exc})"
            ) from exc
        except Exception as exc:  # the loaders raise OSError, ValueError, HTTP errors, ...
            raise EmbeddingSetupError(f"could not load embedding model {self._name!r}: {exc}") from exc
        actual = _model_dimension(model)
        if actual is None:
            raise EmbeddingSetupError(f"embedding model {self._name!r} does not report its dimensions")
        if self._dimensions is not None and actual != self._dimensions:
            raise EmbeddingSetupError(
                f"embedding model {self._name!r} produces {actual}-dimensional vectors, "
                f"but EMBEDDING_DIMENSIONS is {self._dimensions}"
            )
        self._dimensions = actual
        return model

    def _encode(self, texts: list[str], *, query: bool) -> np.ndarray:
        model = self._loaded_model()
        # encode_query/encode_document (sentence-transformers >= 5) add the model's own query or
        # passage prompt when it defines one (e5, bge ...); for MiniLM they equal encode().
        method = getattr(model, "encode_query" if query else "encode_document", None) or model.encode
        try:
            vectors = method(
                texts,
                batch_size=min(self._batch_size, INFERENCE_BATCH),
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        except Exception as exc:  # torch raises RuntimeError for out-of-memory and bad input
            raise EmbedError(f"embedding with {self._name!r} failed: {exc}") from exc
        return np.ascontiguousarray(vectors, dtype=np.float32)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = check_texts(texts)
        if not rows:
            return np.empty((0, self.dimensions), dtype=np.float32)
        return self._encode(rows, query=False)

    def embed_query(self, text: str) -> np.ndarray:
        return self._encode([text], query=True)[0]
