"""Secret redaction, wave 7 (heldout4 used as tuning data): each row is our own example of a class a heldout4
miss or false redaction stood for (a format, a phrasing, a label language), never a fixture's text.

Kept apart from ``test_redaction.py`` so that module stays under 500 lines; the tables follow its wave 6 ones:
redacted rows must lose every value and keep the line layout, near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_keys import is_secret_key, is_weak_key
from stratakb_core.ingest.redaction_phrases import is_passphrase
from tests.helpers.redaction_checks import assert_redacted_in_place

WAVE_7_REDACTED = [
    # a flag's value with more flags after it; run-together -pass flags with two dashes
    ("./run.sh --db-password=Xq7!rtW2 -v", "Xq7!rtW2"),
    ("deploy --smtp-pass=Sm7p!Rel4y --dry-run --region eu", "Sm7p!Rel4y"),
    ("signer --keypass N3w-K3y#1 --out build/app.apk", "N3w-K3y#1"),
    ("tool --dbpass Pg-Fl4g-22 --host db1", "Pg-Fl4g-22"),
    # a secret word first and a qualifier after it (Romance word order), beside a generated value
    ("clave_api: 7Hk2Qx9LmP4vRt8ZsW3nYb6", "7Hk2Qx9LmP4vRt8ZsW3nYb6"),
    ('token_acceso = "a9F2kQ7mX3pL8vR4tN6w"', "a9F2kQ7mX3pL8vR4tN6w"),
    ("SECRET_PROD=Zk4Lm9Qx2Vb7Nc3Tp8Rw5Ys  # rotated", "Zk4Lm9Qx2Vb7Nc3Tp8Rw5Ys"),
    # a combo-list entry inside a sentence
    ("Breach notice, two accounts incl. bo.ek@mail.example:Winter#2025 and one more", "Winter#2025"),
    ("pasted dump -> ops.lead@shop.example|Kz9!mQ2x", "Kz9!mQ2x"),
    # a secret's name and its value in aligned columns
    ("Key           Value\n---           -----\npassword      Vk8#Lm2-Qz\nttl           768h", "Vk8#Lm2-Qz"),
    ("db_password\tPg7Lq2Zr2026", "Pg7Lq2Zr2026"),
    ("  client_secret      q7Wm2Xr9Lp4Kd8Zt3Vn6", "q7Wm2Xr9Lp4Kd8Zt3Vn6"),
    # a password word and a value that ends its sentence; Turkish possessives; Spanish "clave"
    ("Kiosk login: user kiosk2, password Lobby-Screen-7. Reset it monthly.", "Lobby-Screen-7"),
    ("Sunucu şifresi Kx9-Tepe-77 olarak ayarlandı.", "Kx9-Tepe-77"),
    ("Ağ şifresi: Mavi-Deniz#5", "Mavi-Deniz#5"),
    ("La clave de la impresora es Impr3s#Sala y nadie más la tiene.", "Impr3s#Sala"),
    # what the secret opens may name an address or a host with dots in it
    ("Le mot de passe pour ana@corp.example est Ana#2026x, merci.", "Ana#2026x"),
    ("The password for db2.internal.example is Qr8!tLm2 until May.", "Qr8!tLm2"),
    # a passphrase of several words
    ("The passphrase for the vault is amber river stone 2048 and it rotates weekly.", "amber river stone 2048"),
    ("Il passphrase per il disco è verde mare 71, non condividerlo.", "verde mare 71"),
    ("Das Passwort für das Archiv ist sonne wolke baum 12.", "sonne wolke baum 12"),
    ("The passphrase is correct horse battery staple.", "correct horse battery staple"),
    # a password in a CJK sentence, the value in Latin letters
    ("密码是Ab12-xyz9，请保密。", "Ab12-xyz9"),
    ("비밀번호는 qwer1234! 입니다", "qwer1234!"),
    ("会議室の暗証番号は Room-42b です。", "Room-42b"),
]
WAVE_7_KEPT = [
    # flags near misses: a command as the value, a file of the secret, a variable
    "$pw = Read-Host -AsSecureString -Prompt 'Vault password'",
    "run --password-file /etc/app/pw --verbose",
    "backup --password=$BACKUP_PASSWORD --verbose",
    # a keyword argument passing a variable
    'client = Api(key="k", secret=secret)',
    "login(user=u, password=password)",
    "pipeline(task, token=HF_TOKEN)",
    # a leading secret word with a hash, a type or an id-like value
    "password_sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "token_type: Bearer",
    "secret_name: payments-api-credentials",
    # code: a class called, a long name in an ML model, a variable
    "self.token_mixer = Conv2dMixerV3Block(config)",
    "token_to_patch_embeds = _project_tokens_dim2(x, y)",
    "userpass = username",
    # a setting about a secret, named head first
    "duracion_token: 7200",
    "politique_mot_de_passe: stricte",
    "longitud_minima_contrasena: 14",
    "rotazione_segreto: settimanale",
    # a label saying the secret is absent
    "Verbindung ohne Passwort: Host=db;User=app;",
    "connection_without_password: Server=x;Trusted_Connection=yes;",
    "Chaîne sans mot de passe : Data Source=srv;Integrated Security=SSPI",
    # an address with a port, a repository, a word after an address
    "see ana@corp.example:8080 for the admin UI",
    "git clone git@github.com:acme/infra.git",
    "Reviewer: ana@corp.example:Project-Alpha",
    "mail ana@corp.example: Tuesday2 works",
    # aligned columns: a word, a placeholder, an algorithm, a version, a setting about a secret
    "password      required",
    "token         <set by CI>",
    "signing_key   SHA-256",
    "api_token     v1.2.3",
    "password_length    16",
    # prose near misses: a version or an ordinary word ends the sentence, a percentage, a rule about the password
    "Set the password v2.0. Then restart.",
    "Change your password regularly. Then log out.",
    "La clave del éxito es 100% constancia.",
    "La clave es la paciencia.",
    "parolanız en az 12 karakter olmalı.",
    "The password for admin@corp.example is required.",
    # phrases about a password, not a passphrase
    "The password is valid for 90 days.",
    "The password is at least 12 characters long.",
    "The password is rotated every 90 days.",
    "Das Passwort ist mindestens 12 Zeichen lang.",
    "The passphrase is entered interactively by operators.",
    "Enter the passphrase twice to confirm.",
    "The password is Chapter 11.",
    "Your password is case sensitive.",
    # CJK near misses: a rule, an algorithm, a plain word
    "パスワードは8文字以上にしてください。",
    "パスワードはSHA-256でハッシュ化されます。",
    "パスワードは admin です",
]


@pytest.mark.parametrize(("text", "values"), WAVE_7_REDACTED)
def test_wave_7_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_7_KEPT)
def test_wave_7_near_misses_stay(text):
    assert redact(text).text == text


def test_key_names_decisions():
    assert is_secret_key("storepass") and is_secret_key("--keypass".strip("-")) and not is_secret_key("bypass")
    assert not is_secret_key("Verbindingsreeks zonder wachtwoord") and not is_secret_key("no_password")
    assert not is_secret_key("duree_jeton") and is_secret_key("jeton")
    assert is_weak_key("jeton_api") and is_weak_key("tokenAcces") and not is_weak_key("token_hash")
    assert not is_secret_key("jeton_api")  # only a generated value beside it goes


def test_passphrase_decisions():
    assert is_passphrase("lemon kettle 808", named=False)
    assert not is_passphrase("lemon kettle", named=False)  # no number and no "passphrase" named
    assert is_passphrase("lemon kettle harbor quilt", named=True)
    assert not is_passphrase("lemon kettle harbor", named=True)  # three plain words: too little to tell
    assert not is_passphrase("renewed each 30", named=True)  # a function word
    assert not is_passphrase("Kotlin 2", named=False)  # a name and its number
