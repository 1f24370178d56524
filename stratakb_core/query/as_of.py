"""As-of answers: strata_search and strata_ask over the layers as they stood at a past seq or time;
does I/O (the store, through the engine).

The answer is computed on a connection whose documents, chunks and sections are shadowed by their
state right after the target event (`store.as_of_view`), so passages and citations come from the
versions live then. A separate engine (its own search cache) answers it, so a past answer never
lands in today's cache. The response carries `as_of`: the seq, its time and its date.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg

from stratakb_core.errors import ArgumentError, StrataError
from stratakb_core.query.engine import Engine
from stratakb_core.store.as_of_view import close_as_of_view, open_as_of_view
from stratakb_core.store.history import resolve_target

__all__ = ["answer_as_of"]


def answer_as_of(engine: Engine, conn: psycopg.Connection, as_of: Any,
                 run: Callable[[Engine, psycopg.Connection], dict[str, Any]]) -> dict[str, Any]:
    """`run(engine, conn)`'s response over the store as it stood at `as_of` (a seq or an ISO time)."""
    if not isinstance(as_of, (str, int)) or isinstance(as_of, bool) or not str(as_of).strip():
        raise ArgumentError("as_of", "as_of must be a seq (a whole number from the event log) or an ISO time "
                            "such as 2026-03-04T12:00:00Z")
    try:
        target = resolve_target(conn, str(as_of))
    except StrataError as exc:
        raise ArgumentError("as_of", exc.message) from exc
    past = Engine(engine.embedder, engine.config, engine.reranker)
    try:
        counts = open_as_of_view(conn, target.seq)
        response = run(past, conn)
    finally:
        close_as_of_view(conn)
    response["as_of"] = {"seq": target.seq, "at": target.at.isoformat(), "date": target.at.date().isoformat(),
                         "documents": counts["documents"], "chunks": counts["chunks"]}
    return response
