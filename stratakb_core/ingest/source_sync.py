"""The write path: every sync of a layer runs through here, whichever driver starts it; does I/O.

A run (CLI `stratakb add`, `stratakb preset apply`, the MCP ingest tool, the Dagster layer_store
asset) does, in order:

1. `layer_lock`: hold the layer's session lock for the whole run (a second sync of the layer
   waits, and is told so);
2. `store.vectors.check_active_model`: refuse an embedding model other than the store's;
3. `write_setup`: the run's setup events (model activated, layer created or updated, sources
   added), in one transaction;
4. `sync_source` per source folder: a stream of prepared files (`folder_files` reads and
   parses them lazily; Dagster hands over its staged rows) committed a group at a time;
5. `finish_run`: the run's `run_finished` event, also after a failure or an interrupt.

The rules hold on every path: a KeyboardInterrupt stops the run and keeps what was committed
(result.interrupted, exit 130); a file that fails (read, parse or embed, whatever raised it) keeps
its earlier chunks, is listed in result.errors and recorded as a `file_failed` event, and a group
that fails to store is tried again file by file, so one file never fails its neighbours; the run
goes on. A lost database (or a full disk) stops the run at once with `DatabaseLost`, keeping what
was committed. Names reach the store and its events in their storable form (textsafe).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import psycopg

from stratakb_core.embedding import Embedder
from stratakb_core.errors import DatabaseLost, EmbedError, RefusedError, StrataError
from stratakb_core.ingest import stages, store_writes
from stratakb_core.ingest.content_safety import ContentSafety, ocr_skip_reason, resolve
from stratakb_core.ingest.sandbox import ParseSandbox, ocr_sandbox_from_env, sandbox_from_env
from stratakb_core.ingest.stages import ChunkedFile, EmbedResult, ParsedFile, Plan
from stratakb_core.ingest.sync_result import AddResult, FileNote
from stratakb_core.store import bulk_vectors, projector, readers
from stratakb_core.store import events as ev
from stratakb_core.store import locks as layer_locks
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.connection import lost_message, reconnect
from stratakb_core.store.layer_state import refresh_document_stat
from stratakb_core.textsafe import name_from_store, storable_name, storable_text
from stratakb_core.values import ChunkConfig

__all__ = [
    "GROUP_CHUNKS",
    "Embed",
    "PreparedFile",
    "finish_run",
    "folder_files",
    "layer_chunk_config",
    "layer_lock",
    "sync_folder",
    "sync_source",
    "write_setup",
]

log = logging.getLogger("stratakb_core.ingest.locks")

# A group of files is embedded and committed together: big enough for full embedding batches,
# small enough that Ctrl-C loses little work.
GROUP_CHUNKS = 256

# A file ready to store (chunked), or one that is not stored as a new version: unchanged,
# no_text or failed (a ParsedFile with that outcome).
PreparedFile = ChunkedFile | ParsedFile
# (conn, vector table, group) -> the group's vectors that the table lacks.
Embed = Callable[[psycopg.Connection, str, Sequence[ChunkedFile]], EmbedResult]
Progress = Callable[[int, int], None]


# ---------------------------------------------------------------------------------------------
# The run around the syncs: lock, setup events, run_finished
# ---------------------------------------------------------------------------------------------


@contextmanager
def layer_lock(conn: psycopg.Connection, layer: str, on_wait: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the layer's session lock; `on_wait` is told when another sync holds it and this one waits."""
    if not layer_locks.lock_layer_session(conn, layer, wait=False):
        if on_wait is not None:
            on_wait(f"another sync of layer '{layer}' is running; waiting for it to finish")
        layer_locks.lock_layer_session(conn, layer)
    try:
        yield
    finally:
        layer_locks.unlock_layer_session(conn, layer)


def layer_chunk_config(layer: readers.LayerRow) -> ChunkConfig:
    cfg = layer.chunk_config or {}
    return ChunkConfig(
        chunk_size=int(cfg.get("chunk_size", ChunkConfig.chunk_size)),
        chunk_overlap=int(cfg.get("chunk_overlap", ChunkConfig.chunk_overlap)),
    )


