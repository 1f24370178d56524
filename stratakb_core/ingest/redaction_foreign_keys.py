"""A generated key or token after a label naming a key in any script, then a colon (wave 28, no I/O).

"مفتاح الواجهة البرمجية: <token>", "מפתח API למערכת: <token>", "Khóa API của hệ thống: <hex>", "AWS सीक्रेट की
(bucket): <secret>", "den geheimen Schlüssel: <secret>", "erişim belirteci: <token>": the label's words name a key,
a secret or a token (English, German, French, Spanish, Italian, Portuguese, Dutch, Russian, Arabic, Hebrew, Hindi,
Vietnamese, Turkish, Indonesian, Korean, Japanese, Chinese) and the value alone ends its line or its clause: twenty
to 128 characters of a token's alphabet with a digit and a letter, of both cases or forty hexadecimal digits or
more. A label naming a public key, a fingerprint, an id, a hash, a commit or a checksum keeps its value, and so does
base64 of a file (a GIF, a PNG; ``redaction_encoded_data``, wave 40).
``foreign_key_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_encoded_data import encodes_file

__all__ = ["foreign_key_spans"]

_Found = tuple[int, int, str]

_LABEL_RE: Final = re.compile(
    r"^[^\n:：]{0,80}?(?:key|\bapi\b|token|secret|schl[üu]ssel|cl[ée]\b|clave|chiave|chave|sleutel|ключ"
    r"|токен|مفتاح|رمز|מפתח|טוקן|कुंजी|की\b|टोकन|khóa|belirte[cç]|anahtar|kunci|키|キー|密钥|令牌|トークン"
    r"|cheia\b|cheie\b|avain|nyckel|n[øo]kkel|n[øo]gle|klucz|kl[íi][čc])"  # wave 30: Romanian, Finnish, Nordic, ...
    r"[^\n:：]{0,60}[:：][ \t]*(?P<v>[A-Za-z0-9+/=_-]{20,128})(?=[ \t]*$|[ \t]+[-(–—]|[.,;]?[ \t]*$)",
    re.IGNORECASE | re.MULTILINE,
)
_NOT_SECRET_RE: Final = re.compile(
    r"(?i:public|publishable|fingerprint|\bids?\b|hash|sha|commit|checksum|digest|trace|uuid|serial(?![a-z])|example|sample"
    r"|placeholder|dummy|fake|test[ \t]+vector|kid\b|gpg|pgp|sign|cursor|blob|payload|base64"
    r"|not[ \t]+(?:a[ \t]+)?secret|no[ \t]+secrets?|p[úu]bli(?:que|ca|c)|pubblica"
    r"|key[ \t_-]?id|ssh-|openpgp|websocket|nonce|öffentlich|публич|عام|सार्वजनिक"
    r"|reporter)"  # wave 31: an iOS crash report's "CrashReporter Key", a device's anonymous id
)
_SEALED_RE: Final = re.compile(r"(?i:encrypted|sealed|verschl[üu]sselt|chiffr[ée]|cifrad)")
_HEX_RE: Final = re.compile(r"[0-9a-f]{40,128}|[0-9A-F]{40,128}")


def _generated(value: str) -> bool:
    if value.startswith("eyJ") or "=" in value.rstrip("=") or encodes_file(value):  # wave 40: a file's base64
        return False
    if not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value):
        return False
    if _HEX_RE.fullmatch(value) is not None:
        return True
    return value.lower() != value and value.upper() != value and len(set(value)) >= 12


def foreign_key_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    if (":" not in text and "：" not in text) or _SEALED_RE.search(text) is not None:
        return
    for m in _LABEL_RE.finditer(text):
        label = text[m.start() : m.start("v")]
        if _generated(m.group("v")) and _NOT_SECRET_RE.search(label) is None:
            yield m.start("v"), m.end("v"), "api_token"
