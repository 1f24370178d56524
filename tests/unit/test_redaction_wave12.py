"""Secret redaction, wave 12 (heldout10 used as tuning data): each row is our own example of a cause a heldout10 miss
or false redaction stood for (a secret's name and value held as two fields of one object, a short secret word with a
qualifier after it, "secret key" or "access key" in other languages, a release pipeline's substitution token), never
a fixture's text.

Token-shaped values are joined from parts at run time, so no whole fake token sits in this file. Redacted rows
must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_keys import is_qualified_secret, is_weak_key
from stratakb_core.ingest.redaction_values import is_placeholder
from tests.helpers.redaction_checks import assert_redacted_in_place

_ALNUM = "Hq4Tz8Lw2Nc6Vb0Xm3Rk7Py1Gd5Jf9Se"  # 32 characters, letters and digits
_B64_40 = "Vb0X/" + _ALNUM[3:21] + "+Tq" + _ALNUM[5:19] + "k"  # 40 characters, as a cloud secret key is written
_TOKEN = _ALNUM[1:27]

WAVE_12_REDACTED = [
    # a name/value pair: Postman's environment, an ECS task's environment list, CloudFormation parameters, printed
    # over several lines or in single quotes
    ('{"values": [{"key": "refresh_token", "value": "' + _TOKEN + '", "type": "secret"}]}', _TOKEN),
    (
        '"environment": [\n  {"name": "SMTP_PASSWORD", "value": "Sm7p-Relay!58"},\n'
        '  {"name": "PORT", "value": "25"}\n]',
        "Sm7p-Relay!58",
    ),
    ('[{"ParameterKey": "MasterUserPassword", "ParameterValue": "Rds-Mast3r#19"}]', "Rds-Mast3r#19"),
    ('{\n  "Name": "WEBHOOK_SECRET",\n  "Value": "' + _TOKEN + '",\n  "Enabled": true\n}', _TOKEN),
    ("{'key': 'stripe_key', 'value': '" + _ALNUM[4:30] + "'}", _ALNUM[4:30]),
    # a short secret word and a qualifier after it, as a tool names the cleartext beside an obscured copy
    ("[nas]\ntype = webdav\nuser = sync\npass_clear = Web-D4v!Sync\n", "Web-D4v!Sync"),
    ("pw_plain: Kiosk-Lamp#63\n", "Kiosk-Lamp#63"),
    (f"pass_raw={_TOKEN}\n", _TOKEN),
    # "secret key" or "access key" in other languages, a few words on what it opens, then a generated value
    ("Clave secreta del bucket de respaldos: " + _B64_40, _B64_40),
    ("Chave de acesso da conta de testes: " + _B64_40, _B64_40),
    ("Chiave segreta per il bucket dei log: " + _B64_40, _B64_40),
    ("Clé secrète du compte de recette : " + _B64_40, _B64_40),
    ("Der geheime Schlüssel für das Archiv-Konto: " + _B64_40, _B64_40),
    ("Zugriffsschlüssel des Testkontos: " + _B64_40, _B64_40),
    ("Geheime sleutel van de opslag: " + _B64_40, _B64_40),
    ("Klucz tajny do konta archiwum: " + _B64_40, _B64_40),
    ("Секретный ключ от тестового хранилища: " + _B64_40, _B64_40),
]

WAVE_12_KEPT = [
    # name/value pairs holding no secret: a placeholder, a setting about a secret, a number, a reference, no value,
    # an ordinary name beside a random-looking value
    '{"key": "access_token", "value": "{{access_token}}", "enabled": true}',
    '{"name": "password_min_length", "value": "Twelve-12!"}',
    '{"Name": "MaxTokens", "Value": "4096"}',
    '{"name": "DB_PASSWORD", "valueFrom": "arn:aws:ssm:eu-west-1:000000000000:parameter/db"}',
    '{"name": "password", "label": "Password", "value": ""}',
    '{"key": "request_id", "value": "' + _TOKEN + '"}',
    '{"key": "Authorization", "value": "Bearer {{token}}"}',
    # a short secret word with a word making it something else
    "pass_through = true\npass_rate = 0.93\npass_count: 17\n",
    "pass_name: Nightly-Run3\npw_policy: Min-Len12!\n",
    # "secret key" in prose with no value, or a word as the value
    "La clave secreta del éxito: constancia y trabajo.",
    "A chave secreta do sucesso é a persistência.",
    "Clé secrète : voir le coffre-fort de l'équipe.",
    "Chave privada do certificado: server.key",
    # a release pipeline's or a build's substitution token in place of the secret
    '<add key="StorageAccountKey" value="#{StorageAccountKey}#" />',
    '<add key="SmtpPassword" value="#{Smtp.Password}" />',
    "jdbc.password=@jdbc.password@\n",
    'ApiToken: "__ApiToken__"\n',
]


@pytest.mark.parametrize(("text", "values"), WAVE_12_REDACTED)
def test_wave_12_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_12_KEPT)
def test_wave_12_near_misses_stay(text):
    assert redact(text).text == text


def test_wave_12_key_names_and_placeholders():
    assert is_qualified_secret("pass_plain") and is_weak_key("pw_clear")
    assert not is_qualified_secret("pass_rate") and not is_qualified_secret("pass_through_policy")
    assert is_placeholder("#{Db.Password}#") and is_placeholder("__DbPassword__") and is_placeholder("@db.password@")
    assert not is_placeholder("Ab#{12}x") and not is_placeholder("@Sunny2024@")
