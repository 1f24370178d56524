"""Connection strings and webhook URLs handed over whole, in the forms wave 31 did not read (wave 39, no I/O).

Wave 31 took a database URL with ``user:password@`` and a quoted ADO.NET string whole: the host, the user and the
password together are what they hand over. Fresh sets write the same things in other forms:

* a database or a broker URL (``jdbc:`` in front or not) whose query or ``;``-parameters carry the password
  (``jdbc:postgresql://db:5432/app?user=u&password=X``, ``jdbc:sqlserver://h;user=u;password=X``): the URL goes whole;
* an ADO.NET / ODBC connection string without quotes after a label or in prose (``Server=...;User Id=...;
  Password=...;``): from its first key (a server, a driver, a provider or a DSN) to its last parameter; wave 40:
  Azure's strings too (``Endpoint=sb://...;SharedAccessKeyName=...;SharedAccessKey=...``, ``HostName=...``,
  ``DefaultEndpointsProtocol=...;AccountName=...;AccountKey=...``, ``AccountEndpoint=...``), their key the password;
* a webhook's URL whose path holds the hook's secret (a Slack, Teams, Discord or catch hook, a generated segment
  after ``/hooks/`` or on a hooks host, a generated key after ``/key/`` in a trigger's path, IFTTT's
  ``/trigger/<event>/with/key/<key>``, wave 40: or in the hook's query, ``?token=`` / ``?secret=``; wave 48: a
  workflow's ``/triggers/<name>/...?...&sig=<key>``, an HTTP trigger anyone holding it can call): the URL goes
  whole, its host too (the shapes took the path alone): the URL is
  the secret, and the host left beside a redacted path told where the hook lives.

A placeholder or a variable as the password (``password=${DB_PASSWORD}``, ``Pwd=<secret>``) keeps the string; a URL
naming no secret (a hook's documentation page, a numeric hook id) stays.
``connection_form_spans`` yields ``(start, end, kind)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_connections import connection_spans
from stratakb_core.ingest.redaction_rules import SHAPES
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["connection_form_spans"]

_Found = tuple[int, int, str]

_TRAILING: Final = ".,;:!?)]}»”’）。，"
_DB_URL_RE: Final = re.compile(
    r"(?<![\w+.-])(?P<url>(?:jdbc:)?(?i:postgres(?:ql)?|mysql|mariadb|sqlserver|mssql|oracle:thin|db2|redshift"
    r"|snowflake|clickhouse|mongodb(?:\+srv)?|rediss?|amqps?|cockroachdb|presto|trino|hive2|vertica)"
    r"(?::|://)[^\s\"'<>`]{1,400})"
)
_URL_PASSWORD_RE: Final = re.compile(r"(?i)[?&;](?:password|passwd|pwd|pass)=(?P<pw>[^&;#\s]{1,200})")
_CONN_STRING_RE: Final = re.compile(
    # (wave 45: also as an .env or a config key's value, "ConnectionStrings__Ledger=Server=...")
    r"(?P<v>(?:(?:(?<![\w=;])|(?<=\w=))(?i:server|data[ \t]+source|host|address|addr|driver|provider|dsn)"
    # wave 40: Azure's (Service Bus, Event Hubs, IoT Hub, Storage, Cosmos DB), also as an .env value (X=Endpoint=...)
    r"|(?<![\w;])(?i:endpoint|hostname|defaultendpointsprotocol|accountendpoint|blobendpoint|queueendpoint"
    r"|tableendpoint|fileendpoint|accountname))[ \t]*=[ \t]*"
    r"(?:\{[^}\n]{0,80}\}|[^;\s\"'{]){1,200}"
    r"(?:;[ \t]*[A-Za-z][A-Za-z0-9 \t]{0,40}=[ \t]*(?:\{[^}\n]{0,80}\}|[^;\s\"'{]){0,200}){1,30};?)"
)
_CONN_PASSWORD_RE: Final = re.compile(
    r"(?i)(?<=[;=\s])(?:password|pwd|sharedaccesskey|accountkey|sharedaccesssignature)[ \t]*=[ \t]*"
    r"(?P<pw>[^;\n]{1,200})"
)
_HOOK_URL_RE: Final = re.compile(
    r"https?://(?=[^\s/]{0,100}hook|[^\s?#\"'<>]{0,300}/(?i:hooks?|webhooks?|webhookb2|incoming|services|catch"
    r"|triggers?)/)[^\s\"'<>`]{1,500}"
)
_HOOK_SHAPES: Final = tuple(
    s
    for s in SHAPES
    if s.kind in ("api_token", "slack_webhook") and any(w in g for g in s.gate for w in ("hook", "catch", "services"))
)


_HOOK_WORDS: Final = ("hook", "/incoming/", "/catch/", "/services/", "/trigger/", "/triggers/")


def _db_urls(text: str) -> Iterator[_Found]:
    for m in _DB_URL_RE.finditer(text):
        url = m.group("url").rstrip(_TRAILING)
        pw = _URL_PASSWORD_RE.search(url)
        if pw is not None and not is_placeholder(pw.group("pw")):
            yield m.start("url"), m.start("url") + len(url), "url_password"


def _conn_strings(text: str) -> Iterator[_Found]:
    for m in _CONN_STRING_RE.finditer(text):
        line_end = text.find("\n", m.start("v"))
        pw = _CONN_PASSWORD_RE.search(text, m.start("v"), len(text) if line_end < 0 else line_end)
        if pw is not None and pw.start() < m.end("v") and not is_placeholder(pw.group("pw").strip()):
            yield m.start("v"), m.end("v"), "credential"  # (the password read to its ";": "<from vault>" is one)


# a generated key in a trigger's path (IFTTT's /trigger/<event>/with/key/<key>), or (wave 40) in the hook's query
# (".../alarm/level?token=<key>", ".../in/43f6?secret=<key>")
_PATH_KEY_RE: Final = re.compile(
    r"/(?i:key|token|secret)/(?P<v>[A-Za-z0-9_-]{16,80})(?![\w-])"
    r"|[?&](?i:token|secret|key|api_?key|access_token|auth|code|sig|signature)=(?P<q>[A-Za-z0-9_-]{16,80})(?![\w-])"
)


def _hook_kind(url: str) -> str | None:
    """The kind of secret a hook's shape (or wave 31's generated path segment) finds in ``url``, if any."""
    low = url.lower()
    for shape in _HOOK_SHAPES:
        if shape.gate and not any(g in low for g in shape.gate):
            continue
        for m in shape.pattern.finditer(url):
            if not is_placeholder(m.group("v") if "v" in shape.pattern.groupindex else m.group()):
                return shape.kind
    key = _PATH_KEY_RE.search(url)
    value = key.group("v") or key.group("q") if key is not None else ""
    if key is not None and looks_random(value) and not is_placeholder(value):
        return "api_token"
    return "api_token" if any(True for _ in connection_spans(url)) else None


def _hook_urls(text: str) -> Iterator[_Found]:
    for m in _HOOK_URL_RE.finditer(text):
        url = m.group().rstrip(_TRAILING)
        if (kind := _hook_kind(url)) is not None:
            yield m.start(), m.start() + len(url), kind


def connection_form_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    low = text.lower()
    shared = "accesskey" in low or "accountkey" in low or "accesssignature" in low  # wave 40: Azure's keys
    if "pass" in low or "pwd" in low or shared:
        yield from _db_urls(text)
        if "=" in text and ";" in text:
            yield from _conn_strings(text)
    if "://" in text and any(w in low for w in _HOOK_WORDS):
        yield from _hook_urls(text)
