"""How far a pattern reads from where it is tried, and a memo of its failures keyed by that text (no I/O).

``redaction_prose.prose_spans`` tries some forty finders at every place a secret's name may start. On a run of
names ("passphrase passphrase ...", "wifi wifi ...") that is forty failing tries a word, 1.7-3 s for 50,000 words.
Whether ``pattern.match(text, pos)`` fails depends only on the characters it can read: from ``pos - back`` (a
lookbehind, ``\\b``) to ``pos + forward``. ``forward`` is bounded once every unbounded repeat of one character
(``\\s+``, ``[ \\t]*``, ``\\S+``) is bounded by the longest run of such characters in the text; a pattern with another
unbounded repeat (of a group of several characters) is never remembered. Where the same text is read again, a
pattern that failed there fails again, so ``FailureMemo`` says which to skip; a match is never remembered (its
judge must see where it is), so the output is the same as trying every pattern.

The memo is built only for a text with many starting places (``MEMO_MIN_STARTS``) whose surroundings repeat:
measuring the runs reads the text once per kind of repeated character and the memo keeps what was read, which an
ordinary document (every place in other words) need not pay.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from re import _compiler, _constants, _parser  # the parse tree re itself builds: the only exact account of a pattern
from typing import Final

__all__ = ["MEMO_MIN_STARTS", "FailureMemo", "Finder", "tried_spans"]

MEMO_MIN_STARTS: Final = 2000
_UNBOUNDED: Final = 10**9
_MAX_WINDOW: Final = 4096  # a pattern reading further is tried every time
_ONE_CHAR: Final = frozenset({_constants.LITERAL, _constants.NOT_LITERAL, _constants.ANY, _constants.IN})
_REPEATS: Final = frozenset({_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT})

_Reach = tuple[int, int, int, int]  # fewest and most characters matched, furthest read ahead, furthest read behind


class _Runs:
    """The longest run in one text of the characters a one-character item matches, measured once per item."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._longest: dict[tuple[str, int], int] = {}

    def longest(self, item: _parser.SubPattern, flags: int) -> int:
        key = (repr(item.data), flags)
        if key not in self._longest:
            state = _parser.State()
            state.flags = flags
            run = _parser.SubPattern(state, [(_constants.MAX_REPEAT, (1, _constants.MAXREPEAT, item))])
            found = _compiler.compile(run, flags).findall(self._text)
            self._longest[key] = max(map(len, found), default=0)
        return self._longest[key]


def _either(reaches: list[_Reach]) -> _Reach:
    return (
        min(r[0] for r in reaches),
        max(r[1] for r in reaches),
        max(r[2] for r in reaches),
        max(r[3] for r in reaches),
    )


def _repeat(av: tuple[int, int, _parser.SubPattern], flags: int, runs: _Runs) -> _Reach:
    low, high, sub = av
    fewest, most, ahead, behind = _sequence(sub, flags, runs)
    if high == 0:
        return 0, 0, 0, 0
    if high == _constants.MAXREPEAT and most > 0:
        if (fewest, most, ahead, behind) != (1, 1, 1, 0):
            return low * fewest, _UNBOUNDED, _UNBOUNDED, behind
        high = max(runs.longest(sub, flags), 1)
    return low * fewest, min(_UNBOUNDED, high * most), min(_UNBOUNDED, (high - 1) * most + ahead), behind


def _node(op: int, av: object, flags: int, runs: _Runs) -> _Reach:
    if op in _ONE_CHAR:
        return 1, 1, 1, 0
    if op is _constants.AT:  # ^, $, \b: the characters beside (and $ one more, a final line break)
        return 0, 0, 2, 1
    if op in _REPEATS:
        return _repeat(av, flags, runs)  # type: ignore[arg-type]
    if op is _constants.SUBPATTERN:
        _group, add, remove, sub = av  # type: ignore[misc]
        return _sequence(sub, (flags | add) & ~remove, runs)
    if op is _constants.ATOMIC_GROUP:
        return _sequence(av, flags, runs)  # type: ignore[arg-type]
    if op is _constants.BRANCH:
        return _either([_sequence(sub, flags, runs) for sub in av[1]])  # type: ignore[index]
    if op in (_constants.ASSERT, _constants.ASSERT_NOT):
        direction, sub = av  # type: ignore[misc]
        _fewest, most, ahead, behind = _sequence(sub, flags, runs)
        return (0, 0, ahead, behind) if direction == 1 else (0, 0, max(0, ahead - most), most + behind)
    if op is _constants.GROUPREF_EXISTS:
        _gid, yes, no = av  # type: ignore[misc]
        return _either([_sequence(yes, flags, runs), _sequence(no, flags, runs) if no else (0, 0, 0, 0)])
    raise ValueError(f"no reach for {op}")  # GROUPREF and the rest: _reach says unbounded


