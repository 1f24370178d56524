"""A JOSE header alone, base64url of ``{"alg": ...}`` with no payload or signature after it (wave 39, no I/O).

A JWT's first part only says how it is signed (``alg``, ``kid``, ``typ``): it is the same for every token a key
signs, documentation and key rotation notes quote it, and nothing can be done with it. A value that is such a header
and nothing else (no dot, so no payload and no signature) is no secret wherever it stands; a whole JWT
(``header.payload.signature``) or base64 of any other JSON (a service account's key file) is judged as before.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Final

__all__ = ["is_jose_header"]

_B64URL_RE: Final = re.compile(r"eyJ[A-Za-z0-9_-]{10,400}={0,2}")


def is_jose_header(value: str) -> bool:
    """Whether ``value`` is base64url of a JSON object naming a signing algorithm and nothing else."""
    if _B64URL_RE.fullmatch(value) is None:
        return False
    body = value.rstrip("=")
    try:
        plain = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        header = json.loads(plain.decode("utf-8"))
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return False
    return isinstance(header, dict) and isinstance(header.get("alg"), str) and set(header) <= _HEADER_FIELDS


# the registered JOSE header parameters (RFC 7515, 7516, 7519); no field that could carry a key's secret part
_HEADER_FIELDS: Final = frozenset("alg kid typ cty jku x5u x5t x5t#S256 crit enc zip b64 url nonce".split())
