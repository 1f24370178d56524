"""Spreadsheet rows as labelled lines: the layout CSV and XLSX share (no I/O).

Every row becomes one line whose non-empty values are labelled by their column header, as
knowledge-bases-api.txt lays spreadsheets out::

    ## Sheet: Quotes (4 rows x 4 columns)
    Columns: Vendor | Part | Price (INR) | Notes
    Row 2: Vendor: SP Road A | Part: RX 9070 XT | Price (INR): 80000 | Notes: itemised

The header is a sheet's (or file's) first non-empty row. A column with no header name, or a
value past the last header, is labelled by its position (``Column 4``: the fourth column of the
sheet or file); a repeated header name gets a suffix (``Name (2)``). ``Row N`` is the row's number
as a spreadsheet program shows it (for a CSV, the record number, the header being record 1).
Cells are written on one line: whitespace inside a value, line breaks too, becomes one space.
``first_line`` is 1 and chunk lines count lines of this text, not of the file.

Bounds are named resource limits; past them the file is stored as far as it fits and flagged
``truncated``. ``MAX_COLUMNS`` bounds the columns of either format. The flag's count is the
number of rows with values left out; it is None when values were cut from rows that were kept
(columns past the bound), because rows would not measure that, or when counting would have
meant reading too many further rows.

The formats: ``delimited`` (CSV and TSV), ``workbook`` (XLSX, and the legacy and macro
workbooks it refuses).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import Any, Final

from stratakb_core.values import DocumentFlag

__all__ = ["MAX_COLUMNS", "column_labels", "format_value", "one_line", "row_line", "truncation_flag"]

MAX_COLUMNS: Final = 200
_WHITESPACE = re.compile(r"\s+")
_SURROGATES = re.compile(r"[\ud800-\udfff]")


def column_labels(header: Sequence[str], *, first_column: int = 1) -> list[str]:
    """The label of each column: its header name, ``Column N`` when blank, ``Name (2)`` when repeated.

    header[0] is column number first_column of the sheet or file.
    """
    labels: list[str] = []
    used: set[str] = set()
    for position, raw in enumerate(header, start=first_column):
        base = one_line(raw) or f"Column {position}"
        label, copy = base, 1
        while label in used:
            copy += 1
            label = f"{base} ({copy})"
        used.add(label)
        labels.append(label)
    return labels


def format_value(value: Any) -> str:
    """A cell's value as text: ISO dates, whole numbers without .0, everything on one line."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return str(value)
        if value.is_integer() and abs(value) < 1e16:
            return str(int(value))
        return format(value, ".15g")
    if isinstance(value, dt.datetime):
        if value.tzinfo is None and value.time() == dt.time(0):
            return value.date().isoformat()
        return value.isoformat(timespec="seconds" if value.microsecond == 0 else "auto")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return str(value)
    return one_line(str(value))


def one_line(s: str) -> str:
    """s on one line: whitespace runs (line breaks too) as one space, NULs dropped, lone surrogates replaced."""
    s = _WHITESPACE.sub(" ", s.replace("\x00", "")).strip()
    return _SURROGATES.sub("\ufffd", s)


def row_line(number: int, labels: Sequence[str], values: Sequence[str], first_column: int = 1) -> str:
    """``Row N: Label: value | ...`` for the non-empty values; values[0] is column first_column."""
    parts = []
    for i, value in enumerate(values):
        if value:
            label = labels[i] if i < len(labels) else f"Column {first_column + i}"
            parts.append(f"{label}: {value}")
    return f"Row {number}: " + " | ".join(parts)


def truncation_flag(rows_left_out: int | None, values_cut: bool) -> tuple[DocumentFlag, ...]:
    """The ``truncated`` flag of a file whose rows or values were left out, if any were."""
    if values_cut:
        return (DocumentFlag("truncated", count=None),)
    if rows_left_out is None:
        return (DocumentFlag("truncated", count=None),)
    if rows_left_out > 0:
        return (DocumentFlag("truncated", count=rows_left_out),)
    return ()
