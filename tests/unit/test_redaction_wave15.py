"""Secret redaction, wave 15 (heldout16 used as tuning data, then probes of our own for generalisation): each row is
our own example of a cause a miss or false redaction stood for, never a fixture's text: a generated token alone as a
URL's user (an error tracker's DSN), Slack's webhook path on any host, a URL password ending in "@", a password that
one dot joins in a sentence (Japanese, Chinese, Hebrew, Arabic, Thai, Greek) or in a command, Chinese "changed to",
Arabic "كلمة مرور" / "كلمة سر" and its comma, Thai "คือ", Turkish "olarak"; kept: an id beside a vendor's name (a
Twilio account SID), a secret's name passed to a command (--secret=db-pass), a demo login whose password repeats
its user, placeholder words in other languages (exemple, ejemplo, n/a, нет), marker words and digits (dummy123),
template delimiters (@@NAME@@, [[...]], {{{...}}}), a key's 0x id, a remark saying where the secret is, a CJK
remark as the value, a comment calling the value an id, a hash or an example; a comma and a remark after a label's
chosen value, an arrow or "=" after a password's name (kept: a version or a model's name before a comma, Basic
credentials of a placeholder or a demo login, a label opening with "Example").

Token-shaped values are joined from parts at run time, so no whole fake token sits in this file. Redacted rows
must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_commands import same_as_user
from stratakb_core.ingest.redaction_values import (
    is_code,
    is_code_in_sentence,
    is_placeholder,
    remark_says_not_secret,
)
from tests.helpers.redaction_checks import assert_redacted_in_place

_HEX = "7c2e9b41" + "d05f8a36" + "1e4c7b92" + "a3f06d58"  # 32 hex digits
_ALNUM = "Wr5Kp9Zq2Lm7Xb3Nc8Vt4Hg6Jd1Fs0Ya"  # 32 characters, letters and digits
_HOOK = "T" + "K4M7Q2W9E" + "/B" + "R8T3Y6U1I0" + "/" + _ALNUM[:24]

WAVE_15_REDACTED = [
    # a generated token alone as a URL's user
    (f"SENTRY_DSN=https://{_HEX}@o98765.ingest.tracker.test/44\n", _HEX),
    (f"git clone https://{_ALNUM}@git.corp.test/team/app.git\n", _ALNUM),
    # Slack's webhook path on any host
    (f"relay: https://relay.ops.test/services/{_HOOK}\n", _HOOK),
    # a URL password ending in "@" (the host follows the last one)
    ("BROKER_URL=amqp://svc:Lantern2011@@mq.corp.test:5672/\n", "Lantern2011@"),
    ("CACHE_URL=redis://:Orchid1999@@cache.corp.test:6379/0\n", "Orchid1999@"),
    # a password that one dot joins, in sentences of several languages
    ("新しいパスワードは Canyon.maple55 です。", "Canyon.maple55"),
    ("数据库密码已设置为 Lantern.river42 ，请妥善保管。", "Lantern.river42"),
    ("管理员密码改成 Orchid-2023# 了", "Orchid-2023#"),
    ("密碼已更新為 Panda.bamboo31 ，請勿外傳。", "Panda.bamboo31"),
    ("הסיסמה של השרת היא willow.STone27 .", "willow.STone27"),
    ("كلمة مرور الخادم هي Falcon.dune64 ، لا تشاركها.", "Falcon.dune64"),
    ("كلمة سر الراوتر هي Cedar#2018 .", "Cedar#2018"),
    ("รหัสผ่านเซิร์ฟเวอร์คือ Mango.sea73 นะ", "Mango.sea73"),
    ("Το συνθηματικό του διακομιστή είναι Olive.sun36 .", "Olive.sun36"),
    ("sifre su an Kartal2024! olarak ayarlandı", "Kartal2024!"),
    # ... and in configs and commands (a capitalised word, a dot, a word and a number)
    ("spring.datasource.password=Quartz.pine44\n", "Quartz.pine44"),
    ("redis-cli -h cache -a Ocean.tide38 ping\n", "Ocean.tide38"),
    ("PGPASSWORD=Cedar.lake46 psql -h db -U app\n", "Cedar.lake46"),
    ("kubectl create secret generic db --from-literal=password=Pine.ridge58\n", "Pine.ridge58"),
    # a word of three letters or more, or not in ASCII, after the dot; "is now" as a copula
    ("wachtwoord: Duin.zee48\nLösenord: Björk.sjö58\n", ["Duin.zee48", "Björk.sjö58"]),
    ("The admin password is now Pearl.coast63.\n", "Pearl.coast63"),
    # a comma and a remark after a label's value; an arrow or "=" after a password's name and what it opens
    ("Passwort: Reiher!Moor38 , bitte nicht weitergeben.\n", "Reiher!Moor38"),
    ("Clave: Nube#Roja52, no la compartas.\n", "Nube#Roja52"),
    ("pwd for the lab printer = Heron!Dock12\n", "Heron!Dock12"),
    ("Mot de passe de la borne → Brume!Lac92\n", "Brume!Lac92"),
    # Basic credentials of a real-looking password
    ("Authorization: Basic b3BzOkt4NyFmZW4jNDI=\n", "b3BzOkt4NyFmZW4jNDI="),
    # a comment that names no example nor hash keeps nothing
    ("DB_PASSWORD=Kx7!fen#42  # shared with the night shift\n", "Kx7!fen#42"),
]

WAVE_15_KEPT = [
    # an id beside a vendor's name, a secret's name passed to a command
    "TWILIO_ACCOUNT_SID=AC" + _HEX + "\n",
    "Read it with `gcloud secrets versions access latest --secret=api-token`; it is never stored.",
    # a demo login whose password repeats its user
    "curl -u guest:guest http://localhost:15672/api/overview\n",
    "postgres://demo:demo@localhost:5432/demo\n",
    "curl -u user:pass https://httpbin.test/basic-auth/user/pass\n",
    # placeholder words in other languages, marker words and digits
    "Exemplo de .env (valores fictícios):\nCHAVE_API=exemplo\nSENHA=exemplo\n",
    "API_KEY=ejemplo\nPASSWORD=beispiel\n",
    "password: dummy123\napi_key: test_key_123\nSECRET=secret-for-tests\n",
    "password: n/a\nпароль: нет\nPasswort: keins\ncontraseña: ninguna\npassword: unknown\n",
    "password: CHANGE-ME-BEFORE-DEPLOY\n",
    'SECRET_KEY = "django-insecure-change-me"\n',
    # template delimiters
    'password: "@@DB_PASSWORD@@"\ntoken: $$TOKEN$$\npassword: !!PASSWORD!!\n',
    "password: [[vault:db/password]]\npassword: {{{password}}}\napi_key: <<API_KEY>>\n",
    "api_key: 0000000000000000\n",
    # a key's id
    "Signing key: 0x6B9D3A2F1C4E5A7B\n",
    # a remark saying where the secret is, a CJK remark as the value
    'password: "see 1Password: Prod/DB"\npassword: "stored in the secrets manager"\n',
    "パスワード：管理者に確認してください\n密码：请联系管理员\n비밀번호: 관리자문의\n",
    # a comment calling the value an id, a hash or an example
    f"token: {_HEX[:32]}  # md5 of the archive\n",
    f"API_KEY={_ALNUM[:24]}  # account id, not a secret\n",
    "password: P@ssw0rd (example only, do not use)\n",
    "https://" + _HEX + "@localhost/1  # example DSN from the docs\n",
    # a version or a model's name and a sentence after a comma; a setting after an arrow
    "Password: v2.1.0, released 2024\nToken: GPT-4o, 128k context\n",
    "password policy -> min 12, 1 symbol\nWi-Fi password → ask at the front desk\n",
    # Basic credentials of a placeholder or a demo login (user:pass, admin:admin); a label calling its value an example
    "Authorization: Basic dXNlcjpwYXNz\nAuthorization: Basic YWRtaW46YWRtaW4=\n",
    "Example strong password: Gr4nite&Owl7 — do not use this one.\nBeispiel-Passwort: Gr4nite&Owl7\n",
    # a sentence's code and a tokenizer's names
    "token: Vocab.unk0\nsecret_backend: Backend.vault01\n",
    "The password is now required for all users.\nThe API token is now v2.\n",
    "The password must be 12 characters long: policy.length12 sets it.",
]


@pytest.mark.parametrize(("text", "values"), WAVE_15_REDACTED)
def test_wave_15_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_15_KEPT)
def test_wave_15_near_misses_stay(text):
    assert redact(text).text == text


def test_wave_15_values_and_remarks():
    assert is_placeholder("exemple") and is_placeholder("dummy123") and is_placeholder("@@NAME@@")
    assert not is_placeholder("Demo-Falcon-19") and not is_placeholder("Test!Rugbrod-42")
    assert not is_placeholder("change-me-2027!") and not is_placeholder("hunter2")
    assert is_code_in_sentence("os.environ") and is_code_in_sentence("config.password")
    assert not is_code_in_sentence("Pebble.canyon61") and not is_code_in_sentence("mist.QRvLantern4")
    assert is_code("np.float64") and is_code("user.oAuth2Token") and not is_code("Quartz.pine44")
    assert remark_says_not_secret("  # account id") and not remark_says_not_secret("  # shared mailbox")
    assert same_as_user("curl -u demo:demo x", 13, 17) and not same_as_user("curl -u ademo:demo x", 14, 18)
