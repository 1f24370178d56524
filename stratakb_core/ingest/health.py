"""The admin health report: the store, the embedding model and its vector column, the reranker
and the parse sandbox's limits; does I/O (reads the store, never writes, never loads a model).

`strata_admin_health` returns it. An unreachable store is a part of the report (reachable:
false, with the reason), not an error, so the rest still says what is configured.
"""

from __future__ import annotations

from typing import Any

import psycopg

from stratakb_core.embedding import Embedder
from stratakb_core.errors import StrataError
from stratakb_core.ingest.sandbox import sandbox_from_env
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database, migration_files
from stratakb_core.store.status import store_status
from stratakb_core.store.vectors import registered_models

__all__ = ["health_report"]


def _first_line(exc: BaseException) -> str:
    text = exc.message if isinstance(exc, StrataError) else str(exc)
    text = text.strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _configured_dimensions(embedder: Embedder | None, settings: Settings) -> int | None:
    """The configured model's size when it is known without loading the model (None otherwise)."""
    if embedder is None:
        return settings.embedding_dimensions
    # The lazy embedders keep their size in _dimensions, None until a model of unknown size loads;
    # asking `dimensions` then would load it, which a health check must not do.
    known = getattr(embedder, "_dimensions", -1)
    if known is None:
        return None
    return embedder.dimensions


def _store(conn: psycopg.Connection, db: Database) -> dict[str, Any]:
    status = store_status(conn)
    shipped = [n for n, _, _ in migration_files()]
    return {
        "reachable": True,
        "kind": "embedded" if db.embedded else "external",
        "location": db.describe(),  # a URL without its password, or the embedded data folder
        "server_version": status.server_version,
        "pgvector_version": status.pgvector_version,
        "migrations_applied": status.migrations_applied,
        "migrations_pending": [n for n in shipped if n not in status.migrations_applied],
        "layers": status.layers,
        "documents": status.documents,
        "chunks": status.chunks,
        "last_event_seq": status.last_event_seq,
    }


def _embedding(conn: psycopg.Connection | None, settings: Settings, embedder: Embedder | None,
               embedder_error: str | None) -> dict[str, Any]:
    configured_model = embedder.name if embedder is not None else settings.embedding_model
    configured_dims = _configured_dimensions(embedder, settings)
    out: dict[str, Any] = {
        "backend": settings.embedding_backend,
        "configured_model": configured_model,
        "configured_dimensions": configured_dims,
        "active_model": None, "active_dimensions": None, "vector_table": None, "column_dimensions": None,
        "models": [],
        "matches": None,
        "problems": [],
    }
    if embedder_error is not None:
        out["problems"].append(f"the embedding set-up is refused: {embedder_error}")
    if conn is None:
        return out
    for m in registered_models(conn):
        out["models"].append({"model": m.model, "dimensions": m.dimensions, "vector_table": m.table,
                              "active": m.active, "column_dimensions": m.column_dimensions})
        if m.active:
            out.update(active_model=m.model, active_dimensions=m.dimensions, vector_table=m.table,
                       column_dimensions=m.column_dimensions)
    problems: list[str] = out["problems"]
    if out["active_model"] is None:
        out["matches"] = not problems
        out["note"] = "no model is active yet: the first ingest activates the configured one"
        return out
    if out["active_model"] != configured_model:
        problems.append(f"the store's active model is {out['active_model']} but EMBEDDING_MODEL is "
                        f"{configured_model}: searches and ingests refuse until they match (set EMBEDDING_MODEL "
                        "back, or re-embed the store with the new model)")
    column = out["column_dimensions"]
    if column is not None and column != out["active_dimensions"]:
        problems.append(f"the vector column of {out['vector_table']} holds {column} dimensions, but the model "
                        f"is registered with {out['active_dimensions']}")
    if configured_dims is not None and column is not None and configured_dims != column:
        problems.append(f"the vector column holds {column} dimensions, but the configured model gives "
                        f"{configured_dims} (EMBEDDING_DIMENSIONS or the model's own size): re-embed before "
                        "switching")
    out["matches"] = not problems
    return out


def health_report(db: Database, settings: Settings, *, embedder: Embedder | None, embedder_error: str | None,
                  reranker_state: str) -> dict[str, Any]:
    """The whole report; `reranker_state` is what the server's reranker says of itself."""
    conn: psycopg.Connection | None = None
    store: dict[str, Any]
    try:
        conn = db.connect()
        store = _store(conn, db)
        embedding = _embedding(conn, settings, embedder, embedder_error)
        conn.commit()
    except (psycopg.Error, StrataError) as exc:
        store = {"reachable": False, "kind": "embedded" if db.embedded else "external", "location": db.describe(),
                 "error": _first_line(exc)}
        embedding = _embedding(None, settings, embedder, embedder_error)
    finally:
        if conn is not None:
            conn.close()
    sandbox = sandbox_from_env()  # builds the limits only; the child process starts on a first parse
    problems = [*([f"store: {store['error']}"] if not store["reachable"] else []),
                *(f"embedding: {p}" for p in embedding["problems"])]
    if reranker_state.startswith("unavailable"):
        problems.append(f"reranker: {reranker_state}")
    return {
        "status": "ok" if not problems else "degraded",
        "problems": problems,
        "store": store,
        "embedding": embedding,
        "reranker": {
            "enabled": settings.reranking_enabled,
            "model": settings.reranking_model,
            "state": reranker_state,
        },
        "parse_sandbox": {"timeout_seconds": sandbox.timeout_s, "memory_mb": sandbox.memory_bytes // (1024 * 1024)},
        "ingest_roots": list(settings.ingest_roots),
    }
