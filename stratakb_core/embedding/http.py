"""Embeddings from a server speaking the OpenAI embeddings API; does network I/O."""

from __future__ import annotations

import email.utils
import ipaddress
import logging
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

import numpy as np

from stratakb_core.embedding.base import check_texts, normalise
from stratakb_core.errors import EmbeddingSetupError, EmbedError

if TYPE_CHECKING:
    import httpx

logger = logging.getLogger(__name__)


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


def display_url(url: str) -> str:
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
            f"not {display_url(base_url)!r}"
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
        self._display = display_url(self._url)
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
                    self._redact(f"embedding endpoint {self._display} failed after {attempt + 1} attempts: {problem}")
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
        rows = check_texts(texts)
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
        return normalise(np.concatenate(parts))

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]
