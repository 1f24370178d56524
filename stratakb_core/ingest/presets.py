"""Presets: a layer's settings and source folders in a YAML file, applied as one run; does I/O.

`load_preset` reads the file and checks every key before anything else happens: invalid YAML,
an unknown key, a source path that leaves the preset's folder, an unsafe pattern or a name that
is not a safe partition key is refused with a message naming the key, and nothing is written.

`apply_preset` then, under the layer's lock:

1. decides what happens to the layer: created; updated when this preset made it; claimed when it
   has no recorded origin (made before origins were recorded); refused, unchanged, when it was
   made another way (stratakb add, the create tool, another preset);
2. writes the settings that differ (`layer_changes`) and the sources it does not hold yet;
3. rebuilds every source folder that exists (every file is parsed and chunked again, so new
   chunk settings and structure patterns apply, while every embedding whose text did not change
   is reused by its hash), skips a missing folder and reports its download link, and removes
   the documents of folders it did not rebuild;
4. appends one run_finished audit event.

A dry run (`dry_run=True`) writes nothing: it reports `layer_check` (would_create, would_update,
would_claim, unchanged, refused, or unknown when the database does not answer within 5 seconds)
and the settings that would change. `load_preset` alone is the parse-only dry run of
`scripts/apply_preset.py`, which needs no database.

Source paths are relative to the preset file's folder, or to `docs_root` when one is given,
and may not leave that folder (symbolic links included).
"""

from __future__ import annotations

import json
import os
import re
import stat
import threading
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any, Final

import psycopg
import yaml

from stratakb_core.embedding import Embedder, build_embedder
from stratakb_core.errors import DatabaseError, ModelMismatchError, RefusedError, UsageError
from stratakb_core.ingest.addplan import LAYER_NAME_RE
from stratakb_core.ingest.selection import select_files
from stratakb_core.ingest.stages import plan_files, remove_documents
from stratakb_core.ingest.sync import AddResult, FileNote, finish_run, sync_source
from stratakb_core.patterns import check_archived, check_regex, show_pattern
from stratakb_core.patterns import escape_controls as _safe
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store import locks as layer_locks
from stratakb_core.store import projector, readers
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.values import ChunkConfig

__all__ = [
    "DB_CHECK_SECONDS",
    "LayerPlan",
    "Preset",
    "PresetResult",
    "PresetSource",
    "SourceOutcome",
    "apply_preset",
    "format_report",
    "layer_changes",
    "load_preset",
    "parse_only",
    "plan_layer",
]

PRESET_KEYS: Final = (
    "name", "display_name", "description", "metadata_schema", "chunk_config", "routing_patterns",
    "structure_patterns", "answer_mode", "archived_patterns", "sources",
)
SOURCE_KEYS: Final = ("name", "path", "download")
CHUNK_KEYS: Final = ("chunk_size", "chunk_overlap")
ANSWER_MODES: Final = ("grounded", "extractive")

DB_CHECK_SECONDS: Final = 5.0
MAX_PRESET_BYTES: Final = 1 << 20
MAX_PATTERNS: Final = 200
MAX_SOURCES: Final = 100
MAX_DISPLAY_NAME: Final = 200
MAX_DESCRIPTION: Final = 4000
MAX_METADATA_SCHEMA_BYTES: Final = 16 * 1024
MIN_CHUNK_SIZE, MAX_CHUNK_SIZE = 100, 20_000
# Presets read every file in a supported format, whatever its size (too_large is an add rule);
# this only keeps one pathological file from exhausting memory.
MAX_READ_BYTES: Final = 1 << 30

_SOURCE_NAME_RE: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$")
_URL_RE: Final = re.compile(r"^https?://[^\s\x00-\x1f\x7f]+$", re.ASCII)
# A YAML value that starts with * (an alias) or ! (a tag): after "key: ", "- ", "[" or ",".
_STAR_OR_BANG_VALUE: Final = re.compile(r"(?:^|[:\-?]\s|[\[,{])\s*[*!]")
_KEY_ON_LINE: Final = re.compile(r"^(\s*)(?:-\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*:")


