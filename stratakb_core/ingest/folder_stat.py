"""A cheap fingerprint of a source folder from stat calls alone (no file is read): how many files,
the newest modification time and the total size; does I/O (the file system)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["FolderStat", "folder_stat"]

MAX_ENTRIES = 200_000  # a folder this large is fingerprinted from its first entries only


@dataclass(frozen=True)
class FolderStat:
    files: int
    newest_mtime_ns: int
    bytes: int

    def key(self) -> str:
        return f"{self.files}:{self.newest_mtime_ns}:{self.bytes}"


def folder_stat(root: str | Path) -> FolderStat | None:
    """The folder's fingerprint (hidden folders such as .git skipped, a folder's own mtime counted
    so a deletion shows), or None when it cannot be read."""
    files = size = 0
    newest = 0
    seen = 0
    try:
        newest = os.stat(root).st_mtime_ns
    except OSError:
        return None
    stack = [str(root)]
    while stack and seen < MAX_ENTRIES:
        try:
            with os.scandir(stack.pop()) as it:
                for entry in it:
                    seen += 1
                    if entry.name.startswith("."):
                        continue
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    newest = max(newest, st.st_mtime_ns)
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
                    elif entry.is_file(follow_symlinks=False):
                        files += 1
                        size += st.st_size
        except OSError:
            continue
    return FolderStat(files, newest, size)
