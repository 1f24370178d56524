"""Secret shapes and command lines: the patterns behind ``redaction``'s shape detectors (no I/O).

Each pattern names the secret by its form (a vendor's token prefix, a PEM block) or by where a
command takes it (``curl -u user:pw``, ``mysql -pPW``, ``-storepass PW``); a pattern with a ``v``
group redacts only that group. Every repetition is bounded or unambiguous, so matching stays
linear in the text's length.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

__all__ = [
    "COMMAND_GATES",
    "COMMAND_ON_LINE",
    "COMMAND_SECRETS",
    "PEM_OPEN",
    "PEM",
    "RUN_MIN",
    "SHAPES",
    "TOKEN_RUN_RE",
    "URL_TOKEN",
    "Shape",
    "word",
]

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
    ``in_run``: every match lies inside one run of ``TOKEN_RUN_RE`` (the pattern reads only ``\\w``, ``.``,
    ``+``, ``/``, ``=``, ``~`` and ``-``, needs at least ``RUN_MIN`` of them, looks at nothing before its
    start and, after its end, only at characters such a run ends before), so it may search the document's
    runs alone (tests/unit/test_redaction_wave10.py checks these conditions on each such pattern).
    ``on_line``: every match lies on one line and holds this literal, so only lines holding it are searched
    (``redaction_scan.finditer_lines``).
    """

    kind: str
    pattern: re.Pattern[str]
    gate: tuple[str, ...] = ()
    word_start: bool = False
    in_run: bool = False
    on_line: str = ""


# long runs of token characters: a document's every vendor token, key id and JWT lies inside one (a twentieth
# of its text); a run starts where the character before is not one of them
RUN_MIN: Final = 15
TOKEN_RUN_RE: Final = re.compile(r"(?<![\w.+/=~-])[\w.+/=~-]{" + str(RUN_MIN) + ",}")


_MIXED_40: Final = r"(?=[\w-]{0,39}[0-9])(?=[\w-]{0,39}[A-Z])(?!(?:[\w-]{0,40}?[A-Z][a-z]{3}){3})[A-Za-z0-9_-]{40}"
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
    ("xapp-", r"\d-[A-Za-z0-9-]{20,}"), ("SK", r"[0-9a-f]{32}"),
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
    ("sk.eyJ", r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}"),  # Mapbox's secret token (its public one is pk.eyJ...)
    ("sl.", r"(?:[A-Za-z]\.)?[A-Za-z0-9_-]{100,1400}"),  # Dropbox's short-lived access token
    # wave 24: HubSpot's private app token (a region and a UUID)
    ("pat-", r"(?:na|eu|ap)\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
)  # fmt: skip

# where a header's name starts: a word's start, or right after an escaped line break, as a logged request's bytes
# print it (b'GET / HTTP/1.1\\r\\nAuthorization: Basic ...'; wave 24)
_HEADER_START: Final = r"(?:\b|(?<=\\[rn]))"

# scheme://TOKEN@host, a generated token alone as the user (a Sentry DSN's key, a git remote's token; the value must
# look generated, redaction_values.looks_random: a user's name is no token)
URL_TOKEN: Final = Shape("api_token", re.compile(r"://(?P<v>[A-Za-z0-9_-]{20,128})@[\w.\[-]"), ("://",), on_line="://")

