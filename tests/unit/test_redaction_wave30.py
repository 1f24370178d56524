"""Wave 30 (heldout67-74 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture): passphrases in more names and forms,
door / alarm / immobiliser / CJK codes and a PIN column, transcribed sticky notes, "reset it to X", keys under
Romanian / Finnish / German labels, a session id in JSON, a JOSE-headed token, a vendor's live key, a chat's question
without its question mark, dotted chosen passwords; and the clean look-alikes each rule must leave alone.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- passphrases: more names, copula, comma, quotes, CSV, Wi-Fi cards ----------------------------------------
PASSPHRASES = [
    ("Phrase de passe du disque des comptes : le vent souffle sur Brest", "le vent souffle sur Brest"),
    ("Wachtzin voor de back-up schijf: oranje fiets onder de brug", "oranje fiets onder de brug"),
    ("Adgangssætning til serveren: grøn cykel ved søen", "grøn cykel ved søen"),
    ("Schlüsselphrase für den Tresor-Export: Apfelbaum im Winterregen 2004", "Apfelbaum im Winterregen 2004"),
    ("Wi-Fi dell'ufficio: rete 'Staff', frase d'accesso: il gatto sul tetto", "il gatto sul tetto"),
    ("La frase segreta del disco condiviso è pane caldo alle sette (non inoltrarla).", "pane caldo alle sette"),
    ("The code word for the night porter is silver teapot. Tell nobody else.", "silver teapot"),
    (
        "The lab Wi-Fi: network 'Bench-5G', passphrase green lamps over bench 12 (visitors use Bench-Guest).",
        "green lamps over bench 12",
    ),
    ("BitLocker volume 'payroll-2026', passphrase 'Winter harbour lights 1987'", "Winter harbour lights 1987"),
    (
        'Vault export (row 9): "Archive NAS - master passphrase","seven owls above the river","ops only"',
        "seven owls above the river",
    ),
    ("Guest network card:\nSSID: Atelier-Guest\nKey: tall ships drift home", "tall ships drift home"),
    ("Κωδικός Wi-Fi του εργαστηρίου: μέλι και γάλα", "μέλι και γάλα"),
    ("WLAN-Schlüssel für die Werkstatt: vier blaue Eimer", "vier blaue Eimer"),
]


@pytest.mark.parametrize(("text", "value"), PASSPHRASES)
def test_passphrase_forms(text: str, value: str) -> None:
    _gone(text, value)


PASSPHRASE_NEAR_MISSES = [
    "The passphrase is stored in the vault under backups/nas.",
    "Our passphrase policy: at least four random words, never reused.",
    "The recovery phrase is twelve or twenty-four words long.",
    "The code word is case sensitive.",
    "Passphrase: see the sealed envelope in the safe",
    "The code word is printed on the duty roster.",
    "Das Codewort ist nur dem Dienstleiter bekannt.",
    "La frase secreta es solo para el jefe de turno.",
    "Enable passphrase protection for the wallet file.",
    "For the guest network, password resets are handled by reception.",
    "Room 'B2', password required",
    "Our Wi-Fi: ask at the front desk for today's code",
    "El WiFi de visitas no necesita clave: la red es abierta para todos.",
    "The lobby Wi-Fi password is not needed: the network is open to everyone.",
    '"name","password","notes"',
]


@pytest.mark.parametrize("text", PASSPHRASE_NEAR_MISSES)
def test_passphrase_near_misses(text: str) -> None:
    _kept(text)


def test_a_password_after_a_comma_and_a_named_thing() -> None:
    _gone("Torneo privado: sala SEMI-02, contraseña quetzal77", "quetzal77")
    _gone("Lobby 'Finals', password marzipan (case matters)", "marzipan")


# ---- codes: stores, immobilisers, disarm lines, CJK, a year after a door's label, PIN columns ------------------
CODES = [
    ("Consegna chiavi: il codice del magazzino interrato è 7391.", "7391"),
    ("Your tractor's immobiliser code is 480215. Keep it private.", "480215"),
    ("Closing list\n1. Lock the back door\n2. Arm alarm: 4826 then AWAY", "4826"),
    ("Alarm deaktivieren: 3917#", "3917#"),
    ("仓库门禁密码：5829（每周更换）", "5829"),
    ("창고 출입 비밀번호는 7314# 입니다.", "7314#"),
    ("Portkod till förrådet: 1972", "1972"),
]


@pytest.mark.parametrize(("text", "value"), CODES)
def test_codes(text: str, value: str) -> None:
    _gone(text, value)


def test_pin_column() -> None:
    table = "| card | holder | PIN |\n|---|---|---|\n| fuel card | depot | 3862 |\n| toll tag | van 2 | 9140 |"
    out = redact(table).text
    assert "3862" not in out and "9140" not in out and "fuel card" in out


CODE_NEAR_MISSES = [
    "The warehouse opened in 1998 and the door was replaced in 2004.",
    "Lager seit: 1999",
    "Set alarm: 0630 for the early shift (phone clock).",
    "| pin | signal |\n|---|---|\n| 12 | GPIO18 |\n| 14 | GND |",
    "| item | PIN |\n|---|---|\n| fuel card | see envelope |",
    "部门介绍：库房面积 5829 平方米",
]


@pytest.mark.parametrize("text", CODE_NEAR_MISSES)
def test_code_near_misses(text: str) -> None:
    _kept(text)


# ---- sticky notes, "reset it to", host / user / password ---------------------------------------------------------
NOTES = [
    (
        "Audit photo, sticky note on the till monitor: 'POS admin - tills@ - Ginger#Snap42 - ask Tom first'",
        "Ginger#Snap42",
    ),
    ('Post-it under the keyboard (transcribed): "frontdesk / Parrot9Green!"', "Parrot9Green!"),
    ("Sticky note on the lab PC: 'ELN account: lab@uni.example pw: marigold42'", "marigold42"),
    ("Note taped to the kiosk screen: 'CMS - kiosk2 - Otter$Lake31'", "Otter$Lake31"),
    ("Transcribed from the sticky note: 'LIMS login - jdoe / Copper kettle 19 blue'", "Copper kettle 19 blue"),
    ("VNC to the kiosk: kiosk-07 / operator / Kiosk!Spring26 (rotated weekly)", "Kiosk!Spring26"),
    ("Ticket 881: she forgot it, so I reset it to Harbour7Lights! and asked her to change it.", "Harbour7Lights!"),
    ("Ich habe das Passwort auf Moewe#Kiel42 zurückgesetzt.", "Moewe#Kiel42"),
    ("Je l'ai réinitialisé à Bastille*89 ce matin.", "Bastille*89"),
]


@pytest.mark.parametrize(("text", "value"), NOTES)
def test_notes_and_resets(text: str, value: str | None) -> None:
    if value is not None:
        _gone(text, value)


NOTE_NEAR_MISSES = [
    "Sticky note on the fridge: 'Lunch - Tuesday - 12:30 - bring plates'",
    "I reset it to factory defaults and rebooted.",
    "We changed the encoding to UTF-8 last week.",
    "Ticket 882: reset the router to its defaults, then set it to DHCP.",
    "Post-it on the door: 'Back at 14:00 - Sam'",
    "Note taped to the fridge: 'Buy milk - call Mom - dentist at 3pm'",
]


@pytest.mark.parametrize("text", NOTE_NEAR_MISSES)
def test_note_near_misses(text: str) -> None:
    _kept(text)


# ---- keys: foreign labels, run-together names, cfg lines, sessions, JOSE tokens, live keys ------------------------
def test_keys_under_foreign_labels() -> None:
    _gone("Cheia API pentru serviciul de facturare: Qm7Xv2LpT9aBc4RdE8fGh1JkNoPsWz", "Qm7Xv2LpT9aBc4RdE8fGh1JkNoPsWz")
    _gone("Kirjaston rajapinnan API-avain: Zt4Pq8MnB2vXc7LkR1sYd9WfHg3JeUaA", "Zt4Pq8MnB2vXc7LkR1sYd9WfHg3JeUaA")
    _gone("S3_GEHEIMSCHLUESSEL=Vb8Kq2Lm4Np6Rs0Tu+Wx3Yz5Ab7Cd9Ef1Gh3Jk5", "Vb8Kq2Lm4Np6Rs0Tu+Wx3Yz5Ab7Cd9Ef1Gh3Jk5")
    _gone('game_webapi_key "9F3A1C7E5B2D4086A1C3E5F7092B4D6E"', "9F3A1C7E5B2D4086A1C3E5F7092B4D6E")


def test_session_ids_and_live_keys() -> None:
    hex64 = "9c1e4f7a2b8d3e6f0a5c9b2d7e1f4a8c3b6d9e2f5a8c1b4d7e0f3a6c9b2e5d8f"
    _gone('{"session": "' + hex64 + '", "user": "x"}', hex64)
    _gone("the vendor key was zq_live_Hq7Lm2Np9Rt4Vx8Bz3Cd6Fg1Jk5Ms0Wy", "Hq7Lm2Np9Rt4Vx8Bz3Cd6Fg1Jk5Ms0Wy")
    _kept("TWILIO_ACCOUNT_SID=AC0f1e2d3c4b5a69788796a5b4c3d2e1f0")
    _kept('{"session": "2026-spring-intake", "room": 4}')
    _kept("Use pk_live_ keys in the browser only; they are publishable.")


def test_jose_header_over_a_non_json_payload() -> None:
    token = "eyJhbGciOiJIUzI1NiJ9." + "Qx7Lm2Np9Rt4Vx8Bz3Cd6Fg1Jk5Ms0WyAb" + ".Zr4Tq8Ls2Mn6Bv0Cx3Dz7Fw1"
    _gone("GET /v1/rooms token=" + token + " region=eu", token)


def test_an_access_key_id_with_its_secret_held_elsewhere() -> None:
    _kept("Access key id AKIAQ4XR7TZ2LM9NB3VC is the auditors' user; the secret is held by finance.")
    _gone("Access key id AKIAQ4XR7TZ2LM9NB3VC belongs to the uploader.", "AKIAQ4XR7TZ2LM9NB3VC")


# ---- chats and dotted chosen passwords ---------------------------------------------------------------------------
def test_a_chat_question_without_its_mark() -> None:
    _gone("[09:10] ana: whats the printer admin pw again\n[09:11] raf: blue-heron-7", "blue-heron-7")
    _kept("[09:10] ana: whats the plan for friday\n[09:11] raf: build-step-2")
    _kept("ana: what is the password policy now\nraf: min-length-12")


def test_dotted_chosen_passwords() -> None:
    _gone("smtp:\n  user: alerts\n  password: Rem1nd.Later", "Rem1nd.Later")
    _gone("Usuario: turnoC\nClave: TurnoC.Planta7", "TurnoC.Planta7")
    _kept("password = Config.Secret2")
    _kept("password: settings.DB_PASSWORD")
