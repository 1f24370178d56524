"""Reading a preset file: YAML with no duplicate keys, every key checked before anything else
happens; reads the file."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any, Final

import yaml

from stratakb_core.errors import UsageError
from stratakb_core.ingest.addplan import LAYER_NAME_RE
from stratakb_core.ingest.content_safety import check_content_safety
from stratakb_core.ingest.presets.fields import (
    archived_list,
    chunk_config_value,
    docs_root_folder,
    kind_of,
    metadata_schema_value,
    regex_list,
    show_key,
    show_value,
    sources_value,
    text_value,
)
from stratakb_core.ingest.presets.model import (
    ANSWER_MODES,
    MAX_DESCRIPTION,
    MAX_DISPLAY_NAME,
    MAX_PRESET_BYTES,
    PRESET_KEYS,
    Preset,
    refuse,
)
from stratakb_core.patterns import escape_controls as _safe

# A YAML value that starts with * (an alias) or ! (a tag): after "key: ", "- ", "[" or ",".
_STAR_OR_BANG_VALUE: Final = re.compile(r"(?:^|[:\-?]\s|[\[,{])\s*[*!]")
_KEY_ON_LINE: Final = re.compile(r"^(\s*)(?:-\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*:")


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
        raise refuse(file, "the file", "is nested too deeply") from None
    if data is None:
        raise refuse(file, "the file", "is empty; a preset needs at least name and sources")
    if not isinstance(data, dict):
        raise refuse(file, "the file", f"must be a mapping of keys, not a {kind_of(data)}")
    for key in data:
        if key not in PRESET_KEYS:
            raise refuse(file, f"key {show_key(key)}", "is unknown; the keys are: " + ", ".join(PRESET_KEYS))

    name = data.get("name")
    if "name" not in data:
        raise refuse(file, "name", "is missing; it names the layer")
    if not isinstance(name, str) or not LAYER_NAME_RE.match(name):
        raise refuse(file, "name", f"{show_value(name)} is not a safe layer name: use 1 to 63 lower-case"
                      " letters, digits, '_' or '-', starting with a letter or digit")
    display_name = text_value(file, data, "display_name", MAX_DISPLAY_NAME, default=name)
    description = text_value(file, data, "description", MAX_DESCRIPTION, default="")
    if "display_name" in data and not display_name.strip():
        raise refuse(file, "display_name", "is empty")

    answer_mode = data.get("answer_mode")
    if "answer_mode" in data and answer_mode not in ANSWER_MODES:
        raise refuse(file, "answer_mode", f"{show_value(answer_mode)} is not grounded or extractive")

    docs_base = docs_root_folder(docs_root)
    base = docs_base if docs_base is not None else Path(os.path.realpath(file.parent))
    return Preset(
        file=file,
        origin_id=f"{file.parent.name}/{file.name}",
        name=name,
        display_name=display_name,
        description=description,
        metadata_schema=metadata_schema_value(file, data),
        chunk_config=chunk_config_value(file, data),
        routing_patterns=regex_list(file, data, "routing_patterns"),
        structure_patterns=regex_list(file, data, "structure_patterns"),
        answer_mode=answer_mode,
        archived_patterns=archived_list(file, data) if "archived_patterns" in data else None,
        sources=sources_value(file, data, base, docs_base is not None),
        docs_root=docs_base,
        content_safety=_content_safety(file, data),
    )


def _content_safety(file: Path, data: dict[str, Any]) -> dict[str, Any] | None:
    """The preset's content_safety mapping (None when it gives none), checked."""
    if "content_safety" not in data:
        return None
    try:
        return check_content_safety(data["content_safety"])
    except ValueError as exc:
        raise refuse(file, "content_safety", str(exc)) from None
