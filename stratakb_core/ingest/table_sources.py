"""The rows of a spreadsheet file, streamed for materializing tables; does I/O (reads the file).

Rows come as (row number, cells), numbered as the parsers number them (``Row N`` in the stored
text): a CSV record's number counting every record, blank ones too (the header is record 1 when
the file starts with it); a workbook row's number in the sheet.

CSV and TSV files are read with the csv module, the delimiter detected as the parser does, in
UTF-8 (a byte-order mark says UTF-8, UTF-16 or UTF-32) or, when the file is not UTF-8,
Windows-1252: ``errors.CsvReadAgain`` asks the caller to start again in that encoding. The csv module
refuses a field over 131,072 characters, and its limit is process-wide (the parser relies on
it), so it is left alone: a record holding such a field is read again by ``_long_record``, which
keeps fields up to ``MAX_FIELD_CHARS`` and cuts longer ones (counted in ``CsvSource.cut_fields``).

Workbooks are read with openpyxl in read-only mode, cached values of formulas, columns 1 to
``MAX_COLUMNS + 1`` (the extra column only shows a sheet is too wide); an error cell (#DIV/0!,
#N/A, ...) is None and counted. The package is checked as the parser checks it first.
"""

from __future__ import annotations

import codecs
import csv
import io
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

from stratakb_core.errors import CsvReadAgain, ParseError
from stratakb_core.ingest.parsing.delimited import detect_delimiter
from stratakb_core.ingest.parsing.ooxml import check_package
from stratakb_core.ingest.parsing.sheets import MAX_COLUMNS

__all__ = ["MAX_FIELD_CHARS", "ArrowCsv", "CsvSource", "SheetSource", "workbook_sheets"]

MAX_FIELD_CHARS: Final = 1_048_576
# A record longer than this (all its fields together) is refused rather than held in memory.
MAX_RECORD_CHARS: Final = 64 * 1_048_576
_SNIFF_CHARS: Final = 16_384
_FIELD_LIMIT_ERROR: Final = "field larger than field limit"


def _bom_encoding(head: bytes) -> str | None:
    for bom, name in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
                      (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                      (codecs.BOM_UTF16_BE, "utf-16")):
        if head.startswith(bom):
            return name
    return None


@dataclass
class CsvSource:
    """A CSV or TSV file's records; ``rows()`` may raise CsvReadAgain (see the module docstring)."""

    path: Path
    is_tsv: bool
    encoding: str | None = None  # None: from the byte-order mark, else UTF-8
    long_fields: bool = False  # read records one line at a time so a long field can be read
    cut_fields: int = 0
    delimiter: str = ","

    def rows(self) -> Iterator[tuple[int, list[str]]]:
        with open(self.path, "rb") as raw:
            head = raw.read(4)
        encoding = self.encoding or _bom_encoding(head) or "utf-8"
        fallback = encoding == "utf-8" and self.encoding is None
        with open(self.path, encoding=encoding, errors="strict") as f:
            try:
                sample = f.read(_SNIFF_CHARS)
                self.delimiter = detect_delimiter(sample, prefer_tab=self.is_tsv)
                f.seek(0)
                records = self._long_records(f) if self.long_fields else self._records(f)
                yield from enumerate(records, start=1)
            except UnicodeDecodeError as exc:
                if fallback:
                    raise CsvReadAgain("cp1252", self.long_fields) from exc
                raise ParseError(f"the file is not valid {encoding} ({exc.reason})") from exc

    def _records(self, f: IO[str]) -> Iterator[list[str]]:
        reader = csv.reader(f, delimiter=self.delimiter, strict=False)
        try:
            yield from reader
        except csv.Error as exc:
            if _FIELD_LIMIT_ERROR in str(exc):
                raise CsvReadAgain(self.encoding or "", True) from exc
            raise ParseError(f"malformed CSV near line {reader.line_num}: {exc}") from exc

    def _long_records(self, f: IO[str]) -> Iterator[list[str]]:
        lines = _Lines(f)
        while True:
            reader = csv.reader(lines, delimiter=self.delimiter, strict=False)
            try:
                for record in reader:
                    lines.pending.clear()
                    yield record
                return
            except csv.Error as exc:
                if _FIELD_LIMIT_ERROR not in str(exc):
                    raise ParseError(f"malformed CSV near line {lines.count}: {exc}") from exc
                record, cut = _long_record("".join(lines.pending), lines, self.delimiter)
                lines.pending.clear()
                self.cut_fields += cut
                yield record


