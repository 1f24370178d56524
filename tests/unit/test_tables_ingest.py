"""Spreadsheets materialized as typed Parquet tables (ingest.tables), over real and built files."""

from __future__ import annotations

import csv
import datetime as dt
import re
import zipfile
from io import BytesIO
from pathlib import Path

import openpyxl
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from stratakb_core.errors import ParseError, UsageError
from stratakb_core.ingest.parsing.delimited import CsvParser
from stratakb_core.ingest.parsing.workbook import XlsxParser
from stratakb_core.ingest.table_sources import MAX_FIELD_CHARS
from stratakb_core.ingest.tables import materialize_tables
from stratakb_core.store.table_registry import read_manifest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SHEETS = FIXTURES / "sheets"


def materialize(path: Path, tmp_path: Path, rel: str | None = None):
    return materialize_tables(path, tmp_path / "tables", "sheets", rel_path=rel or path.name)


def table_of(ts, index: int = 1):
    return next(t for t in ts.tables if t.sheet_index == index)


def write_csv(path: Path, rows: list[list[str]], **kw) -> Path:
    with open(path, "w", newline="", encoding=kw.pop("encoding", "utf-8")) as f:
        csv.writer(f, **kw).writerows(rows)
    return path


def save(wb: openpyxl.Workbook, path: Path) -> Path:
    wb.save(path)
    return path


def test_a_real_csv_keeps_every_row_with_its_row_number_and_text_codes_as_written(tmp_path):
    src = FIXTURES / "currency-codes-all.csv"
    ts = materialize(src, tmp_path)
    t = table_of(ts)
    with open(src, newline="", encoding="utf-8") as f:
        records = list(csv.reader(f))
    assert t.rows == len(records) - 1 == 449
    assert [c.header for c in t.columns] == records[0]
    data = pq.read_table(t.path)
    assert data.column_names[0] == "_row"
    assert data.column("_row").to_pylist() == list(range(2, 451))
    # NumericCode holds codes with leading zeros ("008"): text, exactly as written.
    codes = dict(zip(data.column("alphabeticcode").to_pylist(), data.column("numericcode").to_pylist(), strict=True))
    assert codes["ALL"] == "008"
    # The manifest next to the file records the same table.
    assert read_manifest(ts.folder) == list(ts.tables)
    assert pq.read_schema(t.path).field("numericcode").metadata[b"header"] == b"NumericCode"


def test_row_numbers_are_the_row_lines_of_the_parsed_document(tmp_path):
    rows = [["Name", "Amount"], ["a", "1"], [], ["b", "2"], ["c\nwith a line break", "3"], ["d", "4"]]
    src = write_csv(tmp_path / "gaps.csv", rows)
    t = table_of(materialize(src, tmp_path))
    data = pq.read_table(t.path).to_pylist()
    parsed = CsvParser().parse(src.read_bytes(), "gaps.csv").text
    numbers = [int(n) for n in re.findall(r"^Row (\d+):", parsed, re.M)]
    assert [r["_row"] for r in data] == numbers == [2, 4, 5, 6]
    assert [r["amount"] for r in data] == [1, 2, 3, 4]


def test_a_bom_csv_and_a_windows_1252_csv(tmp_path):
    t = table_of(materialize(SHEETS / "UNSD-en.csv", tmp_path))
    assert t.columns[0].name == "global_code" and t.columns[0].header == "Global Code"
    assert t.rows == 249
    cp = tmp_path / "cp.csv"
    cp.write_bytes("Name;Price\nCaf\xe9;3,50\nNa\xefve;4\n".encode("cp1252"))
    t = table_of(materialize(cp, tmp_path))
    assert pq.read_table(t.path).column("name").to_pylist() == ["Café", "Naïve"]


