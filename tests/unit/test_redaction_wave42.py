"""Wave 42 (heldout133-140 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_policy_examples import is_trivial_digits
from stratakb_core.ingest.redaction_public_kinds import is_spki_public_key
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched

_ED_PUB = "MCowBQYDK2VwAyEAq7Lm2Rt8Vw4Xy6Za0Bc3De5Fg9Hj1Kl7Mn2Pq4Rs8Tu0W="
_EC_PUB = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEp4Lm2Rt8Vw4Xy6Za0Bc3De5Fg9Hj1Kl7Mn2Pq4Rs8Tu0Wx3Yz5Ab7Cd9Ef1Gh3Ij5Kl=="
_RSA_PUB = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAr7Lm2Rt8Vw4Xy6Za0Bc3De5Fg9Hj1Kl7Mn2Pq4Rs8Tu0Wx3Yz5Ab7"
_ED_PRIV = "MC4CAQAwBQYDK2VwBCIEIPq7Lm2Rt8Vw4Xy6Za0Bc3De5Fg9Hj1Kl7Mn2Pq4Rs8T"
_HEX = "7c41e09b2fd853a6e1c07b94d2a8f315"
_DSN_KEY = "9b3e71c04fa25d86e0b1c7f3a94d2e58"


# ---- a DER public key (SubjectPublicKeyInfo) is public by its own prefix; a PKCS#8 private key is not
def test_wave42_spki_shapes() -> None:
    assert is_spki_public_key(_ED_PUB) and is_spki_public_key(_EC_PUB) and is_spki_public_key(_RSA_PUB)
    assert not is_spki_public_key(_ED_PRIV)
    assert not is_spki_public_key("MCowBQYDK2VwAyEA")  # the prefix alone is no key


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"Signing key for the webhook: {_ED_PRIV}", _ED_PRIV),
        (f"Clé de signature (privée) : {_ED_PRIV}", _ED_PRIV),
    ],
)
def test_wave42_private_der_keys_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- an access key's id: where the secret part lives, a bracketed "id only" after a short clause
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Leaked in the build log: access key id AKIAQ7XWPL3MZR5TVN2C, rotate today.", "AKIAQ7XWPL3MZR5TVN2C"),
        ("aws_access_key_id = AKIAQ7XWPL3MZR5TVN2C\naws_secret_access_key = see vault", "AKIAQ7XWPL3MZR5TVN2C"),
        ("Zugriffsschlüssel-ID: AKIAQ7XWPL3MZR5TVN2C\nGeheimer Teil: im Tresor", "AKIAQ7XWPL3MZR5TVN2C"),
    ],
)
def test_wave42_access_key_ids_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a browser's DSN, a search-only or publishable key, a public kind of code
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"Sentry DSN for the checkout backend: https://{_DSN_KEY}@o112233.ingest.errors.example/77", _DSN_KEY),
        (f"Front-end DSN (server side, with the secret): https://{_DSN_KEY}@o1.ingest.errors.example/7", _DSN_KEY),
        (f"SENTRY_DSN=https://{_DSN_KEY}@o112233.ingest.errors.example/77", _DSN_KEY),
        (f"Search admin API key (not the search-only one): {_HEX}", _HEX),
        (f"Public API key for the widget: sk_live_{_HEX[:24]}", f"sk_live_{_HEX[:24]}"),
        (f"API key: {_HEX}", _HEX),
        ("Door code 5830, alarm code: 9174.", "9174"),
        ("Codice porta: 5830.", "5830"),
    ],
)
def test_wave42_secret_keys_and_codes_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a trivial digit run: a policy's example is kept, a PIN given as one still goes
def test_wave42_trivial_digits() -> None:
    assert all(is_trivial_digits(v) for v in ("1234", "123456", "654321", "000000", "7890", "9876"))
    assert not any(is_trivial_digits(v) for v in ("123", "1357", "4471", "121212", "12345a", "١٢٣٤"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Terminal PIN: 123456", "123456"),
        ("The safe PIN is 111111 (weak, change it).", "111111"),
        ("PIN 1234 - sequences are fine for now.", "1234"),
        ("Policy: no sequences. The kiosk PIN is 4321", "4321"),
    ],
)
def test_wave42_trivial_pins_given_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_42_KEPT = [
    # a DER public key, in several languages
    f"Webhook verification key (public): {_ED_PUB}",
    f"Partner's EC public key for token checks: {_EC_PUB}",
    f"Öffentlicher Schlüssel der Kasse: {_RSA_PUB}",
    f"Clave de verificación del proveedor: {_ED_PUB}",
    # an access key's id, with where its secret part is kept
    "Key id AKIAQ7XWPL3MZR5TVN2C is attached to the backup role (id only, no secret here).",
    "Access key id AKIAQ7XWPL3MZR5TVN2C maps to the CI user; the secret part lives in Secrets Manager.",
    "The reporting user's key AKIAQ7XWPL3MZR5TVN2C; the secret half stays in the vault.",
    "Key AKIAQ7XWPL3MZR5TVN2C belongs to the uploader; the secret key is kept in Parameter Store.",
    # a browser's DSN
    f"Sentry DSN for the booking widget: https://{_DSN_KEY}@o112233.ingest.errors.example/77",
    f"DSN du navigateur : https://{_DSN_KEY}@o112233.ingest.errors.example/77",
    f"Browser SDK DSN: https://{_DSN_KEY}@o112233.ingest.errors.example/77",
    # a search-only or publishable key
    f"Search-only API key for the catalogue search box: {_HEX}",
    f"Publishable key for the donation form: {_HEX}",
    # a public kind of code, in several languages
    "Film stock: DX code 301522, frames 0-36.",
    "Ship to ZIP code 94107; error code 4471 on the scanner.",
    "Fehlercode: 4471. Die Kasse neu starten.",
    "Code postal : 75011. Code d'erreur 4471.",
    "Código postal 28013, código de error 4471.",
    "Codice di errore 4471 sul lettore.",
    # a policy's examples of a weak PIN
    "PIN rules: no sequences (123456), no repeats (000000).",
    "Keine Zahlenfolgen wie 1234 oder Wiederholungen wie 1111 als PIN.",
    "Règle des codes PIN : pas de suites (1234) ni de répétitions (0000).",
    "Evite secuencias como 123456 o repeticiones como 111111 en el PIN.",
    "Regole PIN: niente sequenze (654321) né ripetizioni (999999).",
]


@pytest.mark.parametrize("text", WAVE_42_KEPT)
def test_wave42_near_misses_kept(text: str) -> None:
    _kept(text)


def test_wave42_linear() -> None:
    assert_linear(redact, "PIN rules: no sequences (1234) " * 1_500)
    assert_linear(redact, "Search-only API key: a1b2c3d4e5f6a7b8c9d0 " * 1_000)
    assert_linear(redact, "key AKIAQ7XWPL3MZR5TVN2C belongs to a role " * 1_000)
    assert_linear(redact, "DX code 112416 " * 1_500)
