"""Confidence levels and answer status on the rerank and similarity scales (no I/O).

The thresholds are the spec's, provisional until the evaluation suite measures them.

The evidence the scores miss (`judge_with_evidence`; the lookups are in `query.respond` and
`store.search_sql`, measured in docs/adr/0007-evidence-ranking.md):
- A question whose distinctive terms occur in no stored chunk and no file path of the layers
  searched is low / not_found. Distinctive terms are acronyms, CamelCase and joined names (SLAAC,
  SameSite=Lax, pylock.toml, HTTP/3) and such a name with the version written right after it,
  looked up as a phrase (TLS 1.3: a document may hold "TLS" and a section 1.3 apart). A term of
  stop words only (SHOULD, MAY) has nothing to look up and is never absent. A version after a
  name is no clause reference either (`query.clauses`), so "TLS 1.3" does not read section 1.3.
- A clause the question names, read verbatim, is high / found.
- A passage holding every rare query word (strata_search's top 3), or, in strata_ask, a first
  passage holding the question's rarest word (a rare one) lifts low to medium: such an answer is
  partly_found, never not_found, on scores alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Basis = Literal["rerank", "similarity"]


@dataclass(frozen=True)
class Scale:
    high: float
    medium: float


SCALES: dict[str, Scale] = {"rerank": Scale(0.8, 0.5), "similarity": Scale(0.6, 0.45)}
LOW_WARNING = ("Low confidence: nothing reaches the medium mark, so the knowledge base probably "
               "doesn't cover this. Try other terms or another layer.")


def judge(scores: Sequence[float], basis: Basis) -> Literal["high", "medium", "low"]:
    """high: best >= high and 3+ results >= medium; medium: best >= medium; else low."""
    if not scores:
        return "low"
    scale = SCALES[basis]
    best = max(scores)
    if best >= scale.high and sum(1 for s in scores if s >= scale.medium) >= 3:
        return "high"
    if best >= scale.medium:
        return "medium"
    return "low"


def status_for(best: float | None, basis: Basis) -> Literal["found", "partly_found", "not_found"]:
    """found when the best passage scores high, partly_found when medium, else not_found."""
    if best is None:
        return "not_found"
    scale = SCALES[basis]
    if best >= scale.high:
        return "found"
    if best >= scale.medium:
        return "partly_found"
    return "not_found"


ABSENT_NOTE = "The documents never mention {terms}, so they do not cover this question."


def judge_with_evidence(scores: Sequence[float], basis: Basis, *, exact: bool = False, holds_all_terms: bool = False,
                        absent: Sequence[str] = ()) -> Literal["high", "medium", "low"]:
    """The level with the evidence the scores miss: a question whose distinctive terms no stored
    chunk holds is low; a clause the question names, read verbatim, is high; a passage holding
    every rare word of the query (`holds_all_terms`; strata_ask: its first passage holds the
    question's rarest word) is at least medium."""
    if absent:
        return "low"
    if exact:
        return "high"
    level = judge(scores, basis)
    return "medium" if level == "low" and holds_all_terms else level


def absent_note(terms: Sequence[str]) -> str:
    shown = ", ".join(terms[:-1]) + (" or " if len(terms) > 1 else "") + terms[-1] if terms else ""
    return ABSENT_NOTE.format(terms=shown)
