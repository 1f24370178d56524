"""Safety checks for routing, structure and archived patterns (no I/O).

A layer's patterns come from presets, MCP clients, older versions and restores, and they run
against every question and every line ingested. A pattern that backtracks catastrophically,
matches everywhere or means something else on a later Python must never reach `re` at search or
ingest time, so each check here returns why a pattern is refused (a short phrase), or None.

Routing and structure patterns are Python regular expressions (`check_regex`: the one rule set
for presets, the MCP create tool, ingest and search), run by `compile_regex` with a linear-time
engine (google-re2) whenever it can run them, so a question cannot make one hang; archived
patterns are `.gitignore` lines (`check_archived`, `is_archived`). Patterns already stored are
filtered with `safe_patterns`, which logs each one it drops with the layer's name.
"""

from __future__ import annotations

import functools
import logging
import re
import unicodedata
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

try:  # google-re2: a linear-time engine (no backtracking), so no pattern can hang a query
    import re2 as _re2
except ImportError:  # pragma: no cover - the dependency is declared; without it, the stricter rule below
    _re2 = None

try:  # Python 3.11 moved sre_parse into the re package
    from re import _constants as _sre_constants  # type: ignore[attr-defined]
    from re import _parser as _sre_parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - older layouts
    import sre_constants as _sre_constants  # type: ignore[no-redef]
    import sre_parse as _sre_parser  # type: ignore[no-redef]

__all__ = [
    "MAX_PATTERN_LENGTH",
    "MAX_ARCHIVED_WILDCARDS",
    "check_archived",
    "check_regex",
    "compile_regex",
    "escape_controls",
    "is_archived",
    "label_source",
    "safe_patterns",
    "show_pattern",
]

log = logging.getLogger(__name__)

MAX_PATTERN_LENGTH: Final = 500
MAX_ARCHIVED_WILDCARDS: Final = 3

# Everything str.splitlines() breaks at: a gitignore line holds none of them.
_LINE_BREAKS: Final = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def escape_controls(text: str) -> str:
    """text with control, format, line-separator and lone-surrogate characters written as
    escapes (\\x1b, \\u202e, \\ud800) and everything else, backslashes included, as it is.

    For patterns this is exact: `re` reads \\x1b as the character ESC, so a pattern holding
    ESC and one holding the four characters \\x1b mean the same. A regex keeps its backslashes
    readable, where escape_for_terminal would double each one.
    """
    out = []
    for ch in text:
        if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF and unicodedata.category(ch) != "Cf":
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)


def show_pattern(p: Any, limit: int = 80) -> str:
    """A pattern as it may be printed: control characters escaped, one line, quoted, cut after
    `limit` characters."""
    text = escape_controls(p if isinstance(p, str) else repr(p))
    if len(text) > limit:
        text = text[:limit] + "..."
    return f"'{text}'"


def _common_problem(p: Any) -> str | None:
    """The rules regexes and archived patterns share."""
    if not isinstance(p, str):
        return f"is not a string ({type(p).__name__})"
    if len(p) > MAX_PATTERN_LENGTH:
        return f"longer than {MAX_PATTERN_LENGTH} characters ({len(p)})"
    for index, ch in enumerate(p):
        if ch == "\x00":
            return f"holds a NUL character (\\x00) at position {index}"
        if 0xD800 <= ord(ch) <= 0xDFFF:
            return f"holds a lone surrogate (\\u{ord(ch):04x}) at position {index}"
    return None


# ---------------------------------------------------------------------------------------------
# Regular expressions: routing and structure patterns
# ---------------------------------------------------------------------------------------------


