"""Query rewriting without a network: finding the list in a reply, cleaning variants, the prompt, RRF."""

from __future__ import annotations

import time

import pytest

from stratakb_core.errors import UsageError
from stratakb_core.query.rewriting import build_prompt, clean_variants, first_string_list, with_synonyms
from stratakb_core.query.variants import merge_rrf
from stratakb_core.settings import Settings


@pytest.mark.parametrize("reply, expected", [
    ('["a", "b"]', ["a", "b"]),
    ('Here you go:\n```json\n["a", "b"]\n```', ["a", "b"]),
    ('```\n["a"]\n```', ["a"]),
    ('{"queries": ["x", "y"]}', ["x", "y"]),
    ('Ranks [1, 2] then ["words"]', ["words"]),
    ('[see below] ["real"]', ["real"]),
    ("[]", []),
    ("no list here", None),
    ('["unclosed', None),
    ("", None),
])
def test_first_string_list(reply, expected):
    assert first_string_list(reply) == expected


def test_a_reply_of_nested_brackets_is_scanned_quickly():
    started = time.monotonic()
    assert first_string_list("[" * 200_000) is None
    assert first_string_list("[" * 100_000 + '["late"]') is None  # past the scanned part
    assert time.monotonic() - started < 2


def test_clean_variants_drop_repeats_blanks_control_characters_and_long_ones():
    proposed = ["How do I end the contract?", "  ", "termination\u202enotice", "x" * 400, "notice", "NOTICE",
                "a", "b", "c"]
    assert clean_variants(["How do I end the contract?"], proposed) == ["termination notice", "notice", "a"]


def test_with_synonyms_appends_only_what_the_question_lacks():
    assert with_synonyms("termination notice", ["cancellation", "notice"]) == "termination notice cancellation"
    assert with_synonyms("termination notice", ["notice"]) is None
    assert with_synonyms("termination", []) is None


def test_the_prompt_holds_the_layer_descriptions_and_the_question():
    prompt = build_prompt("end the contract?", {"sepa": "SEPA rulebook", "contracts": "Customer agreements\n\nsigned"})
    assert prompt.splitlines() == ["Layers of documents:", "- contracts: Customer agreements signed",
                                   "- sepa: SEPA rulebook", "", "Question:", "end the contract?"]


def test_rrf_k60_best_scores_one():
    merged = merge_rrf([["a", "b", "c"], ["b", "a"], ["b"]], key=lambda x: x)
    assert [m.item for m in merged] == ["b", "a", "c"]
    assert merged[0].score == 1.0
    b = 1 / 62 + 1 / 61 + 1 / 61
    assert merged[1].score == pytest.approx((1 / 61 + 1 / 62) / b)
    assert merge_rrf([["a", "b"]], key=lambda x: x, top_k=1)[0].item == "a"
    assert merge_rrf([], key=lambda x: x) == []


def test_settings_read_the_rewrite_provider_and_hide_the_keys():
    s = Settings.from_env({"QUERY_REWRITE_PROVIDER": "openai-compatible", "QUERY_REWRITE_API_KEY": "k-secret-1",
                           "ANTHROPIC_API_KEY": "k-secret-2", "OPENAI_API_KEY": "k-secret-3"})
    assert s.query_rewrite_provider == "openai_compatible" and s.query_rewrite_api_key == "k-secret-1"
    assert "k-secret" not in repr(s)
    assert Settings.from_env({}).query_rewrite_provider == "anthropic"
    with pytest.raises(UsageError, match="QUERY_REWRITE_PROVIDER"):
        Settings.from_env({"QUERY_REWRITE_PROVIDER": "gpt"})