def test_columns_are_typed_from_all_their_cells_and_a_mixed_column_keeps_its_text(tmp_path):
    rows = [["id", "price", "day", "at", "ok", "mixed", "zip", ""]]
    rows += [[str(i), f"{i}.5", f"2024-01-{i:02d}", f"2024-01-{i:02d}T10:00:00", "true" if i % 2 else "FALSE",
              str(i), f"0{i}", "x"] for i in range(1, 6)]
    rows.append(["6", "7", "2024-01-06", "2024-01-06", "false", "six", "07", ""])
    t = table_of(materialize(write_csv(tmp_path / "types.csv", rows), tmp_path))
    types = {c.name: c.type for c in t.columns}
    assert types == {"id": "integer", "price": "float", "day": "date", "at": "datetime", "ok": "boolean",
                     "mixed": "text", "zip": "text", "column_8": "text"}
    data = pq.read_table(t.path)
    assert data.column("mixed").to_pylist() == ["1", "2", "3", "4", "5", "six"]
    assert data.column("price").to_pylist()[-1] == 7.0
    assert data.column("day").to_pylist()[0] == dt.date(2024, 1, 1)
    assert data.column("at").to_pylist()[-1] == dt.datetime(2024, 1, 6)
    assert data.column("ok").to_pylist() == [True, False, True, False, True, False]


def test_a_sheet_of_more_than_200_columns_is_refused_with_its_reason(tmp_path):
    wide = [[f"h{i}" for i in range(201)], [str(i) for i in range(201)]]
    t = table_of(materialize(write_csv(tmp_path / "wide.csv", wide), tmp_path))
    assert t.path is None and t.rows == 0
    assert "more than 200 columns" in t.refused and "column 201" in t.refused
    # A value past column 200 below a narrower header refuses the sheet too; other sheets stay.
    wb = openpyxl.Workbook()
    wb.active.title = "Narrow"
    wb.active.append(["a", "b"])
    wb.active.append([1, 2])
    ws = wb.create_sheet("Wide")
    ws.append(["a", "b"])
    ws.cell(row=5, column=230, value="far")
    ts = materialize(save(wb, tmp_path / "wide.xlsx"), tmp_path)
    assert table_of(ts, 1).rows == 1 and table_of(ts, 1).refused is None
    assert "sheet 'Wide' has more than 200 columns" in table_of(ts, 2).refused


