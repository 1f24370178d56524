"""A digest or a lookup key: values that fit a secret's shape and say they are neither (wave 43, no I/O).

``redaction_held_back.held_back`` asks ``is_digest_value`` of every rule's and the scorer's span:

- a hex value whose own remark right after it calls it a hash ("cache key: a7bb...07e (sha1 of the file contents)",
  "ETag: 9f2c... (MD5)", "Prüfsumme ... (SHA-256)", "(empreinte SHA-1 du fichier)", "(hash del archivo)"): a digest
  of public content opens nothing. Only hex of a digest's length (32, 40, 56, 64, 96 or 128 digits) and only when the
  remark opens with the hash word, so "API key: <hex> (rotate after the SHA-256 migration)" still goes, and never
  when the line's label names a secret and no digest ("Webhook signing secret: <hex> - SHA-256 HMAC", "Secret: <hex>
  (sha256 HMAC key)": a key used with a hash is no digest; the lead's review of wave 43);
- a value whose label names a key that only looks things up, in several languages: a cache, idempotency,
  partition, sort, primary, foreign, composite, row, object, dedup or shard key (not a routing key: PagerDuty's is a
  secret) ("cache key:",
  "Idempotency-Key:", "partition key =", "Cache-Schlüssel:", "clé de cache :", "clave primaria:", "chiave di
  cache:"). The label must end at the value, and a label that also names a secret, private, API or access key
  ("cache API key") is not read so.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_digest_value"]

_HEX_RE: Final = re.compile(r"[0-9a-fA-F]{32,128}")
_DIGEST_LENGTHS: Final = frozenset((32, 40, 56, 64, 96, 128))
_HASH_REMARK_RE: Final = re.compile(
    r"[ \t]*[(\[,–—-][ \t]*(?i:(?:the|an?|its|der|die|das|le|la|el|il|de)[ \t]+)?"
    r"(?i:sha-?(?:1|224|256|384|512)|md5|crc-?32|blake2\w*|xxhash\w*|murmur\w*|hash|hashed|digest|checksum"
    r"|check[ \t]+sum"
    r"|fingerprint|prüfsumme|hashwert|empreinte|somme[ \t]+de[ \t]+contrôle|suma[ \t]+de[ \t]+(?:comprobación|control)"
    r"|huella|impronta|controlegetal|kontrollsumma|etag)(?![\w-])"
)
_LOOKUP_KEY_RE: Final = re.compile(
    r"(?i:\b(?:cache|caching|idempotency|partition|sort|primary|foreign|composite|row|object|dedup"
    r"|deduplication|shard|sharding|lookup|index|range|clustering)[ \t_-]+key"
    r"|\bcache-?schlüssel|\b(?:primär|fremd|partitions)schlüssel"
    r"|\bcl[ée][ \t]+(?:de[ \t]+cache|primaire|étrangère|etrangere|de[ \t]+partition|de[ \t]+tri)"
    r"|\bclave[ \t]+(?:de[ \t]+caché|de[ \t]+cache|primaria|foránea|externa|de[ \t]+partición)"
    r"|\bchiave[ \t]+(?:di[ \t]+cache|primaria|esterna|di[ \t]+partizione))"
    r"[\"'`]?[ \t]*(?:\([^()\n]{0,40}\))?[ \t]*[:=：][ \t]*[\"'`]?$"
)
_SECRET_LABEL_RE: Final = re.compile(
    r"(?i:secret|passw|kennwort|mot[ \t]+de[ \t]+passe|contrase|senha|token|api[ \t_-]?key|private|access[ \t_-]?key"
    r"|credential|passphrase|signing|hmac|webhook|pin\b|schlüssel|clé|clave|chiave)")
_DIGEST_LABEL_RE: Final = re.compile(
    r"(?i:hash|digest|checksum|check[ \t]+sum|etag|fingerprint|sha-?\d|md5|crc|prüfsumme|empreinte|cache|integrity)")
_NOT_LOOKUP_RE: Final = re.compile(r"(?i:\b(?:secret|private|api|access|signing|encryption|master|license)\b)")
_LABEL_MAX: Final = 80


def _label(text: str, start: int) -> str:
    low = max(0, start - _LABEL_MAX)
    return text[max(text.rfind("\n", low, start) + 1, low) : start]


def _hash_remark(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    if len(value) not in _DIGEST_LENGTHS or _HEX_RE.fullmatch(value) is None:
        return False
    if _HASH_REMARK_RE.match(text[end : end + 60]) is None:
        return False
    label = _label(text, start)
    return _SECRET_LABEL_RE.search(label) is None or _DIGEST_LABEL_RE.search(label) is not None


def _lookup_label(text: str, start: int) -> bool:
    label = _label(text, start)
    if "key" not in label.casefold() and "cl" not in label.casefold() and "schlüssel" not in label.casefold():
        return False
    m = _LOOKUP_KEY_RE.search(label)
    return m is not None and _NOT_LOOKUP_RE.search(label, max(0, m.start() - 20), m.end()) is None


def is_digest_value(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a digest by its remark or a lookup key by its label (module docstring)."""
    if end - start > 200:
        return False
    return _hash_remark(text, start, end) or _lookup_label(text, start)
