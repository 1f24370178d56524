"""Base64 that encodes data rather than a key: a file's bytes or readable text (wave 40, no I/O).

A pasted image, PDF or archive in base64 (``R0lGODlh...`` is a GIF, ``iVBORw0KGgo`` a PNG, ``/9j/`` a JPEG,
``JVBERi0`` a PDF, ``UEsDB`` a zip) opens with its format's magic bytes; no generated key does. Base64 of readable
text (a roster, a message, a SAML piece) decodes to printable characters in any script (``Mo Früh Sven, Spät Jonas``),
which random bytes almost never do. ``encodes_file`` is safe anywhere (``is_placeholder`` reads it);
``encodes_text`` only where no secret's name labels the value (a Kubernetes Secret's data is base64 of a password).
"""

from __future__ import annotations

import base64
import binascii
from typing import Final

__all__ = ["encodes_file", "encodes_readable", "encodes_text"]

# the base64 of each format's magic bytes, and the bytes themselves (checked after decoding)
_MAGIC: Final = (
    ("R0lGOD", (b"GIF87a", b"GIF89a")),
    ("iVBORw0KGgo", (b"\x89PNG\r\n\x1a\n",)),
    ("/9j/", (b"\xff\xd8\xff",)),
    ("_9j_", (b"\xff\xd8\xff",)),
    ("JVBERi0", (b"%PDF-",)),
    ("UEsDB", (b"PK\x03\x04",)),
    ("H4sI", (b"\x1f\x8b\x08",)),
    ("UklGR", (b"RIFF",)),
    ("AAABAA", (b"\x00\x00\x01\x00",)),
    ("SUkqA", (b"II*\x00",)),
    ("TU0AK", (b"MM\x00*",)),
    ("PD94bWwg", (b"<?xml ",)),
    ("PHN2Zy", (b"<svg",)),
)
_MIN_FILE: Final = 24


def _decoded(value: str) -> bytes | None:
    body = value.rstrip("=")
    try:
        if "-" in body or "_" in body:
            return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        return base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (ValueError, binascii.Error):
        return None


def encodes_file(value: str) -> bool:
    """Base64 of an image, a PDF, an archive, an icon or an XML/SVG document: it opens with the format's magic."""
    if len(value) < _MIN_FILE:
        return False
    for start, magics in _MAGIC:
        if value.startswith(start):
            plain = _decoded(value[: len(value) - len(value) % 4])  # a whole number of quads: the head suffices
            return plain is not None and plain.startswith(magics)
    return False


def encodes_text(value: str) -> bool:
    """Base64 of readable text in any script: UTF-8 whose characters are all printable or line breaks, with a
    space or a line break and letters among them."""
    plain = _decoded(value)
    if plain is None or len(plain) < 12:
        return False
    try:
        words = plain.decode("utf-8")
    except UnicodeDecodeError:
        return False
    printable = all(ch.isprintable() or ch in "\t\r\n" for ch in words)
    letters = sum(ch.isalpha() for ch in words)
    return printable and any(ch in " \n" for ch in words) and letters * 2 >= len(words)


def _encodes_ascii(value: str) -> bool:
    """Base64 (URL-safe read) of printable ASCII: a SAML assertion's piece, a JSON blob (moved from
    ``redaction_nearby``, stop 41)."""
    try:
        plain = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (ValueError, binascii.Error):
        return False
    return all(32 <= byte < 127 or byte in (9, 10, 13) for byte in plain)


def encodes_readable(value: str) -> bool:
    """Base64 of data a person could read: printable ASCII, or text in any script (``encodes_text``)."""
    return _encodes_ascii(value) or encodes_text(value)
