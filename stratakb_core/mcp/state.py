"""What the MCP server holds between calls (the lifespan's `ServerState`) and who calls a tool
(`Caller`); does I/O (the store, the models, built lazily).

Starting the server loads no model; it resolves the store before serving (a store that is down
then is tried again by each call). The embedder is built on the first search and follows the
store's active model (a re-embed switches it while the server runs), and each tool call opens its
own connection, so a database that comes back, or an embedded one that died and is started again,
is used without a restart.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import anyio
import anyio.to_thread
import psycopg
from mcp.server.mcpserver import Context, MCPServer

from stratakb_core.embedding import Embedder, build_embedder
from stratakb_core.errors import DatabaseError, StrataError, StrataToolError
from stratakb_core.mcp import roles
from stratakb_core.query import (
    PROMOTE_EVERY,
    AskConfig,
    CrossEncoderReranker,
    Engine,
    build_rewriter,
    setup_note,
    table_limits,
)
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store.connection import Database
from stratakb_core.store.vectors import active_model, check_active_model

__all__ = ["KEY_ID_STATE_KEY", "ROLE_STATE_KEY", "Caller", "ServerState", "caller_of", "client_key", "lifespan",
           "state_of"]

log = logging.getLogger("stratakb_core.mcp.server")

# Where BearerKeyAuth leaves the verified key in the ASGI scope's state for the tool call.
ROLE_STATE_KEY = "stratakb_role"
KEY_ID_STATE_KEY = "stratakb_key_id"


@dataclass
class ServerState:
    """What the server holds between calls: settings, the database, and a lazily built embedder."""

    settings: Settings
    db: Database
    _embedder: Embedder | None = field(default=None, repr=False)
    _engine: Engine | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    session_token: str = field(default_factory=lambda: secrets.token_hex(8), repr=False)

    @classmethod
    def build(cls, settings: Settings | None = None) -> ServerState:
        settings = settings if settings is not None else Settings.from_env()
        return cls(settings=settings, db=Database(settings))

    def embedder(self) -> Embedder:
        """The configured embedder, built on first use (building loads no model; the first query does)."""
        # Tools run on worker threads; the lock builds one embedder for all of them.
        with self._lock:
            if self._embedder is None:
                self._embedder = build_embedder(self.settings)
            return self._embedder

    def query_embedder(self, conn: psycopg.Connection) -> Embedder:
        """The embedder of the store's active model, checked per call: when a re-embed activates
        another model while the server runs, the server follows it (builds that model's embedder
        and a new engine on this call), so searches carry on without a restart."""
        embedder = self.embedder()
        active = active_model(conn)
        if active is None or active.model == embedder.name:
            return embedder
        return self._follow(conn, active.model, active.dimensions)

    def _follow(self, conn: psycopg.Connection, model: str, dimensions: int) -> Embedder:
        with self._lock:
            current = self._embedder
            if current is not None and current.name == model:
                return current
            followed = replace(self.settings, embedding_model=model, embedding_dimensions=dimensions)
            try:
                embedder = build_embedder(followed)
            except StrataError:
                log.warning("the store's active model is %s; this server cannot build it", model)
                embedder = None
            if embedder is None or embedder.name != model:
                # Refused with the one wording of a mismatch (the configured model is not the active one).
                check_active_model(conn, current.name if current is not None else self.settings.embedding_model)
                raise StrataToolError("embedding_model_mismatch", f"cannot load the store's active model {model}")
            log.info("the store's active model is now %s: queries use it from now on", model)
            # The old embedder is left to the collector: a call in flight may still be using it.
            self.settings, self._embedder, self._engine = followed, embedder, None
        return embedder

    def engine(self, conn: psycopg.Connection) -> Engine:
        """The answering engine (search cache, reranker), built once; checks the model per call."""
        embedder = self.query_embedder(conn)
        with self._lock:
            if self._engine is None:
                cfg = self.settings
                reranker = CrossEncoderReranker(cfg.reranking_model) if cfg.reranking_enabled else None
                # The promoter runs in this process every PROMOTE_EVERY interactions; variants are
                # searched in parallel, each on a connection of its own.
                self._engine = Engine(embedder, AskConfig(
                    token_budget=cfg.answer_token_budget, keyword_slots=cfg.hybrid_keyword_slots,
                    reranking_enabled=cfg.reranking_enabled, learning_enabled=cfg.learning_enabled,
                    store_raw_queries=cfg.learning_store_raw_queries,
                    reranking_model=cfg.reranking_model, data_dir=cfg.data_dir,
                    table_limits=table_limits(cfg), promote_every=PROMOTE_EVERY), reranker,
                    rewriter=build_rewriter(cfg), connect=self.db.connection)
            return self._engine

    def warm_up(self) -> None:
        """Start (embedded) and migrate the store now; raises DatabaseError when it is down."""
        with self.db.connection():
            pass

    def reranker_state(self) -> str:
        """disabled, not loaded yet, loaded, or unavailable: <reason> (never loads the model)."""
        if not self.settings.reranking_enabled:
            return "disabled"
        with self._lock:
            reranker = self._engine.reranker if self._engine is not None else None
        state = getattr(reranker, "state", None)
        return state if isinstance(state, str) else "not loaded yet"

    def close(self) -> None:
        with self._lock:
            embedder, self._embedder = self._embedder, None
        close = getattr(embedder, "close", None)
        if callable(close):
            close()
        with self._lock:
            engine, self._engine = self._engine, None
        if engine is not None and engine.rewriter is not None:
            engine.rewriter.close()


def state_of(ctx: Context) -> ServerState:
    return ctx.request_context.lifespan_context


@dataclass(frozen=True)
class Caller:
    """Who calls a tool: a role, and the actor the store's events record."""

    role: str
    actor: str
    transport: str  # stdio | http


