"""Wave 35 (heldout95-98 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- a chosen password anywhere in the clause after its name (an adverb, a verb of setting, a particle) --------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Heads-up: the password for the label printer is temporarily Otter#Lake77 until IT is back.", "Otter#Lake77"),
        ("het wachtwoord van de scanner is tijdelijk Molen!Vaart31 tot vrijdag.", "Molen!Vaart31"),
        ("Das Passwort vom Kassensystem ist momentan Hafen-Sturm42 bis Montag.", "Hafen-Sturm42"),
        ("Le mot de passe du routeur est actuellement Brume&Phare19 pour la semaine.", "Brume&Phare19"),
        ("Hasło do drukarki ustawiłam na Zima!Las2031 wczoraj wieczorem.", "Zima!Las2031"),
        ("La contraseña del portal la dejé en Nube*Roja88 hasta el lunes.", "Nube*Roja88"),
        ("프린터 비밀번호가 Moon!Ray77 로 바뀌었습니다.", "Moon!Ray77"),
        ("창고 노트북 비밀번호는 Kite#Blue45 입니다.", "Kite#Blue45"),
        ("Shared mailbox: password still Pebble$Creek12, rotate on the 1st.", "Pebble$Creek12"),
    ],
)
def test_clause_passwords_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "The password policy is Strong-Mode2 for every account from January.",
        "Reset link sent; the password must contain at least one symbol like Ab#12345.",
        "The password hash is stored as Argon2id-v19 in the users table.",
        "Password for svc-Backup01 is in the vault, ask Dana.",
        "Das Passwort für den Benutzer Admin-Ops7 liegt im Tresor.",
        "Set DATABASE_URL=postgres://app:<password>@db.internal.example:5432/app in the env file.",
        # the lead's review: who acted on the password, named after "by" / "durch" / "par", is no password
        "Password reset requested by JohnDoe42 on 2024-03-01.",
        "Passwort zurückgesetzt durch ITAdmin01 am Montag.",
        "Mot de passe réinitialisé par Admin2024! hier soir.",
    ],
)
def test_clause_password_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- a generated key in the clause after a key's name (lower case, dashes, any language) ---------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Clave de la API del panel de rutas: 7c1e9a40-b2d3-4f86-9e05-d1a7c3b2f4e98a6d5c",
            "7c1e9a40-b2d3-4f86-9e05-d1a7c3b2f4e98a6d5c",
        ),
        ("송출용 스트림 키는 qz7k-m3p9-x2wd-4hvt-r8ne 입니다.", "qz7k-m3p9-x2wd-4hvt-r8ne"),
        ("API key for the weather widget: 5b8f2c91d04e7a63f1c9b2e8d7a4", "5b8f2c91d04e7a63f1c9b2e8d7a4"),
    ],
)
def test_clause_keys_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "API key fingerprint: 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
        "Key ID of the API key used for signing: 4d2c8a10-77b3-4e21-9c6f-0b1a2d3e4f56",
        "The API key name is weather-widget-prod-2026, owned by the web team.",
    ],
)
def test_clause_key_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- PINs, keypads, a door's code with dashes and a hash, a dial sequence -----------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Hoi Mark, de pincode van de bestelbus is 7302. Groet, Els", "7302"),
        ("The keypad by the bike store is 38815, then push the door.", "38815"),
        ("PIN der Tankkarte ist jetzt 4471, bitte nicht aufschreiben.", "4471"),
        ("el código PIN del móvil de guardia es 9024.", "9024"),
        ("FYI the code for the side door of the depot is 5-2-8-0-#, close it behind you.", "5-2-8-0-#"),
        ("The supply cabinet safe opens with R12-L33-R07 now.", "R12-L33-R07"),
        ("Padlock on the shed: L05-R28-L14, reset every quarter.", "L05-R28-L14"),
    ],
)
def test_codes_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "PIN: 1234 is the factory default on these phones; change it on first use.",
        "The PIN length is 6 and the keypad code format is 4 digits.",
        "Connect pin 7 to GND; the pin count is 1024 on this package.",
        "Route R12-L33-R07 goes through the industrial estate.",
        "Error code for the loading door is 2208 after a power cut.",
        "Fault code for the side gate is 4417 when the motor trips.",
    ],
)
def test_code_near_misses_stay(text: str) -> None:
    _kept(text)


def test_clause_values_are_linear() -> None:
    from stratakb_core.ingest.redaction_clause_values import clause_value_spans

    assert_linear(lambda t: list(clause_value_spans(t)), "password wachtwoord is tijdelijk x " * 3_000)
    assert_linear(lambda t: list(clause_value_spans(t)), "PIN keypad at safe L1-R2 code for the door " * 2_000)


# ---- a passphrase said after a copula that starts with an article (a clause of its own, or in quotes) ---------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Minutes: the passphrase of the backup disk is the heron waits by the cold weir.", "heron waits by the cold"),
        ("La frase secreta del disco es el gato duerme junto al horno. Solo para el turno.", "gato duerme junto al"),
        ("La phrase de passe de l'archive est « la lune tombe dans le puits ».", "lune tombe dans le puits"),
        ("Die Passphrase des Laufwerks ist „die Eule singt im Nebel“.", "Eule singt im Nebel"),
    ],
)
def test_article_passphrases_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "The passphrase of the backup disk is the name of our first office dog.",
        "La frase secreta del disco es la misma de siempre, pregunta a Marta.",
        "The passphrase of the archive is the one printed on the sealed card.",
        "The passphrase of the archive is the same as on the old backup drive.",
    ],
)
def test_article_passphrase_near_misses_stay(text: str) -> None:
    _kept(text)
