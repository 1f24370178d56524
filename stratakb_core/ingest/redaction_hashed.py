"""A password written as a literal into the call or filter that hashes it (no I/O).

A playbook or a seed script keeps the plain password and hashes it when run: Ansible's and Jinja's
``"{{ 'PW' | password_hash('sha512') }}"``, PHP's ``password_hash('PW', PASSWORD_DEFAULT)``, Werkzeug's
``generate_password_hash("PW")``, Django's ``make_password("PW")``, ``bcrypt.hashpw(b"PW", ...)``,
``crypt.crypt("PW")``, ``hash_password("PW")``. The hash is computed from the literal, so the literal is the password.
A variable (``password_hash(pw)``) is no literal and stays; so do placeholders. The search starts at the function's
name (a literal for re's fast search; the filter's literal is looked for just before it). ``hashed_spans`` yields
``(start, end, kind)`` of the literal only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["hashed_spans"]

_Found = tuple[int, int, str]

_NAMES: Final = ("password_hash", "make_password", "hashpw", "hash_password", "hashpassword", "crypt(")
_NAME_RE: Final = re.compile(r"(?i:password_hash|make_password|hash_?password|hashpw|crypt)")
# a call taking the literal first: generate_password_hash("PW"), bcrypt.hashpw(b"PW", ...)
_CALL_RE: Final = re.compile(r"[ \t]*\([ \t]*(?:b|u)?(?P<q>[\"'])(?P<v>[^\"'\n]{1,128})(?P=q)")
# a Jinja filter after the literal: 'PW' | password_hash('sha512') (searched back from the filter's name)
_FILTERED_RE: Final = re.compile(r"(?P<q>[\"'])(?P<v>[^\"'\n]{1,128})(?P=q)[ \t]*\|[ \t]*$")
# the whole word holding the name: generate_password_hash, hashpw, crypt (not encrypt, cryptography, hash_passwords_)
_WORD_RE: Final = re.compile(r"(?i:(?:\w+_)?(?:password_hash|hash_?password)|make_password|hashpw|crypt)")


def hashed_spans(text: str) -> Iterator[_Found]:
    """The literals hashed as passwords (see the module docstring)."""
    low = text.lower()
    if not any(name in low for name in _NAMES):
        return
    for m in _NAME_RE.finditer(text):
        start, end = m.start(), m.end()
        low_start, high_end = max(0, start - 64), min(len(text), end + 64)  # a longer word names no hash function
        while start > low_start and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
        while end < high_end and (text[end].isalnum() or text[end] == "_"):
            end += 1
        if _WORD_RE.fullmatch(text, start, end) is None:
            continue
        found = None
        if text[start:end].lower() == "password_hash":  # a filter first: its argument is the algorithm
            found = _FILTERED_RE.search(text, max(0, start - 160), start)
        found = found or _CALL_RE.match(text, end)
        if found is not None and not is_placeholder(found.group("v")):
            yield found.start("v"), found.end("v"), "credential"
