"""Showing hostile names safely (no I/O).

File and layer names may hold any character the filesystem allows: newlines, terminal escape
sequences, bidi overrides that reverse what follows, and (after ``os.fsdecode``) lone surrogates
standing for bytes that are not UTF-8. Printed raw, such a name could split one report line into
two, recolour or rewrite the terminal, or disguise ``evil\\u202egpj.md`` as ``evilmd.jpg``.

Both functions escape the same set of characters, by Unicode category:

* ``Cc`` control characters: C0 (including ``\\n``, ``\\r``, ``\\t`` and ESC), DEL and C1;
* ``Cf`` format characters: every bidi mark, embedding, override and isolate (U+200E, U+200F,
  U+061C, U+202A-U+202E, U+2066-U+2069), zero-width characters, the BOM, soft hyphen;
* ``Cs`` lone surrogates;
* ``Zl``/``Zp``, U+2028 and U+2029, which some viewers break lines at.

Everything else, including non-Latin letters and emoji, is shown as it is.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any, Final

__all__ = ["escape_for_terminal", "json_dumps", "name_from_store", "storable_name", "storable_text", "to_json_safe"]

_ESCAPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})

# Printable ASCII never needs a look-up; only the rest is checked by category.
_CANDIDATES: Final = re.compile(r"[^\x20-\x5b\x5d-\x7e]")  # every char but printable ASCII other than "\"

_NAMED: Final = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\"}


def _needs_escape(ch: str) -> bool:
    return unicodedata.category(ch) in _ESCAPED_CATEGORIES


def _terminal_escape(match: re.Match[str]) -> str:
    ch = match.group()
    named = _NAMED.get(ch)
    if named is not None:
        return named
    if not _needs_escape(ch):
        return ch
    code = ord(ch)
    if code < 0x80:
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:
        # surrogateescape's stand-in for an undecodable byte: show the byte itself. Such a byte
        # is always >= 0x80, and C1 controls are written \u0080-\u009f, so \xNN stays unambiguous.
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def escape_for_terminal(s: str) -> str:
    """s with every control, format and lone-surrogate character written as an escape.

    The result is one line of printable text. A backslash is doubled so that a name that
    literally contains ``\\x1b`` cannot pass for one holding an ESC; the mapping is one-to-one.
    """
    return _CANDIDATES.sub(_terminal_escape, s)


def _json_escape(match: re.Match[str]) -> str:
    ch = match.group()
    if not _needs_escape(ch):
        return ch
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        # A lone surrogate (os.fsdecode's stand-in for a byte that is not UTF-8) has no JSON
        # form a strict parser accepts: it is written as the text of its escape, \\xNN for a
        # raw byte, \\uXXXX otherwise, as the terminal report shows it.
        return f"\\\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\\\u{code:04x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    # JSON's \u escapes stop at U+FFFF: astral characters (such as tag characters) go as a pair.
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


# Outside the printable ASCII range; json.dumps already escapes C0, quote and backslash.
_JSON_CANDIDATES: Final = re.compile(r"[^\x00-\x7e]")


def json_dumps(obj: Any, *, indent: int | None = None) -> str:
    """json.dumps whose output is valid JSON, encodable as UTF-8, and safe to show.

    Non-ASCII text stays readable; DEL, C1 controls, format characters (bidi controls) and line
    separators are written as \\uXXXX; a lone surrogate, which strict JSON parsers reject even
    escaped, is written as the text of its escape (``\\xff`` for the byte 0xFF of a file name
    that is not UTF-8), as the terminal report shows it. NaN and infinities raise ValueError, since the
    JSON they would produce is not JSON.
    """
    # Raw characters can only occur inside string literals, where a \\u escape means the same
    # character, so rewriting them in the finished text keeps it valid.
    text = json.dumps(obj, ensure_ascii=False, allow_nan=False, indent=indent)
    return _JSON_CANDIDATES.sub(_json_escape, text)


def to_json_safe(obj: Any) -> str:
    """Compact `json_dumps`: one line of valid, safe JSON."""
    return json_dumps(obj)


# ---------------------------------------------------------------------------------------------
# Text and names made storable (PostgreSQL text and jsonb hold neither NUL nor lone surrogates)
# ---------------------------------------------------------------------------------------------

_UNSTORABLE: Final = re.compile("[\x00\ud800-\udfff]")
_RAW_BYTE: Final = re.compile("[\udc80-\udcff]")
_STORED_BYTE: Final = re.compile("[\uef80-\uefff]")
# A name's undecodable byte 0xNN (os.fsdecode's U+DCNN) is stored as the private-use U+EFNN, the
# convention of OPTU-8 and Vim: valid Unicode, one character for one, and mapped back exactly.
_BYTE_SHIFT: Final = 0xEF00 - 0xDC00


def storable_text(text: str) -> str:
    """text with each NUL and lone surrogate replaced by U+FFFD, so PostgreSQL accepts it.

    One character for one: every offset into the text (sections, pages, chunks) stays valid.
    """
    if _UNSTORABLE.search(text) is None:
        return text
    return _UNSTORABLE.sub("\ufffd", text)


def storable_name(name: str) -> str:
    """A file or folder name as the store keeps it: each undecodable byte (U+DC80-U+DCFF from
    os.fsdecode) as U+EF80-U+EFFF, any other lone surrogate or NUL as U+FFFD.

    `name_from_store` maps a stored name back to the one os functions open, so the next sync
    finds the file again.
    """
    if _UNSTORABLE.search(name) is None:
        return name
    name = _RAW_BYTE.sub(lambda m: chr(ord(m.group()) + _BYTE_SHIFT), name)
    return _UNSTORABLE.sub("\ufffd", name)


def name_from_store(name: str) -> str:
    """The name os functions open for a stored name (the inverse of `storable_name`)."""
    if _STORED_BYTE.search(name) is None:
        return name
    return _STORED_BYTE.sub(lambda m: chr(ord(m.group()) - _BYTE_SHIFT), name)