# ---------------------------------------------------------------------------------------------
# The preset file
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PresetSource:
    name: str
    path: str  # as written in the preset
    folder: Path  # absolute and resolved: against the docs root when given, else the preset's folder
    download: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "folder": str(self.folder), "download": self.download}


@dataclass(frozen=True)
class Preset:
    file: Path
    origin_id: str  # "<folder>/<file name>": how the layer's origin names this preset
    name: str
    display_name: str
    description: str
    metadata_schema: dict[str, Any]
    chunk_config: ChunkConfig
    routing_patterns: tuple[str, ...]
    structure_patterns: tuple[str, ...]
    answer_mode: str | None  # None: the preset leaves the layer's mode alone
    archived_patterns: tuple[str, ...] | None  # None: the preset leaves the layer's patterns alone
    sources: tuple[PresetSource, ...]
    docs_root: Path | None = None

    def origin(self) -> dict[str, str]:
        return {"kind": "preset", "preset": self.origin_id}

    def layer_settings(self, *, new_layer: bool) -> dict[str, Any]:
        """The settings the layer takes; answer_mode and archived_patterns only when given,
        except that a new layer gets grounded and no archived patterns."""
        out: dict[str, Any] = {
            "display_name": self.display_name,
            "description": self.description,
            "metadata_schema": self.metadata_schema,
            "chunk_config": {"chunk_size": self.chunk_config.chunk_size,
                             "chunk_overlap": self.chunk_config.chunk_overlap},
            "routing_patterns": list(self.routing_patterns),
            "structure_patterns": list(self.structure_patterns),
        }
        if self.answer_mode is not None or new_layer:
            out["answer_mode"] = self.answer_mode or "grounded"
        if self.archived_patterns is not None or new_layer:
            out["archived_patterns"] = list(self.archived_patterns or ())
        return out


def _refuse(file: Path | str, key: str, reason: str) -> UsageError:
    return UsageError(f"invalid preset {_safe(str(file))}: {key} {reason}", code="invalid_preset")


class _Loader(yaml.SafeLoader):
    """SafeLoader that refuses a key given twice (PyYAML would keep the last silently)."""


