"""XLSX parsing: the knowledge-bases layout, values as shown, row groups, bounds and hostile workbooks.

Workbooks are written with openpyxl in each test; two small real ones come from openpyxl's test
suite (formulas with cached values, the 1904 date system; see tests/fixtures/README.md).
"""

from __future__ import annotations

import datetime as dt
import re
import time
import zipfile
from collections.abc import Callable, Sequence
from io import BytesIO
from pathlib import Path
from typing import Any

import openpyxl
import pytest

import stratakb_core.ingest.parsing.workbook as xlsx_reader
from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.parsing import ooxml, parser_for
from stratakb_core.ingest.parsing.sheets import format_value
from stratakb_core.ingest.parsing.workbook import LegacyWorkbookParser, XlsxParser
from stratakb_core.values import ChunkConfig, DocumentFlag, ParsedDocument

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def workbook(sheets_rows: dict[str, Sequence[Sequence[Any]]]) -> bytes:
    """An .xlsx with one sheet per name, its rows written from A1 down."""
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in sheets_rows.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(list(row))
    out = BytesIO()
    wb.save(out)
    return out.getvalue()


def rewrite_part(data: bytes, name: str, transform: Callable[[bytes], bytes]) -> bytes:
    out = BytesIO()
    with zipfile.ZipFile(BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            content = src.read(info)
            dst.writestr(info.filename, transform(content) if info.filename == name else content)
    return out.getvalue()


def parse(data: bytes) -> ParsedDocument:
    return XlsxParser().parse(data, "book.xlsx")


QUOTES = [
    ["Vendor", "Part", "Price (INR)", "Notes"],
    ["SP Road A", "RX 9070 XT", 80000, "itemised"],
    ["SP Road B", "RX 9070 XT", 82500.0, None],
    ["Nehru Place", "RTX 5070", 61999.5, "cash only"],
]


def test_registry_routes_xlsx_to_the_workbook_parser_and_legacy_formats_to_a_refusal() -> None:
    assert isinstance(parser_for("Book.XLSX"), XlsxParser)
    for ext in (".xls", ".xlsm", ".xlsb", ".ods"):
        assert isinstance(parser_for(f"old{ext}"), LegacyWorkbookParser)


@pytest.mark.parametrize("ext", [".xls", ".xlsm", ".xlsb", ".ods"])
def test_legacy_and_macro_workbooks_are_refused_with_what_to_do(ext: str) -> None:
    with pytest.raises(ParseError, match=r"^legacy or macro workbook: save it as \.xlsx or \.csv$"):
        parser_for(f"book{ext}").parse(b"PK\x03\x04 whatever", f"book{ext}")  # type: ignore[union-attr]


# ---------------------------------------------------------------------------------------------
# Layout


def test_a_sheet_is_laid_out_exactly_as_the_knowledge_bases_spec_shows() -> None:
    doc = parse(workbook({"Quotes": QUOTES}))
    assert doc.kind == "xlsx"
    assert doc.text == (
        "## Sheet: Quotes (4 rows x 4 columns)\n"
        "Columns: Vendor | Part | Price (INR) | Notes\n"
        "Row 2: Vendor: SP Road A | Part: RX 9070 XT | Price (INR): 80000 | Notes: itemised\n"
        "Row 3: Vendor: SP Road B | Part: RX 9070 XT | Price (INR): 82500\n"
        "Row 4: Vendor: Nehru Place | Part: RTX 5070 | Price (INR): 61999.5 | Notes: cash only"
    )
    (section,) = doc.sections
    assert section.path == ("Sheet: Quotes (4 rows x 4 columns)",)
    assert doc.text[section.start : section.heading_end] == "## Sheet: Quotes (4 rows x 4 columns)"
    assert doc.flags == () and doc.first_line == 1


def test_sheets_come_in_order_empty_sheets_are_left_out_and_blank_headers_take_a_position() -> None:
    doc = parse(
        workbook(
            {
                "First": [["a", None, "c"], [1, 2, 3, 4]],
                "Empty": [],
                "Only header": [["x"]],
            }
        )
    )
    assert doc.text.split("\n\n") == [
        "## Sheet: First (2 rows x 4 columns)\nColumns: a | Column 2 | c | Column 4\n"
        "Row 2: a: 1 | Column 2: 2 | c: 3 | Column 4: 4",
        "## Sheet: Only header (1 row x 1 column)\nColumns: x",
    ]


def test_a_table_that_starts_further_right_is_labelled_by_its_sheet_columns() -> None:
    doc = parse(workbook({"S": [[None, None, "Name", None, "Name"], [None, None, "A", "x", "B"]]}))
    assert doc.text.split("\n")[1:] == [
        "Columns: Name | Column 4 | Name (2)",
        "Row 2: Name: A | Column 4: x | Name (2): B",
    ]


def test_rows_are_grouped_under_a_repeated_heading_so_chunks_break_only_between_rows() -> None:
    rows = [["Code", "Description"]] + [[f"C{i:03}", f"Description of code {i} " * 2] for i in range(60)]
    doc = parse(workbook({"Codes": rows}))
    assert len(doc.sections) > 3
    heading = "## Sheet: Codes (61 rows x 2 columns)\nColumns: Code | Description\n"
    for section in doc.sections:
        group = doc.text[section.start : section.end].strip()
        assert group.startswith(heading)
        assert len(group) <= xlsx_reader.ROW_GROUP_CHARS
    chunks = chunk_document(doc, ChunkConfig())
    assert len(chunks) == len(doc.sections)
    assert all(c.text.startswith(heading) for c in chunks)
    row_lines = [line for c in chunks for line in c.text.split("\n")[2:]]
    assert [line.split(":")[0] for line in row_lines] == [f"Row {i}" for i in range(2, 62)]


# ---------------------------------------------------------------------------------------------
# Values


def test_values_dates_times_whole_numbers_and_booleans_are_written_as_shown() -> None:
    doc = parse(
        workbook(
            {
                "V": [
                    ["date", "stamp", "three", "half", "sum", "yes", "time"],
                    [
                        dt.datetime(2024, 3, 1),
                        dt.datetime(2024, 3, 1, 9, 15, 2),
                        3.0,
                        2.5,
                        0.1 + 0.2,
                        True,
                        dt.time(7, 30),
                    ],
                ]
            }
        )
    )
    assert doc.text.split("\n")[2] == (
        "Row 2: date: 2024-03-01 | stamp: 2024-03-01T09:15:02 | three: 3 | half: 2.5 | sum: 0.3 | yes: TRUE"
        " | time: 07:30:00"
    )


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, ""),
        (3.0, "3"),
        (-12.0, "-12"),
        (1e20, "1e+20"),
        (1 / 3, "0.333333333333333"),
        (7, "7"),
        (False, "FALSE"),
        (dt.date(2020, 2, 29), "2020-02-29"),
        (dt.datetime(2020, 2, 29, 0, 0), "2020-02-29"),
        (dt.datetime(2020, 2, 29, 0, 0, 0, 500), "2020-02-29T00:00:00.000500"),
        (dt.timedelta(hours=26), "1 day, 2:00:00"),
        ("two\nlines\t and  spaces ", "two lines and spaces"),
    ],
)
def test_format_value(value: object, text: str) -> None:
    assert format_value(value) == text


