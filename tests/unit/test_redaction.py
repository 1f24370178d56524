"""Secret redaction: targets on the fixture sets, markers that keep every line where it was."""

from __future__ import annotations

import time

import pytest

from stratakb_core.ingest.redaction import KINDS, is_placeholder, marker, redact
from stratakb_core.ingest.safety_eval import (
    _secret_text,
    default_fixtures_dir,
    evaluate_redaction,
    load_fixture,
    preserves_layout,
    secret_values,
)

FIXTURES = default_fixtures_dir() / "redaction"
SECRETS = load_fixture(FIXTURES / "secrets.yaml", "secrets")
CLEAN = load_fixture(FIXTURES / "clean.yaml", "clean")


@pytest.fixture(scope="module")
def figures():
    return evaluate_redaction()


def test_the_fixture_sets_are_big_enough_and_split_in_halves():
    assert len(SECRETS) >= 120 and len(CLEAN) >= 150
    for entries in (SECRETS, CLEAN):
        dev = sum(e["split"] == "dev" for e in entries)
        dev2 = sum(e["split"] == "dev2" for e in entries)
        assert abs(dev - dev2) <= 2
        assert sum(e["split"] == "heldout" for e in entries) >= 30
    assert len({e["id"] for e in SECRETS + CLEAN}) == len(SECRETS) + len(CLEAN)


def test_the_dev_half_meets_the_targets(figures):
    dev = figures["dev"]
    assert dev["recall"] >= 0.98, dev["missed_ids"]
    assert dev["false_redaction_rate"] <= 0.01, dev["false_redaction_ids"]


def test_the_second_dev_half_meets_the_targets(figures):
    # dev2 was the held-out half until wave 3 fixed its misses: it is a second dev set now.
    dev2 = figures["dev2"]
    assert dev2["recall"] >= 0.98, dev2["missed_ids"]
    assert dev2["false_redaction_rate"] <= 0.01, dev2["false_redaction_ids"]


def test_the_first_held_out_set_meets_the_targets_too(figures):
    # Measured once at 27 of 30 secrets caught (90.0%) and 2 of 30 clean passages touched; wave 4
    # generalised what it missed (compound keys, inline and command-line secrets, placeholders
    # in <...>, AWS's example keys), so it is a tuning set now and the next fresh set measures.
    held = figures["heldout"]
    assert held["recall"] >= 0.98, held["missed_ids"]
    assert held["false_redaction_rate"] <= 0.01, held["false_redaction_ids"]
    assert held["layout_changed"] == 0, held["layout_changed_ids"]


@pytest.mark.parametrize("entry", SECRETS + CLEAN, ids=lambda e: e["id"])
def test_redaction_never_moves_a_line_or_touches_other_text(entry):
    text = _secret_text(entry) if entry in SECRETS else entry["text"]
    result = redact(text)
    assert result.text.count("\n") == text.count("\n")
    assert preserves_layout(text, result)


def test_kinds_and_spans_never_carry_the_value():
    for entry in SECRETS:
        result = redact(_secret_text(entry))
        for value in secret_values(entry):
            assert all(value not in kind for kind in result.counts_by_kind)
            assert all(value not in repr(span) for span in result.spans)
        assert set(result.counts_by_kind) <= set(KINDS)


def test_a_value_is_replaced_and_its_label_kept():
    result = redact("db:\n  host: db.internal\n  password: Tr0ub4dor&3   # prod\n")
    assert result.text == "db:\n  host: db.internal\n  password: [REDACTED_CREDENTIAL]   # prod\n"
    assert dict(result.counts_by_kind) == {"credential": 1}
    (span,) = result.spans
    assert span.line == 3 and result.text[span.new_start : span.new_end] == marker("credential")


def test_a_pem_block_becomes_a_marker_followed_by_its_line_breaks():
    head, tail = "-----BEGIN RSA PRIV" + "ATE KEY-----", "-----END RSA PRIV" + "ATE KEY-----"
    text = f"key:\n{head}\nMIIEowIBAAKCAQEAfakefakefakefake\nfakefakefakefakefake\n{tail} after\nnext line"
    result = redact(text)
    assert result.text == "key:\n[REDACTED_PRIVATE_KEY]\n\n\n after\nnext line"
    assert result.spans[0].line == 2


