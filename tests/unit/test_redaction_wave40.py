"""Wave 40 (heldout117-124 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- false redactions of older rules: data in base64, masks read past a bracket, change-me words, public ids,
# ---- tickets called "pass", a lock's other numbers, pointer sentences in any tense
WAVE_40_DATA_KEPT = [
    "Tracking pixel key: R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==",
    "Company logo (base64, inline): iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kg",
    "Clé de l'archive jointe (zip en base64) : UEsDBBQAAAAIAGx0ZVdYm0oRCwAAAAkAAAAIAAAAbm90ZS50eHQ=",
    "Secret Santa list, base64 so nobody peeks: QW5uYSDihpIgQm9yaXMsIEJvcmlzIOKGkiBDbGFyYQ==",
    "Geheimer Wochenplan (Base64): RGllbnN0YWcgU3DDpHRzY2hpY2h0OiBNw7xsbGVyLCBCw6Rja2Vy",
    "2026-11-03 10:12:44 WARN login failed user=ops (password=***)",
    "Connecting to broker as svc (token=<hidden>) ...",
    "debug: auth request {user=anna, password=[FILTERED]}",
    "DB_PASSWORD = VERVANG_MIJ",
    "passord: ERSTATT_MEG",
    "salasana = VAIHDA_TAMA",
    "haslo: ZMIEN_TO",
    "şifre = DEGISTIR_BENI",
    "Stripe customer: cus_NffrFeUfNV2Hib, subscription sub_1MowQVLkdIwHu7ixeRlqHVzs",
    "Product on the invoice: prod_NWjs8kKbJWmuuc, price price_1MoBy5LkdIwHu7ixZhnattbh",
    "Annual pass: AP88213X",
    "Boarding pass: 7Hk2Lm9Qz",
    "Season pass: 4417-2291-88",
    "Key safe order number: 558812",
    "Tresor Seriennummer: 4417829",
    "Numéro de commande du cadenas : 558812",
    "Mot de passe Wi-Fi : vous le trouverez au dos du routeur.",
    "Hasło do Wi-Fi: znajdziesz je na tablicy przy wejściu.",
    "Password del wifi: lo trovi sulla lavagna in sala.",
    "Wachtwoord wifi: je vindt het op de koelkast.",
    "Wifi-lösenord: du hittar det på lappen vid kaffemaskinen.",
    "Senha do wifi: pergunte na recepção do hotel.",
    "Contraseña del wifi: la encontrará en el cartel de la recepción.",
]


@pytest.mark.parametrize("text", WAVE_40_DATA_KEPT)
def test_data_masks_placeholders_ids_and_pointers_stay(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # base64 of a passphrase under a Secret's secret name is still the secret
        ("kind: Secret\ndata:\n  password: Y29ycmVjdCBob3JzZSBiYXR0ZXJ5IHN0YXBsZQ==", "Y29ycmVjdCBob3J"),
        ("STRIPE_SECRET_KEY=sk_live_51MoBy5LkdIwHu7ixZhnattbhQ2Xv", "sk_live_51MoBy5LkdIwHu7ix"),
        ("client_secret: pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH", "YrKJUKribcBjcG8HVhfZluoGH"),
        ("2026-11-03 10:12:44 WARN login user=ops (password=Hx7!pool22)", "Hx7!pool22"),
        ("DB_PASSWORD = Vervang-Mij-2027!", "Vervang-Mij-2027!"),
        ("Key safe code: 5588", "5588"),
        ("Wifi password: fragile glass tower", "fragile glass tower"),
        ("Contraseña del wifi: hallazgo azul del puerto 7", "hallazgo azul del puerto"),
        ("Wi-Fi password: askew lantern river 9", "askew lantern river"),
        ("Backup key: hYf9Kq2LmZx8Rt4Vb7Nc1Wd6Ps3Ja0Ge", "hYf9Kq2LmZx8Rt4Vb7Nc1Wd6Ps3Ja0Ge"),
    ],
)
def test_secrets_beside_the_exemptions_still_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- Azure connection strings whole; a lockbox's single-digit wheels; a code's word after a device's colon; a
# ---- lockable thing's digits with the key to press after them; keypad tables; bare Wi-Fi keys; passphrases
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Event hub for the tills:\nEndpoint=sb://tills.servicebus.windows.example/;SharedAccessKeyName=Send;"
            "SharedAccessKey=Qm9Xk2Lp8Rt4Vb7Nc1Wd6Ps3Ja0GeHf9Kq2LmZx8Rt=",
            "Endpoint=sb://tills.servicebus.windows.example/",
        ),
        (
            "IOTHUB=HostName=farm.azure-devices.example;SharedAccessKeyName=owner;SharedAccessKey=Zx8Rt4Vb7Nc1Wd6Ps3Ja0Ge=",
            "HostName=farm.azure-devices.example",
        ),
        (
            "Storage: DefaultEndpointsProtocol=https;AccountName=menus;AccountKey=Ja0GeHf9Kq2LmZx8Rt4Vb7Nc1Wd6Ps3==;"
            "EndpointSuffix=core.windows.net",
            "AccountName=menus",
        ),
        ("Boîte à clés près du garage : code 3-8-1-4, puis brouiller les molettes.", "3-8-1-4"),
        ("Key box by the shed: 5-0-2-7", "5-0-2-7"),
        ("Note on the fridge: 'cellar lockbox = 9-1-6-3'", "9-1-6-3"),
        ("Nyckelboxen vid garaget: kod 7-2-4-8.", "7-2-4-8"),
        ("Tresor im Büro: Kombination 4-8-1-7", "4-8-1-7"),
        ("Staff entrance door: 6614 then press the blue key.", "6614"),
        ("Back gate: 5521, then press OK.", "5521"),
        ("Portão da garagem: 9031 e depois aperte o botão verde.", "9031"),
        ("Het hek is dicht na zes uur; toets 4471# op het paneel naast de poort.", "4471#"),
        ("| Staff | Role | Keypad PIN |\n|---|---|---|\n| Jo P. | Cook | 402913 |\n| (rest) | ask Jo | - |", "402913"),
        ("| Name | Code clavier |\n|---|---|\n| Entrée B | 7719 |", "7719"),
        ("Wi-Fi do armazém: rede 'Cais-3', chave gaivota-azul-2026", "gaivota-azul-2026"),
        ("WLAN im Büro: Netz Dachboden, Schlüssel Kranich-Flug-88", "Kranich-Flug-88"),
        ("Office laptop - passphrase\nsalt marsh and heron wings\n(do not write it anywhere else)", "salt marsh and"),
        ("Het wachtwoord van de kassa-pc in de winkel is: rode-fiets-op-zondag", "rode-fiets-op-zondag"),
        ("The password for the shared tablet at the bar is: frog-on-a-lily-pad", "frog-on-a-lily-pad"),
        ("Contraseña del portátil: oso-en-la-nieve", "oso-en-la-nieve"),
        ("Varmuuskopion salauslause: Kuusi kettua juoksee järvellä 42 - älä jaa.", "Kuusi kettua juoksee"),
    ],
)
def test_wave40_families_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_40_FAMILY_KEPT = [
    "Endpoint=sb://tills.servicebus.windows.example/;SharedAccessKeyName=Send;SharedAccessKey=<your-key>",
    "Storage emulator: DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;BlobEndpoint=http://127.0.0.1:10000/",
    "Endpoint=https://api.example.test/v2;Timeout=30;Retries=3",
    "HostName=build01.example;Port=8080;SharedAccessKeyName=reader",
    "The padlock score was 6-2 after extra time.",
    "Lockbox instructions: see steps 1-2-3 in the manual.",
    "Door opened on 1-2-2024 by the locksmith.",
    "Gate: 4417",
    "Door 12: 4417 then press the lift button for floor 3",
    "Room 4417 then press the lift button.",
    "Printer door: 2048 then press OK to confirm the paper size",
    "Microwave door: 0130 then press start.",
    "Garage: 1200 then press start to run the door cycle test.",
    "Call 0800 1234 then press 2 for the gate service.",
    "Het hek staat open van 8 tot 18 uur; toets 2 voor de receptie.",
    "Slagboom: bel 0612345678 en toets 1 voor de receptie.",
    "| Product | Keypad PIN |\n|---|---|\n| KP-200 | 1234 |",
    "| Keypad | Price |\n|---|---|\n| KP-200 | 1290 |",
    "Alarm panel: code of the installer manual, page 2048",
    "Wi-Fi adapter driver key rtl8821cu2 installed",
    "Wi-Fi setup guide: the key 2026 changes are listed below.",
    "Wifi: chave WPA2-PSK obrigatória desde 2024.",
    "WLAN-Router: Schlüssel AES-256 verwenden.",
    "Wi-Fi keys rotate monthly, key length 12.",
    "The passphrase rotation is quarterly and the length is five words.",
    "Our passphrase policy: four words and a number, at least twenty characters.",
    "The passphrase checker - see docs - is strict.",
    "The backup passphrase is kept in the safe - ask Mia.",
    "Salasanan vaihto: kirjaudu omaan profiiliin ja valitse 'Vaihda salasana'. Vähintään 12 merkkiä.",
    "Passwort ändern: Profil öffnen und 'Passwort ändern' wählen. Mindestens 12 Zeichen.",
    "Password change: open your profile and choose 'Change password'. New passwords need 12 characters.",
    "The password policy for the laptops is: end-to-end encryption required.",
    "Het wachtwoord van de gedeelde laptop is: zie-de-kluis",
    "Password format is: words-in-a-row, at least four.",
    "The password for the staff room is: work-in-progress",
]


@pytest.mark.parametrize("text", WAVE_40_FAMILY_KEPT)
def test_wave40_family_near_misses_stay(text: str) -> None:
    _kept(text)


def test_joined_phrase_judge() -> None:
    from stratakb_core.ingest.redaction_joined_phrases import is_joined_phrase

    for value in ("green-cart-on-tuesday", "chat-sur-le-toit", "Hund_im_Garten_Nord"):
        assert is_joined_phrase(value), value
    for value in ("end-to-end", "state-of-the-art", "pre-shared-key", "max_retry_count", "api.github.com", "en-us"):
        assert not is_joined_phrase(value), value


# ---- older leftovers: a Wi-Fi key's label after the network's name on one line, a hook's secret in its query, a
# ---- chat's answer to a question for a token or a passphrase
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Wi-Fi im Lager Nord: Netz LAGER-N, WPA2-Schlüssel: Gabelstapler singt leise heute", "Gabelstapler singt"),
        ("Wi-Fi de l'accueil : réseau Accueil, mot de passe : hibou gris sous la lune", "hibou gris sous la lune"),
        (
            "Webhook for tank alarms: https://hooks.ops.city.example/alarm/level?token=Zx8Rt4Vb7Nc1Wd6Ps3Ja0GeHf9Kq2LmQ",
            "https://hooks.ops.city.example/alarm/level",
        ),
        ("Bookings hook:\nhttps://hooks.booking.example/in/43f6924c?secret=Qm9Xk2Lp8Rt4Vb7Nc1Wd6Ps3Ja0G", "43f6924c"),
        (
            "[10:12] mia: anyone have the Crowdin token for the web project? CI is red\n"
            "[10:13] raj: 5f0e1d2c3b4a59687766554433221100ffeeddcc\n[10:13] raj: rotate it after",
            "5f0e1d2c3b4a59687766554433221100ffeeddcc",
        ),
        (
            "[09:40] ole: what's the passphrase for the shared backup disk again?\n"
            "[09:41] anna: green otters juggle lanterns (all lowercase)\n[09:41] ole: thx",
            "green otters juggle lanterns",
        ),
    ],
)
def test_wave40_leftover_families_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_40_LEFTOVER_KEPT = [
    "Wi-Fi: network Lobby, password: see the card at reception",
    "Wi-Fi: network Lobby, security: WPA2 personal with AES",
    "WLAN: Netz Gast, Hinweis: bitte nicht streamen am Abend",
    "Wi-Fi: network Lobby, password: ask the front desk please",
    "Webhook docs: https://hooks.booking.example/in/43f6924c?secret=<your-secret>",
    "Webhook test: https://hooks.booking.example/in/43f6924c?page=2&sort=created",
    "Hook status page: https://status.example/hooks/?code=2024-11-05-outage",
    "[09:40] ole: what's the passphrase policy again?\n[09:41] anna: four random words and no names",
    "[09:40] ole: which commit fixed the token refresh?\n[09:41] anna: 5f0e1d2c3b4a59687766554433221100ffeeddcc",
    "[09:40] ole: who has the API key for maps?\n[09:41] anna: ask Piotr, he rotated it yesterday",
    "[09:40] ole: where is the passphrase for the archive?\n[09:41] anna: in the grey envelope in the safe",
    "[11:02] kim: what does the API key do?\n[11:03] lee: it signs requests to the maps service",
    "[11:02] kim: is the token still valid?\n[11:03] lee: yes until Friday",
    "[11:02] kim: can you share the passphrase?\n[11:03] lee: sent it via Signal just now",
    "[11:02] kim: what's the passphrase hint?\n[11:03] lee: our first office street name",
    "[11:02] kim: got the access key?\n[11:03] lee: AKIAIOSFODNN7EXAMPLE",
    "Q: Where do I find my API key?\nA: Settings > Developer > API keys",
]


@pytest.mark.parametrize("text", WAVE_40_LEFTOVER_KEPT)
def test_wave40_leftover_near_misses_stay(text: str) -> None:
    _kept(text)


def test_encoded_data_judges() -> None:
    from stratakb_core.ingest.redaction_encoded_data import encodes_file, encodes_text

    assert encodes_file("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")
    assert encodes_file("JVBERi0xLjQKJcOkw7zDtsOfCjIgMCBvYmoK")
    assert not encodes_file("R0lGOD" + "x" * 30)  # the prefix alone, no GIF header behind it
    assert not encodes_file("hYf9Kq2LmZx8Rt4Vb7Nc1Wd6Ps3Ja0Ge")
    assert encodes_text("TW9udGFnIEZyw7xoZGllbnN0OiBBbm5h")
    assert not encodes_text("SHVudGVyMiE=")  # "Hunter2!": no space, a password's shape
    assert not encodes_text("hYf9Kq2LmZx8Rt4Vb7Nc1Wd6Ps3Ja0Ge")


WAVE_40_KEPT = [*WAVE_40_DATA_KEPT, *WAVE_40_FAMILY_KEPT, *WAVE_40_LEFTOVER_KEPT]


def test_wave40_judges_linear() -> None:
    from stratakb_core.ingest.redaction_connection_forms import connection_form_spans
    from stratakb_core.ingest.redaction_keyed_codes import keyed_code_spans
    from stratakb_core.ingest.redaction_pointers import points_elsewhere
    from stratakb_core.ingest.redaction_public_ids import names_public_number
    from stratakb_core.ingest.redaction_replies import reply_spans
    from stratakb_core.ingest.redaction_wifi_prose import wifi_prose_spans

    assert_linear(lambda t: list(connection_form_spans(t)), "Endpoint=a;" * 3_000 + "SharedAccessKey=b")
    assert_linear(lambda t: list(keyed_code_spans(t)), "door: 1-2-3-4 " * 2_000)
    assert_linear(lambda t: list(keyed_code_spans(t)), "gate: 4417 then " * 2_000)
    assert_linear(lambda t: list(wifi_prose_spans(t)), "wifi chave " * 3_000)
    assert_linear(lambda t: list(reply_spans(t)), "a: which token?\n" * 3_000)
    assert_linear(lambda t: list(reply_spans(t)), "a: b? " * 5_000)

    assert_linear(lambda t: names_public_number(t), "order " * 5_000)
    assert_linear(lambda t: points_elsewhere(t.split()), "la " * 5_000)
