"""Sharing the answer budget between named clauses, cutting at a word, packing, and the notes."""

from __future__ import annotations

from stratakb_core.query.missing import (
    Fit,
    clause_label,
    cut_at_word,
    cut_note,
    left_out_note,
    pack,
    share_budget,
    tokens,
)

WORDS = "alpha beta gamma delta " * 200  # 4,600 characters


def render(text: str, pid: str) -> dict:
    return {"id": pid, "text": text}


def packed(texts: list[str], n_clauses: int, budget: int):
    return pack(texts, n_clauses, budget, render=render, cut=lambda t, n: t[:n], text_of=lambda t: t)


def test_cut_at_word_keeps_whole_words_and_drops_trailing_space() -> None:
    assert cut_at_word("hello world again", 13) == len("hello world")
    assert cut_at_word("hello world", 50) == len("hello world")
    assert cut_at_word("abcdefghij", 5) == 5  # one long word is cut inside it


def test_the_budget_is_shared_in_order_with_room_kept_for_later_items() -> None:
    # Items cost their size; at their smallest, 10.
    seen: list[tuple[int, int]] = []

    def fit(size: int, allowance: int) -> Fit[int]:
        seen.append((size, allowance))
        return Fit(min(size, allowance), min(size, allowance), size > allowance)

    shared = share_budget([100, 100, 100], 90, min_cost=lambda s: 10, fit=fit)
    # (90 - 20) / 3 = 23 for the first; (67 - 10) / 2 = 28 for the second; 39 for the last.
    assert seen == [(100, 23), (100, 28), (100, 39)]
    assert shared.used == 90 and shared.left_out == []


def test_what_a_short_item_leaves_goes_to_the_later_ones() -> None:
    shared = share_budget([5, 100], 90, min_cost=lambda s: min(s, 10),
                          fit=lambda s, a: Fit(min(s, a), min(s, a), s > a))
    assert [f.cost for _, f in shared.kept] == [5, 85]


def test_items_that_no_longer_fit_are_left_out_whole_with_every_later_one() -> None:
    shared = share_budget([100, 100, 5, 100], 25, min_cost=lambda s: 10,
                          fit=lambda s, a: Fit(min(s, a), min(s, a), s > a))
    assert [i for i, _ in shared.kept] == [100, 100] and shared.left_out == [5, 100]


def test_the_first_item_always_comes_back_at_its_smallest() -> None:
    shared = share_budget([100, 100], 5, min_cost=lambda s: 10, fit=lambda s, a: Fit(a, a, True))
    assert [f.cost for _, f in shared.kept] == [10] and shared.left_out == [100]


def test_a_clause_over_its_share_is_cut_at_a_word_and_one_of_200_characters_never_is() -> None:
    p = packed([WORDS, "short clause " * 15], 2, 300)
    first, second = p.passages
    assert WORDS.startswith(first["text"]) and first["text"].endswith(("alpha", "beta", "gamma", "delta"))
    assert second["text"] == "short clause " * 15 and len(second["text"]) <= 200
    assert p.cut == [first["text"]] and tokens(first) + tokens(second) <= 300


def test_every_later_clause_gets_at_least_its_first_200_characters() -> None:
    p = packed([WORDS, WORDS, WORDS], 3, 200)
    assert [len(x["text"]) for x in p.passages][1:] >= [cut_at_word(WORDS, 200)] * 2
    assert p.used <= 200


def test_passages_after_the_clauses_fill_what_is_left_and_skip_what_does_not_fit() -> None:
    p = packed(["clause " * 20, "x" * 2000, "small passage"], 1, 120)
    assert [x["text"] for x in p.passages] == ["clause " * 20, "small passage"]
    assert [x["id"] for x in p.passages] == ["S1", "S2"]


def test_the_first_passage_always_comes_back() -> None:
    p = packed(["y " * 3000], 0, 10)
    assert len(p.passages) == 1 and p.cut == []


def test_notes_name_each_clause_and_file() -> None:
    label = clause_label(("7 Termination", "7.2 Notice"), "contracts/acme.md")
    assert label == '"7.2 Notice" (contracts/acme.md)'
    assert cut_note([label]).startswith('Cut to fit the answer budget: "7.2 Notice" (contracts/acme.md).')
    assert left_out_note([label, label]).startswith("2 named clauses did not fit the answer budget")
    assert cut_note([]) is None and left_out_note([]) is None