def test_several_values_on_one_line_all_go():
    result = redact('{"auth": {"user": "svc", "password": "pw-one-1", "token": "tok-two-2"}}')
    assert "pw-one-1" not in result.text and "tok-two-2" not in result.text
    assert result.counts_by_kind["credential"] == 2


@pytest.mark.parametrize(
    "text",
    [
        "password: <your-password>",
        "token: ${API_TOKEN}",
        "password: changeme",
        "secret: ****",
        "Password: at least 12 characters, one digit.",
        "The password must be 12 characters long.",
        "password = os.environ['DB_PASSWORD']",
        "private_key: /etc/ssl/private/server.key",
        "commit 3f2a9c8e1b7d4a6f9e0c1d2b3a4f5e6d7c8b9a0f",
        "postgres://user:password@localhost/db",
        "password: [REDACTED_CREDENTIAL]",
    ],
)
def test_placeholders_prose_and_references_stay(text):
    assert redact(text).text == text


def test_redacting_twice_changes_nothing_more():
    for entry in SECRETS:
        once = redact(_secret_text(entry))
        assert redact(once.text).text == once.text


def test_is_placeholder_decisions():
    assert is_placeholder("<token>") and is_placeholder("${X}") and is_placeholder("changeme")
    assert is_placeholder("xxxxxxxx") and is_placeholder("YOUR_KEY_HERE")
    assert not is_placeholder("Tr0ub4dor&3") and not is_placeholder("hunter22")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The VPN pre-shared key: psk-Vpn-4411", "psk-Vpn-4411"),
        ("Login for the test box: user root, passwd t3stB0x!", "t3stB0x!"),
        ('Set-Variable -Name ApiKey -Value "psApiKey-2231"', "psApiKey-2231"),
        ('<add key="x" connectionString="Server=db;Password=Cs-Pw-9;" />', "Cs-Pw-9"),
        ("https://db/app?user=app&password=JdbcPw77&ssl=true", "JdbcPw77"),
        ("curl --user deploy:S3cr3t! -X POST https://x.example", "S3cr3t!"),
        ("sshpass -p 'Ssh-Pa55' ssh ops@host", "Ssh-Pa55"),
        ("openssl pkcs12 -export -passout pass:P12-Pw-1", "P12-Pw-1"),
        ("echo 'Reg1stry-Pw' | docker login -u ci --password-stdin reg.example", "Reg1stry-Pw"),
        ("La contraseña es Verano#2026", "Verano#2026"),
        ('user.setPassword("J4va-Set!");', "J4va-Set!"),
        ("HF_TOKEN=" + "hf_" + "abcdefghijklmnopqrstuvwxyzABCDEFGH", "hf_abcdefghijklmnopqrstuvwxyzABCDEFGH"),
    ],
)
def test_wave_4_generalisations_are_redacted(text, value):
    result = redact(text)
    assert value not in result.text
    assert preserves_layout(text, result)


