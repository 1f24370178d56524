"""Secret redaction, wave 21 (heldout29-30 used as tuning data, then probes of our own for generalisation): each row
is our own example of a cause a miss stood for, never a fixture's text: an access code named for what it opens in
a few bare words, in Finnish or in a Romance "code of the gate", a key safe that "is" its code, a menu code, a code
of a letter and digits, a PIN "do/da" what it opens, a PIN after 暗証番号, a padlock's one-number combination, a
keypad's code said later as "it is NNNN#", a meeting host key, a Wi-Fi key after its SSID, "portal admin: user /
password", a strong password after a sign-in's or a shared account's label, a labelled key phrase of hyphen-joined
words or of five words with one linking word, a value a ``vault kv put`` line stores, a Teams webhook's older path
and short ids, an AWS presigned query whole; kept: their look-alikes (an error or status code, a year, a plain
account name, read / write, an SSH host key, a passphrase label followed by a remark, a vault line reading a file).

Token-shaped values are joined from parts at run time, so no whole fake token sits in this file. Redacted rows
must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place

_B64 = "c3ZjLWJh" + "Y2t1cDpR" + "bTd4TDJw" + "Vzl6Ug=="
_HEX32 = "9c1e4b7a" + "02d58f36" + "e7a14c90" + "5b3d2f18"
_HEX36 = "7e2c91ab" + "44d0f8e3" + "16a9b25c" + "0d7f3e81" + "a6c4"
_HEX64 = _HEX32 + "3a8f0c6d" + "e1b74925" + "fd06a3c8" + "47e2b19d"
_AKID = "AKIA" + "Q7RT2MXP" + "4LWZ8NB3"
_TEAMS_OLD = f"{_HEX36}/IncomingWebhook/{_HEX32}/{_HEX36}"
_TEAMS_SHORT = f"a41c-77e0/IncomingWebhook/{_HEX32}/{_HEX36}"
_PRESIGNED = (
    "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=" + _AKID + "%2F20261203%2Fus-east-1%2Fs3%2Faws4_request"
    "&X-Amz-Date=20261203T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=" + _HEX64
)

WAVE_21_REDACTED = [
    # an access code named for what it opens: bare words, Finnish, a Romance "code of the gate", a key safe, a menu
    ("Torcode Lager Nord Hof: 5817\n", "5817"),
    ("Varaston porttikoodi on 4408.\n", "4408"),
    ("Codice del magazzino ricambi: 6042\n", "6042"),
    ("Código do portão da obra: 7391\n", "7391"),
    ("The key safe by the back door is 2958, code resets monthly.\n", "2958"),
    ("Printer service menu code: 55102\n", "55102"),
    ("Code d'accès de la réserve : C4471\n", "C4471"),
    # a PIN "do/da" what it opens, a PIN after 暗証番号
    ("PIN da fechadura eletrónica: 31907\n", "31907"),
    ("倉庫の暗証番号：80514\n", "80514"),
    # a padlock's one-number combination, a keypad's code said later in its clause
    ("The tool cage padlock combination is 0847.\n", "0847"),
    ("Depot gate keypad changes on Fridays; for now it is 6613#.\n", "6613#"),
    ("Alarm panel in the lobby - it's 90271 until the installer visits.\n", "90271"),
    # a meeting host key
    ("Webinar host key for the board calls: 604215\n", "604215"),
    # a Wi-Fi key after its SSID, user / password after an account's label, a strong password after a sign-in
    ("Guest Wi-Fi in the annex: SSID Annex-Guest, key Tulip#Gate-82\n", "Tulip#Gate-82"),
    ("Billing portal admin: finance / Ledger-ops-2031!\n", "Ledger-ops-2031!"),
    ("Sign-in for the rota tool, shared account 'lead': Rota&Shift2031\n", "Rota&Shift2031"),
    # a labelled key phrase: hyphen-joined words, five words with one linking word
    ("Archive disk key phrase: walnut-harbor-seven-lantern\n", "walnut-harbor-seven-lantern"),
    ("Passphrase for the laptop vault: silver tram hums under rain\n", "silver tram hums under rain"),
    # a value a vault kv put line stores, whatever its field is called
    (f"vault kv put secret/ops/backup blob={_B64} owner=ops-team\n", _B64),
    # a Teams webhook's older path and short ids; an AWS presigned query whole
    (f"alerts: https://outlook.office.example/webhook/{_TEAMS_OLD}\n", _TEAMS_OLD),
    (f"Post to https://org.webhook.office.example/webhookb2/{_TEAMS_SHORT} when done\n", _TEAMS_SHORT),
    (f"Share link: https://bucket.s3.example/report.pdf?{_PRESIGNED}\n", (_PRESIGNED, _AKID, _HEX64)),
]

WAVE_21_KEPT = [
    "Error code on the gate controller: 4012\n",
    "Status code for the door sensor: 2003\n",
    "The gate keypad was installed in 2019; it is 2024 now and still fine.\n",
    "Door 3 is the fire exit; it is 1200 mm wide.\n",
    "Key safe at the front desk is broken, call facilities.\n",
    "Padlock combination is printed on the card in the safe.\n",
    "Guest Wi-Fi: SSID Annex-Guest, key on the reception card\n",
    "Portal admin: finance / accounting\n",
    "Admin: read / write\n",
    "Sign-in for the rota tool, shared account: ask the duty manager\n",
    "Host key: ssh-ed25519 fingerprint on the wiki\n",
    "Zoom host key for the board calls: ask the clerk\n",
    "Passphrase for the laptop vault: kept in the safe at the office\n",
    "Key phrase: see the handbook\n",
    "vault kv put secret/ops/backup @backup.json\n",
    "vault kv put secret/ops/app username=svc-app ttl=30m region=us-east-1\n",
    "Varaston ovikoodi on muuttunut.\n",
    "Codice del cancello: chiedere al custode\n",
]


@pytest.mark.parametrize(("text", "values"), WAVE_21_REDACTED)
def test_wave_21_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_21_KEPT)
def test_wave_21_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        "Türcode " + "Lager " * 60000 + ": 1234",
        "ovikoodi " * 30000,
        "codice del cancello " * 15000,
        "key safe " * 30000 + "is 1234",
        "PIN do " + "a " * 100000 + ": 1234",
        "padlock combination is " * 15000,
        "gate keypad " * 25000 + "it is 1234#",
        "gate " + "x" * 300000 + " it is 1234",
        "host key for " + "a " * 100000 + ": 123456",
        "ssid " * 30000 + ", key Ab#12345",
        "ssid x, " * 30000,
        "portal admin: " * 20000 + "a / Ab#12345x",
        "admin: a / " * 30000,
        "sign-in for " * 20000 + ": Ab#12345x",
        "key phrase: " + "lemon " * 60000,
        "key phrase: " + "lemon-" * 60000,
        "vault kv put " + "a=b " * 60000,
        "vault kv put " + "-f " * 60000 + "p a=Zx9kLm2Qp7Rt4Wv8",
        ("vault write p " + "k=v" * 10 + "\n") * 5000,
        "/webhook/" + "0" * 300000,
        "/webhook/" + "ab/IncomingWebhook/" * 15000,
        "?X-Amz-Algorithm=AWS4-HMAC-SHA256" + "&a=b" * 60000,
        "?x-amz-algorithm=aws4-x" * 15000,
    ],
)
def test_wave_21_patterns_stay_fast_on_pathological_input(text):
    assert_linear(redact, text)


def test_heldout29_and_30_meet_the_redaction_targets(redaction_figures):
    figures = redaction_figures
    for split in ("heldout29", "heldout30"):
        row = figures[split]
        assert row["false_redaction_rate"] <= 0.01, (split, row["false_redaction_ids"])
        assert row["layout_changed"] == 0, (split, row["layout_changed_ids"])
    # heldout29 keeps three fixtures whose value holds what the redactor keeps on purpose (a mailbox's address
    # before its password, a connection string's server and database before its password): 97%
    assert figures["heldout29"]["recall"] >= 0.97, figures["heldout29"]["missed_ids"]
    assert figures["heldout30"]["recall"] >= 0.98, figures["heldout30"]["missed_ids"]