def _sequence(sub: _parser.SubPattern, flags: int, runs: _Runs) -> _Reach:
    fewest = most = ahead = behind = 0
    for op, av in sub:
        if op is _constants.GROUPREF:
            low, high = sub.state.groupwidths[av]
            item = (low, min(high, _UNBOUNDED), min(high, _UNBOUNDED), 0)
        else:
            item = _node(op, av, flags, runs)
        ahead = max(ahead, min(_UNBOUNDED, most + item[2]))
        behind = max(behind, item[3] - fewest)
        fewest, most = fewest + item[0], min(_UNBOUNDED, most + item[1])
    return fewest, most, ahead, behind


def _reach(tree: _parser.SubPattern, flags: int, runs: _Runs) -> tuple[int, int]:
    try:
        _fewest, _most, ahead, behind = _sequence(tree, flags, runs)
    except (ValueError, KeyError, IndexError, TypeError):
        return _UNBOUNDED, _UNBOUNDED
    return ahead, behind


@functools.cache
def _tree(pattern: re.Pattern[str]) -> _parser.SubPattern:
    return _parser.parse(pattern.pattern, pattern.flags)


class FailureMemo:
    """Which of ``patterns`` are still worth trying where the same text was read before (see the module
    docstring)."""

    def __init__(self, patterns: list[re.Pattern[str]], text: str) -> None:
        runs = _Runs(text)
        self.every: Final = tuple(range(len(patterns)))
        self._kept = 0
        ahead = behind = 0
        for i, pattern in enumerate(patterns):
            forward, back = _reach(_tree(pattern), pattern.flags, runs)
            if forward + back <= _MAX_WINDOW:
                self._kept |= 1 << i
                ahead, behind = max(ahead, forward), max(behind, back)
        self._ahead, self._behind = ahead + 2, behind + 1  # a margin for the end of the text
        self._text = text
        self._todo: dict[tuple[int, str], tuple[int, ...]] = {}

    def key(self, pos: int) -> tuple[int, str]:
        low = max(0, pos - self._behind)
        return pos - low, self._text[low : pos + self._ahead]

    def todo(self, key: tuple[int, str]) -> tuple[int, ...]:
        """The patterns not known to fail where ``key``'s text is read."""
        return self._todo.get(key, self.every)

    def remember(self, key: tuple[int, str], todo: tuple[int, ...], failed: int) -> None:
        """``failed`` has a bit for each pattern of ``todo`` that failed at ``key``."""
        if failed := failed & self._kept:
            self._todo[key] = tuple(i for i in todo if not failed >> i & 1)


_Found = tuple[int, int, str]
Finder = tuple[re.Pattern[str], Callable[[re.Match[str]], _Found | None]]


def _repeats_itself(text: str, starts: list[int]) -> bool:
    """Whether the text around the first ``MEMO_MIN_STARTS`` starting places repeats (a quarter of them or fewer
    distinct): only then does the memo pay for measuring the text's runs and keeping what it read."""
    if len(starts) < MEMO_MIN_STARTS:
        return False
    seen = {text[pos : pos + 32] for pos in starts[:MEMO_MIN_STARTS]}
    return len(seen) * 4 <= MEMO_MIN_STARTS


def tried_spans(text: str, starts: list[int], finders: tuple[Finder, ...]) -> Iterator[_Found]:
    """Each finder tried at each of ``starts`` (in order), its matches kept apart as ``finditer`` would (none starts
    inside the last), and what its judge makes of them, finder by finder; failures remembered where the text repeats
    itself."""
    memo = FailureMemo([pattern for pattern, _judge in finders], text) if _repeats_itself(text, starts) else None
    every = tuple(range(len(finders)))
    found: list[list[_Found]] = [[] for _ in finders]
    ends = [0] * len(finders)
    for pos in starts:
        key = memo.key(pos) if memo is not None else None
        todo = memo.todo(key) if memo is not None and key is not None else every
        failed = 0
        for i in todo:
            if pos < ends[i]:
                continue
            pattern, judge = finders[i]
            if (m := pattern.match(text, pos)) is None:
                failed |= 1 << i
            else:
                ends[i] = max(m.end(), pos + 1)
                if (span := judge(m)) is not None:
                    found[i].append(span)
        if memo is not None and key is not None and failed:
            memo.remember(key, todo, failed)
    for spans in found:
        yield from spans