def check_regex(p: Any, flags: int = 0) -> str | None:
    """Why a routing or structure pattern is refused, or None when it is safe to run.

    Refused: not a string; longer than 500 characters; holding a NUL or a lone surrogate (shown
    escaped); Python warning about it (such as the POSIX class [[:alpha:]], a possible nested
    set); not compiling (with `flags` too: routing matches ignoring case); matching an empty
    line; or repeating a repeated part, such as (\\w+\\s?)*. The last check is strict on purpose:
    it also refuses harmless patterns such as (x+y)*z or (\\d{1,3}\\.){3}, because telling them
    from catastrophic ones takes more than a syntax check; a repeat of at most one (?, {0,1}) is
    not a repeat here. A pattern with a named group `label` has that group checked alone too,
    since an exact lookup runs the label.
    """
    problem = _regex_problem(p)
    if problem is None and flags:
        problem = _flags_problem(p, flags)
    if problem is not None:
        return problem
    label = label_source(p)
    if label is not None:
        problem = _regex_problem(label)
        if problem is not None:
            return f"its label group alone {problem}"
    return None


def _regex_problem(p: Any) -> str | None:
    problem = _common_problem(p)
    if problem is not None:
        return problem
    try:
        with warnings.catch_warnings():
            # re caches compiled patterns and warns only on the first compile, so the parse is
            # run directly too: it warns every time.
            warnings.simplefilter("error")
            parsed = _sre_parser.parse(p)
            compiled = re.compile(p)
    except Warning as w:
        return f"Python warns about it: {w}"
    except (re.error, RecursionError, OverflowError, ValueError) as exc:
        return f"does not compile: {exc}"
    if compiled.match("") is not None:
        return "matches an empty line"
    if _nested_repeat(parsed):
        return "repeats a repeated part (a quantifier applied to a group that holds one)"
    if _linear(p, 0) is None and _repeated_group(parsed):
        # Python's re backtracks: (a|aa)+ takes exponential time on a long line of a's. What the
        # linear-time engine runs is safe; what it cannot run (a backreference, a lookaround) is
        # refused as soon as it repeats a group, since nothing else bounds it.
        return ("repeats a group and needs a backtracking feature (a backreference or lookaround), "
                "so it could run for minutes")
    return None


def _repeated_group(items: Any) -> bool:
    for op, av in items:
        if op in _REPEATS and av[1] > 1 and any(sub_op in (_sre_constants.SUBPATTERN, _sre_constants.BRANCH)
                                                for sub_op, _ in av[2]):
            return True
        if any(_repeated_group(sub) for sub in _children(op, av)):
            return True
    return False


@functools.lru_cache(maxsize=1024)
def _linear(p: str, flags: int) -> Any:
    """p compiled by the linear-time engine (google-re2), or None when it cannot run p."""
    if _re2 is None:
        return None
    options = _re2.Options()
    options.log_errors = False
    options.max_mem = 8 << 20
    if flags & re.IGNORECASE:
        options.case_sensitive = False
    try:
        return _re2.compile(p, options)
    except Exception:  # noqa: BLE001 - re2 raises its own error type for what it cannot run
        return None


def compile_regex(p: str, flags: int = 0) -> Any:
    """A safe pattern (see check_regex) compiled to run in bounded time: by google-re2, linear in
    the text, whenever it can run the pattern; else by Python's re (check_regex has refused every
    such pattern that repeats a group). Only re.IGNORECASE is honoured in flags. Returns None when
    the pattern does not compile. The result has re's search, match, finditer and groupindex.
    """
    compiled = _linear(p, flags & re.IGNORECASE)
    if compiled is not None:
        return compiled
    try:
        return re.compile(p, flags & re.IGNORECASE)
    except (re.error, RecursionError, OverflowError, ValueError):
        return None


