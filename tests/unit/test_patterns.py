"""patterns: every safety rule for routing, structure and archived patterns, and the archived label."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from stratakb_core.patterns import (
    archived_wildcards,
    check_archived,
    check_regex,
    is_archived,
    label_source,
    safe_patterns,
    show_pattern,
)

REPO = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------------------------------------
# Regular expressions (routing and structure patterns)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", [
    r"\brunbooks?\b",
    r"\b(failover|incident|on-?call)\b",
    r"^(?P<label>RB-\d{3})\b",
    r"^(?P<label>AT-R?\d{2,3})\b",
    r"^(?P<label>(?:pacs|pain|camt)\.\d{3}(?:\.\d{3}\.\d{2})?)\b",
    r"(a?)*b",  # an optional part repeated: '?' repeats nothing
    r"[a-z]+-\d+",
    r"\bPEP[ -]?\d{1,4}\b",
    r"(?P<label>AT-[A-Z]?\d{2,3})\b",
    r"\d+\.\d+",
    r"(ab)+c",
    r"(\d+)?x",  # at most once is not a repeat
    r"(?:Annex|Appendix) [A-Z]",
])
def test_safe_regexes_are_accepted(pattern: str) -> None:
    assert check_regex(pattern) is None


def test_the_spec_example_of_a_repeated_repeat_is_refused() -> None:
    # (\w+\s?)* also matches an empty line, which is reported first.
    assert check_regex(r"(\w+\s?)*") is not None
    assert check_regex(r"x(\w+\s?)*").startswith("repeats a repeated part")


@pytest.mark.parametrize(("pattern", "reason"), [
    (r"(a+)+", "repeats a repeated part"),
    (r"(x+y)*z", "repeats a repeated part"),  # harmless, but the check is strict on purpose
    (r"(?:\d{1,3}\.){3}\d", "repeats a repeated part"),
    (r"x(?:a|b+)*y", "repeats a repeated part"),
    (r"x(?:(?=a+)b)+", "repeats a repeated part"),
    (r"x(?>a*)+", "repeats a repeated part"),
    (r"x(?:a*?b)*", "repeats a repeated part"),
    (r"(\w+\s?)*$x", "repeats a repeated part"),
    (r"(a|b+)+c", "repeats a repeated part"),
    (r"(?=(a+)+)b", "repeats a repeated part"),
])
def test_nested_quantifiers_are_refused(pattern: str, reason: str) -> None:
    problem = check_regex(pattern)
    assert problem is not None and problem.startswith(reason)


@pytest.mark.parametrize("pattern", [r"\s*", r"(?:SEPA)?", r"^$", r"a|", r"^", r"(?i)x?", "x*"])
def test_patterns_that_match_an_empty_line_are_refused(pattern: str) -> None:
    assert check_regex(pattern) == "matches an empty line"


@pytest.mark.parametrize("pattern", ["(", "[a-", r"(?P<x>a)(?P<x>b)", "*a", r"\p{L}", "(?<=a+)b"])
def test_patterns_that_do_not_compile_are_refused(pattern: str) -> None:
    problem = check_regex(pattern)
    assert problem is not None and problem.startswith("does not compile: ")


def test_python_warnings_refuse_a_pattern_every_time_it_is_checked() -> None:
    # re caches compiled patterns and warns only the first time; the check must not rely on it.
    for _ in range(3):
        problem = check_regex("[[:alpha:]]+")
        assert problem is not None
        assert problem.startswith("Python warns about it: Possible nested set")


def test_length_limit_is_500_characters() -> None:
    assert check_regex("a" * 500) is None
    assert check_regex("a" * 501) == "longer than 500 characters (501)"


def test_nul_and_lone_surrogates_are_refused_and_shown_escaped() -> None:
    assert check_regex("a\x00b") == "holds a NUL character (\\x00) at position 1"
    problem = check_regex("a\ud800b")
    assert problem == "holds a lone surrogate (\\ud800) at position 1"
    assert "\ud800" not in problem
    assert show_pattern("a\ud800b") == "'a\\ud800b'"


@pytest.mark.parametrize("value", [None, 3, b"abc", ["a"]])
def test_non_strings_are_refused(value: object) -> None:
    problem = check_regex(value)
    assert problem is not None and problem.startswith("is not a string")


def test_the_label_group_alone_is_checked_as_a_question_runs_it() -> None:
    assert label_source(r"^(?P<label>AT-\d{2,3})\b") == r"AT-\d{2,3}"
    assert label_source(r"^x(?P<label>a[)]b(c))y") == "a[)]b(c)"
    assert label_source(r"^x") is None
    problem = check_regex(r"^RB-(?P<label>\d*)x")
    assert problem == "its label group alone matches an empty line"


def test_routing_flags_are_used_for_the_check() -> None:
    import re

    assert check_regex(r"\bsepa\b", re.IGNORECASE) is None
    assert check_regex(r"(?a)x", re.UNICODE | re.ASCII).startswith("does not compile")


def test_the_structure_map_runs_only_what_check_regex_accepts(caplog: pytest.LogCaptureFixture) -> None:
    from stratakb_core.ingest.parsing import parser_for
    from stratakb_core.ingest.structure import apply_structure

    doc = parser_for("a.txt").parse(b"Intro.\n\nRB-x Name\n\nRB-12 Other\n", "a.txt")
    unsafe_label = r"^RB-(?P<label>\d*)x"  # the whole is safe, the label group alone is not
    with caplog.at_level(logging.WARNING):
        mapped = apply_structure(doc, [unsafe_label, r"(a+)+", r"^(?P<label>RB-\d{2})\b"])
    assert [s.path for s in mapped.sections if s.heading] == [("RB-12",)]
    assert caplog.text.count("unsafe_structure_pattern") == 2
    assert "its label group alone matches an empty line" in caplog.text


# ---------------------------------------------------------------------------------------------
# Archived patterns (.gitignore lines)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", [
    "archive/", "*-2024.md", "!keep.md", "**/old/**", "**/a/**/b*c", "docs/*.md", "a\\*b\\*c\\*d\\*e",
    "[ab]*.md", "old?.md",
])
def test_safe_archived_patterns_are_accepted(pattern: str) -> None:
    assert check_archived(pattern) is None


@pytest.mark.parametrize(("pattern", "reason"), [
    ("# a comment", "matches nothing"),
    ("/", "matches nothing"),
    ("notes[", "matches nothing"),
    ("", "matches nothing"),
    ("   ", "matches nothing"),
    ("a\nb", "holds a line break"),
    ("a\rb", "holds a line break"),
    ("a\u2028b", "holds a line break"),
    ("*a*b*c*", "has 4 wildcards"),
    ("**/x/**/y/**/z*", "has 4 wildcards"),
    ("a**b*c*", "has 4 wildcards"),  # "**" inside a segment is two stars
    ("!", "does not compile"),
    ("trailing\\", "does not compile"),
    ("[[:alpha:]]", "Python warns about it"),
    ("a\x00", "holds a NUL character"),
    ("a\udc80", "holds a lone surrogate (\\udc80)"),
    ("a" * 501, "longer than 500 characters"),
    (7, "is not a string"),
])
def test_unsafe_archived_patterns_are_refused(pattern: object, reason: str) -> None:
    problem = check_archived(pattern)
    assert problem is not None and problem.startswith(reason), problem


def test_wildcards_are_counted_as_the_spec_says() -> None:
    assert archived_wildcards("**/x/**") == 2  # each '**' segment counts as one
    assert archived_wildcards("***") == 3
    assert archived_wildcards("a\\*b") == 0  # an escaped star is a literal
    assert archived_wildcards("!*.md") == 1
    assert archived_wildcards("old?.md") == 0  # only stars count


def test_last_match_wins_and_bang_takes_a_file_back() -> None:
    patterns = ["archive/", "*-2024.md", "!keep.md"]
    assert is_archived("archive/old.md", patterns)
    assert is_archived("runbooks/failover-2024.md", patterns)
    assert not is_archived("archive/keep.md", patterns)  # the last matching pattern is '!keep.md'
    assert not is_archived("runbooks/failover.md", patterns)


def test_order_counts() -> None:
    assert not is_archived("archive/keep.md", ["archive/", "!keep.md"])
    assert is_archived("archive/keep.md", ["!keep.md", "archive/"])


def test_matching_is_case_sensitive_and_relative_to_the_folder() -> None:
    assert not is_archived("Archive/old.md", ["archive/"])
    assert is_archived("archive/old.md", ["archive/"])
    assert not is_archived("archive/old.md", ["rulebooks/archive/"])  # write archive/, not the group


def test_unsafe_archived_patterns_are_ignored_when_labelling() -> None:
    assert not is_archived("a.md", ["*a*b*c*d", "#a.md", 3])  # type: ignore[list-item]
    assert is_archived("a.md", ["*a*b*c*d", "a.md"])


# ---------------------------------------------------------------------------------------------
# Stored patterns
# ---------------------------------------------------------------------------------------------


def test_unsafe_stored_patterns_are_skipped_with_a_warning_naming_the_layer(caplog) -> None:
    caplog.set_level(logging.WARNING, logger="stratakb_core.patterns")
    kept = safe_patterns("sepa\x1b", [r"^(?P<label>AT-\d{2})\b", r"x(\w+\s?)*", None], check_regex)
    assert kept == [r"^(?P<label>AT-\d{2})\b"]
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 2
    assert all(m.startswith("unsafe_structure_pattern layer=sepa\\x1b ") for m in messages)
    assert "repeats a repeated part" in messages[0]


def test_routing_patterns_log_their_own_kind(caplog) -> None:
    caplog.set_level(logging.WARNING, logger="stratakb_core.patterns")
    assert safe_patterns("docs", ["(a+)+"], check_regex, kind="routing") == []
    assert caplog.records[0].getMessage().startswith("unsafe_routing_pattern layer=docs ")


def test_archived_patterns_are_filtered_with_their_check(caplog) -> None:
    caplog.set_level(logging.WARNING, logger="stratakb_core.patterns")
    assert safe_patterns("docs", ["archive/", "/"], check_archived, kind="archived") == ["archive/"]


def test_store_structure_patterns_skip_unsafe_ones() -> None:
    import inspect

    from stratakb_core.store import readers

    assert "safe_patterns" in inspect.getsource(readers.structure_patterns)


@pytest.mark.parametrize("name", ["peps", "sepa", "iso20022"])
def test_shipped_presets_hold_only_safe_patterns(name: str) -> None:
    from stratakb_core.ingest.presets import load_preset

    preset = load_preset(REPO / "presets" / name / "preset.yaml")
    for p in (*preset.routing_patterns, *preset.structure_patterns):
        assert check_regex(p) is None, p
    for p in preset.archived_patterns or ():
        assert check_archived(p) is None, p