def write_setup(conn: psycopg.Connection, *, layer: str, run_id: str, actor: str, embedder: Embedder,
                active: vector_tables.ActiveModel | None, layer_event: tuple[str, dict[str, Any]] | None = None,
                new_sources: Sequence[tuple[str, str]] = (), taken_message: str = "",
                taken: type[RefusedError] = RefusedError) -> list[int]:
    """Append a run's setup events in one transaction and return the new sources' ids.

    In order: the model activated (when the store has none yet), `layer_event` (layer_created or
    layer_updated with its payload), and a source_added per (root, name) of `new_sources`. A
    folder another layer took meanwhile is refused as `taken(taken_message, code="folder_taken")`.
    """
    ids = readers.allocate_ids(conn, "sources_id_seq", len(new_sources))
    conn.commit()
    try:
        with conn.transaction():
            layer_locks.lock_store_rules(conn)  # checked and written under one store-wide lock
            activate = _check_model_locked(conn, embedder, active)
            _check_rules_locked(conn, layer, layer_event, new_sources, taken, taken_message)
            events: list[ev.Event] = []
            if activate:
                events.append(ev.Event(ev.EMBEDDING_MODEL_ACTIVATED, None, {
                    "model": embedder.name, "dimensions": embedder.dimensions}, run_id, actor))
            if layer_event is not None:
                events.append(ev.Event(layer_event[0], layer, layer_event[1], run_id, actor))
            events += [ev.Event(ev.SOURCE_ADDED, layer, {"source_id": source_id, "root": root, "name": name},
                                run_id, actor) for (root, name), source_id in zip(new_sources, ids, strict=True)]
            if events:
                projector.commit_events(conn, events)
    except psycopg.errors.UniqueViolation as exc:  # a rule the checks above missed: never a raw error
        raise _constraint_refusal(exc, layer, taken, taken_message) from exc
    return ids


def _check_model_locked(conn: psycopg.Connection, embedder: Embedder, seen: vector_tables.ActiveModel | None) -> bool:
    """Whether this run activates its model: only when the store still has none. A run that saw no
    model when it planned and finds one now (another first add won) is refused if it differs."""
    current = vector_tables.check_active_model(conn, embedder.name, embedder.dimensions)
    return current is None and seen is None


def _check_rules_locked(conn: psycopg.Connection, layer: str, layer_event: tuple[str, dict[str, Any]] | None,
                        new_sources: Sequence[tuple[str, str]], taken: type[RefusedError], taken_message: str) -> None:
    if layer_event is not None and layer_event[0] == ev.LAYER_CREATED and readers.get_layer(conn, layer) is not None:
        raise taken(f"layer name '{layer}' is taken; pass --name to pick another", code="name_taken")
    existing = readers.sources(conn)
    for root, _name in new_sources:
        for s in existing:
            if s.root == root:
                raise taken(taken_message or f"{root} already belongs to layer '{s.layer}'; one folder "
                            "belongs to at most one layer", code="folder_taken")
            if _inside(root, s.root) or _inside(s.root, root):
                raise taken(f"{root} overlaps layer '{s.layer}' (folder {s.root}); one folder belongs to at "
                            "most one layer", code="folder_overlaps")


def _inside(child: str, parent: str) -> bool:
    return child == parent or child.startswith(parent.rstrip("/") + "/")


def _constraint_refusal(exc: psycopg.errors.UniqueViolation, layer: str, taken: type[RefusedError],
                        message: str) -> RefusedError:
    constraint = (exc.diag.constraint_name or "") if exc.diag is not None else ""
    if "layers" in constraint:
        return taken(f"layer name '{layer}' is taken; pass --name to pick another", code="name_taken")
    return taken(message or "a source folder was just added to another layer; one folder belongs to at most "
                 "one layer", code="folder_taken")


def finish_run(conn: psycopg.Connection, layer: str, result: AddResult, actor: str,
               extra: Mapping[str, Any]) -> None:
    """Append the run's audit event (run_finished) with its counts; one per run."""
    result.files_skipped = len(result.skipped)
    log.info("run_finished layer=%s longest_event_lock_s=%.3f", layer, store_writes.LOCK_HELD["longest_s"])
    if result.not_reached is not None:
        return  # the database is gone: nothing more can be recorded
    event = ev.Event(ev.RUN_FINISHED, layer, {
        **extra, "interrupted": result.interrupted or result.died, **result.counts()}, result.run_id, actor)
    try:
        _rollback(conn)  # a run that died mid-transaction still records how it ended
        projector.commit_events(conn, [event])
    except (psycopg.Error, StrataError):
        if not (result.interrupted or result.died):
            raise
        _record_on_new_connection(conn, event)


