"""The ONNX runtime: a sentence-transformers model run by onnxruntime, no torch; reads model files.

The tokenizer (the `tokenizers` library, the model's own tokenizer.json) and the inference session
load lazily, once, on the first call that needs them. The export they run is made by
`onnx_export` on the first use on a machine, the only time torch is imported.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from stratakb_core.embedding.base import MINILM_DIMENSIONS, MINILM_MODEL, canonical_minilm, check_texts, normalise
from stratakb_core.embedding.local_model import INFERENCE_BATCH, usable_cpus
from stratakb_core.embedding.onnx_export import ExportedModel, ensure_exported
from stratakb_core.errors import EmbeddingSetupError, EmbedError

logger = logging.getLogger(__name__)

QUANTIZATIONS = ("none", "int8")
# int8 vectors are close to the fp32 ones but not the same (see docs/adr/0006): a name of their own
# keeps the store from mixing them with fp32 vectors, and makes a switch re-embed.
INT8_SUFFIX = "#int8"


@dataclass(frozen=True)
class _Loaded:
    tokenizer: Any
    session: Any
    exported: ExportedModel


class OnnxEmbedder:
    """A local sentence-transformers model exported to ONNX and run with onnxruntime.

    fp32 vectors are the torch vectors (cosine >= 0.9999), so the stored name is the model's name and
    switching runtimes re-embeds nothing; int8 vectors are stored under "<model>#int8".
    """

    is_local = True

    def __init__(
        self,
        model_name: str,
        model_dir: Path,
        cache_root: Path,
        *,
        dimensions: int | None = None,
        batch_size: int = 32,
        quantize: str = "none",
    ) -> None:
        if batch_size < 1:
            raise EmbeddingSetupError(f"embedding batch size must be at least 1, not {batch_size}")
        if quantize not in QUANTIZATIONS:
            raise EmbeddingSetupError(f"unknown EMBEDDING_QUANTIZE {quantize!r}: use none or int8")
        canonical = canonical_minilm(model_name)
        if canonical is not None and dimensions not in (None, MINILM_DIMENSIONS):
            raise EmbeddingSetupError(
                f"{MINILM_MODEL} produces {MINILM_DIMENSIONS}-dimensional vectors, "
                f"but EMBEDDING_DIMENSIONS is {dimensions}"
            )
        self._model_name = canonical or model_name
        self._model_dir = model_dir
        self._cache_root = cache_root
        self._dimensions = MINILM_DIMENSIONS if canonical is not None else dimensions
        self._batch_size = batch_size
        self._quantize = quantize
        self._loaded: _Loaded | None = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._model_name + (INT8_SUFFIX if self._quantize == "int8" else "")

    @property
    def dimensions(self) -> int:
        if self._dimensions is None:
            self._load_once()
        assert self._dimensions is not None
        return self._dimensions

    @property
    def quantize(self) -> str:
        return self._quantize

    @property
    def is_loaded(self) -> bool:
        return self._loaded is not None

    def __repr__(self) -> str:
        return (
            f"OnnxEmbedder(model_name={self._model_name!r}, quantize={self._quantize!r}, batch_size={self._batch_size})"
        )

    def _load_once(self) -> _Loaded:
        # The lock makes concurrent first queries (MCP server threads) load the session once.
        with self._lock:
            if self._loaded is None:
                started = time.perf_counter()
                self._loaded = self._load()
                logger.info("loaded ONNX embedding model %s in %.1f s", self.name, time.perf_counter() - started)
            return self._loaded

    def _load(self) -> _Loaded:
        try:
            import onnxruntime
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise EmbeddingSetupError(f"the ONNX runtime needs onnxruntime and tokenizers ({exc})") from exc
        exported = ensure_exported(self._model_name, self._model_dir, self._cache_root, self._quantize)
        if self._dimensions is not None and exported.dimensions != self._dimensions:
            raise EmbeddingSetupError(
                f"embedding model {self._model_name!r} produces {exported.dimensions}-dimensional vectors, "
                f"but EMBEDDING_DIMENSIONS is {self._dimensions}"
            )
        try:
            tokenizer = Tokenizer.from_file(str(self._model_dir / "tokenizer.json"))
            # What sentence-transformers does: truncate to max_seq_length (special tokens included),
            # pad per batch; tokenizer.json's own fixed padding would only waste work.
            tokenizer.no_padding()
            tokenizer.enable_truncation(max_length=exported.max_seq_length)
            options = onnxruntime.SessionOptions()
            if not (os.environ.get("OMP_NUM_THREADS") or os.environ.get("MKL_NUM_THREADS")):
                # onnxruntime sizes its pool from the host's cores; a container's CPU quota is smaller.
                options.intra_op_num_threads = usable_cpus()
            options.inter_op_num_threads = 1
            # Idle workers sleep instead of spinning: on a busy machine (or beside the database and
            # a reranker) spinning threads steal the cores the work needs.
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            options.log_severity_level = 3  # errors only: its warnings are not the user's business
            session = onnxruntime.InferenceSession(str(exported.path), options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own Fail/InvalidProtobuf; tokenizers raises Exception
            raise EmbeddingSetupError(f"could not load the ONNX model {exported.path}: {exc}") from exc
        self._dimensions = exported.dimensions
        return _Loaded(tokenizer, session, exported)

    def _run(self, loaded: _Loaded, encodings: list[Any]) -> np.ndarray:
        width = max(len(encoding.ids) for encoding in encodings)
        arrays = {name: np.zeros((len(encodings), width), dtype=np.int64) for name in loaded.exported.inputs}
        for row, encoding in enumerate(encodings):
            length = len(encoding.ids)
            arrays["input_ids"][row, :length] = encoding.ids
            arrays["attention_mask"][row, :length] = 1
            if "token_type_ids" in arrays:
                arrays["token_type_ids"][row, :length] = encoding.type_ids
        return loaded.session.run(None, arrays)[0]

    def _encode(self, texts: list[str]) -> np.ndarray:
        loaded = self._load_once()
        if loaded.exported.do_lower_case:
            texts = [text.lower() for text in texts]
        try:
            encodings = loaded.tokenizer.encode_batch(texts)
            # Longest first, as sentence-transformers batches: similar lengths pad the least.
            order = sorted(range(len(texts)), key=lambda i: -len(encodings[i].ids))
            vectors = np.empty((len(texts), loaded.exported.dimensions), dtype=np.float32)
            step = min(self._batch_size, INFERENCE_BATCH)
            for start in range(0, len(order), step):
                rows = order[start : start + step]
                vectors[rows] = self._run(loaded, [encodings[i] for i in rows])
        except Exception as exc:  # onnxruntime raises RuntimeError-like Fail for bad input or memory
            raise EmbedError(f"embedding with {self.name!r} (ONNX) failed: {exc}") from exc
        return normalise(vectors)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = check_texts(texts)
        if not rows:
            return np.empty((0, self.dimensions), dtype=np.float32)
        return self._encode(rows)

    def embed_query(self, text: str) -> np.ndarray:
        return self._encode([text])[0]
