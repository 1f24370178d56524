"""Choosing the configured embedder from `Settings` (reads a model's config files, loads no model).

`build_embedder` enforces STRATA_LOCAL_ONLY and never loads a model or opens a connection, so a
sync with nothing to embed stays cheap. For a local sentence-transformers model it also picks the
runtime: ONNX when onnxruntime is installed and the model's folder is on this machine, else torch.
"""

from __future__ import annotations

import importlib.util
import logging
import re

from stratakb_core.embedding.base import Embedder, canonical_minilm
from stratakb_core.embedding.hashing import HashEmbedder
from stratakb_core.embedding.http import OpenAICompatibleEmbedder, display_url, is_loopback_url
from stratakb_core.embedding.local_model import local_model_dir, onnx_unsupported
from stratakb_core.embedding.onnx_runtime import QUANTIZATIONS, OnnxEmbedder
from stratakb_core.embedding.sentence_transformer import SentenceTransformerEmbedder
from stratakb_core.errors import EmbeddingSetupError, LocalOnlyError
from stratakb_core.settings import Settings

logger = logging.getLogger(__name__)

# Canonical backend names, then the aliases users are likely to type.
_BACKENDS = {
    "sentence_transformers": "sentence_transformers",
    "local": "sentence_transformers",
    "openai_compatible": "openai_compatible",
    "openai": "openai_compatible",
    "hash": "hash",
}
RUNTIMES = ("auto", "onnx", "torch")


def _build_hash(settings: Settings) -> HashEmbedder:
    named = re.fullmatch(r"hash-(\d+)", settings.embedding_model.strip().lower())
    from_name = int(named.group(1)) if named else None
    dimensions = settings.embedding_dimensions or from_name or 384
    if from_name is not None and from_name != dimensions:
        raise EmbeddingSetupError(
            f"EMBEDDING_MODEL {settings.embedding_model!r} and EMBEDDING_DIMENSIONS {dimensions} disagree"
        )
    return HashEmbedder(dimensions)


def _local_only_error(where: str) -> LocalOnlyError:
    return LocalOnlyError(
        f"STRATA_LOCAL_ONLY is on and embedding would leave the machine ({where}). "
        "Use EMBEDDING_BACKEND=sentence_transformers or an endpoint on this machine "
        "(localhost, 127.0.0.1, ::1), or turn STRATA_LOCAL_ONLY off."
    )


def _build_openai(settings: Settings) -> OpenAICompatibleEmbedder:
    base_url = (settings.embedding_base_url or "").strip()
    if not base_url:
        raise EmbeddingSetupError(
            "EMBEDDING_BACKEND=openai_compatible needs EMBEDDING_BASE_URL (ending in /v1, "
            "e.g. http://127.0.0.1:11434/v1)"
        )
    loopback = is_loopback_url(base_url)
    # Checked before the key: with STRATA_LOCAL_ONLY on, a key would not make this endpoint allowed.
    if settings.local_only and not loopback:
        raise _local_only_error(f"EMBEDDING_BASE_URL is {display_url(base_url)}")
    if not settings.embedding_api_key and not loopback:
        raise EmbeddingSetupError(
            f"missing key: set EMBEDDING_API_KEY for the embedding endpoint {display_url(base_url)}"
        )
    return OpenAICompatibleEmbedder(
        base_url,
        settings.embedding_model,
        settings.embedding_api_key,
        settings.embedding_dimensions,
        batch_size=settings.embedding_batch_size,
    )


def _onnx_refusal(settings: Settings, runtime: str) -> str | None:
    """Why the ONNX runtime cannot serve this model, or None when it can."""
    if importlib.util.find_spec("onnxruntime") is None or importlib.util.find_spec("tokenizers") is None:
        return "onnxruntime or tokenizers is not installed"
    model_dir = local_model_dir(settings.embedding_model)
    if model_dir is None:
        return f"{settings.embedding_model!r} is not a sentence-transformers model folder on this machine"
    is_minilm = canonical_minilm(settings.embedding_model) is not None
    if runtime == "auto" and settings.embedding_dimensions is not None and not is_minilm:
        # The torch runtime truncates a Matryoshka model to a declared size; the export does not.
        return "EMBEDDING_DIMENSIONS is set for a model the torch runtime may truncate"
    return onnx_unsupported(model_dir)


def _build_local(settings: Settings) -> SentenceTransformerEmbedder | OnnxEmbedder:
    runtime = settings.embedding_runtime.strip().lower()
    quantize = settings.embedding_quantize.strip().lower()
    if runtime not in RUNTIMES:
        raise EmbeddingSetupError(f"unknown EMBEDDING_RUNTIME {settings.embedding_runtime!r}: use auto, onnx or torch")
    if quantize not in QUANTIZATIONS:
        raise EmbeddingSetupError(f"unknown EMBEDDING_QUANTIZE {settings.embedding_quantize!r}: use none or int8")
    refusal = None if runtime == "torch" else _onnx_refusal(settings, runtime)
    if runtime == "torch" or refusal is not None:
        if runtime == "onnx" or quantize != "none":
            setting = "EMBEDDING_RUNTIME=onnx" if runtime == "onnx" else f"EMBEDDING_QUANTIZE={quantize}"
            why = refusal or "EMBEDDING_RUNTIME is torch"
            raise EmbeddingSetupError(f"{setting} needs the ONNX runtime, which cannot serve this model: {why}")
        if refusal is not None:
            logger.debug("embedding with torch: %s", refusal)
        return SentenceTransformerEmbedder(
            settings.embedding_model,
            dimensions=settings.embedding_dimensions,
            batch_size=settings.embedding_batch_size,
        )
    model_dir = local_model_dir(settings.embedding_model)
    assert model_dir is not None  # _onnx_refusal checked it
    return OnnxEmbedder(
        settings.embedding_model,
        model_dir,
        settings.data_dir / "onnx",
        dimensions=settings.embedding_dimensions,
        batch_size=settings.embedding_batch_size,
        quantize=quantize,
    )


def build_embedder(settings: Settings) -> Embedder:
    """The configured embedder; refuses an unknown backend, a missing setting, or a STRATA_LOCAL_ONLY breach.

    Loads no model and opens no connection.
    """
    requested = settings.embedding_backend.strip().lower().replace("-", "_")
    backend = _BACKENDS.get(requested)
    if backend is None:
        raise EmbeddingSetupError(
            f"unknown EMBEDDING_BACKEND {settings.embedding_backend!r}: use sentence_transformers "
            "(alias local), openai_compatible (alias openai) or hash"
        )
    embedder: Embedder
    if backend == "hash":
        embedder = _build_hash(settings)
    elif backend == "sentence_transformers":
        embedder = _build_local(settings)
    else:
        embedder = _build_openai(settings)
    if settings.local_only and not embedder.is_local:
        raise _local_only_error(f"backend {backend}")
    return embedder
