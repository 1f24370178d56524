"""Wave 46 (heldout157-164 as tuning data): the families their misses stand for, the real secrets of each shape that
must go, and near misses that must stay.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_account_labels import account_label_spans
from stratakb_core.ingest.redaction_keypad_steps import keypad_step_spans
from stratakb_core.ingest.redaction_service_keys import service_key_spans
from stratakb_core.ingest.redaction_unlock_values import unlock_value_spans
from stratakb_core.ingest.redaction_wifi_pairs import wifi_pair_spans
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place, assert_untouched

_kept = assert_untouched


# ---- a code keyed in as one step of a keypad's sequence (a year's digits too)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Staff door keypad: press the bell key, then 1984, then push the bar.", "1984"),
        ("Alarm panel: press OFF, then 7391 and wait for the beep.", "7391"),
        ("Tür zum Lager: drücke C, dann 2057, dann die grüne Taste.", "2057"),
        ("Portail du parking : appuyez sur la clé, puis 4815.", "4815"),
        ("Alarmpaneel: druk op C, daarna 6203 en OK.", "6203"),
    ],
)
def test_wave46_keypad_steps_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a password a device or an account is unlocked with
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Shared laptop at the nurses' station: unlock with Heron42!", "Heron42!"),
        ("Das Kassen-Tablet entsperren mit Tulp3nveld#, dann die App öffnen.", "Tulp3nveld#"),
        ("Tablette de l'accueil : déverrouiller avec Mouette!2025.", "Mouette!2025"),
        ("Unlock the kiosk with the password: Harbour#42 and hand it back.", "Harbour#42"),
        ("La tablet del bar: sbloccare con Limone7?Sale", "Limone7?Sale"),
    ],
)
def test_wave46_unlock_values_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a Wi-Fi network and its key as one slashed pair
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Opening checklist\n- wifi: Bakery-Back / cinnamon2027!\n- alarm: see Ruth", "cinnamon2027!"),
        ("WLAN Lager: Lager-5G / sunflower2026", "sunflower2026"),
        ("Réseau : Atelier Pro / Velo-Rouge-88 (changé en mai)", "Velo-Rouge-88"),
    ],
)
def test_wave46_wifi_pairs_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a service's API key in Slavic or Romanian word order ("Ключ X API"), the key word before "API"
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Ключ OpenWeather API для дашборда: 7d1e0c9a4b6f28e35a90c1d7b4e2f6a8", "7d1e0c9a4b6f28e35a90c1d7b4e2f6a8"),
        ("Klucz Google Maps API do strony: AIzaSyD-1234abcdEFGH5678ijklMNOP9012qrs.",
         "AIzaSyD-1234abcdEFGH5678ijklMNOP9012qrs"),
        ("Ключ API: 5E0A7C31D9B84F26A1C3E5D7B9F20468", "5E0A7C31D9B84F26A1C3E5D7B9F20468"),
        ("Klucz API: 9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
    ],
)
def test_wave46_service_keys_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- codes for a safe, a till, a gate or a code lock: Turkish cases, Romance "code of the gate", Nordic kodlås;
# a bank's memorable phrase; a Wi-Fi key's German compound and French word order
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Kasanın şifresi 583920, anahtar müdürde.", "583920"),
        ("Kasa şifresi: 31-07-64. Kimseye söylemeyin.", "31-07-64"),
        ("Kodlåset till förrådet: 5120. Nytt varje kvartal.", "5120"),
        ("Entrada de serviço: código do portão 1979, depois toque a campainha.", "1979"),
        ("Code du portail 1998, puis sonnez chez le gardien.", "1998"),
        ("Online banking\n- Memorable phrase: otters nap by the mill\n- Limit 2,000", "otters nap by the mill"),
        ("Memorable word: kestrel88", "kestrel88"),
        ("WPA2-Schlüssel: Mühlbach_Herbst_31", "Mühlbach_Herbst_31"),
        ("Wi-Fi de l'entrepôt : clé WPA vent-Nord-Brest-17. Invités : réseau libre.", "vent-Nord-Brest-17"),
    ],
)
def test_wave46_codes_phrases_and_keys_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a strong password under the name of the account it opens, in a note to self
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Reminders for me:\nbank: OtterPond#Mill42\nbins on Tuesday", "OtterPond#Mill42"),
        ("netflix: Popcorn!Night7", "Popcorn!Night7"),
        ("gmail - Sparrow$Lake42", "Sparrow$Lake42"),
        ("- Online-Banking: Tiger#Moth88", "Tiger#Moth88"),
    ],
)
def test_wave46_account_labels_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


WAVE_46_KEPT = [
    # account labels: an address, a value without all four kinds of character, a device's model, more words after
    "gmail: j.doe@example.com",
    "bank: HSBC-UK-2024",
    "PC: Intel#i7-12700K",
    "laptop: ThinkPad#X1Carbon",
    "router: Fritz!Box7590",
    "bank: Tiger#Moth88 is the old one?",
    # keypad steps: one digit, digits naming something, no keypad or door on the line, digits all the same
    "Phone menu: press 1, then 2 for billing.",
    "Gate remote: press Menu, then 2024 settings to update the firmware.",
    "On the calculator press C, then 1968, then the equals key.",
    "Door keypad test: press C, then 0000, then check the red light.",
    # unlock: no password's shape, a name with a version, a placeholder, digits
    "Tablets unlock with Face ID.",
    "Unlock with your badge at the side door.",
    "The vault is unlocked with OAuth2.",
    "Unlock the archive with AES-256.",
    "Unlock with <PIN> from the envelope.",
    # Wi-Fi pairs: bands, standards, a security mode, on / off, no password, a placeholder, a network's two names
    "wifi: 2.4 / 5 GHz",
    "WLAN: 802.11ac / 802.11ax",
    "WLAN: Büro / WPA2-PSK",
    "Wi-Fi: on / off",
    "wifi: Guest / no password",
    "wifi: Office / <ask reception>",
    "Netz: Kanzlei / Kanzlei-Gast",
    # service keys: a pointer, a key's documentation, a door's key
    "Ключ Steam Web API: см. менеджер паролей",
    "Ключ API OpenWeather: 32 символа",
    "Ключ от склада: у охранника",
    # codes: a measure, a year after a date's suffix, a receipt's number, a model year
    "Kasanın şifresi 4 haneli olmalı.",
    "Kasanın şifresi 2019'dan beri aynı.",
    "Kasa fişi 4471, toplam 250 TL.",
    "Kodlåset till lagret byttes 2019.",
    "Código do portão 1945, modelo antigo.",
    "O código do portão de 1945 foi restaurado.",
    # memorable phrase: a pointer and a rule
    "Memorable information: see the sealed envelope in the safe",
    "Memorable phrase: at least three words, no names",
    # Wi-Fi key: a pointer and a measure
    "WLAN-Schlüssel: siehe Aufkleber am Router",
    "WLAN-Schlüssel: 12 Zeichen",
    "Wi-Fi du gîte : clé WPA2 sur l'étiquette du routeur.",
    "Wi-Fi : clé WPA2 AES-256.",
]


@pytest.mark.parametrize("text", WAVE_46_KEPT)
def test_wave46_near_misses_kept(text: str) -> None:
    _kept(text)


def test_wave46_linear() -> None:
    assert_linear(redact, "keypad: press C, then 1968, then the green button. " * 600)
    assert_linear(redact, "tablet: unlock with Bluebell77! and " * 800)
    assert_linear(redact, "- wifi: Shop-Back / goldchain2026!\n" * 800)
    assert_linear(redact, "Ключ Steam Web API для бота: 53C49E806655DF29D34530D753302ADF\n" * 600)


def test_wave46_finders_linear_on_near_misses() -> None:
    assert_linear(lambda t: list(keypad_step_spans(t)), "press " + "x " * 40000 + ", then 19")
    assert_linear(lambda t: list(unlock_value_spans(t)), "unlock " + "aa " * 30000 + "with x")
    assert_linear(lambda t: list(wifi_pair_spans(t)), "wifi: " + "a / " * 30000)
    assert_linear(lambda t: list(service_key_spans(t)), "ключ " + "Steam " * 20000 + "API")
    assert_linear(lambda t: list(account_label_spans(t)), "bank: " + "Aa1#" * 30000 + " x\n" + "mail - x\n" * 5000)
