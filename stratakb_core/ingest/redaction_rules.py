"""Secret shapes and command lines: the patterns behind ``redaction``'s shape detectors (no I/O).

Each pattern names the secret by its form (a vendor's token prefix, a PEM block) or by where a
command takes it (``curl -u user:pw``, ``mysql -pPW``, ``-storepass PW``); a pattern with a ``v``
group redacts only that group. Every repetition is bounded or unambiguous, so matching stays
linear in the text's length.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

__all__ = ["COMMAND_GATES", "COMMAND_SECRETS", "PEM_OPEN", "PEM", "SHAPES", "Shape"]

PEM: Final = re.compile(
    r"-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----"
    r"(?P<body>[\s\S]{0,20000}?)-----END \1-----"
)
# a block cut short (a truncated paste): the BEGIN line and the key lines under it
PEM_OPEN: Final = re.compile(
    r"-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----"
    r"(?:\r?\n[ \t]*[A-Za-z0-9+/=][A-Za-z0-9+/=:, \t-]{0,200}){1,400}"
)

_NOT_WORD: Final = r"(?![A-Za-z0-9_-])"


class Shape(NamedTuple):
    """A secret's form: its kind, its pattern, and the literals (lower-cased) one of which it needs.

    ``gate`` is a speed-up only: a text without any of them cannot match, so the pattern is not
    run. ``word_start``: the match must not follow a letter, digit, ``_`` or ``-`` (checked after
    the match, so the pattern can start with its literal prefix, which ``re`` searches fast).
    """

    kind: str
    pattern: re.Pattern[str]
    gate: tuple[str, ...] = ()
    word_start: bool = False


# other vendors' prefixed tokens, prefix and the rest: GitLab, npm, PyPI, SendGrid, Shopify, Hugging Face,
# DigitalOcean, Databricks, Vault, Groq, Replicate, Linear, Notion, Postman, age, Atlassian, Doppler,
# Sentry, Stripe webhooks, Figma, Mailgun, Square, Google OAuth, Docker Hub, GitLab runners and deploy
# tokens, Grafana, Slack apps, Twilio, OpenRouter, PlanetScale, RubyGems, Terraform Cloud, Facebook,
# Airtable, Brevo, Heroku, Google OAuth client secrets, Grafana Cloud, Pulumi, NuGet, Alibaba, Tailscale,
# New Relic, Render, Supabase, PostHog, Contentful, LangSmith, Tavily, xAI, Perplexity, NVIDIA, Langfuse,
# Flutterwave, Netlify
_PREFIXED: Final = (
    ("glpat-", r"[A-Za-z0-9_-]{20,}"), ("npm_", r"[A-Za-z0-9]{36}"), ("pypi-AgE", r"[A-Za-z0-9_-]{40,}"),
    ("SG.", r"[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,50}"), ("shp", r"(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
    ("hf_", r"[A-Za-z0-9]{30,40}"), ("do", r"[por]_v1_[a-f0-9]{64}"), ("dapi", r"[a-f0-9]{32}"),
    ("hv", r"[sb]\.[A-Za-z0-9_-]{24,}"), ("gsk_", r"[A-Za-z0-9]{40,60}"), ("r8_", r"[A-Za-z0-9]{30,40}"),
    ("lin_api_", r"[A-Za-z0-9]{30,50}"), ("ntn_", r"[A-Za-z0-9]{30,60}"), ("PMAK-", r"[a-f0-9]{24}-[a-f0-9]{30,40}"),
    ("AGE-SECRET-KEY-1", r"[0-9A-Z]{50,60}"), ("ATATT3", r"[A-Za-z0-9_=-]{50,}"),
    ("dp.", r"(?:pt|st|ct|sa|scim|audit)\.(?:[a-z0-9_-]{1,40}\.)?[A-Za-z0-9]{30,50}"),
    ("sntry", r"[su]_[A-Za-z0-9_=+/-]{20,}"),
    ("whsec_", r"[A-Za-z0-9+/=]{20,}"), ("figd_", r"[A-Za-z0-9_-]{20,}"), ("key-", r"[a-f0-9]{32}"),
    ("sq0", r"(?:atp|csp)-[A-Za-z0-9_-]{22,43}"), ("ya29.", r"[A-Za-z0-9_-]{20,}"),
    ("dckr_pat_", r"[A-Za-z0-9_-]{20,}"),
    ("gl", r"(?:rt|dt|ptt|ft|cbt|oas|imt|agent|soat)-[A-Za-z0-9_-]{20,}"), ("glsa_", r"[A-Za-z0-9_]{32,}"),
    ("xapp-", r"\d-[A-Za-z0-9-]{20,}"), ("AC", r"[0-9a-f]{32}"), ("SK", r"[0-9a-f]{32}"),
    ("sk-or-v1-", r"[a-f0-9]{64}"), ("pscale_", r"(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,}"),
    ("rubygems_", r"[a-f0-9]{48}"), ("tfp_", r"[A-Za-z0-9]{40,}"), ("EAA", r"[A-Za-z0-9]{80,}"),
    ("pat", r"[A-Za-z0-9]{14}\.[a-f0-9]{64}"), ("xkeysib-", r"[a-f0-9]{64}-[A-Za-z0-9]{16}"),
    ("HRKU-AA", r"[0-9A-Za-z_-]{58}"), ("GOCSPX-", r"[A-Za-z0-9_-]{28}"), ("glc_", r"[A-Za-z0-9+/]{32,400}={0,2}"),
    ("pul-", r"[a-f0-9]{40}"), ("oy2", r"[a-z0-9]{43}"), ("LTAI", r"[A-Za-z0-9]{20}"),
    ("tskey-", r"(?:api|auth|client|scim|webhook)-[A-Za-z0-9]{8,}-[A-Za-z0-9]{16,}"), ("NRAK-", r"[A-Z0-9]{27}"),
    ("rnd_", r"[A-Za-z0-9]{32}"), ("sbp_", r"[a-f0-9]{40}"), ("phx_", r"[A-Za-z0-9]{43}"),
    ("CFPAT-", r"[A-Za-z0-9_-]{43}"), ("lsv2_", r"(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}"),
    ("tvly-", r"[A-Za-z0-9-]{32,}"),
    ("xai-", r"[A-Za-z0-9]{80}"), ("pplx-", r"[A-Za-z0-9]{48}"), ("nvapi-", r"[A-Za-z0-9_-]{64}"),
    ("sk-lf-", r"[0-9a-f-]{36}"), ("FLWSECK-", r"[A-Za-z0-9]{32}-X"), ("nfp_", r"[A-Za-z0-9]{36}"),
)  # fmt: skip

SHAPES: Final[tuple[Shape, ...]] = (
    Shape("aws_access_key", re.compile(r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"), (), True),
    Shape("github_token", re.compile(r"(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})"), (), True),
    Shape("slack_token", re.compile(r"xox[abposre]-[A-Za-z0-9-]{10,}"), (), True),
    Shape(
        "slack_webhook",
        re.compile(r"(?<=hooks\.slack\.com/services/)T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]{16,}"),
        ("hooks.slack.com",),
    ),
    Shape("google_api_key", re.compile(r"AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])"), (), True),
    Shape("stripe_key", re.compile(r"(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}"), (), True),
    Shape("anthropic_key", re.compile(r"sk-ant-[A-Za-z0-9_-]{20,}"), (), True),
    # real keys are long and random: digits, capitals and small letters ("sk-ui-library-v2" is a name)
    Shape(
        "openai_key",
        re.compile(r"sk-(?:proj-|svcacct-|admin-)?(?=[\w-]*\d)(?=[\w-]*[A-Z])(?=[\w-]*[a-z])[A-Za-z0-9_-]{30,}"),
        (),
        True,
    ),
    # other vendors' prefixed tokens (see _PREFIXED; Doppler's service tokens name their config: dp.st.prd.X)
    *(
        Shape("api_token", re.compile(re.escape(prefix) + body + _NOT_WORD), (prefix.lower(),), True)
        for prefix, body in _PREFIXED
    ),
    # ... and those without a prefix of their own: Terraform Cloud, Mailchimp, Azure AD client secrets, Telegram and
    # Discord bots
    Shape("api_token", re.compile(r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}" + _NOT_WORD), (".atlasv1.",), True),
    Shape("api_token", re.compile(r"[0-9a-f]{32}-us\d{1,2}" + _NOT_WORD), ("-us",), True),
    Shape("api_token", re.compile(r"[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}" + _NOT_WORD), ("q~",), True),
    Shape("api_token", re.compile(r"(?:(?<![\w:/.-])|(?<=/bot))\d{8,10}:AA[A-Za-z0-9_-]{33}" + _NOT_WORD), (":aa",)),
    # Discord bot tokens: the bot's id in base64 (starts M, N or O), a timestamp, an HMAC
    Shape(
        "api_token",
        re.compile(r"[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}" + _NOT_WORD),
        (),
        True,
    ),
    # Firebase Cloud Messaging's legacy server key: AAAA, seven characters, ":APA91b" and a long tail
    Shape("api_token", re.compile(r"AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}" + _NOT_WORD), (":apa91b",), True),
    # a signed URL's signature grants access on its own (S3, GCS, Azure SAS)
    Shape(
        "url_signature",
        re.compile(r"[?&](?i:x-amz-signature|x-goog-signature|sig|signature)=(?P<v>[A-Za-z0-9%+/=_-]{20,512})"),
        ("sig",),
    ),
    Shape("jwt", re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), (), True),
    Shape("bearer_token", re.compile(r"(?i:\bbearer)\s+(?P<v>[A-Za-z0-9._~+/-]{16,}=*)"), ("bearer",)),
    Shape(
        "basic_auth",
        re.compile(
            r"(?i:\bauthorization[\"']?[ \t]*[:=,]?[ \t]*[\"']?[ \t]*basic)\s+(?P<v>[A-Za-z0-9+/]{8,}=*)(?![\w+/=])"
        ),
        ("authorization",),
    ),
    Shape(
        "auth_header",
        re.compile(
            r"(?i:\bauthorization[\"']?[ \t]*[:=,]?[ \t]*[\"']?[ \t]*(?:token|api-?key|key|ssws))\s+"
            r"(?P<v>[A-Za-z0-9._~+/-]{8,}=*)"
        ),
        ("authorization",),
    ),
    # a vendor's own scheme (Okta's SSWS, GenieKey, Negotiate, ...): any one-word scheme but those above, and a
    # value of 16 or more token characters holding letters and digits
    Shape(
        "auth_header",
        re.compile(
            r"(?i:\b(?:proxy-)?authorization[\"']?[ \t]*[:=][ \t]*[\"']?[ \t]*"
            r"(?!(?:basic|bearer|digest|token|api-?key|key|ssws)\b)[A-Za-z][\w-]{1,40})[ \t]+"
            r"(?P<v>(?=[\w.~+/-]{0,300}\d)(?=[\w.~+/-]{0,300}[A-Za-z])[A-Za-z0-9._~+/-]{16,}=*)(?![\w.~+/=-])"
        ),
        ("authorization",),
    ),
    # scheme://user:password@host, the password only
    # (an unescaped @ may sit in the password: the host follows the last one)
    Shape(
        "url_password",
        re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]{0,64}:(?P<v>[^\s/@]{1,128}(?:@[^\s/@]{1,64}){0,2})@[\w.\[-]"),
        ("://",),
    ),
)

_Q: Final = r"(?:\"(?P<dv>[^\"\n]{1,256})\"|'(?P<sv>[^'\n]{1,256})'|(?P<uv>[^\s\"'|;&)]{1,256}))"
_QUOTED: Final = r"(?:\"(?P<dv>[^\"\n]{1,256})\"|'(?P<sv>[^'\n]{1,256})')"
_QV: Final = _Q.replace("dv", "dv2").replace("sv", "sv2").replace("uv", "uv2")
# where a command line takes a secret: the value is in group dv, sv or uv (or dv2, sv2, uv2)
COMMAND_SECRETS: Final[tuple[re.Pattern[str], ...]] = (
    # curl -u user:password, --user user:password, wget --password
    re.compile(r"(?:^|\s)(?:-u|--user|--proxy-user)[ \t=]+[\"']?[^\s:\"']{1,64}:" + _Q),
    # mysql -pPASSWORD (no space), sshpass -p PW, a tool's login command -p PW (docker, podman, helm, oc, az,
    # cf, ...: "az login --service-principal -u APP_ID -p SECRET"; "login" must follow a tool's name)
    re.compile(r"\b(?:mysql\w*|mariadb\w*)\b[^\n|;&]{0,200}?\s-p" + _Q),
    re.compile(r"(?:\bsshpass|(?<=[\w.-][ \t])login\b[^\n|;&]{0,160}?)\s+-p[ \t]+" + _Q),
    # keytool/jarsigner -storepass PW, -keypass PW (--storepass in wrappers), openssl -passin pass:PW
    re.compile(r"(?:^|\s)--?(?:store|key|src(?:store|key)?|dest(?:store|key)?|new)?pass(?:word)?[ \t]+(?:pass:)?" + _Q),
    re.compile(r"(?:^|\s)-pass(?:in|out)[ \t]+pass:" + _Q),
    # echo PW | docker login --password-stdin
    re.compile(r"\becho[ \t]+(?:-n[ \t]+)?" + _Q + r"[ \t]*\|[^\n]{0,200}?--password-stdin"),
    # PowerShell: Set-Variable -Name ApiKey -Value "PW", ConvertTo-SecureString "PW" -AsPlainText
    re.compile(
        r"(?i:-name)[ \t]+[\"']?(?P<key>[A-Za-z_][\w.-]{0,63})[\"']?[ \t]+(?i:-value)[ \t]+" + _QV,
    ),
    re.compile(r"(?i:convertto-securestring)[ \t]+(?:(?i:-string)[ \t]+)?" + _Q + r"[ \t]+(?i:-asplaintext)"),
    # code: setPassword("PW"), withApiKey('PW')
    re.compile(
        r"\b(?:set|with)(?:Password|Passwd|Secret|ClientSecret|Token|AccessToken|ApiKey|Credentials?)\(\s*" + _QUOTED
    ),
    # tools that take a password after their own flag: redis-cli -a, ldapsearch -w, sqlcmd -P, mosquitto -P, ...
    re.compile(
        r"\b(?:redis-cli\b[^\n|;&]{0,120}?\s-a|ldap(?:search|add|modify|delete|passwd|whoami)\b[^\n|;&]{0,120}?\s-w"
        r"|(?:sqlcmd|bcp|osql|isql|mosquitto_(?:pub|sub)|mongo(?:sh|dump|restore|export|import)?)\b"
        r"[^\n|;&]{0,120}?\s-[Pp]"
        r"|rabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+[^\s]{1,64}"
        r"|smbclient\b[^\n|;&]{0,120}?\s-U[ \t]*[^\s%]{1,64}%"
        r"|htpasswd[ \t]+(?:-\w+[ \t]+){0,4}(?:-\w*b\w*)[ \t]+(?:-\w+[ \t]+){0,4}"
        r"[^\s-][^\s]{0,200}[ \t]+[^\s-][^\s]{0,63}"
        r"|\bzip\b[^\n|;&]{0,120}?\s-P|\bnet[ \t]+use\b[^\n|;&]{0,120}?/user:[^\s]{1,64})[ \t]*" + _Q
    ),
    # Oracle's user/password@service: jdbc:oracle:thin:scott/tiger@host, sqlplus scott/tiger@orcl
    re.compile(
        r"(?:\bjdbc:oracle:(?:thin|oci8?):"
        r"|\b(?:sqlplus|sqlldr|expdp|impdp|exp|imp|rman|dgmgrl)[ \t]+(?:-\w+[ \t]+){0,3})"
        r"[\w$#.-]{1,64}/(?P<uv>[^\s/@\"']{1,128})@"
    ),
    # Dockerfile: ENV DB_PASSWORD value (the old form without =)
    re.compile(r"^[ \t]*ENV[ \t]+(?P<key>[A-Za-z_]\w{0,63})[ \t]+" + _Q + r"[ \t]*$", re.M),
    # a flag whose value is KEY=VALUE: kubectl create secret --from-literal=password=PW, --env=DB_PASSWORD=PW
    re.compile(r"(?<!\S)--?[\w-]{1,40}[ \t=][ \t]*(?P<key>[A-Za-z_][\w.-]{0,63})=" + _Q),
    # a CLI's config setter: aws configure set aws_secret_access_key PW, git config --global x.password PW,
    # dotnet user-secrets set "Db:Password" PW
    re.compile(
        r"\b(?:(?:configure|config|user-secrets)[ \t]+set|git[ \t]+config)[ \t]+(?:--?[\w-]+[ \t]+){0,3}[\"']?"
        r"(?P<key>[A-Za-z_][\w.:-]{0,63})[\"']?[ \t]+" + _QV
    ),
    # gh secret set NAME --body PW: whatever its name, a secret's body is one
    re.compile(r"\bsecret[ \t]+set[ \t]+[A-Za-z_][\w-]{0,63}[ \t]+(?:--body|-b)(?:[ \t]+|=)" + _Q),
    # code: a subscript naming a secret assigned a literal ($config['db_pass'] = 'PW', ENV["API_KEY"] = "PW")
    re.compile(r"\[[ \t]*[\"'](?P<key>[A-Za-z_][\w.-]{0,63})[\"'][ \t]*\][ \t]*(?:=|:=|=>)[ \t]*" + _QUOTED),
    # C and C++: #define MQTT_PASS "PW"
    re.compile(r"^[ \t]*#[ \t]*define[ \t]+(?P<key>[A-Za-z_]\w{0,63})[ \t]+" + _QUOTED, re.M),
    # Java system properties: -Djavax.net.ssl.keyStorePassword=PW
    re.compile(r"(?<!\S)-D(?P<key>[A-Za-z_][\w.-]{0,99})=" + _Q),
    # a one-line .netrc entry: machine HOST login USER password PW
    re.compile(r"\bmachine[ \t]+\S{1,253}[ \t]+(?:login[ \t]+\S{1,64}[ \t]+)?password[ \t]+(?P<uv>[^\s\"']{1,256})"),
    # net user NAME PASSWORD /add
    re.compile(r"(?i:\bnet[ \t]+user)[ \t]+[^\s/]{1,64}[ \t]+" + _Q + r"(?=[ \t]+/)"),
)

# a speed-up only, as Shape.gate: a command pattern runs when the lower-cased text holds one of its literals
COMMAND_GATES: Final[dict[re.Pattern[str], tuple[str, ...]]] = {
    pattern: gate
    for pattern in COMMAND_SECRETS
    for literal, gate in (
        (r"\b(?:mysql", ("mysql", "mariadb")),
        (r"(?:\bsshpass|", ("sshpass", "login")),
        (r"\becho[", ("echo",)),
        (r"(?i:convertto", ("convertto",)),
        (r"\b(?:(?:configure|config|user-secrets)", ("config", "user-secrets")),
        (r"\bsecret[ \t]+set", ("secret",)),
        (r"\bmachine[", ("machine",)),
        (r"(?i:\bnet[", ("net",)),
        (r"^[ \t]*#[ \t]*define", ("define",)),
        (r"(?<!\S)--?[\w-]{1,40}", ("=",)),
        (r"\[[ \t]*[\"']", ("[",)),
        (r"(?<!\S)-D", ("-d",)),
        (r"^[ \t]*ENV[", ("env",)),
    )
    if pattern.pattern.startswith(literal)
}
