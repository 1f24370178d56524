"""Wave 34 (heldout89-94 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- access codes: more places, a padlock combo, dial pairs, a disarm code, a keyed-in code ------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Hinweis Werkstatt: der Code für das Hoftor beim Lager 4 lautet ab Freitag 5813.", "5813"),
        ("Der Zahlencode vom Schlüsselkasten neben der Küche: 2947", "2947"),
        ("Schlüsselkasten im Flur, Zahlencode 6602. Danach wieder schließen.", "6602"),
        ("Bike shed at block C - padlock combo 3816. Staff only.", "3816"),
        ("Il codice del lucchetto del deposito attrezzi è 47 09 36, cambiato lunedì.", "47 09 36"),
        ("The safe's combination in the back office is 12 44 08, reset last week.", "12 44 08"),
        ("el código de desarme del almacén 2 es 7154. Después llamar a seguridad.", "7154"),
        ("Код снятия с охраны склада: 5291", "5291"),
        ("Pour désarmer l'alarme de l'atelier, tapez 39274 puis ENTRÉE.", "39274"),
        ("Para desactivar la alarma del garaje, marque 6183 y espere.", "6183"),
        ("Om de alarm van de loods uit te zetten, type 80416 en dan OFF.", "80416"),
        ("Till städpersonalen: koden till garagets port är 1972. Stäng efter er.", "1972"),
        ("Note for the night shift: the code to the loading dock door is 1984. Lock up after.", "1984"),
    ],
)
def test_access_codes_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "The monitor code is 4471 in the parts list.",
        "The doctor's code of conduct runs to 1234 pages.",
        "The warehouse door was installed in 1966. The code changed since.",
        "The gate code since 2019 is 2020.",
        "Tower 12 was built in 1987 and the padlock is new.",
        "Der Torwart trug die Nummer 12 34 56 auf dem Trikot.",
        "The safe's combination must have 4 digits; never 12 34 56.",
        "Pour désarmer l'alarme, tapez votre code personnel puis OFF.",
        "Lastkajens port är 1966 år gammal.",
        "La combinazione della cassaforte di prova è 10 20 30, come nel manuale.",
        "The door code is ****.",
    ],
)
def test_access_code_near_misses_kept(text: str) -> None:
    _kept(text)


def test_new_code_forms_are_linear() -> None:
    from stratakb_core.ingest.redaction_lock_codes import lock_code_spans

    assert_linear(lambda t: list(lock_code_spans(t)), "the Rolltor code is 12 34 " * 3_000 + "x")
    assert_linear(lambda t: list(lock_code_spans(t)), "alarme, tapez " * 5_000 + "x")


# ---- a password's name with a longer qualifier, a quoted value after the name, a verbal password ---------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("le mot de passe de la caisse (poste 2, accueil) est : Caisse#Poste2!\nMerci", "Caisse#Poste2!"),
        ("Das Passwort für Kasse 3 (Filiale Nord) ist Kasse#Nord-2291. Danach abmelden.", "Kasse#Nord-2291"),
        ("hasło kierownika zmiany magazynu to Magazyn!Zmiana44 - tylko dla kierowników.", "Magazyn!Zmiana44"),
        ("the password for kiosk 4 (front desk) is Kiosk4-Front!26 until Monday.", "Kiosk4-Front!26"),
        ("Konto: Benutzer „kasse“, Passwort „Filiale_Nord77“.", "Filiale_Nord77"),
        ("Account for the boiler panel: user « chauffe », mot de passe « Chaudiere_Sud92 ».", "Chaudiere_Sud92"),
        (
            'Verbal password for the warehouse (say it to the control room): "silver gull over water"',
            "silver gull over water",
        ),
        ('Senha verbal da loja Centro para a central: "caju maduro"', "caju maduro"),
        ("Mot de passe verbal du site 7 : « vieux moulin rouge »", "vieux moulin rouge"),
    ],
)
def test_qualified_password_names_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Connection (Windows login, no password): Server=db01;Database=Stock;Trusted_Connection=True;",
        "mysql://<user>:<password>@<host>:3306/stock",
        "We store only a bcrypt hash, never the password itself. Settings: cost=12, salt=16.",
        "The password hash (bcrypt) is: $2b$12$abcdefghijABCDEFGHIJ12",
        "the password for kiosk 4 (front desk) is: <your-password>",
        "le mot de passe du poste (accueil) est : ********",
        "the password policy (v2) is: see the wiki",
        'Password hint for kiosk 4: "Your pet name"',
        'Verbal password for site 2: "enter your password"',
        'Verbal password policy for all sites: "at least three words"',
        "the password for the printer (room 4) is in the vault.",
    ],
)
def test_qualified_password_near_misses_kept(text: str) -> None:
    _kept(text)


def test_qualified_names_are_linear() -> None:
    from stratakb_core.ingest.redaction_qualified_names import qualified_name_spans

    assert_linear(lambda t: list(qualified_name_spans(t)), "password for kiosk 4 (a) is verbal password x " * 2_000)
    assert_linear(lambda t: list(qualified_name_spans(t)), "Aschlüssel Bschlüssel für c " * 3_000 + ":")


# ---- a parcel's tracking number is no secret, even when the label names passes ---------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "Tracking number for the pass cards: 1ZA8F2690377458218",
        "Sendungsnummer der Pass-Karten: 1ZX9Y77Q0412345678",
    ],
)
def test_tracking_numbers_kept(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [("pass for the parcel portal: Parcel#Portal-2291", "Parcel#Portal-2291")],
)
def test_pass_labels_still_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a German compound key name with a qualifier before a generated value ------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Opsgenie-Integrationsschlüssel für Wasserschäden: 4be1c93a07d25f6e8a9b0c1d2e3f4a5b",
            "4be1c93a07d25f6e8a9b0c1d2e3f4a5b",
        ),
        ("Webhook-Signaturschlüssel des Shops: 8f3a9c2e71b44d0e9a6f5c3b2d1e7a90", "8f3a9c2e71b44d0e9a6f5c3b2d1e7a90"),
    ],
)
def test_compound_key_names_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Primärschlüssel der Tabelle: customer_order_identifier_v2",
        "Lizenzschlüssel für das Handbuch: siehe Ordner",
        "Schlüssel-ID des Zertifikats: 0x5A3F",
        "Fingerabdruck vom Hostschlüssel: SHA256-abcdef",
    ],
)
def test_compound_key_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- the lead's review (stop 37): a fault or status code for a place reports, it opens nothing ----------------
@pytest.mark.parametrize(
    "text",
    [
        "Error code for the gate controller is 5012.",
        "The error code for the side gate motor is 4417 after a power cut.",
        "Status code for the garage door is 4031.",
    ],
)
def test_fault_code_for_a_place_kept(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The code for the side gate is 5912.", "5912"),
        ("Page 3 of the handbook. The code for the yard gate is 6143.", "6143"),
        ("After the error last week, the code for the back door is 7305.", "7305"),
    ],
)
def test_code_for_a_place_still_goes(text: str, value: str) -> None:
    _gone(text, value)
