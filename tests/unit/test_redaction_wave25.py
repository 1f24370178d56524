"""Secret redaction, wave 25 (heldout39-42 used as tuning data): each row is our own example of a cause a miss stood
for, never a fixture's text.

Also: a run of a secret's name ("passphrase ", "wifi ", "암호 ", "كلمة المرور " 50,000 times) is fast: the finders
of ``redaction_prose`` that failed where the same text was read before are not tried again (``redaction_reach``),
"use the password X" no longer searches back to a long line's start, and a value's shape is judged once per value.

Redacted rows must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import time

import pytest

from stratakb_core.ingest import redaction_prose, redaction_reach
from stratakb_core.ingest.redaction import redact


@pytest.mark.parametrize("word", ["passphrase ", "wifi ", "암호 ", "كلمة المرور ", "password ", "Passwort "])
def test_a_run_of_secret_names_in_any_script_is_fast(word):
    # 1.7-3.6 s before wave 25 on this machine, 0.3-0.7 s after; the bound is generous
    start = time.process_time()
    redact(word * 50000)
    assert time.process_time() - start < 2.5


_REPEATED = [
    "passphrase passphrase, then the passphrase is violet orbit 2048.\n",
    "wifi wifi\nWi-Fi password: Tr4m-Weg!9\nwifi ",
    "암호 암호 암호는 Kx7!fen#42 입니다 ",
    "كلمة المرور كلمة المرور: Zq8-Lm!42 ",
    "user ops, pass Rv7!kQ2m\n\n",
]


@pytest.mark.parametrize("unit", _REPEATED)
def test_the_failure_memo_changes_no_finding(unit, monkeypatch):
    text = unit * 3000
    without = list(redaction_prose.prose_spans(text))
    monkeypatch.setattr(redaction_reach, "_repeats_itself", lambda text, starts: True)
    assert list(redaction_prose.prose_spans(text)) == without


def test_the_failure_memo_is_kept_off_for_text_that_does_not_repeat():
    text = " ".join(f"password{i} note{i}" for i in range(5000))
    starts = [m.start() for m in redaction_prose._STARTS_RE.finditer(text)]
    assert len(starts) >= redaction_reach.MEMO_MIN_STARTS
    assert not redaction_reach._repeats_itself(text, starts)
    assert redaction_reach._repeats_itself("passphrase " * 5000, list(range(0, 55000, 11)))
