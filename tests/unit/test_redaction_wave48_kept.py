"""Wave 48 (heldout169-176 as tuning data), false redactions: the families they stand for, the near misses that
must stay, and the real secrets of each layout that must still go.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_manifest_fields import is_public_field
from stratakb_core.ingest.redaction_public_tokens import is_public_token
from stratakb_core.ingest.redaction_purpose_clauses import is_purpose_clause
from stratakb_core.ingest.redaction_serial_postal import is_serial_or_postal
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place, assert_untouched

_TOKEN = "a8Kd2LmQ9vXz4RtY7pWn3bHc6FjS1gEu0oTiVyN5"


def _at(text: str, value: str) -> tuple[str, int, int]:
    start = text.index(value)
    return text, start, start + len(value)


# ---- a serial number or a postal code under its own name (redaction_serial_postal)
@pytest.mark.parametrize(
    "text",
    [
        "Kargo adresi: Atatürk Cad. 12, posta kodu 34710 Kadıköy.",
        "Yazıcı seri numarası: HP-LJ-2020-44718, garanti 2027'ye kadar.",
        "Lieferadresse: Hafenstraße 3, Postleitzahl 20457 Hamburg.",
    ],
)
def test_wave48_serial_and_postal_stay(text: str) -> None:
    assert_untouched(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Seriennummer: GX-20-55813 (Typenschild)", "GX-20-55813"),
        ("numer seryjny: PL-88-40213", "PL-88-40213"),
        ("シリアル番号：SN-7741-BQ", "SN-7741-BQ"),
        ("kod pocztowy 30-702", "30-702"),
        ("postnummer 41134", "41134"),
        ("우편번호 04524", "04524"),
    ],
)
def test_wave48_serial_and_postal_exempt(text: str, value: str) -> None:
    assert is_serial_or_postal(*_at(text, value))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Seri numarası ve şifre: GX-20-55813", "GX-20-55813"),  # a password's word after the serial's name
        ("Kapı kodu 07580, kilit kodu 4471.", "07580"),  # a door's code, not a postal code
        ("Product serial number: BX7KQ-M2P9T-4RW8Z-H6JCN-3VY5D", "BX7KQ-M2P9T-4RW8Z-H6JCN-3VY5D"),  # a licence key
        ("Seriennummer: 4471-A (enter it at the door keypad)", "4471-A"),  # opens something
        ("serial number: hunterpass", "hunterpass"),  # lower-case letters only
    ],
)
def test_wave48_serial_and_postal_near_misses_not_exempt(text: str, value: str) -> None:
    assert not is_serial_or_postal(*_at(text, value))


@pytest.mark.parametrize(
    ("text", "value"),
    [("Seri numarası ve şifre: GX-20-55813", "GX-20-55813"), ("Kapı kodu 07580, kilit kodu 4471.", "07580")],
)
def test_wave48_codes_beside_serials_still_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a vendor's public token under a label calling it public (redaction_public_tokens)
@pytest.mark.parametrize(
    "text",
    [
        f"Token public de la carte : pk.{_TOKEN}",
        f"Store locator map, public token (ships in the page): pk.{_TOKEN}",
    ],
)
def test_wave48_public_tokens_stay(text: str) -> None:
    assert_untouched(text)


@pytest.mark.parametrize(
    "text",
    [
        f"Mapbox secret token for uploads: sk.{_TOKEN}",
        f"Map token (NOT the public one): pk.{_TOKEN}",
        f"Map token for the admin tools: pk.{_TOKEN}",
        f"Map token: pk.{_TOKEN}",
    ],
)
def test_wave48_secret_or_unlabelled_tokens_still_go(text: str) -> None:
    assert_redacted_in_place(text, text[text.index(": ") + 2 :])


def test_wave48_public_word_does_not_spare_secret_prefix() -> None:
    text = f"public page, but this is the secret: sk_live_{_TOKEN}"
    assert not is_public_token(*_at(text, f"sk_live_{_TOKEN}"))


# ---- a secret manifest's host, port, database and user name (redaction_manifest_fields)
_MANIFEST = (
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: reports-db\ndata:\n"
    "  DB_HOST: cmVwb3J0cy5pbnRlcm5hbC5leGFtcGxl\n  DB_PORT: NTQzMg==\n  DB_USER: cmVwb3J0ZXI=\n"
    "  DB_PASSWORD: UjNwMHJ0IU5pZ2h0bHk=\n"
)


def test_wave48_manifest_keeps_connection_fields_and_takes_the_password() -> None:
    out = redact(_MANIFEST).text
    for kept in ("cmVwb3J0cy5pbnRlcm5hbC5leGFtcGxl", "NTQzMg==", "cmVwb3J0ZXI="):
        assert kept in out, out
    assert "UjNwMHJ0IU5pZ2h0bHk=" not in out, out


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "kind: Secret\nstringData:\n  username: sk_live_51HxQ2bK7mRt9LpZ4vN8cW3yA\n",
            "sk_live_51HxQ2bK7mRt9LpZ4vN8cW3yA",
        ),
        (
            "kind: Secret\ndata:\n  host: cG9zdGdyZXM6Ly9hcHA6UzNjcmV0IUBkYjEvbWFpbg==\n",
            "cG9zdGdyZXM6Ly9hcHA6UzNjcmV0IUBkYjEvbWFpbg==",
        ),
        ("kind: Secret\ndata:\n  url: ZGIxLmJsdWVob2xsb3cuZXhhbXBsZQ==\n", "ZGIxLmJsdWVob2xsb3cuZXhhbXBsZQ=="),
        ("kind: Secret\ndata:\n  password: cmVwb3J0ZXI=\n", "cmVwb3J0ZXI="),
    ],
)
def test_wave48_manifest_secrets_still_go(text: str, value: str) -> None:
    assert not is_public_field(*_at(text, value))
    assert_redacted_in_place(text, value)


# ---- a purpose clause after "password to" (redaction_purpose_clauses; the lead's shape)
@pytest.mark.parametrize(
    "text",
    [
        "Use your password to unlock terminal 7.",
        "Enter the kiosk passcode to open gate 3.",
        "You need your PIN to access bay 12.",
    ],
)
def test_wave48_purpose_clauses_stay(text: str) -> None:
    assert_untouched(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Set your password to unlock7 for now.", "unlock7"),  # one token
        ("Set your password to Unlock Terminal 7.", "Unlock Terminal 7"),  # title case: a chosen passphrase
        ("Set your password to 'unlock terminal 7'.", "unlock terminal 7"),  # quoted
        ("Change the password to Harbor View Room 12.", "Harbor View Room 12"),  # not a verb of purpose
        ("The password is unlock terminal 7.", "unlock terminal 7"),  # "is", not "to"
        ("the password for the kiosk is Harbor View Room 12.", "Harbor View Room 12"),  # the lead's passphrase: goes
        # the lead's review: a verb that sets the password makes "to" name the value, whatever its first word
        ("Set your password to open sesame 42", "open sesame 42"),
        ("Change your passcode to access bay 12.", "access bay 12"),
        ("Reset your password to unlock terminal 7.", "unlock terminal 7"),  # ambiguous: redacted on purpose
    ],
)
def test_wave48_passphrases_after_to_still_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


def test_wave48_purpose_clause_needs_password_to() -> None:
    text = "Remember to unlock terminal 7."
    assert not is_purpose_clause(*_at(text, "unlock terminal 7"))


def test_wave48_kept_families_linear() -> None:
    assert_linear(redact, "Yazıcı seri numarası: HP-LJ-2020-44718, posta kodu 34710.\n" * 800)
    assert_linear(redact, f"Token public de la carte : pk.{_TOKEN}\n" * 600)
    assert_linear(redact, "kind: Secret\ndata:\n" + "  DB_HOST: cmVwb3J0cy5pbnRlcm5hbC5leGFtcGxl\n" * 800)
    assert_linear(redact, "Reset your password to unlock terminal 7 " * 800)
    assert_linear(redact, "seri numarası " * 3000 + ": GX-20")
