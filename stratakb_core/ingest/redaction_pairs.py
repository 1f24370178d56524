"""A secret's name and its value held as two fields of one object (no I/O).

Tools that keep settings as a list of name/value pairs write the secret's name as data, not as a key:
a Postman environment (``{"key": "access_token", "value": "..."}``), an ECS task definition's
``environment`` (``{"name": "DB_PASSWORD", "value": "..."}``), CloudFormation's ``ParameterKey`` /
``ParameterValue``. ``pair_spans`` finds a quoted ``"value"`` field and, in the same flat object (no braces
between, on one line or printed over several), a ``"key"`` / ``"name"`` field naming a secret; the value is
redacted when that name always holds a secret, when a weaker name (``stripe_key``) sits beside a generated value,
or when a qualified name (``token_prod``) sits beside a value that looks like a secret. Placeholders
(``{{token}}``), code and empty values stay. Every repetition is bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import is_qualified_secret, is_secret_key, is_weak_key
from stratakb_core.ingest.redaction_values import is_code, is_placeholder, looks_like_secret, looks_random

__all__ = ["pair_spans"]

_Found = tuple[int, int, str]

# the value field, from its literal start: "value": "...", 'Value': '...', "ParameterValue": "..."
_VALUE: Final = r"[\"'][ \t]*:[ \t]*(?:\"(?P<dv>(?:[^\"\\\n]|\\.){1,512})\"|'(?P<sv>[^'\n]{1,512})')"
_VALUE_RES: Final = (re.compile("alue" + _VALUE), re.compile("ALUE" + _VALUE))  # literal first: re's fast scan
_VALUE_HEAD_RE: Final = re.compile(r"[\"'](?:[vV]|[pP]arameterV)")  # what precedes "alue": "value", "ParameterValue"
# the name field of the same object
_NAME_RE: Final = re.compile(
    r"[\"'](?:key|Key|KEY|name|Name|NAME|ParameterKey|parameterKey|variable|Variable)[\"'][ \t]*:[ \t]*"
    r"[\"'](?P<n>[^\"'\n]{1,64})[\"']"
)
_SPAN: Final = 600  # how far from the value field its object may open or close


def _object_bounds(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The flat object around ``text[start:end]``: its ``{`` and ``}``, with no other brace between."""
    lo = text.rfind("{", max(0, start - _SPAN), start)
    hi = text.find("}", end, end + _SPAN)
    if lo < 0 or hi < 0:
        return None
    if text.find("}", lo + 1, start) >= 0 or text.find("{", end, hi) >= 0:
        return None
    return lo, hi


def _holds_secret(name: str, value: str) -> bool:
    if is_placeholder(value) or is_code(value):
        return False
    if is_secret_key(name):
        return True
    if is_weak_key(name) and looks_random(value):
        return True
    return is_qualified_secret(name) and looks_like_secret(value)


def pair_spans(text: str) -> Iterator[_Found]:
    """The value of each name/value pair whose name is a secret's (see the module docstring)."""
    fields = (m for pattern in _VALUE_RES if pattern.pattern[:4] in text for m in pattern.finditer(text))
    for m in fields:
        head = text.rfind('"' if text[m.start() + 4] == '"' else "'", max(0, m.start() - 11), m.start())
        if head < 0 or not _VALUE_HEAD_RE.fullmatch(text, head, m.start()):
            continue
        group = "dv" if m.group("dv") is not None else "sv"
        bounds = _object_bounds(text, m.start(), m.end())
        if bounds is None:
            continue
        names = [n.group("n") for n in _NAME_RE.finditer(text, bounds[0], bounds[1])]
        if len(names) == 1 and _holds_secret(names[0], m.group(group)):
            yield m.start(group), m.end(group), "credential"
