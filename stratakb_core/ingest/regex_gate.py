"""A necessary-literal gate for large alternation patterns (no I/O).

The injection rules are alternations of a hundred-odd phrasings, most opening with ``\\b``, so
Python's ``re`` tries every branch at every position of a passage: ~5 ms a 1,200-character text
per rule, more than embedding it. ``gate(pattern)`` reads the pattern's own parse tree and
derives a boolean formula over literal substrings that every match must contain (a branch
``\\bignore\\s+(?:previous|prior)\\b`` needs "ignore" and one of "previous" / "prior");
``Gate.admits(text)`` evaluates it with plain substring tests, and the pattern runs only when the
gate admits the text. The gate is sound: it only drops requirements it cannot prove (repeats that
may be empty, classes, look-arounds, back-references), never adds one, so a text it rejects has
no match and the results are the same as running the pattern always.

Case: literals are compared after the same lower-casing ``re`` applies under IGNORECASE
(``_sre.unicode_tolower`` plus the extra equivalences, e.g. dotless i, long s, the Kelvin sign),
on both the text and the literals, so a case-insensitive match is never missed; for a
case-sensitive pattern folding both sides only loosens the gate.

Hand-written because no installed library does this: hyperscan and re2 are not dependencies,
and re2 would not keep ``re``'s Unicode word boundaries.

Present literals: a gate's formula is a Python expression of ``'lit' in t``; ``t`` may be the folded
text or, as fast and exact, the set of the gate's literals the text holds. ``LiteralIndex`` finds
that set in one pass over the text's words (``\\w+`` runs): a literal made only of word characters
occurs in the text exactly when it is a substring of one of its runs, and which literals each run
holds is computed once per distinct run and remembered (words recur from chunk to chunk); the few
literals with other characters (``<|``, ``system prompt``) are tested on the text itself, after
their longest word piece. Substring tests on a ~900-character chunk cost ~0.3 us each and the six
injection rules made ~640 of them per text; set look-ups cost a tenth of that (ADR 0010).
"""

from __future__ import annotations

import _sre
import re
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass
from itertools import compress
from re import _casefix, _parser  # type: ignore[attr-defined]
from re import _constants as C
from typing import Final

__all__ = ["Gate", "GatedPattern", "LiteralIndex", "fold", "gate", "source_chars", "split_alternatives"]

_MIN_WEIGHT: Final = 2  # a literal of one ASCII letter prunes nothing; one CJK character does
_MAX_SET: Final = 64  # alternatives kept in one requirement


def _canonical(code: int) -> str:
    low = _sre.unicode_tolower(code)
    return chr(min([low, *(_sre.unicode_tolower(c) for c in _casefix._EXTRA_CASES.get(low, ()))]))


# every code point whose re-style lower case is not itself, plus the extra equivalence classes
_FOLD: Final = {
    c: _canonical(c)
    for c in (*filter(lambda c: _sre.unicode_tolower(c) != c, range(0x20000)), *_casefix._EXTRA_CASES)
    if _canonical(c) != chr(c)
}


def fold(text: str) -> str:
    """``text`` lower-cased the way ``re`` compares under IGNORECASE (one code point each)."""
    return text.translate(_FOLD)


# A formula: a literal set (any of these substrings), ("and", parts) or ("or", parts); None = true.
Formula = frozenset[str] | tuple[str, tuple["Formula", ...]] | None


def _and(parts: list[Formula]) -> Formula:
    kept = tuple(p for p in parts if p is not None)
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else ("and", kept)


def _or(parts: list[Formula]) -> Formula:
    if any(p is None for p in parts):
        return None
    if all(isinstance(p, frozenset) for p in parts):  # one substring set: cheaper to test
        merged = frozenset().union(*parts)  # type: ignore[arg-type]
        if len(merged) <= _MAX_SET:
            return merged
    return ("or", tuple(parts))


def _weight(literal: str) -> int:
    return sum(1 if ch.isascii() else 2 for ch in literal)


