"""Applying a preset: its layer's setup and a rebuild of every source folder, as one run through
the write path (`ingest.source_sync`); does I/O."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg

from stratakb_core.embedding import Embedder, build_embedder
from stratakb_core.errors import RefusedError
from stratakb_core.ingest.layer_tables import refresh_layer_tables
from stratakb_core.ingest.presets.file import load_preset
from stratakb_core.ingest.presets.layer_check import DB_CHECK_SECONDS, LayerPlan, check_with_deadline, plan_layer
from stratakb_core.ingest.presets.model import Preset
from stratakb_core.ingest.presets.report import PresetResult, SourceOutcome
from stratakb_core.ingest.selection import select_files
from stratakb_core.ingest.source_sync import finish_run, layer_lock, sync_folder, sync_source, write_setup
from stratakb_core.ingest.stages import MAX_READ_BYTES, plan_files
from stratakb_core.ingest.sync_result import AddResult, FileNote
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store import readers
from stratakb_core.store.connection import Database
from stratakb_core.store.layer_state import read_layer_state
from stratakb_core.store.vectors import check_active_model


def present_folders(preset: Preset) -> set[str]:
    return {str(s.folder) for s in preset.sources if os.path.isdir(s.folder)}


def outcomes(preset: Preset, present: set[str]) -> list[SourceOutcome]:
    return [SourceOutcome(s.name, s.path, str(s.folder), "present" if str(s.folder) in present else "missing",
                          s.download) for s in preset.sources]


def parse_only(path: str | os.PathLike[str], *, docs_root: str | os.PathLike[str] | None = None) -> PresetResult:
    """The script's dry run: the file checked and the folders looked for; no database."""
    preset = load_preset(path, docs_root=docs_root)
    present = present_folders(preset)
    return PresetResult(file=str(preset.file), layer=preset.name, dry_run=True, layer_check="parsed",
                        sources=outcomes(preset, present))


