"""The password in a Go driver's data source name, ``user:password@tcp(host:port)/db`` (no I/O).

MySQL's Go driver (and the exporters and tools built on it) write a login without a scheme: ``user:pw@tcp(...)``,
``user:pw@unix(/run/mysqld.sock)/db``. The URL rule wants ``scheme://``, so the password there went unseen. The
search starts at the ``@`` and the protocol's bracket (a literal for re's fast search) and looks back for the
``user:password`` before it, on its line. ``dsn_spans`` yields ``(start, end, kind)`` of the password only.

Wave 27: a connection URL holding a password as a setting's whole value (``uri: mongodb+srv://u:pw@host/db``,
``DATABASE_URL=postgres://u:pw@host/db``, ``dsn = "..."``) goes whole: the host, the user and the password together
are the credential a config hands over (the password alone is what the URL rule finds elsewhere).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_scan import finditer_lines
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["dsn_spans"]

_Found = tuple[int, int, str]

_PROTOCOL_RE: Final = re.compile(r"@(?:tcp6?|udp|unix)\(")
# the user and the password right before the @ (searched back over 200 characters of the line at most)
_LOGIN_RE: Final = re.compile(r"(?:^|[\s\"'`=(])[\w.+-]{1,64}:(?P<v>[^\s\"'`@/:]{1,128})$")

# a setting named for a connection URL, its whole value a URL with a password
_URL_SETTING_RE: Final = re.compile(
    r"(?i:uri|url|dsn|connection_?string|conn_?str)[\"']?[ \t]*[:=][ \t]*[\"']?"
    r"(?P<url>[A-Za-z][\w+.-]{1,20}://(?P<user>[^\s:/@\"']{1,64}):(?P<v>[^\s@/\"']{1,128})@[^\s\"'<>]{1,300})"
)
_SCHEME_RE: Final = re.compile("://")


def dsn_spans(text: str) -> Iterator[_Found]:
    """The passwords of ``user:password@tcp(...)`` logins (see the module docstring)."""
    if "@" not in text:
        return
    for m in finditer_lines(_URL_SETTING_RE, text, _SCHEME_RE) if "://" in text else ():
        if not is_placeholder(m.group("v")) and m.group("v") != m.group("user"):
            yield m.start("url"), m.end("url"), "url_password"
    for m in _PROTOCOL_RE.finditer(text):
        low = max(text.rfind("\n", max(0, m.start() - 200), m.start()) + 1, m.start() - 200)
        login = _LOGIN_RE.search(text, low, m.start())
        if login is not None and not is_placeholder(login.group("v")):
            yield login.start("v"), login.end("v"), "url_password"