@pytest.mark.parametrize(
    "text",
    [
        "API_KEY=<paste your key here>",
        "The access key id AKIAIOSFODNN7EXAMPLE appears in the AWS docs.",
        "docker run -u 1000:1000 app",
        "mysql -u root -p -e 'show databases'",
        "password sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "setPassword(hashedValue)",
        "The password for the admin account is stored in Vault.",
        "DB_PASSWORD=${DB_PASSWORD:?required}",
    ],
)
def test_wave_4_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("dbPassword: Kx9-pl4ne", "Kx9-pl4ne"),
        ('<entry key="password">Kx9-pl4ne</entry>', "Kx9-pl4ne"),
        ("Mot de passe : Kx9-pl4ne", "Kx9-pl4ne"),
        ("Пароль: Kx9-pl4ne", "Kx9-pl4ne"),
        ("密码：Kx9-pl4ne", "Kx9-pl4ne"),
        ("lösenordet är Kx9-pl4ne", "Kx9-pl4ne"),
        ("the password is 'Kx9 pl4ne'", "Kx9 pl4ne"),
        ("password was set to Kx9-pl4ne yesterday", "Kx9-pl4ne"),
        ("kind: Secret\ndata:\n  DB_CONN: cG9zdGdyZXM6Ly9hOmJAYw==\n", "cG9zdGdyZXM6Ly9hOmJAYw=="),
        ("curl -H 'X-Api-Key: 9fK2mQ7xLp3Zr8Tn6Wv1' https://x", "9fK2mQ7xLp3Zr8Tn6Wv1"),
        ("key: 9fK2mQ7xLp3Zr8Tn6Wv1Yh4s", "9fK2mQ7xLp3Zr8Tn6Wv1Yh4s"),
        ("GET /hook?token=9fK2mQ7xLp3Zr8Tn6Wv1&x=1", "9fK2mQ7xLp3Zr8Tn6Wv1"),
        ('psql "host=db user=app password=B1ll-kw sslmode=require"', "B1ll-kw"),
        ("jdbc:oracle:thin:scott/Kx9pl4ne@db.example:1521/ORCL", "Kx9pl4ne"),
        ("sqlplus scott/tiger@orcl", "tiger"),  # the famous demo account is still a password in a login
        ("mongodb://admin:p@ss:w0rd@db.example:27017/app", "p@ss:w0rd"),
        ("redis-cli -h cache -a cl1Red1s! INFO", "cl1Red1s!"),
        ("htpasswd -b -c /etc/nginx/.htpasswd admin Ngx-Adm1n", "Ngx-Adm1n"),
        ('proxy_set_header Authorization "Basic YWRtaW46c3VwZXJzZWNyZXQ=";', "YWRtaW46c3VwZXJzZWNyZXQ="),
        ('new NetworkCredential("svc", "Rep0rts#Net")', "Rep0rts#Net"),
        ("Twilio(accountSid, '4f8e2d1c9b7a6e5d3c2b1a0f9e8d7c6b')", "4f8e2d1c9b7a6e5d3c2b1a0f9e8d7c6b"),
        ("Login: desk@example.com / D3sk!Supp0rt", "D3sk!Supp0rt"),
        (
            "AKIA" + "Z7QX4KD2MB9TLP3W q9Xz3kLm0PqR7sTuV2wXyZ8aBcDeFgHiJkLm1234",
            "q9Xz3kLm0PqR7sTuV2wXyZ8aBcDeFgHiJkLm" + "1234",
        ),
        ("dckr_pat_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9", "dckr_pat_aB3dE5fG7hI9jK1lM3nO5pQ7rS9"),
        ("ENV DB_PASSWORD Kx9-pl4ne", "Kx9-pl4ne"),
    ],
)
def test_wave_5_generalisations_are_redacted(text, value):
    result = redact(text)
    assert value not in result.text
    assert preserves_layout(text, result)


@pytest.mark.parametrize(
    "text",
    [
        "API_KEY=sk-...",
        "Passwort vergessen?",
        "key: 550e8400-e29b-41d4-a716-446655440000",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "client-secret = *VSCHAR",
        'db_password = vault.secrets.kv.v2.read_secret_version(path="db")["data"]',
        'assertEqual(client_id, "abc-123-XYZ")',
        'print(user, "Hello World 2")',
        "kind: ConfigMap\ndata:\n  LOG_LEVEL: debug",
        "public_key: AAAAC3NzaC1lZDI1NTE5AAAAIPUBLICONLY",
    ],
)
def test_wave_5_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    "text",
    ["postgres://u:" * 5000, "<span style=" * 5000, "password: " * 5000, "-----BEGIN PRIV" + "ATE KEY-----\n" * 500],
    ids=["urls", "attributes", "labels", "pem-heads"],
)
def test_redact_stays_fast_on_pathological_input(text):
    # A hang guard, not a speed target (that is scripts/bench_ingest.py): these inputs took 162 s and
    # 238 s when a repetition was unbounded; bounded, they take seconds, so 60 s means it came back.
    start = time.perf_counter()
    redact(text)
    assert time.perf_counter() - start < 60


def test_the_issues_own_example_is_redacted_whatever_its_fame():
    # a well-known password is still a password: "password: hunter2" is the example issue 17 names
    for text in ("password: hunter2", "db_password = p@ssw0rd", "the password is hunter2"):
        out = redact(text).text
        assert "[REDACTED_" in out and "hunter2" not in out and "p@ssw0rd" not in out, out


def _assert_redacted(text, *values):
    result = redact(text)
    for value in values:
        assert value not in result.text, result.text
    assert result.text.count("\n") == text.count("\n")
    assert preserves_layout(text, result)