def apply_preset(
    db: Database,
    settings: Settings,
    path: str | os.PathLike[str],
    *,
    dry_run: bool = False,
    docs_root: str | os.PathLike[str] | None = None,
    embedder: Embedder | None = None,
    actor: str | None = None,
    on_wait: Callable[[str], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
    db_timeout: float = DB_CHECK_SECONDS,
) -> PresetResult:
    """Apply a preset (or, with dry_run, report what applying it would do and write nothing).

    Raises UsageError for an invalid preset and RefusedError for a layer made another way or a
    folder another layer holds, before anything is written.
    """
    preset = load_preset(path, docs_root=docs_root)
    present = present_folders(preset)
    if dry_run:
        result = PresetResult(file=str(preset.file), layer=preset.name, dry_run=True,
                              sources=outcomes(preset, present))
        plan = check_with_deadline(db, preset, present, db_timeout)
        if isinstance(plan, str):
            result.layer_check, result.reason = "unknown", plan
        else:
            result.layer_check, result.reason, result.layer_changes = plan.layer_check, plan.reason, plan.changes
        return result

    embedder = embedder or build_embedder(settings)
    conn = db.connect()
    try:
        with layer_lock(conn, preset.name, on_wait):
            result = _apply_locked(conn, preset, present, embedder, actor or ev.default_actor(), progress)
            if result.totals is not None:
                refresh_layer_tables(conn, settings, result.totals)  # the tables step (ingest.layer_tables)
            return result
    finally:
        conn.close()


_ACTIONS = {"create": "created", "update": "updated", "claim": "claimed", "unchanged": "unchanged"}


def _apply_locked(conn: psycopg.Connection, preset: Preset, present: set[str], embedder: Embedder,
                  actor: str, progress: Callable[[int, int], None] | None) -> PresetResult:
    name = preset.name
    plan = plan_layer(preset, read_layer_state(conn, name), present)
    conn.commit()
    if plan.action == "refuse":
        raise RefusedError(plan.reason or "refused", code=plan.code)
    active = check_active_model(conn, embedder.name, embedder.dimensions)
    conn.commit()
    result = PresetResult(file=str(preset.file), layer=name, dry_run=False, layer_changes=plan.changes,
                          layer_action=_ACTIONS[plan.action])
    totals = AddResult(layer=name, folder=str(preset.file), created=plan.action == "create",
                       model=embedder.name, run_id=uuid.uuid4().hex[:16])
    result.totals = totals
    ids = write_setup(conn, layer=name, run_id=totals.run_id, actor=actor, embedder=embedder, active=active,
                      layer_event=_layer_event(preset, plan),
                      new_sources=[(str(src.folder), src.name) for src in plan.add_sources],
                      taken_message="a source folder of the preset was just added to another layer; one folder "
                      "belongs to at most one layer")
    source_ids = {str(s.folder): i for s, i in plan.kept_sources}
    source_ids.update({str(s.folder): i for s, i in zip(plan.add_sources, ids, strict=True)})
    try:
        for src in preset.sources:
            folder = str(src.folder)
            if folder not in present:
                result.sources.append(SourceOutcome(src.name, src.path, folder, "missing", src.download))
                continue
            r = _rebuild_source(conn, name, source_ids[folder], src.folder, embedder, totals.run_id, actor, progress)
            result.sources.append(SourceOutcome(src.name, src.path, folder, "rebuilt", src.download, r))
            totals.absorb(r)
            if r.interrupted:
                totals.interrupted = True
                break
        if not totals.interrupted:
            _clear_other_sources(conn, name, preset, plan, totals, actor)
    except KeyboardInterrupt:
        totals.interrupted = True
    finally:
        finish_run(conn, name, totals, actor, {
            "command": "preset", "preset": preset.origin_id, "file": str(preset.file),
            "layer_action": result.layer_action, "layer_changes": sorted(plan.changes),
            "missing": [s.name for s in result.missing],
        })
    return result


def _layer_event(preset: Preset, plan: LayerPlan) -> tuple[str, dict[str, Any]] | None:
    """layer_created for a new layer; layer_updated with the settings that change (and the origin
    of a claimed layer); None when nothing changes."""
    if plan.action == "create":
        return ev.LAYER_CREATED, {**preset.layer_settings(new_layer=True), "origin": preset.origin()}
    if not plan.changes and plan.action != "claim":
        return None
    changes = {k: c["new"] for k, c in plan.changes.items() if k != "sources"}
    if plan.action == "claim":
        changes["origin"] = preset.origin()
    return ev.LAYER_UPDATED, {"changes": changes}


def _rebuild_source(conn: psycopg.Connection, layer: str, source_id: int, folder: Path, embedder: Embedder,
                    run_id: str, actor: str, progress: Callable[[int, int], None] | None) -> AddResult:
    """Parse and chunk every file of one source folder again, reusing every embedding whose
    text did not change; files deleted from the folder are removed."""
    selection = select_files(folder, mode="preset")
    stored = readers.documents_of_source(conn, source_id)
    conn.commit()
    present = {p for p in stored if os.path.lexists(os.path.join(folder, p))}
    # A stored row with a stat and hash no file has makes every stored file a candidate, so
    # the rebuild re-chunks it; its document id is kept.
    forced = {p: replace(row, size=-1, mtime_ns=-1, content_hash="") for p, row in stored.items()}
    plan = plan_files(selection, forced, max_file_size=MAX_READ_BYTES, present=present, policy="preset")
    r = AddResult(layer=layer, folder=str(folder), model=embedder.name, run_id=run_id, selection=selection.method)
    r.notes.extend(selection.notes)
    r.excluded = [FileNote(x.rel_path, x.reason) for x in selection.excluded]
    r.skipped = [FileNote(p, reason) for p, reason in plan.skipped]
    sync_folder(conn, layer=layer, source_id=source_id, root=folder, plan=plan, stored=stored,
                embedder=embedder, result=r, max_file_size=MAX_READ_BYTES, actor=actor, progress=progress)
    # A file rebuilt from the same bytes is reported unchanged, not updated.
    after = readers.documents_of_source(conn, source_id)
    conn.commit()
    same = {p for p in r.updated if p in stored and p in after and after[p].content_hash == stored[p].content_hash}
    if same:
        r.updated = [p for p in r.updated if p not in same]
        r.files_updated -= len(same)
        r.files_unchanged += len(same)
    r.files_skipped = len(r.skipped)
    return r


def _clear_other_sources(conn: psycopg.Connection, layer: str, preset: Preset, plan: LayerPlan,
                         totals: AddResult, actor: str) -> None:
    """Remove the documents of the layer's folders this run did not rebuild: a source the preset
    no longer lists, or one whose folder is missing (the layer's chunks are rebuilt from the
    folders that exist)."""
    listed = {str(s.folder) for s in preset.sources}
    for row in plan.other_sources:
        stored = readers.documents_of_source(conn, row.id)
        conn.commit()
        if not stored:
            continue
        reason = "deleted" if row.root in listed else "not_selected"
        sync_source(conn, layer=layer, source_id=row.id, files=(), removals=[(p, reason) for p in sorted(stored)],
                    stored=stored, result=totals, actor=actor)
        if totals.interrupted:
            return
        what = "its folder is missing" if reason == "deleted" else "the preset no longer lists it"
        totals.notes.append(f"removed the {len(stored)} documents of source '{row.name}' ({row.root}): {what}")
