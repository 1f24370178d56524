"""textsafe: hostile names shown as one escaped line, and as valid JSON."""

from __future__ import annotations

import json
import os
import unicodedata

import pytest

from stratakb_core.textsafe import escape_for_terminal, json_dumps, to_json_safe

BIDI = "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
HOSTILE = [
    "new\nline.md",
    "carriage\rreturn.md",
    "\x1b[2J\x1b[31mred.md",
    "bell\x07.md",
    "nul\x00.md",
    "del\x7f.md",
    "c1\x85\x9b31m.md",
    "evil\u202egpj.md",
    "iso\u2066late\u2069.md",
    "sep\u2028para\u2029.md",
    "zero\u200bwidth\ufeff.md",
    "tag\U000e0041.md",
    os.fsdecode(b"bad\xff\xfe.md"),
    "plain caf\u00e9 \u65e5\u672c \U0001f600.md",
]


def _unsafe(ch: str) -> bool:
    return unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Zl", "Zp"}


@pytest.mark.parametrize("name", HOSTILE)
def test_terminal_output_holds_no_raw_control_characters(name: str) -> None:
    shown = escape_for_terminal(name)
    assert not any(_unsafe(ch) for ch in shown)
    assert len(shown.splitlines()) == 1
    shown.encode("utf-8")  # printable: no lone surrogates left


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("a\nb", "a\\nb"),
        ("a\rb\tc", "a\\rb\\tc"),
        ("\x1b[31mred", "\\x1b[31mred"),
        ("\x00\x7f", "\\x00\\x7f"),
        ("\x85\x9f", "\\u0085\\u009f"),
        ("evil\u202egpj.md", "evil\\u202egpj.md"),
        ("\u061c\u200e\u2066", "\\u061c\\u200e\\u2066"),
        (os.fsdecode(b"bad\xff"), "bad\\xff"),
        ("\U000e0041", "\\U000e0041"),
        ("back\\slash", "back\\\\slash"),
        ("caf\u00e9 \U0001f600", "caf\u00e9 \U0001f600"),
    ],
)
def test_terminal_escapes(name: str, expected: str) -> None:
    assert escape_for_terminal(name) == expected


def test_terminal_escaping_is_unambiguous() -> None:
    # A name spelling an escape literally must not look like a name holding the character.
    assert escape_for_terminal("a\\x1b") != escape_for_terminal("a\x1b")
    assert escape_for_terminal("\x80") != escape_for_terminal(os.fsdecode(b"\x80"))


@pytest.mark.parametrize("name", HOSTILE)
def test_json_round_trips_and_holds_no_raw_unsafe_characters(name: str) -> None:
    obj = {"file": name, name: [name, 1, None], "nested": {"reason": "secret"}}
    compact = to_json_safe(obj)
    indented = json_dumps(obj, indent=2)
    assert compact == json_dumps(obj)
    # A name that is not UTF-8 comes back as its escaped text (strict parsers take no surrogate).
    shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    expected = {"file": shown, shown: [shown, 1, None], "nested": {"reason": "secret"}}
    for text in (compact, indented):
        assert json.loads(text) == expected
        text.encode("utf-8")
    assert not any(_unsafe(ch) for ch in compact)
    # The only raw control characters of indented output are its own line breaks.
    assert indented.count("\n") == len(indented.splitlines()) - 1
    assert not any(_unsafe(ch) for ch in indented.replace("\n", ""))


def test_json_escapes_del_c1_bidi_as_u_escapes_and_surrogates_as_text() -> None:
    text = to_json_safe(["\x7f\x85" + BIDI + os.fsdecode(b"\xff") + "\ud800"])
    assert "\\u007f" in text
    assert "\\u0085" in text
    assert "\\u202e" in text
    # A lone surrogate has no JSON form a strict parser takes: it is written as its escape's text.
    assert json.loads(text)[0].endswith("\\xff\\ud800")
    text.encode("utf-8")  # strict: no lone surrogate, raw or escaped
    assert "\\udc" not in text and "\\ud800" not in text.replace("\\\\ud800", "")
    assert "\n" not in text


def test_json_keeps_ordinary_text_readable() -> None:
    assert to_json_safe({"f": "caf\u00e9 \u65e5\u672c.md"}) == '{"f": "caf\u00e9 \u65e5\u672c.md"}'


def test_json_indent_spreads_lines() -> None:
    assert json_dumps({"a": 1}, indent=2) == '{\n  "a": 1\n}'


def test_json_refuses_nan_rather_than_write_invalid_json() -> None:
    with pytest.raises(ValueError):
        to_json_safe({"score": float("nan")})
