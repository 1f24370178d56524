"""Secret redaction, wave 20 (heldout27-28 used as tuning data, then probes of our own for generalisation): each row
is our own example of a cause a miss stood for, never a fixture's text: a code for a room or a door named by a
Germanic compound ("Code für den Serverraum lautet", "koden till förrådet är") and a keypad code with a star in it, a
PIN after a long remark on what it opens, a key named with its encoding (key_b64, signing_key_hex), a password handed
over with a verb of giving or putting ("le he dado la contraseña X", "I've given her the password X"), "combination"
with a safe or a lock named on its line, every code of a numbered list of recovery codes, a BitLocker recovery key, an
Azure DevOps personal access token beside a word for it (or of the longer format by its AZDO signature), a passphrase
or a seed phrase under its label after a colon; kept: their look-alikes (a code for a room with no value, a keyboard
or a puzzle's combination, a list of steps under "recovery codes", dates and part numbers, a long base32 run with no
token word, a passphrase label followed by a remark).

Token-shaped values are joined from parts at run time, so no whole fake token sits in this file. Redacted rows
must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place

_B64 = "Qm9yZWFs" + "T3JiaXQr" + "V2luZDcz" + "UGVhazEx" + "TmltYnVz" + "Kzk="
_HEX = "4f9a0c7e" + "b21d8a63" + "5e0f9c14" + "d7b8a2e6"
_ADO = "q3xk7mzv" + "p2dw5tna" + "4hyr6ceb" + "ls7fjgu2" + "ov3wd5kp" + "zmxa4qry" + "t6nh"
_ADO84 = "Xy7Qm2Lp9Rt4Wz6Nc1Hd8Jk3Fg5Vb0Ts2QeR" + "7Mw4Pa9Yc6Ln1Ur3Dk8Gh5Zj0Bx2Vf7Sq4Ot9Ie6" + "AZDO" + "3kLm"
_BITLOCKER = "-".join(["412357", "093184", "660721", "158409", "327716", "504983", "219044", "771265"])

WAVE_20_REDACTED = [
    # a code for a room or a door, named by a Germanic compound, and a keypad code with a star
    ("Der Code für den Serverraum im Keller lautet 4417. Bitte nicht weitergeben.\n", "4417"),
    ("Koden till förrådet är 9032*4 och byts varje kvartal.\n", "9032*4"),
    ("Die Codes für die Hintertür sind: 7720\n", "7720"),
    ("Koden til lageret er 3318 og skiftes hver måned.\n", "3318"),
    # a PIN after a long remark on what it opens
    ("PIN for the badge printer in the second-floor copy room next to finance: 60493\n", "60493"),
    # a key named with its encoding
    (f"backup:\n  cipher: chacha20\n  key_b64: {_B64}\n", _B64),
    (f'SIGNING_KEY_HEX="{_HEX}"\n', _HEX),
    # a password handed over with a verb of giving or putting
    ("Al becario le he puesto la contraseña Trigo.Azul.48 para el portal.\n", "Trigo.Azul.48"),
    ("I've given her the password Quill-Harbor-82 until IT sets up her account.\n", "Quill-Harbor-82"),
    ("J'ai mis le mot de passe Pivoine.Nord.19 sur le poste de l'accueil.\n", "Pivoine.Nord.19"),
    ("Ich habe ihm das Passwort Kranich#Nord55 gegeben.\n", "Kranich#Nord55"),
    # "combination:" after a safe or a lock named on its line
    ("Key cabinet in the porter's lodge. Combination: 12-07-33. Log every opening.\n", "12-07-33"),
    ("Padlock on the bike cage (facilities) combination: 4-19-27 - change it in spring.\n", "4-19-27"),
    ("Kombinationen till kassaskåpet är 18-40-07.\n", "18-40-07"),
    ("Safe in the manager's office - combination 22-14-09\n", "22-14-09"),
    # every code of a numbered list of recovery codes
    (
        "Backup codes for the payroll admin account:\n1. k7dq-2mfx\n2. p9wz-4tnb\n3. h3cv-8ryl\n",
        ("k7dq-2mfx", "p9wz-4tnb", "h3cv-8ryl"),
    ),
    (
        "Recovery codes (print, then delete this note):\n- 48fj-x2kq-9mzt\n- qp7w-3nbd-v6ys\n",
        ("48fj-x2kq-9mzt", "qp7w-3nbd-v6ys"),
    ),
    # a BitLocker recovery key
    (f"Recovery key for the finance laptop, read out over the phone: {_BITLOCKER}\n", _BITLOCKER),
    # an Azure DevOps personal access token beside a word for it
    (f"Swapped my PAT into the release pipeline until the new one lands: {_ADO} (read only)\n", _ADO),
    (f"ADO_TOKEN is set in the agent pool's variables.\n  {_ADO}\n", _ADO),
    (f"git clone https://build:{_ADO84}@dev.azure.example/org/repo\n", _ADO84),
    (f"new one from the portal, {_ADO84}, expires in March\n", _ADO84),
    # a passphrase or a seed phrase under its label after a colon
    ("Passphrase for the offsite tape archive: amber falcon drifts below\n", "amber falcon drifts below"),
    ("Backup phrase for the laptop disk: brave otter sings tonight\n", "brave otter sings tonight"),
    (
        "Recovery phrase (hardware wallet, treasury): lemon river cactus ocean spirit velvet mango brick\n",
        "lemon river cactus ocean spirit velvet mango brick",
    ),
]

WAVE_20_KEPT = [
    "Der Code für den Serverraum steht im Passwortmanager.\n",
    "Koden till förrådet är ny från måndag.\n",
    "PIN for the badge printer in the second-floor copy room: ask facilities\n",
    "key_b64: true\n",
    "key_hex_length: 64\n",
    "I've given them the password policy document and the onboarding checklist.\n",
    "Keyboard combination: Ctrl-Alt-Del\n",
    "Winning combination: 3-4-5 for the triangle puzzle.\n",
    "The combination of 3-4-5 sides makes a right triangle.\n",
    "Lock screen shortcut combination: 1-2-3 then enter\n",
    "Ich habe das Passwort vergessen.\n",
    "Recovery codes:\n1. Open the security settings\n2. Choose show codes\n",
    "Release dates: 2026-12-03, build 104211-220931\n",
    f"Mirror list:\n  {_ADO}\n",
    "Build tag: " + "A1b2C3d4" * 9 + "AZDOXYZ\n",
    "Passphrase for the tape archive: kept in the vault\n",
    "Recovery phrase for the wallet: twelve words\n",
    "Seed phrase: Write It Down On Paper\n",
]


@pytest.mark.parametrize(("text", "values"), WAVE_20_REDACTED)
def test_wave_20_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_20_KEPT)
def test_wave_20_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        "Code für den " + "x" * 300000,
        "koden till " * 30000,
        "PIN for " + "a " * 100000 + ": 1234",
        "key_b64: " * 20000,
        "le he puesto la " * 20000,
        "safe combination: " * 20000,
        "safe " * 30000 + "combination: 1-2-3",
        ("lock combination for " + "x " * 40 + "\n") * 3000,
        "kombinationen till " * 10000,
        "ich habe das passwort " * 15000,
        ("recovery codes\n" + "1. ab12-cd34\n" * 200) * 50,
        "123456-" * 60000,
        "a2" * 150000,
        "AZDO" * 75000,
        "a" * 300000 + " AZDO",
        ("token " + "a2b3c4d5" * 7 + "\n") * 3000,
        "passphrase for " + "word " * 60000 + ": x",
        "seed phrase: " + "lemon " * 60000,
    ],
)
def test_wave_20_patterns_stay_fast_on_pathological_input(text):
    assert_linear(redact, text)


def test_heldout27_and_28_meet_the_redaction_targets(redaction_figures):
    figures = redaction_figures
    for split in ("heldout27", "heldout28"):
        row = figures[split]
        assert row["recall"] >= 0.98, (split, row["missed_ids"])
        assert row["false_redaction_rate"] <= 0.01, (split, row["false_redaction_ids"])
        assert row["layout_changed"] == 0, (split, row["layout_changed_ids"])
