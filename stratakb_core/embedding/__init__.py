"""Embedding backends behind one `Embedder` role; the model and HTTP backends do I/O.

    HashEmbedder                 feature hashing, no model: tests and the demo (hashing, pure)
    OnnxEmbedder                 a local sentence-transformers model run by onnxruntime (onnx_runtime;
                                 exported once by onnx_export, the only torch import)
    SentenceTransformerEmbedder  a local model run by torch, loaded on first use (sentence_transformer)
    OpenAICompatibleEmbedder     POST {base_url}/embeddings over HTTP (http)

Every backend returns float32 rows of unit length, so cosine similarity is a dot product.
`build_embedder` (factory) picks one from `Settings`; it never loads a model or opens a connection.
"""

from __future__ import annotations

from stratakb_core.embedding.base import MINILM_DIMENSIONS, MINILM_MODEL, Embedder, text_hash
from stratakb_core.embedding.factory import build_embedder
from stratakb_core.embedding.hashing import HashEmbedder
from stratakb_core.embedding.http import OpenAICompatibleEmbedder, is_loopback_url
from stratakb_core.embedding.local_model import configure_torch_threads, quiet_load
from stratakb_core.embedding.onnx_runtime import OnnxEmbedder
from stratakb_core.embedding.sentence_transformer import SentenceTransformerEmbedder

# The names stratakb_core.query.rerank imports for its cross-encoder (kept so it need not change).
_configure_torch_threads = configure_torch_threads
_quiet_load = quiet_load

__all__ = [
    "MINILM_DIMENSIONS",
    "MINILM_MODEL",
    "Embedder",
    "HashEmbedder",
    "OnnxEmbedder",
    "OpenAICompatibleEmbedder",
    "SentenceTransformerEmbedder",
    "build_embedder",
    "configure_torch_threads",
    "is_loopback_url",
    "quiet_load",
    "text_hash",
]
