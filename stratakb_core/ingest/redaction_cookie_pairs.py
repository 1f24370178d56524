"""A session cookie pasted as ``name=value`` in prose (wave 36, no I/O).

A cookie's name that says it holds a session (``lms_session``, ``PHPSESSID``, ``sessionid``, ``connect.sid``,
``laravel_session``, ``_gitlab_session``, ``JSESSIONID``; a bare ``sid`` in lower case after a dot or an underscore,
not an account's SID in capitals such as ``TWILIO_ACCOUNT_SID``, a public id) and a generated value after its "="
(twenty characters or more, random by ``looks_random``) is a live login, whatever the sentence around it says. A
short value, a count, a timeout, a placeholder ("sessionid=<your-session-id>", "session=example") or a name
that only mentions a session (``session_timeout=3600``) keeps its value. Wave 41: a name that is the session word
alone (``sessionid=``, ``session=``) counts too (a character before the word used to be required) where the text is
a cookie: its attributes follow the value (``; Path=/; HttpOnly``) or its line or the line before names a cookie;
an audit log's ``session=f8323...`` is a record's id.
``cookie_pair_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["cookie_pair_spans"]

_Found = tuple[int, int, str]

_COOKIE_RE: Final = re.compile(
    r"(?<![\w.-])(?P<k>(?:[A-Za-z_][A-Za-z0-9_.-]{0,40}?)?(?:(?i:session|sess|sessid|session_?id)|(?<=[a-z0-9][._])sid|SID(?<=SESSID)))=(?P<v>[A-Za-z0-9%._~+/-]"
    r"{20,512}={0,2})(?![\w%~+/=-])"
)


# wave 41: the session's word alone as the name counts where the text is a cookie: its attributes follow
# ("sessionid=...; Path=/; HttpOnly") or its line or the line before names a cookie
_BARE_RE: Final = re.compile(r"(?i:session|sess|sessid|session_?id)")
_ATTRIBUTES_RE: Final = re.compile(r";[ \t]*(?i:path|domain|expires|max-age|httponly|secure|samesite)\b")


def _in_cookie(m: re.Match[str]) -> bool:
    text = m.string
    if _ATTRIBUTES_RE.match(text, m.end("v")) is not None:
        return True
    start = text.rfind("\n", 0, max(0, text.rfind("\n", 0, m.start()))) + 1
    return "cookie" in text[start : m.start()].lower()


def cookie_pair_spans(text: str) -> Iterator[_Found]:
    """Session cookies' values (see the module docstring)."""
    if "=" not in text:
        return
    for m in _COOKIE_RE.finditer(text):
        value = m.group("v").rstrip(".")
        if _BARE_RE.fullmatch(m.group("k")) and not _in_cookie(m):
            continue  # a log line's "session=f8323..." is the session's id in a record, not a cookie pasted
        if not is_placeholder(value) and looks_random(value):
            yield m.start("v"), m.start("v") + len(value), "credential"
