"""A lock's other numbers and measures stay; its code still goes (the lead's review of wave 40, stop 41).

The sentences are the lead's own probes of wave 40's lock and keypad families, not copied from fixtures.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_number_labels import is_public_number

KEPT = [
    "Order number for the key safe: 558812",
    "Key safe order number: 558812",
    "Numéro de série du cadenas : 4471",
    "Lock order number: 558812",
    "Keypad firmware: 2024 then press OK to reboot",
    "Safe installation steps: 1-2-3-4-5 as shown on page 7.",
    "Padlock combination sizes: 4-5-6-7 mm shackle",
    "Safe: 1000 kg load rating",
    "Keypad: 2023 model; press * to wake it.",
    "Tresor Seriennummer: 77120934",
]

REDACTED = [
    ("Serial number and PIN: 4471", "4471"),
    ("Code for the 3rd floor: 4471", "4471"),
    ("Lock order number: 558812\nLock code: 9921", "9921"),
    ("Alarm code: 4471", "4471"),
    ("Gate code 4471 for the delivery year", "4471"),
    ("Back door: 8206 then press the green key", "8206"),
]


@pytest.mark.parametrize("text", KEPT)
def test_a_locks_other_number_or_a_measure_stays(text):
    assert redact(text).text == text


@pytest.mark.parametrize(("text", "value"), REDACTED)
def test_a_code_beside_such_words_still_goes(text, value):
    result = redact(text)
    assert value not in result.text
    assert result.text.count("\n") == text.count("\n")


def test_only_digits_are_judged():
    text = "Order number for the key safe: Kx7!harbour-22"
    assert not is_public_number(text, text.index("Kx7"), len(text))
    text = "Order number for the key safe: 558812"
    assert is_public_number(text, text.index("558812"), len(text))
