"""Connections and calls whose whole value hands over a secret (wave 31, no I/O).

* a connection URL of a database's or a broker's scheme holding a password (``amqps://u:pw@mq.host:5671/vh``,
  ``postgres://u:pw@db/app``) goes whole wherever it stands, as wave 27 let a URL setting's value go: the host, the
  user and the password together are what it hands over (a web URL keeps its host: only its password goes);
* an ADO.NET / ODBC connection string in quotes naming a server and a password
  (``"Server=...;User ID=...;Password=...;"``) goes whole;
* an incoming webhook's URL (a host or a path naming a hook) keeps its host but not the generated token in its path
  (``https://hooks.vendor.example/services/incoming/<token>``): the token is what lets anyone post;
* a generated literal passed to a call on a code line whose comment calls it a key, a secret or a token
  (``client('APP1', 'a7f3...')  // admin key``, ``init("Zq8m...") // clé d'écriture``), unless the comment calls it
  public, publishable, search-only, an id or an example.

``connection_spans`` yields ``(start, end, kind)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["connection_spans"]

_Found = tuple[int, int, str]

_SERVICE_URL_RE: Final = re.compile(
    r"(?<![\w+.-])(?P<url>(?i:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mqtts?|kafka|nats"
    r"|sqlserver|mssql|oracle|clickhouse|couchdb|cassandra|ldaps?|smtps?|ftps?|sftp)://"
    r"(?P<user>[^\s:/@\"'<>]{0,64}):(?P<v>[^\s@/\"'<>]{1,128})@[^\s\"'<>]{1,300})"
)
_TRAILING: Final = ".,;:!?)]}»”’）。，"
_QUOTED_RE: Final = re.compile(r"[\"'](?P<v>[^\"'\n]{12,600})(?=[\"'])")  # the closing quote may open the next
_CONN_SERVER_RE: Final = re.compile(r"(?i)(?:^|;)[ \t]*(?:server|data[ \t]+source|host|address|addr)[ \t]*=")
_CONN_PASSWORD_RE: Final = re.compile(r"(?i)(?:^|;)[ \t]*(?:password|pwd)[ \t]*=[ \t]*(?P<pw>[^;]{1,128})")
_HOOK_URL_RE: Final = re.compile(
    r"https?://(?=[^\s/]{0,80}hook|[^\s?#]{0,200}/(?:hooks?|webhooks?|incoming|trigger)/)[^\s/]{1,120}"
    r"(?:/[\w.~-]{0,80}){0,8}?/(?P<v>[A-Za-z0-9_-]{24,80})(?=[/?#\s\"'<>)]|$)"
)
# a code line's call with a quoted literal and a comment after it
_CALL_RE: Final = re.compile(
    r"\((?P<args>[^()\n]{20,300})\)[^\n]{0,20}?(?://|#)(?P<comment>[^\n]{1,160})$", re.MULTILINE
)
_LITERAL_RE: Final = re.compile(r"[\"'`](?P<v>[A-Za-z0-9_-]{20,80})[\"'`]")
_KEY_COMMENT_RE: Final = re.compile(
    r"(?i:\b(?:key|secret|token|clave|chave|cl[ée]|chiave|schl[üu]ssel|sleutel|klucz|ключ)\b|密钥|キー|키)"
)
_NOT_KEY_COMMENT_RE: Final = re.compile(
    r"(?i:public|publishable|search[ \t_-]?only|p[úu]blic|publique|pubblic|öffentlich|\bids?\b|example|exemplo"
    r"|ejemplo|exemple|esempio|beispiel|placeholder|dummy|fake|test|sample|hash|fingerprint)"
)


def _generated(value: str) -> bool:
    """A token's shape: 32+ hex digits, or letters of both cases and digits."""
    if re.fullmatch(r"[0-9a-f]{32,80}|[0-9A-F]{32,80}", value):
        return True
    has = (any(c.isdigit() for c in value), any(c.islower() for c in value), any(c.isupper() for c in value))
    return all(has) and len(set(value)) >= 12


def _service_urls(text: str) -> Iterator[_Found]:
    for m in _SERVICE_URL_RE.finditer(text):
        if is_placeholder(m.group("v")) or m.group("v") == m.group("user"):
            continue
        url = m.group("url").rstrip(_TRAILING)
        yield m.start("url"), m.start("url") + len(url), "url_password"


def _connection_strings(text: str) -> Iterator[_Found]:
    for m in _QUOTED_RE.finditer(text):
        value = m.group("v")
        pw = _CONN_PASSWORD_RE.search(value)
        if pw is None or _CONN_SERVER_RE.search(value) is None or is_placeholder(pw.group("pw").strip()):
            continue
        yield m.start("v"), m.end("v"), "credential"


def _word_name(value: str) -> bool:
    """Words make half the value: runs of three lower-case letters or more (a capital may open them) with a vowel."""
    runs = [r for r in _NAME_RUN_RE.findall(value) if _VOWEL_RE.search(r)]
    return len(runs) >= 2 and 2 * sum(map(len, runs)) >= len(value)


_NAME_RUN_RE: Final = re.compile(r"[A-Z]?[a-z]{3,}")
_VOWEL_RE: Final = re.compile(r"[aeiouy]")


def _hook_tokens(text: str) -> Iterator[_Found]:
    for m in _HOOK_URL_RE.finditer(text):
        value = m.group("v")  # (a name of words, PreReceiveHook2024; wave 43: only when words make half the value,
        # a 40-character token holds two runs of four lower-case letters by chance)
        if looks_random(value) and not _word_name(value) and not is_placeholder(value):
            yield m.start("v"), m.end("v"), "api_token"


def _commented_keys(text: str) -> Iterator[_Found]:
    for m in _CALL_RE.finditer(text):
        comment = m.group("comment")
        if _KEY_COMMENT_RE.search(comment) is None or _NOT_KEY_COMMENT_RE.search(comment) is not None:
            continue
        for lit in _LITERAL_RE.finditer(m.group("args")):
            if _generated(lit.group("v")) and not is_placeholder(lit.group("v")):
                yield m.start("args") + lit.start("v"), m.start("args") + lit.end("v"), "api_token"


def connection_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    if "://" in text:
        yield from _service_urls(text)
        yield from _hook_tokens(text)
    if "=" in text and ("'" in text or '"' in text):
        yield from _connection_strings(text)
    if "(" in text and ("//" in text or "#" in text):
        yield from _commented_keys(text)
