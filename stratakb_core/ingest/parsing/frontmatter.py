"""Front matter: a leading ``---`` block of YAML ``key: value`` lines, and what it declares (no I/O).

The block is cut out of the document text (it is metadata, not the document's words) and its
``updated``, ``date`` and ``supersedes`` keys are read. A block that is not a YAML mapping is not
front matter: the text is left as it is, because a Markdown file may well open with a thematic
break.
"""

from __future__ import annotations

import base64
import datetime as dt
import math
import re
from typing import Any

import yaml

from stratakb_core.errors import ParseError

__all__ = ["document_date", "split_front_matter", "supersedes_value"]

# A closing delimiter further in than this is not the end of a front-matter block; it is a file
# that happens to open with a thematic break. It also bounds the YAML we hand to the loader.
_MAX_BLOCK_CHARS = 65_536
# Aliases let a few hundred bytes of YAML expand into billions of nodes once copied into plain
# values; front matter never needs anywhere near this many.
_MAX_NODES = 100_000
_MAX_DEPTH = 32

_OPEN = re.compile(r"---[ \t]*\n")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.MULTILINE)
_DATE = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})"
    r"(?:[Tt ]+(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?[ \t]*(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?"
)

_BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _FrontMatterLoader(_BaseLoader):  # type: ignore[misc,valid-type]
    """SafeLoader that leaves timestamps as strings.

    PyYAML turns an unquoted 2026-02-30 into a ValueError that fails the whole block; kept as a
    string, an impossible date is simply ignored, as the spec asks, and the rest still counts.
    """


_FrontMatterLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in _BaseLoader.yaml_implicit_resolvers.items()
}


def split_front_matter(text: str) -> tuple[dict[str, Any], str, int]:
    """Split a leading front-matter block off text.

    Returns (front matter, body, lines removed). When text has no front matter, that is
    ({}, text, 0). The body starts on the line after the closing ``---`` or ``...``, so a body
    offset maps to file line ``1 + lines removed + newlines before it``. The mapping's values are
    made JSON-safe (string keys, timestamps as written). Raises ParseError only for a block that
    expands past the size limits (an alias bomb).
    """
    opening = _OPEN.match(text)
    if opening is None:
        return {}, text, 0
    closing = _CLOSE.search(text, opening.end(), min(len(text), _MAX_BLOCK_CHARS))
    if closing is None:
        return {}, text, 0
    block = text[opening.end() : closing.start()]
    try:
        loaded = yaml.load(block, Loader=_FrontMatterLoader)  # noqa: S506 - a SafeLoader subclass
    except (yaml.YAMLError, ValueError, TypeError):
        # ValueError/TypeError: an explicit tag such as !!timestamp with an impossible value.
        return {}, text, 0
    if loaded is None and not block.strip():
        loaded = {}
    if not isinstance(loaded, dict):
        return {}, text, 0
    body_start = min(len(text), closing.end() + 1)
    budget = [_MAX_NODES]
    front_matter = _plain_mapping(loaded, budget, 0)
    return front_matter, text[body_start:], text.count("\n", 0, body_start)


def document_date(front_matter: dict[str, Any]) -> str | None:
    """The document's date as YYYY-MM-DD: a valid top-level ``updated`` wins, then ``date``."""
    for key in ("updated", "date"):
        value = _as_date(front_matter.get(key))
        if value is not None:
            return value
    return None


def supersedes_value(front_matter: dict[str, Any]) -> str | None:
    """The raw ``supersedes`` string; anything but a string (a list, a number) is ignored."""
    value = front_matter.get("supersedes")
    return value if isinstance(value, str) else None


def _as_date(value: object) -> str | None:
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if not isinstance(value, str):
        return None
    m = _DATE.fullmatch(value.strip())
    if m is None:
        return None
    year, month, day, hour, minute, second = m.groups()
    try:
        date = dt.date(int(year), int(month), int(day))
    except ValueError:
        return None
    # A time after the date is allowed, but "2026-01-01 25:00" is not a real moment either.
    if hour is not None and (int(hour) > 23 or int(minute) > 59 or int(second or 0) > 60):
        return None
    return date.isoformat()


def _plain_mapping(mapping: dict[Any, Any], budget: list[int], depth: int) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in mapping.items():
        result[_plain_key(key)] = _plain(value, budget, depth + 1)
    return result


def _plain(value: Any, budget: list[int], depth: int) -> Any:
    budget[0] -= 1
    if budget[0] < 0 or depth > _MAX_DEPTH:
        raise ParseError("the front matter is too large or too deeply nested")
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        # PostgreSQL's jsonb has no NaN or Infinity.
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, dict):
        return _plain_mapping(value, budget, depth)
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(item, budget, depth + 1) for item in value]
    return str(value)


def _plain_key(key: Any) -> str:
    if isinstance(key, str):
        return key
    if key is None or isinstance(key, bool):
        return "null" if key is None else str(key).lower()
    if isinstance(key, dt.date):
        return key.isoformat()
    return str(key)
