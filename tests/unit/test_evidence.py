"""The evidence score, its 0-1 scale, title keys and distinctive terms (query.evidence)."""

from __future__ import annotations

import pytest

from stratakb_core.query.evidence import (
    P_HIGH,
    P_MEDIUM,
    QueryTerms,
    distinctive_terms,
    evidence_score,
    relevance,
    title_key,
    title_match,
    word_coverage,
)


def test_rare_words_weigh_more_than_common_ones():
    terms = QueryTerms({"frame": 200, "opcod": 3, "ping": 5}, total=1000)
    assert terms.coverage(["opcod"]) > terms.coverage(["frame"])
    assert terms.coverage(["frame", "opcod", "ping"]) == pytest.approx(1.0)
    assert terms.coverage([]) == 0.0
    assert QueryTerms({}, 0).coverage(["x"]) == 0.0


def test_a_passage_holding_the_rare_words_outscores_an_equally_similar_one():
    terms = QueryTerms({"opcod": 3, "ping": 5}, total=1000)
    holds = evidence_score(0.5, terms, ["opcod", "ping"], [], [], keyword_rank=1)
    misses = evidence_score(0.5, terms, [], [], [], keyword_rank=None)
    assert holds > misses
    assert evidence_score(0.5, terms, [], [], [], None, title=1.0) > misses


def test_relevance_is_monotone_and_puts_the_measured_marks_on_the_specs():
    import math

    def score_for(p: float) -> float:  # invert the logistic
        return (math.log(p / (1 - p)) + 7.74) / 6.41

    assert relevance(score_for(P_MEDIUM)) == pytest.approx(0.5, abs=1e-3)
    assert relevance(score_for(P_HIGH)) == pytest.approx(0.8, abs=1e-3)
    values = [relevance(x / 10) for x in range(0, 30)]
    assert values == sorted(values) and 0.0 <= values[0] and values[-1] <= 1.0


@pytest.mark.parametrize("heading, key", [
    ("5.2 Base Framing Protocol", "base framing protocol"),
    ("Appendix A.1. Addressing Examples", "addressing examples"),
    ("Appendix B: Rough code translations", "rough code translations"),
    ("B.3 Foo-bar baz", "foo bar baz"),
])
def test_title_keys_drop_numbering_and_punctuation(heading, key):
    assert title_key(heading) == key


def test_title_match():
    assert title_match("Base Framing Protocol", ("5 Data Framing", "5.2 Base Framing Protocol")) == 1.0
    assert 0 < title_match("framing protocol", ("5.2 Base Framing Protocol",)) < 1
    assert title_match("frames", ("5.2 Base Framing Protocol",)) == 0.0
    assert title_match("anything", ()) == 0.0


@pytest.mark.parametrize("question, terms", [
    ("what is Japan's GDP per capita", ["GDP"]),
    ("how does an IPv6 host pick its address with SLAAC", ["IPv6", "SLAAC"]),
    ("what does SameSite=Lax do on a cookie", ["SameSite=Lax"]),
    ("what is the format of pylock.toml lock files", ["pylock.toml"]),
    ("can I put an IANA zone name like Europe/Berlin at the end", ["IANA", "Europe/Berlin"]),
    ("how do I promote the replica during failover?", []),
    ("WHAT IS THE FAILOVER PROCEDURE", []),  # a question in capitals has no acronyms
    # an acronym or CamelCase name with a version after it is a phrase of its own (issue 11, third round)
    ("how many round trips does a TLS 1.3 handshake take", ["TLS", "TLS 1.3"]),
    ("section 4.4 of the OAuth 2.0 spec", ["OAuth", "OAuth 2.0"]),
    ("does the TLS handshake take 1.3 round trips", ["TLS"]),  # not right after the name
])
def test_distinctive_terms_are_acronyms_camelcase_and_joined_names(question, terms):
    assert distinctive_terms(question) == terms


def test_word_coverage_stems_crudely_and_drops_stopwords():
    assert word_coverage("how are frames masked", "A frame is masked by the client") == 1.0
    assert word_coverage("the of and", "anything") == 0.0