def _record_on_new_connection(conn: psycopg.Connection, event: ev.Event) -> None:
    """The stop cut a statement short and left ``conn`` unusable (a COPY half sent): the end goes in on a new
    connection, ``conn`` closed (store/connection.py reconnect). Best effort: the server may be gone too."""
    try:
        with reconnect(conn) as fresh:
            projector.commit_events(fresh, [event])
    except (psycopg.Error, StrataError) as exc:
        log.warning("run_finished not recorded for run %s: %s", event.run_id, exc)


# ---------------------------------------------------------------------------------------------
# Prepared files from a folder (the CLI's, the presets' and the MCP tool's stream)
# ---------------------------------------------------------------------------------------------


def prepare(pf: ParsedFile, layer: str, config: ChunkConfig, patterns: Sequence[str],
            redact: bool = True) -> PreparedFile:
    """A parsed file's secret values redacted (unless the layer turned it off), then its structure
    and chunks; any other outcome passes through."""
    if pf.outcome != "parsed":
        return pf
    pf = stages.redact_secrets(pf, redact)
    if pf.structured:
        return stages.chunk_file(pf, layer, config)
    return stages.chunk_file(stages.apply_structure_patterns(pf, patterns), layer, config)


def layer_content_safety(conn: psycopg.Connection, layer: str) -> ContentSafety:
    """The layer's content_safety settings over the environment's defaults."""
    value = readers.layer_content_safety(conn, layer)
    conn.commit()
    return resolve(value)


def folder_files(conn: psycopg.Connection, layer: str, root: Path, plan: Plan, *, max_file_size: int,
                 parse: Callable[[bytes, str], Any] | None = None,
                 ocr: Callable[[bytes, str], Any] | None = None) -> Iterator[PreparedFile]:
    """Read, parse, structure and chunk the plan's files one at a time, as the sync consumes them;
    `ocr` parses again the files with scanned pages (given when OCR is on)."""
    row = readers.get_layer(conn, layer)
    patterns = readers.structure_patterns(conn, layer)
    conn.commit()
    assert row is not None
    config = layer_chunk_config(row)
    safety = layer_content_safety(conn, layer)
    owner = getattr(parse, "__self__", None)
    if isinstance(owner, ParseSandbox):
        owner.patterns = tuple(patterns)  # the child maps the structure with them, within its limits
    for planned in plan.candidates:
        pf = stages.parse_file(root, planned, max_file_size, parse, ocr if safety.ocr_on else None)
        if owner is not None and pf.doc is not None:
            pf = replace(pf, structured=True)
        if pf.outcome == "no_text" and not safety.ocr_on and "OCR" in (pf.message or ""):
            pf = replace(pf, message=f"{pf.message}; {ocr_skip_reason(safety)}")
        yield prepare(pf, layer, config, patterns, safety.redact_secrets)


def sync_folder(conn: psycopg.Connection, *, layer: str, source_id: int, root: Path, plan: Plan,
                stored: Mapping[str, readers.DocumentRow], embedder: Embedder, result: AddResult,
                max_file_size: int, actor: str, progress: Progress | None = None) -> None:
    """Sync one source folder from its files: `sync_source` fed by `folder_files`, parsing in a
    sandboxed child process (time and memory limits)."""
    sandbox = sandbox_from_env()
    ocr_box = ocr_sandbox_from_env()  # its child starts on the first file that needs OCR
    try:
        files = folder_files(conn, layer, root, plan, max_file_size=max_file_size, parse=sandbox.parse,
                             ocr=ocr_box.parse)
        sync_source(conn, layer=layer, source_id=source_id, files=files, total=len(plan.candidates),
                    removals=plan.removals, stored=stored, embedder=embedder, result=result, actor=actor,
                    progress=progress, planned=[c.entry.rel_path for c in plan.candidates],
                    expected=bulk_vectors.expected_vectors((c.entry.rel_path, c.entry.size) for c in plan.candidates
                                                             if c.change == "added"))
    finally:
        sandbox.close()
        ocr_box.close()


# ---------------------------------------------------------------------------------------------
# The sync of one source
# ---------------------------------------------------------------------------------------------


