"""A real HTTP server on 127.0.0.1 speaking the Anthropic Messages API and the OpenAI chat completions
API with scripted replies, for the query-rewriting providers (runs a server thread).

    POST /v1/messages            Anthropic: {"content": [{"type": "text", "text": ...}], ...}
    POST /v1/chat/completions    OpenAI:    {"choices": [{"message": {"content": ...}}], ...}

Each request takes the next `Scripted` reply from `script` (then `default`): a model text wrapped in
the API's shape, a status with headers, a raw body, a delay, or a body of many megabytes.
Every request is recorded with its path, headers and JSON body.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Scripted:
    """One reply. text: the model's answer; status/headers: an HTTP status (an error body is sent);
    body: a raw body instead; delay: seconds to wait first; huge: bytes of filler to send;
    declare_length False: no Content-Length (the body ends when the connection closes)."""

    text: str | None = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None
    delay: float = 0.0
    huge: int = 0
    declare_length: bool = True


@dataclass
class RewriteServer:
    url: str = ""
    script: list[Scripted] = field(default_factory=list)
    default: Scripted = field(default_factory=lambda: Scripted(text='["default variant"]'))
    requests: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def next_reply(self) -> Scripted:
        with self.lock:
            return self.script.pop(0) if self.script else self.default


def _wrap(path: str, text: str) -> bytes:
    if path.endswith("/messages"):
        data: dict[str, Any] = {"id": "msg_test", "type": "message", "role": "assistant",
                                "content": [{"type": "text", "text": text}], "stop_reason": "end_turn"}
    else:
        data = {"id": "chatcmpl-test", "object": "chat.completion",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}
    return json.dumps(data).encode()


def _handler(server: RewriteServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
            pass

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with server.lock:
                server.requests.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                                        "json": json.loads(raw or b"null")})
            reply = server.next_reply()
            if reply.delay:
                time.sleep(reply.delay)
            if self.path not in ("/v1/messages", "/v1/chat/completions"):
                self._send(404, b'{"error": {"message": "no such path"}}', {}, True)
            elif reply.huge:
                self._send_huge(reply)
            elif reply.body is not None:
                self._send(reply.status, reply.body, reply.headers, reply.declare_length)
            elif reply.status != 200:
                body = json.dumps({"type": "error", "error": {"type": "scripted", "message": "scripted"}}).encode()
                self._send(reply.status, body, reply.headers, True)
            else:
                self._send(200, _wrap(self.path, reply.text or ""), reply.headers, reply.declare_length)

        def _send(self, status: int, body: bytes, headers: dict[str, str], declare_length: bool) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            if declare_length:
                self.send_header("Content-Length", str(len(body)))
            else:
                self.send_header("Connection", "close")
                self.close_connection = True
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            with contextlib.suppress(OSError):
                self.wfile.write(body)

        def _send_huge(self, reply: Scripted) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            if reply.declare_length:
                self.send_header("Content-Length", str(reply.huge))
            else:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()
            chunk = b'{"pad": "' + b"x" * 65_000 + b'"}'
            sent = 0
            with contextlib.suppress(OSError):
                while sent < reply.huge:
                    part = chunk[: reply.huge - sent]
                    self.wfile.write(part)
                    sent += len(part)

    return Handler


@contextlib.contextmanager
def rewrite_server() -> Iterator[RewriteServer]:
    """A scripted server on 127.0.0.1 (a free port), shut down on exit."""
    state = RewriteServer()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)
