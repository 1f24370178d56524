"""Secret redaction: secret values in extracted text become ``[REDACTED_<KIND>]`` markers (no I/O).

Runs after extraction and before chunking, so no later stage (chunks, embeddings, payloads,
answers) ever holds a credential that sits in a file we keep on purpose. Two kinds of detector:

* shapes, secrets by their form alone: PEM private key blocks (also one cut short), AWS access
  key ids, GitHub, Slack, Google, Stripe, OpenAI and Anthropic keys, other vendors' prefixed
  tokens (GitLab, npm, PyPI, SendGrid, Hugging Face, Vault, ...: ``api_token``), the signature
  of a signed URL, JWTs, ``Authorization: Bearer|Basic`` credentials, the password in
  ``scheme://user:password@host`` and credential-dump lines ``someone@example.com:password``;
* labels, ``key: value`` / ``key=value`` / ``"key": "value"`` / ``<key>value</key>`` (YAML,
  INI, .env, JSON, XML, shell, URL queries, PowerShell, command-line flags, ``"KEY=value"`` quoted whole as
  systemd's ``Environment=`` or a Jenkins ``withEnv`` list writes it) whose key ends in a
  secret word (password, passwd, pwd, pass, passphrase, passcode, token, secret, api key, psk,
  private/shared/app/... key, credential, Passwort, contraseña, ..., with compounds such as
  ``keystore_password``, ``AWS_SECRET_ACCESS_KEY`` or ``clientSecret``), also one inside another
  value (``connectionString="...;Password=x;"``). The value goes, the label stays, and so does
  everything else on the line;
* commands and prose: ``curl -u user:pw``, ``mysql -pPW``, ``-storepass PW``, ``-passout pass:PW``, SQL's
  ``CREATE ROLE r LOGIN PASSWORD 'PW'`` / ``IDENTIFIED BY 'PW'`` / ``WITH PASSWORD = N'PW'`` and a password
  column's literal in ``INSERT ... VALUES`` (``redaction_sql``), a directive line such as ``requirepass PW``,
  ``echo PW | ... --password-stdin``, ``ConvertTo-SecureString "PW" -AsPlainText``,
  ``setPassword("PW")``, "the password for the NAS is PW", "user root, passwd PW" (a value with a
  digit or a symbol that ends its clause), a passphrase of several words ("the passphrase is violet
  orbit 2048"), a table column headed by a secret word, a secret's name and value in aligned columns;
* surroundings: a console printing a secret (``$ cat config/master.key`` and the line under it, ``vault kv get
  -field=password``), a network device's command (``crypto isakmp key PSK address 203.0.113.5``), a label whose
  secret name has a qualifier after it or a remark before its colon ("mot de passe provisoire :",
  "Пароль (тимчасовий):"), when the value looks like a secret.

Names are judged in ``redaction_keys`` (any casing, some twenty languages; a weak name such as
``key``, ``sig`` or an ``X-...-Key`` header counts when its value looks generated), values in
``redaction_values`` (placeholders, entropy), whole blocks in ``redaction_blocks`` (a Kubernetes
``kind: Secret``'s data, base64 PEM keys, ``<entry key="password">``, AWS secret keys beside their
key id, ``.pgpass`` lines, a Terraform variable's or a CloudFormation parameter's default, ``chpasswd``
lists), sentences and chats in ``redaction_prose`` (also a secret's name followed by what it opens in
several words, in any language), Markdown and CSV columns in ``redaction_tables``. A token-shaped value
beside a secret's name goes even when prose follows it, and so does a password-shaped one that ends its
sentence ("password: X. Next sentence").

Unlabelled high-entropy strings stay on purpose: commit ids, checksums, UUIDs and base64 images look just like them.

Lines never move: a marker replaces the value on its own line, and a value spanning lines (a PEM block) becomes the
marker on its first line followed by the same number of line breaks, so the block's other lines stay as empty lines.
Every character outside a redacted value keeps its line number (offsets do shift; ``RedactedSpan`` gives both).

Never redacted (see ``is_placeholder``): empty values, placeholders (``<your-token>``, ``${TOKEN}``,
``{{ token }}``, ``%(pw)s``, ``$TOKEN``, ``$env:TOKEN``, ``****``, ``xxx``, ``...``, a remark in brackets such
as ``(see vault)``, a token's prefix and words saying what goes there, ``xoxp-your-user-token``), the
well-known non-secrets ``changeme``, ``password``, ``secret`` and ``redacted`` (a default everyone
knows protects nothing, and docs use them as examples; only a sentence saying a system still takes
one, "the router's password is still changeme", counts), words naming the secret as a translation
file's labels do (``"password": "Contraseña"``, ``"Nytt lösenord"``, ``비밀번호``, ``"API key"``), type
names (``string``, ``bool``, ...), references to a secret store (``@Microsoft.KeyVault(...)``, ``op://...``, an ARN),
paths to files holding the secret (``/run/secrets/db``, ``key.pem``), AWS's documented example
keys (ending in ``EXAMPLE``), a name inside an ARN (``...:secret:prod/db``), a Helm chart's
``existingSecret`` (the name of a Secret kept elsewhere), hashes after a secret word, ciphertext in a
section named for it (a SealedSecret's ``encryptedData``), a namespaced task (``rails credentials:edit``),
code that fetches the value (``os.environ[name]``, ``getpass()``; not a password that a dot joins, ``Maple.fjord1234``,
see ``redaction_values.is_code``), and ordinary prose: an unquoted value must be the
last word on its line (a trailing ``#`` comment aside), so "Password: at least 12 characters"
is kept. Markers already in the text are never redacted again.

Speed (issue 13): patterns that would be tried at every position of a long document are searched where they can
match, with a plain search's results (``redaction_scan``): key-value labels on lines holding ``:``, ``=`` or
``：``, vendor tokens inside long runs of token characters, one-line patterns on lines holding their ``@`` or
``://``; patterns open with a literal where ``\\b`` or a space used to come first (``redaction_rules.word``), and
the prose finders' start words are one alternation factored by first letter (``regex_factor``).

Counts are per kind; a kind is a short lowercase name (``credential``, ``private_key``, ...)
and never holds any part of the value, so it is safe to record in events.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from stratakb_core.ingest.redaction_blocks import block_spans
from stratakb_core.ingest.redaction_commands import command_spans, same_as_user
from stratakb_core.ingest.redaction_context import context_spans, mentions_encrypted, under_encrypted
from stratakb_core.ingest.redaction_held_back import held_back
from stratakb_core.ingest.redaction_keys import is_qualified_secret, is_secret_key, is_weak_key, snake
from stratakb_core.ingest.redaction_prose import prose_spans
from stratakb_core.ingest.redaction_public_dsn import token_in_url
from stratakb_core.ingest.redaction_rules import PEM, PEM_OPEN, SHAPES, URL_TOKEN, documented_example
from stratakb_core.ingest.redaction_scan import TokenRuns, finditer_lines, search_lines
from stratakb_core.ingest.redaction_scorer import scored_spans
from stratakb_core.ingest.redaction_shape_judges import (
    is_basic_credential,
    is_words_and_number,
    names_the_credential,
    says_id_only,
)
from stratakb_core.ingest.redaction_spoken import spoken_spans
from stratakb_core.ingest.redaction_sql import sql_spans
from stratakb_core.ingest.redaction_tables import table_spans
from stratakb_core.ingest.redaction_values import (
    generated_for,
    is_code,
    is_other_field,
    is_placeholder,
    looks_chosen,
    looks_like_secret,
    looks_random,
    remark_says_not_secret,
)

__all__ = [
    "KINDS",
    "RedactedSpan",
    "RedactionResult",
    "is_placeholder",
    "marker",
    "redact",
]


@dataclass(frozen=True, slots=True)
class RedactedSpan:
    """One redaction: its kind, the value's offsets before, the marker's offsets after, its line."""

    kind: str
    start: int
    end: int
    new_start: int
    new_end: int
    line: int  # 1-based, the same in the original and the redacted text


@dataclass(frozen=True, slots=True)
class RedactionResult:
    """The redacted text, how many values of each kind went, and where."""

    text: str
    counts_by_kind: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    spans: tuple[RedactedSpan, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.counts_by_kind.values())


def marker(kind: str) -> str:
    """The text that stands in for a value of ``kind``."""
    return f"[REDACTED_{kind.upper()}]"


# --- shapes -------------------------------------------------------------------------------

# a credential-dump line: someone@example.com:password (or |), nothing else on the line; the whole pair goes
_EMAIL_PASSWORD_RE: Final = re.compile(
    r"^[ \t]*(?:(?i:login|account|user(?:name)?|credentials?|creds|sign[ -]?in|mailbox|e-?mail)[ \t]*:[ \t]*)?"
    r"(?P<e>[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+)[ \t]*(?:[:|;]|[ \t]/)[ \t]*(?P<v>[^\s]{4,128})[ \t]*$",
    re.MULTILINE,
)
# the dump line is searched only on lines holding an @ (redaction_scan.finditer_lines)
_AT_RE: Final = re.compile("@")
_DUMP_VALUE_RE: Final = re.compile(r"[\d!@#$%^&*+=?~]")  # a word alone ("approved") is a note, not a password
_PATHLIKE_RE: Final = re.compile(r"^(?:[\w.-]+/)+[\w.-]+$|\.git$|^\d{2,5}$")

# --- labels -------------------------------------------------------------------------------

# Indic and Thai vowel signs are marks, not \w: पासवर्ड, รหัสผ่าน
_KEY: Final = r"[^\W\d][\w\u0900-\u0e7f.-]{0,63}"
# full-width and ideographic punctuation ends a label's value and may start a label: 账号：x，密码：y
_CJK_PUNCT: Final = "，、；：。（）「」『』【】"
_SEP: Final = r"[ \t]*(?::=|=>|=|:|：)[ \t]*"
# a remark in brackets between a label and its colon: "Пароль (тимчасовий):", "Password (prod):", "密码（临时）："
# (after a space: createToken(name: String!): Token! is a signature)
_REMARK: Final = r"(?:[ \t]+\([^():\n]{1,40}\)|[ \t]*（[^（）：\n]{1,40}）)"
# a label in prose may have a few words ("API key: ...", "Keystore password: ..."), before a colon only
# (or one word and a remark in brackets before the colon: _LABELLED_REMARK_RE, tried where a ")" precedes a colon)
_LABEL: Final = r"[^\W\d_][\w\u0900-\u0e7f.-]{0,30}(?: [^\W\d_][\w\u0900-\u0e7f.'-]{0,30}){1,3}"
_LABEL_REMARK: Final = (
    r"[^\W\d_][\w\u0900-\u0e7f.-]{0,30}(?:(?: [^\W\d_][\w\u0900-\u0e7f.'-]{0,30}){1,3}|(?=" + _REMARK + "))"
)
_LABELLED: Final = (
    r"(?:^|(?<=[\s{,(;?&:\"'" + _CJK_PUNCT + r"])|(?<=--))(?:export[ \t]+|set[ \t]+|\$env:)?\$?"
    rf"(?:\*\*|__)?(?P<q>[\"']?)(?:(?P<key>{_KEY})(?P=q){_SEP}|_LABEL_"
    r"[ \t]*[:：](?!=))(?:\*\*|__)?[ \t]*"
    r"(?:[@rRbBuU](?=[\"']))?(?:(?P<dq>\")(?P<dv>(?:[^\"\\\n]|\\.){1,512})\"|(?P<sq>')(?P<sv>[^'\n]{1,512})'"
    r"|(?P<uv><[^<>\n]{1,80}>|\{\{[^{}\n]{1,80}\}\}|\$\{\{[^{}\n]{1,80}\}\}"
    r"|(?:[^\s\"',;(&" + _CJK_PUNCT + r"]|&(?![A-Za-z_][\w.-]{0,63}=)){1,512}))"
    r"(?=(?P<tail>[^\n]{0,512}))"
)
_LABELLED_RE: Final = re.compile(_LABELLED.replace("_LABEL_", f"(?P<label>{_LABEL})"), re.MULTILINE)
_LABELLED_REMARK_RE: Final = re.compile(
    _LABELLED.replace("_LABEL_", f"(?P<label>{_LABEL_REMARK})(?:{_REMARK})?"), re.MULTILINE
)
_REMARK_GATE_RE: Final = re.compile(r"[)）][ \t]*[:：]")
# (written "--(?<!\S--)", literal first, for re's fast prefix search: "(?:^|\s)--" without its space)
_FLAG_RE: Final = re.compile(rf"--(?<!\S--)(?P<key>{_KEY})[ \t]+(?P<uv>[^\s\"'-][^\s\"']{{0,511}})")
_XML_RE: Final = re.compile(rf"<(?P<key>{_KEY})>(?P<uv>[^<>\n]{{1,512}})</(?P=key)>")
_NAME_RE: Final = re.compile(r"[a-z][a-z_-]*|[A-Z][A-Z_]*")
# after an unquoted value: nothing, closing brackets, a comment, a parenthesis, or more key=value pairs
_OK_TAIL_RE: Final = re.compile(
    r"^(?:[;,&].*|[ \t]+[A-Za-z_][\w.-]{0,63}=.*|[ \t]*[,;})\]]*[ \t]*(?:(?:#|//|<!--).*|\([^)]*\)[ \t]*)?)$"
)
# after a flag's value (--password=PW): more flags of the same command (--verbose, -v)
_FLAGS_TAIL_RE: Final = re.compile(r"[ \t]+--?[A-Za-z][\w-]{0,63}(?:[ =].*)?")
# after a chosen password in prose: its sentence ends ("...: n4s-Pw!88. Backups run Sundays."), a remark
# in brackets follows ("...: T1enda#9 (valid until Friday).") or one after a dash ("...: Kd7!mx-Q2 - keep it safe") or
# a comma ("...: Kd7!mx-Q2 , do not forward")
# "Password for the NAS:", "Passwort für den Server:", "hasło do serwera:", "пароль от почты:"
# (an article may be elided into it: "Password dell'account admin:", "Mot de passe d'accès :")
_FOR_RE: Final = re.compile(
    r" (?i:for|of|to|on|at|in|für|zum|zur|von|de|do|da|del|du|pour|para|per|van|voor|för|till|til|na|za|dla|pro"
    r"|для|от|на) | (?i:dell|dall|nell|sull|all|d)['’]"
)
_SENTENCE_TAIL_RE: Final = re.compile(
    r"(?:[ \t]+\([^()\n]{1,200}\)[.!]?|[.!])(?:[ \t]+\S.*)?|。.*|[ \t]+[-–—][ \t]+\S.*|[ \t]*[,;،][ \t]+\S.*"
)

_Found = tuple[int, int, str]  # start, end, kind
# a label of words calling its value an example: "Example strong password:", "Beispiel-Passwort:", "of a weak password:"
_EXAMPLE_LABEL_RE = re.compile(r"(?i:(?:ex|s)ample|e\.g\.|beispiel|e(?:xempl[eo]|jemplo|sempio)|(?:of )?a weak)[ -]")
# a comma and words after a value, no more key=value pairs: "Password: v2.1.0, released 2024", "Token: GPT-4o, ..."
_PROSE_COMMA_RE: Final = re.compile(r",[ \t]+(?![^\n]*[=:])\S+[ \t]+\S")


def _prose_after(tail: str, value: str) -> bool:
    """A sentence goes on after the value: then only a chosen or generated value is a secret."""
    return _PROSE_COMMA_RE.match(tail) is not None and not _is_chosen(value)


def _any_in(literals: tuple[str, ...], low: str) -> bool:
    """Whether ``low`` holds one of ``literals`` (a plain loop: no generator for the common single literal)."""
    for literal in literals:
        if literal in low:
            return True
    return False


def _shape_spans(text: str) -> Iterator[_Found]:
    for m in PEM.finditer(text):
        body = m.group("body").strip()
        if len(body) >= 16 and not is_placeholder(body):
            yield m.start(), m.end(), "private_key"
    for m in PEM_OPEN.finditer(text):
        if len(m.group().split("\n", 1)[-1].strip()) >= 16:
            yield m.start(), m.end(), "private_key"
    low = text.lower()
    runs: TokenRuns | None = None
    for kind, pattern, gate, word_start, in_run, on_line in SHAPES:
        if in_run:  # searched in the document's token runs only (Shape.in_run); the runs found once
            runs = TokenRuns(text) if runs is None else runs
            if gate and not _any_in(gate, runs.low):
                continue
            for m in pattern.finditer(runs.text):
                start, end = runs.origin(m.start()), runs.origin(m.start()) + len(m.group())
                if word_start and start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-"):
                    continue
                if kind == "aws_access_key" and says_id_only(text, end, start):
                    continue  # "AKIA... (id only, the secret is not stored here)"
                if not is_placeholder(m.group()):
                    yield start, end, kind
            continue
        if gate and not _any_in(gate, low):
            continue
        matches = finditer_lines(pattern, text, re.compile(re.escape(on_line))) if on_line else pattern.finditer(text)
        for m in matches:
            if word_start and m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_-"):
                continue
            if "v" in pattern.groupindex:
                value = m.group("v")
                if is_placeholder(value) or (kind == "url_password" and value.lower() in {"pass", "pw"}):
                    continue
                if kind == "basic_auth" and not is_basic_credential(value):
                    continue
                if (kind == "url_signature" or pattern is URL_TOKEN.pattern) and documented_example(text, m.start()):
                    continue
                if (pattern is URL_TOKEN.pattern and not token_in_url(m)) or same_as_user(text, *m.span("v")):
                    continue  # scheme://user@host; scheme://demo:demo@host, a documented demo login
                yield m.start("v"), m.end("v"), kind
            elif not is_placeholder(m.group()):
                yield m.start(), m.end(), kind
    for m in finditer_lines(_EMAIL_PASSWORD_RE, text, _AT_RE):
        value = m.group("v")
        if not is_placeholder(value) and not _PATHLIKE_RE.search(value) and _DUMP_VALUE_RE.search(value):
            yield m.start("e"), m.end("v"), "email_password"  # the pair is the login: the address goes too


# a key-value match lies on one line (every part of _LABELLED is [ \t] or a class without \n) and holds one of these
_SEP_CHAR_RE: Final = re.compile("[:=：]")


def _labelled_matches(text: str) -> Iterator[re.Match[str]]:
    """Every key-value match, also those inside another's value (connectionString="...;Password=x")."""
    pos, line = 0, [0, -1]
    pattern = _LABELLED_REMARK_RE if _REMARK_GATE_RE.search(text) else _LABELLED_RE
    while (m := search_lines(pattern, text, pos, _SEP_CHAR_RE, line)) is not None:
        yield m
        group = next(g for g in ("dv", "sv", "uv") if m.group(g) is not None)
        inside = group != "uv" or not is_secret_key(m.group("key") or m.group("label"))
        pos = max(pos + 1, m.start(group) if inside else m.end())


