"""`stratakb add`: plan and run the sync of one folder into its layer; does I/O.

The stages (selection, policy, parse, chunk, embed) are the pure functions of their modules;
this module reads files, asks the store what it holds, and commits each group of documents with
its events, so an interrupted run keeps what it stored and the next run carries on.
"""

from __future__ import annotations

import os
import stat
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from stratakb_core.embedding import Embedder, build_embedder
from stratakb_core.errors import (
    ConfirmationRequired,
    EmbedError,
    ModelMismatchError,
    RefusedError,
    StrataError,
    UsageError,
)
from stratakb_core.ingest.addplan import (
    RunSize,
    broad_reason,
    check_layer_name,
    description_from_readme,
    large_run_reason,
    layer_name_from_folder,
)
from stratakb_core.ingest.sandbox import sandbox_from_env
from stratakb_core.ingest.selection import select_files
from stratakb_core.ingest.stages import (
    ChunkedFile,
    Plan,
    apply_structure_patterns,
    chunk_file,
    embed_missing,
    parse_file,
    plan_files,
    refresh_stat,
    remove_documents,
    resolve_supersedes,
    store_group,
)
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store import locks as layer_locks
from stratakb_core.store import projector, readers
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.values import ChunkConfig, Selection

__all__ = ["AddOptions", "AddResult", "FileNote", "add_folder", "plan_folder", "resolve_supersedes"]

DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024
# A group of files is parsed, embedded and committed together: big enough for full embedding
# batches, small enough that Ctrl-C loses little work.
GROUP_CHUNKS = 256

Confirm = Callable[[str], bool]


@dataclass
class FileNote:
    file: str
    reason: str
    message: str | None = None
    count: int | None = None

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"file": self.file, "reason": self.reason}
        if self.message is not None:
            d["message"] = self.message
        if self.reason in ("truncated", "probably_scanned"):
            d["count"] = self.count
        return d


@dataclass
class AddOptions:
    folder: Path
    name: str | None = None
    description: str | None = None
    allow_broad: bool = False
    yes: bool = False
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    confirm: Confirm | None = None  # asks at a terminal; None in scripts (refuse instead)
    actor: str = field(default_factory=ev.default_actor)
    on_wait: Callable[[str], None] | None = None  # told when another sync of the layer runs


@dataclass
class AddResult:
    layer: str
    folder: str
    created: bool = False
    files_added: int = 0
    files_updated: int = 0
    files_unchanged: int = 0
    files_removed: int = 0
    files_skipped: int = 0
    files_flagged: int = 0
    chunks_stored: int = 0
    chunks_embedded: int = 0
    chunks_reused: int = 0
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[FileNote] = field(default_factory=list)
    skipped: list[FileNote] = field(default_factory=list)
    excluded: list[FileNote] = field(default_factory=list)
    flagged: list[FileNote] = field(default_factory=list)
    errors: list[FileNote] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    selection: str = "walk"
    model: str | None = None
    run_id: str = ""
    interrupted: bool = False

    @property
    def exit_code(self) -> int:
        if self.interrupted:
            return 130
        return 1 if self.errors else 0

    def as_dict(self) -> dict[str, Any]:
        status = "interrupted" if self.interrupted else ("partial" if self.errors else "ok")
        return {
            "status": status,
            "layer": self.layer,
            "folder": self.folder,
            "created": self.created,
            "selection": self.selection,
            "model": self.model,
            "run_id": self.run_id,
            "files_added": self.files_added,
            "files_updated": self.files_updated,
            "files_unchanged": self.files_unchanged,
            "files_removed": self.files_removed,
            "files_skipped": self.files_skipped,
            "files_flagged": self.files_flagged,
            "chunks_stored": self.chunks_stored,
            "chunks_embedded": self.chunks_embedded,
            "chunks_reused": self.chunks_reused,
            "added": self.added,
            "updated": self.updated,
            "removed": [n.as_dict() for n in self.removed],
            "skipped": [n.as_dict() for n in self.skipped],
            "excluded": [n.as_dict() for n in self.excluded],
            "flagged": [n.as_dict() for n in self.flagged] or None,
            "errors": [n.as_dict() for n in self.errors] or None,
            "notes": self.notes,
            "exit_code": self.exit_code,
        }


def check_embedding_setup(settings: Settings) -> Embedder:
    """Build the embedder (no model load); raises LocalOnlyError / EmbeddingSetupError."""
    return build_embedder(settings)


def _resolve_folder(folder: Path) -> Path:
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        raise UsageError(f"folder not found: {folder}") from None
    except OSError as exc:
        raise UsageError(f"cannot open folder {folder}: {exc.strerror}") from None
    if not stat.S_ISDIR(st.st_mode):
        raise UsageError(f"not a folder: {folder} (stratakb add takes a folder)")
    return Path(os.path.realpath(folder))


