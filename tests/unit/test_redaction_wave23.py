"""Secret redaction, wave 23 (heldout33-34 used as tuning data): each row is our own example of a cause a miss stood
for, never a fixture's text: a PIN after a device's label (a card's, a SIM's), "PIN der/des ...", a compound "X-PIN"
and its words; one number after "combination" where a lock is named; a door's code in one Dutch or Scandinavian word,
a code with a letter among its digits; "user / password" after an arrow or "it's", a quote or a remark after it, a
password of joined words ending in a symbol; a shared or client secret and what it opens; a labelled passphrase with
a time in it, Swedish "lösenordsfras"; words joined by dashes and a number after a password's name; a Czech or Slovak
API key; a password named inside a compound ("Lagerpasswort ... lautet X"); an address and a password of both cases
and a digit; a Teams webhook with a short tenant id, a webhook host's generated path segment; a UUID in an API key's
header; a key or a token named by the day it was made. Kept: their look-alikes, a fingerprint in hex pairs after a
key's name, an AWS key id that is "EXAMPLE" padded with zeros. Also: one list of devices and fault words for a
device's digits (``redaction_keypads.DEVICE_RE`` / ``FAULT_RE``, imported by ``redaction_codes``), and two older
rules made linear on a long line ("pin " and "oauth:" repeated).

Redacted rows must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest import redaction_codes, redaction_keypads
from stratakb_core.ingest.redaction import redact
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place

_HOOK = "Zq8Lm3Np" + "7Rt2Vx9K" + "b4Wc6Yd1" + "Hf5Gj0S"
_TEAMS = "1a2b3c4d-5e6f-7a8b@9c0d1e2f/IncomingWebhook/" + "0f1e2d3c4b5a6978" + "8796a5b4c3d2e1f0"
_HEX = "9f3b2c71e0a8" + "4d56b1c7e2f9" + "0a3d4b68"
_UUID = "5c1e9a7b-" + "2d4f-4a8e-9b3c-" + "7f0e1d2c3b4a"
_DATED = "ven_" + "3fa9c1d2_" + "Kp7Qz2Lm9Xv4Rt8Wb1Yc6Hd3"

WAVE_23_REDACTED = [
    # a device named before the PIN's label: the devices of redaction_keypads, a fuel card's too
    ("Petrol card 7781 (truck 4): PIN 2294\n", "2294"),
    ("PIN der Firmenhandy-SIM im Lager: 48213\n", "48213"),
    ("Kassen-PIN Laden 3: 771204\n", "771204"),
    ("Padlock on the tool shed: combination 4719\n", "4719"),
    ("Deurcode achteringang: 5823#\n", "5823#"),
    ("Dørkode lageret: 90417\n", "90417"),
    ("Code de la porte du local vélos : 3C8142\n", "3C8142"),
    ("NVR in the yard: admin / Yard#Cam2031 (changed last week)\n", "Yard#Cam2031"),
    ("Quote from the memo: 'billing login -> acct_ops / Ledger$Sheet88'\n", "Ledger$Sheet88"),
    ("IPsec shared secret for the branch office tunnel: Tunnel!Branch2029\n", "Tunnel!Branch2029"),
    ("GPG passphrase for the backup tapes at the yard: grey gulls over the pier at 5am\n",
     "grey gulls over the pier at 5am"),
    ("Lösenordsfras till lagerdatorn: sill potatis midsommar regn\n", "sill potatis midsommar regn"),
    ("Contraseña del router de la bodega: cobre-rio-lento-58\n", "cobre-rio-lento-58"),
    (f"API klíč pro skladový systém: {_HEX}\n", _HEX),
    ("Das Lagerpasswort für die Nachtschicht lautet Regal#Nord42.\n", "Regal#Nord42"),
    ("Inbox for the harbour kiosk: kiosk@ferry.example:Harbour7Desk\n", "Harbour7Desk"),
    (f"Alerts go to https://chat.relay.example/webhookb2/{_TEAMS}\n", _TEAMS),
    (f"Fridge alarms post to https://hooks.alerts.example/in/{_HOOK}\n", _HOOK),
    (f'curl -H "X-Archive-Key: {_UUID}" https://archive.example/api/upload\n', _UUID),
    ("ops chat> which login does the label printer use? > it's lblprn / Harbor4-Gate!\n", "Harbor4-Gate!"),
    (f"Vendor portal → Integrations → token issued on 2026-05-09: {_DATED}\n", _DATED),
]

WAVE_23_KEPT = [
    "Petrol card 7781 (truck 4): model 2294\n",
    "The header pin 12 is ground; see the card reader manual.\n",
    "SHA1 fingerprint of the build host key: 3f:9a:12:7c:55:e0:4b:aa:19:c3:7d:02:8e:61:f4:b9:20:6a:d1:0c\n",
    "Placeholder access key id AKIAEXAMPLE000000000 only, the real one is in the vault.\n",
    "Safe model 3 combination 2024\n",
    "Deurcode wijzigen: zie handboek\n",
    "Ratio -> read / write (x)\n",
    "it is input / output\n",
    "Shared secret for the lab: see the vault\n",
    "Password for the wiki: see-the-wiki-2\n",
    "Passphrase for new staff: change it within 3 days\n",
    "Das Kassenpasswort lautet: bitte beim Chef fragen.\n",
    "Kassenpasswort ändern: siehe Handbuch\n",
    "Inbox for the kiosk: kiosk@ferry.example:Meeting\n",
    "Webhook guide: https://hooks.example.org/in/getting-started-with-webhooks\n",
    f'curl -H "Idempotency-Key: {_UUID}" https://archive.example/api/upload\n',
    f"X-Request-Id: {_UUID}\n",
    "Sizes: small / Medium-Large!\n",
    "Release created 2026-11-02: v2.4.1-build-000123\n",
    "Key created 2026-11-02: rotated-by-ops-team-lead\n",
]


@pytest.mark.parametrize(("text", "value"), WAVE_23_REDACTED)
def test_wave_23_causes_are_redacted(text, value):
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize("text", WAVE_23_KEPT)
def test_wave_23_near_misses_stay_clean(text):
    assert redact(text).text == text


@pytest.mark.parametrize(("text", "prefix"), [
    ("ops.rota@depot.example:Kq7-wharf-Lm2\n", ""),
    ("Portal login (old): ana.lima@fornecedor.example:Pw4Horta2026\n", "Portal login (old): "),
    ("combo dump line 12 | sales@shop.example|Zt9!mark3t\n", "combo dump line 12 | "),
])
def test_an_address_and_its_password_are_redacted_as_one_pair(text, prefix):
    """Issue 17: "email:password pairs ... are replaced": the address is half of the login (and personal data), so the
    marker stands for the whole pair; the label before it stays."""
    result = redact(text)
    assert result.text == prefix + "[REDACTED_EMAIL_PASSWORD]\n"
    assert "@" not in result.text


def test_device_and_fault_words_are_one_list():
    assert redaction_codes.DEVICE_RE is redaction_keypads.DEVICE_RE
    assert redaction_codes.FAULT_RE is redaction_keypads.FAULT_RE


@pytest.mark.parametrize("text", ["pin " * 50000, "oauth:" * 50000])
def test_older_rules_are_linear_on_one_long_line(text):
    # each was quadratic: a look back to the line's start (use X as the pin) or on to its end (key:key:key...)
    # at every repeat (this machine: about 2 s each, 4 s / 3 s before); now twice the line costs about twice
    assert_linear(redact, text)


@pytest.mark.parametrize(
    "text",
    [
        "xpasswort " * 50000,
        "a" * 300000 + "passwort lautet Ab#1234x.",
        "Lagerpasswort für " + "a " * 100000 + "lautet Ab#1234x.",
        "-> a / " * 50000 + "Ab#12345x",
        "it's a / " * 40000 + "Ab#12345x (x)",
        "a@b.example:" * 30000 + "Abcdefg12",
        "shared secret for " + "a " * 100000 + ": Ab#12345x",
        "://hooks." + "a" * 300000,
        "://hooks.x/" + "a/" * 100000 + _HOOK,
        "/webhookb2/" + "a" * 300000,
        "Kod 3C8142 " * 40000,
        "key created 2026-01-01: " * 20000 + "x",
        " 2026-01-01: " + "a" * 300000,
        "X-A-Key: " * 30000 + _UUID,
        "it's a / Ab-c1" * 30000 + "!",
    ],
)
def test_wave_23_patterns_stay_fast_on_pathological_input(text):
    assert_linear(redact, text)


@pytest.mark.parametrize(
    "text",
    [
        "PIN der " * 5000 + ": 1234",
        "Tresor-PIN " * 5000 + ": 1234",
        "lock: combination " * 5000 + "0815",
        "deurcode " * 5000 + ": 1234",
        "lösenordsfras " * 5000 + ": sill potatis midsommar regn",
    ],
)
def test_wave_23_start_words_stay_linear(text):
    # a start word of redaction_prose's scan costs what the older ones cost (every finder is tried there: 40-100 µs
    # a word, as "PIN für " and "lösenfras " already did; "passphrase " 200 µs), so 5,000 of them, not 50,000
    assert_linear(redact, text)
