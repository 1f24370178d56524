"""Secret redaction, wave 22 (heldout31-32 used as tuning data): each row is our own example of a cause a miss stood
for, never a fixture's text: a lock's digits after "opens with", "code is N followed by #", "code N on the keypad",
a keypad's or an override's label, a code "for/do/till" a room, a PIN in capitals after a device and a colon or
"enter service PIN", a labelled passphrase written as people say one (linking words, a number inside, a remark in
brackets after it, Swedish "lösenfras till ..."), "label: user / password" after any label; kept: their look-alikes
a Twitch "oauth:" chat token, a Discord bot token by its shape; kept: their look-alikes
(an error code, a postcode, a year after "code", advice under a passphrase label, "input / output", a plain slash).

Redacted rows must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place

_TWITCH = "k3v9q" + "z7xm2" + "p4r8t" + "w1n6b" + "c5h0d" + "j2f7s"
_DISCORD = "Q9Tz4kW9" + "pLq2Xv7R" + "mN3bY8cH" + "."
_DISCORD += "Gh7_kQ" + "." + "a9Zr4Kp2" + "Lx7Wq-1M" + "nB5vC8dF" + "3jH6tYs"

WAVE_22_REDACTED = [
    (f"Stream overlay bot logs in with oauth:{_TWITCH} for now.\n", _TWITCH),
    (f"Raid helper bot: {_DISCORD}\n", _DISCORD),
    ("The padlock on the bike shed unlocks with 6204, then lift the bar.\n", "6204"),
    ("Staff: the loading dock door code is 7315 followed by the star key.\n", "7315"),
    ("Basement archive entrance: type code 40917 on the keypad and wait.\n", "40917"),
    ("Workshop side door keypad: 1987 then push hard.\n", "1987"),
    ("Cash register supervisor override: 55318\n", "55318"),
    ("Code for the equipment cage: 8842# (new each term).\n", "8842#"),
    ("Kod do magazynu sprzętu: 3317\n", "3317"),
    ("Box office cash safe: PIN 620418. Rotate it monthly.\n", "620418"),
    ("Badge printer at reception: enter service PIN 9931 and press OK.\n", "9931"),
    ("Passphrase for the field laptop: amber kettle 1999 drifting\n", "amber kettle 1999 drifting"),
    ("Backup passphrase for the lab NAS: nine herons across the mill (Anna knows)\n", "nine herons across the mill"),
    ("Lösenfras till arkivdisken: tranor dansar vid sjön\n", "tranor dansar vid sjön"),
    ("Scoreboard controller (north stand): operator / Score#Board77\n", "Score#Board77"),
    ("Shared mailbox of the symposium: office@symposium.test / Sympo!2026Mail\n", "Sympo!2026Mail"),
]

WAVE_22_KEPT = [
    "Login with oauth:authorization_code_grant_flow_xx is documented.\n",
    "See docs.example.org/reference/v2/overview.html for details.\n",
    "Header eyJhbGciOiJIUzI1NiJ9abcd.abcdef.is not a token here\n",
    "The controller reported error code 4012 on the keypad, then rebooted.\n",
    "The door firmware shows status code 2024 followed by a beep.\n",
    "Code for the exercise: 2024\n",
    "Zip code for the gate deliveries: 90210\n",
    "The meeting room safe: PIN 3 of the header is ground.\n",
    "Passphrase for the field laptop: ask the duty officer for it\n",
    "Passphrase for new staff: use at least five random words\n",
    "Pipeline stages: input / output\n",
    "Ratio: read / write\n",
    "The old door opens with a push.\n",
]


@pytest.mark.parametrize(("text", "value"), WAVE_22_REDACTED)
def test_wave_22_causes_are_redacted(text, value):
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize("text", WAVE_22_KEPT)
def test_wave_22_near_misses_stay_clean(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        "door " + "code is " * 30000 + "1234 followed by #",
        "vault " + "x" * 300000 + " code 1234 on the keypad",
        "keypad: " * 30000 + "1234",
        "code for " + "a " * 100000 + ": 1234",
        "kod do " * 30000 + ": 1234",
        "safe " + "x" * 300000 + " PIN 123456.",
        "safe: PIN " + "1" * 300000,
        ": a / " * 40000 + "Ab#12345x",
        ("x: " + "a" * 60 + " / " + "b" * 60 + "\n") * 3000,
        "passphrase for " + "a " * 100000 + ": one two three",
        "passphrase: " + "lemon " * 60000 + "(x)",
        "opens with " * 30000 + "1234",
        "oauth:" + "a1" * 150000,
        ("Ab1" * 9 + ".") * 20000,
        "Ab1" * 100000,
    ],
)
def test_wave_22_patterns_stay_fast_on_pathological_input(text):
    assert_linear(redact, text)
