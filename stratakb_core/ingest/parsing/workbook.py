"""Excel workbooks (.xlsx) as labelled row lines, read with openpyxl; legacy workbooks refused (no I/O).

Each sheet with values in workbook order, its rows (see ``sheets`` for the layout) in groups that
each repeat the sheet heading and the ``Columns:`` line, so a chunk breaks only between rows and
always says which sheet and columns it came from. A group stays within ``ROW_GROUP_CHARS`` (one
row longer than that is a group on its own, which the chunker then splits by size); each group
is a section whose path is the heading. Formulas are read as their last computed values (a
workbook saved by a program that does not compute them, such as openpyxl, has none, and those
cells are empty); dates as ISO dates (``2024-03-01``; a time of day adds ``T09:15:02``); whole
numbers without a trailing ``.0``; other numbers with up to 15 significant digits, as Excel
keeps them.

Bounds: ``MAX_SHEETS`` sheets with values and ``MAX_XLSX_ROWS`` rows in all, ``MAX_COLUMNS``
columns; rows left out are counted only while that takes reading at most ``_COUNT_SCAN_ROWS``
further rows, and a workbook may make us read ``_SCAN_ROWS`` rows in all. A workbook is refused
before openpyxl opens it when it would unzip past 200 MB or 200 times its size, or when a part
declares a DTD (``ooxml.check_package``); openpyxl reads worksheet XML with defusedxml.

Legacy and macro workbooks (.xls, .xlsm, .xlsb, .ods) are refused with a reason that says what
to do instead.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing.ooxml import check_package
from stratakb_core.ingest.parsing.sheets import (
    MAX_COLUMNS,
    column_labels,
    format_value,
    one_line,
    row_line,
    truncation_flag,
)
from stratakb_core.values import ChunkConfig, ParsedDocument, Section

__all__ = ["MAX_SHEETS", "MAX_XLSX_ROWS", "ROW_GROUP_CHARS", "LegacyWorkbookParser", "XlsxParser"]

MAX_SHEETS: Final = 50
MAX_XLSX_ROWS: Final = 50_000
# A group of rows fits the default chunk, so the chunker keeps each group, with its repeated
# sheet heading and columns, whole.
ROW_GROUP_CHARS: Final = ChunkConfig.chunk_size
# Rows read past a bound only to count what was left out; past this the count is unknown.
_COUNT_SCAN_ROWS: Final = 100_000
# Rows (blank ones too) a workbook may make us read in all, counting included.
_SCAN_ROWS: Final = 250_000


class XlsxParser:
    """Excel workbooks (.xlsx), read with openpyxl in read-only mode, last computed values."""

    kind: str = "xlsx"
    extensions: tuple[str, ...] = (".xlsx",)

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        if not data.strip():
            raise NoTextError("the file is empty")
        check_package(data, what="workbook")
        try:
            # openpyxl warns about every workbook feature it drops (data validation, extensions);
            # none of them touches the values read here.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                sheets, rows_left_out, values_cut = _read_workbook(data)
        except (ParseError, NoTextError):
            raise
        except KeyError as exc:
            # openpyxl looks parts up by name: "There is no item named '[Content_Types].xml' ..."
            raise ParseError(f"not a valid workbook: {exc.args[0] if exc.args else exc}"[:300]) from exc
        except RecursionError as exc:
            raise ParseError("workbook XML nests too deeply") from exc
        except MemoryError as exc:
            raise ParseError("workbook needs more memory than a parser may use") from exc
        except Exception as exc:  # openpyxl, zipfile and the XML parsers raise many types
            raise ParseError(f"unreadable workbook ({type(exc).__name__}: {exc})"[:300]) from exc
        if not sheets:
            raise NoTextError("the workbook has no values")
        text, sections = _sheet_text(sheets)
        return ParsedDocument(
            text=text,
            sections=sections,
            first_line=1,
            flags=truncation_flag(rows_left_out, values_cut),
            kind="xlsx",
        )


@dataclass(frozen=True)
class _Sheet:
    heading: str  # "Sheet: Quotes (4 rows x 4 columns)"
    columns: str  # "Columns: Vendor | Part | ..."
    rows: tuple[str, ...]  # "Row 2: Vendor: SP Road A | ..."
    values_cut: bool  # values past column MAX_COLUMNS were left out


class _Budget:
    """Raw rows a workbook may still make us read, handed out one sheet at a time by ``rows``."""

    def __init__(self, rows: int) -> None:
        self.left = rows
        self.ran_out = False  # whether the last sheet read stopped because the budget was spent

    def rows(self, worksheet: Any) -> Iterator[tuple[int, tuple[Any, ...]]]:
        """(row number, values of columns 1 to MAX_COLUMNS + 1) of each row while the budget lasts."""
        self.ran_out = False
        # The <dimension> a sheet declares is not trusted: a hostile "A1:XFD1048576" would make
        # openpyxl pad every row to 16,384 cells and yield a million rows. Without it, rows come
        # as the XML has them, and max_col keeps each row's tuple small whatever columns it uses.
        worksheet.reset_dimensions()
        rows = worksheet.iter_rows(max_col=MAX_COLUMNS + 1, values_only=True)
        for number, row in enumerate(rows, start=1):
            if self.left <= 0:
                self.ran_out = True
                return
            self.left -= 1
            yield number, row


def _read_workbook(data: bytes) -> tuple[list[_Sheet], int | None, bool]:
    import openpyxl

    if not openpyxl.DEFUSEDXML:
        # openpyxl takes defusedxml whenever it is installed, unless OPENPYXL_DEFUSEDXML=False.
        raise ParseError("refusing to read a workbook: openpyxl is not using defusedxml")
    workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
    try:
        sheets: list[_Sheet] = []
        budget = _Budget(_SCAN_ROWS)
        rows_kept = 0
        left_out: int | None = 0
        values_cut = False
        for worksheet in workbook.worksheets:
            if len(sheets) >= MAX_SHEETS or rows_kept >= MAX_XLSX_ROWS:
                # Past a bound a sheet is only counted, and only while counting stays cheap.
                if left_out is not None:
                    counted = _count_rows(worksheet, budget)
                    left_out = None if counted is None else left_out + counted
                continue
            sheet, kept, sheet_left_out = _read_sheet(worksheet, MAX_XLSX_ROWS - rows_kept, budget)
            if left_out is not None:
                left_out = None if sheet_left_out is None else left_out + sheet_left_out
            if sheet is None:
                continue
            sheets.append(sheet)
            values_cut = values_cut or sheet.values_cut
            rows_kept += kept
        return sheets, left_out, values_cut
    finally:
        workbook.close()


def _read_sheet(worksheet: Any, rows_allowed: int, budget: _Budget) -> tuple[_Sheet | None, int, int | None]:
    """(sheet or None when it has no values, data rows kept, rows with values left out or None)."""
    header: list[str] | None = None
    rows: list[tuple[int, list[str]]] = []
    left_out: int | None = 0
    # Only column MAX_COLUMNS + 1 is read, so a value further right shows only in the extent the
    # sheet declares; a sheet declaring more columns than the bound is taken at its word.
    values_cut = (worksheet.max_column or 0) > MAX_COLUMNS
    for number, raw in budget.rows(worksheet):
        # Column MAX_COLUMNS + 1 is read only to see whether a row goes past the bound.
        if len(raw) > MAX_COLUMNS and format_value(raw[MAX_COLUMNS]):
            values_cut = True
        values = _formatted(raw)
        if not any(values):
            continue
        if header is None:
            header = values
        elif len(rows) < rows_allowed:
            rows.append((number, values))
        else:
            assert left_out is not None
            left_out += 1
            if left_out > _COUNT_SCAN_ROWS:
                left_out = None
                break
    if budget.ran_out:
        left_out = None
    if header is None:
        return None, 0, left_out

    # The sheet's extent: from its first to its last column with a value.
    table = [header, *(values for _, values in rows)]
    first = min(next(i for i, v in enumerate(r) if v) for r in table)
    last = max(max(i for i, v in enumerate(r) if v) for r in table)
    width = last - first + 1
    labels = column_labels((header + [""] * (last + 1))[first : last + 1], first_column=first + 1)
    name = one_line(str(worksheet.title))
    heading = f"Sheet: {name} ({_plural(len(table), 'row')} x {_plural(width, 'column')})"
    lines = tuple(row_line(number, labels, values[first : last + 1], first + 1) for number, values in rows)
    return _Sheet(heading, "Columns: " + " | ".join(labels), lines, values_cut), len(rows), left_out


def _formatted(raw: tuple[Any, ...]) -> list[str]:
    """The row's first MAX_COLUMNS values as text, without the empty cells openpyxl pads it with."""
    end = min(len(raw), MAX_COLUMNS)
    # Every row comes padded to MAX_COLUMNS + 1 cells; formatting only up to the last value
    # keeps a narrow sheet as cheap as its cells.
    while end and raw[end - 1] is None:
        end -= 1
    return [format_value(v) for v in raw[:end]]


