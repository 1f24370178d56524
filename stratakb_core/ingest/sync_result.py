"""What one sync run did: its counts, the files it added, updated, removed, skipped or failed,
and its notes (no I/O). Every driver (CLI add, presets, the MCP ingest tool, Dagster) fills one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["COUNT_KEYS", "AddResult", "FileNote"]

# The counts of a run, as `run_finished` records them (with "errors", the number of failed files).
COUNT_KEYS = ("files_added", "files_updated", "files_unchanged", "files_removed", "files_skipped",
              "files_flagged", "chunks_stored", "chunks_embedded", "chunks_reused")


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
    chunks_reused: int = 0  # not embedded: already stored, or a duplicate inside the run
    chunks_duplicates: int = 0  # of chunks_reused: the same text as another chunk of the same group of files
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[FileNote] = field(default_factory=list)
    skipped: list[FileNote] = field(default_factory=list)
    excluded: list[FileNote] = field(default_factory=list)
    flagged: list[FileNote] = field(default_factory=list)
    errors: list[FileNote] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # (file, {kind: count}) of the files stored with secret values redacted (never the values)
    redacted: list[tuple[str, dict[str, int]]] = field(default_factory=list)
    selection: str = "walk"
    model: str | None = None
    run_id: str = ""
    interrupted: bool = False
    died: bool = False  # an error ended the run early (run_finished records it as interrupted)
    # Set when the database was lost mid-run: the planned files that never got an outcome.
    not_reached: list[str] | None = None

    @property
    def exit_code(self) -> int:
        if self.not_reached is not None:
            return 3
        if self.interrupted:
            return 130
        return 1 if self.errors else 0

    def counts(self) -> dict[str, int]:
        """The run's counts as `run_finished` records them."""
        return {**{k: int(getattr(self, k)) for k in COUNT_KEYS}, "errors": len(self.errors)}

    def absorb(self, other: AddResult) -> None:
        """Add another source's counts and listed files to these totals (a preset's run)."""
        for k in COUNT_KEYS:
            if k != "files_skipped":
                setattr(self, k, getattr(self, k) + getattr(other, k))
        self.chunks_duplicates += other.chunks_duplicates
        self.skipped.extend(other.skipped)
        self.errors.extend(other.errors)
        self.flagged.extend(other.flagged)
        self.redacted.extend(other.redacted)

    def as_dict(self) -> dict[str, Any]:
        status = "interrupted" if self.interrupted else ("partial" if self.errors else "ok")
        if self.not_reached is not None:
            status = "error"
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
            "chunks_duplicates": self.chunks_duplicates,
            "added": self.added,
            "updated": self.updated,
            "removed": [n.as_dict() for n in self.removed],
            "skipped": [n.as_dict() for n in self.skipped],
            "excluded": [n.as_dict() for n in self.excluded],
            "flagged": [n.as_dict() for n in self.flagged] or None,
            "errors": [n.as_dict() for n in self.errors] or None,
            "redacted": [{"file": f, "counts": c} for f, c in self.redacted] or None,
            "notes": self.notes,
            "exit_code": self.exit_code,
            **({"not_reached": self.not_reached} if self.not_reached is not None else {}),
        }