def test_formulas_are_cached_values_and_error_cells_are_null_and_counted(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["item", "amount", "ratio"])
    ws.append(["a", 10, 0.5])
    ws.append(["b", 20, "#DIV/0!"])
    ws.append(["c", 30, "#N/A"])
    raw = BytesIO()
    wb.save(raw)
    # Excel stores a formula with its cached result; give the error cells their formulas.
    out = BytesIO()
    with zipfile.ZipFile(raw) as zin, zipfile.ZipFile(out, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = re.sub(rb'(<c r="C\d" t="e"[^>]*>)', rb"\1<f>B2/0</f>", data)
                assert data.count(b"<f>") == 2
            zout.writestr(item, data)
    path = tmp_path / "errors.xlsx"
    path.write_bytes(out.getvalue())
    t = table_of(materialize(path, tmp_path))
    assert t.error_cells == 2
    data = pq.read_table(t.path)
    assert {c.name: c.type for c in t.columns} == {"item": "text", "amount": "integer", "ratio": "float"}
    assert data.column("ratio").to_pylist() == [0.5, None, None]
    # A real Excel file: formulas read as their cached values, as the parser reads them.
    t = table_of(materialize(FIXTURES / "formulae.xlsx", tmp_path))
    parsed = XlsxParser().parse((FIXTURES / "formulae.xlsx").read_bytes(), "formulae.xlsx").text
    values = pq.read_table(t.path).to_pylist()
    assert {"_row": 4, "column_1": "24690", "nothing": "Simple Equation"}.items() <= values[2].items()
    assert "Row 4: Column 1: 24690 | Nothing: Simple Equation" in parsed


def test_merged_header_cells_give_the_first_column_the_text_and_the_others_generated_names(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Region", None, "Amount"])
    ws.merge_cells("A1:B1")
    ws.append(["north", "n-1", 5])
    ws.append(["south", "s-1", 7])
    t = table_of(materialize(save(wb, tmp_path / "merged.xlsx"), tmp_path))
    assert [(c.name, c.header, c.type) for c in t.columns] == [
        ("region", "Region", "text"), ("column_2", "", "text"), ("amount", "Amount", "integer")]
    # The real workbook with a merged range B15:D15.
    t = table_of(materialize(SHEETS / "merge_range.xlsx", tmp_path))
    parsed = XlsxParser().parse((SHEETS / "merge_range.xlsx").read_bytes(), "merge_range.xlsx").text
    numbers = [int(n) for n in re.findall(r"^Row (\d+):", parsed, re.M)]
    assert pq.read_table(t.path).column("_row").to_pylist() == numbers


def test_a_1_mb_field_is_kept_and_a_longer_one_is_cut_with_a_note(tmp_path):
    big = "x" * MAX_FIELD_CHARS
    src = write_csv(tmp_path / "big.csv", [["id", "blob"], ["1", big], ["2", "small"], ["3", big + "yyy"]])
    t = table_of(materialize(src, tmp_path))
    blobs = pq.read_table(t.path).column("blob").to_pylist()
    assert blobs[0] == big and blobs[1] == "small" and blobs[2] == big
    assert pq.read_table(t.path).column("_row").to_pylist() == [2, 3, 4]
    assert any("1 field(s) longer than 1,048,576" in n for n in t.notes)
    # A blank line sends the file through the csv module, whose field limit is left as it is:
    # the record is read again on its own, with a quoted field over several lines.
    src2 = write_csv(tmp_path / "big2.csv", [["id", "blob"], ["1", big], [], ["2", "a, \"b\"\nc"],
                                             ["3", big + "yyy"], ["4", "last"]])
    t2 = table_of(materialize(src2, tmp_path))
    data2 = pq.read_table(t2.path).to_pylist()
    assert [r["_row"] for r in data2] == [2, 4, 5, 6]
    assert [len(r["blob"]) for r in data2] == [MAX_FIELD_CHARS, 8, MAX_FIELD_CHARS, 4]
    assert data2[1]["blob"] == 'a, "b"\nc'
    assert any("1 field(s) longer than 1,048,576" in n for n in t2.notes)
    # The parser refuses that file (the csv module's field limit, left as it is).
    with pytest.raises(ParseError):
        CsvParser().parse(src.read_bytes(), "big.csv")


def test_real_workbooks_dates_numbers_and_empty_sheets(tmp_path):
    ts = materialize(SHEETS / "charts.xlsx", tmp_path)
    assert [t.sheet for t in ts.tables] == ["Numbers", "Negative", "Letters", "Dates", "Pie", "Line", "Scatter"]
    dates = table_of(ts, 4)
    assert [c.type for c in dates.columns] == ["date", "integer"]
    data = pq.read_table(dates.path)
    assert pc.sum(data.column(2)).as_py() == sum(range(2, 10))  # column 0 is _row
    ts = materialize(SHEETS / "empty.xlsx", tmp_path)
    numbers = table_of(ts, 2)
    assert numbers.sheet == "Sheet2 - Numbers" and numbers.columns[0].position == 4  # from column D


def test_a_file_version_is_written_once_and_bad_files_raise(tmp_path):
    src = FIXTURES / "currency-codes-all.csv"
    first = materialize(src, tmp_path)
    again = materialize(src, tmp_path)
    assert again.reused and again.tables == first.tables
    with pytest.raises(UsageError):
        materialize(FIXTURES / "runbook.md", tmp_path)
    bad = tmp_path / "bin.csv"
    bad.write_bytes(b"a,b\n1,\x00\n")
    with pytest.raises(ParseError, match="NUL"):
        materialize(bad, tmp_path)
    corrupt = BytesIO()
    with zipfile.ZipFile(corrupt, "w") as z:
        z.writestr("a.txt", "not a workbook")
    (tmp_path / "corrupt.xlsx").write_bytes(corrupt.getvalue())
    with pytest.raises(ParseError, match="not a valid workbook"):
        materialize(tmp_path / "corrupt.xlsx", tmp_path)
    assert not any(p.name.endswith(".tmp") for p in (tmp_path / "tables" / "sheets").iterdir())


def test_prune_removes_the_folders_of_file_versions_no_longer_current(tmp_path):
    from stratakb_core.store.table_registry import prune_tables

    kept = materialize(FIXTURES / "currency-codes-all.csv", tmp_path)
    old = materialize(SHEETS / "UNSD-en.csv", tmp_path)
    removed = prune_tables(tmp_path / "tables", "sheets", keep=[kept.folder.name])
    assert removed == [old.folder.name] and kept.folder.is_dir() and not old.folder.exists()