SHAPES: Final[tuple[Shape, ...]] = (
    Shape("aws_access_key", re.compile(r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"), (), True, in_run=True),
    Shape(
        "github_token",
        re.compile(r"(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})"),
        (),
        True,
        in_run=True,
    ),
    Shape("slack_token", re.compile(r"xox[abposre]-[A-Za-z0-9-]{10,}"), (), True, in_run=True),
    Shape(
        "slack_webhook",
        # (any host of Slack's: hooks.slack.com, a proxy's or a copy's hooks.slack.<domain>)
        re.compile(r"(?<=hooks\.slack\.)[\w.-]{2,63}/services/(?P<v>T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]{16,})"),
        ("hooks.slack.",),
    ),
    # ... and Slack's webhook path on any host (a proxy, a relay, a chat tool's copy): the team, the bot and the secret
    Shape(
        "slack_webhook",
        re.compile(r"/services/(?P<v>T[A-Z0-9]{8,12}/B[A-Z0-9]{8,12}/[A-Za-z0-9]{20,32})(?![A-Za-z0-9])"),
        ("/services/t",),
    ),
    Shape("google_api_key", re.compile(r"AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])"), (), True, in_run=True),
    Shape("stripe_key", re.compile(r"(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}"), (), True, in_run=True),
    Shape("anthropic_key", re.compile(r"sk-ant-[A-Za-z0-9_-]{20,}"), (), True, in_run=True),
    # real keys are long and random: digits, capitals and small letters ("sk-ui-library-v2" is a name)
    Shape(
        "openai_key",
        re.compile(r"sk-(?:proj-|svcacct-|admin-)?(?=[\w-]*\d)(?=[\w-]*[A-Z])(?=[\w-]*[a-z])[A-Za-z0-9_-]{30,}"),
        (),
        True,
    ),
    # other vendors' prefixed tokens (see _PREFIXED; Doppler's service tokens name their config: dp.st.prd.X)
    *(
        Shape("api_token", re.compile(re.escape(prefix) + body + _NOT_WORD), (prefix.lower(),), True, in_run=True)
        for prefix, body in _PREFIXED
    ),
    # ... and those without a prefix of their own: Terraform Cloud, Mailchimp, Azure AD client secrets, Telegram and
    # Discord bots
    Shape(
        "api_token",
        re.compile(r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}" + _NOT_WORD),
        (".atlasv1.",),
        True,
        True,
    ),
    Shape("api_token", re.compile(r"[0-9a-f]{32}-us\d{1,2}" + _NOT_WORD), ("-us",), True, True),
    Shape("api_token", re.compile(r"[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}" + _NOT_WORD), ("q~",), True, True),
    Shape("api_token", re.compile(r"(?:(?<![\w:/.-])|(?<=/bot))\d{8,10}:AA[A-Za-z0-9_-]{33}" + _NOT_WORD), (":aa",)),
    # Discord bot tokens: the bot's id in base64 (starts M, N or O), a timestamp, an HMAC
    Shape(
        "api_token",
        re.compile(r"[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}" + _NOT_WORD),
        (),
        True,
        True,
    ),
    # payment providers' keys without a vendor prefix: Mollie / GoCardless style "live_" / "test_" and a long random
    # tail (three digits and three capitals at least, and not three capitalised words: a test function's camelCase
    # name is no key; each look ahead bounded by the tail's length, wave 24: "live_" repeated was quadratic),
    # Braintree's
    # access token with its environment and merchant id
    *(
        Shape(
            "api_token",
            re.compile(
                prefix + r"(?=(?:[A-Za-z_-]{0,60}\d){3})(?=(?:[a-z0-9_-]{0,60}[A-Z]){3})"
                r"(?!(?:[A-Za-z0-9_-]{0,60}?[A-Z][a-z]{3}){3})[A-Za-z0-9_-]{30,60}" + _NOT_WORD
            ),
            (prefix,),
            True,
        )
        for prefix in ("live_", "test_")
    ),
    # wave 24: GoCardless's access tokens, live and sandbox: forty characters, a digit and a capital among them (and
    # not three capitalised words, as above)
    *(
        Shape("api_token", re.compile(prefix + _MIXED_40 + _NOT_WORD), (prefix,), True)
        for prefix in ("live_", "sandbox_")
    ),
    Shape(
        "api_token",
        re.compile(r"access_token\$(?:production|sandbox|development|qa)\$[a-z0-9]{12,20}\$[a-f0-9]{32}" + _NOT_WORD),
        ("access_token$",),
        True,
    ),
    # chat webhooks whose path is the secret: Discord's (any host: discord.com, discordapp.com, canary., a proxy)
    # id and token, Microsoft Teams' incoming webhook (tenant, connector, its secret and owner; the older form has
    # no tenant after the connector nor owner after the secret)
    Shape(
        "api_token",
        re.compile(r"/api/(?:v\d{1,2}/)?webhooks/(?P<v>\d{17,20}/[A-Za-z0-9_-]{60,80})(?![A-Za-z0-9_-])"),
        ("/webhooks/",),
    ),
    Shape(
        "api_token",
        re.compile(
            r"/webhook(?:b2)?/(?P<v>[0-9a-f-]{8,80}(?:@[0-9a-f-]{8,36})?/IncomingWebhook/[0-9a-f]{32}(?:/[0-9a-f-]{32,36})?"
            r"(?:/[\w-]{8,})?)"
        ),
        ("/incomingwebhook/",),  # (wave 21: also the older /webhook/ path, ids of any length)
    ),
    # a generic webhook whose last path segment is the secret (/hook/<token>, /webhooks/<token>): a generated
    # segment of 24-80 token characters with both cases and digits in three places at least (a numeric hook id or
    # a route's name, PreReceiveHook2024, stays); wave 27: a hex hook id may come first (/hooks/0d34f9/<token>), and
    # goes with the token
    Shape(
        "api_token",
        re.compile(
            r"/(?i:web)?(?i:hooks?)/(?P<v>(?:[0-9a-f]{6,40}/)?(?=(?:[A-Za-z_-]{0,80}\d{1,3}[A-Za-z_-]){3})"
            r"(?=[\w-]{0,80}?[A-Z])"
            r"(?=[\w-]{0,80}?[a-z])[\w-]{24,80})(?![\w-])"
        ),
        ("hook/", "hooks/"),
    ),
    # wave 23: a webhook host's URL (hooks.<domain>, webhook(s).<domain>) whose last path segment is generated, after
    # any path ("/in/<token>", "/v1/push/<token>"): the segment goes, as the generic hook path's above
    Shape(
        "api_token",
        re.compile(
            r"://(?i:web)?(?i:hooks?)\.[\w.-]{1,100}/(?:[\w-]{1,30}/){0,4}(?P<v>(?=(?:[A-Za-z_-]{0,80}\d{1,3}"
            r"[A-Za-z_-]){3})(?=[\w-]{0,80}?[A-Z])(?=[\w-]{0,80}?[a-z])[\w-]{24,80})(?![\w-])"
        ),
        ("://hook", "://webhook"),
        on_line="://",
    ),
    # a catch hook (Zapier's and its copies: /hooks/catch/<account>/<hook>/): anyone with the URL can post, so its path
    # goes whole; an account number and a hook id of letters and digits (not a documented "123456/abcde"), or one
    # generated segment of 16-80 characters (both cases, a digit)
    Shape(
        "api_token",
        re.compile(
            r"https?://[\w.-]{1,100}/(?P<v>(?:[\w-]{1,30}/){0,3}catch/"
            r"(?:\d{4,12}/(?=[A-Za-z]{0,15}\d)(?=\d{0,15}[A-Za-z])[A-Za-z0-9]{4,16}(?:/[\w-]{8,80})?/?"
            r"|(?=[\w-]{0,80}?\d)(?=[\w-]{0,80}?[A-Z])(?=[\w-]{0,80}?[a-z])[\w-]{16,80}))(?![\w/-])"
        ),
        ("/catch/",),
    ),
    # a Google service-account key file's key id, beside the key it names
    Shape("credential", re.compile(r'"private_key_id"[ \t]*:[ \t]*"(?P<v>[0-9a-f]{40})"'), ('"private_key_id"',)),
    # an Azure SAS token whole, from its version to its signature (its fields grant access with the signature); wave
    # 24: also given alone, as a quoted argument or a setting's value (--sas-token "sv=...", SAS="sv=...")
    Shape(
        "url_signature",
        re.compile(
            r"(?<=[?&\s\"'=])(?P<v>sv=\d{4}-\d\d-\d\d(?:&[a-z]{2,6}=[^&\s\"'<>#]{0,200}){0,20}?&sig=[\w%+/=-]{20,512})"
        ),
        ("sv=",),
    ),
    # wave 21: an AWS or GCS presigned query whole, from its algorithm to its signature (as an Azure SAS above)
    Shape(
        "url_signature",
        re.compile(
            r"(?<=[?&])(?P<v>(?i:x-(?:amz|goog)-algorithm)=(?:AWS4|GOOG4)-[\w-]{4,30}"
            r"(?:&[\w-]{1,40}=[^&\s\"'<>#]{0,300}){0,20}?&(?i:x-(?:amz|goog)-signature)=[0-9a-f]{64,512})(?![\w-])"
        ),
        ("-algorithm=",),
    ),
    # Firebase Cloud Messaging's legacy server key: AAAA, seven characters, ":APA91b" and a long tail
    Shape("api_token", re.compile(r"AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}" + _NOT_WORD), (":apa91b",), True),
    # a signed URL's signature grants access on its own (S3, GCS, Azure SAS)
    Shape(
        "url_signature",
        re.compile(r"[?&](?i:x-amz-signature|x-goog-signature|sig|signature)=(?P<v>[A-Za-z0-9%+/=_-]{20,512})"),
        ("sig",),
    ),
    # (wave 30: or a JOSE header naming its algorithm, eyJhbGci..., over a payload that is not base64 JSON)
    Shape(
        "jwt",
        re.compile(
            r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"
            r"|eyJhbGci[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{30,}\.[A-Za-z0-9_-]{20,}"
        ),
        (),
        True,
        True,
    ),
    Shape("bearer_token", re.compile(r"(?i:\bbearer)\s+(?P<v>[A-Za-z0-9._~+/-]{16,}=*)"), ("bearer",)),
    Shape(
        "basic_auth",
        re.compile(
            _HEADER_START
            + r"(?i:authorization[\"']?[ \t]*[:=,]?[ \t]*[\"']?[ \t]*basic)\s+(?P<v>[A-Za-z0-9+/]{8,}=*)(?![\w+/=])"
        ),
        ("authorization",),
    ),
    # wave 27: a Basic credential without its header's name ("the encoded header: Basic <b64>"), when its base64
    # decodes to user:password (redaction_shape_judges.is_basic_credential)
    Shape("basic_auth", re.compile(r"Basic[ \t]+(?P<v>[A-Za-z0-9+/]{16,512}={0,2})(?![\w+/=])"), ("basic",), True),
    Shape(
        "auth_header",
        re.compile(
            _HEADER_START + r"(?i:authorization[\"']?[ \t]*[:=,]?[ \t]*[\"']?[ \t]*(?:token|api-?key|key|ssws))\s+"
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
    # scheme://user:password@host, the password only (a driver may follow the scheme: oracle+cx_oracle://)
    # (an unescaped @ may sit in the password: the host follows the last one)
    Shape(
        "url_password",
        re.compile(
            r"\b[a-z][a-z0-9+._-]{1,30}://[^\s:/@]{0,64}:(?P<v>[^\s/@]{1,128}(?:@[^\s/@]{1,64}){0,2}@?)@[\w.\[-]"
        ),
        ("://",),
        on_line="://",
    ),
    URL_TOKEN,
)

# a signed URL that its own line or the line before calls an expired link or an example (docs show one to explain
# the parameters): "Example presigned URL (expired in 2019)", "Docs example (expired SAS)"; not a host's ".example"
_EXAMPLE_URL_RE: Final = re.compile(
    r"(?<![.\w-])(?i:expired|example|illustration|abgelaufen(?:e|er|es)?|beispiel|expir[ée]e?|exemple|caducad[oa]"
    r"|ejemplo|scadut[oa]|esempio|expirad[oa]|exemplo)\b"
)


def documented_example(text: str, pos: int) -> bool:
    """Whether the signed URL at ``pos`` is said, on its line or the line before, to be expired or an example."""
    line_start = text.rfind("\n", 0, pos) + 1
    before = text.rfind("\n", 0, max(0, line_start - 1)) + 1
    line_end = text.find("\n", pos)
    return _EXAMPLE_URL_RE.search(text, before, len(text) if line_end < 0 else line_end) is not None


# (an unquoted value may hold an & between its characters, Stacks&Shelves42: a shell's & stands apart, "cmd &")
_Q: Final = (
    r"(?:\"(?P<dv>[^\"\n]{1,256})\"|'(?P<sv>[^'\n]{1,256})'"
    r"|(?P<uv>[^\s\"'|;&)](?:[^\s\"'|;&)]|&(?=[^\s\"'|;&)])){0,255}))"
)
_QUOTED: Final = r"(?:\"(?P<dv>[^\"\n]{1,256})\"|'(?P<sv>[^'\n]{1,256})')"
_QV: Final = _Q.replace("dv", "dv2").replace("sv", "sv2").replace("uv", "uv2")


def word(*literals: str) -> str:
    """``\\b(?:lit1|lit2)`` written literal-first, ``(?:lit1(?<!\\wlit1)|lit2(?<!\\wlit2))``: the same matches,
    but a pattern that starts with a literal is found by ``re``'s fast prefix scan, where one that starts with
    ``\\b`` is tried at every position (ten times slower over a long document). Each literal starts with a letter."""
    return "(?:" + "|".join(f"{re.escape(lit)}(?<!\\w{re.escape(lit)})" for lit in literals) + ")"


# (the same holds for "(?:^|\s)-x" written "-(?<!\S-)x": a match there starts at the dash, not at the space before
# it, which no earlier match can end on, as each ends in its value)
# where a command line takes a secret: the value is in group dv, sv or uv (or dv2, sv2, uv2)
COMMAND_SECRETS: Final[tuple[re.Pattern[str], ...]] = (
    # curl -u user:password, --user user:password, wget --password
    re.compile(r"-(?<!\S-)(?:u|-user|-proxy-user)[ \t=]+[\"']?[^\s:\"']{1,64}:" + _Q),
    # mysql -pPASSWORD (no space), sshpass -p PW, a tool's login command -p PW (docker, podman, helm, oc, az,
    # cf, ...: "az login --service-principal -u APP_ID -p SECRET"; "login" must follow a tool's name)
    re.compile(word("mysql", "mariadb") + r"\w*\b[^\n|;&]{0,200}?\s-p" + _Q),
    re.compile(r"(?:" + word("sshpass") + r"|login(?<=[\w.-][ \t]login)\b[^\n|;&]{0,160}?)\s+-p[ \t]+" + _Q),
    # keytool/jarsigner -storepass PW, -keypass PW (--storepass in wrappers), gpg --passphrase PW, openssl -passin
    # pass:PW; mysql --password=PW dbname (more arguments after it; wave 25)
    re.compile(
        r"-(?<!\S-)-?(?:store|key|src(?:store|key)?|dest(?:store|key)?|new)?pass(?:word|phrase)?(?:[ \t]+|=)(?:pass:)?"
        + _Q
    ),
    re.compile(r"-pass(?<!\S-pass)(?:in|out)[ \t]+pass:" + _Q),
    # echo PW | docker login --password-stdin
    re.compile(word("echo") + r"[ \t]+(?:-n[ \t]+)?" + _Q + r"[ \t]*\|[^\n]{0,200}?--password-stdin"),
    # PowerShell: Set-Variable -Name ApiKey -Value "PW", ConvertTo-SecureString "PW" -AsPlainText
    re.compile(
        r"(?i:-name)[ \t]+[\"']?(?P<key>[A-Za-z_][\w.-]{0,63})[\"']?[ \t]+(?i:-value)[ \t]+" + _QV,
    ),
    re.compile(r"(?i:convertto-securestring)[ \t]+(?:(?i:-string)[ \t]+)?" + _Q + r"[ \t]+(?i:-asplaintext)"),
    # code: setPassword("PW"), withApiKey('PW')
    re.compile(
        word("set", "with")
        + r"(?:Password|Passwd|Secret|ClientSecret|Token|AccessToken|ApiKey|Credentials?)\(\s*"
        + _QUOTED
    ),
    # tools that take a password after their own flag: redis-cli -a, ldapsearch -w, sqlcmd -P, mosquitto -P, ...
    re.compile(
        r"(?:" + word("redis-cli") + r"\b[^\n|;&]{0,120}?\s-a"
        r"|" + word("ldap") + r"(?:search|add|modify|delete|passwd|whoami)\b[^\n|;&]{0,120}?\s-w"
        r"|(?:" + word("sqlcmd", "bcp", "osql", "isql") + r"|" + word("mosquitto_") + r"(?:pub|sub)"
        r"|" + word("mongo") + r"(?:sh|dump|restore|export|import)?)\b[^\n|;&]{0,120}?\s-[Pp]"
        r"|" + word("rabbitmqctl") + r"[ \t]+(?:add_user|change_password)[ \t]+[^\s]{1,64}"
        r"|" + word("mysqladmin") + r"\b[^\n|;&]{0,120}?[ \t]password"  # its command setting a new one (wave 25)
        r"|" + word("smbclient") + r"\b[^\n|;&]{0,120}?\s-U[ \t]*[^\s%]{1,64}%"
        r"|" + word("htpasswd") + r"[ \t]+(?:-\w+[ \t]+){0,4}(?:-\w*b\w*)[ \t]+(?:-\w+[ \t]+){0,4}"
        r"[^\s-][^\s]{0,200}[ \t]+[^\s-][^\s]{0,63}"
        r"|" + word("zip") + r"\b[^\n|;&]{0,120}?\s-P|" + word("net") + r"[ \t]+use\b[^\n|;&]{0,120}?/user:[^\s]{1,64})"
        r"[ \t]*" + _Q
    ),
    # Oracle's user/password@service: jdbc:oracle:thin:scott/tiger@host, sqlplus scott/tiger@orcl
    re.compile(
        r"(?:" + word("jdbc:oracle:") + r"(?:thin|oci8?):"
        r"|"
        + word("sqlplus", "sqlldr", "expdp", "impdp", "exp", "imp", "rman", "dgmgrl")
        + r"[ \t]+(?:-\w+[ \t]+){0,3})"
        r"[\w$#.-]{1,64}/(?P<uv>[^\s/@\"']{1,128})@"
    ),
    # Dockerfile: ENV DB_PASSWORD value (the old form without =)
    re.compile(r"^[ \t]*ENV[ \t]+(?P<key>[A-Za-z_]\w{0,63})[ \t]+" + _Q + r"[ \t]*$", re.M),
    # a flag whose value is KEY=VALUE: kubectl create secret --from-literal=password=PW, --env=DB_PASSWORD=PW
    re.compile(r"-(?<!\S-)-?[\w-]{1,40}[ \t=][ \t]*(?P<key>[A-Za-z_][\w.-]{0,63})=" + _Q),
    # a CLI's config setter: aws configure set aws_secret_access_key PW, git config --global x.password PW,
    # dotnet user-secrets set "Db:Password" PW
    re.compile(
        r"(?:" + word("configure", "config", "user-secrets") + r"[ \t]+set|" + word("git") + r"[ \t]+config)"
        r"[ \t]+(?:--?[\w-]+[ \t]+){0,3}[\"']?"
        r"(?P<key>[A-Za-z_][\w.:-]{0,63})[\"']?[ \t]+" + _QV
    ),
    # gh secret set NAME --body PW: whatever its name, a secret's body is one
    re.compile(word("secret") + r"[ \t]+set[ \t]+[A-Za-z_][\w-]{0,63}[ \t]+(?:--body|-b)(?:[ \t]+|=)" + _Q),
    # code: a subscript naming a secret assigned a literal ($config['db_pass'] = 'PW', ENV["API_KEY"] = "PW")
    re.compile(r"\[[ \t]*[\"'](?P<key>[A-Za-z_][\w.-]{0,63})[\"'][ \t]*\][ \t]*(?:=|:=|=>)[ \t]*" + _QUOTED),
    # C and C++: #define MQTT_PASS "PW"
    re.compile(r"^[ \t]*#[ \t]*define[ \t]+(?P<key>[A-Za-z_]\w{0,63})[ \t]+" + _QUOTED, re.M),
    # Java system properties: -Djavax.net.ssl.keyStorePassword=PW
    re.compile(r"-(?<!\S-)D(?P<key>[A-Za-z_][\w.-]{0,99})=" + _Q),
    # a one-line .netrc entry: machine HOST login USER password PW
    re.compile(
        word("machine") + r"[ \t]+\S{1,253}[ \t]+(?:login[ \t]+\S{1,64}[ \t]+)?password[ \t]+(?P<uv>[^\s\"']{1,256})"
    ),
    # net user NAME PASSWORD /add
    re.compile(r"(?i:net(?<!\wnet)[ \t]+user)[ \t]+[^\s/]{1,64}[ \t]+" + _Q + r"(?=[ \t]+/)"),
)

# a speed-up only, as Shape.gate: a command pattern runs when the lower-cased text holds one of its literals
COMMAND_GATES: Final[dict[re.Pattern[str], tuple[str, ...]]] = {
    pattern: gate
    for pattern in COMMAND_SECRETS
    for literal, gate in (
        (r"(?:mysql", ("mysql", "mariadb")),
        (r"(?:(?:sshpass", ("sshpass", "login")),
        (r"(?:echo(", ("echo",)),
        (r"(?i:convertto", ("convertto",)),
        (r"(?:(?:configure", ("config", "user-secrets")),
        (r"(?:secret(", ("secret",)),
        (r"(?:machine(", ("machine",)),
        (r"(?i:net(", ("net",)),
        (r"^[ \t]*#[ \t]*define", ("define",)),
        (r"-(?<!\S-)-?[\w-]{1,40}", ("=",)),
        (r"\[[ \t]*[\"']", ("[",)),
        (r"-(?<!\S-)D", ("-d",)),
        (r"^[ \t]*ENV[", ("env",)),
    )
    if pattern.pattern.startswith(literal)
}
assert len(COMMAND_GATES) == 13, "a command pattern's start changed: update its gate's prefix"
# command patterns whose every match lies on one line holding the literal (Oracle's user/password@service ends
# in its @): only those lines are searched (redaction_scan.finditer_lines)
COMMAND_ON_LINE: Final[dict[re.Pattern[str], re.Pattern[str]]] = {
    pattern: re.compile("@") for pattern in COMMAND_SECRETS if pattern.pattern.startswith(r"(?:(?:jdbc:oracle:")
}
assert len(COMMAND_ON_LINE) == 1
