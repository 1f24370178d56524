"""Blue/green re-embedding of the stored chunks with the configured model; does I/O.

Each embedding model has its own vector table, and one model is active. `reembed` fills the
configured model's table from the chunks already in the store (no file is read, nothing is
parsed again), a batch at a time and without any lock, while searches keep using the active
model. It then builds the new table's index, takes every layer's lock (so no sync stores chunks
meanwhile), embeds what syncs stored during the fill, and activates the new model in one short
transaction (`embedding_model_activated`). With the active model configured it only fills in
missing vectors.

The text embedded for a chunk is rebuilt exactly as a sync builds it (`chunking.embedding_text`
from the stored chunk text, layer, path and section path or page). Where the rebuilt text hashes
differently from the chunk's stored `embed_hash` (the recipe changed since it was stored), the
stored text is what counts: the rebuilt text is embedded and a `chunks_rehashed` event records
the new hash, in the activation transaction, so the active model's searches never miss a chunk.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import psycopg

from stratakb_core.embedding import Embedder, build_embedder, text_hash
from stratakb_core.errors import EmbedError, UsageError
from stratakb_core.ingest.chunking import embedding_text
from stratakb_core.ingest.source_sync import layer_lock
from stratakb_core.settings import Settings
from stratakb_core.store import chunk_scan, projector
from stratakb_core.store import events as ev
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.connection import Database
from stratakb_core.store.layer_state import layer_names
from stratakb_core.store.vectors import check_active_model
from stratakb_core.values import Chunk

__all__ = ["DEFAULT_BATCH_SIZE", "ReembedResult", "reembed"]

DEFAULT_BATCH_SIZE = 512


@dataclass
class ReembedResult:
    model: str
    dimensions: int
    table: str
    previous_model: str | None
    layers: list[str] | None  # None: every layer
    run_id: str = ""
    chunks: int = 0  # stored chunks read
    embedded: int = 0  # distinct texts embedded
    reused: int = 0  # chunks whose vector the table already held
    rehashed: int = 0  # chunks whose rebuilt text hashed differently from their stored embed_hash
    caught_up: int = 0  # chunks stored by syncs during the fill, embedded under the layer locks
    activated: bool = False
    seconds: float = 0.0
    per_layer: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": "ok", "model": self.model, "dimensions": self.dimensions, "table": self.table,
            "previous_model": self.previous_model, "layers": self.layers, "run_id": self.run_id,
            "chunks": self.chunks, "embedded": self.embedded, "reused": self.reused, "rehashed": self.rehashed,
            "caught_up": self.caught_up, "activated": self.activated, "seconds": round(self.seconds, 3),
            "per_layer": self.per_layer, "notes": self.notes,
        }


@dataclass
class _Pass:
    """State of one re-embed: where vectors go, and the hash corrections still to record."""

    conn: psycopg.Connection
    table: str
    embedder: Embedder
    result: ReembedResult
    actor: str
    defer_rehash: bool  # a new model: record corrections only when it becomes active
    same: bool = False  # the configured model is the active one: only fill in missing vectors
    known: list[str] = field(default_factory=list)  # every layer of the store
    pending: dict[str, tuple[str, int, str]] = field(default_factory=dict)  # chunk id -> (layer, doc, hash)

    def embed_rows(self, rows: Sequence[tuple[Any, ...]]) -> int:
        """Embed the rebuilt texts of these chunk rows that the table lacks; returns how many."""
        res = self.result
        texts: dict[bytes, str] = {}
        corrections: list[tuple[str, str, int, str]] = []
        for (cid, doc_id, layer, path, ordinal, start, end, text, section_path, line_start, line_end,
             page, stored_hash) in rows:
            chunk = Chunk(ordinal=ordinal, start=start, end=end, text=text,
                          section_path=tuple(section_path or ()), line_start=line_start, line_end=line_end,
                          page=page)
            embed_text = embedding_text(chunk, layer, path)
            h = text_hash(embed_text)
            texts.setdefault(h, embed_text)
            if h != bytes(stored_hash) and cid not in self.pending:
                corrections.append((cid, layer, doc_id, h.hex()))
            res.per_layer[layer] = res.per_layer.get(layer, 0) + 1
        have = vector_tables.existing_hashes(self.conn, self.table, list(texts))
        todo = [h for h in texts if h not in have]
        if todo:
            vectors = self.embedder.embed([texts[h] for h in todo])
            if vectors.shape[1:] != (self.embedder.dimensions,):
                raise EmbedError(f"the model returned vectors of shape {vectors.shape[1:]}, "
                                 f"not ({self.embedder.dimensions},)")
            with self.conn.transaction():
                vector_tables.put_embeddings(self.conn, self.table, todo, vectors)
        self.conn.commit()
        res.chunks += len(rows)
        res.embedded += len(todo)
        res.reused += len(rows) - len(todo)
        res.rehashed += len(corrections)
        for cid, layer, doc_id, new_hash in corrections:
            self.pending[cid] = (layer, doc_id, new_hash)
        if not self.defer_rehash:
            self.record_rehashes([])
        return len(todo)

    def record_rehashes(self, then: list[ev.Event]) -> None:
        """Append the pending hash corrections (one event per document), with `then`, in one transaction."""
        by_doc: dict[tuple[str, int], list[dict[str, str]]] = {}
        for cid, (layer, doc_id, new_hash) in self.pending.items():
            by_doc.setdefault((layer, doc_id), []).append({"id": cid, "embed_hash": new_hash})
        events = [ev.Event(ev.CHUNKS_REHASHED, layer, {"document_id": doc_id, "chunks": chunks,
                                                          "model": self.embedder.name},
                           self.result.run_id, self.actor)
                  for (layer, doc_id), chunks in sorted(by_doc.items())]
        if events or then:
            projector.commit_events(self.conn, [*events, *then])
        self.pending.clear()


def _scope(conn: psycopg.Connection, layers: Sequence[str] | None) -> tuple[list[str], list[str] | None]:
    known = layer_names(conn)
    conn.commit()
    if layers is None:
        return known, None
    unknown = sorted(set(layers) - set(known))
    if unknown:
        raise UsageError(f"no layer named {', '.join(repr(u) for u in unknown)} in the store")
    return known, sorted(set(layers))


def reembed(
    db: Database,
    settings: Settings,
    embedder: Embedder | None = None,
    *,
    layers: Sequence[str] | None = None,
    batch_size: int = DEFAULT_BATCH_SIZE,
    actor: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ReembedResult:
    """Embed every stored chunk (of `layers`, default all) with the configured model, from the
    stored chunk text, then make that model the active one. See the module docstring."""
    if batch_size < 1:
        raise UsageError("the batch size must be at least 1")
    embedder = embedder or build_embedder(settings)
    started = time.perf_counter()
    conn = db.connect()
    try:
        work = _start(conn, embedder, layers, actor or ev.default_actor())
        _fill(work, batch_size, progress)
        if not work.same and _ready_to_activate(work):
            _activate(work, batch_size)
        work.result.seconds = time.perf_counter() - started
        return work.result
    finally:
        conn.close()


def _start(conn: psycopg.Connection, embedder: Embedder, layers: Sequence[str] | None, actor: str) -> _Pass:
    """The pass's vector table: the active one for the active model (checked at its dimensions),
    else a new table for the configured model."""
    active = vector_tables.active_model(conn)
    conn.commit()
    same = active is not None and active.model == embedder.name
    if same:
        active = check_active_model(conn, embedder.name, embedder.dimensions)
        assert active is not None
        table = active.table
    else:
        table = vector_tables.create_vector_table(conn, embedder.name, embedder.dimensions)
    conn.commit()
    known, scope = _scope(conn, layers)
    result = ReembedResult(embedder.name, embedder.dimensions, table, active.model if active is not None else None,
                           scope, run_id=uuid.uuid4().hex[:16])
    return _Pass(conn, table, embedder, result, actor, defer_rehash=not same, same=same, known=known)


def _fill(work: _Pass, batch_size: int, progress: Callable[[int, int], None] | None) -> None:
    """1. Fill the table from the stored chunks, without locks: searches go on meanwhile."""
    conn, result, scope = work.conn, work.result, work.result.layers
    total = chunk_scan.count_chunks(conn, scope)
    last = ""
    while True:
        rows = chunk_scan.chunk_batch(conn, scope, after=last, limit=batch_size)
        conn.commit()
        if not rows:
            break
        work.embed_rows(rows)
        last = rows[-1][0]
        if progress is not None:
            progress(min(result.chunks, total), total)


def _ready_to_activate(work: _Pass) -> bool:
    """2. Index the filled table (searches still use the active model); the model is activated only
    when every layer's chunks have a vector of it."""
    conn, result, scope = work.conn, work.result, work.result.layers
    vector_tables.build_vector_index(conn, work.table)
    conn.commit()
    if scope is None or set(scope) == set(work.known):
        return True
    left = chunk_scan.count_missing_outside(conn, work.table, scope)
    conn.commit()
    if not left:
        return True
    result.notes.append(f"{result.model} is not active yet: {left} chunks of other layers have "
                        "no vector of it; re-embed without --layer to finish and activate it")
    work.pending.clear()  # recorded when the model is activated
    return False


def _activate(work: _Pass, batch_size: int) -> None:
    """3. Under every layer's lock: catch up with what syncs stored meanwhile, then activate."""
    conn, result = work.conn, work.result
    with ExitStack() as locks:
        for name in work.known:
            locks.enter_context(layer_lock(conn, name))
        last = ""
        while True:
            rows = chunk_scan.missing_batch(conn, work.table, after=last, skip=list(work.pending), limit=batch_size)
            conn.commit()
            if not rows:
                break
            before = result.chunks
            work.embed_rows(rows)
            result.caught_up += result.chunks - before
            last = rows[-1][0]
        work.record_rehashes([ev.Event(ev.EMBEDDING_MODEL_ACTIVATED, None, {
            "model": result.model, "dimensions": result.dimensions,
            "previous_model": result.previous_model, "reembed_run_id": result.run_id,
        }, result.run_id, work.actor)])
        result.activated = True
