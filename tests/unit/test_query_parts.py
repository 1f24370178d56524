"""Splitting a question into parts, and the places kept for each part's best passage."""

from __future__ import annotations

import pytest

from stratakb_core.query.parts import keep_part_slots, part_lexemes, part_words, question_parts


@pytest.mark.parametrize(("question", "parts"), [
    ("japan's dialling code and its currency's ISO code", ["japan's dialling code", "its currency's ISO code"]),
    ("websocket control frames, what are ping and close for and what are their opcodes",
     ["websocket control frames", "what are ping", "close for", "what are their opcodes"]),
    ("structural subtyping vs nominal subtyping", ["structural subtyping", "nominal subtyping"]),
    ("how is the TCP checksum computed, and what changes over IPv6",
     ["how is the TCP checksum computed", "what changes over IPv6"]),
    ("how does the Date: header differ from an RFC 3339 timestamp", ["how does the Date: header",
                                                                     "an RFC 3339 timestamp"]),
])
def test_a_question_splits_at_its_connectives(question: str, parts: list[str]) -> None:
    assert question_parts(question) == parts


@pytest.mark.parametrize("question", [
    "how do I force pip to install anyway",  # no connective
    "what is it and why",  # no part has content words of its own
    "salt and pepper",  # too short to hold two questions
])
def test_a_question_without_two_parts_has_none(question: str) -> None:
    assert question_parts(question) == []


def test_a_piece_without_content_words_joins_the_next() -> None:
    assert question_parts("where is it, and what does the zen of python say, both the PEP and the PDF") == [
        "where is it what does the zen of python say", "both the PEP", "the PDF"]


def test_part_words_and_lexemes() -> None:
    assert part_words("what are their opcodes") == "opcodes"
    lexemes = ["websocket", "control", "frame", "ping", "close", "opcod", "diari", "pseudo-head"]
    assert part_lexemes("what are ping", lexemes) == {"ping"}
    assert part_lexemes("websocket control frames", lexemes) == {"websocket", "control", "frame"}
    assert part_lexemes("in the vicksburg diary", lexemes) == {"diari"}  # y stemmed to i
    assert part_lexemes("the pseudo-header", lexemes) == {"pseudo-head"}


def _score(weights: dict[str, float]):  # a part's score: by name, 0 for the rest
    return lambda x: weights.get(x, 0.0)


def test_a_parts_best_passage_takes_the_lowest_free_place() -> None:
    top = ["a", "b", "c", "d"]
    pool = [*top, "e", "f"]
    kept = keep_part_slots(top, pool, [_score({"a": 1.0}), _score({"f": 1.0})], key=lambda x: x)
    assert kept == ["a", "b", "c", "f"]


def test_a_keyword_slot_and_another_parts_pick_are_not_given_up() -> None:
    top = ["a", "b", "c", "d"]
    pool = [*top, "e", "f"]
    kept = keep_part_slots(top, pool, [_score({"c": 1.0}), _score({"f": 1.0}), _score({"e": 1.0})],
                           key=lambda x: x, fixed=lambda x: x == "d")
    assert kept == ["c", "d", "f", "e"]  # b then a gave way; c (a part's pick) and d (fixed) stayed


def test_no_free_place_left_keeps_the_top() -> None:
    kept = keep_part_slots(["a", "b"], ["a", "b", "e", "f"], [_score({"a": 1.0}), _score({"e": 1.0}),
                                                             _score({"f": 1.0})],
                           key=lambda x: x, fixed=lambda x: x == "b")
    assert kept == ["a", "b"]


def test_parts_already_in_the_top_change_nothing() -> None:
    top = ["a", "b", "c"]
    assert keep_part_slots(top, [*top, "x"], [_score({"a": 1.0}), _score({"b": 1.0})], key=lambda x: x) == top


def test_one_part_changes_nothing() -> None:
    assert keep_part_slots(["a", "b"], ["a", "b", "x"], [_score({"x": 1.0})], key=lambda x: x) == ["a", "b"]