def _secret_for(label: str) -> bool:
    """A label naming a secret and what it opens: "Password for the NAS", "hasło do serwera", "Mot de passe d'accès"
    (the secret's name may hold a preposition itself, so each one is tried)."""
    return any(is_secret_key(label[: m.start()]) for m in _FOR_RE.finditer(label))


def _is_chosen(value: str) -> bool:
    return looks_chosen(value.rstrip(".")) or looks_random(value)


def _sentence_value_end(value: str, tail: str) -> int:
    """The length of a password-shaped value that ends its sentence or has a remark in brackets after it, else 0."""
    if value.endswith(".") and not value.endswith(".."):
        value, tail = value[:-1], "." + tail
    chosen = looks_chosen(value) or is_words_and_number(value)
    if tail and chosen and _SENTENCE_TAIL_RE.fullmatch(tail) and not is_code(value):
        return len(value)
    return 0


def _names_secret(key: str, label: bool, value: str) -> bool:
    """A name that holds a secret when its value looks like one: what the secret opens after it ("Password for
    the NAS"), or a word or two qualifying it ("mot de passe provisoire", "contraseña_temporal")."""
    if label and _secret_for(key) and _is_chosen(value):
        return True
    return is_qualified_secret(key) and looks_like_secret(value.rstrip(".")) and not is_code(value)


