"""The OpenAI-compatible embedder against a real HTTP server on 127.0.0.1 speaking the embeddings API."""

from __future__ import annotations

import dataclasses
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import numpy as np
import pytest

from stratakb_core.embedding import HashEmbedder, OpenAICompatibleEmbedder, build_embedder
from stratakb_core.errors import EmbeddingSetupError, EmbedError, LocalOnlyError
from stratakb_core.settings import Settings

SECRET = "sk-test-DO-NOT-LEAK-4f9a8b7c6d5e"
NATIVE_DIMS = 16


@dataclass
class Reply:
    """A scripted reply, served before the normal embeddings answers."""

    status: int
    body: str = '{"error": {"message": "scripted"}}'
    headers: dict[str, str] = field(default_factory=dict)
    echo_authorization: bool = False


@dataclass
class FakeServer:
    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    script: list[Reply] = field(default_factory=list)
    reverse_order: bool = True
    ignore_dimensions: bool = False
    body_override: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    @staticmethod
    def vectors(texts: list[str], dims: int = NATIVE_DIMS) -> np.ndarray:
        # Deliberately unnormalised (scaled by 3) so the client's normalisation is exercised.
        return HashEmbedder(dims).embed(texts) * 3.0


def make_handler(server: FakeServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
            pass

        def _send(self, status: int, body: str, headers: dict[str, str] | None = None) -> None:
            data = body.encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with server.lock:
                server.requests.append(
                    {
                        "path": self.path,
                        "authorization": self.headers.get("Authorization"),
                        "raw": raw.decode(),
                        "json": json.loads(raw),
                    }
                )
                scripted = server.script.pop(0) if server.script else None
            if scripted is not None:
                body = scripted.body
                if scripted.echo_authorization:
                    body = json.dumps({"error": f"bad header {self.headers.get('Authorization')}"})
                self._send(scripted.status, body, scripted.headers)
                return
            if server.body_override is not None:
                self._send(200, server.body_override)
                return
            payload = json.loads(raw)
            texts = payload["input"]
            dims = NATIVE_DIMS if server.ignore_dimensions else payload.get("dimensions", NATIVE_DIMS)
            vectors = FakeServer.vectors(texts, dims)
            data = [
                {"object": "embedding", "index": i, "embedding": v.tolist()} for i, v in enumerate(vectors)
            ]
            if server.reverse_order:
                data.reverse()
            self._send(200, json.dumps({"object": "list", "data": data, "model": payload["model"]}))

    return Handler


@pytest.fixture
def fake() -> Iterator[FakeServer]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    state = FakeServer(url=f"http://127.0.0.1:{httpd.server_address[1]}/v1")
    httpd.RequestHandlerClass = make_handler(state)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def embedder_for(fake: FakeServer, **kwargs: Any) -> OpenAICompatibleEmbedder:
    options: dict[str, Any] = {"api_key": SECRET, "dimensions": None, "max_retry_after": 0.05}
    options.update(kwargs)
    return OpenAICompatibleEmbedder(fake.url, "test-model", **options)


def settings(**changes: object) -> Settings:
    base = Settings.from_env({"STRATA_DATA_DIR": "/nonexistent/stratakb-test"})
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def expected(texts: list[str], dims: int = NATIVE_DIMS) -> np.ndarray:
    vectors = FakeServer.vectors(texts, dims)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


TEXTS = [f"passage number {i} about topic {i % 3}" for i in range(10)]


def test_texts_are_sent_in_batches_and_come_back_in_input_order(fake: FakeServer) -> None:
    with embedder_for(fake, batch_size=4) as embedder:
        vectors = embedder.embed(TEXTS)
    assert [len(r["json"]["input"]) for r in fake.requests] == [4, 4, 2]
    assert [t for r in fake.requests for t in r["json"]["input"]] == TEXTS
    assert all(r["path"] == "/v1/embeddings" for r in fake.requests)
    assert all(r["json"]["model"] == "test-model" for r in fake.requests)
    assert vectors.dtype == np.float32
    assert vectors.shape == (10, NATIVE_DIMS)
    # The server answered each batch in reverse; rows must follow "index", not arrival order.
    assert np.allclose(vectors, expected(TEXTS), atol=1e-6)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)


def test_the_key_goes_only_in_the_authorization_header(fake: FakeServer) -> None:
    with embedder_for(fake) as embedder:
        embedder.embed(["hello"])
    (request,) = fake.requests
    assert request["authorization"] == f"Bearer {SECRET}"
    assert SECRET not in request["raw"]
    assert SECRET not in request["path"]