def test_formulas_are_read_as_their_last_computed_values() -> None:
    doc = parse((FIXTURES / "formulae.xlsx").read_bytes())
    lines = doc.text.split("\n")
    assert "Row 4: Column 1: 24690 | Nothing: Simple Equation" in lines  # =A2+A3 in the file
    assert "Row 7: Column 1: 49380 | Nothing: #VALUE! | Column 3: 0 | Column 4: 0 | Column 5: 0" in lines
    assert not any("=" in line for line in lines)


def test_a_formula_never_computed_leaves_its_cell_empty() -> None:
    # openpyxl writes formulas without a cached value, as any program that does not compute them.
    doc = parse(workbook({"F": [["a", "b", "total"], [1, 2, "=A2+B2"]]}))
    assert doc.text.split("\n")[2] == "Row 2: a: 1 | b: 2"


def test_the_1904_date_system_is_honoured() -> None:
    doc = parse((FIXTURES / "date_1904.xlsx").read_bytes())
    assert doc.text.startswith("## Sheet: Sheet1 (1 row x 1 column)\nColumns: 2011-10-31")


# ---------------------------------------------------------------------------------------------
# Bounds


def test_sheets_past_the_bound_are_left_out_and_their_rows_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xlsx_reader, "MAX_SHEETS", 2)
    data = workbook({"A": [["h"], [1]], "B": [["h"], [2]], "Empty": [], "C": [["h"], [3], [4]]})
    doc = parse(data)
    assert [s.heading for s in doc.sections] == ["Sheet: A (2 rows x 1 column)", "Sheet: B (2 rows x 1 column)"]
    assert doc.flags == (DocumentFlag("truncated", count=3),)


