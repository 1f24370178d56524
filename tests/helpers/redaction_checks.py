"""The checks the redaction waves' examples share: a value gone (with its marker and layout, or alone), or a
text left untouched."""

from __future__ import annotations

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.safety_eval import preserves_layout


def assert_redacted_in_place(text: str, values: str | tuple[str, ...] | list[str]) -> None:
    """``redact(text)`` removes every one of ``values``, leaves a ``[REDACTED_...]`` marker, and
    changes nothing outside the values (the same lines, the same text around them)."""
    result = redact(text)
    for value in (values,) if isinstance(values, str) else values:
        assert value not in result.text, result.text
    assert "[REDACTED_" in result.text
    assert result.text.count("\n") == text.count("\n")
    assert preserves_layout(text, result)


def assert_value_gone(text: str, value: str) -> None:
    """``value`` is no longer in ``redact(text)`` (however much around it went)."""
    out = redact(text).text
    assert value not in out, out


def assert_untouched(text: str) -> None:
    """``redact(text)`` redacts nothing."""
    result = redact(text)
    assert not result.spans, result.text
