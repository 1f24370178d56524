"""The table registry: which Parquet tables were materialized from which spreadsheet; does I/O (files).

Ingest writes each spreadsheet's sheets as Parquet files under a base directory (normally
``<data_dir>/tables/<store key>``, see ``store_tables_dir``), one folder per file version::

    <base>/<layer>/<doc_sha>/1.parquet        sheet 1 (a CSV or TSV file is sheet 1)
    <base>/<layer>/<doc_sha>/3.parquet        sheet 3 of a workbook (sheet 2 had no values)
    <base>/<layer>/<doc_sha>/manifest.json    the TableFile of every sheet, refused ones too

``doc_sha`` is the sha256 of the file's bytes (``documents.content_hash``), so a folder is never
rewritten in place: a changed file gets a new folder, and which folders are current is what the
store's ``documents`` table says. The manifest is written last, through a temporary file and a
rename, so a folder without one is an unfinished write and is ignored.

The query side reads manifests only; the values here are what both sides share.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

import psycopg

from stratakb_core.errors import UsageError

__all__ = [
    "COLUMN_TYPES",
    "MANIFEST",
    "Column",
    "TableFile",
    "manifests",
    "prune_tables",
    "read_manifest",
    "store_tables_dir",
    "table_dir",
    "write_manifest",
]

MANIFEST: Final = "manifest.json"
MANIFEST_VERSION: Final = 1
# The types a column can have, as list_tables names them.
COLUMN_TYPES: Final = ("integer", "float", "boolean", "date", "datetime", "text")
_SHA = re.compile(r"[0-9a-f]{64}")
_LAYER = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")


@dataclass(frozen=True)
class Column:
    """A column of a materialized table: its SQL-safe name, the header text it came from, its type."""

    name: str
    header: str  # the header cell as written; "" when the header cell was empty
    type: str  # one of COLUMN_TYPES
    position: int  # the column's number in the sheet or file (1 = column A / the first field)


@dataclass(frozen=True)
class TableFile:
    """One sheet (or a CSV/TSV file) materialized as a Parquet table, or refused with a reason.

    path is the Parquet file (None when refused); rows counts data rows (the header row is not
    one); every row keeps its source row number in the ``_row`` column (the spreadsheet's row
    number; for a CSV the record number, the header being record 1, as the document's
    ``Row N`` lines number them). error_cells counts workbook error cells (#DIV/0!, #N/A, ...)
    stored as null; notes say what else a reader should know (fields cut, columns renamed).
    """

    source_file: str
    sheet_index: int
    sheet: str | None  # None for CSV/TSV
    path: str | None
    rows: int
    columns: tuple[Column, ...]
    refused: str | None = None
    error_cells: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["columns"] = [asdict(c) for c in self.columns]
        out["notes"] = list(self.notes)
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> TableFile:
        return cls(
            source_file=str(raw["source_file"]),
            sheet_index=int(raw["sheet_index"]),
            sheet=raw.get("sheet"),
            path=raw.get("path"),
            rows=int(raw.get("rows", 0)),
            columns=tuple(Column(**c) for c in raw.get("columns", ())),
            refused=raw.get("refused"),
            error_cells=int(raw.get("error_cells", 0)),
            notes=tuple(raw.get("notes", ())),
        )


def table_dir(base: Path, layer: str, doc_sha: str) -> Path:
    """The folder of one file version's tables; refuses a layer or sha that is not a plain name."""
    if not _LAYER.fullmatch(layer) or layer in (".", ".."):
        raise UsageError(f"layer name {layer!r} cannot name a tables folder")
    if not _SHA.fullmatch(doc_sha):
        raise UsageError(f"doc_sha must be 64 lower-case hex digits, not {doc_sha!r}")
    return Path(base) / layer / doc_sha


def write_manifest(folder: Path, layer: str, doc_sha: str, tables: Iterable[TableFile]) -> Path:
    """Write the folder's manifest atomically (temporary file, then rename); returns its path."""
    body = {
        "version": MANIFEST_VERSION,
        "layer": layer,
        "doc_sha": doc_sha,
        "tables": [t.to_json() for t in tables],
    }
    target = Path(folder) / MANIFEST
    tmp = target.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(body, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, target)
    return target


def read_manifest(folder: Path) -> list[TableFile] | None:
    """The TableFiles of a folder, or None when it has no readable manifest (unfinished or foreign)."""
    try:
        raw = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict) or raw.get("version") != MANIFEST_VERSION:
        return None
    try:
        return [TableFile.from_json(t) for t in raw.get("tables", [])]
    except (KeyError, TypeError, ValueError):
        return None


def manifests(base: Path, layer: str, doc_shas: Iterable[str]) -> Iterator[tuple[str, list[TableFile]]]:
    """(doc_sha, tables) for each of the given file versions of a layer that has a manifest."""
    for sha in doc_shas:
        try:
            folder = table_dir(base, layer, sha)
        except UsageError:
            continue
        tables = read_manifest(folder)
        if tables is not None:
            yield sha, tables


def prune_tables(base: Path, layer: str, keep: Iterable[str]) -> list[str]:
    """Remove the layer's table folders whose doc_sha is not in keep (file versions no longer
    current); returns the removed shas. For a driver to call after a sync."""
    keep_set = set(keep)
    root = Path(base) / layer
    removed: list[str] = []
    if not _LAYER.fullmatch(layer) or not root.is_dir():
        return removed
    for child in sorted(root.iterdir()):
        if child.is_dir() and _SHA.fullmatch(child.name) and child.name not in keep_set:
            shutil.rmtree(child, ignore_errors=True)
            removed.append(child.name)
    return removed


def store_tables_dir(data_dir: Path, conn: psycopg.Connection) -> Path:
    """The tables base folder of the store conn is connected to: ``<data_dir>/tables/<store key>``.

    The key is the database's own identity (the cluster's system identifier and the database's
    oid), so every process of one store (CLI, MCP server, Dagster) finds the same folder from the
    same data_dir, however it spells DATABASE_URL, and two stores sharing a data_dir (test
    databases, a second store) never see or prune each other's tables."""
    row = conn.execute("SELECT (SELECT system_identifier FROM pg_control_system()),"
                       " (SELECT oid FROM pg_database WHERE datname = current_database())").fetchone()
    conn.commit()
    key = hashlib.sha256(f"{row[0] if row else ''}:{row[1] if row else ''}".encode()).hexdigest()[:16]
    return Path(data_dir) / "tables" / key
