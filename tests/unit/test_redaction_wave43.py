"""Wave 43 (heldout141-144 as tuning data, heldout133-140's misses): redaction families, our own examples and clean
near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_unfilled import is_later_value, is_prefixed_placeholder
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched

_HEX40 = "3fa92c07d1b84e65a0c7f2d913b5e8a4c6d07f21"
_BOT = "5712093348:AAGk3Qz9LmW2xVb7NcT4pRy8HdJ6sFeU1oK"


# ---- a value that leaves the secret unfilled: promised for later, or a real prefix before a placeholder
def test_wave43_unfilled_values() -> None:
    later = (
        "will be sent separately",
        "wird vor Ort mitgeteilt",
        "sera communiquée par SMS la veille",
        "se enviará por correo el lunes",
        "verrà fornita all'arrivo in reception",
        "wordt later gedeeld door de beheerder",
        "skickas separat",
        "to be provided on site",
        "zostanie przesłane mailem",
    )
    assert all(is_later_value(v) for v in later)
    assert not any(is_later_value(v) for v in ("willow sends rain", "otter will be late", "sent", "Tobe2027!"))
    assert is_prefixed_placeholder("6601928374:PASTE_YOUR_BOT_TOKEN_HERE")
    assert is_prefixed_placeholder("ACME01:<api-token>")
    assert not is_prefixed_placeholder(_BOT)
    assert not is_prefixed_placeholder("https://hooks.example/incoming/abc")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"TELEGRAM_BOT_TOKEN={_BOT}", _BOT),
        (f"bot_token: {_BOT}  # the alerts bot", _BOT),
        ("Passwort für das Gäste-WLAN: Wird2027Neu!", "Wird2027Neu!"),
        ("password del Wi-Fi della sala: Sala-Verde-2027!", "Sala-Verde-2027!"),
    ],
)
def test_wave43_filled_values_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a digest by its own remark, a key that only looks things up
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"API key: {_HEX40} (rotate after the SHA-256 migration)", _HEX40),
        (f"Signing key for the export: {_HEX40}", _HEX40),
        (f"cache API key: {_HEX40}", _HEX40),
        (f"PagerDuty routing key: {_HEX40[:32]}", _HEX40[:32]),
        # the lead's review: a secret's label before a hash remark ("HMAC", "SHA-256" of the key's use)
        (f"Webhook signing secret: {_HEX40}{_HEX40[:24]} - SHA-256 HMAC, rotate yearly", f"{_HEX40}{_HEX40[:24]}"),
        (f"Secret: {_HEX40}{_HEX40[:24]} (sha256 HMAC key)", f"{_HEX40}{_HEX40[:24]}"),
        (f"Clé de signature : {_HEX40} (SHA-1)", _HEX40),
    ],
)
def test_wave43_keys_beside_hash_words_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a URL with a login inside a sentence or after a label goes whole
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Stock feed (reseller login): https://reseller:Qv8Lm2Tx9Rw4@stock.partner.example/feed.csv",
            "https://reseller:Qv8Lm2Tx9Rw4@stock.partner.example/feed.csv",
        ),
        (
            "Der Export ruft https://export:Zr7Kp3Nw9Ys2@erp.example/api/v2/orders jede Nacht auf.",
            "https://export:Zr7Kp3Nw9Ys2@erp.example/api/v2/orders",
        ),
        (
            "Agenda partagé : https://planning:Hb4Tq8Lm2Vz6@dav.traiteur.example/cal/equipe/.",
            "https://planning:Hb4Tq8Lm2Vz6@dav.traiteur.example/cal/equipe/",
        ),
    ],
)
def test_wave43_login_urls_go_whole(text: str, value: str) -> None:
    _gone(text, value)
    assert "@" not in redact(text).text.split("://")[-1] or "://" not in redact(text).text


def test_wave43_sentence_end_after_url_stays() -> None:
    out = redact("Feed: https://feed:Hb4Tq8Lm2Vz6@data.example/x.xml. Next line follows.").text
    assert out.endswith("]. Next line follows.")


# ---- a hook's token that holds two runs of lower-case letters by chance
def test_wave43_hook_token_with_letter_runs_goes() -> None:
    token = "Kp7XwQz2RmbtfpaVnH8sJd4LgcqeYw3FTu9AhZ1N"
    text = f"Post alerts to https://hooks.chat.example/incoming/{token} (anyone with it can post)."
    _gone(text, token)


# ---- a code told in a sentence: an adverb of time, a compound naming whose code it is, dashes, Turkish
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Koden till förrådet är nu 5816. Säg till om den inte fungerar.", "5816"),
        ("De code van de kluis is nu 5520, niet doorvertellen.", "5520"),
        ("Der Code für den Tresor ist jetzt 3817.", "3817"),
        ("Hej Lars, din nye medarbejderkode til kantinen er 73920. Hilsen HR", "73920"),
        ("Kassa: beheercode 8842 (alleen voor de bedrijfsleider).", "8842"),
        ("Nøkkelboksen henger ved døra. Koden er 4-7-1-9.", "4-7-1-9"),
        ("Kasa dolabını 5830 şifresiyle açın.", "5830"),
        ("Depo alarmını 71946 koduyla kurun.", "71946"),
        ("摄影棚仓库密码锁：730519，用完请锁好。", "730519"),
        ("门禁码：5283", "5283"),
    ],
)
def test_wave43_told_codes_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a chat's answer: a dial's combination, a passphrase of plain words
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("[09:12] Ana: what's the combination for the bike shed?\n[09:13] Rob: 14-32-08, then pull", "14-32-08"),
        ("Mia: quelle est la combinaison du cadenas ?\nLeo: 7-3-9-1", "7-3-9-1"),
        (
            "[08:01] Sam: what's the passphrase for the grades drive?\n[08:02] Ivy: silver fox jumps twice - lowercase",
            "silver fox jumps twice",
        ),
    ],
)
def test_wave43_chat_answers_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a passphrase given after a user's name and a comma, or "with the passphrase X until ..."
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Kassen: brugernavn bogholder, adgangssætning blå ko på rød bakke", "blå ko på rød bakke"),
        ("Banca: utente tesoriere, passphrase gatto nero sul tetto caldo", "gatto nero sul tetto caldo"),
        (
            "Please log in with the team account and the passphrase amber kettle harbour 1998 until SSO is live.",
            "amber kettle harbour 1998",
        ),
        (
            "Ouvrez le coffre avec la phrase de passe quatre chats gris dansent et refermez-le.",
            "quatre chats gris dansent",
        ),
    ],
)
def test_wave43_passphrase_forms_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a Wi-Fi key under a network's line that says whose network it is; a meeting's Kenncode
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Rete Wi-Fi per i docenti: DOCENTI-5G\nChiave: lavagna.blu.42", "lavagna.blu.42"),
        ("Wi-Fi network for the kitchen staff: KITCHEN-2\nKey: whisk.orange.17", "whisk.orange.17"),
        ("Meeting-ID: 815 2290 4471\nKenncode: Physik7x", "Physik7x"),
    ],
)
def test_wave43_wifi_and_meeting_codes_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a passphrase under a password's remarked label, short Polish, Czech, Nordic or Dutch links between its words
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Hasło do dysku z kamer: sowa siedzi na starym dębie (nie udostępniać!)", "sowa siedzi na starym dębie"),
        ("Hasło do dysku z kamer: sowa siedzi na starym dębie", "sowa siedzi na starym dębie"),
        ("Senha do cofre da loja: gato preto dorme na janela", "gato preto dorme na janela"),
    ],
)
def test_wave43_linked_phrases_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_43_KEPT = [
    # a password's label over advice with the same short links
    "Hasło do dysku: znajdziesz w sejfie na biurku",
    "Hasło do dysku: zapytaj administratora w biurze",
    "Hasło do dysku: minimum osiem znaków i jedna cyfra",
    "Senha do cofre: está na gaveta da secretária",
    "Wachtwoord voor de NAS: staat op het briefje aan de muur",
    "Adgangskode til serveren: ligger i skabet på kontoret",
    # a value promised for later, in several languages
    "Wi-Fi password: will be sent separately on the day of the event",
    "Passwort für das Gäste-WLAN: wird vor Ort mitgeteilt (Feld absichtlich leer)",
    "Mot de passe du Wi-Fi : sera communiqué par SMS la veille",
    "Contraseña de la red: se enviará por correo el lunes",
    "password del Wi-Fi della sala: verrà fornita all'arrivo in reception",
    "wachtwoord: wordt later gedeeld door de beheerder",
    "lösenord till gästnätet: skickas separat",
    # a token's real prefix before a placeholder
    "TELEGRAM_BOT_TOKEN=6601928374:PASTE_YOUR_BOT_TOKEN_HERE",
    "BOT_TOKEN=123456789:REPLACE_ME\nCHAT_ID=",
    "api_token: ACME01:<api-token>",
    # a digest by its remark, a lookup key by its label
    f"cache key: {_HEX40} (sha1 of the rendered page)",
    f"ETag key: {_HEX40} (SHA-1 hash of the body)",
    f"Cache-Schlüssel: {_HEX40}",
    f"clé de cache : {_HEX40}",
    f"Idempotency-Key: {_HEX40}",
    f"partition key = {_HEX40}",
    # a group's, a promotion's or a booking's code, also with what it is for
    "Group block code for the Baltic Logistics Forum: BLF27-K8Q3. Delegates type this code on the booking page.",
    "Promo code for the spring fair: SPRING-27X",
    "Código de grupo para el congreso: CONG27-A1",
    "Codice sconto per i soci: SOCI-2027",
    "Rabattcode für Mitglieder: MITGLIED27",
    # codes that are no secret near the told codes
    "The code is 1000 characters long.",
    "Koden er nu 4 cifre.",
    "Postkoden er nu 2100.",
    "The error code is now 4471.",
    "Koden har været den samme siden 2019.",
    "Der Code ist 2024-05-12.",
    "34000 posta kodu ile gönderin.",
    "Hata 4040 koduyla döndü.",
    "密码锁：8位以上",
    "密码锁型号：2024",
    # chats answering where, not what
    "[12:41] Ana: what's the passphrase for the archive again?\n[12:42] Rob: ask priya she knows it",
    "[12:41] Ana: what's the passphrase for the archive again?\n[12:42] Rob: still the old one from last term",
    "[09:12] Ana: what's the combination for the bike shed?\n[09:13] Rob: no idea, ask the caretaker",
    # passphrase words that say where it comes from or what it is like
    "Log in with the passphrase you chose at enrolment until IT resets it.",
    "Melden Sie sich mit der Passphrase aus dem Begrüßungsbrief an.",
    "Use a passphrase like correct horse battery staple for the demo.",
    "Encrypt the drive with a passphrase of at least five words and store it in the vault.",
    # a Wi-Fi network's line over a key line that is no key
    "Wi-Fi network for guests: GUESTS-2\nKey: ask at the desk",
    "Wi-Fi network for the cleaners: CLEAN-88\nKey: WPA2",
    # a Kenncode told later or counted
    "Kenncode: 6 Ziffern",
    "Kenncode: wird per Mail verschickt",
    # the lead's review: a digest labelled as one keeps its hash remark
    f"Password hash: {_HEX40} (sha1)",
    f"File checksum: {_HEX40} (SHA-1 of the tarball)",
]


@pytest.mark.parametrize("text", WAVE_43_KEPT)
def test_wave43_near_misses_kept(text: str) -> None:
    _kept(text)


def test_wave43_linear() -> None:
    assert_linear(redact, "Koden till rummet är nu 5816 och " * 1_000)
    assert_linear(redact, "with the passphrase amber kettle harbour and " * 800)
    assert_linear(redact, "see https://u:Hb4Tq8Lm2Vz6@h.example/x and " * 800)
    assert_linear(redact, "Group code for the fair fair fair: ABC-123 " * 800)
    assert_linear(redact, "5830 koduyla " * 2_000)
