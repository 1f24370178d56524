"""Secret redaction, wave 23 (heldout33-34 used as tuning data): each row is our own example of a cause a miss stood
for, never a fixture's text; kept: their look-alikes. Also: one list of devices and fault words for a device's
digits (``redaction_keypads.DEVICE_RE`` / ``FAULT_RE``, imported by ``redaction_codes``), and two older rules made
linear on a long line ("pin " and "oauth:" repeated).

Redacted rows must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import time

import pytest

from stratakb_core.ingest import redaction_codes, redaction_keypads
from stratakb_core.ingest.redaction import redact
from tests.helpers.redaction_checks import assert_redacted_in_place

WAVE_23_REDACTED = [
    # a device named before the PIN's label: the devices of redaction_keypads, a fuel card's too
    ("Petrol card 7781 (truck 4): PIN 2294\n", "2294"),
]

WAVE_23_KEPT = [
    "Petrol card 7781 (truck 4): model 2294\n",
    "The header pin 12 is ground; see the card reader manual.\n",
]


@pytest.mark.parametrize(("text", "value"), WAVE_23_REDACTED)
def test_wave_23_causes_are_redacted(text, value):
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize("text", WAVE_23_KEPT)
def test_wave_23_near_misses_stay_clean(text):
    assert redact(text).text == text


def test_device_and_fault_words_are_one_list():
    assert redaction_codes.DEVICE_RE is redaction_keypads.DEVICE_RE
    assert redaction_codes.FAULT_RE is redaction_keypads.FAULT_RE


@pytest.mark.parametrize("text", ["pin " * 50000, "oauth:" * 50000])
def test_older_rules_are_linear_on_one_long_line(text):
    # each was quadratic: a look back to the line's start (use X as the pin) or on to its end (key:key:key...)
    # at every repeat; the bound is generous for a slow machine (this one: about 2 s each, 4 s / 3 s before)
    start = time.process_time()
    redact(text)
    assert time.process_time() - start < 3.0
