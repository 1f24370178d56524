"""The store stage: one group of chunked files written into a layer, or documents removed, with their events.

Only these functions write a layer's documents from an add or a sync (``source_sync`` calls them a group at a
time; ``layer_transfer`` reuses ``chunk_id`` so an imported layer keeps its ids). Each group is one transaction
on the store's event lock; its vectors go first, in a transaction of their own.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Sequence
from typing import Any

import psycopg

from stratakb_core.ingest.content_safety import chunk_marks
from stratakb_core.ingest.stages import ChunkedFile, EmbedResult, ParsedFile
from stratakb_core.labels import section_label
from stratakb_core.store import events as ev
from stratakb_core.store import locks as layer_locks
from stratakb_core.store import projector, readers
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store import versions as version_store
from stratakb_core.values import Chunk, ParsedDocument

log = logging.getLogger("stratakb_core.ingest.locks")


def chunk_id(doc_id: int, version_id: str, start: int, end: int, recipe: str) -> str:
    return hashlib.sha256(f"{doc_id}:{version_id}:{start}:{end}:{recipe}".encode()).hexdigest()[:32]


def version_id_of(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def document_event(f: ChunkedFile, doc_id: int, layer: str, source_id: int, model: str,
                   recipe: str, run_id: str | None, actor: str) -> ev.Event:
    pf = f.parsed
    doc = pf.doc
    assert doc is not None
    vid = version_id_of(doc.text)
    return ev.Event(ev.DOCUMENT_VERSION_ADDED, layer, {
        "document_id": doc_id, "source_id": source_id, "path": pf.stored_path, "change": pf.change,
        "version_id": vid, "content_hash": pf.content_hash, "kind": stored_kind(doc), "date": pf.date,
        "date_source": pf.date_source, "supersedes": pf.supersedes,
        "flags": [{"reason": fl.reason, "count": fl.count} for fl in doc.flags],
        "size": pf.size, "mtime_ns": pf.mtime_ns, "model": model,
        "sections": [{
            "start": sec.start, "end": sec.end, "level": sec.level, "heading": sec.heading,
            "label": section_label(sec.heading), "path": list(sec.path),
        } for sec in doc.sections if sec.heading],
        "chunks": [{
            "id": chunk_id(doc_id, vid, c.start, c.end, recipe), "ordinal": c.ordinal,
            "start": c.start, "end": c.end, "line_start": c.line_start, "line_end": c.line_end,
            "page": c.page, "section_path": list(c.section_path), "metadata": _chunk_metadata(c, doc),
            "embed_hash": h.hex(),
        } for c, h in zip(f.chunks, f.embed_hashes, strict=True)],
    }, run_id, actor)


def stored_kind(doc: ParsedDocument) -> str:
    """The kind a version is stored with: "<kind>_ocr" when OCR read some of its text (the query
    side reads text_origin from it)."""
    return f"{doc.kind}_ocr" if doc.text_origin == "ocr" else doc.kind


def _chunk_metadata(c: Chunk, doc: ParsedDocument) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    if c.page is not None:
        meta["page"] = str(c.page)
        if doc.pages:
            meta["total_pages"] = str(len(doc.pages))
        if c.page in doc.ocr_pages:
            meta["text_origin"] = "ocr"
    marks = chunk_marks(c.text)
    if marks:
        meta["suspicious"] = list(marks)
    return meta


def redaction_event(pf: ParsedFile, doc_id: int, layer: str, run_id: str | None, actor: str) -> ev.Event:
    """The audit record of what kinds of secret value a version had redacted (never a value)."""
    assert pf.doc is not None
    return ev.Event(ev.SECRETS_REDACTED, layer, {
        "document_id": doc_id, "path": pf.stored_path, "version_id": version_id_of(pf.doc.text),
        "counts": dict(pf.redactions)}, run_id, actor)


def store_group(conn: psycopg.Connection, layer: str, source_id: int, model: vector_tables.ActiveModel,
                files: Sequence[ChunkedFile], emb: EmbedResult, recipe: str, run_id: str | None,
                actor: str) -> list[int]:
    """Write one group's vectors, versions, documents and chunks with their events, atomically.

    Returns the document ids, in the order of `files`.
    """
    new_ids = iter(readers.allocate_ids(conn, "documents_id_seq",
                                      sum(1 for f in files if f.parsed.document_id is None)))
    conn.commit()
    ids: list[int] = []
    events: list[ev.Event] = []
    for f in files:  # the events (chunk metadata, injection marks) are built before any lock is taken
        doc_id = f.parsed.document_id if f.parsed.document_id is not None else next(new_ids)
        ids.append(doc_id)
        events.append(document_event(f, doc_id, layer, source_id, model.model, recipe, run_id, actor))
        if f.parsed.redactions:
            events.append(redaction_event(f.parsed, doc_id, layer, run_id, actor))
    if emb.hashes:
        # Vectors first, on their own: keyed by text hash, one without its chunk is reused later, and
        # their HNSW inserts (~2 ms each) stay out of the transaction that takes the locks.
        with conn.transaction():
            layer_locks.limit_statements(conn, STATEMENT_TIMEOUT_MS)
            vector_tables.put_embeddings(conn, model.table, emb.hashes, emb.vectors)
    started = time.monotonic()
    with conn.transaction():
        # One statement may not run for minutes whatever the text: past the limit it is this
        # group's failure (each file is then tried alone), not a lock held over the whole store.
        layer_locks.limit_statements(conn, STATEMENT_TIMEOUT_MS)
        with conn.pipeline():
            for doc in (f.parsed.doc for f in files if f.parsed.doc is not None):
                version_store.put_version(conn, version_id_of(doc.text), doc.text, stored_kind(doc), doc.first_line,
                                          [list(pg) for pg in doc.pages] if doc.pages else None)
        projector.commit_events(conn, events)  # inside this transaction: one commit for the whole group
    _note_lock_held(time.monotonic() - started, len(files), sum(len(f.chunks) for f in files))
    return ids


# The longest time a group's transaction (which takes the store's event lock) was held in this
# process, for logs and the reliability checks.
LOCK_HELD = {"longest_s": 0.0}
LOCK_WARN_S = 10.0
STATEMENT_TIMEOUT_MS = 60_000


def _note_lock_held(seconds: float, files: int, chunks: int) -> None:
    LOCK_HELD["longest_s"] = max(LOCK_HELD["longest_s"], seconds)
    level = logging.WARNING if seconds > LOCK_WARN_S else logging.DEBUG
    log.log(level, "event_lock_held seconds=%.3f files=%d chunks=%d longest=%.3f", seconds, files, chunks,
            LOCK_HELD["longest_s"])


def remove_documents(conn: psycopg.Connection, layer: str, removals: Sequence[tuple[int, str, str]],
                     run_id: str | None, actor: str) -> None:
    """Remove documents (id, path, reason) with one event each, in one transaction."""
    if removals:
        projector.commit_events(conn, [
            ev.Event(ev.DOCUMENT_REMOVED, layer, {"document_id": i, "path": p, "reason": r}, run_id, actor)
            for i, p, r in removals
        ])