class _SourceWriter:
    """The writes of one source's sync: groups of chunked files, unchanged stats, failures."""

    def __init__(self, conn: psycopg.Connection, layer: str, source_id: int, result: AddResult, actor: str,
                 embed: Embed) -> None:
        self.conn, self.layer, self.source_id, self.result, self.actor, self.embed = (
            conn, layer, source_id, result, actor, embed)
        model = vector_tables.active_model(conn)
        row = readers.get_layer(conn, layer)
        conn.commit()
        assert model is not None and row is not None, "the run's setup activates the model and creates the layer"
        self.model, self.recipe = model, layer_chunk_config(row).recipe()
        self.safety = layer_content_safety(conn, layer)
        self.failed: list[ev.Event] = []  # file_failed and file_skipped, committed at the end
        self.reached: set[str] = set()  # the files with an outcome (stored, failed, unchanged, skipped)
        self.pending: list[ChunkedFile] = []
        self.pending_chunks = 0

    def fail(self, path: str, reason: str, message: str) -> None:
        self.result.errors.append(FileNote(path, reason, message))
        self.reached.add(path)
        self.failed.append(ev.Event(ev.FILE_FAILED, self.layer, {
            "path": storable_name(path), "reason": reason, "message": storable_text(message)},
            self.result.run_id, self.actor))

    def add(self, f: PreparedFile, removals: list[tuple[str, str]]) -> None:
        if isinstance(f, ChunkedFile):
            self.pending.append(f)
            self.pending_chunks += len(f.chunks)
            if self.pending_chunks >= GROUP_CHUNKS:
                self.flush()
            return
        self.reached.add(f.rel_path)
        if f.outcome == "unchanged":
            assert f.document_id is not None
            refresh_document_stat(self.conn, f.document_id, f.size, f.mtime_ns)
            self.result.files_unchanged += 1
        elif f.outcome == "no_text":
            # remembered with its stat, so the next plan leaves it unread (ingest/no_text.py)
            self.failed.append(ev.Event(ev.FILE_SKIPPED, self.layer, {
                "source_id": self.source_id, "path": f.stored_path, "reason": "no_text", "size": f.size,
                "mtime_ns": f.mtime_ns, "ocr": self.safety.ocr_on}, self.result.run_id, self.actor))
            if f.document_id is not None:
                removals.append((f.stored_path, "no_text"))
            else:
                self.result.skipped.append(FileNote(f.rel_path, "no_text", f.message if "OCR" in (f.message or "")
                                                    else None))
        elif f.outcome == "skipped":
            self.result.skipped.append(FileNote(f.rel_path, f.reason or "unreadable"))
        elif f.outcome == "failed":
            self.fail(f.rel_path, f.reason or "read_error", f.message or "")

    def flush(self) -> None:
        """Embed one group's missing texts and store the group atomically. When that fails and the
        database is still there, each file is tried alone, so one bad file never fails its
        neighbours; a file that fails alone (embed_error) keeps its earlier version. A lost
        database raises DatabaseLost at once."""
        group, self.pending, self.pending_chunks = self.pending, [], 0
        if not group:
            return
        problem = self._store(group)
        if problem is None:
            return
        for f in group if len(group) > 1 else ():
            problem = self._store([f])
            if problem is not None:
                self.fail(f.parsed.rel_path, "embed_error", problem)
        if len(group) == 1:
            self.fail(group[0].parsed.rel_path, "embed_error", problem)

    def _store(self, group: list[ChunkedFile]) -> str | None:
        """Store one group; None when it is stored, else why it failed (a lost database raises)."""
        conn, model = self.conn, self.model
        try:
            emb = self.embed(conn, model.table, group)
            if emb.vectors is not None and emb.vectors.shape[1] != model.dimensions:
                raise EmbedError(f"the model returned {emb.vectors.shape[1]} dimensions; "
                                 f"the store holds {model.dimensions}")
            store_writes.store_group(conn, self.layer, self.source_id, model, group, emb, self.recipe,
                                     self.result.run_id, self.actor)
        except Exception as exc:  # embedding or storing failed for this group; the run goes on
            lost = lost_message(conn, exc) if isinstance(exc, psycopg.Error) else None
            if lost is not None:
                raise DatabaseLost(lost) from exc
            _rollback(conn)
            msg = exc.message if isinstance(exc, StrataError) else f"{type(exc).__name__}: {exc}"
            return msg.splitlines()[0][:300] if msg.strip() else "failed"
        self._count(group, emb)
        return None

    def _count(self, group: list[ChunkedFile], emb: EmbedResult) -> None:
        result = self.result
        result.chunks_embedded += len(emb.hashes)
        result.chunks_reused += emb.reused
        result.chunks_duplicates += emb.duplicates
        for f in group:
            pf = f.parsed
            self.reached.add(pf.rel_path)
            result.chunks_stored += len(f.chunks)
            if pf.change == "added":
                result.files_added += 1
                result.added.append(pf.rel_path)
            else:
                result.files_updated += 1
                result.updated.append(pf.rel_path)
            assert pf.doc is not None
            for flag in pf.doc.flags:
                result.flagged.append(FileNote(pf.rel_path, flag.reason, count=flag.count))
            if pf.doc.flags:
                result.files_flagged += 1
            if pf.redactions:
                result.redacted.append((pf.rel_path, dict(pf.redactions)))
            if pf.doc.scanned_pages:
                result.notes.append(f"{pf.rel_path}: {len(pf.doc.scanned_pages)} scanned page(s) stored without "
                                    f"their text: {ocr_skip_reason(self.safety)}")

    def remove(self, stored: Mapping[str, readers.DocumentRow], removals: list[tuple[str, str]]) -> None:
        """Remove the planned and no-text documents, one event each, and count them."""
        store_writes.remove_documents(self.conn, self.layer, [(stored[p].id, p, r) for p, r in removals],
                                      self.result.run_id, self.actor)
        self.result.removed.extend(FileNote(name_from_store(p), r) for p, r in removals)
        self.result.files_removed += len(removals)

    def record_failures(self) -> None:
        if not self.failed or self.result.not_reached is not None:
            return
        try:
            projector.commit_events(self.conn, self.failed)
        except (psycopg.Error, StrataError):
            if not (self.result.interrupted or self.result.died):
                raise


