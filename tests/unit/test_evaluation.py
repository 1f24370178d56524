"""The metric functions on hand-computed cases, including ties, repeats and empty results."""

from __future__ import annotations

import math

import pytest

from stratakb_core.evaluation.metrics import (
    dcg_at_k,
    dedupe,
    mean,
    ndcg_at_k,
    percentile,
    precision_at_k,
    rank_by_score,
    ranked_hits,
    recall_at_k,
    reciprocal_rank,
)

REL = {"a": 1, "b": 1, "c": 1}  # three relevant documents, binary


def hits(ids, rel=REL):
    return ranked_hits(ids, rel)


def test_recall_counts_relevant_targets_in_the_first_k():
    ranked = ["x", "a", "y", "b", "z"]
    assert recall_at_k(hits(ranked), REL, 1) == 0.0
    assert recall_at_k(hits(ranked), REL, 2) == pytest.approx(1 / 3)
    assert recall_at_k(hits(ranked), REL, 5) == pytest.approx(2 / 3)
    assert recall_at_k(hits(ranked), REL, 100) == pytest.approx(2 / 3)  # k past the list's end


def test_precision_divides_by_k_not_by_what_came_back():
    ranked = ["a", "x", "b"]
    assert precision_at_k(hits(ranked), REL, 1) == 1.0
    assert precision_at_k(hits(ranked), REL, 3) == pytest.approx(2 / 3)
    assert precision_at_k(hits(ranked), REL, 10) == pytest.approx(0.2)  # 2 relevant / 10


def test_reciprocal_rank_of_the_first_relevant_item():
    assert reciprocal_rank(hits(["x", "y", "b"]), REL) == pytest.approx(1 / 3)
    assert reciprocal_rank(hits(["a"]), REL) == 1.0
    assert reciprocal_rank(hits(["x", "y"]), REL) == 0.0
    assert reciprocal_rank(hits(["x", "y", "b"]), REL, k=2) == 0.0  # cut at k


def test_ndcg_binary_hand_computed():
    # Relevant at ranks 2 and 4 of three relevant documents.
    ranked = ["x", "a", "y", "b"]
    dcg = 1 / math.log2(3) + 1 / math.log2(5)
    idcg = 1 / math.log2(2) + 1 / math.log2(3) + 1 / math.log2(4)
    assert dcg_at_k(hits(ranked), REL, 10) == pytest.approx(dcg)
    assert ndcg_at_k(hits(ranked), REL, 10) == pytest.approx(dcg / idcg)  # 1.06161 / 2.13093
    assert ndcg_at_k(hits(ranked), REL, 10) == pytest.approx(0.49819, abs=1e-5)
    assert ndcg_at_k(hits(["a", "b", "c"]), REL, 10) == pytest.approx(1.0)


def test_ndcg_graded_uses_linear_gain_and_the_ideal_order():
    rel = {"a": 3, "b": 1}
    # b first, then a: DCG = 1/log2(2) + 3/log2(3); ideal = 3/log2(2) + 1/log2(3).
    got = ndcg_at_k(hits(["b", "a"], rel), rel, 10)
    assert got == pytest.approx((1 + 3 / math.log2(3)) / (3 + 1 / math.log2(3)))  # 2.89279 / 3.63093
    assert got == pytest.approx(0.79671, abs=1e-5)
    assert ndcg_at_k(hits(["a", "b"], rel), rel, 10) == pytest.approx(1.0)


def test_ndcg_cut_at_k_and_ideal_cut_at_k():
    rel = {f"d{i}": 1 for i in range(20)}
    ranked = [f"d{i}" for i in range(20)]
    assert ndcg_at_k(hits(ranked, rel), rel, 10) == pytest.approx(1.0)  # the ideal holds only 10
    assert ndcg_at_k(hits(["x"] * 10 + ranked, rel), rel, 10) == 0.0


def test_zero_and_negative_grades_are_not_relevant():
    rel = {"a": 0, "b": -1, "c": 2}
    assert recall_at_k(hits(["a", "b", "c"], rel), rel, 3) == 1.0
    assert precision_at_k(hits(["a", "b", "c"], rel), rel, 3) == pytest.approx(1 / 3)
    assert reciprocal_rank(hits(["a", "b", "c"], rel), rel) == pytest.approx(1 / 3)


def test_empty_results_score_zero():
    assert recall_at_k([], REL, 10) == 0.0
    assert precision_at_k([], REL, 10) == 0.0
    assert reciprocal_rank([], REL) == 0.0
    assert ndcg_at_k([], REL, 10) == 0.0
    assert dcg_at_k([], REL, 10) == 0.0


def test_no_relevant_target_is_undefined_not_zero():
    # A question the documents do not answer: recall, RR and nDCG are undefined.
    assert recall_at_k(hits(["x"], {}), {}, 10) is None
    assert reciprocal_rank(hits(["x"], {}), {}) is None
    assert ndcg_at_k(hits(["x"], {}), {}, 10) is None
    assert ndcg_at_k([], {}, 10) is None
    assert precision_at_k(hits(["x"], {}), {}, 10) == 0.0


def test_mean_skips_undefined_values():
    assert mean([1.0, None, 0.0]) == 0.5
    assert mean([None, None]) is None
    assert mean([]) is None


def test_a_target_counts_once_at_its_first_rank():
    # Two chunks of document a: the second adds nothing to recall, RR or nDCG ...
    rel = {"a": 1, "b": 1}
    h = [{"a"}, {"a"}, {"b"}]
    assert recall_at_k(h, rel, 2) == 0.5
    assert ndcg_at_k(h, rel, 10) == pytest.approx((1 + 1 / math.log2(4)) / (1 + 1 / math.log2(3)))
    # ... but the reader did see a relevant passage twice: precision counts both.
    assert precision_at_k(h, rel, 2) == 1.0


def test_one_item_satisfying_two_targets_gains_both():
    rel = {"e0": 1, "e1": 1}  # a question that needs two passages, both in one chunk
    h = [{"e0", "e1"}]
    assert recall_at_k(h, rel, 1) == 1.0
    assert dcg_at_k(h, rel, 10) == 2.0  # both grades at rank 1, above the ideal 1 + 1/log2(3)
    assert ndcg_at_k(h, rel, 10) == 1.0  # capped


def test_ties_break_by_ascending_id_whatever_the_input_order():
    scored = [("b", 0.5), ("c", 0.9), ("a", 0.5), ("d", 0.1)]
    assert rank_by_score(scored) == ["c", "a", "b", "d"]
    assert rank_by_score(list(reversed(scored))) == ["c", "a", "b", "d"]
    # The tie decides the metric deterministically: relevant "b" ties with "a" and ranks third.
    rel = {"b": 1}
    assert reciprocal_rank(ranked_hits(rank_by_score(scored), rel), rel) == pytest.approx(1 / 3)


def test_repeated_ids_keep_their_best_score_and_dedupe_keeps_first_place():
    assert rank_by_score([("a", 0.2), ("b", 0.5), ("a", 0.9)]) == ["a", "b"]
    assert dedupe(["d1", "d2", "d1", "d3", "d2"]) == ["d1", "d2", "d3"]


def test_k_must_be_a_positive_whole_number():
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError):
            recall_at_k([], REL, bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            precision_at_k([], REL, bad)  # type: ignore[arg-type]


def test_percentile_interpolates_like_the_benchmarks():
    assert percentile([1, 2, 3, 4], 0.5) == 2.5
    assert percentile([10], 0.95) == 10
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 0.95) == \
        pytest.approx(19.05)
    with pytest.raises(ValueError):
        percentile([], 0.5)
