"""A question's parts, and places kept for each part's best passages (no I/O).

A two-part question ("japan's dialling code and its currency's ISO code", "X vs Y", "what are
ping and close for and what are their opcodes") counts as answered only when a passage for each
part is in the top k. Ranked as a whole, the passages that answer the part the question words
most strongly fill the top k and the other part's answer lands just below it. So the question is
split at its connectives (",", ";", "and", "vs", "versus", "both", "differ from", "compared
to/with"), keeping only parts that hold content words of their own (a connective inside one
phrase, "ping and close for", still splits, but "what are their" alone is no part). The search
(`query.search`) scores each part over the whole question's candidates, which share the question's
subject ("websocket control frames"), and a part whose best passage is not in the top k gets a
place there, in place of the lowest-ranked passage no part chose.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

__all__ = ["MAX_PARTS", "keep_part_slots", "part_lexemes", "part_words", "question_parts"]

MAX_PARTS = 4
MIN_QUESTION_WORDS = 4  # a shorter question has no parts worth a place of their own

_CONNECTIVE = re.compile(r"\s*[,;]\s*(?:(?:and|but)\s+)?"
                         r"|\s+(?:and|vs\.?|versus|both|differs?\s+from|compared\s+(?:to|with))\s+", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
# Words that say what is asked rather than what about: no part is made of these alone.
_FILLER = frozenset("""
    a about all also an and any are as at be been between both but by can could did do does each either for from
    had has have how i if in into is it its me my no not of on one or our so than that the their them then these
    they this those to up us was we were what when where whether which while who whom whose why will with would
    you your differ difference different same compare compared other it's what's how's
""".split())

T = TypeVar("T")


def _content(words: Sequence[str]) -> list[str]:
    """The words that say what about: not filler, and a number only from three digits ("3339", not "1")."""
    return [w for w in words if (w.isdigit() and len(w) > 2) or (not w.isdigit() and w.lower() not in _FILLER)]


def question_parts(question: str) -> list[str]:
    """The question's parts, in order; [] when it has fewer than two with content words of their own.

    A piece without content words of its own joins the piece after it (or, last, the one before).
    """
    words = _WORD.findall(question)
    if len(words) < MIN_QUESTION_WORDS:
        return []
    pieces = [p.strip() for p in _CONNECTIVE.split(question) if p and p.strip()]
    parts: list[str] = []
    pending = ""
    for piece in pieces:
        text = f"{pending} {piece}".strip()
        if _content(_WORD.findall(piece)):
            parts.append(text)
            pending = ""
        else:
            pending = text
    if pending and parts:
        parts[-1] = f"{parts[-1]} {pending}"
    if len(parts) < 2:
        return []
    return parts[:MAX_PARTS]


def part_words(part: str) -> str:
    """The part's content words, as one phrase ("what are ping" -> "ping")."""
    return " ".join(_content(_WORD.findall(part)))


def _held_by(lexeme: str, token: str) -> bool:
    """Whether a question token stems to `lexeme` (PostgreSQL's english stems are a word's prefix,
    but for a final y made i: "diary" -> "diari")."""
    if token.startswith(lexeme):
        return True
    return len(lexeme) >= 4 and lexeme.endswith("i") and token.startswith(lexeme[:-1])


def part_lexemes(part: str, lexemes: Sequence[str]) -> set[str]:
    """The question's lexemes that come from this part's own content words."""
    tokens = [t.lower() for t in _content(_WORD.findall(part))]
    tokens += [t for w in tokens for t in re.split(r"[-']", w) if t]
    return {lex for lex in lexemes if any(_held_by(lex, t) for t in tokens)}


def keep_part_slots(top: Sequence[T], pool: Sequence[T], part_scores: Sequence[Callable[[T], float]], *,
                    key: Callable[[T], Hashable], per_part: int = 1,
                    fixed: Callable[[T], bool] = lambda _x: False) -> list[T]:
    """The top list with each part's `per_part` best passages of `pool` in it.

    A part's best passage missing from `top` takes the place of the lowest-ranked passage that no
    part chose and that is not `fixed` (a keyword slot); the order of `top` is kept otherwise, the
    newcomers going last, so the caller re-sorts. Lists of one part or none come back unchanged.
    """
    if len(part_scores) < 2 or not top:
        return list(top)
    best = [x for score in part_scores for x in sorted(pool, key=lambda x: -score(x))[:per_part]]
    chosen = {key(x) for x in best}
    out = list(top)
    for item in best:
        if any(key(x) == key(item) for x in out):
            continue
        free = [i for i, x in enumerate(out) if key(x) not in chosen and not fixed(x)]
        if not free:
            break
        del out[free[-1]]
        out.append(item)
    return out
