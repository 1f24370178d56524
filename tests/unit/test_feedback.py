"""strata_feedback validation and the demotion of chunks rated outdated or wrong."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from stratakb_core.query.feedback import (
    RATINGS,
    ChunkRating,
    FeedbackRecord,
    demoted,
    demotions,
    merge_ratings,
    validate_feedback,
)

PASSAGES = {"S1": "ch_a", "S2": "ch_b", "S3": None}  # S3: an exact clause passage, no chunk id
LAYERS = {"contracts", "sepa"}
T = datetime(2026, 11, 1, tzinfo=UTC)


def check(**kw):
    args = {"interaction_id": "int_1", "helpful": True} | kw
    return validate_feedback(args.pop("interaction_id"), args.pop("helpful"), **args, passages=PASSAGES,
                             known_layers=LAYERS, known_chunk_ids={"ch_a", "ch_b", "ch_z"})


def test_a_plain_rating_is_stored():
    d = check(helpful=False)
    assert d.refusal is None and d.helpful is False and d.not_stored == ()
    assert d.response() == {"status": "ok", "interaction_id": "int_1"}


def test_every_extra_is_stored_with_passage_and_chunk_ids():
    d = check(correct_layer="sepa", better_query="SCT Inst reject codes",
              chunk_feedback={"S1": "useful", "ch_z": "outdated", "S2": "wrong"})
    assert d.refusal is None
    assert d.correct_layer == "sepa" and d.better_query == "SCT Inst reject codes"
    assert [(c.key, c.chunk_id, c.rating) for c in d.chunks] == [("S1", "ch_a", "useful"), ("ch_z", "ch_z", "outdated"),
                                                                 ("S2", "ch_b", "wrong")]
    payload = d.event_payload("client-1")
    assert payload["client"] == "client-1" and payload["chunk_feedback"][0] == {"key": "S1", "chunk_id": "ch_a",
                                                                               "rating": "useful"}


@pytest.mark.parametrize("rating", ["bad", "USEFUL", "", None, 3])
def test_a_bad_rating_refuses_the_whole_call_listing_the_allowed_values(rating):
    d = check(correct_layer="sepa", chunk_feedback={"S1": "useful", "S2": rating})
    assert d.refusal is not None
    assert d.refusal.argument == "chunk_feedback" and d.refusal.allowed == RATINGS
    assert "useful, wrong and outdated" in d.refusal.message and "Nothing was stored" in d.refusal.message
    assert d.chunks == () and d.correct_layer is None and d.helpful is None


@pytest.mark.parametrize("kw, argument", [({"helpful": "yes"}, "helpful"), ({"helpful": None}, "helpful"),
                                          ({"interaction_id": ""}, "interaction_id"),
                                          ({"chunk_feedback": ["S1"]}, "chunk_feedback"),
                                          ({"chunk_feedback": {f"S{i}": "useful" for i in range(1, 60)}},
                                           "chunk_feedback")])
def test_bad_arguments_refuse_the_call(kw, argument):
    d = check(**kw)
    assert d.refusal is not None and d.refusal.argument == argument


def test_an_extra_that_fails_is_named_and_the_rest_is_stored():
    d = check(correct_layer="nope", better_query="   ",
              chunk_feedback={"S1": "wrong", "S3": "wrong", "S9": "useful", "ch_missing": "outdated"})
    assert d.refusal is None and d.helpful is True
    assert [c.chunk_id for c in d.chunks] == ["ch_a"]
    assert d.not_stored == ("correct_layer", "better_query", "chunk_feedback.S3", "chunk_feedback.S9",
                            "chunk_feedback.ch_missing")
    response = d.response()
    assert response["status"] == "ok" and response["not_stored"] == list(d.not_stored)
    for name in ("correct_layer", "better_query", "S3", "S9", "ch_missing"):
        assert name in response["warning"]
    assert "exact clause" in response["warning"]


def test_better_query_is_stored_as_cleaned():
    d = validate_feedback("int_1", False, better_query="IBAN DE89370400440532013000 rules", passages={},
                          known_layers=LAYERS, clean_query=lambda q: q.replace("DE89370400440532013000", "[IBAN]"))
    assert d.better_query == "IBAN [IBAN] rules"


# --------------------------------------------------------------------------------------------
# Demotion


def ratings(*rows):
    return [ChunkRating(cid, client, rating, T, f"fb{i}") for i, (cid, client, rating) in enumerate(rows)]


def test_one_client_does_not_demote_several_do():
    assert demotions(ratings(("ch", "c1", "wrong"))) == {}
    assert demotions(ratings(("ch", "c1", "wrong"), ("ch", "c2", "outdated"))) == {"ch": 0.5}
    assert demotions(ratings(*[("ch", f"c{i}", "wrong") for i in range(10)])) == {"ch": 0.25}  # the floor


def test_useful_ratings_offset_bad_ones():
    assert demotions(ratings(("ch", "c1", "wrong"), ("ch", "c2", "wrong"), ("ch", "c3", "useful"))) == {}


def test_a_client_counts_once_with_its_latest_rating():
    early = FeedbackRecord("fb1", "int_1", T, "c1", False, chunk_ratings=(("ch", "wrong"),))
    late = FeedbackRecord("fb2", "int_2", T.replace(hour=5), "c1", True, chunk_ratings=(("ch", "useful"),))
    merged = merge_ratings([], [late, early])
    assert [(r.client, r.rating) for r in merged] == [("c1", "useful")]
    assert merge_ratings(merged, [late, early]) == merged


def test_demotion_reorders_but_never_removes_and_never_touches_an_exact_clause():
    items = [("exact 7.2", None, 0.4), ("ch_bad", "ch_bad", 1.0), ("ch_ok", "ch_ok", 0.8)]
    out = demoted(items, score=lambda i: i[2], chunk_id=lambda i: i[1], multipliers={"ch_bad": 0.25, "exact 7.2": 0.1})
    assert [(i[0], s) for i, s in out] == [("ch_ok", 0.8), ("exact 7.2", 0.4), ("ch_bad", 0.25)]