class _Lines:
    """The file's lines, remembering those of the record being read."""

    def __init__(self, f: IO[str]) -> None:
        self.f = f
        self.pending: list[str] = []
        self.count = 0

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        line = next(self.f)
        self.count += 1
        self.pending.append(line)
        return line


def _long_record(text: str, more: _Lines, delimiter: str) -> tuple[list[str], int]:
    """One record from text (its lines so far), reading more lines while a quoted field is open.

    Quoting as the csv module reads it (strict=False): a field starting with a quote runs to the
    next lone quote, "" is a quote, and text after the closing quote joins the field. Returns the
    fields, each cut to MAX_FIELD_CHARS, and the count of fields cut."""
    fields: list[str] = []
    cur: list[str] = []
    size = 0
    quoted, at_start, i = False, True, 0
    while True:
        if i >= len(text):
            if not quoted:
                break
            try:
                text, i = next(more), 0
            except StopIteration:
                break
            size += len(text)
            if size > MAX_RECORD_CHARS:
                raise ParseError(f"a CSV record is longer than {MAX_RECORD_CHARS:,} characters")
            continue
        ch = text[i]
        if quoted:
            j = text.find('"', i)
            if j < 0:
                cur.append(text[i:])
                i = len(text)
            elif text.startswith('""', j):
                cur.append(text[i:j + 1])
                i = j + 2
            else:
                cur.append(text[i:j])
                quoted, i = False, j + 1
        elif ch == '"' and at_start:
            quoted, at_start, i = True, False, i + 1
        elif ch == delimiter:
            fields.append("".join(cur))
            cur, at_start, i = [], True, i + 1
        elif ch == "\n":
            i = len(text)
        else:
            j = min((k for k in (text.find(delimiter, i), text.find("\n", i), text.find('"', i + 1)) if k >= 0),
                    default=len(text))
            cur.append(text[i:j])
            at_start, i = False, j
    fields.append("".join(cur))
    cut = sum(1 for v in fields if len(v) > MAX_FIELD_CHARS)
    return [v[:MAX_FIELD_CHARS] for v in fields], cut


@dataclass
class SheetSource:
    """One worksheet of a workbook: its position (1 = first), name and rows."""

    index: int
    name: str
    worksheet: Any
    error_cells: int = 0
    declared_columns: int = 0

    def rows(self) -> Iterator[tuple[int, list[Any]]]:
        ws = self.worksheet
        self.declared_columns = ws.max_column or 0
        # A sheet's declared <dimension> is not trusted (see parsing.workbook): rows come as the
        # XML has them, each at most MAX_COLUMNS + 1 cells.
        ws.reset_dimensions()
        for number, row in enumerate(ws.iter_rows(max_col=MAX_COLUMNS + 1), start=1):
            values: list[Any] = []
            for cell in row:
                if getattr(cell, "data_type", None) == "e":
                    self.error_cells += 1
                    values.append(None)
                else:
                    values.append(cell.value)
            while values and values[-1] is None:
                values.pop()
            yield number, values


