"""Column types of a materialized table: inferred from the cells, then applied with pyarrow (no I/O).

A column is typed from all of its non-empty cells; one cell that does not fit makes it text,
and text keeps every cell's original text (so "007" and "abc" stay as written):

* CSV/TSV cells are text, typed by their form, batch by batch with pyarrow.compute:
  ``integer`` (-?digits, no leading zero, at most 18 digits so it fits int64), ``float``
  (integers and decimals such as 1.5, .5, 2e-3), ``boolean`` (true/false in any case),
  ``date`` (YYYY-MM-DD, a real day) and ``datetime`` (YYYY-MM-DD HH:MM:SS or with T, optional
  fraction). Integers among floats make a float column; dates among datetimes a datetime column.
* Workbook cells carry their own types (openpyxl): numbers, booleans, dates; a workbook text cell
  that looks like a number stays text. A workbook column of dates at midnight is a date column.

Empty cells (or only white space) are null in every type.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Final

import pyarrow as pa
import pyarrow.compute as pc

from stratakb_core.ingest.parsing.sheets import format_value

__all__ = ["ARROW_TYPES", "PyTypes", "TextTypes", "apply_type", "cell_text"]

ARROW_TYPES: Final = {
    "integer": pa.int64(),
    "float": pa.float64(),
    "boolean": pa.bool_(),
    "date": pa.date32(),
    "datetime": pa.timestamp("us"),
    "text": pa.string(),
}
_INT: Final = r"^-?(?:0|[1-9]\d{0,17})$"
_FLOAT: Final = r"^-?(?:0|[1-9]\d{0,17}|\d+\.\d+(?:[eE][+-]?\d{1,3})?|\.\d+(?:[eE][+-]?\d{1,3})?|\d+[eE][+-]?\d{1,3})$"
_BOOL: Final = r"^(?i:true|false)$"
_DATE: Final = r"^\d{4}-\d{2}-\d{2}$"
_DATETIME: Final = r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)?$"
# Most specific first: the first candidate left standing is the column's type.
_ORDER: Final = ("boolean", "integer", "float", "date", "datetime")
_PATTERNS: Final = {"boolean": _BOOL, "integer": _INT, "float": _FLOAT, "date": _DATE, "datetime": _DATETIME}
_WIDER: Final = {"integer": "float", "date": "datetime"}
_COMPILED: Final = {k: re.compile(v) for k, v in _PATTERNS.items()}


def trimmed(arr: pa.Array) -> pa.Array:
    """The strings without surrounding white space, empty ones as null."""
    t = pc.utf8_trim_whitespace(arr)
    return pc.if_else(pc.equal(t, ""), pa.scalar(None, pa.string()), t)


class TextTypes:
    """The types a CSV column's cells still fit, narrowed batch by batch."""

    def __init__(self) -> None:
        self.candidates: set[str] = set(_ORDER)
        self.values = 0

    def update(self, cells: pa.Array) -> None:
        """cells: the batch's trimmed cells (null when empty)."""
        present = cells.drop_null()
        self.values += len(present)
        if len(present) == 0 or not self.candidates:
            return
        first = present[0].as_py()
        implied: set[str] = set()
        for kind in _ORDER:
            if kind not in self.candidates or kind in implied:
                continue
            # One cheap look at the first cell drops most candidates before a vectorised pass.
            if not _COMPILED[kind].match(first) or not _all_fit(present, kind):
                self.candidates.discard(kind)
            elif kind in _WIDER:
                implied.add(_WIDER[kind])  # every integer is a float, every date a datetime

    @property
    def type(self) -> str:
        if self.values == 0:
            return "text"
        return next((k for k in _ORDER if k in self.candidates), "text")


def _all_fit(present: pa.Array, kind: str) -> bool:
    if not pc.all(pc.match_substring_regex(present, _PATTERNS[kind])).as_py():
        return False
    if kind in ("date", "datetime"):
        try:
            pc.cast(present, ARROW_TYPES[kind])
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            return False
    return True


class PyTypes:
    """The types of a workbook column's cells (Python values from openpyxl), batch by batch."""

    def __init__(self) -> None:
        self.kinds: set[str] = set()
        self.has_time = False

    def update(self, values: list[Any]) -> None:
        kinds = self.kinds
        for v in values:
            if v is None or (isinstance(v, str) and not v.strip()):
                continue
            if isinstance(v, bool):
                kinds.add("boolean")
            elif isinstance(v, int):
                kinds.add("integer")
            elif isinstance(v, float):
                kinds.add("float" if v == v and v not in (float("inf"), float("-inf")) else "text")
            elif isinstance(v, dt.datetime):
                kinds.add("datetime")
                if v.tzinfo is not None:
                    kinds.add("text")
                elif v.time() != dt.time(0):
                    self.has_time = True
            elif isinstance(v, dt.date):
                kinds.add("datetime")
            else:
                kinds.add("text")

    @property
    def type(self) -> str:
        k = self.kinds
        if not k or "text" in k:
            return "text"
        if k == {"boolean"}:
            return "boolean"
        if k <= {"integer", "float"}:
            return "float" if "float" in k else "integer"
        if k == {"datetime"}:
            return "datetime" if self.has_time else "date"
        return "text"


def cell_text(value: Any) -> str | None:
    """A workbook cell as text that casts back to its value exactly and reads as the document shows it."""
    if value is None:
        return None
    if isinstance(value, float) and value == value and value not in (float("inf"), float("-inf")):
        text = format_value(value)
        return text if float(text) == value else repr(value)
    if isinstance(value, dt.datetime) and value.tzinfo is None:
        return value.isoformat(sep=" ", timespec="microseconds" if value.microsecond else "seconds")
    return format_value(value) if not isinstance(value, str) else value


def apply_type(cells: pa.Array, kind: str) -> pa.Array:
    """A column's stored text cells (nulls for empty) as the column's type."""
    if kind == "text":
        # The original text, but a cell of only white space is empty.
        return pc.if_else(pc.equal(pc.utf8_trim_whitespace(cells), ""), pa.scalar(None, pa.string()), cells)
    t = trimmed(cells)
    if kind == "boolean":
        return pc.equal(pc.utf8_lower(t), "true")
    if kind == "date":
        # Workbook dates at midnight are stored as "YYYY-MM-DD 00:00:00".
        return pc.cast(pc.cast(t, pa.timestamp("us")), pa.date32())
    return pc.cast(t, ARROW_TYPES[kind])
