"""Wave 33 (heldout85-88 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- a policy counting a passphrase's words ------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "Beleid: kies een wachtwoordzin van minstens vijf woorden en deel hem met niemand.",
        "Policy: choose a passphrase of at least five words and keep it in the vault.",
        "Richtlinie: eine Passphrase aus mindestens vier Wörter wählen, nie aufschreiben.",
        "Règle : une phrase de passe d'au moins quatre mots, jamais sur papier.",
        "Norma: una frase de contraseña de al menos cinco palabras, nunca en papel.",
    ],
)
def test_passphrase_policy_counting_words_kept(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("De wachtwoordzin van de kluis: paarse olifant danst vrolijk 2041", "paarse olifant danst vrolijk 2041"),
        ("The passphrase is copper lantern whistles 7731", "copper lantern whistles 7731"),
    ],
)
def test_passphrases_still_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a value a remark right after it calls a sample ---------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "In the sample config the password is 'hunter42' only as a placeholder: change it before starting.",
        "Nella guida la password è 'prova2024' solo come esempio, da cambiare subito.",
        "Im Handbuch ist das Passwort 'Test1234' nur als Platzhalter gedacht.",
        "Dans le modèle, le mot de passe est 'azerty99' comme exemple : remplacez-le.",
        "En la plantilla la contraseña es 'clave2024' de ejemplo y debe cambiarse.",
        "In het sjabloon is het wachtwoord 'welkom01' als voorbeeld; wijzig het meteen.",
    ],
)
def test_sample_remark_after_value_keeps_it(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The staging password is 'Rk7!vq2Lm' and the sample file has a placeholder.", "Rk7!vq2Lm"),
        ("La password del server è 'Vetro9#Pino', vedi l'esempio sotto per il formato.", "Vetro9#Pino"),
        ("Das Passwort ist 'Moewe7!Kai' und nicht das Beispiel aus dem Handbuch.", "Moewe7!Kai"),
    ],
)
def test_a_real_value_with_a_later_example_word_still_goes(text: str, value: str) -> None:
    _gone(text, value)


# ---- names listed empty in prose: "fill in A=, B= and C=" ---------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "Setup: fill in MAIL_API_KEY=, DB_PASSWORD= and REDIS_PASSWORD= from the team vault.",
        "Avant le déploiement, renseignez SMTP_PASSWORD= et API_TOKEN= dans le fichier .env.",
        "Vor dem Start DB_PASSWORD= und JWT_SECRET= in der .env ausfüllen.",
        "Set either ADMIN_PASSWORD= or ADMIN_TOKEN= before the first boot.",
    ],
)
def test_empty_names_joined_in_prose_kept(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("DB_PASSWORD=Tw9mQ4rZ REDIS_PASSWORD=Hx3pL8vN", "Tw9mQ4rZ"),
        ("DB_PASSWORD=andromeda77 CACHE_TTL=300", "andromeda77"),
    ],
)
def test_assignments_on_one_line_still_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- Greek password words in their cases, and a Latin value that Greek or Cyrillic text follows ---------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Ο κωδικός του router είναι Kx7#pLm2 και το όνομα χρήστη admin.", "Kx7#pLm2"),
        ("Τον κωδικό του Wi-Fi τον έχει ο Νίκος: Θάλασσα-Πέτρα42", "Θάλασσα-Πέτρα42"),
        ("Пароль от сервера — Vk7pQ2xs и логин root.", "Vk7pQ2xs"),
    ],
)
def test_greek_and_cyrillic_sentences_lose_the_value(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Ο κωδικός προϊόντος είναι AB-1234 στο τιμολόγιο.",
        "Τον κωδικό τον αλλάζουμε κάθε μήνα: δείτε την πολιτική.",
        "Ο ταχυδρομικός κωδικός είναι 10558 και η πόλη Αθήνα.",
        "Τον κωδικό του λογαριασμού τον έχει η Μαρία: θα σας τον στείλει αύριο.",
    ],
)
def test_greek_code_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- a service URL with a password and no user; a key whose remark names the other key -------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("CACHE_URL=redis://:Qm4vT8zKp2Lx@cache.shop.internal:6379/0", "Qm4vT8zKp2Lx"),
        ("broker: rediss://:Hq8zL2vwRt@mq.example.net:6380", "Hq8zL2vwRt"),
        ("Write key (not the search-only key!): 9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
        ("Clé d'administration (pas la clé de recherche) : 0a1b2c3d4e5f60718293a4b5c6d7e8f9", "0a1b2c3d4e5f6071"),
        ("API-Schlüssel des Index (nicht der Suchschlüssel): 7c1e9a3b5d7f9e1c3a5b7d9f1e3c5a7b", "7c1e9a3b5d7f9e1c"),
    ],
)
def test_service_urls_and_contrasted_keys_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "REDIS_URL=redis://:@cache:6379/0",
        "REDIS_URL=redis://:${REDIS_PASSWORD}@cache:6379/0",
        "redis://:<password>@cache:6379",
        "Search key (not a secret, public): 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
        "API key (no key needed for reads): see the portal",
    ],
)
def test_service_url_and_remark_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- a Samba tool's user%password; "reset local admin to X" --------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$ smbclient //files.lab.example/scans -U scanner%Tinta.Verde_07", "Tinta.Verde_07"),
        ("rpcclient -U 'CORP\\ops%Kx9!mPq2' 10.0.0.5 -c enumdomusers", "Kx9!mPq2"),
        ("net ads join -U Administrator%Winter!2026", "Winter!2026"),
        ("smbclient //fs/share --user=backup%Tr4il.Head -c ls", "Tr4il.Head"),
        ("Resolution: reset local admin to Kiln7#Yard and closed the ticket.", "Kiln7#Yard"),
        ("Reset the domain administrator account to Quay-Lamp#58 per runbook.", "Quay-Lamp#58"),
    ],
)
def test_samba_logins_and_admin_resets_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "smbclient //fs/share -U backup%$SMB_PASS",
        "smbclient -L fs -U guest%",
        "printf '%s' -U x%y",
        "Reset local admin to factory defaults.",
        "Reset root to read-only mode.",
        "reset admin to v2.1.0-RC",
        "Reset admin to $ADMIN_PASSWORD",
    ],
)
def test_samba_and_reset_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- a lock's digits after the sentence counts them -----------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The cash tin has a 3-digit lock: 417.", "417"),
        ("The 4-digit code for the shed is 2958, do not share.", "2958"),
        ("Vierstelliges Zahlenschloss am Spind: 3071", "3071"),
        ("Le cadenas à 3 chiffres : 529.", "529"),
        ("El candado de 4 dígitos: 8163", "8163"),
        ("Il lucchetto a 3 cifre: 742", "742"),
        ("Het cijferslot van 3 cijfers: 915", "915"),
        ("The locker has a three-digit combination: 406 and the key is with Sam.", "406"),
    ],
)
def test_counted_lock_codes_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Our 3-digit area code: 617.",
        "Enter the 4-digit code: 1234.",
        "The 4-digit code is 42815 digits long? No.",
        "The 6-digit code: 4829.",
        "The lock has 3 digits: 4, 5 and 6.",
        "A 3-digit lock costs 12.99 EUR.",
        "The 3-digit error code: 504.",
        "3-digit lock: 417 units sold.",
    ],
)
def test_counted_code_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- a quoted sentence the text calls the password -------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The password for the backup disk is the sentence 'four owls sing at noon'.", "four owls sing at noon"),
        ("Das Passwort für den Tresor ist der Satz „zwei Boote im Hafen“.", "zwei Boote im Hafen"),
        ("Le mot de passe du coffre est la phrase « trois chats dorment sur le toit ».", "trois chats dorment"),
        ("La contraseña del portátil es la frase 'el río baja frío'.", "el río baja frío"),
        ("Het wachtwoord van de schijf is de zin 'twee uilen op het dak'.", "twee uilen op het dak"),
    ],
)
def test_quoted_phrase_passwords_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "The password policy is the sentence 'at least twelve characters'.",
        "The password for the wiki is the phrase '<your phrase here>'.",
        "Our password rule is the line 'never reuse it'.",
        "The password is the sentence you chose at setup.",
    ],
)
def test_quoted_phrase_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- the new searches stay linear on repeated triggers ---------------------------------------------------------
def test_new_searches_are_linear() -> None:
    from stratakb_core.ingest.redaction_cli_secrets import cli_secret_spans
    from stratakb_core.ingest.redaction_counted_codes import counted_code_spans
    from stratakb_core.ingest.redaction_quoted_phrases import quoted_phrase_spans

    assert_linear(lambda t: list(counted_code_spans(t)), "a 3-digit lock code of the " * 3_000 + "x")
    assert_linear(lambda t: list(quoted_phrase_spans(t)), "the password for the 'is the sentence " * 2_500)
    assert_linear(lambda t: list(cli_secret_spans(t)), "smbclient -U a " * 5_000 + "%")


# ---- a generated token of letters only, beside a name saying what it opens ------------------------------------
_LETTERS_TOKEN = "kQzRmWbXtLpVnHcJsDfGyTrEwQaZxCvBnMkLpO"


@pytest.mark.parametrize(
    "text",
    [
        f"Přístupový token k API jízdních řádů: {_LETTERS_TOKEN}",
        f"Access token for the timetable API: {_LETTERS_TOKEN}",
        f"Zugriffstoken für die Fahrplan-API: {_LETTERS_TOKEN}",
        f"Jeton d'accès pour l'API des horaires : {_LETTERS_TOKEN}",
    ],
)
def test_letters_only_tokens_go(text: str) -> None:
    _gone(text, _LETTERS_TOKEN)


@pytest.mark.parametrize(
    "text",
    [
        "Token class for the timetable API: AbstractTimetableApiTokenProviderFactoryBean",
        "Access token for the timetable API: getTimetableAccessTokenFromEnvironmentNow",
        "Access token for the timetable API: PLACEHOLDERTOKENPLACEHOLDERTOKENXX",
        f"Build label of the timetable release {_LETTERS_TOKEN}",
    ],
)
def test_letters_only_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- a masked value a remark calls masked; a table cell's placeholder with a remark -------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "2026-11-02 08:01:13 INFO sync connecting with api_key=****41ce (masked)",
        "token=••••7c2e (masked)",
        "Zugang: secret=****a9 (maskiert)",
        "| Host | User | Password |\n|---|---|---|\n| NVR | view | n/a (badge reader) |\n| Gate | op | none (SSO) |",
    ],
)
def test_masked_values_and_remarked_placeholders_kept(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("password=Kx7!mQ2z (masked in the UI only)", "Kx7!mQ2z"),
        ("password=Kx7!mQ2z # never masked anywhere, rotate", "Kx7!mQ2z"),
        ("| Host | User | Password |\n|---|---|---|\n| Lift | svc | Lift#Key-2291 (rotated) |", "Lift#Key-2291"),
    ],
)
def test_values_beside_a_remark_still_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a passphrase's name, who chose it, and quoted words; a DeepL Free key ---------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('The vault passphrase we picked is "amber kettle drifting north" for now.', "amber kettle drifting north"),
        ('Die Passphrase, die ich gewählt habe, ist "blaue Möwe tanzt leise".', "blaue Möwe tanzt leise"),
        ("La phrase de passe que j'ai choisie est « vent-du-nord-sur-la-digue ».", "vent-du-nord-sur-la-digue"),
        ("Clé DeepL de l'équipe : 3f0a9c2e-7b41-4d8e-a1c5-9e2b7f6d4c10:fx", "3f0a9c2e-7b41-4d8e-a1c5-9e2b7f6d4c10"),
    ],
)
def test_chosen_passphrases_and_deepl_keys_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        'The passphrase I chose is "at least five words".',
        'The passphrase field is "optional" in the form.',
        'The passphrase I use is "the one from the vault".',
        "request id 3f0a9c2e-7b41-4d8e-a1c5-9e2b7f6d4c10 failed",
    ],
)
def test_chosen_passphrase_and_uuid_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- "logs in as X with Y": the third person of a login -----------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Hi Sam, the till laptop logs in as 'shop' with Lantern_Friday_27. Please leave it.", "Lantern_Friday_27"),
        ("The kiosk signs in as kiosk2 using Harbour-Lamp#42.", "Harbour-Lamp#42"),
        ("The job connects as svc_etl with Kx7!mQ2z.", "Kx7!mQ2z"),
    ],
)
def test_third_person_logins_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "The app logs in as admin with SSO.",
        "The laptop logs in as events with the usual password.",
        "She logs in as admin with her badge.",
    ],
)
def test_third_person_login_near_misses_kept(text: str) -> None:
    _kept(text)