def _is_inside(child: str, parent: str) -> bool:
    return child == parent or child.startswith(parent.rstrip(os.sep) + os.sep)


def layer_chunk_config(layer: readers.LayerRow) -> ChunkConfig:
    cfg = layer.chunk_config or {}
    return ChunkConfig(
        chunk_size=int(cfg.get("chunk_size", ChunkConfig.chunk_size)),
        chunk_overlap=int(cfg.get("chunk_overlap", ChunkConfig.chunk_overlap)),
    )


def add_folder(
    db: Database,
    settings: Settings,
    opts: AddOptions,
    *,
    embedder: Embedder | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> AddResult:
    """Create or sync the layer of one folder. Raises RefusedError/UsageError before writing."""
    root = _resolve_folder(opts.folder)
    if opts.name is not None:
        check_layer_name(opts.name)
    if opts.max_file_size <= 0:
        raise UsageError("--max-file-size must be more than 0")
    embedder = embedder or check_embedding_setup(settings)
    conn = db.connect()
    try:
        layer = _choose_layer(conn, opts, root)
        # Plan under the layer's lock: a second sync of the same layer waits here, then plans
        # against what the first one stored.
        if not layer_locks.lock_layer_session(conn, layer, wait=False):
            if opts.on_wait is not None:
                opts.on_wait(f"another sync of layer '{layer}' is running; waiting for it to finish")
            layer_locks.lock_layer_session(conn, layer)
        try:
            layer = _choose_layer(conn, opts, root)
            return _add_locked(conn, settings, opts, root, layer, embedder, progress)
        finally:
            layer_locks.unlock_layer_session(conn, layer)
    finally:
        conn.close()


def plan_folder(db: Database, settings: Settings, opts: AddOptions) -> tuple[str, Plan, Selection]:
    """What `add_folder` would do, as (layer, plan, selection): no lock taken, nothing written.

    Refuses as add_folder does before it writes (missing folder, bad name, an overlapping or
    taken layer); the confirmations (broad folder, large run) are left to the caller to report.
    """
    root = _resolve_folder(opts.folder)
    if opts.name is not None:
        check_layer_name(opts.name)
    if opts.max_file_size <= 0:
        raise UsageError("--max-file-size must be more than 0")
    conn = db.connect()
    try:
        layer = _choose_layer(conn, opts, root)
        own = next((s for s in readers.sources(conn) if s.root == str(root)), None)
        stored = readers.documents_of_source(conn, own.id) if own is not None else {}
        conn.commit()
        selection = select_files(root)
        present = {p for p in stored if os.path.lexists(os.path.join(str(root), p))}
        return layer, plan_files(selection, stored, max_file_size=opts.max_file_size, present=present), selection
    finally:
        conn.close()


def _choose_layer(conn: psycopg.Connection, opts: AddOptions, root: Path) -> str:
    root_s = str(root)
    srcs = readers.sources(conn)
    conn.commit()
    own = next((s for s in srcs if s.root == root_s), None)
    if own is not None:
        if opts.name and opts.name != own.layer:
            raise RefusedError(
                f"{root_s} already belongs to layer '{own.layer}'; run without --name to sync it",
                code="folder_taken",
            )
        return own.layer
    for s in srcs:
        if _is_inside(root_s, s.root) or _is_inside(s.root, root_s):
            raise RefusedError(
                f"{root_s} overlaps layer '{s.layer}' (folder {s.root}); "
                "one folder belongs to at most one layer",
                code="folder_overlaps",
            )
    layer = opts.name or layer_name_from_folder(root)
    if readers.get_layer(conn, layer) is not None:
        conn.commit()
        raise RefusedError(f"layer name '{layer}' is taken; pass --name to pick another", code="name_taken")
    conn.commit()
    return layer


def _add_locked(conn, settings, opts: AddOptions, root: Path, layer: str, embedder: Embedder,
                progress) -> AddResult:  # noqa: C901
    root_s = str(root)
    own = next((s for s in readers.sources(conn) if s.root == root_s), None)
    result = AddResult(layer=layer, folder=root_s, model=embedder.name)
    result.run_id = uuid.uuid4().hex[:16]

    why = broad_reason(root)
    if why and not opts.allow_broad:
        question = f"{esc(root_s)} is {why}. Add it anyway?"
        if opts.confirm is None or not opts.confirm(question):
            raise ConfirmationRequired(
                f"refused: {root_s} is {why}; pass --allow-broad to add it", flag="--allow-broad"
            )

    selection = select_files(root)
    result.selection = selection.method
    result.notes.extend(selection.notes)
    result.excluded = [FileNote(x.rel_path, x.reason) for x in selection.excluded]
    stored = readers.documents_of_source(conn, own.id) if own is not None else {}
    conn.commit()
    present = {p for p in stored if os.path.lexists(os.path.join(root_s, p))}
    plan = plan_files(selection, stored, max_file_size=opts.max_file_size, present=present)
    result.skipped = [FileNote(p, r) for p, r in plan.skipped]
    result.files_unchanged = len(plan.unchanged)

    if own is None and plan.included == 0:
        raise RefusedError(
            f"nothing to add: no file in {root_s} is in a supported format"
            f" ({len(result.skipped)} skipped, {len(result.excluded)} excluded)",
            code="nothing_to_add",
        )
    size = RunSize(adds=plan.adds, updates=plan.updates, removes=len(plan.removals),
                   bytes_in=sum(c.entry.size for c in plan.candidates), layer_files=len(stored))
    why = large_run_reason(size)
    if why and not opts.yes:
        question = f"This run is large: {why}. Continue?"
        if opts.confirm is None or not opts.confirm(question):
            raise ConfirmationRequired(f"refused: {why}; pass --yes to run it", flag="--yes")

    active = vector_tables.active_model(conn)
    conn.commit()
    if active is not None and active.model != embedder.name:
        raise ModelMismatchError(
            f"the store holds vectors of {active.model} but EMBEDDING_MODEL is {embedder.name}; "
            "ingest will not mix two models. Set EMBEDDING_MODEL back, or re-embed the store "
            "with the new model first"
        )
    return _run(conn, opts, root, layer, own, stored, plan, embedder, active, result, progress)


def _run(conn, opts: AddOptions, root: Path, layer: str, own, stored, plan: Plan, embedder: Embedder,
         active, result: AddResult, progress) -> AddResult:  # noqa: C901
    run_id, actor = result.run_id, opts.actor
    setup: list[ev.Event] = []
    if active is None:
        setup.append(ev.Event(ev.EMBEDDING_MODEL_ACTIVATED, None, {
            "model": embedder.name, "dimensions": embedder.dimensions}, run_id, actor))
    if own is None:
        description = opts.description
        if description is None:
            description = description_from_readme(root) or f"Documents from the folder {root.name}."
        source_id = readers.allocate_ids(conn, "sources_id_seq", 1)[0]
        conn.commit()
        default = ChunkConfig()
        setup += [
            ev.Event(ev.LAYER_CREATED, layer, {
                "display_name": root.name or layer, "description": description,
                "origin": {"kind": "add"},
                "chunk_config": {"chunk_size": default.chunk_size, "chunk_overlap": default.chunk_overlap},
            }, run_id, actor),
            ev.Event(ev.SOURCE_ADDED, layer, {"source_id": source_id, "root": str(root), "name": layer},
                     run_id, actor),
        ]
        result.created = True
    else:
        source_id = own.id
        if opts.description is not None:
            setup.append(ev.Event(ev.LAYER_UPDATED, layer, {"changes": {"description": opts.description}},
                                  run_id, actor))
    if setup:
        projector.commit_events(conn, setup)
    try:
        sync_source(conn, layer=layer, source_id=source_id, root=root, plan=plan, stored=stored,
                    embedder=embedder, result=result, max_file_size=opts.max_file_size, actor=actor,
                    progress=progress)
    finally:
        finish_run(conn, layer, result, actor, {"command": "add", "folder": str(root)})
    return result


def finish_run(conn: psycopg.Connection, layer: str, result: AddResult, actor: str,
               extra: dict[str, Any]) -> None:
    """Append the run's audit event (run_finished) with its counts; one per run."""
    result.files_skipped = len(result.skipped)
    try:
        projector.commit_events(conn, [ev.Event(ev.RUN_FINISHED, layer, {
            **extra, "interrupted": result.interrupted,
            **{k: getattr(result, k) for k in (
                "files_added", "files_updated", "files_unchanged", "files_removed", "files_skipped",
                "files_flagged", "chunks_stored", "chunks_embedded", "chunks_reused")},
            "errors": len(result.errors),
        }, result.run_id, actor)])
    except (psycopg.Error, StrataError):
        if not result.interrupted:
            raise


def record_outcome(conn: psycopg.Connection, pf: Any, result: AddResult, removals: list[tuple[str, str]],
                   fail: Callable[[str, str, str], None]) -> None:
    """Count a file that was not stored as a new version: unchanged, no text, or failed."""
    if pf.outcome == "unchanged":
        assert pf.document_id is not None
        refresh_stat(conn, pf.document_id, pf.size, pf.mtime_ns)
        result.files_unchanged += 1
    elif pf.outcome == "no_text":
        if pf.document_id is not None:
            removals.append((pf.rel_path, "no_text"))
        else:
            result.skipped.append(FileNote(pf.rel_path, "no_text"))
    elif pf.outcome == "failed":
        fail(pf.rel_path, pf.reason or "read_error", pf.message or "")


def apply_removals(conn: psycopg.Connection, layer: str, stored: dict[str, readers.DocumentRow],
                   removals: list[tuple[str, str]], result: AddResult, actor: str) -> None:
    """Remove the planned and no-text documents, one event each, and count them."""
    remove_documents(conn, layer, [(stored[p].id, p, r) for p, r in removals], result.run_id, actor)
    result.removed.extend(FileNote(p, r) for p, r in removals)
    result.files_removed += len(removals)


def commit_group(conn: psycopg.Connection, *, layer: str, source_id: int, model: vector_tables.ActiveModel,
                 group: list[ChunkedFile], recipe: str, result: AddResult,
                 fail: Callable[[str, str, str], None], actor: str,
                 embed: Callable[[list[ChunkedFile]], Any]) -> None:
    """Embed one group's missing texts and store the group atomically, counting it in `result`.

    A failure of embedding or storing fails the group's files (embed_error) and the run goes on;
    the CLI's sync and the Dagster layer_store stage both commit through here.
    """
    if not group:
        return
    try:
        emb = embed(group)
        if emb.vectors is not None and emb.vectors.shape[1] != model.dimensions:
            raise EmbedError(f"the model returned {emb.vectors.shape[1]} dimensions; "
                             f"the store holds {model.dimensions}")
        store_group(conn, layer, source_id, model, group, emb, recipe, result.run_id, actor)
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # embedding or storing failed for this group; the run goes on
        try:
            conn.rollback()
        except psycopg.Error:
            pass
        msg = exc.message if isinstance(exc, StrataError) else f"{type(exc).__name__}: {exc}"
        for f in group:
            fail(f.parsed.rel_path, "embed_error", msg.splitlines()[0][:300] if msg else "failed")
        return
    result.chunks_embedded += len(emb.hashes)
    result.chunks_reused += emb.reused
    for f in group:
        pf = f.parsed
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


def sync_source(conn: psycopg.Connection, *, layer: str, source_id: int, root: Path, plan: Plan,
                stored: dict[str, readers.DocumentRow], embedder: Embedder, result: AddResult,
                max_file_size: int, actor: str,
                progress: Callable[[int, int], None] | None = None) -> None:  # noqa: C901
    """Apply a plan to one source folder of a layer, committing a group of files at a time.

    Fills `result`; a KeyboardInterrupt is caught and recorded as result.interrupted, after which
    everything committed so far stays. The caller holds the layer's lock.
    """
    run_id = result.run_id
    model = vector_tables.active_model(conn)
    layer_row = readers.get_layer(conn, layer)
    patterns = readers.structure_patterns(conn, layer)
    conn.commit()
    assert model is not None and layer_row is not None
    config = layer_chunk_config(layer_row)
    recipe = config.recipe()
    failed: list[ev.Event] = []
    removals: list[tuple[str, str]] = list(plan.removals)
    pending: list[ChunkedFile] = []
    pending_chunks = 0
    total, done = len(plan.candidates), 0

    def fail(path: str, reason: str, message: str) -> None:
        result.errors.append(FileNote(path, reason, message))
        failed.append(ev.Event(ev.FILE_FAILED, layer, {"path": path, "reason": reason, "message": message},
                               run_id, actor))

    def flush() -> None:
        nonlocal pending, pending_chunks
        group, pending, pending_chunks = pending, [], 0
        commit_group(conn, layer=layer, source_id=source_id, model=model, group=group, recipe=recipe,
                     result=result, fail=fail, actor=actor,
                     embed=lambda g: embed_missing(conn, model.table, g, embedder))

    sandbox = sandbox_from_env()
    try:
        for cand in plan.candidates:
            pf = parse_file(root, cand, max_file_size, sandbox.parse)
            done += 1
            if pf.outcome == "parsed":
                pf = apply_structure_patterns(pf, patterns)
                chunked = chunk_file(pf, layer, config)
                if isinstance(chunked, ChunkedFile):
                    pending.append(chunked)
                    pending_chunks += len(chunked.chunks)
                    if pending_chunks >= GROUP_CHUNKS:
                        flush()
                else:
                    pf = chunked
            record_outcome(conn, pf, result, removals, fail)
            if progress:
                progress(done, total)
        flush()
        apply_removals(conn, layer, stored, removals, result, actor)
    except KeyboardInterrupt:
        result.interrupted = True
        try:
            conn.rollback()
        except psycopg.Error:
            pass
    finally:
        sandbox.close()
        if failed:
            try:
                projector.commit_events(conn, failed)
            except (psycopg.Error, StrataError):
                if not result.interrupted:
                    raise