def _embed_missing(embedder: Embedder | None, conn: psycopg.Connection, table: str,
                   group: Sequence[ChunkedFile]) -> EmbedResult:
    assert embedder is not None, "a sync that stores files needs an embedder or an embed function"
    return stages.embed_missing(conn, table, group, embedder)


def _rollback(conn: psycopg.Connection) -> None:
    try:
        conn.rollback()
    except psycopg.Error:
        pass


def sync_source(conn: psycopg.Connection, *, layer: str, source_id: int, files: Iterable[PreparedFile],
                removals: Sequence[tuple[str, str]], stored: Mapping[str, readers.DocumentRow], result: AddResult,
                actor: str, embedder: Embedder | None = None, embed: Embed | None = None, total: int | None = None,
                progress: Progress | None = None, planned: Sequence[str] = (), expected: int = 0) -> None:
    """Store a stream of prepared files into one source of a layer, a group at a time, then remove
    `removals` (path, reason) and the files that now have no text.

    Vectors come from `embed`, by default `embed_missing` with `embedder`. Fills `result`; a
    KeyboardInterrupt (while the stream parses or while a group is stored) is caught and recorded
    as result.interrupted, and everything committed so far stays. A lost database stops the run
    at once: DatabaseLost carries `result`, whose not_reached lists the `planned` paths (the
    stream's, in order) that got no outcome. The caller holds the layer's lock.
    """
    writer = _SourceWriter(conn, layer, source_id, result, actor, embed or partial(_embed_missing, embedder))
    to_remove = list(removals)
    done = 0
    # A progress object may also report chunks stored (embedded or reused) against those seen so far.
    on_chunks = getattr(progress, "chunks", None)
    # Many files into a small vector table: its HNSW index is built once after (store/bulk_vectors.py).
    bulk_vectors.repair_index(conn, writer.model.table)
    with bulk_vectors.bulk_load(conn, writer.model.table, total or 0, expected):
        try:
            for f in files:
                stored_before = result.chunks_stored
                writer.add(f, to_remove)
                done += 1
                if progress is not None:
                    progress(done, total if total is not None else done)
                if on_chunks is not None and result.chunks_stored != stored_before:
                    on_chunks(result.chunks_stored, result.chunks_stored + writer.pending_chunks)
            writer.flush()
            if on_chunks is not None:
                on_chunks(result.chunks_stored, result.chunks_stored)
            writer.remove(stored, to_remove)
        except KeyboardInterrupt:
            result.interrupted = True
            _rollback(conn)
        except DatabaseLost as exc:
            result.not_reached = [p for p in planned if p not in writer.reached]
            exc.report = result
            raise
        except psycopg.Error as exc:
            lost = lost_message(conn, exc)
            if lost is None:
                result.died = True
                raise
            result.not_reached = [p for p in planned if p not in writer.reached]
            raise DatabaseLost(lost, report=result) from exc
        except BaseException:
            result.died = True
            raise
        finally:
            writer.record_failures()
