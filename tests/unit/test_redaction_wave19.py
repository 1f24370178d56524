"""Secret redaction, wave 19 (heldout25-26 used as tuning data, then probes of our own for generalisation): each row
is our own example of a cause a miss stood for, never a fixture's text: a catch hook's path (Zapier and its copies),
Dropbox's short-lived token, backup codes on the line under their name and apart by spaces, a TOTP seed typed in by
hand, a file named for a key and its content after a colon, "I reset it to X" after a login spoken of, "user X,
pass Y", a password's name in Irish, Gaelic and Welsh, a passphrase of words joined by dashes after its name, gpg's
--passphrase, a safe's combination after a remark, "code NNNN" at a clause's start on a line naming a lock, a safe or
an alarm, a card's PIN after a comma; kept: their look-alikes (a documented "123456/abcde" hook, a word in capitals
after "2FA", an alarm's error code, a remark where the passphrase is kept, a name saying "do not use", a request's
signature header).

Token-shaped values are joined from parts at run time, so no whole fake token sits in this file. Redacted rows
must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place

_CATCH = "Vb3kQ9xTm2Lp" + "-Wz7Rc4NhYd8"
_DROPBOX = "sl." + "Bq7Xk2Lm9Pz4Rt6Wv1Nc8Hd3Jy5Fg0Ka" * 4
_SEED = "JBSWY3DP" + "EHPK3PXQ" + "MZ4TKNRA"
_HEX32 = "9e1c4b7a2d5f8e03" + "6a9b2c5d8e1f4a70"
_SIGNATURE = "7c0f3e9a1b5d2c8e" * 4

WAVE_19_REDACTED = [
    # a catch hook's path
    (
        "New orders are posted to https://hooks.zapier.example/hooks/catch/8820417/u3kx9q/ by the shop.\n",
        "8820417/u3kx9q",
    ),
    (f"Relay for the intake form:\nhttps://relay.example/catch/{_CATCH}\n", _CATCH),
    # Dropbox's short-lived token
    (f"Photo sync uses this one: {_DROPBOX}\n", _DROPBOX),
    # backup codes on the line under their name, apart by spaces
    ("Recovery codes for the studio mail account:\n7fa2-91cd 3be0-44a1 c9d8-0e6f\n", "7fa2-91cd 3be0-44a1 c9d8-0e6f"),
    # a TOTP seed typed in by hand
    (f"Authenticator for the billing portal: scan the QR or type this: {_SEED}\n", _SEED),
    ("Two-factor for the router admin, manual entry: mfzw 4zlr gq2d cnbs 6y3t 5wxa\n", "mfzw 4zlr gq2d cnbs 6y3t 5wxa"),
    # a file named for a key, then its content
    (f"credentials/api.key for the ticketing app: {_HEX32}\n", _HEX32),
    # "I reset it to X", "user X, pass Y"
    ("Could not sign in to the intranet.\nSo I reset it to Lantern#Bay44 and tried again.\n", "Lantern#Bay44"),
    ("The camera console is at 198.51.100.7, user ops, pass Tide-Pool-Nine3.\n", "Tide-Pool-Nine3"),
    # a password's name in Irish, Gaelic and Welsh
    ("Pasfhocal an ríomhaire oifige: Ceol!Mara-77\n", "Ceol!Mara-77"),
    ("Cyfrinair y llwybrydd: Afon#Ddu2031\n", "Afon#Ddu2031"),
    # a passphrase of words joined by dashes, gpg's --passphrase
    ("Backup passphrase for the tape vault: marble-otter-lantern-quiver\n", "marble-otter-lantern-quiver"),
    (
        'gpg --batch --passphrase "seven lazy herons drift north" --decrypt ledger.gpg\n',
        "seven lazy herons drift north",
    ),
    # a safe's combination after a remark, "code NNNN" on a lock's, a safe's or an alarm's line, a card's PIN
    ("Safe combination for the petty cash (finance lead only): 33-08-71\n", "33-08-71"),
    ("Lock box at the side gate (contractors): code 5917 - reset monthly.\n", "5917"),
    ("- arm the alarm, code 60428\n", "60428"),
    ("Fuel card for the delivery vans, PIN 3907 - never on the card itself.\n", "3907"),
]

WAVE_19_KEPT = [
    "send a POST to https://hooks.zapier.example/hooks/catch/123456/abcde/ with the row\n",
    "Handle errors with try/catch/finally blocks.\n",
    "2FA status for all staff: ENABLEDFORALLUSERSNOW\n",
    "Alarm panel fault, code 5003 - call the installer.\n",
    "Set the postal code, code 75001 is Paris.\n",
    "Backup passphrase for the tape vault: see-the-vault-entry\n",
    'Sample config: api_key = "sample_key_do_not_use"\n',
    f"Each webhook request carries X-Signature: {_SIGNATURE}\n",
    "I set it to Automatic and restarted the service.\n",
    "The user guide, pass rate and results are attached.\n",
    "server.key for nginx: /etc/ssl/private/server.key\n",
    "Card payments, PIN pads and receipts are covered in chapter 4.\n",
]


@pytest.mark.parametrize(("text", "values"), WAVE_19_REDACTED)
def test_wave_19_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_19_KEPT)
def test_wave_19_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        "https://h.example/catch/" * 8000,
        "https://h.example/a/b/c/catch/1234/" * 6000,
        "sl." * 60000,
        "sl." + "a" * 300000,
        ("backup codes:\n" + "ab12-cd34 " * 200 + "\n") * 100,
        "2fa " * 8000 + ": ",
        ("totp: " + "ABCD " * 500 + "\n") * 100,
        "a.key " * 8000 + ": " + "A1" * 100,
        ("x.key" + " " * 70 + ":\n") * 6000,
        "reset it to " * 8000,
        "user, pass " * 8000,
        "passphrase: " + "abc-" * 50000,
        "--passphrase '" * 8000,
        "safe combination " + "x" * 70 + " " * 8000,
        ("alarm, code " * 20 + "\n") * 1000,
        ("card" + " x" * 30 + ", PIN 1234\n") * 3000,
        "X-Signature: " * 8000,
    ],
)
def test_wave_19_patterns_stay_fast_on_pathological_input(text):
    assert_linear(redact, text)


def test_heldout25_and_26_meet_the_redaction_targets(redaction_figures):
    figures = redaction_figures
    for split in ("heldout25", "heldout26"):
        row = figures[split]
        assert row["recall"] >= 0.98, (split, row["missed_ids"])
        assert row["false_redaction_rate"] <= 0.01, (split, row["false_redaction_ids"])
        assert row["layout_changed"] == 0, (split, row["layout_changed_ids"])