def test_rows_past_the_bound_are_left_out_and_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xlsx_reader, "MAX_XLSX_ROWS", 5)
    data = workbook({"A": [["n"], *([i] for i in range(4))], "B": [["n"], *([i] for i in range(10))]})
    doc = parse(data)
    assert doc.text.count("\nRow ") == 5
    assert doc.flags == (DocumentFlag("truncated", count=9),)


def test_when_the_rows_a_workbook_may_make_us_read_run_out_the_count_is_unknown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xlsx_reader, "MAX_SHEETS", 1)
    monkeypatch.setattr(xlsx_reader, "_SCAN_ROWS", 6)
    # A is read (3 rows), B is counted (2 rows fit), C is cut short: its rows can no longer be counted.
    data = workbook({"A": [["h"], [1], [2]], "B": [["h"], [3]], "C": [["h"], [4], [5]]})
    doc = parse(data)
    assert [s.heading for s in doc.sections] == ["Sheet: A (3 rows x 1 column)"]
    assert doc.flags == (DocumentFlag("truncated", count=None),)
    monkeypatch.setattr(xlsx_reader, "_SCAN_ROWS", 8)  # now every row is read: all four are counted
    assert parse(data).flags == (DocumentFlag("truncated", count=5),)


def test_values_past_200_columns_are_cut_and_flagged_without_a_count() -> None:
    doc = parse(workbook({"Wide": [[f"c{i}" for i in range(1, 206)], list(range(1, 206))]}))
    assert doc.flags == (DocumentFlag("truncated", count=None),)
    assert "(2 rows x 200 columns)" in doc.text
    assert doc.text.endswith("c200: 200")


def test_a_sheet_declaring_a_huge_extent_is_read_by_its_cells_quickly() -> None:
    data = rewrite_part(
        workbook({"S": [["a", "b"], [1, 2]]}),
        "xl/worksheets/sheet1.xml",
        lambda xml: re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:XFD1048576"', xml),
    )
    started = time.perf_counter()
    doc = parse(data)
    assert time.perf_counter() - started < 2
    assert doc.text.split("\n")[1:] == ["Columns: a | b", "Row 2: a: 1 | b: 2"]
    # It says it has 16,384 columns; only 201 are read, so the sheet may have lost some.
    assert doc.flags == (DocumentFlag("truncated", count=None),)


# ---------------------------------------------------------------------------------------------
# Refusals


def test_a_workbook_without_values_is_no_text() -> None:
    with pytest.raises(NoTextError):
        parse(workbook({"A": [], "B": [[None, ""]]}))
    with pytest.raises(NoTextError):
        parse(b"")


def test_a_damaged_workbook_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="not a zip package"):
        parse(b"this is not a workbook")
    out = BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
    with pytest.raises(ParseError, match="not a valid workbook"):
        parse(out.getvalue())


def test_a_zip_bomb_is_refused_before_openpyxl_opens_it(monkeypatch: pytest.MonkeyPatch) -> None:
    data = workbook({"A": [["x"]]})
    out = BytesIO()
    with zipfile.ZipFile(BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info))
        dst.writestr("xl/media/padding.xml", b"<p>" + b" " * 20_000_000 + b"</p>")  # ratio ~1000
    bomb = out.getvalue()
    with pytest.raises(ParseError, match="times its size"):
        parse(bomb)
    monkeypatch.setattr(ooxml, "MAX_UNCOMPRESSED_BYTES", 1000)
    with pytest.raises(ParseError, match=r"would unzip to .* more than"):
        parse(data)


def test_a_part_declaring_a_dtd_is_refused() -> None:
    data = workbook({"A": [["x"]]})
    laughs = b'<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'
    hostile = rewrite_part(data, "xl/worksheets/sheet1.xml", lambda xml: laughs + re.sub(rb"^<\?xml[^>]*\?>", b"", xml))
    with pytest.raises(ParseError, match="declares a DTD"):
        parse(hostile)


def test_openpyxl_reads_worksheets_with_defusedxml_and_the_parser_insists(monkeypatch: pytest.MonkeyPatch) -> None:
    assert openpyxl.DEFUSEDXML is True
    monkeypatch.setattr(openpyxl, "DEFUSEDXML", False)
    with pytest.raises(ParseError, match="defusedxml"):
        parse(workbook({"A": [["x"]]}))
