"""Secret redaction, wave 11 (heldout9 used as tuning data): each row is our own example of a cause a heldout9 miss
or false redaction stood for (a value on the line under its name, a credentials file named by its tool, an
assignment quoted as one string, a chat's answer with a remark, a copula in Greek or at the end of a Hindi or Persian
sentence, a reference to a secret kept elsewhere), never a fixture's text.

Token-shaped values are joined from parts at run time, so no whole fake token sits in this file. Redacted rows
must lose every value and keep the line layout; near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_keys import is_secret_key
from tests.helpers.redaction_checks import assert_redacted_in_place

_ALNUM = "Hq4Tz8Lw2Nc6Vb0Xm3Rk7Py1Gd5Jf9Se"  # 32 characters, letters and digits
_WRAPPED = ("eyQ" + _ALNUM[:29], "Zr" + _ALNUM[3:30])  # a token wrapped over two lines

WAVE_11_REDACTED = [
    # a YAML block scalar under a secret's name: folded, literal, kept or stripped, in a list, a wrapped token
    ("smtp:\n  host: relay.example.net\n  smtp_password: >-\n    Rel4y-Out!77\n  port: 587\n", "Rel4y-Out!77"),
    ("accounts:\n  - login: backup-bot\n    botPassword: |-\n      B4ckup-B0t#12\n", "B4ckup-B0t#12"),
    ("vault:\n  unseal_token: |\n    " + _WRAPPED[0] + "\n    " + _WRAPPED[1] + "\n  tls: true\n", _WRAPPED),
    ("archive:\n  passphrase: >\n    amber tractor willow 4417\n", "amber tractor willow 4417"),
    # a label alone on its line and the value alone on the next (a mail client's or a form's settings copied)
    (
        "Incoming server\nimap.post.example\nUser name\nshop@post.example\nPassword\nIm4p-Sh0p!21\nSSL\nyes",
        "Im4p-Sh0p!21",
    ),
    ("Router admin password:\n\n  Gw-Adm1n#845\n", "Gw-Adm1n#845"),
    ("- Deploy key passphrase\n  Keyring-Tulip-2290\n", "Keyring-Tulip-2290"),
    (f"API token\n{_ALNUM[2:30]}\n", _ALNUM[2:30]),
    # a credentials file that a comment names by its tool's option
    ("# creds file for --auth-user-pass (chmod 600)\nsvc.tunnel\nTunn3l-Svc!40\n", "Tunn3l-Svc!40"),
    ("; rsync --password-file for the nightly mirror\nM1rror-Nightly#5\n", "M1rror-Nightly#5"),
    # an assignment quoted as one string: systemd's Environment=, a Jenkins withEnv list, docker -e
    ('[Service]\nEnvironment="DB_PASSWORD=Pg-Unit!5521" "LOG_LEVEL=info"\n', "Pg-Unit!5521"),
    ('withEnv(["REGISTRY_USER=ci", "REGISTRY_TOKEN=Rg-Push!x81"]) {\n  sh \'make push\'\n}', "Rg-Push!x81"),
    ("docker run -e 'SMTP_PASS=Mx-Relay#903' -d mailer:2", "Mx-Relay#903"),
    # a chat's answer to a question about a password, with a remark after it; a password's shape in both cases
    (
        "[14:02] ines: what was the wiki admin pw again?\n[14:03] paul: Wiki-Otter-5510 (rotate it Friday)",
        "Wiki-Otter-5510",
    ),
    ("[08:15] jan: Wie lautet das Passwort vom Gäste-WLAN?\n[08:16] ute: Garten-Haus-88", "Garten-Haus-88"),
    # a copula in Greek; the value before a copula that ends the sentence (Hindi, Persian, Marathi, Turkish)
    ("Ο κωδικός του λογαριασμού email είναι Thalassa-Mail#4.", "Thalassa-Mail#4"),
    ("राउटर का पासवर्ड Ghar-Net!72 है।", "Ghar-Net!72"),
    ("رمز عبور سرور پشتیبان Pasht-Srv!18 است.", "Pasht-Srv!18"),
    ("वायफायचा पासवर्ड Pune-Wifi#31 आहे.", "Pune-Wifi#31"),
    ("Yedek sunucunun şifresi Ydk-Srv!64'tür.", "Ydk-Srv!64"),
]

WAVE_11_KEPT = [
    # block scalars: a template, prose, a name that is not a secret's, a hint, ciphertext meant to be committed
    "db:\n  password: >-\n    {{ .Values.db.password }}\n",
    "admin_password: |\n  Set at first login;\n  see the runbook.\n",
    "description: |\n  Rel4y-Out!77 is the example we print.\n",
    "passwordHint: |\n  first pet + year\n",
    "kind: SealedSecret\nspec:\n  encryptedData:\n    password: |\n      AgBq4Tz8Lw2Nc6Vb0Xm3Rk7Py1Gd5Jf9Se==\n",
    # a label line and a next line that is prose, a mask, a type, a setting, or a product
    "Password\nMust be at least 12 characters long.\n",
    "Password\n********\n",
    "Token\nstring\n",
    "Password manager\n1Password-8\n",
    "Reset your password\nSee the help page.\n",
    "Password policy:\nMin-12-Chars\n",
    # the tool's option in a comment, then its configuration or a path, not the file itself
    "# log in with auth-user-pass\nauth-user-pass creds.txt\nremote vpn.example.net 1194\n",
    "# rsync --password-file\n/etc/rsync/mirror.secret\n",
    # quoted assignments holding no secret, a variable or a well-known default
    '[Service]\nEnvironment="APP_ENV=prod" "PORT=8080"\nEnvironment="DB_PASSWORD=${DB_PASSWORD}"\n',
    "withEnv(['API_TOKEN=changeme']) {\n  sh 'make test'\n}",
    # a chat's question about a setting; a sentence about the password with no value
    "[09:00] ana: what is the pw policy now?\n[09:01] bo: Min-12-Chars (see the wiki)",
    "[11:20] eva: where do we keep the wifi pw?\n[11:21] tom: KeePass-2 (the team database)",
    "सर्वर का पासवर्ड बदल दिया गया है।",
    "Ο κωδικός προϊόντος είναι AB-1234.",
    # a reference to a secret kept elsewhere: Helm's existingSecret, an ARN naming a secret
    "auth:\n  existingSecret: pg-auth\n  existingPasswordSecret: mongo-creds\n",
    "SecretId: arn:aws:secretsmanager:us-east-1:000000000000:secret:app/api-token-Ab12Cd",
]


@pytest.mark.parametrize(("text", "values"), WAVE_11_REDACTED)
def test_wave_11_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_11_KEPT)
def test_wave_11_near_misses_stay(text):
    assert redact(text).text == text


def test_a_wrapped_token_leaves_its_lines_empty():
    text = "unseal_token: |\n  " + _WRAPPED[0] + "\n  " + _WRAPPED[1] + "\nnext: 1\n"
    assert redact(text).text == "unseal_token: |\n  [REDACTED_CREDENTIAL]\n\nnext: 1\n"


def test_wave_11_key_names():
    assert not is_secret_key("existingSecret") and not is_secret_key("existing_password_secret")
    assert is_secret_key("external_api_token") and is_secret_key("client_secret")