def _literal_codes(av: list[tuple[object, object]]) -> list[int] | None:
    """The characters of a class made only of literals (``[cd]`` after prefix factoring), else None."""
    codes = [v for op, v in av if op is C.LITERAL]
    return codes if len(codes) == len(av) and len(codes) <= 4 else None  # type: ignore[return-value]


def _sequence(items: _parser.SubPattern | list) -> Formula:  # type: ignore[type-arg]
    """The formula a match of this sequence satisfies: literal runs AND each mandatory part's."""
    parts: list[Formula] = []
    runs = [""]

    def flush() -> None:
        nonlocal runs
        if runs and min(map(_weight, runs)) >= _MIN_WEIGHT and len(runs) <= _MAX_SET:
            parts.append(frozenset(runs))
        runs = [""]

    for op, av in items:
        if op is C.LITERAL:
            runs = [r + fold(chr(av)) for r in runs]
            continue
        if op is C.IN and (codes := _literal_codes(av)) is not None and len(runs) * len(codes) <= _MAX_SET:
            runs = [r + fold(chr(c)) for r in runs for c in codes]
            continue
        flush()
        if op is C.SUBPATTERN:
            parts.append(_sequence(av[-1]))
        elif op is C.BRANCH:
            parts.append(_or([_sequence(alt) for alt in av[1]]))
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT) and av[0] >= 1:
            parts.append(_sequence(av[2]))
        elif op is C.ATOMIC_GROUP:
            parts.append(_sequence(av))
        # anything else (classes, anchors, look-arounds, optional repeats) proves nothing
    flush()
    return _and(parts)


def _source(formula: Formula) -> str:
    if formula is None:
        return "True"
    if isinstance(formula, frozenset):
        return "(" + " or ".join(f"{s!r} in t" for s in sorted(formula)) + ")"
    kind, parts = formula
    if kind == "and":  # the narrowest requirement first: it fails soonest, and it is cheapest
        parts = tuple(sorted(parts, key=_breadth))
    return "(" + f" {kind} ".join(_source(p) for p in parts) + ")"


def _breadth(formula: Formula) -> tuple[int, int]:
    """How many literals a requirement tries, then how short its shortest is (fewer, longer first)."""
    if formula is None:
        return (0, 0)
    if isinstance(formula, frozenset):
        return (len(formula), -min(map(len, formula)))
    counts = [_breadth(p) for p in formula[1]]
    return (sum(c[0] for c in counts), max(c[1] for c in counts))


@dataclass(frozen=True)
class Gate:
    """A necessary condition for ``pattern`` to match a text; ``formula`` None admits everything."""

    formula: Formula

    def __post_init__(self) -> None:
        # The formula as one Python expression of ``in`` tests: evaluated by the interpreter
        # without a call or a generator per literal, ~10x faster than walking the tree. The
        # source holds only repr()s of literals taken from our own patterns.
        object.__setattr__(self, "_test", eval(f"lambda t: {_source(self.formula)}"))  # noqa: S307

    def admits(self, folded: Container[str]) -> bool:
        """Whether a match is possible in a text already passed through ``fold`` (or, the same answer,
        given the set of its literals the text holds: ``LiteralIndex.present``)."""
        return bool(self._test(folded))  # type: ignore[attr-defined]

    @property
    def literals(self) -> frozenset[str]:
        """Every literal the formula tests."""
        return _literals(self.formula)


def _literals(formula: Formula) -> frozenset[str]:
    if formula is None:
        return frozenset()
    if isinstance(formula, frozenset):
        return formula
    return frozenset().union(*map(_literals, formula[1]))


def gate(pattern: re.Pattern[str]) -> Gate:
    """The necessary-literal gate of a compiled pattern (None formula when nothing is provable)."""
    return Gate(_sequence(_parser.parse(pattern.pattern, pattern.flags)))


