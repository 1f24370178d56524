"""Wave 41 (heldout125-132 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- lock codes: more places, code words and shapes; a long remark; a year's digits with an instruction after them
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Cajetín de llaves junto al portal. Código: 4-8-1-6. Devolver la llave al salir.", "4-8-1-6"),
        ("Lockbox by the garage, code B-4-4-9. Scramble the wheels after use.", "B-4-4-9"),
        ("Nøgleboksen ved døren har koden 4-7-1-2.", "4-7-1-2"),
        ("Cykelkælderen: koden er ændret til 3817. Den gamle virker ikke.", "3817"),
        ("Källaren: koden är 5831.", "5831"),
        ("Sejf w piwnicy - szyfr: 12-40-33.", "12-40-33"),
        ("Kombinasjonen til safen på kontoret: 22-35-08.", "22-35-08"),
        (
            "La combinazione del lucchetto (quello grigio sulla porta del magazzino, non quello nero): 18-24-06.",
            "18-24-06",
        ),
        ("Keysafe by the back door - code 1972 (press the lever down first).", "1972"),
        ("Alarmanlage Büro\nUnscharf schalten: Code 60418 + Taste AUS", "60418"),
        ("Il portone si apre digitando 7702 sulla tastiera.", "7702"),
        ("La verja se abre tecleando 3391 en el teclado.", "3391"),
        ("Murtohälytin: näppäile koodi 9052 ja paina OFF.", "9052"),
        ("| Kunde | Kod drzwi |\n|---|---|\n| Nowak | 7719 |", "7719"),
        ("Door codes\n- Front: 4471\n- Back gate: 4-7-1-9 (new)", "4-7-1-9"),
        ("Türcodes Lager\nHalle A: 7719#\nHalle B: 3382", "7719#"),
        ("Códigos de las puertas\nEntrada: 5520\nGaraje: 1187", "1187"),
        ("| Shed | padlock 7731 | combo, reset monthly |", "7731"),
        ("Koder til dørene\nHoveddør: 4471\nBagdør: 5512", "5512"),
        ("Ovikoodit\nA-rappu: 4471\nB-rappu: 5512", "4471"),
        ("Locker combinations\nLocker 12: 14-22-36\nLocker 13: 08-30-12", "14-22-36"),
        ("Garasjeporten har fått ny kode. Den er 7730.", "7730"),
        ("De code van het hek is gewijzigd naar 7812.", "7812"),
        ("La combinación del candado cambió a 12-30-08.", "12-30-08"),
        ("Der Garagencode wurde auf 4471 geändert.", "4471"),
    ],
)
def test_wave41_lock_codes_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_41_LOCK_KEPT = [
    "The keysafe was fitted in 1998 - code changes every month (ask the office).",
    "Keysafe model code 2019 (see the manual).",
    "The door code 2024 (new scheme) is on the board.",
    "Our keysafe code 1966 (year the house was built) is printed on the box.",
    "Error code 1966 (keysafe battery low) shows on the panel.",
    "Kælderen er åben fra 0800 til 1600.",
    "Keller: 24 m², Baujahr 1966.",
    "Part number for the keysafe: K-2-4-6-8",
    "Kod pocztowy: 00-950 Warszawa",
    "Szyfr: AES-256 dla dysku.",
    "Combinazione di colori della cassaforte (rosso e blu): disponibile in 3 varianti.",
    "Cassaforte (modello 2024): 36 kg, prezzo 299.",
    "Der Code der Alarmanlage: 4711 ist nur ein Beispiel.",
    "Der Code der Alarmanlage (siehe Handbuch, Seite 12): 4711 ist nur ein Beispiel.",
    "The typing speed test on the door panel shows 4471 keystrokes.",
    "Entering 2024 in the year field of the gate's panel resets the schedule.",
    "| Klient | Adres | Kod pocztowy |\n|---|---|---|\n| Kowalski | ul. Polna 3 | 00-950 |",
    "Version C-9-2-7 of the keysafe firmware shipped.",
    "Keysafe code format: A-1-2-3 (example only).",
    "Scharf schalten der Alarmanlage dauert 30 Sekunden.",
    "Door codes policy\nLength: 6 digits\nRoom 1: 123456",
    "Door codes (example)\nRoom 1: 1234",
    "Room numbers\nRoom 1: 6128",
    "Door codes changed in week 49\nNext change: 2027\nLast change: 2026",
    "Door codes - who to call\nFacilities phone: 4400\nSecurity ext: 5512",
    "Door codes\nFront door: 2024 model keypad",
    "Alarm codes\nFault 3301: low battery\nError: 1104",
    "Abus padlock 1500, combination model, price 12 EUR",
    "Padlock 40 mm with a combination dial",
    "Padlock 2024 edition - code reset instructions in the box",
    "The keysafe 1500 series holds 5 keys; code length 4 digits.",
    "Port numbers\nSSH: 2222\nHTTPS: 8443",
    "Feilkode 4711 på døren betyr lavt batteri.",
    "Kode 2100 er postnummeret til kontoret ved døren.",
    "Ovikoodit vaihtuvat kuukausittain (ohje).",
    "Store codes\nLondon: 1021\nParis: 1044",
    "Garage fault code 4471 on the opener.",
    "Garagen 1-12: Stellplatzcode 2025 gilt ab Januar.",
    "Garage door model code 2024 (see manual).",
    "Der Garagencode ist im Beispiel 1234.",
    "The garage has 4471 sq ft.",
    "Entry codes for the customs form\nHS code: 847130",
    "Room codes for the timetable\nRoom A: 1101\nRoom B: 1102",
    "Access codes (API scopes)\nread: 0400\nwrite: 0600",
    "Cabinet codes (IKEA parts)\nShelf: 10234\nDoor: 10235",
]


# ---- words: dashed-word passwords, "now it is X", a PIN's digits after "It's", passphrase compounds, "= words"
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Das Passwort für den Laborrechner ist jetzt Nebel-Kiefer-Stein.", "Nebel-Kiefer-Stein"),
        ("The password for the shared drive is Copper-Kettle-Whistle - please don't share it.", "Copper-Kettle"),
        ("The Wi-Fi in the barn is called Hayloft and the key is maple-owl-lantern.", "maple-owl-lantern"),
        ('La clave del wifi de la sala es "Nube-Cactus-Sierra".', "Nube-Cactus-Sierra"),
        ("The router password changed. Now it's Harbor-Gull-8812, tell the team.", "Harbor-Gull-8812"),
        ("La contraseña del portal cambió. Ahora es Faro-Norte-5521.", "Faro-Norte-5521"),
        ("Le mot de passe a changé. Maintenant c'est Brume-Phare-9034.", "Brume-Phare-9034"),
        ("The alarm code was reset by the installer. It's 582013, keep it to yourself.", "582013"),
        ("The app asks for a PIN. It's 4417 (same as the lockers).", "4417"),
        ("Der Spind im Umkleideraum braucht einen PIN. Es ist 4417.", "4417"),
        ("Der WLAN-Schlüssel lautet Efeu-Ranke-Birke.", "Efeu-Ranke-Birke"),
        ("Het wachtwoord van de nas is: Molen-Dijk-Wolk", "Molen-Dijk-Wolk"),
        ("Krypteringsfrasen till NAS:en är: gul båt över mörk sjö", "gul båt över mörk sjö"),
        ("Kennsatz für das Archiv: grüne Katze springt hoch", "grüne Katze springt hoch"),
        ("Encryption phrase for the backup drive: quiet river under old bridge", "quiet river under old bridge"),
        ("master password = tractor ploughs the clay at six", "tractor ploughs the clay"),
        ("Passwort = Traktor pflügt um sechs durch den Lehm", "Traktor pflügt"),
        ("beheerderswachtwoord = molen draait in de wind", "molen draait"),
    ],
)
def test_wave41_word_families_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_41_WORDS_KEPT = [
    "The password must be end-to-end encrypted.",
    "Password policy: use three words like Apple-Tree-House.",
    "Das Passwort ist im Max-Planck-Institut hinterlegt.",
    "The key is state-of-the-art.",
    "The key is pay-as-you-go pricing.",
    "The key is WPA2-PSK-AES.",
    "The key for the Rhein-Main-Gebiet is on the office wall.",
    "The password is see-the-vault-entry.",
    "The password manager is Bit-Warden-Cloud.",
    "The key is Nord-Ostsee-Kanal.",
    "The lockers use a PIN you choose yourself. It's 4 to 8 digits long.",
    "Reset the PIN on the kiosk. It's 2024 firmware so hold the button.",
    "The PIN pad is broken. It's 1234 minutes past the deadline.",
    "Ask for the gate code at reception. It's open 0800-1800 anyway.",
    "The PIN reminder letter came. It's dated 2025.",
    "The password policy changed. Now it is stricter than before.",
    "The door code changed. Now it's on the board in the office.",
    "Krypteringsfrasen ska vara minst fem ord lång: se policyn.",
    "Kennsatz: siehe Tresor im Büro",
    "Encryption phrase policy: at least five words",
    "Encryption phrase: use the one from the vault entry",
    "password = see the vault entry for this one",
    "password = at least twelve characters long",
    "password = same as the router one",
    "password = not set yet",
    "admin password = ask the caretaker for it",
    "api_key = the one from the portal",
    "Passwort = wird per Post geschickt",
    "password hint = the name of our first dog",
    "default password = printed on the label underneath",
    "wachtwoord = Jan de Vries",
]


# ---- shapes and forms: a Wi-Fi QR payload, a session cookie named "sessionid", a login URL alone on its line
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Poster text: WIFI:S:Cafe Guest;T:WPA;P:latte\\;art42;H:false;;", "latte\\;art42"),
        ("WIFI:T:WPA2;S:Werkstatt;P:hobel span sieben;;", "hobel span sieben"),
        ("Cookie from the devtools:\nsessionid=q8w7e6r5t4y3u2i1o9p0a8s7d6f5g4h3", "q8w7e6r5t4y3u2i1o9p0a8s7d6f5g4h3"),
        ("sessionid=Zx81kLmP02qRt7YvN4sWb6Hc; Path=/; HttpOnly", "Zx81kLmP02qRt7YvN4sWb6Hc"),
        ("Feed URL (keep private):\nhttps://obituary:Xk29LmQp7RtVb@feeds.example.test/export.xml", "feeds.example"),
        ("- sftp://backup:Tr0ut!Lake@files.example.test/nightly", "files.example.test/nightly"),
        ("SENTRY_DSN=https://0f3a9c2b7d1e4f5a8b6c9d0e1f2a3b4c@o98765.ingest.tracker.test/44", "0f3a9c2b7d1e4f5a"),
        ("Sentry DSN (server, keep it secret): https://0f3a9c2b7d1e4f5a8b6c9d0e1f2a3b4c@o1.tracker.test/4", "0f3a9c"),
        ("Public mirror clone: https://Zk3fP9qL2mX7vB4nR8tY1wC6@git.example.test/org/repo.git", "Zk3fP9qL2mX7"),
    ],
)
def test_wave41_shapes_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_41_SHAPES_KEPT = [
    "WIFI:T:nopass;S:Library-Open;;",
    "WIFI:T:WPA;S:Office;P:;;",
    "WIFI:T:WPA;S:Office;P:<wifi-key>;;",
    "WIFI:T:WPA;S:Office;P:${WIFI_PASSWORD};;",
    "QR format: WIFI:T:<type>;S:<ssid>;P:<password>;;",
    "Audit: user=desk4 action=logout ip=203.0.113.7 session=9c1e55ab07d2f3e4a6b8c0d1",
    "sessionid=<your-session-id>",
    "session=example",
    "session_timeout=3600",
    "postgres://user:password@localhost/db",
    "postgres://demo:demo@localhost/db",
    "https://${USER}:${PASS}@host.example.test/",
    "https://user@host.example.test/path",
    "DSN pública del navegador: https://0f3a9c2b7d1e4f5a8b6c9d0e1f2a3b4c@o1.ingest.tracker.test/7",
    "Öffentlicher DSN fürs Frontend: https://0f3a9c2b7d1e4f5a8b6c9d0e1f2a3b4c@o1.ingest.tracker.test/7",
    "Browser DSN (public key only): https://5e2b9a7c1d3f4e6a8b0c2d4e6f8a0b1c@o22.ingest.tracker.test/90",
]

WAVE_41_KEPT = [*WAVE_41_LOCK_KEPT, *WAVE_41_WORDS_KEPT, *WAVE_41_SHAPES_KEPT]


@pytest.mark.parametrize("text", WAVE_41_KEPT)
def test_wave41_near_misses_stay(text: str) -> None:
    _kept(text)


def test_dashed_words_judge() -> None:
    from stratakb_core.ingest.redaction_dashed_words import is_dashed_words

    assert is_dashed_words("Orgel-Wurm-Kaffee")
    assert is_dashed_words("efeu-ranke-unter-birken")
    assert not is_dashed_words("end-to-end")
    assert not is_dashed_words("state-of-the-art")
    assert not is_dashed_words("WPA2-PSK-AES")
    assert not is_dashed_words("TLS-ECDHE-RSA")
    assert not is_dashed_words("Baden-Baden")  # two words


def test_wave41_finders_linear() -> None:
    from stratakb_core.ingest.redaction import redact
    from stratakb_core.ingest.redaction_anaphora import anaphora_spans
    from stratakb_core.ingest.redaction_assigned_phrases import assigned_phrase_spans
    from stratakb_core.ingest.redaction_credential_urls import credential_url_spans
    from stratakb_core.ingest.redaction_dashed_words import dashed_word_spans
    from stratakb_core.ingest.redaction_lock_codes import lock_code_spans
    from stratakb_core.ingest.redaction_lock_lists import lock_list_spans
    from stratakb_core.ingest.redaction_wifi_qr import wifi_qr_spans

    assert_linear(lambda t: list(lock_list_spans(t)), "Door codes\n" + "Room 1: 6128\n" * 3_000)
    assert_linear(lambda t: list(lock_list_spans(t)), "padlock 0418 " * 3_000)
    assert_linear(lambda t: list(lock_code_spans(t)), "code (a remark) " * 3_000)
    assert_linear(lambda t: list(dashed_word_spans(t)), "password is a-b " * 3_000)
    assert_linear(lambda t: list(assigned_phrase_spans(t)), "password = a b c d e f g h i j k l\n" * 2_000)
    assert_linear(lambda t: list(credential_url_spans(t)), "https://a:b@c.d/e\n" * 3_000)
    assert_linear(lambda t: list(wifi_qr_spans(t)), "WIFI:T:WPA;" * 3_000)
    assert_linear(lambda t: list(anaphora_spans(t)), "The PIN. It's 4417 " * 2_000)
    assert_linear(lambda t: redact(t), "card PIN 1234 on " * 1_000)
