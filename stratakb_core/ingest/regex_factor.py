"""An alternation of words factored by first character, for ``re`` to skip other letters' branches (no I/O).

``re`` tries an alternation's branches one after another at each position; a branch that opens with a
literal character is skipped at once when the text has another character there, one that opens with
a class, a group or an optional character is entered and fails later. A scan for a hundred-odd words
(``\\b(?:password|passwd|token|...)``) so costs a hundred branch tries at every word start.
``factor_first_char`` rewrites ``(?:a1|a2|...)`` as ``(?:p(?:assword|asswd|...)|t(?:oken|...)|...)``: one
literal branch per first character, holding what follows that character in each alternative, in the
alternatives' order. At any position only the branch of the character there can match, and inside it
the remainders come in the order ``re`` would have tried the alternatives (and the alternatives of a
group, and an optional part before the rest), so the first match found, its length included, is the
same. Alternatives may open with a literal, an optional literal (``ה?סיסמ``), a class of plain
characters (``[şs]ifre``) or a non-capturing group (``(?:phrase|frase)_x``); anything else returns
None and the caller keeps the plain alternation. Case-sensitive matching only: under IGNORECASE two
first characters may be case variants of each other, and their branches would be tried in another order.
"""

from __future__ import annotations

from typing import Final

from stratakb_core.ingest.regex_gate import source_chars, split_alternatives

__all__ = ["factor_first_char"]

_META: Final = frozenset("\\.^$*+?{}[]()|")


_Head = tuple[frozenset[str] | list[str], str, bool]


def _group_end(source: str) -> int:
    """The index of the ``)`` closing the group that opens ``source`` (-1 when it is not closed)."""
    depth = 0
    for i, ch in source_chars(source):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _head(alt: str) -> _Head | None:
    """The first element of ``alt``: its characters (a literal or a class) or its alternatives (a group), the
    rest of ``alt`` after it, and whether the element is optional (``?``); None for anything else."""
    first: frozenset[str] | list[str]
    if alt.startswith("(?:") and (end := _group_end(alt)) > 0:
        first, rest = split_alternatives(alt[3:end]), alt[end + 1 :]
    elif alt[:1] == "[":
        end = alt.find("]", 1)
        body = alt[1:end]
        if end < 0 or not body or body[0] == "^" or any(c in body for c in "\\-["):
            return None
        first, rest = frozenset(body), alt[end + 1 :]
    elif alt and alt[0] not in _META:
        first, rest = frozenset(alt[0]), alt[1:]
    else:
        return None
    if rest[:1] in ("*", "+", "{") or rest.startswith("??"):
        return None
    optional = rest[:1] == "?"
    return first, rest[1:] if optional else rest, optional


def _first_chars(alt: str) -> list[str] | None:
    """The characters a match of ``alt`` may start with, in the order they appear (None: unknown, or ``alt``
    may match nothing)."""
    head = _head(alt) if alt else None
    if head is None:
        return None
    first, rest, optional = head
    if isinstance(first, list):
        inner = [_first_chars(a) for a in first]
        if any(chars is None for chars in inner):
            return None
        chars = [c for found in inner if found for c in found]
    else:
        chars = sorted(first)
    if not optional:
        return chars
    after = _first_chars(rest)
    return None if after is None else chars + after


def _after(alt: str, char: str) -> list[str]:
    """What may follow ``char`` in a match of ``alt`` (whose first characters ``_first_chars`` read), as
    alternatives in the order ``re`` tries them."""
    head = _head(alt)
    assert head is not None
    first, rest, optional = head
    if isinstance(first, list):
        found = [tail + rest for a in first for tail in _after(a, char)]
    else:
        found = [rest] if char in first else []
    return found + (_after(rest, char) if optional else [])


def factor_first_char(alternatives: list[str]) -> str | None:
    """``(?:a1|a2|...)`` factored by first character (see the module docstring), or None when an alternative
    opens with something this module does not read."""
    unique = list(dict.fromkeys(alternatives))  # a repeated alternative never matches where its first did not
    firsts = [_first_chars(alt) for alt in unique]
    if any(chars is None for chars in firsts):
        return None
    chars = list(dict.fromkeys(c for found in firsts if found for c in found))
    branches = [(char, [tail for alt in unique for tail in _after(alt, char)]) for char in chars]
    return "(?:" + "|".join(f"{char}(?:{'|'.join(tails)})" for char, tails in branches) + ")"