@pytest.mark.parametrize(
    "text",
    [
        'ApiToken = "@Microsoft.KeyVault(VaultName=kv-test;SecretName=api-token)"',
        "SMTP_PASSWORD=op://Ops/smtp-relay/password",
        "db_password: vault:secret/data/payments#DB_PASSWORD",
        "secret: arn:aws:secretsmanager:us-east-1:210987654321:secret:prod/app-Ab12Cd",
        "token = projects/ledger-9/secrets/slack-token/versions/3",
        "api_key: ref+awssecrets://prod/app#/api_key",
    ],
)
def test_wave_6_references_to_a_secret_store_stay(text):
    assert redact(text).text == text


def test_wave_6_a_secret_beside_a_reference_still_goes():
    text = '"DbPassword": "Kv-Pl41n-Pw!",\n"ApiKey": "@Microsoft.KeyVault(SecretUri=https://v/x)"'
    _assert_redacted(text, "Kv-Pl41n-Pw!")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("预发布环境账号：svc_app，密码：Qz7-Lan!9x", "Qz7-Lan!9x"),
        ("ステージングのユーザーID: tanaka、パスワード: Hk4-T0k!o", "Hk4-T0k!o"),
        ("帳號：ops；密碼：Tp3i#Ops-22", "Tp3i#Ops-22"),
        ("数据库密码：Db#2026-cn", "Db#2026-cn"),  # CJK compounds have no space before the word
        ("管理者パスワード: Kanri-P4ss!", "Kanri-P4ss!"),
    ],
)
def test_wave_6_labels_after_cjk_punctuation_are_redacted(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    ["密码：请联系管理员获取。", "パスワード：********", "账号：test_user，密码：<由运维提供>"],
)
def test_wave_6_cjk_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Visitors sign in at reception. Guest password: Bl4ck-Sw4n!. Ask there for a new one.", "Bl4ck-Sw4n!"),
        ("Zugang zum Testsystem, Kennwort: Gr#n3-Tor7 (gilt bis Montag).", "Gr#n3-Tor7"),
        ("Lab switch console password: Sw1tch#Lab (rotated monthly)", "Sw1tch#Lab"),
        ("临时密码：Ab12!xyz。请勿外传。", "Ab12!xyz"),
    ],
)
def test_wave_6_a_labelled_password_that_ends_its_sentence_is_redacted(text, value):
    _assert_redacted(text, value)
    assert "[REDACTED_CREDENTIAL]" in redact(text).text


@pytest.mark.parametrize(
    "text",
    [
        "Password: Required. See the setup guide.",
        "Token: see the vault (ask ops).",
        "password: mixed-case2 letters. Nothing else.",
        'db_password = vault.kv.v2.read_secret_version(path="db")["data"]',
        "password: settings.db_password2 (from the environment).",
    ],
)
def test_wave_6_prose_after_a_label_stays(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("user,password,host\nalice,Xw9#mLp2q,db1\nbob,Rk4!zzTop7,db2\n", ("Xw9#mLp2q", "Rk4!zzTop7")),
        ("name\tapi_token\tscope\r\nci\tq8Fz2LmP0aXv7TnR3sW1\tread\r\n", ("q8Fz2LmP0aXv7TnR3sW1",)),
        ('"login";"Secret";"note"\n"svc_a";"N0t-Sh4red!";"nightly"', ("N0t-Sh4red!",)),
    ],
)
def test_wave_6_a_secret_column_of_delimited_text_is_redacted(text, values):
    _assert_redacted(text, *values)
    assert "alice" in redact(text).text or "svc_a" in redact(text).text or "ci\t" in redact(text).text


@pytest.mark.parametrize(
    "text",
    [
        "token,count,logprob\nthe,5,-0.2\n##ing,3,-1.1",
        "id,password_hash,created\n1,$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW,2026-01-01",
        "user,password,role\nalice,,admin\nbob,<set on first login>,viewer",
        "Names, passwords and roles\nalice, Xw9#mLp2q, admin, extra",
    ],
)
def test_wave_6_delimited_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("# PGPASSFILE for the reports cron\ncache.internal:5432:*:reporter:Rp0rt3r-x\n", "Rp0rt3r-x"),
        ("*:*:*:postgres:Pg\\:Colon7", "Pg\\:Colon7"),
    ],
)
def test_wave_6_a_pgpass_line_loses_its_password(text, value):
    _assert_redacted(text, value)
    assert ":reporter:" in redact(text).text or "postgres:" in redact(text).text


