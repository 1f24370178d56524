"""Wave 31 (heldout75-78 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture): lock codes spoken digit by digit or
past a vehicle's number, more gates, key boxes, safes and entrances; a database's or a broker's URL and a connection
string whole; a webhook's path token; a key in a commented SDK call; "It is X" after a sentence naming a password;
Nordic copulas with a time clause after the value; CJK passphrases; a Wi-Fi key of words and a number; a passphrase
with commas; and the id-only remark before an access key's id, a crash report's reporter key.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- lock codes ----------------------------------------------------------------------------------------------
CODES = [
    ("Le code de la porte du garage est le 4 7 1 9 3 le week-end.", "4 7 1 9 3"),
    ("The side gate code is 3 8 2 6 until the fence is repaired.", "3 8 2 6"),
    ("Kod do bramy wjazdowej to 5821#3, zmiana co kwartał.", "5821#3"),
    ("- Codice della cassetta delle chiavi: 8406", "8406"),
    ("La verja del almacén se abre con el código 7312# por la noche.", "7312#"),
    ("De pincode van de tankpas van bus 3-1187 is 4093. Niet doorgeven.", "4093"),
    ("仓库后门的门禁密码已更改为 5731#，请勿外传。", "5731#"),
    ("Senha do cofre da recepção: 48213. Trocar em março.", "48213"),
    ("Le code d'accès du vestiaire (bâtiment C) est 2046C. Il change lundi.", "2046C"),
    ("Reagent sample safe (lab 2) combination: 31-07-22-58. Logging rule applies after use.", "31-07-22-58"),
    ("Il codice per gli armadietti della palestra è 7-3-1-8-2. Non condividerlo.", "7-3-1-8-2"),
    ("夜間の通用口の暗証番号は 8264# です。", "8264#"),
]


@pytest.mark.parametrize(("text", "value"), CODES)
def test_lock_codes_go(text: str, value: str) -> None:
    _gone(text, value)


CODE_NEAR_MISSES = [
    "Door codes must be at least 6 digits, e.g. 4 8 2 9 1 3 is too simple.",
    "Gate controller fault code 4012 after the storm; the brama motor was replaced.",
    "Le portillon nord a été installé en 1998 par l'entreprise Roux.",
    "门禁密码已更新为 2024 年的新规则，请查看通知。",
    "La verja trasera mide 240 cm y se pintó en 2019.",
    "De tankpas van bus 3-1187 is verlopen; bestelnummer 558213 is aangevraagd.",
    "Example: the locker code is 4827 in this training slide about armadietti.",
    "Keypad of the gate: the keys read 1 2 3 4 5 6 7 8 9 0 from left to right.",
]


@pytest.mark.parametrize("text", CODE_NEAR_MISSES)
def test_code_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- connections, hooks, SDK keys ----------------------------------------------------------------------------
CONNECTIONS = [
    ("Broker des Prüfstands: amqps://ingest:Xk82-pLqv9@mq.plant.example:5671/line3 (nur intern)",
     "amqps://ingest:Xk82-pLqv9@mq.plant.example:5671/line3"),
    ("Base de reporting : postgres://report:Tq7mmz2Wd@db.intra.example/reports.",
     "postgres://report:Tq7mmz2Wd@db.intra.example/reports"),
    ('<add name="Main" connectionString="Data Source=sql01;Initial Catalog=Ops;User Id=ops;Password=Vb7-qq92Lz;" />',
     "Data Source=sql01;Initial Catalog=Ops;User Id=ops;Password=Vb7-qq92Lz;"),
    ('"Default": "Server=db.example;Database=shop;User Id=sa;Pwd=Hj3kk29!x;"',
     "Server=db.example;Database=shop;User Id=sa;Pwd=Hj3kk29!x;"),
    ("Webhook für Alarme: https://hooks.vendor.example/services/incoming/Q7hLm2PzX9vT4kRw8sYb3NcA",
     "Q7hLm2PzX9vT4kRw8sYb3NcA"),
    ("const c = client('APP1', 'a7f3c91e2b4d6f8091a2b3c4d5e6f7a8'); // admin key, backend only",
     "a7f3c91e2b4d6f8091a2b3c4d5e6f7a8"),
    ('sdk.init("Zq8mN2pLx7Rv4Tk9Wb3Ys6Hd"); // clé d\'écriture du tracker', "Zq8mN2pLx7Rv4Tk9Wb3Ys6Hd"),
]


@pytest.mark.parametrize(("text", "value"), CONNECTIONS)
def test_connections_and_keys_go(text: str, value: str) -> None:
    _gone(text, value)


CONNECTION_NEAR_MISSES = [
    '<add name="Main" connectionString="Server=db01;Database=Ops;Integrated Security=true;" />',
    '"Default": "Server=db.example;Database=shop;User Id=sa;Password=${DB_PASSWORD};"',
    "The broker listens on amqps://mq.plant.example:5671/line3 without a login in the lab.",
    "Docs: https://hooks.vendor.example/docs/incoming/getting-started-with-webhooks",
    "Then POST to https://ci.example/hooks/incoming/PostDeployHook2031Release once the build is green.",
    'track("Signup Completed Successfully Today"); // key event for the funnel',
    'logger.info("build 4.12.0-rc1 of the importer"); # version key of the release',
]


@pytest.mark.parametrize("text", CONNECTION_NEAR_MISSES)
def test_connection_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- passwords in prose: "It is X", Nordic copulas with a time clause ------------------------------------------
PROSE = [
    ("The kiosk software asks for the maintenance password. It is Kiosk7-Blau!4 for every terminal.",
     "Kiosk7-Blau!4"),
    ("Der Scanner fragt nach dem Passwort. Es ist Lager#Nord-82 für alle Geräte.", "Lager#Nord-82"),
    ("L'appli demande le mot de passe. C'est Quai-Ouest!27 pour tous les postes.", "Quai-Ouest!27"),
    ("Passordet til skriveren er Blekk-Rosa-51 inntil videre.", "Blekk-Rosa-51"),
    ("adgangskoden til kantinen er Kaffe-Sort-88 indtil mandag.", "Kaffe-Sort-88"),
    ("lösenordet till skrivaren är Papper-Vit-12 tills vidare.", "Papper-Vit-12"),
]


@pytest.mark.parametrize(("text", "value"), PROSE)
def test_prose_passwords_go(text: str, value: str) -> None:
    _gone(text, value)


PROSE_NEAR_MISSES = [
    "The tool asks for the password. It is stored in the team vault.",
    "The form has a password field. It is 12 characters long at most.",
    "Passordet til skriveren er lagret i hvelvet inntil videre.",
    "The passphrase is stored in the vault until the audit ends.",
    "Password policy: it is rotated every 90 days. It is never sent by mail.",
]


@pytest.mark.parametrize("text", PROSE_NEAR_MISSES)
def test_prose_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- passphrases: CJK, Wi-Fi keys of words and a number, commas ------------------------------------------------
PHRASES = [
    ("金庫ファイルのパスフレーズ：赤い傘が月を歩く（共有済み）", "赤い傘が月を歩く"),
    ("暗号化ディスクのパスフレーズは「kumo hoshi umi 2088」です。", "kumo hoshi umi 2088"),
    ("备份盘的密码短语是「蓝色 雨伞 月亮 77」。", "蓝色 雨伞 月亮 77"),
    ("社内NAS（経理用）のパスフレーズ：kaze ga fuku yoru ni", "kaze ga fuku yoru ni"),
    ("백업 디스크 암호 문구: bada wie dal i tteunda", "bada wie dal i tteunda"),
    ("Gäste-WLAN „Cafe-Gast“ hat ein neues Passwort: Kuchen mit 3 Kirschen! Bitte nicht weitergeben.",
     "Kuchen mit 3 Kirschen!"),
    ("Wifi de l'atelier : réseau Atelier-5, clé : trois chats sur le toit 2031", "trois chats sur le toit 2031"),
    ("Wifi del taller: red Taller-2, clave: tres gatos en el tejado 2031", "tres gatos en el tejado 2031"),
    ("La passphrase de l'archive : vent du nord, sel et pierre.", "vent du nord, sel et pierre"),
    ("Chat from Omar: the guest Wi-Fi is 'Hall-Guests' and the key is harbour-lights-2031, print it on the badges",
     "harbour-lights-2031"),
    ("Das WLAN „Messe-Gast“: der Schlüssel ist blaue-halle-77 bis Freitag.", "blaue-halle-77"),
]


@pytest.mark.parametrize(("text", "value"), PHRASES)
def test_phrases_go(text: str, value: str) -> None:
    _gone(text, value)


PHRASE_NEAR_MISSES = [
    "パスフレーズ：管理者に確認してください。",
    "パスフレーズは「12文字以上」にしてください。",
    "パスフレーズ：see the wiki page for the rules",
    "WLAN-Passwort: mindestens 12 Zeichen lang.",
    "Wi-Fi password: see the card at reception desk 3.",
    "Wi-Fi release notes: the key is x-y-z-2031 in the example config.",
    "Wifi : réseau Atelier-5, clé : demandez à l'accueil 24 heures sur 24",
    "The passphrase is stored in the vault, ask the night shift.",
    "Passphrase policy: at least four words, e.g. lamp, river, stone and cloud.",
]


@pytest.mark.parametrize("text", PHRASE_NEAR_MISSES)
def test_phrase_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- a chat's answer of words to a question about a passphrase ----------------------------------------------
CHAT_PHRASES = [
    ("Q: what's the passphrase for the field laptop's disk?\nA (Mira, by phone): seven gulls over Kiel 1987 - burn it",
     "seven gulls over Kiel 1987"),
    ("Frage: wie lautet die Passphrase für das Backup-Laufwerk?\nAntwort (Jana): sieben Möwen über Kiel 1987 - nicht"
     " aufschreiben", "sieben Möwen über Kiel 1987"),
    ("Quelle est la passphrase du coffre numérique ?\nLéa : trois pommes sous la pluie 42. Ne pas noter.",
     "trois pommes sous la pluie 42"),
]


@pytest.mark.parametrize(("text", "value"), CHAT_PHRASES)
def test_chat_phrase_answers_go(text: str, value: str) -> None:
    _gone(text, value)


CHAT_PHRASE_NEAR_MISSES = [
    "what's the passphrase for the archive?\nB: same as last year 2025 - ask Tom",
    "what's the passphrase for the archive?\nB: no idea, check the wiki page 3",
    "Q: how long must the passphrase be?\nA: at least four words and 1 number",
    "what's the passphrase for the archive?\nB: in the vault since 2024 - ask Tom",
]


@pytest.mark.parametrize("text", CHAT_PHRASE_NEAR_MISSES)
def test_chat_phrase_near_misses_kept(text: str) -> None:
    _kept(text)


# ---- false redactions fixed: an id-only remark before an access key's id, a crash reporter's key ---------------
ID_ONLY = [
    "AWS key ID (id only, no secret) of the export user: AKIAZ7K4MNP2QRS6TUVW. The secret is elsewhere.",
    "Schlüssel-ID für den Export (kein Geheimnis, nur die ID): AKIAZ7K4MNP2QRS6TUVW.",
    "CloudTrail entry, the ID alone (no secret was ever logged): principal=AKIAZ7K4MNP2QRS6TUVW result=ok",
    "CrashReporter Key: 5e0f3b9a1c2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f",
]


@pytest.mark.parametrize("text", ID_ONLY)
def test_id_only_kept(text: str) -> None:
    _kept(text)


def test_id_only_remark_on_another_line_does_not_hide_the_id() -> None:
    key_id = "AKIAZ7K4MNP2QRS6TUVW"
    _gone(f"Note: the ID alone is not a secret.\nexport AWS_ACCESS_KEY_ID={key_id}", key_id)
    _gone("API Key: 5e0f3b9a1c2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f", "5e0f3b9a1c2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f")


# ---- timing: the new patterns stay linear on adversarial runs --------------------------------------------------
def test_new_patterns_linear() -> None:
    assert_linear(redact, "code brama " + "7 " * 40_000)
    assert_linear(redact, "https://hooks.x/incoming" + "/a" * 40_000)
    assert_linear(redact, "f(" + "'x" * 30_000 + ") // key\n" + '"Server=a;' * 5_000)
    assert_linear(redact, "Wifi clé : " + "mot " * 20_000 + "パスフレーズ：" + "雨" * 20_000)