def _count_rows(worksheet: Any, budget: _Budget) -> int | None:
    """Rows with values in a sheet, or None when the budget or the count's own bound ends first."""
    count = 0
    for _, raw in budget.rows(worksheet):
        if any(_formatted(raw)) or (len(raw) > MAX_COLUMNS and format_value(raw[MAX_COLUMNS])):
            count += 1
            if count > _COUNT_SCAN_ROWS:
                return None
    return None if budget.ran_out else count


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _sheet_text(sheets: Sequence[_Sheet]) -> tuple[str, tuple[Section, ...]]:
    """Each sheet's rows in groups that repeat its heading and columns; a section per group."""
    parts: list[str] = []
    starts: list[tuple[int, int, str]] = []  # (group start, heading end, heading)
    offset = 0
    for sheet in sheets:
        for group in _groups(sheet):
            if parts:
                parts.append("\n\n")
                offset += 2
            starts.append((offset, offset + 3 + len(sheet.heading), sheet.heading))
            parts.append(group)
            offset += len(group)
    text = "".join(parts)
    sections = tuple(
        Section(
            start=start,
            end=starts[i + 1][0] if i + 1 < len(starts) else len(text),
            path=(heading,),
            level=2,
            heading=heading,
            heading_end=heading_end,
        )
        for i, (start, heading_end, heading) in enumerate(starts)
    )
    return text, sections


def _groups(sheet: _Sheet) -> Iterator[str]:
    head = f"## {sheet.heading}\n{sheet.columns}"
    if not sheet.rows:
        yield head
        return
    group: list[str] = []
    size = len(head)
    for row in sheet.rows:
        if group and size + 1 + len(row) > ROW_GROUP_CHARS:
            yield head + "\n" + "\n".join(group)
            group, size = [], len(head)
        group.append(row)
        size += 1 + len(row)
    yield head + "\n" + "\n".join(group)


class LegacyWorkbookParser:
    """Legacy and macro workbooks (.xls, .xlsm, .xlsb, .ods): always refused, with what to do instead."""

    kind: str = "legacy_workbook"
    extensions: tuple[str, ...] = (".xls", ".xlsm", ".xlsb", ".ods")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        raise ParseError("legacy or macro workbook: save it as .xlsx or .csv")
