"""Rules that decide whether `stratakb add` may run: layer names, overlaps, broad paths and
large runs (no I/O except reading a README for the description)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from stratakb_core.errors import UsageError

# Layer names double as Dagster partition keys and appear in citations: keep them plain.
LAYER_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")

# The add policy's file size limit (--max-file-size); larger files are skipped as too_large.
DEFAULT_MAX_FILE_SIZE = 50 * 1024 * 1024
LARGE_RUN_FILES = 2000
LARGE_RUN_BYTES = 500 * 1024 * 1024
LARGE_REMOVAL_MIN = 10

_SYSTEM_FOLDERS_POSIX = (
    "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/root",
    "/run", "/sbin", "/sys", "/usr", "/var", "/opt", "/srv", "/tmp", "/mnt", "/media", "/snap",
    "/System", "/Library", "/Applications", "/private", "/Users", "/home", "/usr/local", "/usr/share",
    "/var/lib", "/var/log",
)
_SYSTEM_FOLDERS_WINDOWS = ("windows", "program files", "program files (x86)", "programdata", "users")


def check_layer_name(name: str) -> str:
    if not LAYER_NAME_RE.match(name):
        raise UsageError(
            f"invalid layer name '{name}': use 1 to 63 lower-case letters, digits,"
            " '_' or '-', starting with a letter or digit"
        )
    return name


def layer_name_from_folder(folder: Path) -> str:
    """The folder's name made into a valid layer name (docs/My Runbooks -> my_runbooks)."""
    raw = folder.name.lower()
    name = re.sub(r"[^a-z0-9_-]+", "_", raw).strip("_-")[:63]
    name = name.strip("_-")
    return name or "layer"


def broad_reason(folder: Path, home: Path | None = None) -> str | None:
    """Why a folder counts as broad (drive root, home, above home, system folder), or None."""
    folder = Path(os.path.abspath(folder))
    if home is None:
        try:
            home = Path.home()
        except RuntimeError:
            home = None
    if folder == Path(folder.anchor):
        return "a drive root"
    if home is not None:
        home = Path(os.path.abspath(home))
        if folder == home:
            return "your home folder"
        if folder in home.parents:
            return "a folder above your home folder"
    if os.name == "nt":
        parts = folder.parts
        if len(parts) == 2 and parts[1].lower() in _SYSTEM_FOLDERS_WINDOWS:
            return "a system folder"
    elif str(folder) in _SYSTEM_FOLDERS_POSIX:
        return "a system folder"
    return None


@dataclass(frozen=True)
class RunSize:
    adds: int
    updates: int
    removes: int
    bytes_in: int
    layer_files: int


def large_run_reason(size: RunSize) -> str | None:
    changed = size.adds + size.updates + size.removes
    if changed > LARGE_RUN_FILES:
        return f"it adds, updates or removes {changed:,} files (more than {LARGE_RUN_FILES:,})"
    if size.bytes_in > LARGE_RUN_BYTES:
        mb = size.bytes_in / (1024 * 1024)
        return f"it adds or updates {mb:,.0f} MB (more than {LARGE_RUN_BYTES // (1024 * 1024)} MB)"
    if size.removes >= LARGE_REMOVAL_MIN and size.layer_files and size.removes * 2 > size.layer_files:
        return (
            f"it removes {size.removes:,} of the layer's {size.layer_files:,} files (more than half)"
        )
    return None


_README_NAMES = ("readme.md", "readme.markdown", "readme.rst", "readme.txt", "readme.adoc", "readme")


def description_from_readme(folder: Path, limit: int = 500) -> str | None:
    """The first paragraph of the folder's README that is not a heading or front matter."""
    try:
        entries = {e.name.lower(): e for e in os.scandir(folder) if e.is_file(follow_symlinks=False)}
    except OSError:
        return None
    for name in _README_NAMES:
        entry = entries.get(name)
        if entry is None:
            continue
        try:
            with open(entry.path, "rb") as fh:
                data = fh.read(64 * 1024)
        except OSError:
            return None
        text = data.decode("utf-8", "replace").replace("\r\n", "\n")
        return _first_paragraph(text, limit)
    return None


def _first_paragraph(text: str, limit: int) -> str | None:
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":  # front matter
        for i in range(1, len(lines)):
            if lines[i].strip() in ("---", "..."):
                lines = lines[i + 1 :]
                break
    paragraph: list[str] = []
    heading: str | None = None
    in_fence = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        is_underline = bool(stripped) and set(stripped) <= set("=-~^*#'\"`:+.")  and len(stripped) >= 3
        if stripped.startswith("#") or is_underline or (nxt and set(nxt) <= set("=-~^") and len(nxt) >= 3):
            if heading is None and not is_underline:
                heading = stripped.lstrip("#").strip()
            if paragraph:
                break
            continue
        if stripped.startswith(("<", "[![", "![")):
            continue
        if not stripped:
            if paragraph:
                break
            continue
        paragraph.append(stripped)
    out = " ".join(paragraph) or heading
    if not out:
        return None
    out = re.sub(r"\s+", " ", out).strip()
    return out[:limit]
