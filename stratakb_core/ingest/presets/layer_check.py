"""What applying a preset does to its layer: create, update, claim, leave unchanged or refuse,
the settings that change and the sources to add, keep and clear (pure), and the dry run's
look at the database within a deadline (does I/O)."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

import psycopg

from stratakb_core.errors import DatabaseError
from stratakb_core.ingest.presets.fields import inside
from stratakb_core.ingest.presets.model import Preset, PresetSource
from stratakb_core.patterns import escape_controls as _safe
from stratakb_core.store import readers
from stratakb_core.store.connection import Database
from stratakb_core.store.layer_state import LayerState, read_layer_state_within

DB_CHECK_SECONDS: Final = 5.0


def _normal(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_normal(v) for v in value]
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in value.items()}
    return value


def layer_changes(preset: Preset, current: Mapping[str, Any] | None,
                  metadata_schema: Mapping[str, Any] | None = None,
                  content_safety: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """The settings that change, as {setting: {"old": ..., "new": ...}}; every setting (old None)
    for a layer that does not exist yet."""
    new = preset.layer_settings(new_layer=current is None)
    if current is None:
        return {k: {"old": None, "new": v} for k, v in new.items()}
    out: dict[str, dict[str, Any]] = {}
    for key, value in new.items():
        old = (dict(metadata_schema or {}) if key == "metadata_schema"
               else dict(content_safety or {}) if key == "content_safety" else current.get(key))
        if _normal(old) != _normal(value):
            out[key] = {"old": old, "new": value}
    return out


@dataclass(frozen=True)
class LayerPlan:
    """What applying a preset does to its layer: action create, update, claim, unchanged or
    refuse, the settings that change, and the sources to add, keep and drop."""

    action: str
    changes: dict[str, dict[str, Any]]
    reason: str | None = None
    code: str | None = None
    add_sources: tuple[PresetSource, ...] = ()
    kept_sources: tuple[tuple[PresetSource, int], ...] = ()  # (source, stored source id)
    other_sources: tuple[readers.SourceRow, ...] = ()  # the layer's sources this run does not rebuild

    @property
    def layer_check(self) -> str:
        if self.action == "claim":
            return "would_update" if self.changes else "would_claim"
        return {"create": "would_create", "update": "would_update", "unchanged": "unchanged",
                "refuse": "refused"}[self.action]


_MADE_BY: Final = {"add": "stratakb add", "tool": "strata_create_knowledge_layer"}


def plan_layer(preset: Preset, state: LayerState, present: set[str]) -> LayerPlan:
    """Decide what applying `preset` does, given the stored layer's state (its settings, None when
    there is no such layer, and every stored source) and the preset's source folders that exist
    (`present`, absolute paths)."""
    name, current, all_sources = preset.name, state.settings, state.sources
    if current is not None:
        origin = current.get("origin")
        if origin is not None:
            kind = origin.get("kind") if isinstance(origin, dict) else None
            if kind != "preset" or origin.get("preset") != preset.origin_id:
                if kind == "preset":
                    how = f"by another preset ({_safe(str(origin.get('preset')))})"
                else:
                    how = f"with {_MADE_BY[kind]}" if kind in _MADE_BY else "another way"
                return LayerPlan("refuse", {}, code="layer_not_from_preset", reason=(
                    f"layer '{name}' was made {how}, not by this preset ({_safe(preset.origin_id)}); it is"
                    " left unchanged. Rename the preset's name, or delete that layer"))
    for src in preset.sources:
        root = str(src.folder)
        for row in all_sources:
            if row.layer == name:
                continue
            if row.root == root:
                return LayerPlan("refuse", {}, code="folder_taken", reason=(
                    f"the folder of source '{src.name}' ({_safe(root)}) belongs to layer '{_safe(row.layer)}'"))
            if inside(root, row.root) or inside(row.root, root):
                return LayerPlan("refuse", {}, code="folder_overlaps", reason=(
                    f"the folder of source '{src.name}' ({_safe(root)}) overlaps layer '{_safe(row.layer)}'"
                    f" (folder {_safe(row.root)}); one folder belongs to at most one layer"))
    own = {row.root: row for row in all_sources if row.layer == name}
    add = tuple(s for s in preset.sources if str(s.folder) in present and str(s.folder) not in own)
    kept = tuple((s, own[str(s.folder)].id) for s in preset.sources
                 if str(s.folder) in present and str(s.folder) in own)
    rebuilt = {str(s.folder) for s, _ in kept}
    others = tuple(row for root, row in own.items() if root not in rebuilt)
    changes = layer_changes(preset, current, state.metadata_schema, state.content_safety)
    if add and current is not None:
        before = sorted(row.name for row in own.values())
        changes["sources"] = {"old": before, "new": sorted(before + [s.name for s in add])}
    if current is None:
        action = "create"
    elif current.get("origin") is None:
        action = "claim"
    else:
        action = "update" if changes else "unchanged"
    return LayerPlan(action, changes, add_sources=add, kept_sources=kept, other_sources=others)


def check_with_deadline(db: Database, preset: Preset, present: set[str], timeout: float) -> LayerPlan | str:
    """The layer plan, or the reason it is unknown (the database did not answer in time)."""
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["plan"] = plan_layer(preset, read_layer_state_within(db.uri(), preset.name, timeout), present)
        except BaseException as exc:  # handed to the caller's thread
            box["error"] = exc

    # A thread, because a server that accepts the connection and never answers can hold a
    # connect past connect_timeout's per-address budget; the dry run still answers in time.
    worker = threading.Thread(target=work, name="preset-layer-check", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        return f"the database did not answer within {timeout:g} seconds ({db.describe()})"
    exc = box.get("error")
    if exc is not None:
        if isinstance(exc, (psycopg.OperationalError, DatabaseError)):
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return f"the database did not answer ({_safe(first)})"
        raise exc
    return box["plan"]