_REPEATS: Final = frozenset(
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


def _flags_problem(p: str, flags: int) -> str | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            re.compile(p, flags)
    except Warning as w:
        return f"Python warns about it: {w}"
    except (re.error, RecursionError, OverflowError, ValueError) as exc:
        return f"does not compile: {exc}"
    return None


def label_source(p: str) -> str | None:
    """The source text of the named group `label`, or None when the pattern has none."""
    start = p.find("(?P<label>")
    if start < 0:
        return None
    i, n = 0, len(p)
    in_class = False
    begin: int | None = None
    depth = 0
    while i < n:
        ch = p[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            if ch == "]":
                in_class = False
            i += 1
            continue
        if ch == "[":
            in_class = True
            i += 1
            if i < n and p[i] == "^":
                i += 1
            if i < n and p[i] == "]":  # a ']' right after '[' or '[^' is a literal
                i += 1
            continue
        if ch == "(":
            if begin is None and p.startswith("(?P<label>", i):
                begin = i + len("(?P<label>")
                depth = 1
                i = begin
                continue
            if begin is not None:
                depth += 1
        elif ch == ")" and begin is not None:
            depth -= 1
            if depth == 0:
                return p[begin:i]
        i += 1
    return None


# ---------------------------------------------------------------------------------------------
# Archived patterns: .gitignore lines
# ---------------------------------------------------------------------------------------------


def archived_wildcards(p: str) -> int:
    """The wildcards of a gitignore line: '**' as a whole path segment counts one, any other '*'
    one each; an escaped '\\*' is a literal star."""
    body = p[1:] if p.startswith("!") else p
    count = 0
    for segment in body.split("/"):
        if segment == "**":
            count += 1
            continue
        i = 0
        while i < len(segment):
            if segment[i] == "\\":
                i += 2
                continue
            if segment[i] == "*":
                count += 1
            i += 1
    return count


def _compile_archived(p: str) -> GitIgnoreSpecPattern:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return GitIgnoreSpecPattern(p)


@functools.lru_cache(maxsize=1024)
def _safe_archived(p: str) -> GitIgnoreSpecPattern | None:
    """The compiled pattern when it is safe, else None (cached: labels are worked out per ask)."""
    return _compile_archived(p) if check_archived(p) is None else None


def check_archived(p: Any) -> str | None:
    """Why an archived pattern (a .gitignore line) is refused, or None when it is safe.

    Refused when it is not a string, is longer than 500 characters, holds a NUL, a lone surrogate
    or a line break, makes Python warn, does not compile, matches nothing (a comment, '/', an open
    '['), or has more than three wildcards ('**' as a path segment counts as one, any other star
    one each).
    """
    problem = _common_problem(p)
    if problem is not None:
        return problem
    if any(ch in _LINE_BREAKS for ch in p):
        return "holds a line break"
    try:
        pattern = _compile_archived(p)
    except Warning as w:
        return f"Python warns about it: {w}"
    except (ValueError, re.error) as exc:  # GitIgnorePatternError is a ValueError
        return f"does not compile: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
    if pattern.include is None or pattern.regex is None:
        return "matches nothing (a blank line, a comment, '/' or an open '[')"
    wildcards = archived_wildcards(p)
    if wildcards > MAX_ARCHIVED_WILDCARDS:
        return (f"has {wildcards} wildcards (at most {MAX_ARCHIVED_WILDCARDS}; '**' as a path segment"
                " counts as one, any other star one each)")
    return None


def is_archived(path: str, patterns: Sequence[str]) -> bool:
    """Whether a file (its POSIX path relative to the folder ingested) is archived.

    Each pattern is matched as a .gitignore line, letter case included, and the last one that
    matches wins: a '!' pattern takes a file back. Unsafe patterns are ignored.
    """
    archived = False
    for p in patterns:
        pattern = _safe_archived(p) if isinstance(p, str) else None
        if pattern is not None and pattern.match_file(path) is not None:
            archived = bool(pattern.include)
    return archived


# ---------------------------------------------------------------------------------------------
# Stored patterns
# ---------------------------------------------------------------------------------------------


def safe_patterns(layer: str, patterns: Iterable[Any], check: Callable[[Any], str | None] = check_regex,
                  *, kind: str = "structure") -> list[str]:
    """The patterns of a layer that pass `check`; each one dropped is logged as
    `unsafe_<kind>_pattern` with the layer, the pattern (escaped) and the reason."""
    kept: list[str] = []
    for p in patterns:
        problem = check(p)
        if problem is None:
            kept.append(p)
            continue
        log.warning("unsafe_%s_pattern layer=%s pattern=%s: %s; skipped", kind,
                    escape_controls(layer), show_pattern(p), escape_controls(problem))
    return kept
