"""The result of applying a preset (or of its dry run), as JSON and as lines for a terminal (no I/O)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from stratakb_core.ingest.sync_result import COUNT_KEYS, AddResult
from stratakb_core.patterns import escape_controls as _safe
from stratakb_core.patterns import show_pattern
from stratakb_core.textsafe import escape_for_terminal as esc


@dataclass
class SourceOutcome:
    name: str
    path: str
    folder: str
    status: str  # rebuilt | missing
    download: str | None = None
    result: AddResult | None = None

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "path": self.path, "folder": self.folder, "status": self.status,
                             "download": self.download}
        if self.result is not None:
            r = self.result.as_dict()
            for k in ("status", "layer", "folder", "created", "model", "run_id", "exit_code"):
                r.pop(k, None)
            d.update(r)
        return d


@dataclass
class PresetResult:
    file: str
    layer: str
    dry_run: bool
    layer_check: str | None = None  # dry run: would_create ... unknown
    layer_action: str | None = None  # apply: created | updated | claimed | unchanged
    layer_changes: dict[str, dict[str, Any]] = field(default_factory=dict)
    reason: str | None = None  # why the check says refused or unknown
    sources: list[SourceOutcome] = field(default_factory=list)
    totals: AddResult | None = None

    @property
    def missing(self) -> list[SourceOutcome]:
        return [s for s in self.sources if s.status == "missing"]

    @property
    def exit_code(self) -> int:
        if self.dry_run:
            return {"refused": 2, "unknown": 3}.get(self.layer_check or "", 0)
        return self.totals.exit_code if self.totals is not None else 0

    def as_dict(self) -> dict[str, Any]:
        if self.dry_run:
            status = {"refused": "refused", "unknown": "unknown"}.get(self.layer_check or "", "dry_run")
        else:
            status = "ok"
            if self.totals is not None and self.totals.interrupted:
                status = "interrupted"
            elif self.totals is not None and self.totals.errors:
                status = "partial"
        d: dict[str, Any] = {
            "status": status, "preset": self.file, "layer": self.layer, "dry_run": self.dry_run,
            "layer_check": self.layer_check, "layer_action": self.layer_action,
            "layer_changes": self.layer_changes, "reason": self.reason,
            "sources": [s.as_dict() for s in self.sources],
            "missing": [{"name": s.name, "folder": s.folder, "download": s.download} for s in self.missing] or None,
        }
        if self.totals is not None:
            t = self.totals.as_dict()
            d["run_id"] = t["run_id"]
            d["model"] = t["model"]
            for k in COUNT_KEYS:
                d[k] = t[k]
            d["errors"] = t["errors"]
        d["exit_code"] = self.exit_code
        return d


def _show_setting(value: Any) -> str:
    if value is None:
        text = "(none)"
    elif isinstance(value, str):
        text = f"'{_safe(value)}'"
    elif isinstance(value, list):
        text = "[" + ", ".join(show_pattern(v, limit=60) if isinstance(v, str) else _safe(json.dumps(v))
                               for v in value) + "]"
    else:
        text = _safe(json.dumps(value, ensure_ascii=False))
    return text if len(text) <= 120 else text[:120] + "..."


def format_preset_report(r: PresetResult) -> str:
    """The result as lines for a terminal (names and values escaped)."""
    if r.dry_run:
        head = f"Preset {esc(r.file)}: layer {esc(r.layer)}: {r.layer_check}"
    else:
        head = f"Preset {esc(r.file)}: layer {esc(r.layer)} {r.layer_action}"
    lines = [head]
    if r.reason:
        lines.append(f"  {_safe(r.reason)}")
    if r.layer_changes:
        lines.append("Settings that change:" if r.dry_run else "Settings changed:")
        for key, change in r.layer_changes.items():
            lines.append(f"  {key}: {_show_setting(change['old'])} -> {_show_setting(change['new'])}")
    lines.append("Sources:")
    for s in r.sources:
        if s.status == "missing":
            link = f"; download: {esc(s.download)}" if s.download else "; the preset gives no download link"
            skipped = "would be skipped" if r.dry_run else "skipped"
            lines.append(f"  {esc(s.name)}: missing folder {esc(s.folder)}, {skipped}{link}")
        elif s.result is None:
            lines.append(f"  {esc(s.name)}: {esc(s.folder)}")
        else:
            x = s.result
            lines.append(f"  {esc(s.name)}: {esc(s.folder)}: {x.files_added} added, {x.files_updated} updated,"
                         f" {x.files_unchanged} unchanged, {x.files_removed} removed, {len(x.skipped)} skipped;"
                         f" {x.chunks_stored} chunks ({x.chunks_embedded} embedded, {x.chunks_reused} reused)")
            for n in x.errors:
                lines.append(f"    error: {esc(n.file)} ({n.reason}): {esc(n.message or '')}")
            for n in x.flagged:
                lines.append(f"    flagged: {esc(n.file)} ({n.reason})")
    t = r.totals
    if t is not None:
        lines.append(f"Total: {t.files_added} added, {t.files_updated} updated, {t.files_unchanged} unchanged,"
                     f" {t.files_removed} removed; {t.chunks_stored} chunks ({t.chunks_embedded} embedded,"
                     f" {t.chunks_reused} reused)")
        for note in t.notes:
            lines.append(f"Note: {esc(note)}")
        if t.interrupted:
            lines.append("Interrupted: what was stored stays; apply the preset again to carry on.")
    return "\n".join(lines)
