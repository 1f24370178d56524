"""The checks of a preset's keys, one function per kind of value; each refuses naming the key.
Resolving a source folder reads the file system (realpath, to refuse a symbolic link that leaves
the preset's folder); the rest is pure."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any, Final

from stratakb_core.errors import UsageError
from stratakb_core.ingest.presets.model import (
    CHUNK_KEYS,
    MAX_CHUNK_SIZE,
    MAX_METADATA_SCHEMA_BYTES,
    MAX_PATTERNS,
    MAX_SOURCES,
    MIN_CHUNK_SIZE,
    SOURCE_KEYS,
    PresetSource,
    refuse,
)
from stratakb_core.patterns import check_archived, check_regex, show_pattern
from stratakb_core.patterns import escape_controls as _safe
from stratakb_core.values import ChunkConfig

_SOURCE_NAME_RE: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$")
_URL_RE: Final = re.compile(r"^https?://[^\s\x00-\x1f\x7f]+$", re.ASCII)


def kind_of(value: Any) -> str:
    return {dict: "mapping", list: "list", str: "string", bool: "boolean", int: "number",
            float: "number"}.get(type(value), type(value).__name__)


def show_key(key: Any) -> str:
    return show_pattern(key if isinstance(key, str) else repr(key), limit=60)


def show_value(value: Any) -> str:
    return show_pattern(value, limit=60) if isinstance(value, str) else f"({kind_of(value)} {value!r:.60})"


def text_value(file: Path, data: Mapping[str, Any], key: str, limit: int, *, default: str) -> str:
    if key not in data:
        return default
    value = data[key]
    if not isinstance(value, str):
        raise refuse(file, key, f"must be a string, not a {kind_of(value)}")
    if len(value) > limit:
        raise refuse(file, key, f"is longer than {limit:,} characters")
    if "\x00" in value or any(0xD800 <= ord(c) <= 0xDFFF for c in value):
        raise refuse(file, key, "holds a NUL or a lone surrogate")
    return value


def metadata_schema_value(file: Path, data: Mapping[str, Any]) -> dict[str, Any]:
    value = data.get("metadata_schema")
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise refuse(file, "metadata_schema", "must be a mapping whose keys are strings")
    budget = [2000]

    def plain(v: Any, depth: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0 or depth > 10:
            return False
        if isinstance(v, dict):
            return all(isinstance(k, str) and plain(x, depth + 1) for k, x in v.items())
        if isinstance(v, list):
            return all(plain(x, depth + 1) for x in v)
        return v is None or isinstance(v, (str, int, float, bool))

    if not plain(value, 0):
        raise refuse(file, "metadata_schema", "must hold only strings, numbers, booleans, lists and mappings"
                      " (at most 10 levels deep and 2,000 values)")
    if len(json.dumps(value)) > MAX_METADATA_SCHEMA_BYTES:
        raise refuse(file, "metadata_schema", "is larger than 16 KiB")
    return value


def chunk_config_value(file: Path, data: Mapping[str, Any]) -> ChunkConfig:
    value = data.get("chunk_config")
    default = ChunkConfig()
    if value is None:
        return default
    if not isinstance(value, dict):
        raise refuse(file, "chunk_config", f"must be a mapping of chunk_size and chunk_overlap, not a {kind_of(value)}")
    for key in value:
        if key not in CHUNK_KEYS:
            raise refuse(file, f"chunk_config.{_safe(str(key))}",
                          "is unknown; the keys are chunk_size and chunk_overlap")
    size = value.get("chunk_size", default.chunk_size)
    overlap = value.get("chunk_overlap", default.chunk_overlap)
    for key, v in (("chunk_size", size), ("chunk_overlap", overlap)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise refuse(file, f"chunk_config.{key}", f"must be a whole number of characters, not {show_value(v)}")
    if not MIN_CHUNK_SIZE <= size <= MAX_CHUNK_SIZE:
        raise refuse(file, "chunk_config.chunk_size",
                      f"must be from {MIN_CHUNK_SIZE} to {MAX_CHUNK_SIZE:,}, not {size}")
    if not 0 <= overlap < size:
        raise refuse(file, "chunk_config.chunk_overlap", f"must be from 0 to less than chunk_size, not {overlap}")
    return ChunkConfig(chunk_size=size, chunk_overlap=overlap)


def _pattern_list(file: Path, data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise refuse(file, key, f"must be a list of patterns, not a {kind_of(value)}")
    if len(value) > MAX_PATTERNS:
        raise refuse(file, key, f"holds {len(value)} patterns; at most {MAX_PATTERNS}")
    return value


def regex_list(file: Path, data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    flags = re.IGNORECASE if key == "routing_patterns" else 0
    items = _pattern_list(file, data, key)
    for i, p in enumerate(items):
        problem = check_regex(p, flags)
        if problem is not None:
            raise refuse(file, f"{key}[{i}]", f"{show_value(p)} is refused: {problem}")
    return tuple(items)


def archived_list(file: Path, data: Mapping[str, Any]) -> tuple[str, ...]:
    items = _pattern_list(file, data, "archived_patterns")
    for i, p in enumerate(items):
        problem = check_archived(p)
        if problem is not None:
            raise refuse(file, f"archived_patterns[{i}]", f"{show_value(p)} is refused: {problem}")
    return tuple(items)


def docs_root_folder(docs_root: str | os.PathLike[str] | None) -> Path | None:
    if docs_root is None:
        return None
    root = Path(os.path.realpath(docs_root))
    if not root.is_dir():
        raise UsageError(f"--docs-root folder not found: {_safe(str(docs_root))}")
    return root


def inside(child: str, parent: str) -> bool:
    return child == parent or child.startswith(parent.rstrip(os.sep) + os.sep)


def sources_value(file: Path, data: Mapping[str, Any], base: Path, from_docs_root: bool) -> tuple[PresetSource, ...]:
    if "sources" not in data:
        raise refuse(file, "sources", "is missing; list at least one source folder (name and path)")
    items = data["sources"]
    if not isinstance(items, list) or not items:
        raise refuse(file, "sources", "must be a list of at least one source (name and path)")
    if len(items) > MAX_SOURCES:
        raise refuse(file, "sources", f"holds {len(items)} sources; at most {MAX_SOURCES}")
    where = "the docs root" if from_docs_root else "the preset's folder"
    out: list[PresetSource] = []
    for i, item in enumerate(items):
        key = f"sources[{i}]"
        if not isinstance(item, dict):
            raise refuse(file, key, f"must be a mapping of name, path and download, not a {kind_of(item)}")
        for k in item:
            if k not in SOURCE_KEYS:
                raise refuse(file, f"{key}.{show_key(k)}", "is unknown; a source has name, path and download")
        name, path, download = item.get("name"), item.get("path"), item.get("download")
        if not isinstance(name, str) or not _SOURCE_NAME_RE.match(name):
            raise refuse(file, f"{key}.name", f"{show_value(name)} is not a source name: use 1 to 63 letters,"
                          " digits, '_', '.' or '-', starting with a letter or digit")
        if any(s.name == name for s in out):
            raise refuse(file, f"{key}.name", f"'{name}' is given to two sources")
        folder = _source_folder(file, f"{key}.path", path, base, where)
        if download is not None and (not isinstance(download, str) or len(download) > 2000
                                     or not _URL_RE.match(download)):
            raise refuse(file, f"{key}.download", f"{show_value(download)} is not an http(s) URL")
        for other in out:
            if inside(str(folder), str(other.folder)) or inside(str(other.folder), str(folder)):
                raise refuse(file, f"{key}.path", f"{show_value(path)} overlaps source '{other.name}'"
                              f" ({show_value(other.path)}); one folder belongs to one source")
        out.append(PresetSource(name=name, path=path, folder=folder, download=download))
    return tuple(out)


def _source_folder(file: Path, key: str, path: Any, base: Path, where: str) -> Path:
    if not isinstance(path, str) or not path.strip():
        raise refuse(file, key, f"must be a folder path relative to {where}, not {show_value(path)}")
    if len(path) > 1000 or "\x00" in path or any(c in path for c in "\n\r"):
        raise refuse(file, key, f"{show_value(path)} is not a usable path")
    if "\\" in path:
        raise refuse(file, key, f"{show_value(path)} holds a backslash; write paths with /")
    if PurePosixPath(path).is_absolute() or re.match(r"^[A-Za-z]:", path) or path.startswith("~"):
        raise refuse(file, key, f"{show_value(path)} is absolute; write it relative to {where}")
    joined = os.path.normpath(os.path.join(base, path))
    if not inside(joined, str(base)):
        raise refuse(file, key, f"{show_value(path)} leaves {where}")
    resolved = os.path.realpath(joined)
    if not inside(resolved, str(base)):
        raise refuse(file, key, f"{show_value(path)} leaves {where} through a symbolic link")
    return Path(resolved)