def source_chars(source: str) -> Iterator[tuple[int, str]]:
    """(index, character) of a pattern source's characters that are syntax: escapes (``\\x``) and
    character classes (``[...]``, a leading ``]`` or ``^]`` inside one included) are passed over."""
    i, in_class = 0, False
    while i < len(source):
        ch = source[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if source[i + 1 : i + 2] == "^":
                i += 1
            if source[i + 1 : i + 2] == "]":  # a leading ] is a literal
                i += 1
        else:
            yield i, ch
        i += 1


def split_alternatives(source: str) -> list[str]:
    """The top-level alternatives of a pattern's source (``a|(?:b|c)|[|]`` -> a, (?:b|c), [|])."""
    parts, depth, start = [], 0, 0
    for i, ch in source_chars(source):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(source[start:i])
            start = i + 1
    parts.append(source[start:])
    return parts


class GatedPattern:
    """A large alternation run one alternative at a time, each only where its gate admits the text.

    ``finditer`` yields the matches of every admitted alternative, alternative by alternative:
    the same question "does any phrasing match here" the whole alternation answers, at the cost
    of the few alternatives whose literals the text holds.
    """

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.parts = tuple(
            (gate(compiled), compiled)
            for compiled in (re.compile(p, pattern.flags) for p in split_alternatives(pattern.pattern))
        )
        self.literals = frozenset().union(*(g.literals for g, _ in self.parts))
        self._compiled = tuple(compiled for _, compiled in self.parts)
        # every alternative's gate in one expression (a tuple of verdicts): one call a text, not one a gate
        verdicts = "".join(f"{_source(g.formula)}, " for g, _ in self.parts)
        self._admitted = eval(f"lambda t: ({verdicts})")  # noqa: S307 (as Gate: repr()s of our literals)

    def finditer(self, text: str, folded: Container[str]) -> Iterator[re.Match[str]]:
        """Matches in ``text``, alternative by alternative; ``folded`` is ``fold(text)`` or the set of
        this pattern's literals it holds (``LiteralIndex.present``)."""
        for compiled in compress(self._compiled, self._admitted(folded)):
            yield from compiled.finditer(text)

    def search(self, text: str, folded: Container[str]) -> re.Match[str] | None:
        return next(self.finditer(text, folded), None)


_RUN: Final = re.compile(r"\w+")
_MEMO_LIMIT: Final = 100_000  # distinct runs remembered; later new ones are computed each time
_NOTHING: Final[frozenset[str]] = frozenset()


class LiteralIndex:
    """Which of a fixed set of literals a folded text holds, by its words (see the module docstring)."""

    def __init__(self, literals: Iterable[str]) -> None:
        literals = set(literals)
        loose = sorted(lit for lit in literals if not _RUN.fullmatch(lit))
        # a literal with other characters is looked for only where its longest word piece is
        self._guarded: dict[str, list[str]] = {}
        unguarded = []
        for lit in loose:
            piece = max(_RUN.findall(lit), key=len, default="")
            if len(piece) >= 2:
                self._guarded.setdefault(piece, []).append(lit)
            else:
                unguarded.append(lit)
        self._unguarded = tuple(unguarded)
        self._words = frozenset(literals.difference(loose).union(self._guarded))
        self._lengths = tuple(sorted({len(w) for w in self._words}))
        self._memo: dict[str, frozenset[str]] = {}

    def _in_run(self, run: str) -> frozenset[str]:
        """The word literals ``run`` holds: each of its substrings of a literal's length, looked up."""
        size = len(run)
        pieces = (run[i : i + n] for n in self._lengths if n <= size for i in range(size - n + 1))
        found = self._words.intersection(pieces)
        return found or _NOTHING  # most words hold none: one shared empty set keeps the memo small

    def present(self, folded: str) -> set[str]:
        """Exactly the index's literals that ``folded`` (a text passed through ``fold``) holds, with
        the word pieces used as guards: ``lit in present(f)`` is ``lit in f`` for every literal."""
        memo, runs = self._memo, set(_RUN.findall(folded))
        new = {run: self._in_run(run) for run in runs.difference(memo)}
        if len(memo) < _MEMO_LIMIT:
            memo.update(new)
        held = set().union(*map(memo.get, runs.difference(new)), *new.values())
        for piece in held.intersection(self._guarded):
            held.update(lit for lit in self._guarded[piece] if lit in folded)
        held.update(lit for lit in self._unguarded if lit in folded)
        return held