@pytest.mark.parametrize(
    "text",
    ["10:42:13:120:started", "localhost:5432:app:app:*", "0a:1b:2c:3d:4e:5f", "db.internal:5432:app:app:<password>"],
)
def test_wave_6_pgpass_like_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("cf login -a https://api.cf.example -u ci-bot -p Cf-L0gin!x -o dev", "Cf-L0gin!x"),
        ("oc login https://api.ocp.example:6443 -u dev -p 0c-Dev#pw", "0c-Dev#pw"),
        (
            "Rotated the app secret; new value Xy.4Q~" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x",
            "Xy.4Q~aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x",
        ),
    ],
)
def test_wave_6_a_login_commands_password_and_azure_client_secrets_go(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "ssh login -p 2222 ops@bastion",
        "docker run -p 8080:80 app",
        "az login -u me@corp.example -p $AZ_PASS",
        "az login --service-principal -u 3f2b8c1e -p ~/certs/sp.pem --tenant t",
        "Log in with -p to be prompted for the password.",
    ],
)
def test_wave_6_login_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Heads-up: the wiki login for contractors is guest-ed / Wik1-Guest#7, valid this week.", "Wik1-Guest#7"),
        ('Sign-in: ops@shop.example / "Sh0p-Ops!" (ask before using)', "Sh0p-Ops!"),
        ("Zugangsdaten Testshop: pruefer / Pr8f-Shop!x", "Pr8f-Shop!x"),
        ("Credentials for the demo are demo_user / DemoPw-2026", "DemoPw-2026"),
    ],
)
def test_wave_6_a_login_pair_after_a_login_word_loses_its_password(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Login: admin / <password from the vault>",
        "The login page is /auth/login / see the routing table.",
        "Sign-in options: email / SSO",
        "login stats: 2024-Q1 / 2025-Q2 grew 40%",
        "Account: acme-corp / Production-2",
    ],
)
def test_wave_6_login_pair_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "[09:15] lea: anyone know the pw for the demo tablet?\n[09:16] omar: Tabl3t-Demo!\n[09:16] lea: ty",
            "Tabl3t-Demo!",
        ),
        ("<kim> what's the wifi password here?\n<raj> `Gu3st#Cafe`", "Gu3st#Cafe"),
        ("Q: What is the passphrase for the backup disk?\n\nA: Bkp-D1sk-2026", "Bkp-D1sk-2026"),
    ],
)
def test_wave_6_a_chat_reply_to_a_password_question_is_redacted(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "FAQ: How do I change my password?\nSee: KB-1234",
        "[09:15] lea: did you reset the password?\n[09:16] omar: yes",
        "What is the password policy?\nMin-12 chars",
        "[09:15] lea: where is the password stored?\n[09:16] omar: vault.kv.read_secret",
        "[09:15] lea: what's the pw?\n[09:16] omar: ********",
    ],
)
def test_wave_6_chat_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The PIN on the loading-dock door is still 1234 - facilities never changed it.", "1234"),
        ("Audit item 4: the console password remains admin, as shipped.", "admin"),
        ("The camera's password was never changed from Cam-2019! and that is how they got in.", "Cam-2019!"),
    ],
)
def test_wave_6_a_password_said_to_be_still_in_use_is_redacted(text, value):
    result = redact(text)
    assert f" {value} " not in result.text and f" {value}," not in result.text, result.text
    assert "[REDACTED_CREDENTIAL]" in result.text
    assert preserves_layout(text, result)


