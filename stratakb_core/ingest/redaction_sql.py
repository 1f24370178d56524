"""Passwords in SQL: a role's password clause and a password column's literal in an INSERT (no I/O).

* ``CREATE ROLE r LOGIN PASSWORD 'PW'``, ``ALTER USER u WITH ENCRYPTED PASSWORD 'PW'``, MySQL's ``CREATE USER
  'u'@'%' IDENTIFIED BY 'PW'``, Oracle's ``ALTER USER u IDENTIFIED BY PW``, SQL Server's ``ALTER LOGIN [u] WITH
  PASSWORD = N'PW'``, ``SET PASSWORD FOR u = 'PW'`` (not ``BY PASSWORD '*hash'``);
* ``INSERT INTO t (name, password) VALUES ('svc', 'PW'), (...)``: the string literal in each row at the place of a
  column named for a secret (``password_hash`` is not one), unless it is a hash (``$2b$...``, ``{SSHA}...``).

Each finder yields ``(start, end, kind)`` of the value only; every repetition is bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import is_secret_key
from stratakb_core.ingest.redaction_values import is_code, is_placeholder

__all__ = ["sql_spans"]

_Found = tuple[int, int, str]

# a string literal may be a national one (N'...', SQL Server)
_SQL_VALUE: Final = r"(?:[Nn]?'(?P<sv>[^'\n]{1,256})'|\"(?P<dv>[^\"\n]{1,256})\"|(?P<uv>[A-Za-z0-9][^\s;'\"]{0,127}))"
_SQL_PASSWORD_RE: Final = re.compile(
    r"(?:(?i:\b(?:create|alter)[ \t]+(?:role|user|login|group)\b|\bgrant\b)[^;]{0,300}?"
    r"(?i:\b(?:(?:un)?encrypted[ \t]+)?password"
    r"|\b(?P<by>identified)[ \t]+(?:with[ \t]+[\w$]{1,64}[ \t]+)?by(?![ \t]+password\b))(?:[ \t]*=[ \t]*|[ \t]+)"
    r"|(?i:\bset[ \t]+password[ \t]+for\b)[^=;\n]{1,128}=[ \t]*)" + _SQL_VALUE
)
# INSERT INTO t (columns) VALUES: the rows are read one literal at a time after it
_INSERT_RE: Final = re.compile(
    r"(?i:\binsert[ \t]+(?:ignore[ \t]+)?into)[ \t]+[\w.`\"\[\]]{1,128}[ \t]*\((?P<cols>[^()\n;]{1,1000})\)\s{0,20}"
    r"(?i:values)\s{0,20}"
)
_LITERAL_RE: Final = re.compile(
    r"\s{0,20}(?:[Nn]?'(?P<sv>(?:[^'\n]|''){0,256})'|\"(?P<dv>[^\"\n]{0,256})\"|(?P<other>[^,()'\"\n]{1,128}?))"
    r"\s{0,20}(?P<sep>[,)])"
)
_ROW_START_RE: Final = re.compile(r"\s{0,20},?\s{0,20}\(")
_HASH_RE: Final = re.compile(
    r"^(?:\$\d[a-z]?\$|\$(?:argon2|pbkdf2|scrypt|sha\d)|\{[A-Za-z0-9-]{2,20}\}|\*[0-9A-F]{40}$)"
)


def _role_spans(text: str) -> Iterator[_Found]:
    for m in _SQL_PASSWORD_RE.finditer(text):
        group = next(g for g in ("sv", "dv", "uv") if m.group(g) is not None)
        value = m.group(group)
        if value != value.strip() or is_placeholder(value) or is_code(value) or value.lower() == "values":
            continue
        if group == "uv" and (m.group("by") is None or value.isalpha()):
            continue  # unquoted only after IDENTIFIED BY, and not a word ("identified by email")
        yield m.start(group), m.end(group), "credential"


def _row_literals(text: str, pos: int) -> Iterator[list[re.Match[str]]]:
    """The literals of each row ``( ... )`` from ``pos`` on, until something else follows (a nested call ends it)."""
    for _ in range(1000):
        start = _ROW_START_RE.match(text, pos)
        if start is None:
            return
        pos, row = start.end(), []
        while (lit := _LITERAL_RE.match(text, pos)) is not None:
            row.append(lit)
            pos = lit.end()
            if lit.group("sep") == ")":
                break
        else:
            return
        yield row


def _insert_spans(text: str) -> Iterator[_Found]:
    for m in _INSERT_RE.finditer(text):
        columns = [c.strip(' \t`"[]') for c in m.group("cols").split(",")]
        secret = [i for i, name in enumerate(columns) if is_secret_key(name)]
        if not secret:
            continue
        for row in _row_literals(text, m.end()):
            for literal in (row[i] for i in secret if i < len(row)):
                group = "sv" if literal.group("sv") is not None else "dv"
                value = literal.group(group)  # None for an unquoted literal (NULL, DEFAULT, a number)
                if value and not is_placeholder(value) and not _HASH_RE.match(value):
                    yield literal.start(group), literal.end(group), "credential"


def sql_spans(text: str) -> Iterator[_Found]:
    """Every value the finders of this module see (see the module docstring)."""
    low = text.lower()
    if ("password" in low or "identified" in low) and any(w in low for w in ("create", "alter", "grant", "set")):
        yield from _role_spans(text)
    if "insert" in low:
        yield from _insert_spans(text)
