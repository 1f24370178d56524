"""Wave 45 (heldout153-156 as tuning data, and wave 44's leftovers of heldout145-152): the families their misses stand
for, the real secrets of each shape that must go, and near misses that must stay.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_unfilled import is_later_value
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place, assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- a lock's code written as the keypad takes it, and a code "changed to" digits
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Gate keypad by the bins: 4 7 1 9, then the key symbol.", "4 7 1 9"),
        ("Alarmanlage: Code 3#8#1#6 eingeben.", "3#8#1#6"),
        ("Garage door keypad *7420 then OK.", "*7420"),
        ("Code de la porte du local vélos : 2#0#7#5", "2#0#7#5"),
        ("Tresor im Büro, Kombination 14-33-07, bitte wieder verdrehen.", "14-33-07"),
        ("保険の金庫の暗証番号は 31-07-52 です。", "31-07-52"),
        ("Le code du portail a été changé en 4830.", "4830"),
        ("Heads up: the bike shed door code changed to 6159.", "6159"),
        ("[08:10] Sam: what's the code for the side gate?\n[08:11] Ria: 40#17# and push hard", "40#17#"),
    ],
)
def test_wave45_keypad_forms_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a chat's answer, the whole turn, to a question for a password or a passphrase
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "[09:12] Ana: what's the wifi password again?\n[09:13] Ben: harbour77lights\n[09:13] Ana: ta",
            "harbour77lights",
        ),
        (
            "[2026-01-04 08:00] Ana: what's the passphrase for the old laptop?\n"
            "[2026-01-04 08:02] Ben: otter-lantern-gravel-spoon (all lowercase)",
            "otter-lantern-gravel-spoon",
        ),
        (
            "[11:02] Tom: passphrase for the archive disk?\n[11:03] Ida: seven herons wade slowly through reeds\n",
            "seven herons wade slowly through reeds",
        ),
        (
            "[11:02] Tom: what's the passphrase of the password manager vault?\n"
            "[11:03] Ida: Lantern-Quiet-Orchid-Moss - remember it",
            "Lantern-Quiet-Orchid-Moss",
        ),
    ],
)
def test_wave45_chat_answers_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a login in a sentence: user / password after a mail address; "(user: u) is X"
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("VPN login: j.holt@corp.example / Harbour2lights, then MFA.", "Harbour2lights"),
        ("Portal creds are sam@firm.example / bluefinch77.", "bluefinch77"),
        ("The login for the CAD licence portal (user: cadadmin) is Plotter22River - keep it safe.", "Plotter22River"),
        ("Die Zugangsdaten fürs Portal (Benutzer: kasse1) sind Bratwurst#7Senf, bitte nicht weitergeben.",
         "Bratwurst#7Senf"),
        ("Le compte du portail, identifiant : compta2, est Recu-Mars2026.", "Recu-Mars2026"),
    ],
)
def test_wave45_login_sentences_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- an ADO.NET string as an .env key's value; a passphrase with a bracketed remark and a full stop after it
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "ConnectionStrings__Main=Server=db9.example;Database=App;User Id=app;Password=Hx72!kdPq9zz;",
            "Server=db9.example;Database=App;User Id=app;Password=Hx72!kdPq9zz;",
        ),
        ("Archive disk passphrase: copper lanterns hum at noon 19 (until we get a vault).", "copper lanterns hum"),
    ],
)
def test_wave45_connection_and_phrase_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a duress or code word, a PIN for a named holder, a one-time sign-in code told to the reader
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Panic code for the alarm centre: 7713", "7713"),
        ("Codewort für die Alarmzentrale: Seestern", "Seestern"),
        ("Safe word (client's choice): marmalade.", "marmalade"),
        ("Duress word, never say it back to the caller: heather", "heather"),
        ("Alarm code for Mrs Post: 5190", "5190"),
        ("Türcode für Herrn Bank: 7731", "7731"),
        ("Enter the auth code 482913 in the app to finish signing in.", "482913"),
        ("Use sign-in code 58 21 90 within 10 minutes.", "58 21 90"),
        ("Your one-time code: 604211", "604211"),
        ("330918 is your login code.", "330918"),
        ("Ihr Anmeldecode lautet 402117.", "402117"),
        ("Votre code de vérification : 660193", "660193"),
        ("API key: 9f2c4e1a7b3d5f6081a2c4e6b8d0f1a3 (hash it before storing)", "9f2c4e1a7b3d5f6081a2c4e6b8d0f1a3"),
        ("API token (no credentials): 9f2c4e1a7b3d5f6081a2c4e6b8d0f1a3e5d7", "9f2c4e1a7b3d5f6081a2c4e6b8d0f1a3e5d7"),
        ("API token (no credentials needed): 9f2c4e1a7b3d5f6081a2c4e6b8d0", "9f2c4e1a7b3d5f6081a2c4e6b8d0"),
        ("Wi-Fi password (no credentials): Tulpe-Regen-88", "Tulpe-Regen-88"),
    ],
)
def test_wave45_words_and_codes_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a Kubernetes manifest's reference to a secret's key by name (kept), and a chart's real secretKey (goes)
def test_wave45_secret_references() -> None:
    _kept(
        "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nspec:\n  data:\n"
        "    - secretKey: mail_api_key\n      remoteRef:\n        key: prod/mail/api\n"
    )
    _kept("env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: app-db\n        key: db-pw")
    assert_redacted_in_place("minio:\n  accessKey: minioadmin\n  secretKey: Qx8rT2vB9mK4pL7w", "Qx8rT2vB9mK4pL7w")


# ---- a value that says the secret is handed out by someone or somewhere
def test_wave45_handed_out_values() -> None:
    for value in (
        "udleveres af kontoret ved opstart",
        "lämnas ut av receptionen",
        "utleveres på kontoret",
        "is provided by the office at induction",
        "issued by the front desk",
        "wird vom Büro beim Start ausgegeben",
    ):
        assert is_later_value(value), value
    for value in ("Kontoret-ved-Opstart9", "provided by", "gives Tulip-77", "fås"):
        assert not is_later_value(value), value


WAVE_45_KEPT = [
    # keypad forms: a phone, a date, an issue's number, a size, an error, a postcode, an example, a vague change
    "Call the alarm company on 0 8 0 0 1 2 3 4 if it goes off.",
    "Ticket #5521 about the door lock is still open.",
    "Issue #4471: the gate keypad freezes in the cold.",
    "Door sizes 2 0 4 0 mm are standard here.",
    "The safe combination 10-20-30 is only an example in the manual.",
    "Error code 1#2#3#4 on the alarm panel means low battery.",
    "Postcode of the building: 1 0 1 5 (old form).",
    "The gate code changed to a new format last week.",
    "The door code changed to a new format in 2024.",
    "Alarm installed in 2019-2020 by the landlord.",
    "Gate 3: delivery slots 10#30 to 12#00.",
    "Keypad of the side gate: the keys read 1 2 3 4 5 6 7 8 9 0 from left to right.",
    # a chat's answer pointing elsewhere, a question about the rules or a version
    "[10:41] Dan: what's the pw for the printer admin page again?\n[10:42] Mo: ask Priya, she set it up\n[10:43] ok",
    "[10:41] Dan: what's the wifi password?\n[10:42] Mo: it's in 1Password\n[10:43] Dan: thx",
    "[10:41] Dan: where is the password for the NAS?\n[10:42] Mo: shelf2b\n[10:43] Dan: thx",
    "[10:41] Dan: what's the password policy now?\n[10:42] Mo: min12chars\n[10:43] Dan: ok",
    "[10:41] Dan: what's the passphrase for the backup drive?\n[10:42] Mo: check the vault under backups",
    "[10:41] Dan: what's the passphrase for the backup drive?\n[10:42] Mo: no idea, ask Kez tomorrow\n[10:43] Dan: ok",
    "[10:41] Dan: which version of the password manager do we run?\n[10:42] Mo: v2.4.1\n[10:43] Dan: ok",
    "[10:41] Dan: did you change the password?\n[10:42] Mo: yes2day\n[10:43] Dan: ok",
    "[10:41] Dan: what's the password for the portal?\n[10:42] Mo: https://portal.example/reset\n[10:43] Dan: ok",
    "[10:41] Dan: what's the password for the portal?\n[10:42] Mo: same as the wifi one\n[10:43] Dan: ok",
    "[10:41] Dan: what's the password for the portal?\n[10:42] Mo: <your-password>\n[10:43] Dan: ok",
    "[10:41] Dan: any news on the password rollout?\n[10:42] Mo: ticket INC40213 is open\n[10:43] Dan: ok",
    # a login sentence whose value is a status, a mail pair whose value is no password
    "The login for the old portal (user: admin) is disabled since March.",
    "The login for the portal (user: fwd-dispatch) is the same as before.",
    "The login for the portal (user: fwd-dispatch) is SSO2024-only now.",
    "Your account (user: jdoe) is locked-out after 5 tries.",
    "The login for the portal (user: fwd-dispatch) is managed by IT.",
    "Log in with your account at portal.example / docs3section for the guide.",
    "Account migration: jane.doe@firm.example / ticket-4412 is tracking it.",
    "Login for the portal is planning@studio.example / the usual password.",
    # ADO.NET strings with no password
    "ConnectionStrings__Ledger=Server=sql01;Database=Fees;Integrated Security=true;",
    "DB__Main=Host=db1;Username=app;Password=${DB_PASS};",
    # duress words, holders and sign-in codes that are no value
    "Duress word: see vault",
    "Duress word: none agreed yet.",
    "Duress word (set at onboarding): ask the client",
    "Code word: required",
    "Codeword length: 255 bits in this scheme.",
    "Safe word: yes",
    "PIN for D. Price: see the envelope in the drawer.",
    "Code for Mrs Post: 12 digits",
    "Enter the 6-digit code shown in the app to finish signing in.",
    "Enter the verification code from the SMS.",
    "Error code 482913 appears when the login fails.",
    "Your booking confirmation code is 4K7PQ2.",
    "The sign-in code expires in 600 seconds.",
    "The verification code is 6 digits long.",
    "Use the OTP from your authenticator app.",
    "Security code: 3 digits on the back of the card.",
    "Paid by card ending 4410, auth code 7731A2, total 18.20 EUR.",
    "Receipt\nCard: MASTERCARD **** 7710\nAuth code: 5TQ81Z\nTotal: 9.40 GBP",
    # a remark saying an export or a blob holds no credentials (also for a span inside the token, after its "/")
    "Backup blob (no secrets inside): Hy+wZdXeEXux11QuKXrUr+rDccnscKdAHFSu8u0LLSGZqRRZqDGeaBiZA7RWUn5k",
    "Thermostat schedule export (base64 JSON, no credentials): Lk3/9QmZx7TgB2vR8nW4pYc6aF0dJ5sH1uE+oI2kM7qN3rV8tX4w",
    "Exportierte Szenen (Base64, keine Zugangsdaten): Mz8/aQ1bW2cE3dR4fT5gY6hU7jI8kO9lP0zX1cV2bN3mQ4wE5rT6yU7i",
    # a hash's remark and a value handed out elsewhere
    "file_id: 9f2c4e1a7b3d5f6081a2c4e6b8d0f1a3 (hash of the upload)",
    "Adgangskode: udleveres af kontoret ved opstart.",
    "Lösenord: lämnas ut av receptionen första dagen.",
    "Password: issued by the front desk at check-in.",
]


@pytest.mark.parametrize("text", WAVE_45_KEPT)
def test_wave45_near_misses_kept(text: str) -> None:
    _kept(text)


def test_wave45_linear() -> None:
    assert_linear(redact, "alarm code 1 9 0 6 then OFF, door 0#5#8#1 " * 600)
    assert_linear(redact, "[10:41] Dan: what's the pw?\n[10:42] Mo: epson4ever\n" * 600)
    assert_linear(redact, "the login for X (user: u1) is Quay7-Bollard!Tide, " * 600)
    assert_linear(redact, "Duress word (operator only): bluebell. PIN for D. Price: 2468. " * 600)
    assert_linear(redact, "Enter the auth code 482913 in the app. " * 800)
