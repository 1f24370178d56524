"""Spreadsheets as typed Parquet tables, every row kept, for exact computation; does I/O (files).

``materialize_tables`` writes each sheet of a CSV, TSV or XLSX file as one Parquet file under
``<base>/<layer>/<doc_sha>/`` with a manifest (see ``store.table_registry``), so a query can count,
sum and group over the whole table rather than the 10,000 rows the document text keeps.

* Header: a sheet's first row with a value, as the parsers take it. Columns get SQL-safe unique
  names (lower case, letters, digits and _; ``column_7`` for an empty header, the sheet's column
  number; ``_2`` for a repeat); the header as written is kept in the manifest and in each Parquet
  field's metadata. A workbook sheet's columns run from its first to its last column with a value;
  a merged header cell has its text in its first column only, so the others get generated names.
* Rows: every row with a value, no cap, with ``_row``, its row number as the document numbers it.
* Types: see ``table_types``; formulas are their cached values; an error cell is null, counted.
* Bounds: ``MAX_COLUMNS`` (200) columns, more refuses the sheet with the reason in its TableFile;
  fields up to ``MAX_FIELD_CHARS`` (1 MiB) kept whole, longer ones cut, with a note; workbooks
  read up to ``MAX_SHEETS`` sheets with values, as the parser does.
* Memory stays bounded: rows are read in batches of ``BATCH_ROWS`` and written as text to
  temporary Parquet parts while the types are worked out; a second pass casts the parts into the
  final file. A wider batch starts a new part, so no width need be known up front.
"""

from __future__ import annotations

import os
import shutil
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pyarrow as pa

from stratakb_core.errors import CsvReadAgain, ParseError, SheetTooWide, UsageError
from stratakb_core.ingest.parsing.sheets import MAX_COLUMNS, format_value
from stratakb_core.ingest.parsing.workbook import MAX_SHEETS
from stratakb_core.ingest.table_files import TABLE_EXTENSIONS, file_sha256, is_table_file
from stratakb_core.ingest.table_sources import MAX_FIELD_CHARS, ArrowCsv, CsvSource, workbook_sheets
from stratakb_core.ingest.table_writer import SheetWriter
from stratakb_core.store.table_registry import TableFile, read_manifest, table_dir, write_manifest

__all__ = ["TABLE_EXTENSIONS", "TableSet", "is_table_file", "materialize_tables"]



@dataclass(frozen=True)
class TableSet:
    """The tables of one file version: a TableFile per sheet with values, and notes on the rest."""

    folder: Path
    tables: tuple[TableFile, ...]
    notes: tuple[str, ...] = ()
    reused: bool = False  # the folder already held this file version's tables


def materialize_tables(path: Path, base_dir: Path, layer: str, *, rel_path: str,
                       doc_sha: str | None = None) -> TableSet:
    """Write every sheet of the spreadsheet at path as Parquet under base_dir; see the module docstring.

    rel_path is the file's path as the layer stores it (named in citations); doc_sha is the
    sha256 of its bytes (``documents.content_hash``), computed when not given. A file version
    already materialized is not written again. Raises ParseError for a file that cannot be read
    (the same files the parser refuses), UsageError for a file that is not a spreadsheet.
    """
    if not is_table_file(rel_path):
        raise UsageError(f"{rel_path}: not a spreadsheet ({', '.join(TABLE_EXTENSIONS)})")
    doc_sha = doc_sha or file_sha256(path)
    folder = table_dir(Path(base_dir), layer, doc_sha)
    existing = read_manifest(folder)
    if existing is not None:
        return TableSet(folder, tuple(existing), reused=True)
    work = folder.parent / f".{doc_sha}.{os.getpid()}.tmp"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        if rel_path.lower().endswith(".xlsx"):
            tables, notes = _workbook_tables(Path(path), work, rel_path)
        else:
            tables, notes = _csv_tables(Path(path), work, rel_path)
        final = [_moved(t, work, folder) for t in tables]
        write_manifest(work, layer, doc_sha, final)
        if folder.exists():
            shutil.rmtree(folder)  # an unfinished earlier write: it had no manifest
        os.replace(work, folder)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return TableSet(folder, tuple(final), tuple(notes))


def _moved(t: TableFile, work: Path, folder: Path) -> TableFile:
    if t.path is None:
        return t
    return replace(t, path=str(folder / Path(t.path).relative_to(work)))


