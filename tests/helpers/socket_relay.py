"""A TCP relay on loopback to the test server's Unix socket, for a child that may not open the
socket's folder (root without its file capabilities)."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit


def _pump(src: socket.socket, dst: socket.socket) -> None:
    try:
        while data := src.recv(65536):
            dst.sendall(data)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)


@contextlib.contextmanager
def tcp_url_for(unix_url: str) -> Iterator[str]:
    """Yield a `postgresql://...@127.0.0.1:PORT/db` URL that reaches the server of `unix_url`."""
    parts = urlsplit(unix_url)
    sock_dir = parse_qs(parts.query)["host"][0]
    path = f"{sock_dir}/.s.PGSQL.{parts.port or 5432}"
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            upstream = socket.socket(socket.AF_UNIX)
            upstream.connect(path)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=_pump, args=(a, b), daemon=True).start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        user = parts.username or "postgres"
        yield f"postgresql://{user}@127.0.0.1:{listener.getsockname()[1]}{parts.path}"
    finally:
        stop.set()
        thread.join(timeout=2)
        listener.close()
