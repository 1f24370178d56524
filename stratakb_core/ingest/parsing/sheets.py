"""Spreadsheet parsers: CSV/TSV (csv module) and XLSX (openpyxl), one labelled line per row (no I/O).

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

CSV and TSV: a ``Columns:`` line, then a line per row, each row its own section with the path
``("Row N",)``, so the chunker makes one chunk per row and each citation names its row. The
delimiter (, ; tab |) is detected, and Windows-1252 is accepted. The first ``MAX_CSV_ROWS`` rows
with values are kept; a longer file is flagged ``truncated`` with the count of rows left out.

XLSX: each sheet with values in workbook order, its rows in groups that each repeat the sheet
heading and the ``Columns:`` line, so a chunk breaks only between rows and always says which
sheet and columns it came from. A group stays within ``ROW_GROUP_CHARS`` (one row longer than that
is a group on its own, which the chunker then splits by size); each group is a section whose
path is the heading. Formulas are read as their last computed values (a workbook saved by a
program that does not compute them, such as openpyxl, has none, and those cells are empty);
dates as ISO dates (``2024-03-01``; a time of day adds ``T09:15:02``); whole numbers without a
trailing ``.0``; other numbers with up to 15 significant digits, as Excel keeps them.

Bounds (named resource limits; past them the file is stored as far as it fits and flagged
``truncated``): ``MAX_CSV_ROWS`` rows of a CSV, ``MAX_SHEETS`` sheets with values and
``MAX_XLSX_ROWS`` rows in all of a workbook, ``MAX_COLUMNS`` columns of either. The flag's count
is the number of rows with values left out; it is None when values were cut from rows that were
kept (columns past the bound), because rows would not measure that, or when counting would
have meant reading more than ``_COUNT_SCAN_ROWS`` further rows. A CSV field longer than the csv
module's limit (131,072 characters) is refused. A workbook is refused before openpyxl opens it
when it would unzip past 200 MB or 200 times its size, or when a part declares a DTD
(``ooxml.check_package``); openpyxl reads worksheet XML with defusedxml.

Legacy and macro workbooks (.xls, .xlsm, .xlsb, .ods) are refused with a reason that says what
to do instead.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import posixpath
import re
import warnings
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing.decode import decode_text
from stratakb_core.ingest.parsing.ooxml import check_package
from stratakb_core.values import ChunkConfig, Flag, ParsedDocument, Section

__all__ = [
    "CSV_DELIMITERS",
    "MAX_COLUMNS",
    "MAX_CSV_ROWS",
    "MAX_SHEETS",
    "MAX_XLSX_ROWS",
    "ROW_GROUP_CHARS",
    "CsvParser",
    "LegacyWorkbookParser",
    "XlsxParser",
    "column_labels",
    "detect_delimiter",
    "format_value",
]

MAX_CSV_ROWS: Final = 10_000
MAX_SHEETS: Final = 50
MAX_XLSX_ROWS: Final = 50_000
MAX_COLUMNS: Final = 200
# A group of rows fits the default chunk, so the chunker keeps each group, with its repeated
# sheet heading and columns, whole.
ROW_GROUP_CHARS: Final = ChunkConfig.chunk_size
CSV_DELIMITERS: Final = ",;\t|"
# Rows read past a bound only to count what was left out; past this the count is unknown.
_COUNT_SCAN_ROWS: Final = 100_000
# Rows (blank ones too) a workbook may make us read in all, counting included.
_SCAN_ROWS: Final = 250_000
_SNIFF_CHARS: Final = 16_384
_SNIFF_LINES: Final = 50
_WHITESPACE = re.compile(r"\s+")
_SURROGATES = re.compile(r"[\ud800-\udfff]")


# ---------------------------------------------------------------------------------------------
# Shared: labels, values, lines


def column_labels(header: Sequence[str], *, first_column: int = 1) -> list[str]:
    """The label of each column: its header name, ``Column N`` when blank, ``Name (2)`` when repeated.

    header[0] is column number first_column of the sheet or file.
    """
    labels: list[str] = []
    used: set[str] = set()
    for position, raw in enumerate(header, start=first_column):
        base = _one_line(raw) or f"Column {position}"
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
    return _one_line(str(value))


def _one_line(s: str) -> str:
    s = _WHITESPACE.sub(" ", s.replace("\x00", "")).strip()
    return _SURROGATES.sub("\ufffd", s)


def _row_line(number: int, labels: Sequence[str], values: Sequence[str], first_column: int = 1) -> str:
    """``Row N: Label: value | ...`` for the non-empty values; values[0] is column first_column."""
    parts = []
    for i, value in enumerate(values):
        if value:
            label = labels[i] if i < len(labels) else f"Column {first_column + i}"
            parts.append(f"{label}: {value}")
    return f"Row {number}: " + " | ".join(parts)


def _truncation_flag(rows_left_out: int | None, values_cut: bool) -> tuple[Flag, ...]:
    if values_cut:
        return (Flag("truncated", count=None),)
    if rows_left_out is None:
        return (Flag("truncated", count=None),)
    if rows_left_out > 0:
        return (Flag("truncated", count=rows_left_out),)
    return ()


# ---------------------------------------------------------------------------------------------
# CSV and TSV


class CsvParser:
    """Comma-, semicolon-, tab- or pipe-separated values (.csv, .tsv)."""

    kind: str = "csv"
    extensions: tuple[str, ...] = (".csv", ".tsv")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        text = decode_text(data)
        if not text.strip():
            raise NoTextError("the file has no text")
        is_tsv = posixpath.splitext(rel_path)[1].lower() == ".tsv"
        delimiter = detect_delimiter(text, prefer_tab=is_tsv)
        reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=False)
        try:
            return _csv_document(reader)
        except csv.Error as exc:
            # Among others: a field past csv.field_size_limit() (131,072 characters by default;
            # the limit is process-wide, so it is left as it is).
            raise ParseError(f"malformed CSV near line {reader.line_num}: {exc}") from exc


def detect_delimiter(text: str, *, prefer_tab: bool = False) -> str:
    """The delimiter among , ; tab | that the text's first lines use; "," when none is used.

    csv.Sniffer restricted to those four decides first; when it cannot, the delimiter that occurs
    (outside quotes) the same non-zero number of times on the most lines wins. A .tsv file whose
    first line holds a tab is tab-separated without asking.
    """
    sample = text[:_SNIFF_CHARS]
    if len(text) > len(sample) and "\n" in sample:
        sample = sample[: sample.rfind("\n")]
    if prefer_tab and "\t" in sample.split("\n", 1)[0]:
        return "\t"
    try:
        sniffed = csv.Sniffer().sniff(sample, delimiters=CSV_DELIMITERS).delimiter
    except csv.Error:
        sniffed = ""
    if sniffed in CSV_DELIMITERS and sniffed:
        return sniffed
    return _counted_delimiter(sample)


def _counted_delimiter(sample: str) -> str:
    lines = [line for line in sample.split("\n") if line.strip()][:_SNIFF_LINES]
    best, best_score = ",", (0, 0)
    for delimiter in CSV_DELIMITERS:
        counts = Counter(_count_outside_quotes(line, delimiter) for line in lines)
        counts.pop(0, None)
        if not counts:
            continue
        per_line, lines_agreeing = max(counts.items(), key=lambda item: (item[1], item[0]))
        score = (lines_agreeing, per_line)
        if score > best_score:
            best, best_score = delimiter, score
    return best


def _count_outside_quotes(line: str, delimiter: str) -> int:
    count, quoted = 0, False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif ch == delimiter and not quoted:
            count += 1
    return count


def _csv_document(reader: Iterable[list[str]]) -> ParsedDocument:
    labels: list[str] | None = None
    lines: list[tuple[str, int | None]] = []  # (line, row number or None for the Columns line)
    kept = left_out = 0
    values_cut = False
    for number, record in enumerate(reader, start=1):
        values = [_one_line(v) for v in record]
        if not any(values):
            continue
        if len(values) > MAX_COLUMNS:
            values_cut = values_cut or any(values[MAX_COLUMNS:])
            values = values[:MAX_COLUMNS]
        if labels is None:
            labels = column_labels(values)
            lines.append(("Columns: " + " | ".join(labels), None))
            continue
        if kept >= MAX_CSV_ROWS:
            left_out += 1
            continue
        lines.append((_row_line(number, labels, values), number))
        kept += 1
    if labels is None:
        raise NoTextError("the file has no values")
    text, sections = _line_sections(lines)
    return ParsedDocument(
        text=text,
        sections=sections,
        first_line=1,
        flags=_truncation_flag(left_out, values_cut),
        kind="csv",
    )


def _line_sections(lines: Sequence[tuple[str, int | None]]) -> tuple[str, tuple[Section, ...]]:
    """The lines joined by newlines, each line a section of its own (``("Row N",)`` for a row)."""
    sections: list[Section] = []
    offset = 0
    for i, (line, number) in enumerate(lines):
        end = offset + len(line) + (1 if i + 1 < len(lines) else 0)
        path = (f"Row {number}",) if number is not None else ()
        sections.append(Section(start=offset, end=end, path=path, level=1 if path else 0, heading=None))
        offset = end
    return "\n".join(line for line, _ in lines), tuple(sections)


# ---------------------------------------------------------------------------------------------
# XLSX


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
            flags=_truncation_flag(rows_left_out, values_cut),
            kind="xlsx",
        )


@dataclass(frozen=True)
class _Sheet:
    heading: str  # "Sheet: Quotes (4 rows x 4 columns)"
    columns: str  # "Columns: Vendor | Part | ..."
    rows: tuple[str, ...]  # "Row 2: Vendor: SP Road A | ..."
    values_cut: bool  # values past column MAX_COLUMNS were left out


class _Budget:
    """Raw rows a workbook may still make us read."""

    def __init__(self, rows: int) -> None:
        self.left = rows


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


class _BudgetSpent(Exception):
    pass


def _raw_rows(worksheet: Any, budget: _Budget) -> Iterator[tuple[int, tuple[Any, ...]]]:
    """(row number, values of columns 1 to MAX_COLUMNS + 1) of each row; _BudgetSpent past the budget."""
    # The <dimension> a sheet declares is not trusted: a hostile "A1:XFD1048576" would make
    # openpyxl pad every row to 16,384 cells and yield a million rows. Without it, rows come as
    # the XML has them, and max_col keeps each row's tuple small whatever columns it uses.
    worksheet.reset_dimensions()
    rows = worksheet.iter_rows(max_col=MAX_COLUMNS + 1, values_only=True)
    for number, row in enumerate(rows, start=1):
        if budget.left <= 0:
            raise _BudgetSpent
        budget.left -= 1
        yield number, row


def _read_sheet(worksheet: Any, rows_allowed: int, budget: _Budget) -> tuple[_Sheet | None, int, int | None]:
    """(sheet or None when it has no values, data rows kept, rows with values left out or None)."""
    header: list[str] | None = None
    rows: list[tuple[int, list[str]]] = []
    left_out: int | None = 0
    # Only column MAX_COLUMNS + 1 is read, so a value further right shows only in the extent the
    # sheet declares; a sheet declaring more columns than the bound is taken at its word.
    values_cut = (worksheet.max_column or 0) > MAX_COLUMNS
    try:
        for number, raw in _raw_rows(worksheet, budget):
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
    except _BudgetSpent:
        left_out = None
    if header is None:
        return None, 0, left_out

    # The sheet's extent: from its first to its last column with a value.
    table = [header, *(values for _, values in rows)]
    first = min(next(i for i, v in enumerate(r) if v) for r in table)
    last = max(max(i for i, v in enumerate(r) if v) for r in table)
    width = last - first + 1
    labels = column_labels((header + [""] * (last + 1))[first : last + 1], first_column=first + 1)
    name = _one_line(str(worksheet.title))
    heading = f"Sheet: {name} ({_plural(len(table), 'row')} x {_plural(width, 'column')})"
    lines = tuple(_row_line(number, labels, values[first : last + 1], first + 1) for number, values in rows)
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
    try:
        for _, raw in _raw_rows(worksheet, budget):
            if any(_formatted(raw)) or (len(raw) > MAX_COLUMNS and format_value(raw[MAX_COLUMNS])):
                count += 1
                if count > _COUNT_SCAN_ROWS:
                    return None
    except _BudgetSpent:
        return None
    return count


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


# ---------------------------------------------------------------------------------------------
# Legacy and macro workbooks


class LegacyWorkbookParser:
    """Legacy and macro workbooks (.xls, .xlsm, .xlsb, .ods): always refused, with what to do instead."""

    kind: str = "legacy_workbook"
    extensions: tuple[str, ...] = (".xls", ".xlsm", ".xlsb", ".ods")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        raise ParseError("legacy or macro workbook: save it as .xlsx or .csv")