def caller_of(ctx: Context) -> Caller:
    """The caller's role: the configuration's over stdio, the verified key's over HTTP."""
    rc = ctx.request_context
    request = rc.request
    if request is None:  # stdio (or in process): no request, the role configured for this server
        role = rc.lifespan_context.settings.mcp_role
        return Caller(role, ev.default_actor().replace("cli:", "mcp:", 1), "stdio")
    state = (getattr(request, "scope", None) or {}).get("state") or {}
    role = state.get(ROLE_STATE_KEY)
    if role not in roles.ROLES:
        # An HTTP request that did not pass BearerKeyAuth (an app built without it): fail closed.
        raise StrataToolError("unauthorized", "this request carries no verified key; the HTTP transport needs "
                              "Authorization: Bearer <key> (create one with: stratakb keys create --role viewer)")
    return Caller(role, f"mcp:{state.get(KEY_ID_STATE_KEY)}", "http")


def client_key(ctx: Context, caller: Caller) -> str:
    """The client or session key the learning loop judges "asked again soon after" by: the caller's
    actor, the server session (a stdio process, an in-process server) and, over HTTP, the MCP
    session id the client sends; two sessions, or two keys, never pair."""
    rc = ctx.request_context
    headers = getattr(rc.request, "headers", None) if rc.request is not None else None
    http_session = headers.get("mcp-session-id", "") if headers is not None else ""
    token = hashlib.sha256(f"{rc.lifespan_context.session_token}:{http_session}".encode()).hexdigest()[:12]
    return f"{caller.actor}#{token}"


def lifespan(settings: Settings | None) -> Callable[[MCPServer[Any]], AbstractAsyncContextManager[ServerState]]:
    """The server's lifespan: a ServerState for the session, closed when it ends."""
    @asynccontextmanager
    async def run(_server: MCPServer[Any]) -> AsyncIterator[ServerState]:
        state = ServerState.build(settings)
        # Resolve the store (start the embedded server, migrate) before serving, once, so the
        # first calls, however many arrive at once, find it ready. A store that is down now is
        # tried again by each call.
        try:
            await anyio.to_thread.run_sync(state.warm_up)
        except DatabaseError as exc:
            log.warning("the store is not reachable yet (%s); each call tries again", exc.message.splitlines()[0])
        log.info("stratakb MCP server ready (store: %s)", state.db.describe())
        if not state.settings.learning_enabled:
            log.info("learning is off (LEARNING_ENABLED=false): no interaction is recorded")
        note = setup_note(state.settings)
        if note:
            log.warning("query rewriting: %s", note)
        try:
            yield state
        finally:
            state.close()

    return run
