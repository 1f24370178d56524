"""Layer administration from an MCP client: create a layer, ingest a path, set archived patterns,
apply a preset within the ingest roots; does I/O (the store and the filesystem).

The MCP tools are thin wrappers over these functions. Every path a client names is checked
against the folders the operator configured (STRATA_INGEST_ROOTS) after resolving it with
`os.path.realpath`, so a `..` or a symbolic link can never lead out of them: a path that
resolves outside is refused before anything is read, without saying whether it exists.

Ingesting follows the spec's sync route with the preset policy (every file in a supported
format; only secret names and files with no text are skipped):

- a folder becomes a source of the layer (unless another layer, or another folder of this
  layer, overlaps it) and is synced: new files added, changed ones re-embedded, deleted ones
  removed; the layer's other folders are left alone;
- a single file is synced alone, inside the source folder of this layer that holds it, or else
  inside its own folder, which then becomes a source of the layer holding just the files
  ingested so far (ingesting that folder later syncs all of it). It never removes another
  file; it removes that file only when it is now empty or has a secret-looking name.
"""

from __future__ import annotations

import os
import stat
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

import psycopg

from stratakb_core.embedding import Embedder
from stratakb_core.errors import ArgumentError, PathRefused, RefusedError
from stratakb_core.ingest.addplan import LAYER_NAME_RE
from stratakb_core.ingest.layer_tables import refresh_layer_tables
from stratakb_core.ingest.presets import apply_preset, load_preset
from stratakb_core.ingest.selection import select_files
from stratakb_core.ingest.source_sync import finish_run, layer_lock, sync_folder, write_setup
from stratakb_core.ingest.stages import MAX_READ_BYTES, Plan, plan_files
from stratakb_core.ingest.sync_result import AddResult, FileNote
from stratakb_core.patterns import check_archived, escape_controls, show_pattern
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store import projector, readers
from stratakb_core.store.connection import Database
from stratakb_core.store.layer_state import layer_names
from stratakb_core.store.vectors import check_active_model
from stratakb_core.values import ChunkConfig, Selection

__all__ = [
    "ANSWER_MODES",
    "IngestOutcome",
    "PathRefused",
    "apply_preset_within_roots",
    "check_layer_argument",
    "create_layer",
    "ingest_path",
    "ingest_roots",
    "resolve_inside_roots",
    "set_archived_patterns",
]

ANSWER_MODES: Final = ("grounded", "extractive")
MAX_DISPLAY_NAME: Final = 200
MAX_DESCRIPTION: Final = 4000
MAX_PATH: Final = 4096
MAX_ARCHIVED_PATTERNS: Final = 200
# Lists of file names in a response are cut here; the counts stay exact.
MAX_LISTED: Final = 100

ROOTS_HINT: Final = (
    "set STRATA_INGEST_ROOTS to the folders this server may read (absolute paths, separated by "
    f"'{os.pathsep}') and restart the MCP server"
)


# ---------------------------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------------------------


def check_layer_argument(value: Any, argument: str = "layer") -> str:
    if not isinstance(value, str) or not LAYER_NAME_RE.match(value):
        raise ArgumentError(argument, f"{argument} {show_pattern(value, 70)} is not a layer name: use 1 to 63 "
                            "lower-case letters, digits, '_' or '-', starting with a letter or digit")
    return value


def _check_text(argument: str, value: Any, limit: int, *, one_line: bool) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ArgumentError(argument, f"{argument} must be a non-empty string")
    if len(value) > limit:
        raise ArgumentError(argument, f"{argument} is {len(value):,} characters; at most {limit:,}")
    for ch in value:
        if ch == "\x00" or 0xD800 <= ord(ch) <= 0xDFFF:
            raise ArgumentError(argument, f"{argument} holds a NUL or a lone surrogate")
        if one_line and not ch.isprintable():
            raise ArgumentError(argument, f"{argument} holds a control character or a line break")
    return value


def _unknown_layer(conn: psycopg.Connection, layer: str) -> ArgumentError:
    known = layer_names(conn)
    conn.commit()
    return ArgumentError("layer", f"unknown layer '{layer}'; known layers: {', '.join(known) or 'none yet'}"
                         " (create one with strata_create_knowledge_layer)", known_layers=known)


