"""The MCP server over streamable HTTP: every request needs a bearer key (`BearerKeyAuth`); does
I/O (the network, the store's key table).

`BearerKeyAuth`, ASGI middleware around the SDK's streamable HTTP app, looks the key up (stored
hashed) and answers 401 without reaching the tools, or writes the key's role into the request's
scope state, which the tool call reads from the request the SDK hands it. (A context variable
would not do: a stateful session runs its tools in the session's task, not the request's.)
"""

from __future__ import annotations

import ipaddress
import logging
import sys
from typing import Any

import anyio.to_thread
import psycopg
import uvicorn

from stratakb_core.errors import DatabaseError
from stratakb_core.mcp import roles
from stratakb_core.mcp.results import first_line
from stratakb_core.mcp.server import create_server, log_to_stderr
from stratakb_core.mcp.state import KEY_ID_STATE_KEY, ROLE_STATE_KEY
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import json_dumps

__all__ = ["BearerKeyAuth", "create_http_app", "run_http"]

log = logging.getLogger("stratakb_core.mcp.server")

MCP_PATH = "/mcp"
METADATA_PATH = "/.well-known/oauth-protected-resource"  # RFC 9728; also answered with the /mcp suffix


class BearerKeyAuth:
    """ASGI middleware: every HTTP request needs `Authorization: Bearer <key>` naming a key that is
    known and not revoked (looked up by its sha256 on each request). Without one the answer is 401
    with a JSON error and the request never reaches the MCP app; with one, the key's role and id go
    into the scope's state, where the tool call reads them."""

    def __init__(self, app: Any, db: Database) -> None:
        self.app = app
        self.db = db

    def _lookup(self, token: str) -> roles.ApiKey | None:
        with self.db.connection() as conn:
            return roles.lookup_key(conn, token)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # websockets: not served here
            await receive()
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope.get("path", "").startswith(METADATA_PATH):
            await _protected_resource_metadata(scope, send)
            return
        header = ""
        for name, value in scope.get("headers") or ():
            if name.lower() == b"authorization":
                header = value.decode("latin-1")
                break
        scheme, _, token = header.strip().partition(" ")
        token = token.strip()
        if not header:
            await _http_error(send, 401, "unauthorized", "this server needs a bearer key: send the header "
                              "Authorization: Bearer <key> (an admin creates keys with: stratakb keys create "
                              "--role viewer|operator|admin)", scope)
            return
        if scheme.lower() != "bearer" or not token:
            await _http_error(send, 401, "unauthorized", "the Authorization header must be: Bearer <key>", scope)
            return
        try:
            key = await anyio.to_thread.run_sync(self._lookup, token)
        except (DatabaseError, psycopg.Error) as exc:
            log.warning("key lookup failed: %s", first_line(exc))
            await _http_error(send, 503, "database_unavailable",
                              f"the key could not be checked: database unreachable ({self.db.describe()})")
            return
        if key is None:
            await _http_error(send, 401, "unauthorized", "the bearer key is not valid: unknown or revoked", scope)
            return
        state = scope.setdefault("state", {})
        state[ROLE_STATE_KEY] = key.role
        state[KEY_ID_STATE_KEY] = key.id
        await self.app(scope, receive, send)


def _base_url(scope: dict[str, Any]) -> str:
    host = ""
    for name, value in scope.get("headers") or ():
        if name.lower() == b"host":
            host = value.decode("latin-1")
    if not host and scope.get("server"):
        h, port = scope["server"][0], scope["server"][1]
        host = f"[{h}]:{port}" if ":" in str(h) else f"{h}:{port}"
    return f"{scope.get('scheme', 'http')}://{host or 'localhost'}"


async def _protected_resource_metadata(scope: dict[str, Any], send: Any) -> None:
    """RFC 9728 protected-resource metadata: the MCP endpoint and how to present its key (a bearer
    header). No authorization server: keys are made with `stratakb keys create`, not OAuth."""
    base = _base_url(scope)
    body = json_dumps({
        "resource": f"{base}{MCP_PATH}",
        "resource_name": "StrataKB MCP server",
        "bearer_methods_supported": ["header"],
        "authorization_servers": [],
        "stratakb_key_hint": "an admin creates keys with: stratakb keys create --role viewer|operator|admin",
    }).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               (b"cache-control", b"max-age=3600")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _http_error(send: Any, status: int, code: str, message: str, scope: dict[str, Any] | None = None) -> None:
    body = json_dumps({"status": "error", "error": {"code": code, "message": message}}).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 401:
        metadata = f"{_base_url(scope or {})}{METADATA_PATH}"
        headers.append((b"www-authenticate", f'Bearer realm="stratakb", resource_metadata="{metadata}"'.encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def create_http_app(settings: Settings, host: str = "127.0.0.1") -> BearerKeyAuth:
    """The streamable HTTP app at /mcp behind BearerKeyAuth (the SDK adds DNS-rebinding checks on loopback)."""
    server = create_server(settings)
    return BearerKeyAuth(server.streamable_http_app(host=host), Database(settings))


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run_http(host: str = "127.0.0.1", port: int = 8765, settings: Settings | None = None) -> None:
    """Serve MCP over streamable HTTP at http://host:port/mcp (loopback by default), every request
    with a bearer key."""
    log_to_stderr()
    settings = settings if settings is not None else Settings.from_env()
    if not _is_loopback(host):
        log.warning("the MCP server listens on %s, beyond this machine, over plain HTTP: bearer keys cross the "
                    "network in clear text; put a TLS proxy in front of it", host)
    app = create_http_app(settings, host)
    url_host = f"[{host}]" if ":" in host else host
    print(f"stratakb MCP server at http://{url_host}:{port}/mcp (send Authorization: Bearer <key>)",
          file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=5)