def _mapping_without_duplicates(loader: _Loader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: set[Any] = set()
    for key_node, _value in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            duplicate = key in seen
            seen.add(key)
        except TypeError:
            continue  # an unhashable key: construct_mapping reports it
        if duplicate:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key {key!r} is given twice", key_node.start_mark)
    return loader.construct_mapping(node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates)


def _yaml_error(file: Path, text: str, exc: yaml.YAMLError) -> UsageError:
    lines = text.splitlines()
    mark = getattr(exc, "problem_mark", None)
    context_mark = getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
    key = _key_at(lines, mark.line) if mark is not None else None
    if key is None and context_mark is not None:
        key = _key_at(lines, context_mark.line)
    message = f"invalid preset {_safe(str(file))}: the YAML does not parse{where}"
    if key:
        message += f" (in key {_safe(key)})"
    message += f": {_safe(problem)}"
    # Quoting helps only when YAML read a leading * (alias) or ! (tag) on the line it names.
    for m in (mark, context_mark):
        if m is not None and 0 <= m.line < len(lines) and _STAR_OR_BANG_VALUE.search(lines[m.line]):
            message += (f". A value on line {m.line + 1} starts with * or !, which YAML reads as an alias"
                        " or a tag: quote it, as in '*-2024.md' or '!keep.md'")
            break
    return UsageError(message, code="invalid_preset")


def _key_at(lines: list[str], index: int) -> str | None:
    """The mapping key on a line, or of the nearest less indented line above it."""
    if not 0 <= index < len(lines):
        index = len(lines) - 1
    indent: int | None = None
    for i in range(index, -1, -1):
        line = lines[i]
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _KEY_ON_LINE.match(line)
        width = len(line) - len(line.lstrip())
        if m and (indent is None or width < indent or i == index):
            return m.group(2)
        indent = width if indent is None else min(indent, width)
    return None


def _read_preset_text(path: Path) -> str:
    # O_NONBLOCK: a FIFO named as the preset must not hang the command.
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise UsageError(f"preset file not found: {_safe(str(path))}") from None
    except OSError as exc:
        raise UsageError(f"cannot read the preset {_safe(str(path))}: {exc.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UsageError(f"not a file: {_safe(str(path))} (a preset is a YAML file)")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(MAX_PRESET_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read the preset {_safe(str(path))}: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_PRESET_BYTES:
        raise UsageError(f"invalid preset {_safe(str(path))}: larger than 1 MiB", code="invalid_preset")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise UsageError(f"invalid preset {_safe(str(path))}: not UTF-8 text (byte {exc.start})",
                         code="invalid_preset") from None


def load_preset(path: str | os.PathLike[str], *, docs_root: str | os.PathLike[str] | None = None) -> Preset:
    """Read and check a preset file; raises UsageError (code invalid_preset) naming the key."""
    file = Path(os.path.abspath(path))
    text = _read_preset_text(file)
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.YAMLError as exc:
        raise _yaml_error(file, text, exc) from None
    except RecursionError:
        raise _refuse(file, "the file", "is nested too deeply") from None
    if data is None:
        raise _refuse(file, "the file", "is empty; a preset needs at least name and sources")
    if not isinstance(data, dict):
        raise _refuse(file, "the file", f"must be a mapping of keys, not a {_kind(data)}")
    for key in data:
        if key not in PRESET_KEYS:
            raise _refuse(file, f"key {_show_key(key)}", "is unknown; the keys are: " + ", ".join(PRESET_KEYS))

    name = data.get("name")
    if "name" not in data:
        raise _refuse(file, "name", "is missing; it names the layer")
    if not isinstance(name, str) or not LAYER_NAME_RE.match(name):
        raise _refuse(file, "name", f"{_show_value(name)} is not a safe layer name: use 1 to 63 lower-case"
                      " letters, digits, '_' or '-', starting with a letter or digit")
    display_name = _text(file, data, "display_name", MAX_DISPLAY_NAME, default=name)
    description = _text(file, data, "description", MAX_DESCRIPTION, default="")
    if "display_name" in data and not display_name.strip():
        raise _refuse(file, "display_name", "is empty")

    answer_mode = data.get("answer_mode")
    if "answer_mode" in data and answer_mode not in ANSWER_MODES:
        raise _refuse(file, "answer_mode", f"{_show_value(answer_mode)} is not grounded or extractive")

    docs_base = _docs_root(docs_root)
    base = docs_base if docs_base is not None else Path(os.path.realpath(file.parent))
    return Preset(
        file=file,
        origin_id=f"{file.parent.name}/{file.name}",
        name=name,
        display_name=display_name,
        description=description,
        metadata_schema=_metadata_schema(file, data),
        chunk_config=_chunk_config(file, data),
        routing_patterns=_regex_list(file, data, "routing_patterns"),
        structure_patterns=_regex_list(file, data, "structure_patterns"),
        answer_mode=answer_mode,
        archived_patterns=_archived_list(file, data) if "archived_patterns" in data else None,
        sources=_sources(file, data, base, docs_base is not None),
        docs_root=docs_base,
    )


def _kind(value: Any) -> str:
    return {dict: "mapping", list: "list", str: "string", bool: "boolean", int: "number",
            float: "number"}.get(type(value), type(value).__name__)


def _show_key(key: Any) -> str:
    return show_pattern(key if isinstance(key, str) else repr(key), limit=60)


def _show_value(value: Any) -> str:
    return show_pattern(value, limit=60) if isinstance(value, str) else f"({_kind(value)} {value!r:.60})"


def _text(file: Path, data: Mapping[str, Any], key: str, limit: int, *, default: str) -> str:
    if key not in data:
        return default
    value = data[key]
    if not isinstance(value, str):
        raise _refuse(file, key, f"must be a string, not a {_kind(value)}")
    if len(value) > limit:
        raise _refuse(file, key, f"is longer than {limit:,} characters")
    if "\x00" in value or any(0xD800 <= ord(c) <= 0xDFFF for c in value):
        raise _refuse(file, key, "holds a NUL or a lone surrogate")
    return value


def _metadata_schema(file: Path, data: Mapping[str, Any]) -> dict[str, Any]:
    value = data.get("metadata_schema")
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise _refuse(file, "metadata_schema", "must be a mapping whose keys are strings")
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
        raise _refuse(file, "metadata_schema", "must hold only strings, numbers, booleans, lists and mappings"
                      " (at most 10 levels deep and 2,000 values)")
    if len(json.dumps(value)) > MAX_METADATA_SCHEMA_BYTES:
        raise _refuse(file, "metadata_schema", "is larger than 16 KiB")
    return value


def _chunk_config(file: Path, data: Mapping[str, Any]) -> ChunkConfig:
    value = data.get("chunk_config")
    default = ChunkConfig()
    if value is None:
        return default
    if not isinstance(value, dict):
        raise _refuse(file, "chunk_config", f"must be a mapping of chunk_size and chunk_overlap, not a {_kind(value)}")
    for key in value:
        if key not in CHUNK_KEYS:
            raise _refuse(file, f"chunk_config.{_safe(str(key))}",
                          "is unknown; the keys are chunk_size and chunk_overlap")
    size = value.get("chunk_size", default.chunk_size)
    overlap = value.get("chunk_overlap", default.chunk_overlap)
    for key, v in (("chunk_size", size), ("chunk_overlap", overlap)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise _refuse(file, f"chunk_config.{key}", f"must be a whole number of characters, not {_show_value(v)}")
    if not MIN_CHUNK_SIZE <= size <= MAX_CHUNK_SIZE:
        raise _refuse(file, "chunk_config.chunk_size",
                      f"must be from {MIN_CHUNK_SIZE} to {MAX_CHUNK_SIZE:,}, not {size}")
    if not 0 <= overlap < size:
        raise _refuse(file, "chunk_config.chunk_overlap", f"must be from 0 to less than chunk_size, not {overlap}")
    return ChunkConfig(chunk_size=size, chunk_overlap=overlap)


def _pattern_list(file: Path, data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise _refuse(file, key, f"must be a list of patterns, not a {_kind(value)}")
    if len(value) > MAX_PATTERNS:
        raise _refuse(file, key, f"holds {len(value)} patterns; at most {MAX_PATTERNS}")
    return value


def _regex_list(file: Path, data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    flags = re.IGNORECASE if key == "routing_patterns" else 0
    items = _pattern_list(file, data, key)
    for i, p in enumerate(items):
        problem = check_regex(p, flags)
        if problem is not None:
            raise _refuse(file, f"{key}[{i}]", f"{_show_value(p)} is refused: {problem}")
    return tuple(items)


def _archived_list(file: Path, data: Mapping[str, Any]) -> tuple[str, ...]:
    items = _pattern_list(file, data, "archived_patterns")
    for i, p in enumerate(items):
        problem = check_archived(p)
        if problem is not None:
            raise _refuse(file, f"archived_patterns[{i}]", f"{_show_value(p)} is refused: {problem}")
    return tuple(items)


def _docs_root(docs_root: str | os.PathLike[str] | None) -> Path | None:
    if docs_root is None:
        return None
    root = Path(os.path.realpath(docs_root))
    if not root.is_dir():
        raise UsageError(f"--docs-root folder not found: {_safe(str(docs_root))}")
    return root


def _inside(child: str, parent: str) -> bool:
    return child == parent or child.startswith(parent.rstrip(os.sep) + os.sep)


def _sources(file: Path, data: Mapping[str, Any], base: Path, from_docs_root: bool) -> tuple[PresetSource, ...]:
    if "sources" not in data:
        raise _refuse(file, "sources", "is missing; list at least one source folder (name and path)")
    items = data["sources"]
    if not isinstance(items, list) or not items:
        raise _refuse(file, "sources", "must be a list of at least one source (name and path)")
    if len(items) > MAX_SOURCES:
        raise _refuse(file, "sources", f"holds {len(items)} sources; at most {MAX_SOURCES}")
    where = "the docs root" if from_docs_root else "the preset's folder"
    out: list[PresetSource] = []
    for i, item in enumerate(items):
        key = f"sources[{i}]"
        if not isinstance(item, dict):
            raise _refuse(file, key, f"must be a mapping of name, path and download, not a {_kind(item)}")
        for k in item:
            if k not in SOURCE_KEYS:
                raise _refuse(file, f"{key}.{_show_key(k)}", "is unknown; a source has name, path and download")
        name, path, download = item.get("name"), item.get("path"), item.get("download")
        if not isinstance(name, str) or not _SOURCE_NAME_RE.match(name):
            raise _refuse(file, f"{key}.name", f"{_show_value(name)} is not a source name: use 1 to 63 letters,"
                          " digits, '_', '.' or '-', starting with a letter or digit")
        if any(s.name == name for s in out):
            raise _refuse(file, f"{key}.name", f"'{name}' is given to two sources")
        folder = _source_folder(file, f"{key}.path", path, base, where)
        if download is not None and (not isinstance(download, str) or len(download) > 2000
                                     or not _URL_RE.match(download)):
            raise _refuse(file, f"{key}.download", f"{_show_value(download)} is not an http(s) URL")
        for other in out:
            if _inside(str(folder), str(other.folder)) or _inside(str(other.folder), str(folder)):
                raise _refuse(file, f"{key}.path", f"{_show_value(path)} overlaps source '{other.name}'"
                              f" ({_show_value(other.path)}); one folder belongs to one source")
        out.append(PresetSource(name=name, path=path, folder=folder, download=download))
    return tuple(out)


def _source_folder(file: Path, key: str, path: Any, base: Path, where: str) -> Path:
    if not isinstance(path, str) or not path.strip():
        raise _refuse(file, key, f"must be a folder path relative to {where}, not {_show_value(path)}")
    if len(path) > 1000 or "\x00" in path or any(c in path for c in "\n\r"):
        raise _refuse(file, key, f"{_show_value(path)} is not a usable path")
    if "\\" in path:
        raise _refuse(file, key, f"{_show_value(path)} holds a backslash; write paths with /")
    if PurePosixPath(path).is_absolute() or re.match(r"^[A-Za-z]:", path) or path.startswith("~"):
        raise _refuse(file, key, f"{_show_value(path)} is absolute; write it relative to {where}")
    joined = os.path.normpath(os.path.join(base, path))
    if not _inside(joined, str(base)):
        raise _refuse(file, key, f"{_show_value(path)} leaves {where}")
    resolved = os.path.realpath(joined)
    if not _inside(resolved, str(base)):
        raise _refuse(file, key, f"{_show_value(path)} leaves {where} through a symbolic link")
    return Path(resolved)


# ---------------------------------------------------------------------------------------------
# What happens to the layer (pure)
# ---------------------------------------------------------------------------------------------


def _normal(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_normal(v) for v in value]
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in value.items()}
    return value


def layer_changes(preset: Preset, current: Mapping[str, Any] | None,
                  metadata_schema: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """The settings that change, as {setting: {"old": ..., "new": ...}}; every setting (old None)
    for a layer that does not exist yet."""
    new = preset.layer_settings(new_layer=current is None)
    if current is None:
        return {k: {"old": None, "new": v} for k, v in new.items()}
    out: dict[str, dict[str, Any]] = {}
    for key, value in new.items():
        old = dict(metadata_schema or {}) if key == "metadata_schema" else current.get(key)
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


def plan_layer(preset: Preset, current: Mapping[str, Any] | None, metadata_schema: Mapping[str, Any] | None,
               all_sources: list[readers.SourceRow], present: set[str]) -> LayerPlan:
    """Decide what applying `preset` does, given the stored layer (or None), every stored source
    and the preset's source folders that exist (`present`, absolute paths)."""
    name = preset.name
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
            if _inside(root, row.root) or _inside(row.root, root):
                return LayerPlan("refuse", {}, code="folder_overlaps", reason=(
                    f"the folder of source '{src.name}' ({_safe(root)}) overlaps layer '{_safe(row.layer)}'"
                    f" (folder {_safe(row.root)}); one folder belongs to at most one layer"))
    own = {row.root: row for row in all_sources if row.layer == name}
    add = tuple(s for s in preset.sources if str(s.folder) in present and str(s.folder) not in own)
    kept = tuple((s, own[str(s.folder)].id) for s in preset.sources
                 if str(s.folder) in present and str(s.folder) in own)
    rebuilt = {str(s.folder) for s, _ in kept}
    others = tuple(row for root, row in own.items() if root not in rebuilt)
    changes = layer_changes(preset, current, metadata_schema)
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


# ---------------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------------


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
            for k in ("files_added", "files_updated", "files_unchanged", "files_removed", "files_skipped",
                      "files_flagged", "chunks_stored", "chunks_embedded", "chunks_reused"):
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


def format_report(r: PresetResult) -> str:
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


# ---------------------------------------------------------------------------------------------
# Dry run and apply
# ---------------------------------------------------------------------------------------------


def _present_folders(preset: Preset) -> set[str]:
    return {str(s.folder) for s in preset.sources if os.path.isdir(s.folder)}


def _outcomes(preset: Preset, present: set[str]) -> list[SourceOutcome]:
    return [SourceOutcome(s.name, s.path, str(s.folder), "present" if str(s.folder) in present else "missing",
                          s.download) for s in preset.sources]


def parse_only(path: str | os.PathLike[str], *, docs_root: str | os.PathLike[str] | None = None) -> PresetResult:
    """The script's dry run: the file checked and the folders looked for; no database."""
    preset = load_preset(path, docs_root=docs_root)
    present = _present_folders(preset)
    return PresetResult(file=str(preset.file), layer=preset.name, dry_run=True, layer_check="parsed",
                        sources=_outcomes(preset, present))


def _read_layer_state(conn: psycopg.Connection, name: str):
    current = readers.layer_settings(conn, name)
    schema = readers.layer_metadata_schema(conn, name) if current is not None else {}
    return current, schema, readers.sources(conn)


def _check_with_deadline(db: Database, preset: Preset, present: set[str], timeout: float) -> LayerPlan | str:
    """The layer plan, or the reason it is unknown (the database did not answer in time)."""
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            uri = db.uri()
            with psycopg.connect(uri, autocommit=True, connect_timeout=max(1, int(timeout))) as conn:
                conn.execute(f"SET statement_timeout = {int(timeout * 1000)}")
                try:
                    current, schema, srcs = _read_layer_state(conn, preset.name)
                except psycopg.errors.UndefinedTable:  # a store never migrated holds no layer yet
                    current, schema, srcs = None, {}, []
            box["plan"] = plan_layer(preset, current, schema, srcs, present)
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
    present = _present_folders(preset)
    if dry_run:
        result = PresetResult(file=str(preset.file), layer=preset.name, dry_run=True,
                              sources=_outcomes(preset, present))
        plan = _check_with_deadline(db, preset, present, db_timeout)
        if isinstance(plan, str):
            result.layer_check, result.reason = "unknown", plan
        else:
            result.layer_check, result.reason, result.layer_changes = plan.layer_check, plan.reason, plan.changes
        return result

    embedder = embedder or build_embedder(settings)
    conn = db.connect()
    try:
        if not layer_locks.lock_layer_session(conn, preset.name, wait=False):
            if on_wait is not None:
                on_wait(f"another sync of layer '{preset.name}' is running; waiting for it to finish")
            layer_locks.lock_layer_session(conn, preset.name)
        try:
            return _apply_locked(conn, preset, present, embedder, actor or ev.default_actor(), progress)
        finally:
            layer_locks.unlock_layer_session(conn, preset.name)
    finally:
        conn.close()


def _apply_locked(conn: psycopg.Connection, preset: Preset, present: set[str], embedder: Embedder,
                  actor: str, progress: Callable[[int, int], None] | None) -> PresetResult:
    name = preset.name
    current, schema, srcs = _read_layer_state(conn, name)
    active = vector_tables.active_model(conn)
    conn.commit()
    plan = plan_layer(preset, current, schema, srcs, present)
    if plan.action == "refuse":
        raise RefusedError(plan.reason or "refused", code=plan.code)
    if active is not None and active.model != embedder.name:
        raise ModelMismatchError(
            f"the store holds vectors of {active.model} but EMBEDDING_MODEL is {embedder.name}; "
            "ingest will not mix two models. Set EMBEDDING_MODEL back, or re-embed the store "
            "with the new model first"
        )
    run_id = uuid.uuid4().hex[:16]
    result = PresetResult(file=str(preset.file), layer=name, dry_run=False, layer_changes=plan.changes,
                          layer_action={"create": "created", "update": "updated", "claim": "claimed",
                                        "unchanged": "unchanged"}[plan.action])
    setup: list[ev.Event] = []
    if active is None:
        setup.append(ev.Event(ev.EMBEDDING_MODEL_ACTIVATED, None, {
            "model": embedder.name, "dimensions": embedder.dimensions}, run_id, actor))
    if plan.action == "create":
        setup.append(ev.Event(ev.LAYER_CREATED, name, {
            **preset.layer_settings(new_layer=True), "origin": preset.origin()}, run_id, actor))
    elif plan.changes or plan.action == "claim":
        changes = {k: c["new"] for k, c in plan.changes.items() if k != "sources"}
        if plan.action == "claim":
            changes["origin"] = preset.origin()
        setup.append(ev.Event(ev.LAYER_UPDATED, name, {"changes": changes}, run_id, actor))
    ids = readers.allocate_ids(conn, "sources_id_seq", len(plan.add_sources))
    conn.commit()
    for src, source_id in zip(plan.add_sources, ids, strict=True):
        setup.append(ev.Event(ev.SOURCE_ADDED, name, {"source_id": source_id, "root": str(src.folder),
                                                      "name": src.name}, run_id, actor))
    if setup:
        try:
            projector.commit_events(conn, setup)
        except psycopg.errors.UniqueViolation as exc:  # another layer took a folder meanwhile
            raise RefusedError(f"a source folder of the preset was just added to another layer: {_safe(str(exc))}",
                               code="folder_taken") from exc
    source_ids = {str(s.folder): i for s, i in plan.kept_sources}
    source_ids.update({str(s.folder): i for s, i in zip(plan.add_sources, ids, strict=True)})

    totals = AddResult(layer=name, folder=str(preset.file), created=plan.action == "create",
                       model=embedder.name, run_id=run_id)
    result.totals = totals
    try:
        for src in preset.sources:
            folder = str(src.folder)
            if folder not in present:
                result.sources.append(SourceOutcome(src.name, src.path, folder, "missing", src.download))
                continue
            r = _rebuild_source(conn, name, source_ids[folder], src.folder, embedder, run_id, actor, progress)
            result.sources.append(SourceOutcome(src.name, src.path, folder, "rebuilt", src.download, r))
            _add_counts(totals, r)
            if r.interrupted:
                totals.interrupted = True
                break
        if not totals.interrupted:
            _clear_other_sources(conn, name, preset, plan, totals, run_id, actor)
    except KeyboardInterrupt:
        totals.interrupted = True
    finally:
        finish_run(conn, name, totals, actor, {
            "command": "preset", "preset": preset.origin_id, "file": str(preset.file),
            "layer_action": result.layer_action, "layer_changes": sorted(plan.changes),
            "missing": [s.name for s in result.missing],
        })
    return result


def _add_counts(totals: AddResult, r: AddResult) -> None:
    for k in ("files_added", "files_updated", "files_unchanged", "files_removed", "files_flagged",
              "chunks_stored", "chunks_embedded", "chunks_reused"):
        setattr(totals, k, getattr(totals, k) + getattr(r, k))
    totals.skipped.extend(r.skipped)
    totals.errors.extend(r.errors)
    totals.flagged.extend(r.flagged)


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
    sync_source(conn, layer=layer, source_id=source_id, root=folder, plan=plan, stored=stored,
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
                         totals: AddResult, run_id: str, actor: str) -> None:
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
        remove_documents(conn, layer, [(d.id, p, reason) for p, d in sorted(stored.items())], run_id, actor)
        totals.files_removed += len(stored)
        totals.removed.extend(FileNote(p, reason) for p in sorted(stored))
        what = "its folder is missing" if reason == "deleted" else "the preset no longer lists it"
        totals.notes.append(f"removed the {len(stored)} documents of source '{row.name}' ({row.root}): {what}")