# ---------------------------------------------------------------------------------------------
# Paths inside the ingest roots
# ---------------------------------------------------------------------------------------------


def _inside(child: str, parent: str) -> bool:
    return child == parent or child.startswith(parent.rstrip(os.sep) + os.sep)


def ingest_roots(settings: Settings) -> list[str]:
    """The configured roots, resolved; refused when none is configured or one is relative."""
    if not settings.ingest_roots:
        raise RefusedError(f"this server reads no folder yet: {ROOTS_HINT}", code="ingest_roots_not_configured")
    roots = []
    for raw in settings.ingest_roots:
        raw = raw.strip()
        if not os.path.isabs(raw):
            raise RefusedError(f"STRATA_INGEST_ROOTS holds a relative path ({escape_controls(raw)}); "
                               f"{ROOTS_HINT}", code="ingest_roots_not_configured")
        roots.append(os.path.realpath(raw))
    return roots


def _check_path_argument(argument: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ArgumentError(argument, f"{argument} must be a non-empty string: an absolute path")
    if "\x00" in value or any(0xD800 <= ord(c) <= 0xDFFF for c in value):
        raise ArgumentError(argument, f"{argument} holds a NUL or a lone surrogate")
    if len(value) > MAX_PATH:
        raise ArgumentError(argument, f"{argument} is longer than {MAX_PATH} characters")
    if not os.path.isabs(value):
        raise ArgumentError(argument, f"{argument} must be an absolute path, not "
                            f"{show_pattern(value, 100)}: paths are not resolved against the server's "
                            "working folder")
    return value


def resolve_inside_roots(value: Any, settings: Settings, *, argument: str = "path",
                         want: str = "any") -> tuple[Path, os.stat_result]:
    """The real path `value` names and its stat, when it lies inside an ingest root.

    `want` is "any" (a file or a folder), "file" or "dir". The containment check runs on the
    resolved path before the path's existence is looked at, so a client learns nothing about
    folders outside the roots.
    """
    path = _check_path_argument(argument, value)
    roots = ingest_roots(settings)
    real = os.path.realpath(path)
    if not any(_inside(real, root) for root in roots):
        lexical = os.path.normpath(path)
        through_link = any(_inside(lexical, os.path.normpath(raw.strip())) or _inside(lexical, root)
                           for raw, root in zip(settings.ingest_roots, roots, strict=True))
        how = "through a symbolic link " if through_link else ""
        raise PathRefused(f"{argument} leads {how}outside the folders this server may read "
                          "(STRATA_INGEST_ROOTS); ask the operator to add its folder there",
                          code="outside_ingest_roots", argument=argument)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        raise PathRefused(f"{argument} does not exist: {escape_controls(path)}", code="path_not_found",
                          argument=argument) from None
    except OSError as exc:
        raise PathRefused(f"{argument} cannot be opened: {exc.strerror}", code="path_unreadable",
                          argument=argument) from None
    is_dir, is_file = stat.S_ISDIR(st.st_mode), stat.S_ISREG(st.st_mode)
    if want == "dir" and not is_dir:
        raise PathRefused(f"{argument} is not a folder", code="not_a_folder", argument=argument)
    if want == "file" and not is_file:
        raise PathRefused(f"{argument} is not a regular file", code="not_a_file", argument=argument)
    if not (is_dir or is_file):
        raise PathRefused(f"{argument} is neither a regular file nor a folder", code="not_a_file",
                          argument=argument)
    return Path(real), st


# ---------------------------------------------------------------------------------------------
# strata_create_knowledge_layer
# ---------------------------------------------------------------------------------------------


def create_layer(db: Database, name: Any, display_name: Any, description: Any, answer_mode: Any = "grounded",
                 *, actor: str) -> dict[str, Any]:
    """Create an empty layer (origin "tool", no source yet); refuses a taken name."""
    check_layer_argument(name, "name")
    display_name = _check_text("display_name", display_name, MAX_DISPLAY_NAME, one_line=True)
    description = _check_text("description", description, MAX_DESCRIPTION, one_line=False)
    if answer_mode not in ANSWER_MODES:
        raise ArgumentError("answer_mode", f"answer_mode must be grounded or extractive, not {answer_mode!r}")
    default = ChunkConfig()
    event = ev.Event(ev.LAYER_CREATED, name, {
        "display_name": display_name, "description": description, "origin": {"kind": "tool"},
        "chunk_config": {"chunk_size": default.chunk_size, "chunk_overlap": default.chunk_overlap},
        "answer_mode": answer_mode,
    }, uuid.uuid4().hex[:16], actor)
    with db.connection() as conn:
        taken = RefusedError(f"layer name '{name}' is taken; pick another name, or ingest into that layer",
                             code="name_taken")
        if readers.get_layer(conn, name) is not None:
            raise taken
        conn.commit()
        try:
            projector.commit_events(conn, [event])
        except psycopg.errors.UniqueViolation as exc:  # created by someone else meanwhile
            raise taken from exc
    return {
        "status": "ok",
        "layer": {"name": name, "display_name": display_name, "description": description,
                  "answer_mode": answer_mode, "origin": "tool", "documents": 0, "chunks": 0},
        "next_step": f"Add documents with strata_ingest_documents(layer='{name}', path=<an absolute path to a "
                     "folder or file under the server's ingest roots>).",
    }


# ---------------------------------------------------------------------------------------------
# strata_set_archived_patterns
# ---------------------------------------------------------------------------------------------


def set_archived_patterns(db: Database, layer: Any, patterns: Any, *, actor: str) -> dict[str, Any]:
    """Replace a layer's archived patterns (.gitignore lines); [] clears them."""
    check_layer_argument(layer)
    if not isinstance(patterns, list):
        raise ArgumentError("patterns", "patterns must be a list of .gitignore lines ([] clears them)")
    if len(patterns) > MAX_ARCHIVED_PATTERNS:
        raise ArgumentError("patterns", f"patterns holds {len(patterns)} patterns; at most {MAX_ARCHIVED_PATTERNS}")
    for i, p in enumerate(patterns):
        problem = check_archived(p)
        if problem is not None:
            raise ArgumentError("patterns", f"patterns[{i}] {show_pattern(p)} is refused: {escape_controls(problem)}",
                                index=i)
    new = list(patterns)
    with db.connection() as conn:
        current = readers.layer_settings(conn, layer)
        conn.commit()
        if current is None:
            raise _unknown_layer(conn, layer)
        old = list(current.get("archived_patterns") or [])
        if old != new:
            projector.commit_events(conn, [ev.Event(ev.LAYER_UPDATED, layer, {"changes": {"archived_patterns": new}},
                                                uuid.uuid4().hex[:16], actor)])
    return {"status": "ok", "layer": layer, "archived_patterns": new, "previous": old, "changed": old != new}


# ---------------------------------------------------------------------------------------------
# strata_ingest_documents
# ---------------------------------------------------------------------------------------------


@dataclass
class IngestOutcome:
    result: AddResult
    kind: str  # folder | file
    source: str  # new | existing
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        r = self.result
        status = "interrupted" if r.interrupted else ("partial" if r.errors else "ok")

        def notes(items: list[FileNote]) -> list[dict[str, Any]]:
            return [n.as_dict() for n in items[:MAX_LISTED]]

        return {
            "status": status, "layer": r.layer, "kind": self.kind, "source": self.source, "run_id": r.run_id,
            "model": r.model,
            "files_added": r.files_added, "files_updated": r.files_updated,
            "files_unchanged": r.files_unchanged, "files_removed": r.files_removed,
            "files_skipped": len(r.skipped), "files_flagged": r.files_flagged,
            "chunks_stored": r.chunks_stored, "chunks_embedded": r.chunks_embedded,
            "chunks_reused": r.chunks_reused,
            "added": r.added[:MAX_LISTED], "updated": r.updated[:MAX_LISTED],
            "removed": notes(r.removed), "skipped": notes(r.skipped), "excluded": notes(r.excluded),
            "errors": notes(r.errors) or None,
            "flagged": notes(r.flagged) or None,
            "notes": [*self.notes, *r.notes],
        }


def _source_for_folder(srcs: list[readers.SourceRow], layer: str, folder: str,
                       what: str = "this folder") -> readers.SourceRow | None:
    """The layer's source that is exactly `folder`, None for a new one; refuses an overlap."""
    for s in srcs:
        if s.root == folder:
            if s.layer != layer:
                raise PathRefused(f"{what} belongs to layer '{s.layer}'; one folder belongs to at most one "
                                  "layer", code="folder_taken", layer=s.layer)
            return s
    for s in srcs:
        if _inside(folder, s.root) or _inside(s.root, folder):
            whose = "another folder of this layer" if s.layer == layer else f"a folder of layer '{s.layer}'"
            hint = (" ingest that folder, or single files inside it, instead" if s.layer == layer and
                    _inside(folder, s.root) else " one folder belongs to at most one layer")
            raise PathRefused(f"{what} overlaps {whose};{hint}", code="folder_overlaps", layer=s.layer)
    return None


def _source_for_file(srcs: list[readers.SourceRow], layer: str, file: str) -> tuple[readers.SourceRow | None, str]:
    """(the source that holds the file, or None for a new source at its folder; that folder)."""
    holders = [s for s in srcs if _inside(file, s.root)]
    if holders:
        s = max(holders, key=lambda s: len(s.root))
        if s.layer != layer:
            raise PathRefused(f"this file lies in a folder of layer '{s.layer}'; one folder belongs to at most one "
                              "layer", code="folder_taken", layer=s.layer)
        return s, s.root
    folder = os.path.dirname(file)
    return _source_for_folder(srcs, layer, folder, "the file's folder"), folder


def _scrub(result: AddResult, root: str) -> None:
    """Messages name files by their path inside the folder, never the full path on disk."""
    prefix = root.rstrip(os.sep) + os.sep
    for n in result.errors:
        if n.message:
            n.message = n.message.replace(prefix, "").replace(root, ".")


def ingest_path(db: Database, settings: Settings, layer: Any, path: Any, *, embedder: Embedder, actor: str,
                progress: Callable[[int, int], None] | None = None) -> IngestOutcome:
    """Sync a folder, or one file, into an existing layer (see the module's docstring)."""
    check_layer_argument(layer)
    target, st = resolve_inside_roots(path, settings)
    is_dir = stat.S_ISDIR(st.st_mode)
    conn = db.connect()
    try:
        if readers.get_layer(conn, layer) is None:
            conn.commit()
            raise _unknown_layer(conn, layer)
        conn.commit()
        with layer_lock(conn, layer):
            outcome = _ingest_locked(conn, layer, str(target), is_dir, embedder, actor, progress)
            refresh_layer_tables(conn, settings, outcome.result)  # the tables step (ingest.layer_tables)
            return outcome
    finally:
        conn.close()


def _ingest_locked(conn: psycopg.Connection, layer: str, target: str, is_dir: bool, embedder: Embedder,
                   actor: str, progress: Callable[[int, int], None] | None) -> IngestOutcome:
    srcs = readers.sources(conn)
    layer_row = readers.get_layer(conn, layer)
    conn.commit()
    if layer_row is None:  # deleted while we waited for the lock
        raise _unknown_layer(conn, layer)
    if is_dir:
        own, root = _source_for_folder(srcs, layer, target), target
    else:
        own, root = _source_for_file(srcs, layer, target)
    active = check_active_model(conn, embedder.name, embedder.dimensions)
    selection = select_files(Path(root))
    stored = readers.documents_of_source(conn, own.id) if own is not None else {}
    conn.commit()
    result = AddResult(layer=layer, folder=root, model=embedder.name, run_id=uuid.uuid4().hex[:16],
                       selection=selection.method)
    outcome = IngestOutcome(result, "folder" if is_dir else "file", "existing" if own is not None else "new")
    if (layer_row.origin or {}).get("kind") == "preset":
        outcome.notes.append("This layer is made by a preset: applying the preset again removes the documents "
                             "of folders the preset does not list.")
    planned = _plan_path(selection, stored, root, target, is_dir, own is not None, outcome)
    if planned is None:
        return outcome
    plan, stored = planned
    ids = write_setup(conn, layer=layer, run_id=result.run_id, actor=actor, embedder=embedder, active=active,
                      new_sources=[] if own is not None else [(root, os.path.basename(root) or layer)],
                      taken=PathRefused, taken_message="this folder was just added to another layer; one folder "
                      "belongs to at most one layer")
    try:
        sync_folder(conn, layer=layer, source_id=own.id if own is not None else ids[0], root=Path(root), plan=plan,
                    stored=stored, embedder=embedder, result=result, max_file_size=MAX_READ_BYTES, actor=actor,
                    progress=progress)
    finally:
        finish_run(conn, layer, result, actor, {"command": "mcp_ingest", "kind": outcome.kind, "path": target,
                                               "folder": root})
    _scrub(result, root)
    return outcome


def _plan_path(selection: Selection, stored: dict[str, readers.DocumentRow], root: str, target: str, is_dir: bool,
               known_source: bool, outcome: IngestOutcome) -> tuple[Plan, dict[str, readers.DocumentRow]] | None:
    """The plan of a folder, or of one file inside its folder, with what it may remove; None when
    there is nothing to do. Refuses a new source with nothing to add."""
    result = outcome.result
    if is_dir:
        result.notes.extend(selection.notes)
        result.excluded = [FileNote(x.rel_path, x.reason) for x in selection.excluded]
        present = {p for p in stored if os.path.lexists(os.path.join(root, p))}
        plan = plan_files(selection, stored, max_file_size=MAX_READ_BYTES, present=present, policy="preset")
    else:
        rel = Path(os.path.relpath(target, root)).as_posix()
        entry = next((f for f in selection.files if f.rel_path == rel), None)
        if entry is None:
            # Left out by the folder's rules (hidden, .gitignore, .strataignore, a tool folder): skipped,
            # and never removed, since the file itself is neither empty nor secret-named.
            reason = next((x.reason for x in selection.excluded if x.rel_path == rel), "not_selected")
            if not known_source:
                raise PathRefused(f"nothing to add: the file is left out by its folder's rules ({reason})",
                                  code="nothing_to_add", reason=reason)
            result.excluded = [FileNote(rel, reason)]
            outcome.notes.append(f"Nothing was done: the file is left out by its folder's rules ({reason}).")
            return None
        stored = {rel: stored[rel]} if rel in stored else {}
        plan = plan_files(replace(selection, files=(entry,), excluded=()), stored, max_file_size=MAX_READ_BYTES,
                          present=set(stored), policy="preset")
    result.skipped = [FileNote(p, r) for p, r in plan.skipped]
    result.files_unchanged = len(plan.unchanged)
    if not known_source and plan.included == 0:
        what = "no file in this folder is" if is_dir else "the file is not"
        reasons = sorted({r for _, r in plan.skipped})
        raise PathRefused(f"nothing to add: {what} in a supported format with an ordinary name"
                          + (f" (skipped: {', '.join(reasons)})" if reasons else ""), code="nothing_to_add")
    return plan, stored


# ---------------------------------------------------------------------------------------------
# strata_apply_preset
# ---------------------------------------------------------------------------------------------


def apply_preset_within_roots(db: Database, settings: Settings, path: Any, *, dry_run: bool = False,
                              docs_root: Any = None, embedder: Embedder | None = None,
                              actor: str) -> dict[str, Any]:
    """Apply a preset whose file, docs root and every source folder lie inside the ingest roots.

    A preset names folders to read, so the tool reads none outside the roots: the check runs on
    the resolved paths before the preset is applied (or dry-run)."""
    if not isinstance(dry_run, bool):
        raise ArgumentError("dry_run", "dry_run must be true or false")
    file, _ = resolve_inside_roots(path, settings, argument="path", want="file")
    docs = None
    if docs_root is not None:
        docs, _ = resolve_inside_roots(docs_root, settings, argument="docs_root", want="dir")
    roots = ingest_roots(settings)
    preset = load_preset(file, docs_root=docs)
    for src in preset.sources:
        if not any(_inside(os.path.realpath(src.folder), root) for root in roots):
            raise PathRefused(f"the preset's source '{escape_controls(src.name)}' ({escape_controls(src.path)}) "
                              "resolves outside the folders this server may read (STRATA_INGEST_ROOTS)",
                              code="outside_ingest_roots", argument="path", source=src.name)
    result = apply_preset(db, settings, file, dry_run=dry_run, docs_root=docs,
                          embedder=None if dry_run else embedder, actor=actor)
    return result.as_dict()