# a namespaced task or command (rails credentials:edit, rake secret:rotate, token:revoke): a colon and a verb, no space
_TASK_RE: Final = re.compile(
    r"(?:edit|show|list|ls|get|set|create|new|add|delete|remove|rm|generate|gen|rotate|diff|clear|refresh|revoke|init"
    r"|sync|dump|import|export|encrypt|decrypt|update|check|verify|reset|renew|issue|fetch|read|write|load|print)"
    r"(?:[_-][a-z]+)?"
)


def _task_name(m: re.Match[str], value: str) -> bool:
    key_end = m.end("key") if m.group("key") is not None else m.end("label")
    return m.string[key_end : m.start("uv")] == ":" and _TASK_RE.fullmatch(value) is not None


# an ARN or a URN names a resource: a secret's name inside one (arn:aws:secretsmanager:...:secret:prod/db) is no label
_RESOURCE_NAME_RE: Final = re.compile(r"(?<![\w-])(?i:arn|urn):[^\s\"'=]*:$")


def _in_resource_name(m: re.Match[str]) -> bool:
    start = m.start("key") if m.group("key") is not None else m.start("label")
    text, low = m.string, max(m.string.rfind("\n", max(0, start - 300), start) + 1, start - 300, 0)
    found = text[start - 1 : start] == ":" and "rn:" in text[low:start].lower()  # an arn: or urn: to search back to
    return found and _RESOURCE_NAME_RE.search(text, low, start) is not None


