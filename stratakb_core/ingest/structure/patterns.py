"""Structure patterns: the safety check, and the sections a layer's patterns add (no I/O).

A pattern is matched at the start of each line, past its indent, against the line's first
PATTERN_WINDOW characters, case-sensitively as written. A match starts a section one level
below the section the line is in, labelled by the pattern's ``label`` group or the whole match;
it runs to the next section start. A line that already starts a section, a zero-length match
and lines outside the document's pages start nothing. Pattern sections do not take the
sections after them as children, so adding them never moves another section's path.
"""

from __future__ import annotations

import bisect
import functools
import logging
import re
import warnings
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from stratakb_core.ingest.structure.lines import Lines
from stratakb_core.values import Section

try:  # Python 3.11 moved sre_parse into the re package
    from re import _constants as _sre_constants  # type: ignore[attr-defined]
    from re import _parser as _sre_parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - older layouts
    import sre_constants as _sre_constants  # type: ignore[no-redef]
    import sre_parse as _sre_parser  # type: ignore[no-redef]

__all__ = ["MAX_PATTERN_CHARS", "PATTERN_WINDOW", "check_pattern", "compiled_patterns", "insert_pattern_sections"]

log = logging.getLogger("stratakb_core.ingest.structure")

MAX_PATTERN_CHARS = 500
# Enough for any identifier, and it bounds the work a pattern can do on a very long line.
PATTERN_WINDOW = 200


def check_pattern(pattern: str) -> str | None:
    """Why a structure pattern is refused, or None when it is safe to run.

    Refused: longer than 500 characters; holding a NUL or a lone surrogate (shown escaped); not
    compiling; Python warning about it (such as the POSIX class ``[[:alpha:]]``, a possible
    nested set); matching an empty line; or repeating a repeated part, such as ``(\\w+\\s?)*``.
    The last check is strict on purpose: it also refuses harmless patterns such as ``(x+y)*z``
    or ``(\\d{1,3}\\.){3}``, because telling them from catastrophic ones takes more than a
    syntax check. A repeat of at most one (``?``, ``{0,1}``) is not a repeat here.
    """
    if not isinstance(pattern, str):
        return f"is not a string ({type(pattern).__name__})"
    if len(pattern) > MAX_PATTERN_CHARS:
        return f"longer than {MAX_PATTERN_CHARS} characters ({len(pattern)})"
    for index, char in enumerate(pattern):
        if char == "\x00":
            return f"holds a NUL character (\\x00) at position {index}"
        if "\ud800" <= char <= "\udfff":
            return f"holds a lone surrogate (\\u{ord(char):04x}) at position {index}"
    try:
        with warnings.catch_warnings():
            # re caches compiled patterns and warns only on the first compile, so the parse is
            # run directly too: it warns every time.
            warnings.simplefilter("error")
            parsed = _sre_parser.parse(pattern)
            compiled = re.compile(pattern)
    except re.error as exc:
        return f"does not compile: {exc}"
    except Warning as exc:
        return f"Python warns about it: {exc}"
    except (RecursionError, OverflowError, ValueError) as exc:
        return f"does not compile: {exc}"
    if compiled.match("") is not None:
        return "matches an empty line"
    nested = _nested_repeat(parsed)
    if nested:
        return "repeats a repeated part (a quantifier applied to a group that holds one)"
    return None


_REPEATS = frozenset(
    op
    for op in (
        getattr(_sre_constants, "MAX_REPEAT", None),
        getattr(_sre_constants, "MIN_REPEAT", None),
        getattr(_sre_constants, "POSSESSIVE_REPEAT", None),
    )
    if op is not None
)


def _children(op: Any, av: Any) -> list[Any]:
    """The sub-patterns directly inside one parsed regex item."""
    if op in _REPEATS:
        return [av[2]]
    if op is _sre_constants.SUBPATTERN:
        return [av[-1]]
    if op is _sre_constants.BRANCH:
        return list(av[1])
    if op in (_sre_constants.ASSERT, _sre_constants.ASSERT_NOT):
        return [av[1]]
    if op is getattr(_sre_constants, "ATOMIC_GROUP", None):
        return [av]
    if op is _sre_constants.GROUPREF_EXISTS:
        return [sub for sub in av[1:] if sub is not None]
    return []


def _has_repeat(items: Any) -> bool:
    for op, av in items:
        if op in _REPEATS and av[1] > 1:
            return True
        if any(_has_repeat(sub) for sub in _children(op, av)):
            return True
    return False


def _nested_repeat(items: Any) -> bool:
    for op, av in items:
        if op in _REPEATS and av[1] > 1 and _has_repeat(av[2]):
            return True
        if any(_nested_repeat(sub) for sub in _children(op, av)):
            return True
    return False


@functools.lru_cache(maxsize=256)
def compiled_patterns(patterns: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], bool], ...]:
    """The safe patterns compiled, each with whether it has a ``label`` group; unsafe ones logged once."""
    result: list[tuple[re.Pattern[str], bool]] = []
    for pattern in patterns:
        reason = check_pattern(pattern) if isinstance(pattern, str) else "not a string"
        if reason is not None:
            log.warning("unsafe_structure_pattern pattern=%s reason=%s", ascii(pattern)[:120], reason)
            continue
        compiled = re.compile(pattern)
        result.append((compiled, "label" in compiled.groupindex))
    return tuple(result)


def insert_pattern_sections(
    text: str,
    lines: Lines,
    sections: Sequence[Section],
    patterns: Sequence[tuple[re.Pattern[str], bool]],
) -> tuple[Section, ...]:
    """sections with a section added at each line a pattern matches, under the section it is in."""
    if not patterns:
        return tuple(sections)
    starts = {s.start for s in sections}
    found: list[tuple[int, str, int]] = []  # (start, label, heading_end)
    for i, line in enumerate(lines.lines):
        if lines.off_page[i] or not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" \t"))
        window = line[indent : indent + PATTERN_WINDOW]
        for pattern, has_label in patterns:
            match = pattern.match(window)
            if match is None or match.end() == 0:
                continue
            label = match.group("label") if has_label and match.group("label") else match.group(0)
            label = " ".join(label.split())
            if not label:
                continue
            start = lines.starts[i]
            if start not in starts:
                found.append((start, label, start + indent + match.end()))
            break
    if not found:
        return tuple(sections)
    section_starts = [s.start for s in sections]
    result: list[Section] = []
    by_section: dict[int, list[tuple[int, str, int]]] = {}
    for item in found:
        k = bisect.bisect_right(section_starts, item[0]) - 1
        by_section.setdefault(k, []).append(item)
    for k, section in enumerate(sections):
        inserted = by_section.get(k)
        if not inserted:
            result.append(section)
            continue
        cut = inserted[0][0]
        heading_end = section.heading_end
        if heading_end is not None:
            heading_end = min(heading_end, cut)
        result.append(replace(section, end=cut, heading_end=heading_end))
        for j, (start, label, end_of_heading) in enumerate(inserted):
            end = inserted[j + 1][0] if j + 1 < len(inserted) else section.end
            path = section.path + (label,)
            result.append(Section(start, end, path, len(path), label, min(end_of_heading, end)))
    return tuple(result)
