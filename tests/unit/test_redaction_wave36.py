"""Wave 36 (heldout99-104 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction_cookie_pairs import cookie_pair_spans
from stratakb_core.ingest.redaction_passphrase_forms import passphrase_form_spans
from stratakb_core.ingest.redaction_place_codes import place_code_spans
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- a door's, a locker's or a cabinet's code with a star or a hash, a dial, an alarm code punched in ----------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Koden till cykelförrådet vid skolan är 4417*2, stäng dörren efter dig.", "4417*2"),
        ("Der Code für den Müllraum lautet ab heute 6631#0. Bitte nicht weitergeben.", "6631#0"),
        ("De code van het fietshok is veranderd naar 7702*. Groetjes, Bram", "7702*"),
        ("Ребята, код от склада теперь 3318#4. Никому не говорите.", "3318#4"),
        ("Le code du local vélos est désormais 9120*5, merci de refermer.", "9120*5"),
        ("El código del trastero cambió a 5561#. Saludos.", "5561#"),
        ("The locker room code changed to 2846*3 as of this morning.", "2846*3"),
        ("Die Zahlenkombination vom Spind im Keller ist 7-21-4-30.", "7-21-4-30"),
        ("La combinaison du cadenas de la remise est 12-3-28.", "12-3-28"),
        ("The combination for the tool cabinet is now 9-14-2-27.", "9-14-2-27"),
        ("When the alarm starts beeping, key in 6604 on the panel by the back door.", "6604"),
        ("If the siren sounds, punch in 4127# and wait for the green light.", "4127#"),
    ],
)
def test_place_codes_go(text: str, value: str) -> None:
    _gone(text, value)


# module-level, so scripts/train_redaction_scorer.py --cut-near-misses freezes them as the scorer's negatives (stop 45:
# the retrain on heldout165-168 redacted the puzzle's "2-7-6" as likely_secret while this list sat inside the decorator)
PLACE_CODE_KEPT = [
    "Dial *100# to check your prepaid balance; the code costs nothing.",
    "Monday's conference bridge: join with code 8472910# from any phone.",
    "Error code 5004* on the fridge display means the door sensor is loose.",
    "Use promo code 2024*5 at checkout for ten percent off.",
    "Der Code-Standard für Türen wurde 2019 aktualisiert; Preis 49,99 €.",
    "The combination of both methods was tested on 4-12-2026 and again later.",
    "Zahlenkombination ändern: siehe Anleitung auf Seite 12.",
    "Die beste Zahlenkombination im Rätsel ist 2-7-6.",
    "Keyboard combination for the mute button: 4-5-6 on the numpad.",
    "Example: the code for the demo door is 1234*5 (sample value, not in use).",
    "Call the front desk on extension 4471 and press 2 for the locker room.",
    "Punch in at 0800 and out at 1630; the alarm panel is tested monthly.",
    "Version 3.2.1 of the keypad firmware fixes code 1204*.",
    # the lead's review: goods' codes with a star or a hash
    "Product code 4411#2 is the blue model; order code 5520*1 for the red one.",
    "Artikelcode 7781*3 ist derzeit nicht lieferbar.",
    "Tariff code 8703*21 applies to the import of the spare parts.",
]


@pytest.mark.parametrize("text", PLACE_CODE_KEPT)
def test_place_code_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- a passphrase of plain words: a copula or a colon, a comma or an exclamation mark inside, a chat's reply -----
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "The backup vault unlock phrase is seven quiet otters, paddle home. Keep it offline.",
            "seven quiet otters, paddle home",
        ),
        ("Das WLAN-Passwort im Lager lautet: Kisten stapeln, Tor zu!", "Kisten stapeln, Tor zu!"),
        (
            "Die Passphrase für das Archiv lautet Grüne Wolken tanzen über Dächern - bitte merken.",
            "Grüne Wolken tanzen über Dächern",
        ),
        ("De passphrase van de NAS luidt oranje fietsen rijden snel - niet delen.", "oranje fietsen rijden snel"),
        (
            "the passphrase for the studio network (STUDIO-5G) is four red chairs and a lamp",
            "four red chairs and a lamp",
        ),
        (
            "Kim: what's the passphrase for the archive disk again?\nLee: copper kettle under moonlight\nKim: ta",
            "copper kettle under moonlight",
        ),
        ("Kodeordet til printeren i kælderen er Sø-Bølge-44.", "Sø-Bølge-44"),
        ("Öğrenci portalı giriş şifresi: Deniz.Yildiz_37", "Deniz.Yildiz_37"),
        ("# old plain password until hashing lands: Harbor!Gull52", "Harbor!Gull52"),
    ],
)
def test_passphrases_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "The vault unlock phrase is three words long, all lower case.",
        "Die Passphrase lautet wie im letzten Jahr, siehe Tresor.",
        "The passphrase is two days old, rotate it on Friday.",
        "Kim: what's the passphrase for the archive disk?\nLee: ask Sam, it is in the vault\nKim: ok",
        "Kim: what's the passphrase for the archive disk?\nLee: no idea\nKim: ok",
        "Senha do Wi-Fi da recepção: consultar o quadro na entrada. Este guia não contém a senha.",
        "Login fürs Intranet: Benutzer lager02, Passwort [ENTFERNT]",
        "Argon2 settings for password hashing: m=19456, t=2, p=1.",
        "Nel file .env sostituisci TOKEN=la_tua_chiave con il valore vero.",
        "Config.timeout_30 sets the password prompt's timeout.",
        "2026-11-30T08:01:55Z sshd accepted user=backup method=password src=198.51.100.7",
        "Beleid: kies een wachtwoordzin van minstens vijf woorden en deel je wachtwoord nooit, ook niet met collega's.",
        "Richtlinie: die Passphrase hat mindestens vier Wörter und ist geheim, auch vor Kollegen.",
    ],
)
def test_passphrase_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- a session cookie pasted as name=value ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Session cookie from the bug report: app_session=9f3b1c77e2a04d5e8b6a1f0c3d2e9a7b4c5d6e7f8a9b0c1d",
            "9f3b1c77e2a04d5e8b6a1f0c3d2e9a7b4c5d6e7f8a9b0c1d",
        ),
        ("Cookie de sesión copiado: PHPSESSID=q8v2m4k9r1t6y3u7i0o5p2a8s4d6f1g3", "q8v2m4k9r1t6y3u7i0o5p2a8s4d6f1g3"),
        ("Sitzungscookie im Ticket: shop_sid=7Hq2Lm9Xv4Rt8Kp3Wz6Nb1Yc5Fd0Gs2J", "7Hq2Lm9Xv4Rt8Kp3Wz6Nb1Yc5Fd0Gs2J"),
    ],
)
def test_session_cookies_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Set session_timeout=3600 and session_count=12 in the config.",
        "Paste your cookie as sessionid=<your-session-id> in the header.",
        "The app sets app_session=example_value_for_docs during the demo.",
        "Session ids look like sid=1234 in the old logs.",
        "PLIVO_ACCOUNT_SID=MA7c2e91d04b5a6f38e1d2c3b4a5f6e7d8   # the account's public id",
    ],
)
def test_session_cookie_near_misses_kept(text: str) -> None:
    _kept(text)


def test_new_finders_are_linear() -> None:
    assert_linear(lambda t: list(place_code_spans(t)), "code for the door 1234*5 punch in 4411 alarm " * 2_000)
    assert_linear(lambda t: list(place_code_spans(t)), "Zahlenkombination ist 1-2-3 " * 3_000)
    assert_linear(
        lambda t: list(passphrase_form_spans(t)), "A: the passphrase for x ?\nB: one two three four\n" * 1_500
    )
    assert_linear(lambda t: list(cookie_pair_spans(t)), "app_session=" + "ab" * 30 + " x_sid=" * 2_000)
