"""A password written as a literal into the call or filter that hashes it (no I/O).

A playbook or a seed script keeps the plain password and hashes it when run: Ansible's and Jinja's
``"{{ 'PW' | password_hash('sha512') }}"``, PHP's ``password_hash('PW', PASSWORD_DEFAULT)``, Werkzeug's
``generate_password_hash("PW")``, Django's ``make_password("PW")``, ``bcrypt.hashpw(b"PW", ...)``,
``crypt.crypt("PW")``, ``hash_password("PW")``. The hash is computed from the literal, so the literal is the password.
A variable (``password_hash(pw)``) is no literal and stays; so do placeholders. ``hashed_spans`` yields
``(start, end, kind)`` of the literal only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["hashed_spans"]

_Found = tuple[int, int, str]

_HASH_CALLS: Final = r"(?:generate_|make_|hash_|create_)?password_hash|make_password|hash_?password|hashpw|crypt"
_HASHED_RE: Final = re.compile(
    # a Jinja filter after the literal: 'PW' | password_hash('sha512')
    r"(?:b|u)?(?P<q>[\"'])(?P<v>[^\"'\n]{1,128})(?P=q)[ \t]*\|[ \t]*password_hash\b"
    # ... or a call taking the literal first: generate_password_hash("PW")
    r"|(?<![\w.])(?:\w+\.)?(?i:" + _HASH_CALLS + r")[ \t]*\([ \t]*(?:b|u)?(?P<q2>[\"'])(?P<v2>[^\"'\n]{1,128})(?P=q2)"
)


def hashed_spans(text: str) -> Iterator[_Found]:
    """The literals hashed as passwords (see the module docstring)."""
    low = text.lower()
    if "hash" not in low and "crypt" not in low and "make_password" not in low:
        return
    for m in _HASHED_RE.finditer(text):
        group = "v" if m.group("v") is not None else "v2"
        if not is_placeholder(m.group(group)):
            yield m.start(group), m.end(group), "credential"