def _ends_its_string(m: re.Match[str]) -> bool:
    """``"API_SECRET=x"``, ``'DB_PASS=x'``: a whole assignment quoted as one string (systemd's Environment=, a
    Jenkins withEnv list, docker's -e "K=V"), so the value ends at the closing quote, whatever code follows."""
    key = m.group("key")
    if key is None or m.group("q"):
        return False
    quote = m.string[m.start("key") - 1 : m.start("key")]
    return quote in ('"', "'") and m.group("tail").startswith(quote) and "=" in m.string[m.end("key") : m.start("uv")]


def _example_query(m: re.Match[str]) -> bool:
    """A signed URL's query parameter (``&sig=``) in a URL the text calls expired or an example."""
    start = m.start("key") if m.group("key") is not None else m.start()
    return m.string[start - 1 : start] in ("?", "&") and documented_example(m.string, start)


def _labelled_spans(text: str) -> Iterator[_Found]:
    encrypted: bool | None = None  # whether the text names an encrypted section, asked once a value is found
    for m in _labelled_matches(text):
        key = m.group("key") or m.group("label")
        group = next(g for g in ("dv", "sv", "uv") if m.group(g) is not None)
        value = m.group(group)
        skip = _in_resource_name(m) or remark_says_not_secret(m.group("tail")) or _EXAMPLE_LABEL_RE.match(key)
        if skip or is_other_field(value) or names_the_credential(key, value):  # kid=2026-11-a, another field
            continue
        # "Password for the NAS: X", "mot de passe provisoire : X" name a secret too, when X looks like one
        if not is_secret_key(key) and not _names_secret(key, m.group("label") is not None, value):
            # a key, a signature, a query parameter: a secret when the value looks generated
            called = group == "uv" and m.group("tail").startswith(("(", "["))  # Attention2d(config): code
            if is_weak_key(key) and generated_for(key, value) and not called and not is_placeholder(value):
                if not _example_query(m):
                    yield m.start(group), m.end(group), "credential"
            continue
        if key == "PASS" or (group == "uv" and _task_name(m, value)):
            continue  # "PASS: test_login": a test log's verdict; rails credentials:edit, a task's name
        name = value.strip("`")  # --secret=db-pass` inside a sentence's code span
        if snake(value.strip()) == snake(key) or (_NAME_RE.fullmatch(name) and is_secret_key(name)):
            continue  # api_key=api_key, extension-token = registered-token: a name, not a value
        if group == "uv" and value[-1] in ")]}" and _NAME_RE.fullmatch(value.rstrip(")]}")):
            continue  # load(model, token=token), f(password=db_password)): an argument passes a variable
        if snake(key).endswith("passphrase") and group == "uv":
            words = (value + m.group("tail")).strip()
            if 1 < len(words.split()) <= 8 and not is_placeholder(words):
                yield m.start(group), m.start(group) + len(words), "credential"
                continue
        if group == "uv" and (end := _sentence_value_end(value, m.group("tail"))):
            if not is_placeholder(value[:end]):
                yield m.start(group), m.start(group) + end, "credential"
            continue
        if group == "uv" and (is_code(value) or not looks_random(value)):
            # unquoted and not token-shaped: must end its line (a comment or bracket aside), else prose
            tail = m.group("tail")
            flag = m.group("key") is not None and text[m.start("key") - 1 : m.start("key")] == "-"
            ok_tail = _OK_TAIL_RE.match(tail) or (flag and _FLAGS_TAIL_RE.fullmatch(tail))
            ok_tail = ok_tail or (_ends_its_string(m) and looks_like_secret(value))
            if not ok_tail or is_code(value) or tail.startswith("(") or _prose_after(tail, value):
                continue
        if not is_placeholder(value):
            encrypted = mentions_encrypted(text) if encrypted is None else encrypted
            if not (encrypted and under_encrypted(text, m.start())):
                yield m.start(group), m.end(group), "credential"
    for pattern in (_FLAG_RE, _XML_RE):
        for m in pattern.finditer(text):
            value = "" if "_" in m.group("uv") and is_secret_key(m.group("uv")) else m.group("uv")  # --secret tle_pw
            if is_secret_key(m.group("key")) and not is_placeholder(value) and not is_code(value):
                yield m.start("uv"), m.end("uv"), "credential"


