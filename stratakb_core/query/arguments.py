"""Checking strata_ask and strata_search arguments; each refusal names the argument (no I/O)."""

from __future__ import annotations

from typing import Any

from stratakb_core.errors import ArgumentError
from stratakb_core.query.answer_types import KnownLayers

__all__ = [
    "MAX_QUESTION_CHARS",
    "check_ask_options",
    "check_filter",
    "check_layers",
    "check_mode",
    "check_text",
    "check_top_k",
]

MAX_QUESTION_CHARS = 10_000


def check_text(name: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ArgumentError(name, f"{name} must be a non-empty string")
    if len(value) > MAX_QUESTION_CHARS:
        raise ArgumentError(name, f"{name} is {len(value):,} characters; at most {MAX_QUESTION_CHARS:,}")
    if "\x00" in value:
        raise ArgumentError(name, f"{name} holds a NUL character")
    return value


def check_top_k(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 50:
        raise ArgumentError("top_k", f"top_k must be a whole number from 1 to 50, not {value!r}")
    return value


def check_layers(value: Any, known: KnownLayers) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ArgumentError("layers", "layers must be a list of layer names")
    if not value:
        return None
    unknown = [v for v in value if v not in known]
    if unknown:
        raise ArgumentError("layers", f"unknown layer(s): {', '.join(u for u in unknown)}; known layers: "
                            f"{', '.join(known.names()) or 'none yet'}", unknown=unknown,
                            known_layers=known.names())
    return list(dict.fromkeys(value))


def check_filter(value: Any) -> dict[str, str] | None:
    if value is None or value == {}:
        return None
    if not isinstance(value, dict) or len(value) > 20:
        raise ArgumentError("metadata_filter", "metadata_filter must be an object of at most 20 key: value pairs")
    out: dict[str, str] = {}
    for k, v in value.items():
        if not isinstance(k, str) or not isinstance(v, (str, int)) or isinstance(v, bool):
            raise ArgumentError("metadata_filter", "metadata_filter values must be strings or whole numbers")
        out[k] = str(v)
    return out


def check_mode(mode: Any) -> str | None:
    if mode not in (None, "grounded", "extractive"):
        raise ArgumentError("mode", "mode must be 'grounded' or 'extractive' (or left out)")
    return mode


def check_ask_options(response_format: Any, mode: Any, include_sources: Any) -> str | None:
    """strata_ask's options: the response's shape, the answer mode (returned) and the sources."""
    if response_format not in ("concise", "detailed"):
        raise ArgumentError("response_format", "response_format must be 'concise' or 'detailed'")
    mode = check_mode(mode)
    if not isinstance(include_sources, bool):
        raise ArgumentError("include_sources", "include_sources must be true or false")
    return mode
