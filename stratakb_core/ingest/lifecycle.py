"""A layer's lifecycle on the write path: roll it back, remove it, rename it, remove one of its source
folders, rebuild it from its sources (replace_all); does I/O.

Each operation holds the layer's lock (`source_sync.layer_lock`: it waits for a running sync and
says so) and commits its events in one transaction, so an interrupted or killed operation leaves
the store exactly as it was. Nothing is embedded except by replace_all, which embeds only texts the
store has no vector for.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from stratakb_core.embedding import Embedder
from stratakb_core.errors import RefusedError, UsageError
from stratakb_core.ingest.addplan import LAYER_NAME_RE
from stratakb_core.ingest.selection import select_files
from stratakb_core.ingest.source_sync import finish_run, layer_lock, sync_folder
from stratakb_core.ingest.stages import MAX_READ_BYTES, plan_files
from stratakb_core.ingest.sync_result import AddResult, FileNote
from stratakb_core.store import events as ev
from stratakb_core.store import lifecycle_store, projector, readers
from stratakb_core.store.connection import Database
from stratakb_core.store.rollback import RollbackPlan, apply_rollback, plan_rollback
from stratakb_core.store.vectors import check_active_model

__all__ = ["FOLDER_NOTE", "remove_layer", "remove_source", "rename_layer", "replace_all", "rollback_layer"]

OnWait = Callable[[str], None] | None
FOLDER_NOTE = ("the folder is still the truth for the next `stratakb add` (or preset apply): files that differ "
               "from the restored versions are updated again then")


def _require_layer(conn: Any, layer: str) -> readers.LayerRow:
    row = readers.get_layer(conn, layer)
    conn.commit()
    if row is None:
        raise UsageError(f"there is no layer '{layer}' (see `stratakb layers`)")
    return row


def rollback_layer(db: Database, layer: str, target: str, *, dry_run: bool = False, actor: str = "system",
                   on_wait: OnWait = None) -> dict[str, Any]:
    """Return `layer` to its state right after event `target` (a seq or a time); with dry_run, only
    say what would be restored, added and removed."""
    with db.connection() as conn:
        _require_layer(conn, layer)
        run_id = uuid.uuid4().hex[:16]
        if dry_run:
            plan = plan_rollback(conn, layer, target, actor=actor, run_id=run_id)
            return _rollback_result(plan, dry_run=True)
        with layer_lock(conn, layer, on_wait):
            plan = plan_rollback(conn, layer, target, actor=actor, run_id=run_id)
            apply_rollback(conn, plan)
        return _rollback_result(plan, dry_run=False)


def _rollback_result(plan: RollbackPlan, *, dry_run: bool) -> dict[str, Any]:
    return {"status": "dry_run" if dry_run else "ok", **plan.as_dict(), "note": FOLDER_NOTE}


def remove_layer(db: Database, layer: str, *, actor: str = "system", on_wait: OnWait = None) -> dict[str, Any]:
    """Remove a layer: its documents, sources and chunks (one event each), the layer itself, and the
    vectors no other layer uses. The events stay, so the layer's history stays readable."""
    with db.connection() as conn:
        _require_layer(conn, layer)
        with layer_lock(conn, layer, on_wait):
            events = lifecycle_store.removal_events(conn, layer, "layer_removed")
            hashes = lifecycle_store.layer_embed_hashes(conn, layer)
            events.append(ev.Event(ev.LAYER_REMOVED, layer, {"documents": sum(
                1 for e in events if e.type == ev.DOCUMENT_REMOVED)}))
            events = [ev.Event(e.type, e.layer, e.payload, None, actor) for e in events]
            with conn.transaction():
                projector.commit_events(conn, events)
                pruned = lifecycle_store.prune_vectors(conn, hashes)
    docs = sum(1 for e in events if e.type == ev.DOCUMENT_REMOVED)
    return {"status": "ok", "layer": layer, "documents_removed": docs,
            "sources_removed": sum(1 for e in events if e.type == ev.SOURCE_REMOVED), "vectors_removed": pruned}


def rename_layer(db: Database, old: str, new: str, *, display_name: str | None = None, actor: str = "system",
                 on_wait: OnWait = None) -> dict[str, Any]:
    """Rename a layer (and optionally its display name); its documents, routing patterns, learned
    routing and history follow it."""
    if not LAYER_NAME_RE.match(new or ""):
        raise UsageError(f"invalid layer name {new!r}: use 1 to 63 lower-case letters, digits, '_' or '-', "
                         "starting with a letter or digit")
    with db.connection() as conn:
        _require_layer(conn, old)
        if readers.get_layer(conn, new) is not None:
            conn.commit()
            raise RefusedError(f"a layer named '{new}' already exists", code="name_taken")
        conn.commit()
        with layer_lock(conn, old, on_wait), layer_lock(conn, new, on_wait):
            payload: dict[str, Any] = {"from": old}
            if display_name:
                payload["changes"] = {"display_name": display_name}
            with conn.transaction():
                projector.commit_events(conn, [ev.Event(ev.LAYER_RENAMED, new, payload, None, actor)])
                lifecycle_store.learned_rows_follow(conn, old, new)
    return {"status": "ok", "layer": new, "renamed_from": old, "display_name": display_name}