def _csv_tables(path: Path, work: Path, rel_path: str) -> tuple[list[TableFile], list[str]]:
    is_tsv = rel_path.lower().endswith(".tsv")
    fast = _arrow_csv_table(path, work, rel_path, is_tsv)
    if fast is not None:
        return [fast], []
    source = CsvSource(path, is_tsv=is_tsv)
    while True:
        try:
            table = _write_sheet(source.rows(), typed=False, out=work / "1.parquet", index=1, sheet=None,
                                 rel_path=rel_path)
            break
        except CsvReadAgain as again:
            source = CsvSource(path, source.is_tsv, encoding=again.encoding or source.encoding,
                               long_fields=again.long_fields)
    if table is None:
        raise ParseError("the file has no values")
    if source.cut_fields:
        table = replace(table, notes=(*table.notes, _cut_note(source.cut_fields)))
    return [table], []


def _arrow_csv_table(path: Path, work: Path, rel_path: str, is_tsv: bool) -> TableFile | None:
    """The table read with pyarrow's CSV reader (twice: types, then values), or None when the file
    does not fit that reader's plan and the csv module must read it."""
    arrow = ArrowCsv(path, is_tsv)
    if not arrow.plan():
        return None
    assert arrow.header is not None
    out = work / "1.parquet"
    writer = SheetWriter(out, arrow.header, header_row=1, typed=False, trim_leading=False)
    try:
        for _numbers, arrays in arrow.batches():
            writer.observe(arrays)
        columns, count, notes = writer.finish(arrow.batches())
    except pa.ArrowInvalid:
        writer.discard()
        return None
    except BaseException:
        writer.discard()
        raise
    if arrow.cut_fields:
        notes.append(_cut_note(arrow.cut_fields))
    return TableFile(rel_path, 1, None, str(out), count, tuple(columns), notes=tuple(notes))


def _cut_note(count: int) -> str:
    return f"{count} field(s) longer than {MAX_FIELD_CHARS:,} characters were cut to that length"


def _workbook_tables(path: Path, work: Path, rel_path: str) -> tuple[list[TableFile], list[str]]:
    workbook, sheets = workbook_sheets(path)
    tables: list[TableFile] = []
    notes: list[str] = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for n, sheet in enumerate(sheets):
                if len(tables) >= MAX_SHEETS:
                    notes.append(f"{len(sheets) - n} more sheet(s) not read: at most {MAX_SHEETS} sheets "
                                 "with values are read")
                    break
                declared = sheet.worksheet.max_column or 0
                if declared > MAX_COLUMNS:
                    # Only columns 1 to 201 are read (a hostile extent would be slow to read), so a
                    # sheet declaring more is taken at its word, as the parser takes it.
                    tables.append(TableFile(rel_path, sheet.index, sheet.name, None, 0, (), refused=(
                        f"sheet {sheet.name!r} has more than {MAX_COLUMNS} columns (it declares {declared}); "
                        f"a table holds at most {MAX_COLUMNS}")))
                    continue
                table = _write_sheet(sheet.rows(), typed=True, out=work / f"{sheet.index}.parquet",
                                     index=sheet.index, sheet=sheet.name, rel_path=rel_path)
                if table is not None:
                    tables.append(replace(table, error_cells=sheet.error_cells))
    except (ParseError, UsageError):
        raise
    except Exception as exc:  # openpyxl and the XML parsers raise many types
        raise ParseError(f"unreadable workbook ({type(exc).__name__}: {exc})"[:300]) from exc
    finally:
        workbook.close()
    if not tables:
        raise ParseError("the workbook has no values")
    return tables, notes


def _has_value(v: Any) -> bool:
    return v is not None and (not isinstance(v, str) or bool(v.strip()))


def _write_sheet(rows: Iterator[tuple[int, list[Any]]], *, typed: bool, out: Path, index: int,
                 sheet: str | None, rel_path: str) -> TableFile | None:
    """The sheet written to out, or None when it has no values; a TableFile with refused set when
    it has more than MAX_COLUMNS columns."""
    header: list[str] | None = None
    for number, cells in rows:
        if any(_has_value(v) for v in cells):
            header = [format_value(v) if typed else v for v in cells]
            header_row = number
            break
    if header is None:
        return None
    writer: SheetWriter | None = None
    try:
        writer = SheetWriter(out, header, header_row=header_row, typed=typed, trim_leading=typed)
        for number, cells in rows:
            if cells:
                writer.add(number, cells)
        columns, count, notes = writer.finish()
    except SheetTooWide as exc:
        if writer is not None:
            writer.discard()
        return TableFile(rel_path, index, sheet, None, 0, (), refused=(
            f"{'sheet ' + repr(sheet) if sheet else 'the file'} has more than {MAX_COLUMNS} columns "
            f"(a value in column {exc.column}, row {exc.row}); a table holds at most {MAX_COLUMNS}"))
    except BaseException:
        if writer is not None:
            writer.discard()
        raise
    return TableFile(rel_path, index, sheet, str(out), count, tuple(columns), notes=tuple(notes))
