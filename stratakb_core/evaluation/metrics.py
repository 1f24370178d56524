"""Retrieval metrics: Recall@k, Precision@k, reciprocal rank and nDCG@k (pure functions, no I/O).

Every metric reads one ranked result list for one query and the query's judgments.

The ranked list. ``hits`` holds, for each returned item in rank order (rank 1 first), the set of
*targets* that item satisfies: for BEIR a document id when the document is judged relevant, for
a golden question the ids of the expected passages the returned passage matches (see golden.py).
An item that satisfies nothing is an empty set. ``ranked_hits`` builds it from a list of ids.

Judgments. ``relevance`` maps each target to its grade (> 0; 1 for binary judgments). Targets
with grade 0 or below are not relevant and are ignored.

The rules, the same for every metric:

* A target counts once, at the first rank that satisfies it. A later item satisfying the same
  target again (a second chunk of the same document) gains nothing for recall, reciprocal rank or
  nDCG; it still counts as a relevant item for precision, since the reader sees a relevant passage.
* Precision@k divides by k, not by the number of items returned: three relevant items in a list
  of five at k=10 is 0.3 (trec_eval's P_k does the same). An empty result list scores 0.
* nDCG uses linear gain, ``grade / log2(rank + 1)`` (trec_eval's ``ndcg_cut``, which BEIR
  reports); with binary grades it is the usual binary nDCG. The ideal ranking puts every
  relevant target once, highest grade first, cut at k. An item satisfying several targets gains
  all of their grades at its rank (one passage holding both halves of a two-passage answer), which
  can beat that ideal: nDCG is capped at 1.
* Queries without any relevant target (a question the documents do not answer) have no recall,
  reciprocal rank or nDCG: those functions return ``None`` and ``mean`` skips them. Precision is
  still defined (0 for every returned item, since none is relevant).
* Ties. Metrics read ranks, not scores. When a system hands back scores, ``rank_by_score``
  orders them by descending score and breaks ties by ascending id (a plain string comparison),
  so a tie never depends on the order the items arrived in. The engine's own lists are already
  ordered this way (score, then chunk id). Repeated ids keep their first (best) position.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence

Hits = Sequence[Collection[str]]


def _check_k(k: int) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a whole number of at least 1, not {k!r}")
    return k


def _relevant(relevance: Mapping[str, float]) -> dict[str, float]:
    return {t: float(g) for t, g in relevance.items() if g > 0}


def rank_by_score(scored: Iterable[tuple[str, float]]) -> list[str]:
    """Ids best first: descending score, ties by ascending id; a repeated id keeps its best place."""
    best: dict[str, float] = {}
    for item, score in scored:
        if item not in best or score > best[item]:
            best[item] = score
    return sorted(best, key=lambda i: (-best[i], i))


def dedupe(ids: Iterable[str]) -> list[str]:
    """Ids in first-seen order without repeats (chunks of one document become one result)."""
    return list(dict.fromkeys(ids))


def ranked_hits(ranked_ids: Sequence[str], relevance: Mapping[str, float]) -> list[set[str]]:
    """The hits of a list of ids judged directly (BEIR): each id satisfies itself when relevant."""
    rel = _relevant(relevance)
    return [{i} if i in rel else set() for i in ranked_ids]


def _first_ranks(hits: Hits, relevant: Mapping[str, float], k: int | None) -> dict[str, int]:
    """target -> the first rank (1-based) that satisfies it, within the first k items."""
    first: dict[str, int] = {}
    limit = len(hits) if k is None else min(k, len(hits))
    for rank in range(1, limit + 1):
        for t in hits[rank - 1]:
            if t in relevant and t not in first:
                first[t] = rank
    return first


def recall_at_k(hits: Hits, relevance: Mapping[str, float], k: int) -> float | None:
    """Share of the relevant targets satisfied in the first k items; None without relevant targets."""
    _check_k(k)
    rel = _relevant(relevance)
    if not rel:
        return None
    return len(_first_ranks(hits, rel, k)) / len(rel)


def precision_at_k(hits: Hits, relevance: Mapping[str, float], k: int) -> float:
    """Items among the first k that satisfy at least one relevant target, divided by k."""
    _check_k(k)
    rel = _relevant(relevance)
    return sum(1 for h in list(hits)[:k] if any(t in rel for t in h)) / k


def reciprocal_rank(hits: Hits, relevance: Mapping[str, float], k: int | None = None) -> float | None:
    """1 / the rank of the first item satisfying a relevant target (0 if none); None without any."""
    rel = _relevant(relevance)
    if not rel:
        return None
    first = _first_ranks(hits, rel, k)
    return 1.0 / min(first.values()) if first else 0.0


def dcg_at_k(hits: Hits, relevance: Mapping[str, float], k: int) -> float:
    """Discounted cumulative gain: each relevant target's grade at its first rank, / log2(rank + 1)."""
    _check_k(k)
    rel = _relevant(relevance)
    return sum(rel[t] / math.log2(rank + 1) for t, rank in _first_ranks(hits, rel, k).items())


def ndcg_at_k(hits: Hits, relevance: Mapping[str, float], k: int = 10) -> float | None:
    """DCG@k over the ideal DCG@k (every relevant target once, highest grade first); None without any."""
    _check_k(k)
    rel = _relevant(relevance)
    if not rel:
        return None
    ideal = sorted(rel.values(), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    return min(1.0, dcg_at_k(hits, rel, k) / idcg)


def mean(values: Iterable[float | None]) -> float | None:
    """The mean of the defined values (None entries are skipped); None when there are none."""
    vals = [v for v in values if v is not None]
    return sum(vals) / len(vals) if vals else None


def percentile(values: Sequence[float], p: float) -> float:
    """Linear-interpolated percentile (p from 0 to 1) of a non-empty list, as bench_query.py does."""
    if not values:
        raise ValueError("percentile of an empty list")
    s = sorted(values)
    pos = (len(s) - 1) * p
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)