def workbook_sheets(path: Path) -> tuple[Any, list[SheetSource]]:
    """(the open workbook, its worksheets); the caller closes the workbook."""
    data = Path(path).read_bytes()
    if not data.strip():
        raise ParseError("the workbook is empty")
    check_package(data, what="workbook")
    import openpyxl

    if not openpyxl.DEFUSEDXML:
        raise ParseError("refusing to read a workbook: openpyxl is not using defusedxml")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
    except KeyError as exc:
        raise ParseError(f"not a valid workbook: {exc.args[0] if exc.args else exc}"[:300]) from exc
    except Exception as exc:  # openpyxl, zipfile and the XML parsers raise many types
        raise ParseError(f"unreadable workbook ({type(exc).__name__}: {exc})"[:300]) from exc
    return wb, [SheetSource(i, str(ws.title), ws) for i, ws in enumerate(wb.worksheets, start=1)]


@dataclass
class ArrowCsv:
    """The fast way through a plain CSV file: pyarrow's CSV reader, used only when every line of
    the file is one record (so the line number is the row number) and the file is UTF-8; `plan`
    says whether it applies, otherwise the caller reads the file with CsvSource."""

    path: Path
    is_tsv: bool
    header: list[str] | None = None
    delimiter: str = ","
    lines: int = 0
    cut_fields: int = 0

    def _cut(self, column: pa.Array | pa.ChunkedArray) -> pa.Array:
        if isinstance(column, pa.ChunkedArray):
            column = column.combine_chunks()
        long = pc.greater(pc.utf8_length(column), MAX_FIELD_CHARS)
        count = pc.sum(long).as_py() or 0
        if not count:
            return column
        self.cut_fields += count
        return pc.if_else(long, pc.utf8_slice_codeunits(column, 0, MAX_FIELD_CHARS), column)

    def plan(self) -> bool:
        with open(self.path, "rb") as f:
            head = f.read(_SNIFF_CHARS * 4)
        if _bom_encoding(head) not in (None, "utf-8-sig"):
            return False
        text = head.decode("utf-8", errors="ignore").lstrip("\ufeff")
        self.delimiter = detect_delimiter(text[:_SNIFF_CHARS], prefer_tab=self.is_tsv)
        first = text.split("\n", 1)[0]
        if "\n" not in text or '"' in first:
            return False
        header = next(csv.reader([first], delimiter=self.delimiter, strict=False), [])
        if not any(v.strip() for v in header) or len(header) > MAX_COLUMNS:
            return False
        self.header = header
        self.lines = _count_lines(self.path)
        return True

    def batches(self) -> Iterator[tuple[pa.Array, list[pa.Array]]]:
        """(row numbers, text columns) per batch; raises pa.ArrowInvalid when the file does not fit
        the plan (a record over several lines, a ragged row, bytes that are not UTF-8)."""
        assert self.header is not None
        names = [f"c{j}" for j in range(len(self.header))]
        # a file object, not the name: PyArrow encodes a path as strict UTF-8, and a file name need not be
        with open(self.path, "rb") as raw:
            reader = pacsv.open_csv(
                raw,
                read_options=pacsv.ReadOptions(skip_rows=1, column_names=names, block_size=_ARROW_BLOCK),
                parse_options=pacsv.ParseOptions(delimiter=self.delimiter, newlines_in_values=False),
                convert_options=pacsv.ConvertOptions(column_types={n: pa.string() for n in names},
                                                     strings_can_be_null=False, quoted_strings_can_be_null=False),
            )
            number = 2  # the header is line 1
            self.cut_fields = 0
            for batch in reader:
                n = batch.num_rows
                yield pa.array(range(number, number + n), pa.int64()), [self._cut(c) for c in batch.columns]
                number += n
            if number - 1 != self.lines:
                raise pa.ArrowInvalid(f"{self.lines} lines but {number - 1} records"
                                      " (blank lines or multi-line records)")


_ARROW_BLOCK: Final = 8 * 1_048_576


def _count_lines(path: Path) -> int:
    count, last = 0, b"\n"
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            count += block.count(b"\n")
            last = block[-1:]
    return count + (0 if last == b"\n" else 1)
