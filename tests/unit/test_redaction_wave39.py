"""Wave 39 (heldout113-116 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction_keyed_codes import keyed_code_spans
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- a code keyed into an alarm, a safe or a lock; a device's name labelling its code; a table's Code column ----
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Leaving last? Arm the alarm: enter 6093 and wait for the long beep.", "6093"),
        ("The back door keypad: punch 7714# and push the door firmly.", "7714#"),
        ("To silence the alarm, dial 3852 on the panel by the stairs.", "3852"),
        ("Pour désactiver l'alarme du dépôt, composez 4826 puis appuyez sur OFF.", "4826"),
        ("Para abrir la caja fuerte, teclea 9047 y gira la manilla.", "9047"),
        ("Per disattivare l'allarme digita 6631 e poi il tasto verde.", "6631"),
        ("Die Alarmanlage im Lager mit 5821 eintippen und dann OFF drücken.", "5821"),
        ("De kluis in het kantoor gaat open als je 0427 intoetst.", "0427"),
        ("Aby wyłączyć alarm, wpisz 7302 na panelu przy wejściu.", "7302"),
        ("Vault reset: close the prop safe and set it to 0733-81 before guests arrive.", "0733-81"),
        ("Alarm: 4419# then wait for the green light.", "4419#"),
        ("Key safe = 6180 (round the back, by the bins)", "6180"),
        ("Schlüsselkasten an der Garage: 5093", "5093"),
        ("Nøgleboks ved bagdøren, kode 2716 – husk at dreje hjulene.", "2716"),
        ("The garden gate padlock: 1987, please scramble it after use.", "1987"),
        ("Boîte à clés: 3356", "3356"),
        (
            "| Unit | Key box | Code |\n|---|---|---|\n| Loft 2 | left of the door | 8824 |\n| Loft 3 | porch | 1390 |",
            "1390",
        ),
        ("| Entrance | PIN |\n|---|---|\n| Staff door | 40719 |", "40719"),
        ("| Flat | Key safe code |\n|---|---|\n| 2A | 0917 |", "0917"),
        ("Larmet stängs av med 5583 på panelen vid dörren.", "5583"),
        ("Alarm paneli: 8830 girin ve OFF tuşuna basın.", "8830"),
        ("Chave do cofre da loja: 4401", "4401"),
        ("Sejf w biurze: 3905", "3905"),
        ("Cassetta delle chiavi accanto al portone: 2719", "2719"),
        ("Spin the dial to 12-40-07 and pull the shackle.", "12-40-07"),
    ],
)
def test_keyed_and_labelled_codes_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_39_KEYED_KEPT = [
    "Press 1 for sales, 2 for the alarm service.",
    "If the alarm goes off, dial 112 and leave the building.",
    "Alarm company hotline: dial 0800 123 4567.",
    "Alarm: 0630 daily",
    "Safe mode: 2024 build",
    "Enable safe mode: 4096 MB limit",
    "Set the oven to 220 degrees before the door closes.",
    "| Country | Code |\n|---|---|\n| France | 3344 |",
    "| Error | Code | Door |\n|---|---|---|\n| Jam | 5041 | north |",
    "| Product | Code | Price |\n|---|---|---|\n| Door hinge | 4410 | 3.20 |",
    "Lockbox model 3190 from the hardware store.",
    "The door code changes in 2026.",
    "Gate: 4417",
    "Enter 1234 on the keypad (example only).",
    "Type 2048 in the size field and press the lock icon.",
    "Press 2 twice to open the door menu.",
    "Report: press 2048 to export the support ticket.",
    "Type 4096 into the portable monitor settings.",
    "The safe holds 2500 EUR in small notes.",
    "Enter 2024 in the year field of the alarm report form.",
    "Alarms logged this week: 1200",
    "To be safe, set it to 3600.",
    "The alarm is switched off with 2024 firmware updates.",
    "Turn the dial to 2400 baud for the modem.",
    "Turn the volume dial to 12-40 on the amp.",
    "Hotel safe instructions: enter your own 4-digit code and press LOCK.",
    "Gate at the farm: 1200 acres of land.",
    "Max load per safe: 1500.",
    "Prix du cadenas : 1290",
    "Stay safe: press 2040 to confirm.",
    "Safe deposit boxes at the branch: 2500",
]


@pytest.mark.parametrize("text", WAVE_39_KEYED_KEPT)
def test_keyed_code_near_misses_stay(text: str) -> None:
    _kept(text)


def test_keyed_codes_linear() -> None:
    assert_linear(lambda t: list(keyed_code_spans(t)), "alarm press " * 3_000)
    assert_linear(lambda t: list(keyed_code_spans(t)), "| Code |\n|---|\n" + "| 1234 |\n" * 3_000)
    assert_linear(lambda t: list(keyed_code_spans(t)), "lockbox door gate " * 2_000 + "1234")


# ---- a Wi-Fi's key said without a colon; a key after a CJK or Hangul name; a passphrase ended by a dash ----------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Gäste-WLAN im Café: Netz Kaffeeklatsch, Passwort milchschaum42 – gilt bis Sonntag.", "milchschaum42"),
        ("Wi-Fi for the workshop: network Atelier-5G, password sawdust_plane. Ask Tom.", "sawdust_plane"),
        ("WiFi du gîte : réseau LesGlycines, mot de passe lavande1987. Bon séjour !", "lavande1987"),
        ("Wifi de la casa rural: red Olivar, contraseña aceituna77 (también para la tele).", "aceituna77"),
        ("会議室Wi-Fi\nSSID: Kaigi-Room\nネットワークキー: umibe-kaze-2290", "umibe-kaze-2290"),
        ("사무실 와이파이 암호는 hanbit2027 이고 게스트 망은 따로 있어요.", "hanbit2027"),
        ("店内无线密码（员工）：chaguan8866，顾客请用另一个网络。", "chaguan8866"),
        ("Cottage Wi-Fi\nSSID: Bramble-Guest\nWPA2 key: kettle moss harbour 12", "kettle moss harbour 12"),
        ("Network: Loft-Studio\nWi-Fi password: quiet paper lanterns 7", "quiet paper lanterns 7"),
        ("Master-Passphrase: Regen über Lübeck vierzehn – steht auch im versiegelten Umschlag.", "Regen über Lübeck"),
        ("La passphrase du coffre numérique est vagues grises sur Étretat — ne pas l'écrire.", "vagues grises"),
        ("保险柜密码（二楼档案室）：41-08-77，用后请转乱。", "41-08-77"),
        ("WLAN im Ferienhaus – Netz: Seeblick, Schlüssel: Wellen1988Ufer", "Wellen1988Ufer"),
        ("Wi-Fi da pousada: rede Mar-Azul, senha ondas2024.", "ondas2024"),
        ("ゲストWi-Fiのパスワードは umikaze2026 です。", "umikaze2026"),
        ("와이파이: CafeOn_5G / 비번 coffee1234", "coffee1234"),
        ("Otel Wi-Fi ağı: Deniz-Misafir, şifresi dalga2025'tir.", "dalga2025"),
    ],
)
def test_wifi_keys_and_phrases_go(text: str, value: str) -> None:
    _gone(text, value)


WAVE_39_WIFI_KEPT = [
    # lead review: a key of something else named before the bare "key"
    "Wi-Fi adapter driver key: rtl8821cu (install from the vendor page).",
    "Wi-Fi product key: WIN10-ab12 for the laptop",
    "Our Wi-Fi uses WPA2 with password protection enabled.",
    "The Wi-Fi password 2026 policy requires 12 characters.",
    "Wi-Fi: guest network, no password needed.",
    "와이파이 비밀번호는 8자 이상입니다.",
    "密码：8位以上，包含字母和数字。",
    "パスワード（例）: sample1234",
    "비밀번호 예시: abcd1234",
    "The Wi-Fi password changed yesterday.",
    "Wi-Fi password reset instructions are on page 12.",
    "密码更新日期：2024-11-05",
    "Wi-Fi router firmware, password field: max 63 chars.",
    "Wi-Fi module, key: see label",
    "The Wi-Fi setup uses a key: AES256",
    "WLAN-Passwort: steht auf der Karte neben dem Router.",
    "Wi-Fi password: printed on the router sticker.",
    "Contraseña del wifi: pregunta en la barra (cambia cada mes).",
    "Hasło do Wi-Fi: znajduje się w recepcji.",
    "Password del Wi-Fi: chiedete alla reception, cambia ogni settimana.",
    "The passphrase is kept in the vault – ask the office manager.",
    "Mot de passe Wi-Fi : au dos de la box (étiquette blanche).",
    "WLAN-Schlüssel: siehe Aufkleber an der Fritzbox.",
    "Wachtwoord wifi: staat op de kaart bij de koelkast.",
    "Пароль от Wi-Fi: на наклейке под роутером.",
    "Wi-Fi heslo: najdete na kartičce u televize.",
    "Hasło do WiFi: na naklejce pod routerem.",
]


@pytest.mark.parametrize("text", WAVE_39_WIFI_KEPT)
def test_wifi_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- connection strings and webhook URLs whole ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "datasource.url=jdbc:mysql://db.shop.example:3306/orders?user=orders&password=Lq8vTz2mWx4k&useSSL=true",
            "jdbc:mysql://db.shop.example:3306/orders?user=orders",
        ),
        (
            "jdbc:sqlserver://sql07.example:1433;databaseName=Stock;user=stock_app;password=Pz6!rW2qLm8n;encrypt=true",
            "sql07.example:1433;databaseName=Stock",
        ),
        (
            "ERP-Verbindung: Server=203.0.113.40;Database=Lager;User Id=lager;Password=Hv3kR8wQz1Lp;",
            "Server=203.0.113.40;Database=Lager",
        ),
        ("ODBC: Driver={ODBC Driver 18};Server=db9;Uid=rep;Pwd=Nq4#tX7zKw2m", "Server=db9;Uid=rep"),
        (
            "Orders are posted to https://hooks.bakery.example/webhook/Qx7LmP2zR9tW4kVb8NcY3sHd for the app.",
            "https://hooks.bakery.example/webhook/",
        ),
        ("New rows: https://hooks.zapier.example/hooks/catch/4471902/k2x9vq/", "hooks.zapier.example/hooks/catch/"),
        ("IFTTT: https://maker.ifttt.example/trigger/door_open/with/key/dQ7xLm2PzR9tW4kVb8NcY3", "maker.ifttt.example"),
        (
            "alerts go to https://hooks.slack.example/services/T0123ABCD/B0456EFGH/Zq8Lm3Wx9Rt2Vb7Nc4Hd1Tg6 today",
            "hooks.slack.example/services/",
        ),
    ],
)
def test_connections_and_hooks_go_whole(text: str, value: str) -> None:
    _gone(text, value)


WAVE_39_CONNECTION_KEPT = [
    "Docs: https://hooks.vendor.example/docs/incoming/getting-started-with-webhooks",
    "send a POST to https://hooks.zapier.example/hooks/catch/123456/abcde/ with the row",
    "spring.datasource.url=jdbc:postgresql://db.example:5432/app?user=app&password=${DB_PASSWORD}",
    "Connection: Server=sql02.example;Database=Shop;Trusted_Connection=True;",
    "Server=sql02.example;Database=Shop;User Id=shop;Password=<from vault>;",
    "jdbc:mysql://db.example:3306/shop?useSSL=true&serverTimezone=UTC",
    "POST to https://ci.example/webhooks/123456789 when done.",
    "Set Host=build01;Port=8080;Timeout=30 in the agent config.",
    "Webhook settings: https://hooks.example.org/settings/retries?max=5",
    "IFTTT docs: https://maker.ifttt.example/trigger/{event}/with/key/{your_key}",
]


@pytest.mark.parametrize("text", WAVE_39_CONNECTION_KEPT)
def test_connection_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- false redactions of older rules: a masked value, a value called no secret, a pointer, a JWT header alone ----
WAVE_39_KEPT = [
    "SLACK_BOT_TOKEN=xoxb-REDACTED\n# the real one is in the team's password safe",
    "GITHUB_TOKEN=ghp_masked",
    "STRIPE_KEY=sk_live_REDACTED_IN_DOCS",
    "Twilio Account SID (not secret): AC1f2e3d4c5b6a79881726354a5b6c7d8e\nService: MG9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b",
    "Config ID (not secret): a8F3kLm92QxZ7vBn4TpR1sYw6HcJ0dEe",
    "Token header (public part): eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImsxIn0",
    "Kopfteil des Tokens (öffentlich): eyJhbGciOiJSUzI1NiIsImtpZCI6InNpZ24tMjAyNiJ9 – kid nennt den Schlüssel.",
    *WAVE_39_KEYED_KEPT,
    *WAVE_39_WIFI_KEPT,
    *WAVE_39_CONNECTION_KEPT,
]


@pytest.mark.parametrize("text", WAVE_39_KEPT[:7])
def test_older_false_redactions_stay(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("SLACK_BOT_TOKEN=xoxb-20231122-88213344-Zq8Lm3Wx9Rt2Vb7Nc4Hd1Tg", "Zq8Lm3Wx9Rt2Vb7Nc4Hd1Tg"),
        # a chosen password of words with a removal word in it is no masked slug
        ("password: Masked-Ball-Night", "Masked-Ball-Night"),
        ("Passwort: Geschwärzt-Rot-Gold", "Geschwärzt-Rot-Gold"),
        (
            "id_token: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0In0.Zq8Lm3Wx9Rt2Vb7Nc4Hd1Tg6Ys0Pa5JfKx",
            "Zq8Lm3Wx9Rt2Vb7Nc4Hd1Tg6Ys0Pa5JfKx",
        ),
        ("Twilio Account SID: AC865b2f1b8c8b74c5\nAuth token: 6f1e2d3c4b5a69788796a5b4c3d2e1f0", "6f1e2d3c4b5a6978"),
        ("Contraseña del wifi: luna llena sobre Cádiz 7", "luna llena sobre Cádiz"),
        ("Mot de passe Wi-Fi : hibou rouge sous la lune 42", "hibou rouge sous la lune"),
        ("Wachtwoord wifi: molen draait langzaam vandaag 9", "molen draait langzaam vandaag"),
        # "not secret" said of something else, near a real token
        ("The repo URL is not secret, but the deploy token is Zq8Lm3Wx9Rt2Vb7Nc4Hd1Tg6Ys0Pa5Jf.", "Zq8Lm3Wx9Rt2Vb7Nc4"),
        ("Project name (not secret): Atlas\nAPI token: Zq8Lm3Wx9Rt2Vb7Nc4Hd1Tg6Ys0Pa5Jf", "Zq8Lm3Wx9Rt2Vb7Nc4"),
    ],
)
def test_exemption_shapes_with_secrets_still_go(text: str, value: str) -> None:
    _gone(text, value)


def test_wave39_finders_linear() -> None:
    from stratakb_core.ingest.redaction_connection_forms import connection_form_spans
    from stratakb_core.ingest.redaction_wifi_prose import wifi_prose_spans

    assert_linear(lambda t: list(wifi_prose_spans(t)), "wifi password " * 3_000)
    assert_linear(lambda t: list(wifi_prose_spans(t)), "비밀번호는 " * 3_000)
    assert_linear(lambda t: list(connection_form_spans(t)), "Server=a;" * 3_000 + "Password=b")
    assert_linear(lambda t: list(connection_form_spans(t)), "https://hooks.x/hooks/" + "a/" * 3_000)
    assert_linear(lambda t: list(connection_form_spans(t)), "jdbc:mysql://h/?" + "pass=x&" * 3_000)
