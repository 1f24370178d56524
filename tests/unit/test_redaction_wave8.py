"""Secret redaction, wave 8 (heldout5 used as tuning data): each row is our own example of a class a heldout5
miss or false redaction stood for (a format, a phrasing, a label language), never a fixture's text.

Same tables as ``test_redaction_wave7.py``: redacted rows must lose every value and keep the line layout,
near misses must come back unchanged.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_keys import is_secret_key
from stratakb_core.ingest.redaction_values import is_placeholder
from tests.helpers.redaction_checks import assert_redacted_in_place

WAVE_8_REDACTED = [
    # SQL: a role's password clause, PostgreSQL, MySQL, Oracle and SQL Server wordings
    ("CREATE ROLE analytics WITH LOGIN PASSWORD 'An4lyt!cs-Read';", "An4lyt!cs-Read"),
    ("ALTER USER etl_loader WITH ENCRYPTED PASSWORD 'L0ad#Night-55' VALID UNTIL '2027-01-01';", "L0ad#Night-55"),
    ("CREATE ROLE batch\n  WITH LOGIN\n  PASSWORD 'B4tch!Job';", "B4tch!Job"),
    ("CREATE USER 'shop'@'10.%' IDENTIFIED BY 'Sh0p$Cart-31';", "Sh0p$Cart-31"),
    ("CREATE USER 'x'@'%' IDENTIFIED WITH mysql_native_password BY 'Nat1ve#Pw';", "Nat1ve#Pw"),
    ("ALTER USER scott IDENTIFIED BY Tiger#2026x DEFAULT TABLESPACE users;", "Tiger#2026x"),
    ("GRANT SELECT ON crm.* TO 'bi'@'%' IDENTIFIED BY 'B1-Read0nly';", "B1-Read0nly"),
    ("SET PASSWORD FOR 'ops'@'localhost' = 'Op$Desk-77';", "Op$Desk-77"),
    # a daemon's or a DSL's directive: a name, one space, the value
    ("# cache\nrequirepass Kv9-Cache!Blue\nappendonly yes", "Kv9-Cache!Blue"),
    ("replicaof 10.1.1.5 6379\nmasterauth Rep1ica#Sync", "Rep1ica#Sync"),
    ('suffix "dc=corp,dc=example"\nrootpw Ld4p!Root-2026', "Ld4p!Root-2026"),
    ("binddn cn=nslcd,dc=corp,dc=example\nbindpw Nsl-Bind#88", "Nsl-Bind#88"),
    ("authentication {\n    auth_type PASS\n    auth_pass Kp4!vrrp\n}", "Kp4!vrrp"),
    ('credentials {\n    username "deployer"\n    password "Gr4dle!Pub"\n}', "Gr4dle!Pub"),
    # "passphrase" in other languages (and English qualifiers) as a key
    ('phrase_secrète: "lune bleue sur le toit"', "lune bleue sur le toit"),
    ('frase_de_acceso = "perro verde bajo la lluvia"', "perro verde bajo la lluvia"),
    ('frase_di_accesso: "gatto nero sul tetto"', "gatto nero sul tetto"),
    ('wachtwoordzin: "fiets molen kaas twaalf"', "fiets molen kaas twaalf"),
    ('RECOVERY_PHRASE="orbit maple candle river"', "orbit maple candle river"),
    # what the secret opens after an article elided into the preposition (Italian, French)
    ("La password nell'app di backup è Nuvola!38, non cambiarla.", "Nuvola!38"),
    ("Le mot de passe d'administration du routeur est Rout3ur!Gris, à changer.", "Rout3ur!Gris"),
    ("Password dell'account di prova: T3st#Conto", "T3st#Conto"),
    ("Mot de passe d'accès : Acc3s!Quai", "Acc3s!Quai"),
    # an articulated preposition
    ("La password sulla VPN è Vpn#Lago-4.", "Vpn#Lago-4"),
]
WAVE_8_KEPT = [
    # SQL near misses: a rule, a word, a stored hash, a bind variable, NULL
    "Alter user password policy to require 14 characters.",
    "Users are identified by email addresses.",
    "CREATE USER 'legacy'@'%' IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9';",
    "ALTER USER app IDENTIFIED BY VALUES 'S:8F2D65A3C1E0';",
    "ALTER ROLE app PASSWORD NULL;",
    "CREATE USER reader WITH PASSWORD :'pw';",
    "Grant the role a password of at least 12 characters; rotate yearly.",
    # directive near misses: a plain word, a hash with its scheme, Go struct fields, a word after a secret word
    "requirepass foobared",
    "rootpw {SSHA}5en6G6MezRroT3XKqkdPOmY/BfQ=",
    "\tToken *oauth2.Token",
    '    Password *string `json:"password"`',
    "token expired",
    "passphrase required",
    # a token's prefix and words saying what goes there
    "SLACK_BOT_TOKEN=xoxb-your-workspace-bot-token",
    "stripe_secret: sk_live_replace_with_your_key",
    "user_token: xoxp-paste-user-token",
    # a remark in brackets in a secret's column
    "| Host | Passwort |\n|---|---|\n| nas | (im Tresor) |\n| db | (siehe 1Password) |",
    "| Service | Token |\n|---|---|\n| ci | (none) |",
    # a setting about a passphrase; sentences with an elided article and no password in them
    "longueur_phrase_secrete: 20",
    "La password dell'utente è obbligatoria.",
    "Il token dell'API è scaduto.",
]


@pytest.mark.parametrize(("text", "values"), WAVE_8_REDACTED)
def test_wave_8_generalisations_are_redacted_and_lines_stay(text, values):
    assert_redacted_in_place(text, values)


@pytest.mark.parametrize("text", WAVE_8_KEPT)
def test_wave_8_near_misses_stay(text):
    assert redact(text).text == text


def test_wave_8_key_names_and_placeholders():
    assert is_secret_key("requirepass") and is_secret_key("bindpw") and is_secret_key("masterauth")
    assert is_secret_key("phrase_de_chiffrement") and is_secret_key("fraseSecreta") and is_secret_key("lösenfras")
    assert not is_secret_key("phrase") and not is_secret_key("longueur_phrase_secrete") and not is_secret_key("userpw")
    assert is_placeholder("(ask ops)") and is_placeholder("xoxb-your-token") and is_placeholder("（金庫）")
    assert not is_placeholder("(Zx9!pw)") and not is_placeholder("xoxb-1234-abcd-Ef9")