# an environment assignment in front of a command: PGPASSWORD=secret psql ... (upper-case name)
_ENV_PREFIX_RE: Final = re.compile(
    r"(?:^|[\s;&|(])(?P<key>[A-Z][A-Z0-9_]{2,63})=(?P<uv>[^\s\"'$`;&|<{\[]{3,256})[ \t]+(?!#)\S"
)
# a name/key naming a secret and its value beside it: k8s env entries, .config <add key= value=/>, a JSON credential's
# {"type": "password", "value": ...} (Keycloak's export; wave 25)
_NAME_VALUE_RE: Final = re.compile(
    r"\b(?:name|key|type)[\"']?[ \t]*[:=][ \t]*[\"']?(?P<key>[A-Za-z_][\w.-]{0,63})[\"']?"
    r"(?:[ \t]*\n[ \t]*|[ \t,]+)"
    r"[\"']?value[\"']?[ \t]*[:=][ \t]*(?:\"(?P<dv>[^\"\n]{1,512})\"|'(?P<sv>[^'\n]{1,512})'|(?P<uv>[^\s\"',;]{1,512}))"
)


def _extra_spans(text: str) -> Iterator[_Found]:
    for m in _ENV_PREFIX_RE.finditer(text):
        value = m.group("uv")
        if is_secret_key(m.group("key")) and not is_placeholder(value) and not is_code(value):
            yield m.start("uv"), m.end("uv"), "credential"
    for m in _NAME_VALUE_RE.finditer(text):
        group = next(g for g in ("dv", "sv", "uv") if m.group(g) is not None)
        if is_secret_key(m.group("key")) and not is_placeholder(m.group(group)):
            yield m.start(group), m.end(group), "credential"
    yield from prose_spans(text)
    yield from spoken_spans(text)
    yield from table_spans(text)
    yield from command_spans(text)
    yield from sql_spans(text)
    yield from context_spans(text)


