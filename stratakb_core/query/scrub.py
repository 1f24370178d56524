"""Scrubbing IBANs, BICs and account numbers out of stored queries (no I/O)."""

from __future__ import annotations

import re

_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b")
# A BIC with a digit in its location or branch code, or any 8/11-letter code right after "BIC"/"SWIFT":
# all-letter words such as HEALTHCHECK must survive.
_BIC_DIGIT = re.compile(r"\b[A-Z]{6}(?=[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b)(?=[A-Z0-9]*\d)[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b")
_BIC_NAMED = re.compile(r"\b(BIC|SWIFT)(\s*(?:code)?\s*[:=]?\s*)[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b", re.IGNORECASE)
_ACCOUNT = re.compile(r"\b\d[\d -]{6,}\d\b")


def scrub(text: str) -> str:
    """The text with IBANs, BICs and long digit runs (account numbers) replaced by placeholders."""
    text = _IBAN.sub("[IBAN]", text)
    text = _BIC_NAMED.sub(lambda m: f"{m.group(1)}{m.group(2)}[BIC]", text)
    text = _BIC_DIGIT.sub("[BIC]", text)
    return _ACCOUNT.sub(_account, text)


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _account(m: re.Match[str]) -> str:
    value = m.group(0)
    if _DATE.fullmatch(value) or sum(ch.isdigit() for ch in value) < 8:
        return value  # a date, or too short to be an account number
    return "[ACCOUNT]"
