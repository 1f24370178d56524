"""A cheap fingerprint of a source folder from stat calls alone (no file is read): how many files,
the newest modification time and the total size; does I/O (the file system)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import psycopg

from stratakb_core.store import readers
from stratakb_core.store.layer_checks import last_sync

__all__ = ["FolderStat", "folder_stat", "stale_layers"]

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


def stale_layers(conn: psycopg.Connection, layers: set[str]) -> list[tuple[str, str, str]]:
    """(layer, its folders' fingerprint, why) for each of `layers` whose folders changed after its
    last sync (or that never synced): the Dagster freshness sensor and check. Only stats folders."""
    roots: dict[str, list[str]] = {}
    for src in readers.sources(conn):
        roots.setdefault(src.layer, []).append(src.root)
    synced = {layer: last_sync(conn, layer) for layer in roots if layer in layers}
    conn.commit()
    out = []
    for layer, when in synced.items():
        stats = [(root, folder_stat(root)) for root in sorted(roots[layer])]
        newest = max((st.newest_mtime_ns for _, st in stats if st is not None), default=0)
        if when is None or newest > when.timestamp() * 1e9:
            key = ";".join(f"{root}={st.key() if st else 'unreadable'}" for root, st in stats)
            why = "never synced" if when is None else f"a file changed after the last sync ({when.isoformat()})"
            out.append((layer, key, why))
    return out
