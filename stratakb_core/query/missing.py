"""When part of the answer is missing: sharing ANSWER_TOKEN_BUDGET between named clauses, cutting
a clause at a word, packing passages, and the notes that say what is missing (no I/O).

The rules (spec "When part of the answer is missing"):

* A named clause over its share of the budget comes back from its start, cut at a word. A clause
  of 200 characters or less is never cut.
* The budget is shared in order: each named clause gets what is left, divided by the clauses
  still to fit, after keeping room for the first 200 characters (cut at a word) of every later
  clause. A clause that no longer fits is left out whole, and so is any clause after it. The
  first one always comes back, at least its first 200 characters.
* Other passages then fill what is left, best first; one that does not fit is skipped. The
  first passage of an answer always comes back, even when it alone passes the budget.

Costs are tokens of the JSON a client receives (`tokens`: about 4 characters a token), so a
passage's id, ref and citation count with its text. Notes are not counted.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

__all__ = [
    "CHARS_PER_TOKEN",
    "NEVER_CUT_CHARS",
    "Fit",
    "Packing",
    "Shared",
    "clause_label",
    "cut_at_word",
    "cut_note",
    "left_out_note",
    "pack",
    "share_budget",
    "tokens",
]

CHARS_PER_TOKEN = 4
NEVER_CUT_CHARS = 200

T = TypeVar("T")
R = TypeVar("R")


def tokens(obj: Any) -> int:
    """What a value costs in the answer: its JSON length / 4, at least 1."""
    return max(1, len(json.dumps(obj, ensure_ascii=False)) // CHARS_PER_TOKEN)


def cut_at_word(text: str, limit: int) -> int:
    """The length of text's longest prefix of at most `limit` characters that ends at a word's
    end (trailing white space dropped); the whole text when it fits. A first word longer than
    the limit is cut inside it."""
    if len(text) <= limit:
        return len(text)
    i = limit
    while i > 0 and not text[i].isspace():
        i -= 1
    while i > 0 and text[i - 1].isspace():
        i -= 1
    return i if i > 0 else limit


@dataclass(frozen=True)
class Fit(Generic[R]):
    value: R
    cost: int
    cut: bool


@dataclass
class Shared(Generic[T, R]):
    kept: list[tuple[T, Fit[R]]] = field(default_factory=list)
    left_out: list[T] = field(default_factory=list)
    used: int = 0


def share_budget(items: Sequence[T], budget: int, *, min_cost: Callable[[T], int],
                 fit: Callable[[T, int], Fit[R]]) -> Shared[T, R]:
    """Share the budget between named clauses, in order.

    min_cost(item) is what the item costs at its smallest (its first 200 characters cut at a word,
    or its first sentence). fit(item, allowance) returns the most of the item within allowance
    (never less than its smallest form). Items whose smallest forms no longer fit after the
    earlier ones' are left out, with every item after them; the first always comes back.
    """
    mins = [min_cost(i) for i in items]
    k, total = 0, 0
    for m in mins:
        if k > 0 and total + m > budget:
            break
        total += m
        k += 1
    out: Shared[T, R] = Shared(left_out=list(items[k:]))
    left = budget
    for i in range(k):
        reserve = sum(mins[i + 1:k])
        share = (left - reserve) // (k - i)
        f = fit(items[i], max(share, mins[i]))
        out.kept.append((items[i], f))
        left -= f.cost
    out.used = budget - left
    return out


def fit_text(text: str, allowance: int, cost_of: Callable[[int], int]) -> tuple[int, int, bool]:
    """The longest word-cut prefix of text whose cost (cost_of(length)) is within allowance,
    never shorter than its first 200 characters cut at a word: (length, cost, cut)."""
    full = cost_of(len(text))
    if full <= allowance or len(text) <= NEVER_CUT_CHARS:
        return len(text), full, False
    floor = cut_at_word(text, NEVER_CUT_CHARS)
    ends = [floor]
    for i in range(floor + 1, len(text)):
        if text[i].isspace() and not text[i - 1].isspace():
            ends.append(i)
    # Costs grow with the length, so the last end within allowance is found by bisection.
    costs = _LazyCosts(ends, cost_of)
    j = bisect.bisect_right(costs, allowance) - 1
    j = max(j, 0)
    return ends[j], costs[j], True


class _LazyCosts(Sequence[int]):
    def __init__(self, ends: list[int], cost_of: Callable[[int], int]) -> None:
        self.ends, self.cost_of, self.cache = ends, cost_of, {}

    def __len__(self) -> int:
        return len(self.ends)

    def __getitem__(self, i):  # type: ignore[override]
        if i not in self.cache:
            self.cache[i] = self.cost_of(self.ends[i])
        return self.cache[i]


@dataclass
class Packing(Generic[T]):
    """Passages packed into the budget: what came back, and which named clauses were cut or left out."""

    passages: list[dict[str, Any]] = field(default_factory=list)
    packed: list[T] = field(default_factory=list)
    cut: list[T] = field(default_factory=list)  # as returned, cut
    left_out: list[T] = field(default_factory=list)  # named clauses left out whole
    used: int = 0


def pack(candidates: Sequence[T], n_clauses: int, budget: int, *, render: Callable[[T, str], dict[str, Any]],
         cut: Callable[[T, int], T], text_of: Callable[[T], str], max_passages: int = 50) -> Packing[T]:
    """Pack the first n_clauses candidates (named clauses, in order) by sharing the budget, then the
    rest best first. render(c, "S1") is the passage as returned; cut(c, n) is c with only the first
    n characters of its text."""
    out: Packing[T] = Packing()
    clauses = list(enumerate(candidates[:n_clauses]))[:max_passages]

    def cost(i: int, c: T, n: int) -> int:
        # Clauses come first, so clause i comes back as S{i+1}: its id is known before it is packed.
        return tokens(render(c if n >= len(text_of(c)) else cut(c, n), f"S{i + 1}"))

    def min_cost(item: tuple[int, T]) -> int:
        i, c = item
        return cost(i, c, cut_at_word(text_of(c), NEVER_CUT_CHARS))

    def fit(item: tuple[int, T], allowance: int) -> Fit[T]:
        i, c = item
        n, c_cost, was_cut = fit_text(text_of(c), allowance, lambda k: cost(i, c, k))
        return Fit(cut(c, n) if was_cut else c, c_cost, was_cut)

    shared = share_budget(clauses, budget, min_cost=min_cost, fit=fit)
    for (i, _c), f in shared.kept:
        out.passages.append(render(f.value, f"S{i + 1}"))
        out.packed.append(f.value)
        if f.cut:
            out.cut.append(f.value)
    out.left_out = [c for _i, c in shared.left_out]
    left = budget - shared.used
    for c in candidates[n_clauses:]:
        if len(out.passages) >= max_passages:
            break
        p = render(c, f"S{len(out.passages) + 1}")
        c_cost = tokens(p)
        if out.passages and c_cost > left:
            continue
        out.passages.append(p)
        out.packed.append(c)
        left -= c_cost
    out.used = budget - left
    return out


# ---------------------------------------------------------------------------------------------
# Notes
# ---------------------------------------------------------------------------------------------


def clause_label(section_path: Sequence[str], file: str) -> str:
    """A clause as a note names it: "5.5.1 Close" (rfc6455.txt)."""
    name = section_path[-1] if section_path else "the named section"
    return f'"{name}" ({file})'


def cut_note(labels: Sequence[str]) -> str | None:
    if not labels:
        return None
    which = labels[0] if len(labels) == 1 else ", ".join(labels)
    return (f"Cut to fit the answer budget: {which}. The missing part can reverse what is there, so read "
            "the whole clause in the file.")


def left_out_note(labels: Sequence[str]) -> str | None:
    if not labels:
        return None
    n = len(labels)
    what = "1 named clause" if n == 1 else f"{n} named clauses"
    return (f"{what} did not fit the answer budget and {'was' if n == 1 else 'were'} left out: "
            f"{', '.join(labels)}. Ask about fewer clauses at a time to read them.")