def test_dimensions_are_requested_when_configured(fake: FakeServer) -> None:
    with embedder_for(fake, dimensions=8) as embedder:
        vectors = embedder.embed(["a", "b"])
        assert embedder.dimensions == 8
    assert fake.requests[0]["json"]["dimensions"] == 8
    assert vectors.shape == (2, 8)


def test_unknown_dimensions_are_learned_from_one_probe(fake: FakeServer) -> None:
    with embedder_for(fake) as embedder:
        assert embedder.dimensions == NATIVE_DIMS
        assert embedder.dimensions == NATIVE_DIMS
    assert len(fake.requests) == 1
    assert "dimensions" not in fake.requests[0]["json"]


def test_embed_query_returns_one_unit_vector(fake: FakeServer) -> None:
    with embedder_for(fake) as embedder:
        query = embedder.embed_query("what is a layer?")
    assert query.shape == (NATIVE_DIMS,)
    assert np.allclose(query, expected(["what is a layer?"])[0], atol=1e-6)


def test_empty_input_makes_no_request(fake: FakeServer) -> None:
    with embedder_for(fake, dimensions=8) as embedder:
        assert embedder.embed([]).shape == (0, 8)
    assert fake.requests == []


def test_429_retry_after_is_honoured_but_capped(fake: FakeServer) -> None:
    fake.script.append(Reply(429, headers={"Retry-After": "100"}))
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        time.sleep(seconds)

    started = time.monotonic()
    with embedder_for(fake, max_retry_after=0.2, sleep=sleep) as embedder:
        vectors = embedder.embed(["a", "b"])
    elapsed = time.monotonic() - started
    assert slept == [pytest.approx(0.2)]
    assert 0.2 <= elapsed < 5
    assert len(fake.requests) == 2
    assert np.allclose(vectors, expected(["a", "b"]), atol=1e-6)


def test_429_retry_after_as_http_date_is_honoured(fake: FakeServer) -> None:
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=50), usegmt=True)
    fake.script.append(Reply(429, headers={"Retry-After": when}))
    slept: list[float] = []
    with embedder_for(fake, max_retry_after=0.1, sleep=slept.append) as embedder:
        embedder.embed(["a"])
    assert slept == [pytest.approx(0.1)]


def test_short_retry_after_is_used_as_given(fake: FakeServer) -> None:
    fake.script.append(Reply(503, headers={"Retry-After": "0.01"}))
    slept: list[float] = []
    with embedder_for(fake, max_retry_after=30.0, sleep=slept.append) as embedder:
        embedder.embed(["a"])
    assert slept == [pytest.approx(0.01)]


def test_server_error_then_success(fake: FakeServer) -> None:
    fake.script.append(Reply(500))
    with embedder_for(fake) as embedder:
        vectors = embedder.embed(TEXTS[:3])
    assert len(fake.requests) == 2
    assert np.allclose(vectors, expected(TEXTS[:3]), atol=1e-6)


def test_backoff_grows_exponentially_without_retry_after(fake: FakeServer) -> None:
    fake.script.extend([Reply(502), Reply(502), Reply(502)])
    slept: list[float] = []
    with embedder_for(fake, max_retry_after=30.0, sleep=slept.append) as embedder:
        embedder.embed(["a"])
    assert len(slept) == 3
    for attempt, delay in enumerate(slept):
        assert 0.25 * 2**attempt <= delay <= 0.5 * 2**attempt


def test_persistent_failure_gives_up_after_max_retries(fake: FakeServer) -> None:
    fake.script.extend([Reply(503)] * 10)
    with embedder_for(fake, max_retries=2) as embedder, pytest.raises(EmbedError, match="503") as info:
        embedder.embed(["a"])
    assert len(fake.requests) == 3
    assert info.value.code == "embed_error"
    assert "3 attempts" in str(info.value)


def test_client_error_is_not_retried(fake: FakeServer) -> None:
    fake.script.append(Reply(400, body='{"error": {"message": "input too long"}}'))
    with embedder_for(fake) as embedder, pytest.raises(EmbedError, match="input too long"):
        embedder.embed(["a"])
    assert len(fake.requests) == 1


def test_unreachable_server_is_retried_then_an_embed_error() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # Nothing listens on the port now: every attempt is refused.
    slept: list[float] = []
    embedder = OpenAICompatibleEmbedder(
        f"http://127.0.0.1:{port}/v1", "m", None, None, max_retries=2, sleep=slept.append
    )
    with embedder, pytest.raises(EmbedError, match="could not reach") as info:
        embedder.embed(["a"])
    assert len(slept) == 2
    assert isinstance(info.value.__cause__, httpx.ConnectError)


