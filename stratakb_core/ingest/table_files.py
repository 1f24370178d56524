"""Which files have tables, and their content hash: what the tables step needs before it knows
there is work, so a sync with no spreadsheet to write imports no PyArrow (no I/O but hashing)."""

from __future__ import annotations

import hashlib
import posixpath
from pathlib import Path
from typing import Final

__all__ = ["TABLE_EXTENSIONS", "file_sha256", "is_table_file"]

TABLE_EXTENSIONS: Final = (".csv", ".tsv", ".xlsx")


def is_table_file(rel_path: str) -> bool:
    """Whether materialize_tables reads this file (by its extension)."""
    return posixpath.splitext(rel_path)[1].lower() in TABLE_EXTENSIONS


def file_sha256(path: Path) -> str:
    """The sha256 of a file's bytes, read a megabyte at a time."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