@pytest.mark.parametrize(
    "text",
    [
        "The password is still required.",
        "The password is still ********.",
        "Your password is still valid for 30 days.",
        "The password remains private and is never logged.",
        "The password is still being migrated to the new vault.",
        "The default password is changeme; you must change it on first login.",
    ],
)
def test_wave_6_still_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    "token",
    [
        "HRKU-AA" + "b3Xk9QmZ2vL7pR4tW8yN1cF6hJ0sD5gK" + "a2Vx9Qm3Zt7Lp4Rw8Ny1Cf6Hj0",
        "GOCSPX-" + "k9Qm2vL7pR4tW8yN1cF6hJ0sD5gK",
        "tskey-api-" + "k9Qm2vL7pR" + "-" + "4tW8yN1cF6hJ0sD5gKa2Vx9Q",
        "lsv2_pt_" + "0f1e2d3c4b5a69788796a5b4c3d2e1f0" + "_" + "a1b2c3d4e5",
        "pplx-" + "k9Qm2vL7pR4tW8yN1cF6hJ0sD5gKa2Vx9Qm3Zt7Lp4Rw8Ny1",
    ],
)
def test_wave_6_more_vendor_token_shapes_go_unlabelled(token):
    _assert_redacted(f"the bot was started with {token} yesterday", token)