def test_key_never_appears_in_errors_even_when_the_server_echoes_it(fake: FakeServer) -> None:
    fake.script.append(Reply(500, echo_authorization=True))
    embedder = embedder_for(fake, max_retries=0)
    with embedder, pytest.raises(EmbedError) as info:
        embedder.embed(["a"])
    assert fake.requests[0]["authorization"] == f"Bearer {SECRET}"  # it was sent, and echoed
    for text in (str(info.value), repr(info.value), info.value.message, repr(embedder), str(embedder)):
        assert SECRET not in text
    assert "[redacted]" in str(info.value)


def test_rejected_key_is_a_setup_error_without_the_key(
    fake: FakeServer, caplog: pytest.LogCaptureFixture
) -> None:
    fake.script.append(Reply(500, echo_authorization=True))
    fake.script.append(Reply(401, echo_authorization=True))
    with (
        embedder_for(fake) as embedder,
        pytest.raises(EmbeddingSetupError, match="EMBEDDING_API_KEY") as info,
    ):
        embedder.embed(["a"])
    assert SECRET not in str(info.value)
    assert caplog.records, "the retry should have been logged"
    assert SECRET not in caplog.text


def test_dimension_mismatch_is_an_embed_error(fake: FakeServer) -> None:
    fake.ignore_dimensions = True
    with embedder_for(fake, dimensions=8) as embedder, pytest.raises(EmbedError) as info:
        embedder.embed(["a"])
    assert "16" in str(info.value) and "EMBEDDING_DIMENSIONS" in str(info.value)


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        '{"data": "nope"}',
        '{"data": [{"index": 0, "embedding": [1, 2]}]}',  # one row for two texts
        '{"data": [{"index": 0, "embedding": [1, 2]}, {"index": 0, "embedding": [3, 4]}]}',
        '{"data": [{"index": 0, "embedding": [1, 2]}, {"index": 1, "embedding": [3]}]}',
        '{"data": [{"index": 0, "embedding": [1, "x"]}, {"index": 1, "embedding": [3, 4]}]}',
    ],
)
def test_malformed_replies_are_embed_errors(fake: FakeServer, body: str) -> None:
    fake.body_override = body
    with embedder_for(fake) as embedder, pytest.raises(EmbedError):
        embedder.embed(["a", "b"])


def test_build_embedder_uses_a_loopback_server_without_a_key(fake: FakeServer) -> None:
    embedder = build_embedder(
        settings(
            embedding_backend="openai_compatible",
            embedding_base_url=fake.url,
            embedding_model="nomic-embed-text",
            embedding_api_key=None,
            local_only=True,
            embedding_batch_size=3,
        )
    )
    assert embedder.is_local
    vectors = embedder.embed(TEXTS[:7])
    assert vectors.shape == (7, NATIVE_DIMS)
    assert [len(r["json"]["input"]) for r in fake.requests] == [3, 3, 1]
    assert all(r["authorization"] is None for r in fake.requests)
    assert fake.requests[0]["json"]["model"] == "nomic-embed-text"


def test_local_only_refuses_a_remote_endpoint_without_any_request(monkeypatch: pytest.MonkeyPatch) -> None:
    attempts: list[object] = []

    def forbidden(*args: object, **kwargs: object) -> None:
        attempts.append(args)
        raise AssertionError("no connection may be attempted")

    monkeypatch.setattr(httpx.Client, "send", forbidden)
    monkeypatch.setattr(socket.socket, "connect", forbidden)
    with pytest.raises(LocalOnlyError) as info:
        build_embedder(
            settings(
                embedding_backend="openai_compatible",
                embedding_base_url="http://192.0.2.1/v1",
                embedding_api_key=SECRET,
                local_only=True,
            )
        )
    assert info.value.code == "local_only"
    assert "STRATA_LOCAL_ONLY" in str(info.value)
    assert SECRET not in str(info.value)
    assert attempts == []


def test_unknown_backend_and_missing_key_are_setup_errors() -> None:
    with pytest.raises(EmbeddingSetupError) as unknown:
        build_embedder(settings(embedding_backend="bert-as-a-service"))
    assert unknown.value.code == "embedding_setup"
    with pytest.raises(EmbeddingSetupError, match="missing key"):
        build_embedder(
            settings(
                embedding_backend="openai", embedding_base_url="http://192.0.2.1/v1", embedding_api_key=None
            )
        )
