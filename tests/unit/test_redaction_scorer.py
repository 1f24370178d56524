"""The learned redaction scorer (stop 40): what it adds after the rules, what its keep tests hold back, its bounds.

The sentences are the lead's own, written after the training sets' shapes but not copied from them; the figures of
the scorer are scripts/redaction_scorer_cv.py's (docs/adr/0010, stop 40).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_candidates import DIM, MAX_CANDIDATES, candidates
from stratakb_core.ingest.redaction_scorer import KIND, THRESHOLD, kept, probabilities, scored_spans, weights

# no rule names these: the scorer takes them
SCORED = [
    ("pinned in the crew chat:\nboat shed tablet admin - hull-Pepper-3", "hull-Pepper-3"),
    ("Meter handheld: service menu code 0x4C2B-svc (unlocks calibration)", "0x4C2B-svc"),
    ("written on the whiteboard:\ntill app admin - counter-Walnut-8", "counter-Walnut-8"),
]

# the scorer's keep tests, and ordinary text it must leave
KEPT = [
    "Zip code for the office is 94103.",
    "Authorization: Basic dXNlcjpwYXNz",
    "Authorization: Bearer mF_9.B5f-4.1JqM",
    "Password policy: at least 12 characters, e.g. Winter-Lake-77 is the format.",
    "The authorization server is encouraged to consider stronger client authentication.",
    "Authorization: Basic authentication is disabled on this endpoint.",
    "Token *oauth2.Token",
    "Invoice INV-2024-0193 is due on 2024-12-31.",
    "Release 4.12.7 is out; see the changelog.",
    "Room 4012 is booked for the review.",
    "The commit a3f9c21 fixed the parser.",
    "Use `git checkout -b feature/Login-42` to start.",
    "| Item | SKU | Price |\n|---|---|---|\n| Lamp | LMP-2291 | 39.90 |",
]


@pytest.mark.parametrize(("text", "value"), SCORED)
def test_the_scorer_takes_what_no_rule_names(text, value):
    result = redact(text)
    assert value not in result.text
    assert [s.kind for s in result.spans] == [KIND]
    assert result.text.count("\n") == text.count("\n")


@pytest.mark.parametrize("text", KEPT)
def test_the_scorer_leaves_near_misses_and_ordinary_text(text):
    assert redact(text).text == text


def test_a_rule_span_wins_and_the_scorer_never_overlaps_it():
    text = "Wi-Fi: Harbour-Guest\npassword: Kx7!harbour-22\nAlarm: press 8264 then OFF"
    ruled = [(s.start, s.end, s.kind) for s in redact(text).spans if s.kind != KIND]
    assert ruled
    for start, end, _ in scored_spans(text, ruled):
        assert all(end <= a or b <= start for a, b, _ in ruled)


def test_the_keep_tests_hold_a_flagged_value_back():
    text = "example only: Harbor#Gate5"
    start = text.index("Harbor")
    assert kept(text, start, len(text))
    text = "Authorization: Bearer abcDEF123456"
    assert kept(text, text.index("abc"), len(text))
    # a field naming public data (stop 41): a log line's user agent beside a hidden password
    text = "sshd: login ok user=desk01 password=<hidden> ip=192.0.2.9 ua=KennelDesk/7.2"
    assert kept(text, text.index("KennelDesk"), len(text))
    text = "Host: build-07.example.test\nUser-Agent: Harvester/3.1.4 (Linux)"
    assert kept(text, text.index("Harvester"), text.index(" (Linux)"))
    text = "service key=Qx7!Lantern-93"
    assert not kept(text, text.index("Qx7"), len(text))


def test_the_shipped_weights_load_and_score_in_range():
    w = weights()
    assert w.shape == (DIM + 1,)
    found = candidates("Meter handheld: service menu code 0x4C2B-svc. Zip code 94103.")
    probs = probabilities([c.features for c in found])
    assert len(probs) == len(found) and ((probs >= 0) & (probs <= 1)).all()
    assert 0 < THRESHOLD < 1


def test_candidates_stay_bounded_on_huge_input():
    text = "| Secret |\n|---|\n" + "| ABC_DEF9 |\n" * (MAX_CANDIDATES + 5000)
    found = candidates(text)
    assert len(found) == MAX_CANDIDATES
    assert all(text[c.start : c.end] == "ABC_DEF9" for c in found[-10:])


def test_cjk_punctuation_ends_a_candidate():
    text = "仓库门禁密码：739105，不要告诉访客。"
    assert [text[c.start : c.end] for c in candidates(text)] == ["739105"]
