"""Wave 47 (heldout165-168 as tuning data): the families their misses and false redactions stand for, the real
secrets of each shape that must go, and near misses that must stay.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_chat_logins import chat_login_spans
from stratakb_core.ingest.redaction_keyed_codes import keyed_code_spans, next_line_code_spans
from stratakb_core.ingest.redaction_next_line_values import next_line_value_spans
from stratakb_core.ingest.redaction_password_phrases import password_phrase_spans
from stratakb_core.ingest.redaction_payment_codes import is_payment_auth_code
from stratakb_core.ingest.redaction_seed_words import seed_word_spans
from stratakb_core.ingest.redaction_vpn_auth_files import vpn_auth_file_spans
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place, assert_untouched

_kept = assert_untouched


# ---- a chat's question names a PIN or a code as one word (Nordic article glued on), the next turn is the digits
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("[09:10] Mette: hvad er pinkoden til porten ved lageret?\n[09:11] Jens: 5172\n[09:11] Mette: super", "5172"),
        ("Eva: vad är koden till cykelförrådet?\nNils: 5193", "5193"),
        ("Anna: wat is de pincode van de kluis?\nBram: 7720", "7720"),
        ("Sari: mikä on PIN-koodi varaston oveen?\nTimo: 3846", "3846"),
        ("Kari: hva er koden til boden?\nLiv: 6042", "6042"),
    ],
)
def test_wave47_chat_pin_compounds_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Ole: hvad er reglerne for pinkoden?\nHanne: 4 cifre",
        "Ole: hvor mange cifre har pinkoden?\nHanne: 4",
        "Ole: hvornår blev pinkoden skiftet?\nHanne: 2019",
    ],
)
def test_wave47_chat_pin_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- a year answering a question asking when is a date (held back whatever rule found it)
@pytest.mark.parametrize(
    "text",
    [
        "Jo: when was the door PIN last changed?\nMo: 2019",
        "Eva: när byttes koden till förrådet?\nNils: 2021",
        "Jo: Wann wurde der Code am Tor geändert?\n\nMo: 2022",
        "Ana: ¿cuándo cambiaron el código de la puerta?\nLuis: 2020",
    ],
)
def test_wave47_year_answering_when_stays(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Jo: when you get in, what's the door code?\nMo: 1986", "1986"),
        ("Jo: what's the door PIN?\nMo: 2019", "2019"),
        ("Jo: when was the door PIN changed?\nMo: 4417", "4417"),
    ],
)
def test_wave47_code_answering_what_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a key safe's or a lock's code under its label ends at the line's end, whatever line follows
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Cover nurse handover\nKey safe next to the bins: 1957\nBins go out on Tuesday.", "1957"),
        ("Nøgleboks ved bagdøren: 4618\nAlarmen slås fra inde i gangen.", "4618"),
        ("Schlüsselkasten an der Garage: 3094\nDer Hund ist freundlich.", "3094"),
    ],
)
def test_wave47_device_code_before_another_line_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Key safe model: 1957\nInstalled in spring.",
        "Max load per safe: 1500\nMounted on the wall.",
        "Key safe next to the bins: see Ruth\nBins go out on Tuesday.",
    ],
)
def test_wave47_device_label_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- a password of plain words with a number after a copula, in prose (no colon)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Handover: the password for the tape safe with last year's backups is otter lamp ferry 7 stones.",
            "otter lamp ferry 7 stones",
        ),
        ("Das Kennwort für das Archiv ist Möwe Anker Nebel 12.", "Möwe Anker Nebel 12"),
        ("Le mot de passe du coffre est renard lune pivoine 58.", "renard lune pivoine 58"),
        ("Przekazanie: hasło do laptopa w magazynie to sosna rower chmura 8 kaczek.", "sosna rower chmura 8 kaczek"),
        ("La contraseña del portátil es tortuga faro niebla 31 - no lo compartas.", "tortuga faro niebla 31"),
    ],
)
def test_wave47_password_phrase_copula_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "The password for the portal is sent by SMS within 2 minutes.",
        "hasło do dysku to co najmniej 12 znaków.",
        "The password is changed every 3 months.",
        "The password for the guest network is printed on card 4.",
        "Das Passwort für den Server ist seit 2019 unverändert.",
        "The password for the kiosk is your Windows Hello PIN 4.",
        "The password is stored in vault 3 shelf.",
        "Our password manager is Bitwarden version 2024 edition.",
        "The new password policy is strict since 2023.",
    ],
)
def test_wave47_password_phrase_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- a passphrase's name as the label itself, no colon, the phrase up to a dash, the sentence's or the line's end
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Notfallzugang für den Verein: Master-Passphrase Bienenstock im Mai 2018 Lavendel – liegt im Tresor.",
            "Bienenstock im Mai 2018 Lavendel",
        ),
        ("Vault passphrase amber kettle 42 lanterns.", "amber kettle 42 lanterns"),
        ("Backup drive\npassphrase copper gull 1977 seaweed\nkept by the treasurer", "copper gull 1977 seaweed"),
    ],
)
def test_wave47_passphrase_label_without_colon_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Passphrase rotation happens every 90 days.",
        "Passphrase prompts appear twice on boot.",
        "Master passphrase policy: minimum 5 words.",
        "Passphrase length 12 words minimum.",
        "Notes: passphrase stored in the safe since 2020.",
    ],
)
def test_wave47_passphrase_label_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- a card payment's authorisation code on its own line of a receipt
@pytest.mark.parametrize(
    "text",
    [
        "Invoice paid\nPayment: card ending 7781 (approved)\nAuthorisation code: 620417",
        "Till receipt - Riverside Bakery\nMASTERCARD **** **** **** 2210\nAUTH CODE: 094431\nTotal €6.10",
        "Kassenbon Bäckerei Lind\nBetrag: 7,40 EUR\nKarte: girocard\nGenehmigungsnummer: 4A81C2\nVielen Dank",
    ],
)
def test_wave47_receipt_auth_code_stays(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Your bank: confirm the payment\nAuth code: 662901\nEnter it in the app within 5 minutes.", "662901"),
        ("Payment of 20 EUR\n\nAuth code: 551804", "551804"),
        ("Login help\nAuth code: 372615\nTotal attempts left: 2", "372615"),
    ],
)
def test_wave47_auth_code_outside_a_receipt_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


def test_wave47_receipt_block_reads_three_lines_at_most() -> None:
    text = "Total €4.00\nline a\nline b\nline c\nline d\nAuth code: 551804"
    assert not is_payment_auth_code(text, text.index("551804"), len(text))
    assert redact(text).total == 1


def test_wave47_finders_linear() -> None:
    assert_linear(redact, "Eva: vad är koden till förrådet?\nNils: 5193\n" * 800)
    assert_linear(redact, "Key safe next to the bins: 1957\nBins go out on Tuesday.\n" * 800)
    assert_linear(redact, "the password for the safe is otter lamp ferry 7 stones. " * 600)
    assert_linear(redact, "Vault: passphrase amber kettle 42 lanterns.\n" * 600)
    assert_linear(redact, "VISA **** 4417\nAUTH CODE: 051934\nTotal £18.40\n" * 600)


def test_wave47_finders_linear_on_near_misses() -> None:
    assert_linear(lambda t: list(password_phrase_spans(t)), "password " + "aa " * 30000 + "is x")
    assert_linear(lambda t: list(password_phrase_spans(t)), "passphrase " + "ab " * 30000 + "1")
    assert_linear(lambda t: list(chat_login_spans(t)), "a: pinkoden?\n" * 8000)
    assert_linear(lambda t: list(keyed_code_spans(t)), "key safe: 1957\n" * 8000)
    assert_linear(redact, "Auth code: 551804\n" + "x\n" * 30000)
    assert_linear(redact, "Jo: when was the PIN changed?\nMo: 2019\n" * 800)


# ---- older leftovers (commit 2): a generated token alone on the line under its label
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Personal access token for the nightly export (expires 30-06):\nq8w2mz71kd03hv5tp9xj4nc6rb",
            "q8w2mz71kd03hv5tp9xj4nc6rb",
        ),
        ("Zugangstoken für den Export:\nhx83kd02mfq8z7vb1p4wnc6e", "hx83kd02mfq8z7vb1p4wnc6e"),
        ("Clé API du portail (lecture seule) :\nR7tq2LmX9vBn4KpW8sZc3Hd", "R7tq2LmX9vBn4KpW8sZc3Hd"),
    ],
)
def test_wave47_token_under_its_label_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Commit id for the release:\n9f2c4e1a7b3d5f60a1c2e3d4f5a6b7c8d9e0f1a2",
        "Checksum of the token file:\n9f2c4e1a7b3d5f60a1c2e3d4f5a6b7c8d9e0f1a2",
        "API token:\nsee the vault entry",
        "API token:\n/etc/secrets/api_token.txt",
        "Token:\nYOUR_TOKEN_GOES_HERE_PLEASE",
    ],
)
def test_wave47_token_under_label_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- a wallet's extra seed word (the 25th word)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Cold storage notes - Ledger #1 extra word (25th word): quince -- never with the steel plate", "quince"),
        ("Trezor Wiederherstellung - 25. Wort: Holunder", "Holunder"),
        ("Portefeuille matériel, 25e mot : lavande (ne pas noter ailleurs)", "lavande"),
        ("Cartera fría, palabra 25: membrillo", "membrillo"),
    ],
)
def test_wave47_seed_extra_word_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Seed backup: 24 words on steel, 25th word: none",
        "Wallet setup: extra word: optional",
        "Ledger: 25th word: see the steel plate",
        "Essay notes: the 25th word: serendipity",
    ],
)
def test_wave47_seed_word_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- OpenVPN's credentials file: the second line of the file auth-user-pass names, or of the inline block
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Field laptops VPN\nremote vpn.harbour.example 1194\nauth-user-pass login.txt\n\nlogin.txt:\nharbour-ops\n"
            "Gull-Pier-Lantern4",
            "Gull-Pier-Lantern4",
        ),
        (
            "client\nremote vpn.example.org 1194\n<auth-user-pass>\nj.doe\nTide!Lamp-2026\n</auth-user-pass>",
            "Tide!Lamp-2026",
        ),
    ],
)
def test_wave47_vpn_auth_file_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "auth-user-pass login.conf\n\nlogin.conf:\n<username>\n<password>",
        "auth-user-pass creds.txt\nauth-nocache\npersist-key",
        "<auth-user-pass>\nauth-nocache\n</auth-user-pass>",
    ],
)
def test_wave47_vpn_auth_file_near_misses_stay(text: str) -> None:
    _kept(text)


def test_wave47_leftover_finders_linear() -> None:
    assert_linear(redact, "Access token for x (y):\nq8w2mz71kd03hv5tp9xj4nc6rb\n" * 600)
    assert_linear(redact, "wallet: 25th word: quince\n" * 800)
    assert_linear(redact, "auth-user-pass c.txt\nc.txt:\nu\nGull-Pier-Lantern4\n" * 600)
    assert_linear(lambda t: list(next_line_value_spans(t)), "token " + "aa " * 30000 + ":\nx")
    assert_linear(lambda t: list(seed_word_spans(t)), "wallet 25th word " + "x" * 60000)
    assert_linear(lambda t: list(vpn_auth_file_spans(t)), "".join(f"auth-user-pass f{i}\n" for i in range(6000)))


# ---- "dev" as a password is a development default, like "test", "demo" and "pass" (redaction_values' placeholders)
@pytest.mark.parametrize(
    "text",
    [
        "Local docker-compose settings:\nPOSTGRES_PASSWORD=dev\nPOSTGRES_USER=dev",
        "password: dev  # local only",
    ],
)
def test_wave47_dev_default_stays(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [("POSTGRES_PASSWORD=dev2024!", "dev2024!"), ("password: DevOps#Kite7", "DevOps#Kite7")],
)
def test_wave47_dev_with_more_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- the lead's review: a lock's code alone on the line under its header (redaction_keyed_codes.next_line_code_spans)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Handover, flat 3\nKey box code:\n7306\nThe box is left of the porch light.", "7306"),
        ("Alarm-Code:\n5917\nBeim Verlassen scharf schalten.", "5917"),
        ("- Gate code:\n  31-08-62\n- Bins go out on Tuesday", "31-08-62"),
        ("Code clavier :\n2749\nPuis appuyer sur la clé.", "2749"),
        ("PIN:\n8350", "8350"),
    ],
)
def test_lead_code_under_its_header_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Code:\n4821\nSee the price list.",  # a bare code names no lock
        "Product code:\n4821",
        "Order code:\n90211",
        "Alarm code:\n112",  # an emergency number
        "Door code:\nask the concierge",
        "Door code:\n4821 (changed monthly, ask Sam)",  # more on the value's line: the same-line finders judge it
    ],
)
def test_lead_code_header_lookalikes_stay(text: str) -> None:
    assert list(next_line_code_spans(text)) == []


def test_lead_code_under_header_linear() -> None:
    assert_linear(lambda t: list(next_line_code_spans(t)), "Door code:\n4821\n" * 5000)
    assert_linear(lambda t: list(next_line_code_spans(t)), "Door code" + " a" * 30000 + ":\n4821")
