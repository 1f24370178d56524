"""The CPU-ratio check the redaction waves' pathological-input tests use (tests/helpers/linear_time.py)."""

from __future__ import annotations

import re

import pytest

from tests.helpers.linear_time import assert_linear

# a search that looks back to the start of the text at every word: quadratic in the text
_BACK = re.compile(r"(?s)\A.*?x")


def _quadratic(text: str) -> None:
    for m in re.finditer(r"\w+", text):
        _BACK.match(text, 0, m.end())


def test_a_linear_search_passes():
    assert_linear(lambda t: re.findall(r"\bpass\w*", t), "ssid Net pass " * 100000)


def test_a_quadratic_search_is_caught():
    with pytest.raises(AssertionError, match="not linear"):
        assert_linear(_quadratic, "word " * 4000)
