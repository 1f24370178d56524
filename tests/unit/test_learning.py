"""What the server learns: signals per client, the synonym rule, affinities, rewrites, decay, the promoter."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import count

from stratakb_core.query.feedback import FeedbackRecord
from stratakb_core.query.learning import (
    LOOKBACK,
    REPHRASE_WINDOW,
    SYNONYM_RULE,
    InteractionRecord,
    LearnedState,
    LearnedSynonym,
    Ledger,
    affinities_for,
    content_words,
    find_signals,
    proven_rewrites,
    synonym_candidate,
    synonyms_for,
)
from stratakb_core.query.promoter import promote, reset_all, reset_layer

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
NOW = T0 + timedelta(hours=1)
_ids = count(1)


def rec(query: str, client: str | None = "c1", at: float = 0, layers=None, searched=("contracts", "sepa"),
        confidence="medium", learned=(), id: str | None = None) -> InteractionRecord:
    return InteractionRecord(id=id or f"int_{next(_ids):04d}", occurred_at=T0 + timedelta(seconds=at), client=client,
                             query=query, layers=tuple(layers) if layers is not None else None,
                             searched=tuple(layers) if layers is not None else tuple(searched),
                             confidence=confidence, learned_rewrites=tuple(learned))


def fb(record: InteractionRecord, helpful: bool, client: str | None = "c1", at: float = 30, **kw) -> FeedbackRecord:
    return FeedbackRecord(id=f"fb_{next(_ids):04d}", interaction_id=record.id,
                          occurred_at=record.occurred_at + timedelta(seconds=at), client=client, helpful=helpful, **kw)


def learned_pairs(state: LearnedState) -> set[tuple[str, str]]:
    return {(s.term, s.synonym) for s in state.synonyms}


# --------------------------------------------------------------------------------------------
# Content words and the synonym rule


def test_content_words_leave_stopwords_out_and_keep_codes():
    assert content_words("What is the notice period for pacs.008?") == ["notice", "period", "pacs.008"]
    assert content_words("Wie lange ist die Kündigungsfrist?")[-1] == "kündigungsfrist"


def test_exactly_one_missing_content_word_is_a_synonym_candidate():
    assert synonym_candidate("termination notice period", "cancellation notice period") == ("termination",
                                                                                             "cancellation")
    # stopwords do not count as missing or added words
    assert synonym_candidate("what is the termination notice", "termination notice of a cancellation") is None
    assert synonym_candidate("the termination notice", "a cancellation notice") == ("termination", "cancellation")


def test_two_missing_words_teach_nothing():
    assert synonym_candidate("termination notice period", "cancellation warning period") is None


def test_a_rewording_sharing_no_content_word_teaches_nothing():
    assert synonym_candidate("termination", "cancellation") is None
    assert synonym_candidate("termination notice", "cancellation warning") is None


def test_only_words_dropped_teaches_no_synonym():
    assert synonym_candidate("termination notice period", "notice period") is None


# --------------------------------------------------------------------------------------------
# Signals, per client


def test_signals_kinds():
    a = rec("termination notice period", at=0)
    b = rec("cancellation notice period", at=30)
    c = rec("cancellation notice period", at=60, layers=["contracts"])
    d = rec("cancellation notice period shortened agreement", at=90)
    kinds = [(s.kind, s.first, s.second) for s in find_signals([a, b, c, d])]
    assert kinds == [("rephrase", a.id, b.id), ("layer_switch", b.id, c.id), ("follow_up", c.id, d.id)]


def test_a_question_asked_long_after_is_not_a_rephrase():
    a = rec("termination notice period", at=0)
    b = rec("cancellation notice period", at=REPHRASE_WINDOW.total_seconds() + 1)
    assert find_signals([a, b]) == []


def test_questions_without_a_client_key_are_never_paired():
    assert find_signals([rec("termination notice", client=None), rec("cancellation notice", client=None, at=5)]) == []


def test_two_interleaved_clients_never_produce_cross_client_synonyms():
    # Client 1 asks about termination, client 2 about SEPA reject codes, alternating within seconds;
    # across clients, each question is "one word away" from the other client's previous one.
    stream = []
    for round_ in range(3):
        base = round_ * 40
        stream += [rec("termination notice period", client="c1", at=base),
                   rec("reject notice period", client="c2", at=base + 5),
                   rec("termination notice period", client="c1", at=base + 10),
                   rec("reject notice period", client="c2", at=base + 15)]
    assert [s for s in find_signals(stream) if s.kind == "rephrase"] == []
    state = promote(stream, [], LearnedState(), NOW)
    assert state.synonyms == ()


def test_the_same_rephrasing_by_each_client_separately_is_learned():
    stream = [rec("termination notice period", client="c1", at=0),
              rec("reject codes sepa", client="c2", at=2),
              rec("cancellation notice period", client="c1", at=4),
              rec("rejection codes sepa", client="c2", at=6),
              rec("termination notice period", client="c3", at=100),
              rec("cancellation notice period", client="c3", at=110)]
    state = promote(stream, [], LearnedState(), NOW)
    assert learned_pairs(state) == {("termination", "cancellation")}  # the SEPA pair was seen once only
    (synonym,) = state.synonyms
    assert synonym.usage_count == 2 and synonym.rule == SYNONYM_RULE


# --------------------------------------------------------------------------------------------
# The promoter: synonyms


def two_sightings(layer=None):
    kw = {"layers": [layer]} if layer else {}
    return [rec("termination notice period", client="c1", at=0, **kw),
            rec("cancellation notice period", client="c1", at=20, **kw),
            rec("termination notice days", client="c2", at=100, **kw),
            rec("cancellation notice days", client="c2", at=120, **kw)]


def test_a_pair_seen_once_is_not_learned_and_twice_is():
    stream = two_sightings()
    assert promote(stream[:2], [], LearnedState(), NOW).synonyms == ()
    state = promote(stream, [], LearnedState(), NOW)
    assert learned_pairs(state) == {("termination", "cancellation")}
    assert synonyms_for(state, "termination fee", ["contracts"]) == ["cancellation"]


def test_the_promoter_run_twice_gives_the_same_result():
    stream = two_sightings("contracts") + [rec("sepa reject", client="c4", at=300, layers=["sepa"]),
                                           rec("sepa reject", client="c4", at=320, layers=["contracts"])]
    feedback = [fb(stream[1], True, client="c1"), fb(stream[1], False, client="c2", correct_layer="contracts")]
    once = promote(stream, feedback, LearnedState(), NOW)
    twice = promote(stream, feedback, once, NOW)
    assert twice == once
    assert once.synonyms[0].usage_count == 2
    # and later runs with new sightings add only the new ones
    more = [rec("termination clause", client="c5", at=400), rec("cancellation clause", client="c5", at=410)]
    third = promote(stream + more, feedback, twice, NOW)
    assert third.synonyms[0].usage_count == 3
    assert promote(stream + more, feedback, third, NOW) == third


def test_a_learned_synonym_outlives_its_window_and_counts_settle():
    state = promote(two_sightings(), [], LearnedState(), NOW)
    later = NOW + LOOKBACK + timedelta(days=1)
    aged = promote(two_sightings(), [], state, later)
    assert learned_pairs(aged) == {("termination", "cancellation")}
    assert aged.synonyms[0].evidence.recent == () and aged.synonyms[0].usage_count == 2
    assert promote(two_sightings(), [], aged, later) == aged


def test_the_synonym_layer_is_the_one_every_sighting_searched():
    assert promote(two_sightings("contracts"), [], LearnedState(), NOW).synonyms[0].layer == "contracts"
    assert promote(two_sightings(), [], LearnedState(), NOW).synonyms[0].layer is None
    state = promote(two_sightings("contracts"), [], LearnedState(), NOW)
    assert synonyms_for(state, "termination fee", ["sepa"]) == []


def test_pairs_learned_under_the_older_rule_are_deleted():
    old = LearnedSynonym("notice", "warning", None, Ledger(settled=5), rule=1)
    state = promote([], [], LearnedState(synonyms=(old,)), NOW)
    assert state.synonyms == ()
    assert synonyms_for(LearnedState(synonyms=(old,)), "notice", []) == []


def test_a_layer_reset_keeps_history_and_layerless_synonyms_a_global_reset_removes_for_good():
    stream = two_sightings("contracts")
    state = promote(stream, [], LearnedState(), NOW)
    cleared = reset_layer(state, "contracts")
    assert cleared.synonyms == ()
    assert learned_pairs(promote(stream, [], cleared, NOW)) == {("termination", "cancellation")}
    layerless = promote(two_sightings(), [], LearnedState(), NOW)
    assert learned_pairs(reset_layer(layerless, "contracts")) == {("termination", "cancellation")}
    gone = reset_all(NOW)
    assert promote(stream, [], gone, NOW + timedelta(minutes=1)).synonyms == ()


# --------------------------------------------------------------------------------------------
# Affinities


def test_layer_switches_and_correct_layer_teach_routing():
    a = rec("iban checksum rules", client="c1", at=0, searched=("contracts",))
    b = rec("iban checksum rules", client="c1", at=20, layers=["sepa"])
    state = promote([a, b], [], LearnedState(), NOW)
    assert affinities_for(state, "iban validation") == {"sepa": 0.5}
    c = rec("iban checksum", client="c2", at=200, searched=("contracts",))
    state = promote([a, b, c], [fb(c, False, client="c2", correct_layer="sepa")], LearnedState(), NOW)
    aff = affinities_for(state, "iban validation")
    assert aff["sepa"] >= 0.6  # routing's AFFINITY_MIN: two pieces of evidence route the question
    assert "contracts" not in aff


def test_a_helpful_answer_from_one_layer_and_a_follow_up_count_half():
    a = rec("notice period", client="c1", at=0, layers=["contracts"], confidence="high")
    b = rec("notice period shortened", client="c1", at=30)
    state = promote([a, b], [fb(a, True)], LearnedState(), NOW)
    assert affinities_for(state, "notice")["contracts"] == 0.5  # 0.5 + 0.5 -> 1 / 2


# --------------------------------------------------------------------------------------------
# Rewrites, proven and decaying


def rephrase_rated_helpful(client: str, at: float):
    a = rec("how do I end the deal", client=client, at=at)
    b = rec("how do I end the contract termination", client=client, at=at + 20, layers=["contracts"])
    return [a, b], [fb(b, True, client=client)]


def test_a_rephrasing_rated_helpful_becomes_a_proven_rewrite():
    records, feedback = rephrase_rated_helpful("c1", 0)
    state = promote(records, feedback, LearnedState(), NOW)
    assert proven_rewrites(state, "end the deal?", None, NOW) == ["how do I end the contract termination"]
    assert proven_rewrites(state, "end the deal?", ["sepa"], NOW) == []


def test_a_rephrasing_not_rated_helpful_teaches_no_rewrite():
    records, _ = rephrase_rated_helpful("c1", 0)
    assert promote(records, [], LearnedState(), NOW).rewrites == ()


def test_stale_rewrites_decay_and_are_dropped():
    records, feedback = rephrase_rated_helpful("c1", 0)
    state = promote(records, feedback, LearnedState(), NOW)
    month = NOW + timedelta(days=31)
    assert proven_rewrites(state, "end the deal", None, month) == []  # decayed below proven
    kept = promote(records, feedback, state, month)
    assert len(kept.rewrites) == 1
    assert promote(records, feedback, kept, NOW + timedelta(days=61)).rewrites == ()


def test_a_used_rewrite_rated_unhelpful_is_no_longer_proven():
    records, feedback = rephrase_rated_helpful("c1", 0)
    state = promote(records, feedback, LearnedState(), NOW)
    used = rec("end the deal", client="c2", at=600, learned=["how do I end the contract termination"])
    worse = promote([*records, used], [*feedback, fb(used, False, client="c2")], state, NOW)
    assert proven_rewrites(worse, "end the deal", None, NOW) == []


def test_a_better_query_from_two_clients_is_proven():
    a1 = rec("reject reason list", client="c1", at=0)
    a2 = rec("reject reason list", client="c2", at=5)
    feedback = [fb(a1, False, client="c1", better_query="SCT Inst reject codes"),
                fb(a2, False, client="c2", better_query="SCT Inst reject codes")]
    assert proven_rewrites(promote([a1], feedback[:1], LearnedState(), NOW), "reject reason list", None, NOW) == []
    state = promote([a1, a2], feedback, LearnedState(), NOW)
    assert proven_rewrites(state, "reject reason list", None, NOW) == ["SCT Inst reject codes"]


# --------------------------------------------------------------------------------------------
# Demotion through the promoter


def test_chunks_rated_wrong_by_several_clients_are_demoted():
    r = rec("notice period")
    feedback = [fb(r, False, client="c1", chunk_ratings=(("ch1", "outdated"),)),
                fb(r, False, client="c1", at=40, chunk_ratings=(("ch1", "wrong"),)),  # same client: counts once
                fb(r, False, client="c2", chunk_ratings=(("ch1", "wrong"), ("ch2", "wrong")))]
    state = promote([r], feedback, LearnedState(), NOW)
    assert state.demotions == {"ch1": 0.5}
    assert promote([r], feedback, state, NOW) == state


def test_the_state_survives_the_learning_promoted_payload():
    import json

    from stratakb_core.query.learning import state_from_payload, state_to_payload

    r = rec("notice period", client="c8", at=900)
    records, feedback = rephrase_rated_helpful("c9", 500)
    feedback = [*feedback, fb(r, False, client="c1", chunk_ratings=(("ch1", "wrong"),)),
                fb(r, False, client="c2", chunk_ratings=(("ch1", "wrong"),))]
    stream = [*two_sightings("contracts"), *records, r]
    state = promote(stream, feedback, reset_all(T0 - timedelta(days=1)), NOW)
    assert state.synonyms and state.rewrites and state.affinities and state.demotions
    payload = json.loads(json.dumps(state_to_payload(state)))
    assert state_from_payload(payload) == state
    assert payload["synonyms"][0]["usage_count"] == 2
    assert promote(stream, feedback, state_from_payload(payload), NOW) == state
