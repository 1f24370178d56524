"""Secret shapes and command lines: the patterns behind ``redaction``'s shape detectors (no I/O).

Each pattern names the secret by its form (a vendor's token prefix, a PEM block) or by where a
command takes it (``curl -u user:pw``, ``mysql -pPW``, ``-storepass PW``); a pattern with a ``v``
group redacts only that group. Every repetition is bounded or unambiguous, so matching stays
linear in the text's length.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["COMMAND_SECRETS", "PEM_OPEN", "PEM", "SHAPES"]

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
SHAPES: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    ("aws_access_key", re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])")),
    ("github_token", re.compile(r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})")),
    ("slack_token", re.compile(r"(?<![A-Za-z0-9])xox[abposre]-[A-Za-z0-9-]{10,}")),
    ("slack_webhook", re.compile(r"(?<=hooks\.slack\.com/services/)T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]{16,}")),
    ("google_api_key", re.compile(r"(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])")),
    ("stripe_key", re.compile(r"(?<![A-Za-z0-9])(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}")),
    ("anthropic_key", re.compile(r"(?<![A-Za-z0-9])sk-ant-[A-Za-z0-9_-]{20,}")),
    # real keys are long and random: digits, capitals and small letters ("sk-ui-library-v2" is a name)
    (
        "openai_key",
        re.compile(
            r"(?<![A-Za-z0-9-])sk-(?:proj-|svcacct-|admin-)?(?=[\w-]*\d)(?=[\w-]*[A-Z])(?=[\w-]*[a-z])[A-Za-z0-9_-]{30,}"
        ),
    ),
    # other vendors' prefixed tokens: GitLab, npm, PyPI, SendGrid, Shopify, Hugging Face, DigitalOcean,
    # Databricks, Vault, Groq, Replicate, Linear, Notion, Postman, age, Atlassian, Doppler, Sentry,
    # Stripe webhooks, Figma, Mailgun, Square, Telegram bots, Google OAuth access tokens
    (
        "api_token",
        re.compile(
            r"(?<![A-Za-z0-9_-])(?:glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{36}|pypi-AgE[A-Za-z0-9_-]{40,}"
            r"|SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,50}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|hf_[A-Za-z]{30,40}"
            r"|do[por]_v1_[a-f0-9]{64}|dapi[a-f0-9]{32}|hv[sb]\.[A-Za-z0-9_-]{24,}|gsk_[A-Za-z0-9]{40,60}"
            r"|r8_[A-Za-z0-9]{30,40}|lin_api_[A-Za-z0-9]{30,50}|ntn_[A-Za-z0-9]{30,60}|PMAK-[a-f0-9]{24}-[a-f0-9]{30,40}"
            r"|AGE-SECRET-KEY-1[0-9A-Z]{50,60}|ATATT3[A-Za-z0-9_=-]{50,}|dp\.(?:pt|st|ct|sa)\.[A-Za-z0-9]{30,50}"
            r"|sntry[su]_[A-Za-z0-9_=+/-]{20,}|whsec_[A-Za-z0-9+/=]{20,}|figd_[A-Za-z0-9_-]{20,}|key-[a-f0-9]{32}"
            r"|sq0(?:atp|csp)-[A-Za-z0-9_-]{22,43}|ya29\.[A-Za-z0-9_-]{20,}|dckr_pat_[A-Za-z0-9_-]{20,}"
            r"|gl(?:rt|dt|ptt|ft|cbt|oas|imt|agent|soat)-[A-Za-z0-9_-]{20,}|glsa_[A-Za-z0-9_]{32,}|xapp-\d-[A-Za-z0-9-]{20,}"
            r"|(?:AC|SK)[0-9a-f]{32}|sk-or-v1-[a-f0-9]{64}|pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,}"
            r"|rubygems_[a-f0-9]{48}|tfp_[A-Za-z0-9]{40,}|[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}"
            r"|EAA[A-Za-z0-9]{80,}|[0-9a-f]{32}-us\d{1,2}|pat[A-Za-z0-9]{14}\.[a-f0-9]{64}"
            r"|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}|\d{1,3}[A-Za-z0-9_~.-]{1,3}8Q~[A-Za-z0-9_~.-]{31,34})" + _NOT_WORD
        ),
    ),
    ("api_token", re.compile(r"(?<![\w:/.-])\d{8,10}:AA[A-Za-z0-9_-]{33}" + _NOT_WORD)),
    # a signed URL's signature grants access on its own (S3, GCS, Azure SAS)
    (
        "url_signature",
        re.compile(r"[?&](?i:x-amz-signature|x-goog-signature|sig|signature)=(?P<v>[A-Za-z0-9%+/=_-]{20,512})"),
    ),
    ("jwt", re.compile(r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),
    ("bearer_token", re.compile(r"(?i:\bbearer)\s+(?P<v>[A-Za-z0-9._~+/-]{16,}=*)")),
    ("basic_auth", re.compile(r"(?i:\bauthorization\s*:\s*basic)\s+(?P<v>[A-Za-z0-9+/]{8,}=*)(?![\w+/=])")),
    ("auth_header", re.compile(r"(?i:\bauthorization\s*:\s*(?:token|api-?key|key))\s+(?P<v>[A-Za-z0-9._~+/-]{8,}=*)")),
    # scheme://user:password@host, the password only
    # (an unescaped @ may sit in the password: the host follows the last one)
    ("url_password", re.compile(r"\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]{0,64}:(?P<v>[^\s/@]{1,128}(?:@[^\s/@]{1,64}){0,2})@[\w.\[-]")),
)

_Q: Final = r"(?:\"(?P<dv>[^\"\n]{1,256})\"|'(?P<sv>[^'\n]{1,256})'|(?P<uv>[^\s\"'|;&)]{1,256}))"
_QUOTED: Final = r"(?:\"(?P<dv>[^\"\n]{1,256})\"|'(?P<sv>[^'\n]{1,256})')"
_QV: Final = _Q.replace("dv", "dv2").replace("sv", "sv2").replace("uv", "uv2")
# where a command line takes a secret: the value is in group dv, sv or uv (or dv2, sv2, uv2)
COMMAND_SECRETS: Final[tuple[re.Pattern[str], ...]] = (
    # curl -u user:password, --user user:password, wget --password
    re.compile(r"(?:^|\s)(?:-u|--user|--proxy-user)[ \t=]+[\"']?[^\s:\"']{1,64}:" + _Q),
    # mysql -pPASSWORD (no space), sshpass -p PW, docker/podman/helm login -p PW
    re.compile(r"\b(?:mysql\w*|mariadb\w*)\b[^\n|;&]{0,200}?\s-p" + _Q),
    re.compile(
        r"\b(?:sshpass|(?:docker|podman|helm|oc|buildah|skopeo)\b[^\n|;&]{0,80}?\blogin\b[^\n|;&]{0,120}?)\s+-p[ \t]+"
        + _Q
    ),
    # keytool/jarsigner -storepass PW, -keypass PW, openssl -passin pass:PW
    re.compile(r"(?:^|\s)-(?:store|key|src(?:store|key)?|dest(?:store|key)?|new)?pass(?:word)?[ \t]+(?:pass:)?" + _Q),
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
    # Oracle's user/password@service: jdbc:oracle:thin:scott/tiger@host, sqlplus scott/tiger@orcl
    re.compile(
        r"(?:\bjdbc:oracle:(?:thin|oci8?):|\b(?:sqlplus|sqlldr|expdp|impdp|exp|imp|rman|dgmgrl)[ \t]+(?:-\w+[ \t]+){0,3})"
        r"[\w$#.-]{1,64}/(?P<uv>[^\s/@\"']{1,128})@"
    ),
    # Dockerfile: ENV DB_PASSWORD value (the old form without =)
    re.compile(r"^[ \t]*ENV[ \t]+(?P<key>[A-Za-z_]\w{0,63})[ \t]+" + _Q + r"[ \t]*$", re.M),
    # net user NAME PASSWORD /add
    re.compile(r"(?i:\bnet[ \t]+user)[ \t]+[^\s/]{1,64}[ \t]+" + _Q + r"(?=[ \t]+/)"),
)
