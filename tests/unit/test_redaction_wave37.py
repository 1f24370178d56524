"""Wave 37 (heldout105-108 as tuning data): redaction families, our own examples and clean near misses.

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction_cjk_codes import cjk_code_spans
from stratakb_core.ingest.redaction_cli_pairs import cli_pair_spans
from stratakb_core.ingest.redaction_compound_codes import compound_code_spans
from stratakb_core.ingest.redaction_own_values import own_value_spans
from stratakb_core.ingest.redaction_prose_phrases import prose_phrase_spans
from stratakb_core.ingest.redaction_values import is_placeholder
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_untouched, assert_value_gone

_gone = assert_value_gone
_kept = assert_untouched


# ---- digits after a CJK or Korean secret's name (密码, 暗証番号, 비밀번호, PIN：) -------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("仓库侧门密码：730915，不要贴在门上。", "730915"),
        ("会议室平板的解锁密碼：48213（只给主持人）", "48213"),
        ("事務所の金庫の暗証番号は 6604 です。", "6604"),
        ("共用プリンタの管理パスワード：39017462", "39017462"),
        ("탈의실 사물함 비밀번호는 2719 입니다. 분실 시 연락주세요.", "2719"),
        ("관리자 비밀번호: 558031", "558031"),
        ("車庫シャッターの管理者PIN：7731（管理人のみ）", "7731"),
        ("门禁卡PIN码：6650，每季度更换", "6650"),
        ("비밀번호는 4471 (4자리) 입니다", "4471"),  # a counter later in the line does not keep the digits
    ],
)
def test_cjk_secret_name_digits_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "密码：8位以上，须包含字母和数字。",
        "비밀번호는 4자리 숫자로 설정하세요.",
        "暗証番号は4桁です。",
        "密码有效期：2025年12月31日",
        "비밀번호 변경일：20240312",
        "订单号：20240312，电话：13800138000",
        "密码：0000（出厂默认，请立即修改）",
    ],
)
def test_cjk_counts_dates_and_numbers_stay(text: str) -> None:
    _kept(text)


# ---- a Nordic, Finnish, Dutch or German compound code word, then digits ---------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Tyverialarm på lageret: deaktiveringskode 5093. Husk at låse.", "5093"),
        ("Alarmkoden er 7148, og den skiftes hver måned.", "7148"),
        ("Larmkod: 2260# för förrådet.", "2260#"),
        ("Portkoden är 4581 från och med måndag.", "4581"),
        ("Varaston ovikoodi on 9027. Älä jaa eteenpäin.", "9027"),
        ("Hälytyskoodi 3316, kiitos.", "3316"),
        ("Der Zugangscode ist 8852 für den Hintereingang.", "8852"),
        ("De toegangscode 6639 geldt tot vrijdag.", "6639"),
    ],
)
def test_compound_code_words_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Varekode 55123 er udsolgt.",
        "Felkod 4455 betyder att filtret är fullt.",
        "Tuotekoodi 77102 hinta 19,90 €.",
        "Rabatkode 2025 giver 10 % rabat.",
        "Virhekoodi 5021 ilmestyi näytölle.",
        "Postnummer 2100 København Ø.",
        "Alarmkoden er 0000 fra fabrikken, skift den.",
    ],
)
def test_product_error_and_post_codes_stay(text: str) -> None:
    _kept(text)


# ---- a file-transfer client's login and a password appended to a notes file from a shell ----------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("lftp -u backup,Rq7vLx29pTfe sftp://files.example.net", "Rq7vLx29pTfe"),
        ('lftp -e "mirror -R out/" -u deploy,Gh-51-marble ftp.example.org', "Gh-51-marble"),
        ("lftp :~> open -u editor,Wind_Mill_88 ftp.example.com", "Wind_Mill_88"),
        ("ncftpput -u uploader -p Zt84kqWm ftp.example.com /in file.zip", "Zt84kqWm"),
        ("$ echo 'router admin pw (new): Kestrel-Box_42' >> ~/todo.txt", "Kestrel-Box_42"),
        ('printf "Passwort fürs NAS: Flusskiesel_77\\n" > ~/nas.txt', "Flusskiesel_77"),
        ("echo \"pw after the reset: Orchard-Lamp-31\" | tee -a notes.md", "Orchard-Lamp-31"),
    ],
)
def test_cli_pairs_and_shell_notes_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "lftp -u anonymous ftp.example.com",
        "lftp -u deploy,$FTP_PASSWORD ftp.example.org",
        'echo "password: $DB_PASS" >> .env',
        'echo "Password hint: first pet" >> notes.txt',
        'echo "password length: 16" >> policy.txt',
        'echo "order number: 4471-22" >> orders.txt',
    ],
)
def test_cli_placeholders_and_hints_stay(text: str) -> None:
    _kept(text)


# ---- a passphrase said in prose, a quoted phrase after a long label ------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The archive disk uses the passphrase amber comets hum beneath bridges - nobody else has it.",
         "amber comets hum beneath bridges"),
        ("Le NAS utilise la phrase secrète trois loups dorment ici ; ne la notez pas.", "trois loups dorment ici"),
        ("Die Platte verwendet die Passphrase grüne Boote tanzen leise - bitte geheim halten.",
         "grüne Boote tanzen leise"),
        ("Shed password for the gardeners (to be said at the gate by anyone new): 'rusty lantern'", "rusty lantern"),
        ("Codeword for pickups (parents who send someone else must tell them): \"blue tractor\"", "blue tractor"),
    ],
)
def test_prose_phrases_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "The archive disk uses the passphrase you chose at setup - ask Ana if you forgot.",
        "The vault uses the passphrase stored in the binder - see the office.",
        "Password rules (apply to every account, no exceptions): 'at least twelve characters'",
    ],
)
def test_prose_pointers_and_rules_stay(text: str) -> None:
    _kept(text)


# ---- lock codes: a star between digits, "in order to", a keypad's code that reads like a year -----------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Il codice del cancello è 3*8*0*6, aggiornato ieri.", "3*8*0*6"),
        ("The storeroom door code is 5*2*7*1 until Friday.", "5*2*7*1"),
        ("In order to open the shed, the code is 4417*2", "4417*2"),
        ("Delivery stop 4 (north depot): gate keypad code 1979, then call the office.", "1979"),
        ("smtp://relay-bot:*7Hq2xLmP9vRt@mail.example.org:587", "*7Hq2xLmP9vRt"),
    ],
)
def test_lock_code_shapes_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Order 4481 includes a replacement door code panel.",
        "The gate keypad code 1998 model was replaced last spring.",
        "Call ext. 3*4*5*6 for the front desk menu? No: dial 3456.",
    ],
)
def test_lock_code_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- older misses: login testers' flags, panels keyed in, "mine is X", a cracked hash, a volume opened by words --
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$ hydra -l root -p 'Fjord-Lamp-55' 198.51.100.7 ssh", "Fjord-Lamp-55"),
        ("evil-winrm -i 198.51.100.20 -u backup -p Qw3rty!Stone", "Qw3rty!Stone"),
        ("xfreerdp /v:ts01 /u:ops /p:Tulip_Gate_9 /cert:ignore", "Tulip_Gate_9"),
        ("Yard gate panel: lift the cover, enter 583021, then wait for the beep.", "583021"),
        ("Au portail du dépôt, saisissez 7720# puis poussez.", "7720#"),
        ("The scanner in bay 2 wants a personal PIN. Mine is 8316 until the new cards arrive.", "8316"),
        ("Das Terminal will eine PIN. Meine ist 7719, bitte nicht nutzen.", "7719"),
        ("Il faut un code personnel. Le mien est 5582, ne le dites pas.", "5582"),
        ("We cracked the NTLM hash of svc-print overnight. The cleartext is Harbour$Gull88 - rotate it.",
         "Harbour$Gull88"),
        ("Hashcat result for the old kiosk account, plaintext: Tern-Quay-2291", "Tern-Quay-2291"),
        ("Note: the VeraCrypt volume on the field drive opens with seven herons nap beside rivers",
         "seven herons nap beside rivers"),
        ("Der verschlüsselte Container öffnet sich mit blaue Wolken über Kiel.", "blaue Wolken über Kiel"),
    ],
)
def test_older_miss_families_go(text: str, value: str) -> None:
    _gone(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "hydra -l admin -P wordlists/common.txt 198.51.100.7 ssh",
        "nxc smb 198.51.100.0/24 -u users.txt -p $SPRAY_PW",
        "Gate panel: enter 2024 as the year in the service menu.",
        "Door panel setup: enter 1234 for example, then save.",
        "Everyone needs a PIN. Mine is 2019 years old, the phone.",
        "Our order code was sent. Mine is 55120.",
        "Please set a password. Mine is longer than yours.",
        "AES test vector:\nPLAINTEXT: 00112233445566778899aabbccddeeff\nCIPHERTEXT: 69c4e0d86a7b0430",
        "The hash was not cracked; the plaintext is unknown.",
        "The LUKS volume opens with the keyfile on the USB stick.",
        "The encrypted drive opens with a YubiKey tap - ask IT.",
        "The encrypted folder opens with your usual login password.",
    ],
)
def test_older_miss_near_misses_stay(text: str) -> None:
    _kept(text)


# ---- a key's id in a UUID's shape is an identifier; a UUID-shaped key that no "ID" qualifies still goes ---------
@pytest.mark.parametrize(
    "text",
    [
        "ID de clave de AWS KMS para cifrar las copias: 3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b (solo identificador)",
        "KMS key ID for the nightly backups: 3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b",
        "Identifiant de la clé KMS des sauvegardes : 3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b",
    ],
)
def test_key_ids_stay(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The Heroku API key for the deploy bot is 3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b - rotate monthly.",
         "3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b"),
        ("La clave de la API del CRM es 3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b (no compartir)",
         "3f2a1b9c-4d5e-4f60-8a7b-9c0d1e2f3a4b"),
    ],
)
def test_uuid_keys_without_an_id_word_still_go(text: str, value: str) -> None:
    _gone(text, value)


# ---- a date written d-m-yy after a date's preposition is no dial; a dial said with "is" or a colon still goes ------
def test_lock_dates_stay_and_dials_go() -> None:
    _kept("The combination lock on the bike shed was replaced on 14-02-26 by the caretaker.")
    _kept("Das Zahlenschloss am Schuppen wurde am 14-02-26 getauscht.")
    _gone("The combination lock on the bike shed is 14-02-26 now.", "14-02-26")
    _gone("Bike shed combination lock: 14-02-26", "14-02-26")


def test_abnf_rules_stay_placeholders() -> None:
    assert is_placeholder("1*VCHAR") and is_placeholder("1*pchar")
    assert not is_placeholder("*7Hq2xLmP9vRt")


def test_wave37_finders_are_linear() -> None:
    assert_linear(lambda t: list(cjk_code_spans(t)), "管理者PIN：密码：12 " * 3_000)
    assert_linear(lambda t: list(compound_code_spans(t)), "alarmkode er nu " * 3_000)
    assert_linear(lambda t: list(cli_pair_spans(t)), "echo 'pw pw pw: " * 2_000)
    assert_linear(lambda t: list(cli_pair_spans(t)), "lftp -u a " * 2_000)
    assert_linear(lambda t: list(prose_phrase_spans(t)), "uses the passphrase a b c d e f g h i j " * 1_000)
    assert_linear(lambda t: list(prose_phrase_spans(t)), "password x (" + "a " * 3_000)
    assert_linear(lambda t: list(prose_phrase_spans(t)), "veracrypt opens with a b c d e f g h i " * 1_000)
    assert_linear(lambda t: list(own_value_spans(t)), "PIN. Mine is 1234 " * 2_000)
    assert_linear(lambda t: list(own_value_spans(t)), "hash cleartext is " * 2_000)
    assert_linear(lambda t: list(cli_pair_spans(t)), "hydra -p " * 2_000)


# ---- the lead's review: near misses in the shapes of the new rules, written after the wave -----------------------
@pytest.mark.parametrize(
    "text",
    [
        "Delivery address: 12 MG Road, Bengaluru, Karnataka, Pincode 560001, India.",
        "Pincode 400001 is the Mumbai GPO.",
        "For the laptops we use a passphrase instead of a password - much easier to remember.",
        "KeePass uses a passphrase as its master key - choose a long one.",
        '$ echo "password changed: success" >> /var/log/rotate.log',
        "$ echo 'token refreshed: done' >> cron.log",
        'echo "pin reset for user: alice" >> audit.log',
        "The form's passphrase field (shown on the second page of the wizard): 'Enter passphrase'",
        "Gate keypad code 1984, 1990 and 2001 models are compatible with this lock.",
    ],
)
def test_lead_review_near_misses_stay(text: str) -> None:
    _kept(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Pincode van de kluis: 5820", "5820"),  # a safe's four-digit PIN, not a postal code
        ("$ echo 'router pw for next time: Kiwi-Lamp_44' >> ~/notes.txt", "Kiwi-Lamp_44"),
        ("the archive uses the passphrase amber gulls circle slowly - nobody else has it", "amber gulls circle slowly"),
        ("Gate keypad code 1984, then ring the bell twice.", "1984"),
    ],
)
def test_lead_review_shapes_still_go(text: str, value: str) -> None:
    _gone(text, value)
