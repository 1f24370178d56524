"""Secret redaction, wave 13 (heldout11 and heldout12 used as tuning data): each row is our own example of a cause a
miss or false redaction of those sets stood for, never a fixture's text: a password that one dot joins (it read as an
attribute path in code), punctuation set apart from the value by a space, Arabic's copula and its "and" joined to the
next word, a dash and a remark after a password, a dash between a login's label and its pair, a chat's question with
a remark after it and an answer opening with "sure, it's", a credential call whose first argument is itself a call,
a base64 key that starts with a slash, PowerShell's scoped variables and a key's name written in words.

Token-shaped values are joined from parts at run time, so no whole fake token sits in this file. Redacted rows
must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_values import is_code, is_placeholder
from tests.helpers.redaction_checks import assert_redacted_in_place

_ALNUM = "Hq4Tz8Lw2Nc6Vb0Xm3Rk7Py1Gd5Jf9Se"  # 32 characters, letters and digits
_SLASHED_KEY = "/" + _ALNUM[2:22] + "+pQ" + _ALNUM[4:20]  # 40 characters, a cloud secret key that opens with "/"

WAVE_13_REDACTED = [
    # a password that one dot joins: a word and a number, or letters and digits mixed at random, not an attribute path
    ("db_pass=Harbor2031.KTX\n", "Harbor2031.KTX"),
    ("[auth]\nпароль = Lynx2019.QRT\n", "Lynx2019.QRT"),
    ("La contraseña del portal de nóminas es Tulip.canyon4821, cámbiala pronto.", "Tulip.canyon4821"),
    ("The password of the shared drive is Juniper.basalt7730 .", "Juniper.basalt7730"),
    ("와이파이 비밀번호는 Qe7m._zRtPw3K 입니다.", "Qe7m._zRtPw3K"),
    # punctuation set apart from the value by a space
    ("Das Passwort für das Lager-Tablet ist Kx7!fen#42 .", "Kx7!fen#42"),
    ("Пароль от почтового ящика отдела: Vq9$mrT!204 , логин otdel.", "Vq9$mrT!204"),
    ("Kasa bilgisayarının şifresi Tz4!kQ$r88 , kimseyle paylaşmayın.", "Tz4!kQ$r88"),
    # Arabic: the copula هي / هو, and "and" joined to the word after the value
    ("كلمة المرور لشبكة المكتب هي Wadi#Palm2290 ولا ترسلها لأحد.", "Wadi#Palm2290"),
    # a chosen password after its one-word label, a dash and a remark after it
    ("VPN login: jdoe, password: Qx4!vnp-Lark - rotate it monthly.", "Qx4!vnp-Lark"),
    ("Notlar: sunucu yedek, şifre: Dr7#kale-Mavi - kimseye vermeyin.", "Dr7#kale-Mavi"),
    # a dash between a login's label and its user / password pair
    ("Printer admin login - printadmin@corp.example / Toner#Blue5523", "Toner#Blue5523"),
    # a chat's question with a remark after it, answered with a word or two before the value
    (
        "[14:02] mia: what's the guest wifi pw? the sticker fell off\n"
        "[14:03] raj: sure, it's Lobby-Fern-9047 - it changes monthly\n",
        "Lobby-Fern-9047",
    ),
    ("[08:10] kai: wifi password?\n[08:11] ida: it's Qm7-Lobby!22\n", "Qm7-Lobby!22"),
    # a credential call whose first argument is read by a call; a base64 key that opens with a slash is no path
    (
        'creds := credentials.NewStaticCredentials(os.Getenv("KEY_ID"), "' + _SLASHED_KEY + '", "")',
        _SLASHED_KEY,
    ),
    ('AWSCredentials c = new BasicAWSCredentials(System.getenv("AWS_KEY_ID"), "' + _SLASHED_KEY + '");', _SLASHED_KEY),
]

WAVE_13_KEPT = [
    # attribute paths and type names in code beside a secret's name
    "password = cfg.userId2\n",
    "token: np.float128\n",
    "api_key = settings.API_KEY\n",
    "secret: hashlib.sha256\n",
    "password: config.s3Bucket\n",
    # words, a setting or a version before punctuation set apart
    "The password field is required .",
    "Password policy: Min-12 .",
    "The release is 2024.11 , see notes.",
    "كلمة المرور هي مفتاح الأمان الأول.",
    # a dash after a label's value that is no password
    "password: required - see the policy page",
    "Password: at least 12 characters - see policy",
    "Login - see the SSO page / FAQ",
    # a chat answer that is no password, or a question about a setting
    "[14:02] mia: what's the wifi pw? sticker fell off\n[14:03] raj: sure, it's on the board\n",
    "[14:02] mia: which pw manager do we use? asking for the wiki\n[14:03] raj: sure, it's Bitwarden-2 now\n",
    # a credential call given references, a path to a credentials file
    'creds := credentials.NewStaticCredentials(os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_KEY"), "")',
    'c := loadCredentials(getRoot(), "/var/lib/app/credentials/store")',
    # PowerShell's scoped variables, a key's name in a translation file
    "$headers = @{ 'x-api-key' = $env:PARTNER_KEY }",
    "Invoke-Command -ScriptBlock { Connect-Db -Password $using:dbPassword }",
    '{"nav.api_key": "API key", "nav.secret_key": "Secret access key", "form.pw": "Password"}',
]


@pytest.mark.parametrize(("text", "values"), WAVE_13_REDACTED)
def test_wave_13_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_13_KEPT)
def test_wave_13_near_misses_stay(text):
    assert redact(text).text == text


def test_wave_13_code_paths_and_placeholders():
    assert not is_code("Harbor2031.KTX") and not is_code("Tulip.canyon4821") and not is_code("Qe7m._zRtPw3K")
    assert is_code("config.db_password") and is_code("np.float64") and is_code("os.environ") and is_code("a.b.c")
    assert is_placeholder("$env:API_TOKEN") and is_placeholder("$using:pw") and is_placeholder("API key")
    assert is_placeholder("/run/secrets/db_password") and is_placeholder("/data/7f3a9c2e4b1d8f6a0c5e3b9d7a1f4c2e")
    assert not is_placeholder(_SLASHED_KEY) and not is_placeholder("$envy:x")
