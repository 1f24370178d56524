"""`stratakb add`: choose the layer of one folder, plan its sync and run it; does I/O.

The refusals (a missing folder, a taken or overlapping folder, nothing to add) and the
confirmations (a broad folder, a large run) happen here, before anything is written; the sync
itself is the one write path of `ingest.source_sync`.
"""

from __future__ import annotations

import os
import stat
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from stratakb_core.embedding import Embedder, build_embedder
from stratakb_core.errors import ConfirmationRequired, RefusedError, UsageError
from stratakb_core.ingest.addplan import (
    DEFAULT_MAX_FILE_SIZE,
    RunSize,
    broad_reason,
    check_layer_name,
    description_from_readme,
    large_run_reason,
    layer_name_from_folder,
)
from stratakb_core.ingest.layer_tables import refresh_layer_tables
from stratakb_core.ingest.no_text import leave_unread
from stratakb_core.ingest.selection import select_files
from stratakb_core.ingest.source_sync import finish_run, layer_lock, sync_folder, write_setup
from stratakb_core.ingest.stages import Plan, plan_files
from stratakb_core.ingest.sync_result import AddResult, FileNote
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store import readers
from stratakb_core.store.connection import Database
from stratakb_core.store.vectors import check_active_model
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import name_from_store, storable_name
from stratakb_core.values import ChunkConfig, Selection

__all__ = ["DEFAULT_MAX_FILE_SIZE", "AddOptions", "AddResult", "FileNote", "add_folder",
           "check_embedding_setup", "plan_folder"]

Confirm = Callable[[str], bool]


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
        with layer_lock(conn, layer, opts.on_wait):
            layer = _choose_layer(conn, opts, root)
            result = _add_locked(conn, opts, root, layer, embedder, progress)
            refresh_layer_tables(conn, settings, result)  # the tables step (ingest.layer_tables)
            return result
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
        _own, _stored, selection, plan = _plan(conn, root, opts.max_file_size)
        return layer, plan, selection
    finally:
        conn.close()


def _plan(conn: psycopg.Connection, root: Path, max_file_size: int
          ) -> tuple[readers.SourceRow | None, dict[str, readers.DocumentRow], Selection, Plan]:
    """The folder's source (None when new), what it stores, its selection and the plan against it."""
    own = next((s for s in readers.sources(conn) if s.root == storable_name(str(root))), None)
    stored = readers.documents_of_source(conn, own.id) if own is not None else {}
    conn.commit()
    selection = select_files(root)
    # Only a stored path the selection did not list can be a removal, so only those are looked up.
    selected = {storable_name(f.rel_path) for f in selection.files}
    present = {p for p in stored if p not in selected
               and os.path.lexists(os.path.join(str(root), name_from_store(p)))}
    plan = plan_files(selection, stored, max_file_size=max_file_size, present=present)
    return own, stored, selection, plan if own is None else leave_unread(conn, own.layer, own.id, plan)


def _refuse_taken(opts: AddOptions, root_s: str, owner: str) -> None:
    hint = "run without --name to sync it" if opts.name else "run again to sync it"
    raise RefusedError(f"{root_s} already belongs to layer '{owner}'; {hint}", code="folder_taken")


def _choose_layer(conn: psycopg.Connection, opts: AddOptions, root: Path) -> str:
    root_s = storable_name(str(root))
    srcs = readers.sources(conn)
    conn.commit()
    own = next((s for s in srcs if s.root == root_s), None)
    if own is not None:
        if opts.name and opts.name != own.layer:
            _refuse_taken(opts, root_s, own.layer)
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


def _confirm(opts: AddOptions, why: str | None, flag: str, question: str, refusal: str) -> None:
    """Go on when there is nothing to confirm, the flag was given, or the person at the terminal agrees."""
    given = opts.allow_broad if flag == "--allow-broad" else opts.yes
    if why and not given and (opts.confirm is None or not opts.confirm(question)):
        raise ConfirmationRequired(refusal, flag=flag)


def _add_locked(conn: psycopg.Connection, opts: AddOptions, root: Path, layer: str, embedder: Embedder,
                progress: Callable[[int, int], None] | None) -> AddResult:
    root_s = str(root)
    why = broad_reason(root)
    _confirm(opts, why, "--allow-broad", f"{esc(root_s)} is {why}. Add it anyway?",
             f"{root_s} is {why}; pass --allow-broad to add it")
    own, stored, selection, plan = _plan(conn, root, opts.max_file_size)
    if own is not None and own.layer != layer:
        # Another run took the folder between choosing the layer and planning: the same refusal.
        _refuse_taken(opts, storable_name(root_s), own.layer)
    result = AddResult(layer=layer, folder=root_s, model=embedder.name, run_id=uuid.uuid4().hex[:16],
                       selection=selection.method)
    result.notes.extend(selection.notes)
    result.excluded = [FileNote(x.rel_path, x.reason) for x in selection.excluded]
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
    _confirm(opts, why, "--yes", f"This run is large: {why}. Continue?", f"{why}; pass --yes to run it")
    active = check_active_model(conn, embedder.name, embedder.dimensions)
    conn.commit()

    stored_root = storable_name(root_s)
    if own is None:
        description = opts.description
        if description is None:
            description = description_from_readme(root) or f"Documents from the folder {root.name}."
        default = ChunkConfig()
        layer_event: tuple[str, dict] | None = (ev.LAYER_CREATED, {
            "display_name": root.name or layer, "description": description, "origin": {"kind": "add"},
            "chunk_config": {"chunk_size": default.chunk_size, "chunk_overlap": default.chunk_overlap}})
        result.created = True
    else:
        layer_event = None if opts.description is None else (
            ev.LAYER_UPDATED, {"changes": {"description": opts.description}})
    ids = write_setup(conn, layer=layer, run_id=result.run_id, actor=opts.actor, embedder=embedder, active=active,
                      layer_event=layer_event, new_sources=[] if own is not None else [(stored_root, layer)])
    try:
        sync_folder(conn, layer=layer, source_id=own.id if own is not None else ids[0], root=root, plan=plan,
                    stored=stored, embedder=embedder, result=result, max_file_size=opts.max_file_size,
                    actor=opts.actor, progress=progress)
    except KeyboardInterrupt:  # the stop landed outside the stream's own handler (an index build, a last flush)
        result.interrupted = True
        raise
    finally:
        finish_run(conn, layer, result, opts.actor, {"command": "add", "folder": stored_root})
    return result
