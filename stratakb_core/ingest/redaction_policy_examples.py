"""A trivial digit run that a PIN or password policy names as a pattern to avoid (wave 42, no I/O).

A policy forbids obvious PINs by example: "no sequences (123456) or repeats (111111)", "niente sequenze (123456) né
ripetizioni (111111)", "keine Folgen wie 1234", "pas de suites (1234) ni de répétitions (0000)", "evite secuencias
como 123456". Rules that take digits after a PIN's word took such an example. ``is_policy_example`` (asked of every
rule span by ``redaction_held_back.held_back``) keeps a value that is all digits, at least four, ascending, descending
or one digit repeated, when a word naming such a pattern (sequence, repeat, consecutive, obvious, forbidden ...)
stands in the same clause shortly before it. "PIN: 123456" or "the PIN is 111111 (weak, change it)" still goes: no
pattern word before the value.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_policy_example", "is_trivial_digits"]

_WINDOW: Final = 48  # characters before the value searched for the pattern word
_PATTERN_WORD_RE: Final = re.compile(
    r"(?i:\b(?:sequen\w*|s[ée]quen\w*|secuen\w*|sequ[êe]n\w*|consecutive|ascending|descending|repeat\w*|repetit\w*"
    r"|ripetizion\w*|ripetut\w*|wiederholung\w*|folgen?|zahlenfolgen?|reihen\w*|r[ée]p[ée]titions?|suites?"
    r"|repeticion\w*|repetid\w*|repeti[çc][õo]es|obvious|trivial|predictable"
    r"|forbidden|banned|avoid|ciągi|powtórzenia|reeksen|herhaling\w*"
    r"|följder|upprepning\w*)\b)"
)
_CLAUSE_END_RE: Final = re.compile(r"[.;:!?\n]")


def is_trivial_digits(value: str) -> bool:
    """Four or more digits, each one more, one less or the same as the one before, throughout."""
    if len(value) < 4 or not value.isascii() or not value.isdigit():
        return False
    steps = {(int(b) - int(a)) % 10 for a, b in zip(value, value[1:], strict=False)}
    return len(steps) == 1 and steps.pop() in (0, 1, 9)


def is_policy_example(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a trivial digit run that a policy names as a pattern (module docstring)."""
    if end - start > 12 or not is_trivial_digits(text[start:end]):
        return False
    before = text[max(0, start - _WINDOW) : start]
    if before[-1:].isdigit():  # digits run on: a longer number, not this run
        return False
    ends = [m.end() for m in _CLAUSE_END_RE.finditer(before)]
    clause = before[ends[-1] :] if ends else before
    return _PATTERN_WORD_RE.search(clause) is not None
