"""Wave 44 (heldout145-152 as tuning data): values that are no secret whatever rule found them, our own examples and
the real secrets of the same shapes that must still go.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_payment_codes import is_payment_auth_code
from stratakb_core.ingest.redaction_public_remarks import has_public_remark
from stratakb_core.ingest.redaction_query_words import is_query_word
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched

_AKID = "AKIAQ7T2ZC4MWN8RLB5E"
_PBKDF2 = "pbkdf2_sha256$600000$Qm3xTz9LwP2v$Zk4nR7yT2bW8qLc5Hs1Vd6Fg3Jp9Xa0Me4Nu7Ko2Ri8="


def _span(text: str, value: str) -> tuple[str, int, int]:
    start = text.index(value)
    return text, start, start + len(value)


# ---- one plain word after a URL query's token or key parameter
def test_wave44_query_words() -> None:
    assert is_query_word(*_span("https://tide.example/api?harbour=whitby&token=tides&fmt=json", "tides"))
    assert is_query_word(*_span("GET /export?api_key=open-data HTTP/1.1", "open-data"))
    assert not is_query_word(*_span("https://tide.example/api?token=tides2027&fmt=json", "tides2027"))
    assert not is_query_word(*_span("https://tide.example/api?password=tides&fmt=json", "tides"))
    assert not is_query_word(*_span("token: tides", "tides"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("https://tide.example/api?harbour=whitby&token=Rq7vTn2KpX9wLm4Z&fmt=json", "Rq7vTn2KpX9wLm4Z"),
        ("https://tide.example/api?harbour=whitby&password=seagull&fmt=json", "seagull"),
        ("https://tide.example/api?client_secret=seagull&fmt=json", "seagull"),
        ("https://tide.example/api?token=seagullharbourwind&fmt=json", "seagullharbourwind"),
        ("https://tide.example/api?token=seagull2027&fmt=json", "seagull2027"),
    ],
)
def test_wave44_query_secrets_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a card payment's authorisation code on a receipt's line
def test_wave44_payment_auth_codes() -> None:
    bought = "Bought two tyres, card ending 9902, approval code 55A21X, total 180.00"
    assert is_payment_auth_code(*_span(bought, "55A21X"))
    assert not is_payment_auth_code(*_span("Your auth code is 662901, enter it in the app to pay", "662901"))
    assert not is_payment_auth_code(*_span("Auth code: 662901", "662901"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Card payment of 40 EUR, auth code: 662901 - enter it in the app", "662901"),
        ("Payment app login, auth code: 662901", "662901"),
        ("Paid by card; one-time auth code: 662901", "662901"),
        ("Terminal T-88 auth code: 662901 (use it to unlock the settings)", "662901"),
        ("Payment terminal admin menu auth code: 662901", "662901"),
        ("Alarm panel auth code: 662901", "662901"),
    ],
)
def test_wave44_login_auth_codes_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a count of rounds or tries is a measure
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Safe PIN: 7305 (3 tries left)", "7305"),
        ("Salt rounds: 12, admin password: Gravel-Otter-58", "Gravel-Otter-58"),
    ],
)
def test_wave44_codes_beside_counts_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a value that a bracketed remark right beside it calls public
def test_wave44_public_remarks() -> None:
    assert has_public_remark(*_span(f"deploy user key id (public identifier only) {_AKID}", _AKID))
    assert has_public_remark(*_span(f"{_AKID} (public ID, not the secret)", _AKID))
    assert not has_public_remark(*_span(f"{_AKID} (leaked in a public repo, rotate)", _AKID))
    assert not has_public_remark(*_span(f"Wi-Fi password (public): {'Latte-Fox-2027'}", "Latte-Fox-2027"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"aws_access_key_id = {_AKID}", _AKID),
        (f"aws_access_key_id = {_AKID} (not public)", _AKID),
        (f"Found in a gist: {_AKID} (exposed publicly, revoke today)", _AKID),
        (f"key id {_AKID} - see the public docs for rotation", _AKID),
        ("Guest Wi-Fi password (public, printed on the menu): Latte-Fox-2027", "Latte-Fox-2027"),
        ("wifi password: Latte-Fox-2027 (public hotspot)", "Latte-Fox-2027"),
        ("Clé Mapbox (secrète, pas la publique) : sk.eyJ1IjoiZmx5d2F5IiwiYSI6ImNrOXoifQ.Vb3Kx9Lm2Qw7Rt", "sk.eyJ1"),
        # the lead's review: a secret-only vendor prefix goes whatever a remark says
        ("Stripe key (public): sk_live_51Hq8ZtWm3Xv9Lp2Rk7Yd4Nc6Bj", "sk_live_51Hq8ZtWm3Xv9Lp2Rk7Yd4Nc6Bj"),
        ("Token ghp_Q7w2E9r4T1y6U3i8O5p0A2s7D4f9G1h6J3k8 (public, read-only)", "ghp_Q7w2E9r4T1y6U3i8O5p0"),
        ("Slack bot token (not secret): xoxb-2291047733-8812034456-Zq4Wm8Xr2Tn6Vb1Lc9Hd3Kp", "xoxb-2291047733"),
        ("HF token (public) hf_Tq8Wm2Zr6Xv4Lp9Nc3Bj7Hd1Kf5Ys0Ga", "hf_Tq8Wm2Zr6Xv4Lp9Nc3Bj7Hd1Kf5Ys0Ga"),
    ],
)
def test_wave44_keys_without_public_remark_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_44_KEPT = [
    # a URL query's token or key parameter naming a kind or a feed
    "Subscribe: https://library.example/events/feed?branch=north&token=agenda&format=ics",
    "https://weather.example/v2/forecast?lat=51.5&lon=-0.1&key=open-data&units=metric",
    "Abfallkalender: https://stadt.example/abfuhr?strasse=Lindenweg&api_key=termine&format=ical",
    "Flux : https://mairie.example/agenda?access_token=public&lang=fr",
    "GET /timetable.ics?token=holidays HTTP/1.1",
    # a card payment's authorisation code
    "Paid by card ending 9902, auth code 55A210, terminal T-88.",
    "Kartenzahlung **** 3310, Autorisierungsnummer 771204, Betrag 23,90 EUR",
    "Paiement carte, code d'autorisation : 418822, montant 54,00 EUR",
    "Pago con tarjeta, número de autorización 045512, importe 12,00 EUR",
    "Pagamento con carta, codice di autorizzazione 993310, importo 8,40 EUR",
    "VISA **** 5512  APPROVAL CODE 01977B  TOTAL 42.10",
    # a count of rounds, iterations or tries
    f"Stored PIN hash (PBKDF2-SHA256, 600000 rounds): {_PBKDF2}",
    "Passwort-Hash mit Argon2id, 3 Iterationen, 65536 KiB, Hash-Iterationen: 600000 Iterationen",
    "Code PIN : 4 chiffres, verrouillage après 5 essais",
    "Kod PIN blokuje się po 3 próbach; hasło: co najmniej 12 znaków",
    # a bracketed remark right beside the value calls it public
    f"IAM user ci-reader, access key id (public identifier only) {_AKID}, created 2026-10-02",
    f"Access key id {_AKID} (public ID, not the secret key)",
    f"Zugriffsschlüssel-ID (öffentlich): {_AKID}",
    f"ID de clé d'accès (publique) : {_AKID}",
    f"ID de clave de acceso {_AKID} (no es secreto)",
]


@pytest.mark.parametrize("text", WAVE_44_KEPT)
def test_wave44_near_misses_kept(text: str) -> None:
    _kept(text)


def test_wave44_linear() -> None:
    assert_linear(redact, "https://a.example/x?token=agenda&y=1 " * 800)
    assert_linear(redact, "card ending 4471, auth code 803776, " * 800)
    assert_linear(redact, "key id (public) AKIAQ7T2ZC4MWN8RLB5E " * 800)
    assert_linear(redact, "PIN 4471 rounds (public) " * 1_500)
