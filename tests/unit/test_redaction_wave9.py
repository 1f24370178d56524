"""Secret redaction, wave 9 (heldout6 used as tuning data): each row is our own example of a class a heldout6
miss or false redaction stood for (a format, a phrasing, a label language), never a fixture's text.

Same tables as ``test_redaction_wave8.py``: redacted rows must lose every value and keep the line layout,
near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_context import under_encrypted
from stratakb_core.ingest.redaction_keys import is_qualified_secret, is_secret_key
from stratakb_core.ingest.redaction_values import is_placeholder
from tests.helpers.redaction_checks import assert_redacted_in_place

WAVE_9_REDACTED = [
    # a label with a qualifier after the secret's name (languages that put the adjective last)
    ("Utilisateur : m.roux\nMot de passe initial : Init-Loire-4471", "Init-Loire-4471"),
    ("Contraseña temporal: Temp-Sierra-208", "Temp-Sierra-208"),
    ("Senha provisória: Prov#Serra-19", "Prov#Serra-19"),
    ("password_temporanea: Tmp-Adige-77", "Tmp-Adige-77"),
    # a remark in brackets between the label and its colon
    ("Логин: ivanov\nПароль (временный): Vremya-Neva-31", "Vremya-Neva-31"),
    ("Password (staging): Stg-Harbor-902", "Stg-Harbor-902"),
    ("Kennwort (neu): Neu!Rhein-56", "Neu!Rhein-56"),
    ("数据库密码（测试）：Ceshi-Huang-88", "Ceshi-Huang-88"),
    # "token" and "secret" in CJK and Cyrillic, run together with what they are for
    ("リフレッシュトークン: 7hG2kLq9ZpX4vB8nM1cR5tY3wE6uA0sD", "7hG2kLq9ZpX4vB8nM1cR5tY3wE6uA0sD"),
    ("访问令牌：Qm8vT2xW9kL4pR7nB3cZ6yH1jF5gD0aS", "Qm8vT2xW9kL4pR7nB3cZ6yH1jF5gD0aS"),
    ("API 密钥: Hx4Lp9Tq2Wz7Kb5Nm8Rc3Vd6Fy1Gs0Ja", "Hx4Lp9Tq2Wz7Kb5Nm8Rc3Vd6Fy1Gs0Ja"),
    ("액세스 토큰: Pz3Kw8Lm1Qx6Rv9Tb4Nc7Yd2Hf5Gj0Sa", "Pz3Kw8Lm1Qx6Rv9Tb4Nc7Yd2Hf5Gj0Sa"),
    ("Токен бота: Vb7Nm2Qw9Er4Ty1Ui6Op3As8Df5Gh0Jk", "Vb7Nm2Qw9Er4Ty1Ui6Op3As8Df5Gh0Jk"),
    # a console printing a secret: a file named for one, a secret store's value
    ("$ cat ~/.config/hub/api.token\n4f9c2a7e1b8d3f6a0c5e9b2d7a4f1c8e\n$ ls", "4f9c2a7e1b8d3f6a0c5e9b2d7a4f1c8e"),
    ("PS C:\\ops> Get-Content .\\deploy_password.txt\nDepl0y!Orca-44", "Depl0y!Orca-44"),
    (
        "root@web01:~# cat /etc/app/secret_key_base\n9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b",
        "9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b",
    ),
    (
        "$ kubectl get secret api -o jsonpath='{.data.token}' | base64 -d\nTk9pQ2xWm7Rr3Ss8Hh1Jj5Ll0Nn",
        "Tk9pQ2xWm7Rr3Ss8Hh1Jj5Ll0Nn",
    ),
    ("$ vault kv get -field=password secret/ci/registry\nReg1stry-Pull!x", "Reg1stry-Pull!x"),
    # a network device's configuration: a command ending in a secret's keyword, the value, the device's keywords
    ("tacacs-server host 192.0.2.10 key Tac-Plus!Core7", "Tac-Plus!Core7"),
    ("radius-server key Rad1us-Edge-Key", "Rad1us-Edge-Key"),
    ("username netops privilege 15 secret 0 N3tops-Vty!", "N3tops-Vty!"),
    (" pre-shared-key address 198.51.100.7 key Ikev2-Site!B", "Ikev2-Site!B"),
    ('set security ike policy p1 pre-shared-key ascii-text "Jun0s-Psk-61"', "Jun0s-Psk-61"),
    # Firebase Cloud Messaging's legacy server key
    (
        "fcm.legacy=AAAAb3Xk9Qz:APA91b" + "Fq7Lm2Np8Rt4Vx1Zc6Bd3Gh9Jk5Ms0Pw7Ty2Ua4Ie8Oq1Sl6Dn3Fg9Hj5Kz0Xc7Vb2Nm4"
        "Qw8Er1Ty6Ui3Op9As5Df0Gh7Jk2Lz4Xc8Vb1Nm6Qw3Er9Ty5Ui0Op7As2Df4",
        "Fq7Lm2Np8Rt4Vx1Zc6Bd3Gh9Jk5Ms0Pw7",
    ),
    # a setter given a weaker name and a generated value
    ("define('PUSH_SERVER_KEY', 'q7Rt2Lp9Xz4Kb8Nm1Vc');", "q7Rt2Lp9Xz4Kb8Nm1Vc"),
]
WAVE_9_KEPT = [
    # translation files: the value is the word for the secret, the secret is not there
    '{\n  "auth.pin": "PIN",\n  "auth.password": "Wachtwoord",\n  "auth.new_password": "Nieuw wachtwoord"\n}',
    'fr:\n  account:\n    password: "Mot de passe"\n    current_password: "Mot de passe actuel :"',
    'pt-BR:\n  password: "Senha"\n  password_confirmation: "Confirme a senha"',
    '{"secret": "Segreto", "access_token": "アクセストークン", "password": "Пароль"}',
    'ja:\n  token: "トークン"\n  password: "パスワード"',
    # encrypted sections meant to be committed
    "kind: SealedSecret\nspec:\n  encryptedData:\n    token: AgBy8Kq2ZtR7mW4pX9vL1nC6hJ3sD0fG5uE8yT2bN7qM4kP1",
    '{"spec": {"encryptedData": {"api_key": "AgCx4Ln9Pq2Wz7Rt5Kb8Mv3Hd6Fs1Gj0Ya"}}}',
    "sealed_values:\n  db_password: AgQw8Er1Ty6Ui3Op9As5Df0Gh7Jk2Lz4Xc",
    # a qualifier word that makes a setting about the secret
    "Password policy: Min-12!chars",
    "token_endpoint: https://id.example/oauth2/token",
    "Passwort Länge: 14",
    # a qualifier that is a type or an attribute path in code: a style table, a tokenizer's pattern
    '    Token.Literal.Escape: "#7B2F1Ac",',
    '    secret_regex = r"^[A-Z]{2}\\d{4}-[a-z]+$"',
    # a remark-like signature in code, a task's name after a colon
    "  resetPassword(token: String!): Result!",
    "$ bin/rails credentials:show\n$ rake secret:rotate",
    # consoles: a public file, a command that is not about a secret, several words of output
    "$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH0cX9 ops@laptop",
    "$ cat VERSION\n4.2.1-rc3",
    "$ cat token_usage.log\nprompt=812 completion=97",
    "$ kubectl get secret api -o jsonpath='{.data.username}' | base64 -d\nsvc-api-reader",
    # device keywords with a hash or nothing chosen
    "enable secret 9 $9$mERr3x$H8sQz1Lp0Vw7Rt4Kb2Nm",
    "username admin privilege 15 secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0",
    "key chain OSPF-KEYS",
    "Press the key Ctrl-C to stop.",
]


@pytest.mark.parametrize(("text", "values"), WAVE_9_REDACTED)
def test_wave_9_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_9_KEPT)
def test_wave_9_near_misses_stay(text):
    assert redact(text).text == text


def test_wave_9_key_names_placeholders_and_sections():
    assert is_secret_key("リフレッシュトークン") and is_secret_key("访问令牌") and is_secret_key("токен")
    assert is_qualified_secret("mot de passe initial") and is_qualified_secret("contraseña_temporal")
    assert not is_qualified_secret("password_policy") and not is_qualified_secret("token_endpoint")
    assert not is_qualified_secret("password_hash") and not is_qualified_secret("password")
    assert is_placeholder("Nieuw wachtwoord") and is_placeholder("Пароль") and is_placeholder("パスワード")
    assert not is_placeholder("blue harbor pw") and not is_placeholder("harborPw") and not is_placeholder("Pin")
    assert not is_placeholder("very secret") and not is_placeholder("oldpassword") and is_placeholder("API-Schlüssel")
    text = "spec:\n  encryptedData:\n    password: AgX\n  template:\n    data:\n      user: AgY"
    assert under_encrypted(text, text.index("AgX")) and not under_encrypted(text, text.index("AgY"))
