"""decode_text: encodings, newlines and binary files."""

from __future__ import annotations

import codecs

import pytest

from stratakb_core.errors import ParseError
from stratakb_core.ingest.parsing.decode import decode_text


def test_utf8_decodes_as_is() -> None:
    assert decode_text("naïve café — ok".encode()) == "naïve café — ok"


def test_utf8_byte_order_mark_is_dropped() -> None:
    assert decode_text(codecs.BOM_UTF8 + b"# Title\n") == "# Title\n"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_with_byte_order_mark_decode(encoding: str) -> None:
    bom = {
        "utf-16-le": codecs.BOM_UTF16_LE,
        "utf-16-be": codecs.BOM_UTF16_BE,
    }.get(encoding, b"")
    data = bom + "Straße\r\nzwei".encode(encoding)
    assert decode_text(data) == "Straße\nzwei"


def test_invalid_utf8_falls_back_to_windows_1252() -> None:
    assert decode_text(b"caf\xe9") == "café"


def test_windows_1252_punctuation_decodes() -> None:
    assert decode_text(b"\x93quoted\x94 \x96 dash \x80") == "\u201cquoted\u201d \u2013 dash \u20ac"


@pytest.mark.parametrize("byte", [0x81, 0x8D, 0x8F, 0x90, 0x9D])
def test_bytes_undefined_in_windows_1252_are_a_parse_error(byte: int) -> None:
    with pytest.raises(ParseError, match="neither UTF-8 nor Windows-1252"):
        decode_text(b"caf\xe9 " + bytes([byte]))


def test_nul_byte_is_a_binary_file() -> None:
    with pytest.raises(ParseError, match="binary file"):
        decode_text(b"%PDF-1.7\x00\x01\x02")


def test_nul_character_in_utf16_is_a_binary_file() -> None:
    with pytest.raises(ParseError, match="binary file"):
        decode_text(codecs.BOM_UTF16_LE + "a\x00b".encode("utf-16-le"))


def test_truncated_utf16_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="byte-order mark"):
        decode_text(codecs.BOM_UTF16_LE + b"a\x00b")


def test_invalid_utf8_after_utf8_byte_order_mark_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="byte-order mark"):
        decode_text(codecs.BOM_UTF8 + b"caf\xe9")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"a\r\nb\r\n", "a\nb\n"),
        (b"a\rb\r", "a\nb\n"),
        (b"a\r\n\rb\n", "a\n\nb\n"),
        (b"a\nb", "a\nb"),
    ],
)
def test_newlines_are_normalised(data: bytes, expected: str) -> None:
    assert decode_text(data) == expected


def test_empty_input_decodes_to_empty_text() -> None:
    assert decode_text(b"") == ""