def _find_source(conn: Any, layer: str, folder: str) -> readers.SourceRow:
    candidates = [s for s in readers.sources(conn) if s.layer == layer]
    conn.commit()
    wanted = {folder, str(Path(folder).expanduser().resolve()) if folder else folder}
    for s in candidates:
        if s.root in wanted or s.name == folder:
            return s
    listed = ", ".join(f"{s.name} ({s.root})" for s in candidates) or "none"
    raise UsageError(f"layer '{layer}' has no source folder {folder!r}; its sources: {listed}")


def remove_source(db: Database, layer: str, folder: str, *, actor: str = "system",
                  on_wait: OnWait = None) -> dict[str, Any]:
    """Remove one source folder (by its path or name) from a layer, with its documents and chunks."""
    with db.connection() as conn:
        _require_layer(conn, layer)
        with layer_lock(conn, layer, on_wait):
            src = _find_source(conn, layer, folder)
            events = lifecycle_store.removal_events(conn, layer, "source_removed", source_id=src.id)
            hashes = lifecycle_store.layer_embed_hashes(conn, layer, src.id)
            events = [ev.Event(e.type, e.layer, e.payload, None, actor) for e in events]
            with conn.transaction():
                projector.commit_events(conn, events)
                pruned = lifecycle_store.prune_vectors(conn, hashes)
    return {"status": "ok", "layer": layer, "source": src.root,
            "documents_removed": sum(1 for e in events if e.type == ev.DOCUMENT_REMOVED), "vectors_removed": pruned}


def replace_all(db: Database, layer: str, embedder: Embedder, *, actor: str = "system", on_wait: OnWait = None,
                progress: Callable[[int, int], None] | None = None) -> AddResult:
    """Rebuild a layer from its source folders (after a chunk_config change): every file is parsed
    and chunked again through the write path; only texts with no stored vector are embedded."""
    with db.connection() as conn:
        row = _require_layer(conn, layer)
        check_active_model(conn, embedder.name, embedder.dimensions)
        conn.commit()
        mode = "add" if (row.origin or {}).get("kind") == "add" else "preset"
        totals = AddResult(layer=layer, folder="", model=embedder.name, run_id=uuid.uuid4().hex[:16])
        with layer_lock(conn, layer, on_wait):
            sources = [s for s in readers.sources(conn) if s.layer == layer]
            conn.commit()
            try:
                for src in sources:
                    if not os.path.isdir(src.root):
                        totals.notes.append(f"source '{src.name}' ({src.root}) is missing; its documents are kept")
                        continue
                    r = _rebuild_source(conn, layer, src, mode, embedder, totals.run_id, actor, progress)
                    totals.absorb(r)
                    if r.interrupted:
                        totals.interrupted = True
                        break
            finally:
                finish_run(conn, layer, totals, actor, {"command": "replace_all"})
    return totals


def _rebuild_source(conn: Any, layer: str, src: readers.SourceRow, mode: str, embedder: Embedder, run_id: str,
                    actor: str, progress: Callable[[int, int], None] | None) -> AddResult:
    folder = Path(src.root)
    selection = select_files(folder, mode=mode)
    stored = readers.documents_of_source(conn, src.id)
    conn.commit()
    present = {p for p in stored if os.path.lexists(os.path.join(folder, p))}
    # A stale stat and hash make every stored file a candidate, so each is parsed and chunked again.
    forced = {p: replace(r, size=-1, mtime_ns=-1, content_hash="") for p, r in stored.items()}
    max_size = MAX_READ_BYTES if mode == "preset" else 50 * 1024 * 1024
    plan = plan_files(selection, forced, max_file_size=max_size, present=present, policy=mode)
    r = AddResult(layer=layer, folder=str(folder), model=embedder.name, run_id=run_id, selection=selection.method)
    r.skipped = [FileNote(p, reason) for p, reason in plan.skipped]
    sync_folder(conn, layer=layer, source_id=src.id, root=folder, plan=plan, stored=stored, embedder=embedder,
                result=r, max_file_size=max_size, actor=actor, progress=progress)
    return r
