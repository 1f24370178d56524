"""`stratakb add`: plan and run the sync of one folder into its layer; does I/O.

The stages (selection, policy, parse, chunk, embed) are the pure functions of their modules;
this module reads files, asks the store what it holds, and commits each group of documents with
its events, so an interrupted run keeps what it stored and the next run carries on.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import stat
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import psycopg

from . import events as ev
from . import store
from .addplan import (
    RunSize,
    broad_reason,
    check_layer_name,
    description_from_readme,
    large_run_reason,
    layer_name_from_folder,
)
from .chunking import chunk_document, embedding_text
from .db import Database
from .embedding import Embedder, build_embedder, text_hash
from .errors import (
    ConfirmationRequired,
    DatabaseError,
    EmbedError,
    ModelMismatchError,
    NoTextError,
    ParseError,
    ReadError,
    RefusedError,
    StrataError,
    UsageError,
)
from .models import ChunkConfig, FileEntry, ParsedDocument
from .parsing import parser_for
from .policy import decide, is_secret_name
from .selection import select_files
from .settings import Settings

DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024
# A group of files is parsed, embedded and committed together: big enough for full embedding
# batches, small enough that Ctrl-C loses little work.
GROUP_CHUNKS = 256
SUPERSEDES_MAX = 500

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


@dataclass
class _Prepared:
    """A file read, parsed and chunked, waiting for its embeddings."""

    entry: FileEntry
    change: str  # added | updated
    doc_id: int | None
    content_hash: str
    doc: ParsedDocument
    chunks: list[Any]
    embed_texts: list[str]
    embed_hashes: list[bytes]
    date: str | None
    date_source: str | None
    supersedes: str | None


def _utc_date(mtime_ns: int) -> str:
    return dt.datetime.fromtimestamp(mtime_ns / 1e9, tz=dt.timezone.utc).date().isoformat()


def resolve_supersedes(rel_path: str, value: Any) -> str | None:
    """The file a `supersedes` value names, relative to the source root, or None when it cannot
    name a file in the folder (absolute, a drive, a URL, leaves the root, itself, empty, long)."""
    if not isinstance(value, str):
        return None
    value = value.strip()
    if not value or len(value) > SUPERSEDES_MAX or "\x00" in value or "\\" in value:
        return None
    if value.startswith("/") or "://" in value or (len(value) >= 2 and value[1] == ":"):
        return None
    base = PurePosixPath(rel_path).parent
    parts: list[str] = list(base.parts) if str(base) != "." else []
    for part in PurePosixPath(value).parts:
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(part)
    if not parts:
        return None
    target = "/".join(parts)
    return None if target == rel_path else target


def _read_file(root: Path, entry: FileEntry, max_size: int) -> bytes:
    """Read a regular file without following links and without blocking on FIFOs."""
    path = root / entry.rel_path
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise ReadError(exc.strerror or "could not open") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ReadError("not a regular file")
        chunks = []
        remaining = max_size + 1
        while remaining > 0:
            block = os.read(fd, min(remaining, 1 << 20))
            if not block:
                break
            chunks.append(block)
            remaining -= len(block)
        data = b"".join(chunks)
        if len(data) > max_size:
            raise ReadError("file grew past the size limit while being read")
        return data
    except OSError as exc:
        raise ReadError(exc.strerror or "could not read") from exc
    finally:
        os.close(fd)


def _chunk_id(doc_id: int, version_id: str, start: int, end: int, recipe: str) -> str:
    return hashlib.sha256(f"{doc_id}:{version_id}:{start}:{end}:{recipe}".encode()).hexdigest()[:32]


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


def add_folder(
    db: Database,
    settings: Settings,
    opts: AddOptions,
    *,
    embedder: Embedder | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> AddResult:
    """Create or sync the layer of one folder. Raises RefusedError/UsageError before writing."""
    from .textsafe import escape_for_terminal as esc

    root = _resolve_folder(opts.folder)
    if opts.name is not None:
        check_layer_name(opts.name)
    if opts.max_file_size <= 0:
        raise UsageError("--max-file-size must be more than 0")
    embedder = embedder or check_embedding_setup(settings)

    conn = db.connect()
    try:
        return _add(conn, settings, opts, root, embedder, progress, esc)
    finally:
        conn.close()


def _add(conn, settings, opts, root, embedder, progress, esc) -> AddResult:  # noqa: C901
    root_s = str(root)
    # Which layer: the folder's own, or a new one.
    srcs = store.sources(conn)
    own = next((s for s in srcs if s.root == root_s), None)
    if own is not None:
        if opts.name and opts.name != own.layer:
            raise RefusedError(
                f"{esc(root_s)} already belongs to layer '{own.layer}'; run without --name to sync it",
                code="folder_taken",
            )
        layer = own.layer
    else:
        for s in srcs:
            if _is_inside(root_s, s.root) or _is_inside(s.root, root_s):
                raise RefusedError(
                    f"{esc(root_s)} overlaps layer '{s.layer}' (folder {esc(s.root)}); "
                    "one folder belongs to at most one layer",
                    code="folder_overlaps",
                )
        layer = opts.name or layer_name_from_folder(root)
        if store.get_layer(conn, layer) is not None:
            raise RefusedError(
                f"layer name '{layer}' is taken; pass --name to pick another", code="name_taken"
            )
    result = AddResult(layer=layer, folder=root_s, model=embedder.name)
    result.run_id = uuid.uuid4().hex[:16]

    why = broad_reason(root)
    if why and not opts.allow_broad:
        question = f"{esc(root_s)} is {why}. Add it anyway?"
        if opts.confirm is None or not opts.confirm(question):
            raise ConfirmationRequired(
                f"refused: {esc(root_s)} is {why}; pass --allow-broad to add it", flag="--allow-broad"
            )

    # Selection and policy (names and sizes only; nothing is opened).
    selection = select_files(root)
    result.selection = selection.method
    result.notes.extend(selection.notes)
    result.excluded = [FileNote(x.rel_path, x.reason) for x in selection.excluded]
    included: list[FileEntry] = []
    policy_reason: dict[str, str] = {}
    for entry in selection.files:
        decision = decide(entry, max_file_size=opts.max_file_size)
        reason = decision.reason
        if reason is None and parser_for(entry.rel_path) is None:
            reason = "unsupported"
        if reason is not None:
            policy_reason[entry.rel_path] = reason
            result.skipped.append(FileNote(entry.rel_path, reason))
        else:
            included.append(entry)

    stored = store.documents_of_source(conn, own.id) if own is not None else {}
    candidates: list[tuple[FileEntry, str]] = []
    for entry in included:
        prev = stored.get(entry.rel_path)
        if prev is None:
            candidates.append((entry, "added"))
        elif prev.size == entry.size and prev.mtime_ns == entry.mtime_ns:
            result.files_unchanged += 1
        else:
            candidates.append((entry, "updated"))
    included_paths = {e.rel_path for e in included}
    removals: list[tuple[str, str]] = []
    for path in sorted(stored):
        if path in included_paths:
            continue
        reason = policy_reason.get(path)
        if reason == "secret" or (reason is None and is_secret_name(path)):
            removals.append((path, "secret"))
        elif reason is not None or any(f.rel_path == path for f in selection.files):
            removals.append((path, "not_selected"))
        else:
            present = os.path.lexists(os.path.join(root_s, path))
            removals.append((path, "not_selected" if present else "deleted"))

    if own is None and not included:
        raise RefusedError(
            f"nothing to add: no file in {esc(root_s)} is in a supported format"
            f" ({len(result.skipped)} skipped, {len(result.excluded)} excluded)",
            code="nothing_to_add",
        )

    size = RunSize(
        adds=sum(1 for _, c in candidates if c == "added"),
        updates=sum(1 for _, c in candidates if c == "updated"),
        removes=len(removals),
        bytes_in=sum(e.size for e, _ in candidates),
        layer_files=len(stored),
    )
    why = large_run_reason(size)
    if why and not opts.yes:
        question = f"This run is large: {why}. Continue?"
        if opts.confirm is None or not opts.confirm(question):
            raise ConfirmationRequired(f"refused: {why}; pass --yes to run it", flag="--yes")

    active = store.active_model(conn)
    if active is not None and active.model != embedder.name:
        raise ModelMismatchError(
            f"the store holds vectors of {active.model} but EMBEDDING_MODEL is {embedder.name}; "
            "ingest will not mix two models. Set EMBEDDING_MODEL back, or re-embed the store "
            "with the new model first"
        )

    store.lock_layer_session(conn, layer)
    try:
        return _run(conn, settings, opts, root, layer, own, stored, candidates, removals,
                    embedder, active, result, progress)
    finally:
        store.unlock_layer_session(conn, layer)


def _run(conn, settings, opts, root, layer, own, stored, candidates, removals, embedder, active,
         result: AddResult, progress) -> AddResult:  # noqa: C901
    run_id = result.run_id
    actor = opts.actor
    created_events: list[ev.Event] = []
    if active is None:
        created_events.append(ev.Event(ev.EMBEDDING_MODEL_ACTIVATED, None, {
            "model": embedder.name, "dimensions": embedder.dimensions}, run_id, actor))
    if own is None:
        description = opts.description
        if description is None:
            description = description_from_readme(root) or f"Documents from the folder {root.name}."
        source_id = store.allocate_ids(conn, "sources_id_seq", 1)[0]
        conn.commit()
        chunk_config = ChunkConfig()
        created_events += [
            ev.Event(ev.LAYER_CREATED, layer, {
                "display_name": root.name or layer,
                "description": description,
                "origin": {"kind": "add"},
                "chunk_config": {"chunk_size": chunk_config.chunk_size,
                                 "chunk_overlap": chunk_config.chunk_overlap},
            }, run_id, actor),
            ev.Event(ev.SOURCE_ADDED, layer, {"source_id": source_id, "root": str(root), "name": layer},
                     run_id, actor),
        ]
        result.created = True
    else:
        source_id = own.id
        if opts.description is not None:
            created_events.append(ev.Event(ev.LAYER_UPDATED, layer, {
                "changes": {"description": opts.description}}, run_id, actor))
    if created_events:
        store.commit_events(conn, created_events)
    model = store.active_model(conn)
    assert model is not None
    layer_row = store.get_layer(conn, layer)
    assert layer_row is not None
    cfg = layer_row.chunk_config or {}
    chunk_config = ChunkConfig(
        chunk_size=int(cfg.get("chunk_size", ChunkConfig.chunk_size)),
        chunk_overlap=int(cfg.get("chunk_overlap", ChunkConfig.chunk_overlap)),
    )
    failed_events: list[ev.Event] = []
    total = len(candidates)
    done = 0
    pending: list[_Prepared] = []
    pending_chunks = 0

    def fail(path: str, reason: str, message: str) -> None:
        result.errors.append(FileNote(path, reason, message))
        failed_events.append(ev.Event(ev.FILE_FAILED, layer, {
            "path": path, "reason": reason, "message": message}, run_id, actor))

    def flush() -> None:
        nonlocal pending, pending_chunks
        if pending:
            _commit_group(conn, layer, source_id, model, embedder, chunk_config, pending, result,
                          run_id, actor, fail, settings)
        pending, pending_chunks = [], 0

    try:
        for entry, change in candidates:
            prev = stored.get(entry.rel_path)
            try:
                data = _read_file(root, entry, opts.max_file_size)
            except ReadError as exc:
                fail(entry.rel_path, "read_error", exc.message)
                done += 1
                continue
            content_hash = hashlib.sha256(data).hexdigest()
            if prev is not None and prev.content_hash == content_hash:
                # Same bytes, new stat: refresh the stat cache only (not event state).
                conn.execute("UPDATE documents SET size = %s, mtime_ns = %s WHERE id = %s",
                             (entry.size, entry.mtime_ns, prev.id))
                conn.commit()
                result.files_unchanged += 1
                done += 1
                continue
            parser = parser_for(entry.rel_path)
            try:
                if parser is None:
                    raise ParseError("no parser for this format")
                doc = parser.parse(data, entry.rel_path)
                chunks = chunk_document(doc, chunk_config)
                if not chunks:
                    raise NoTextError("no text")
            except NoTextError:
                if prev is not None:
                    removals.append((entry.rel_path, "no_text"))
                else:
                    result.skipped.append(FileNote(entry.rel_path, "no_text"))
                done += 1
                continue
            except ParseError as exc:
                fail(entry.rel_path, "parse_error", exc.message)
                done += 1
                continue
            except Exception as exc:  # a parser bug must not end the run
                fail(entry.rel_path, "parse_error", f"{type(exc).__name__}: {exc}"[:300])
                done += 1
                continue
            if doc.date:
                date, date_source = doc.date, "front_matter"
            else:
                date, date_source = _utc_date(entry.mtime_ns), "file"
            texts = [embedding_text(c, layer, entry.rel_path) for c in chunks]
            pending.append(_Prepared(
                entry=entry, change=change, doc_id=prev.id if prev else None, content_hash=content_hash,
                doc=doc, chunks=chunks, embed_texts=texts, embed_hashes=[text_hash(t) for t in texts],
                date=date, date_source=date_source,
                supersedes=resolve_supersedes(entry.rel_path, doc.supersedes),
            ))
            pending_chunks += len(chunks)
            done += 1
            if pending_chunks >= GROUP_CHUNKS:
                flush()
            if progress:
                progress(done, total)
        flush()
        if progress:
            progress(total, total)
        _commit_removals(conn, layer, stored, removals, result, run_id, actor)
    except KeyboardInterrupt:
        result.interrupted = True
        try:
            conn.rollback()
        except psycopg.Error:
            pass
    finally:
        result.files_skipped = len(result.skipped)
        try:
            store.commit_events(conn, [*failed_events, ev.Event(ev.RUN_FINISHED, layer, {
                "command": "add", "folder": str(root), "interrupted": result.interrupted,
                **{k: getattr(result, k) for k in (
                    "files_added", "files_updated", "files_unchanged", "files_removed",
                    "files_skipped", "files_flagged", "chunks_stored", "chunks_embedded",
                    "chunks_reused")},
                "errors": len(result.errors),
            }, run_id, actor)])
        except (psycopg.Error, DatabaseError):
            if not result.interrupted:
                raise
    return result


def _commit_group(conn, layer, source_id, model, embedder, chunk_config, pending: list[_Prepared],
                  result: AddResult, run_id, actor, fail, settings) -> None:
    all_hashes = list(dict.fromkeys(h for p in pending for h in p.embed_hashes))
    have = store.existing_hashes(conn, model.table, all_hashes)
    conn.commit()
    todo_text: dict[bytes, str] = {}
    for p in pending:
        for h, t in zip(p.embed_hashes, p.embed_texts):
            if h not in have and h not in todo_text:
                todo_text[h] = t
    hashes = list(todo_text)
    try:
        vectors = embedder.embed([todo_text[h] for h in hashes]) if hashes else None
    except KeyboardInterrupt:
        raise
    except (EmbedError, StrataError, Exception) as exc:  # the embedder failed for the whole group
        msg = exc.message if isinstance(exc, StrataError) else f"{type(exc).__name__}: {exc}"
        for p in pending:
            fail(p.entry.rel_path, "embed_error", msg[:300])
        return
    if vectors is not None and vectors.shape[1] != model.dimensions:
        for p in pending:
            fail(p.entry.rel_path, "embed_error",
                 f"the model returned {vectors.shape[1]} dimensions, the store holds {model.dimensions}")
        return
    new_ids = store.allocate_ids(conn, "documents_id_seq", sum(1 for p in pending if p.doc_id is None))
    conn.commit()
    recipe = chunk_config.recipe()
    events: list[ev.Event] = []
    try:
        with conn.transaction():
            if hashes:
                store.put_embeddings(conn, model.table, hashes, vectors)
            for p in pending:
                doc_id = p.doc_id if p.doc_id is not None else new_ids.pop(0)
                p.doc_id = doc_id
                text = p.doc.text
                version_id = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
                store.put_version(conn, version_id, text, p.doc.kind, p.doc.first_line,
                                  [list(pg) for pg in p.doc.pages] if p.doc.pages else None)
                flags = [{"reason": f.reason, "count": f.count} for f in p.doc.flags]
                events.append(ev.Event(ev.DOCUMENT_VERSION_ADDED, layer, {
                    "document_id": doc_id, "source_id": source_id, "path": p.entry.rel_path,
                    "change": p.change, "version_id": version_id, "content_hash": p.content_hash,
                    "kind": p.doc.kind, "date": p.date, "date_source": p.date_source,
                    "supersedes": p.supersedes, "flags": flags, "size": p.entry.size,
                    "mtime_ns": p.entry.mtime_ns, "model": model.model,
                    "chunks": [{
                        "id": _chunk_id(doc_id, version_id, c.start, c.end, recipe),
                        "ordinal": c.ordinal, "start": c.start, "end": c.end,
                        "line_start": c.line_start, "line_end": c.line_end, "page": c.page,
                        "section_path": list(c.section_path), "metadata": {},
                        "embed_hash": h.hex(),
                    } for c, h in zip(p.chunks, p.embed_hashes)],
                }, run_id, actor))
            for layer_name in (layer,):
                ns, key = store.layer_lock_key(layer_name)
                conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (ns, key))
            seqs = ev.append(conn, events)
            for seq, e in zip(seqs, events):
                store.project(conn, seq, e.type, e.layer, e.payload)
    except psycopg.Error as exc:
        for p in pending:
            fail(p.entry.rel_path, "embed_error", f"storing failed: {str(exc).splitlines()[0][:200]}")
        return
    for p in pending:
        n = len(p.chunks)
        result.chunks_stored += n
        if p.change == "added":
            result.files_added += 1
            result.added.append(p.entry.rel_path)
        else:
            result.files_updated += 1
            result.updated.append(p.entry.rel_path)
        for f in p.doc.flags:
            result.flagged.append(FileNote(p.entry.rel_path, f.reason, count=f.count))
        if p.doc.flags:
            result.files_flagged += 1
    result.chunks_embedded += len(hashes)
    result.chunks_reused += sum(len(p.embed_hashes) for p in pending) - len(hashes)


def _commit_removals(conn, layer, stored, removals, result: AddResult, run_id, actor) -> None:
    if not removals:
        return
    events = [
        ev.Event(ev.DOCUMENT_REMOVED, layer, {
            "document_id": stored[path].id, "path": path, "reason": reason}, run_id, actor)
        for path, reason in removals
    ]
    store.commit_events(conn, events)
    for path, reason in removals:
        result.removed.append(FileNote(path, reason))
    result.files_removed += len(removals)