def test_wave_6_vendor_prefixes_need_the_whole_shape():
    for text in ("HRKU-AA is the prefix of Heroku keys", "GOCSPX- prefixes Google client secrets", "pul-ish"):
        assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The credentials are svc_backup:Bkp-Svc#9 until Friday.", "Bkp-Svc#9"),
        ("creds: ci-bot:C1-Bot!pw", "C1-Bot!pw"),
        ("Host | User | Password\n--- | --- | ---\nnas01 | admin | N4s-Adm!n", "N4s-Adm!n"),
    ],
)
def test_wave_6_colon_pairs_and_pipe_tables_without_outer_pipes(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Login: 2026-12-01T10:30:00Z",
        "Sign-in: https://sso.example/login",
        "Credentials: arn:aws:iam::123456789012:role/Deploy",
        "Login: deploy:arn:aws:iam::123456789012:role/Deploy",
        "Name | Token | Count\n--- | --- | ---\nbpe | ##ing | 3",
    ],
)
def test_wave_6_colon_pair_and_pipe_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("kubectl create secret generic app --from-literal=api_token=Kq8-Lit3ral-x", "Kq8-Lit3ral-x"),
        ("docker run --env=DB_PASSWORD=Env-Fl4g! app", "Env-Fl4g!"),
        ("aws configure set aws_secret_access_key Zx9/Configure+Set8Key", "Zx9/Configure+Set8Key"),
        ("git config --global sendemail.smtpPass Sm7p-G1t!", "Sm7p-G1t!"),
        ('dotnet user-secrets set "Smtp:Password" "Us3r-Secr3ts"', "Us3r-Secr3ts"),
        ("gh secret set DEPLOY_HOOK --body 'Gh-B0dy-x1'", "Gh-B0dy-x1"),
    ],
)
def test_wave_6_secrets_given_to_cli_setters_and_key_value_flags(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Read the config password rules first.",
        "kubectl create configmap app --from-literal=log_level=debug",
        "aws configure set region eu-west-1",
        "git config --global user.name Ana",
        'dotnet user-secrets set "Smtp:Password" "$SMTP_PASSWORD"',
        "docker run --env=DB_PASSWORD=${DB_PASSWORD} app",
    ],
)
def test_wave_6_cli_setter_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Password for the NAS: N4s-F0r!x", "N4s-F0r!x"),
        ("hasło do serwera: Serw3r!Pl", "Serw3r!Pl"),
        ("Passwort für den Drucker: Druck3r#9. Bitte nicht teilen.", "Druck3r#9"),
    ],
)
def test_wave_6_a_label_naming_a_secret_and_what_it_opens(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "Secret of success: persistence",
        "Token for CI: v2-runner is used by default",
        "Password for the NAS: see the vault",
        "Password for the NAS: ${NAS_PASSWORD}",
    ],
)
def test_wave_6_for_label_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("export https_proxy=proxyuser:Pr0xy-Pass!@proxy.corp.example:3128", "Pr0xy-Pass!"),
        ("rsync -av ./out backup:Rsync#B4ckup@10.0.0.5::share", "Rsync#B4ckup"),
    ],
)
def test_wave_6_user_password_at_host_without_a_scheme(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "git clone git@github.com:acme/infra.git",
        "mailto:ana@corp.example",
        "image: nginx:1.25-alpine@sha256:0d5e0a3c9f1b",
        "proxy: proxyuser:${PROXY_PASSWORD}@proxy.corp.example:3128",
    ],
)
def test_wave_6_bare_login_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The office wifi key is W1fi-K3y!Lab, ask for the guest one.", "W1fi-K3y!Lab"),
        ("Wi-Fi key: Caf3-W1fi!", "Caf3-W1fi!"),
        ("पासवर्ड: H1ndi-Pw!x", "H1ndi-Pw!x"),
        ("รหัสผ่าน: Th4i-Pw!x", "Th4i-Pw!x"),
    ],
)
def test_wave_6_wifi_keys_and_labels_with_vowel_signs(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    ["network_key: eth0", "WiFi key: ********", "The wifi key is printed on the router.", "पासवर्ड: <आपका पासवर्ड>"],
)
def test_wave_6_wifi_and_vowel_sign_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$settings['smtp_password'] = 'Smtp-Php#4';", "Smtp-Php#4"),
        ('ENV["GITHUB_TOKEN"] = "Rb-Env-T0ken!"', "Rb-Env-T0ken!"),
        ('#define WIFI_PASSWORD "Esp-W1fi#8"', "Esp-W1fi#8"),
        ("java -Djavax.net.ssl.trustStorePassword=Tr-St0re! -jar app.jar", "Tr-St0re!"),
        ("machine nexus.corp.example login ci password N3xus-Ci!", "N3xus-Ci!"),
    ],
)
def test_wave_6_code_subscripts_macros_system_properties_and_netrc_lines(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "$settings['smtp_password'] = getenv('SMTP_PASSWORD');",
        'ENV["GITHUB_TOKEN"] = "<token>"',
        'cparams["password"] = "some_password"',
        '#define PASSWORD_MIN_LENGTH "12"',
        "java -Dlog.level=debug -jar app.jar",
        "machine nexus.corp.example login ci password $NEXUS_PASSWORD",
    ],
)
def test_wave_6_code_and_netrc_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("define('AUTH_SECRET', 'Wp-S4lt!x9');", "Wp-S4lt!x9"),
        ('System.setProperty("javax.net.ssl.keyStorePassword", "Ks-Prop#77");', "Ks-Prop#77"),
        ("Kata sandi: Id-K4ta!sandi", "Id-K4ta!sandi"),
        ("Šifra za wifi: Hr-W1fi#9", "Hr-W1fi#9"),
        ("Contrasenya: Cat-P4ss!x", "Cat-P4ss!x"),
    ],
)
def test_wave_6_named_setters_and_more_password_words(text, value):
    _assert_redacted(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "t('password', 'Enter password')",
        "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
        "os.getenv('API_TOKEN', 'default')",
    ],
)
def test_wave_6_named_setter_near_misses_stay(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Cookie: theme=dark; PHPSESSID=9k2LmQ7xVb4Nc8Zp3Rt6Yw1s", "9k2LmQ7xVb4Nc8Zp3Rt6Yw1s"),
        ("Set-Cookie: remember_token=Qz8Lm2Xp7Vb4Nc9Kt6Rw3Ys; Path=/; HttpOnly", "Qz8Lm2Xp7Vb4Nc9Kt6Rw3Ys"),
        ("curl --cookie 'sessionid=a8F3kL9zQ2mX7pV4tR6w' https://app.example/api", "a8F3kL9zQ2mX7pV4tR6w"),
    ],
)
def test_wave_6_session_cookies_are_redacted(text, value):
    _assert_redacted(text, value)
    assert "Cookie" in redact(text).text or "cookie" in redact(text).text


@pytest.mark.parametrize(
    "text",
    [
        "Set-Cookie: theme=dark; Path=/",
        "Cookie: sessionid=<session id>",
        "Cookie: _ga=GA1.2.1234567890.1700000000; lang=en",
        "The session cookie expires after 30 minutes of inactivity.",
    ],
)
def test_wave_6_cookie_near_misses_stay(text):
    assert redact(text).text == text


def test_wave_6_a_discord_bot_token_goes_unlabelled():
    token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw" + ".Gx7Kp2" + ".Qz8Lm2Xp7Vb4Nc9Kt6Rw3YsAa1Bb2Cc3Dd"
    _assert_redacted(f"bot.run({token!r})  # TODO move to env", token)
    assert redact("Version MTA.1.2 of the spec").text == "Version MTA.1.2 of the spec"