_Detector = Callable[[str], Iterator[_Found]]
_DETECTORS: Final[tuple[_Detector, ...]] = (_shape_spans, block_spans, _labelled_spans, _extra_spans)

KINDS: Final = (
    "private_key", "aws_access_key", "github_token", "slack_token", "slack_webhook", "google_api_key",
    "stripe_key", "anthropic_key", "openai_key", "api_token", "url_signature", "jwt", "bearer_token", "basic_auth",
    "auth_header", "url_password", "email_password", "credential",
)  # fmt: skip


def _choose(found: list[_Found]) -> list[_Found]:
    """Earliest first; of overlapping spans the one found first (shapes before labels) wins."""
    order = {span: i for i, span in reversed(list(enumerate(found)))}
    chosen: list[_Found] = []
    for span in sorted(order, key=lambda s: (s[0], order[s])):
        if chosen and span[0] < chosen[-1][1]:
            continue
        chosen.append(span)
    return chosen


def redact(text: str) -> RedactionResult:
    """Replace every secret value in ``text`` by its marker; line count and other lines unchanged."""
    found = [span for detect in _DETECTORS for span in detect(text) if not held_back(text, *span[:2])]
    found += [s for s in scored_spans(text, found) if not held_back(text, *s[:2])]  # the scorer: what no rule took
    if not found:
        return RedactionResult(text)
    pieces: list[str] = []
    spans: list[RedactedSpan] = []
    counts: Counter[str] = Counter()
    pos = out_len = 0
    line = 1
    for start, end, kind in _choose(found):
        before = text[pos:start]
        line += before.count("\n")
        pieces.append(before)
        out_len += len(before)
        replacement = marker(kind) + "\n" * text.count("\n", start, end)
        pieces.append(replacement)
        spans.append(RedactedSpan(kind, start, end, out_len, out_len + len(marker(kind)), line))
        counts[kind] += 1
        out_len += len(replacement)
        line += replacement.count("\n")
        pos = end
    pieces.append(text[pos:])
    return RedactionResult("".join(pieces), MappingProxyType(dict(sorted(counts.items()))), tuple(spans))
