"""CSV and TSV parsing: labelled rows, one chunk per row, delimiters, encodings and the row bound."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.parsing import delimited, parser_for
from stratakb_core.ingest.parsing.delimited import CsvParser, detect_delimiter
from stratakb_core.ingest.parsing.sheets import column_labels
from stratakb_core.values import ChunkConfig, DocumentFlag, ParsedDocument

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def parse(source: str | bytes, name: str = "data.csv") -> ParsedDocument:
    data = source.encode() if isinstance(source, str) else source
    return CsvParser().parse(data, name)


def test_registry_routes_csv_and_tsv_to_the_csv_parser() -> None:
    assert isinstance(parser_for("a.CSV"), CsvParser)
    assert isinstance(parser_for("b.tsv"), CsvParser)


# ---------------------------------------------------------------------------------------------
# Layout and labels


def test_each_row_is_a_line_of_values_labelled_by_their_header_empty_cells_left_out() -> None:
    doc = parse("Name,Role,Since\nAda,Engineer,1843\nGrace,,1944\n")
    assert doc.kind == "csv"
    assert doc.text == (
        "Columns: Name | Role | Since\n"
        "Row 2: Name: Ada | Role: Engineer | Since: 1843\n"
        "Row 3: Name: Grace | Since: 1944"
    )
    assert doc.flags == () and doc.first_line == 1


def test_a_blank_header_and_extra_values_are_labelled_by_position() -> None:
    doc = parse("Name,Role,,Team\nAda,Eng,x,Core,extra,more\n")
    assert doc.text.split("\n") == [
        "Columns: Name | Role | Column 3 | Team",
        "Row 2: Name: Ada | Role: Eng | Column 3: x | Team: Core | Column 5: extra | Column 6: more",
    ]


def test_a_repeated_header_name_gets_a_suffix() -> None:
    doc = parse("Name,Name,Name,Value\nA,B,C,1\n")
    assert doc.text.split("\n")[1] == "Row 2: Name: A | Name (2): B | Name (3): C | Value: 1"


def test_column_labels_never_repeat_even_against_names_that_look_generated() -> None:
    assert column_labels(["Name", "Name (2)", "Name", ""]) == ["Name", "Name (2)", "Name (3)", "Column 4"]
    assert column_labels(["Column 2", ""]) == ["Column 2", "Column 2 (2)"]
    assert column_labels(["  spaced\n name "]) == ["spaced name"]


def test_row_numbers_are_record_numbers_and_blank_rows_are_skipped() -> None:
    doc = parse('id,note\n1,"two\nlines"\n,\n\n3,three\n')
    assert doc.text.split("\n") == [
        "Columns: id | note",
        "Row 2: id: 1 | note: two lines",
        "Row 5: id: 3 | note: three",
    ]


def test_the_header_is_the_first_row_with_values() -> None:
    doc = parse("\n,,\nA,B\n1,2\n")
    assert doc.text == "Columns: A | B\nRow 4: A: 1 | B: 2"


def test_every_row_is_its_own_chunk_with_a_row_path() -> None:
    doc = parse("k,v\n" + "".join(f"{i},value {i}\n" for i in range(2, 8)))
    chunks = chunk_document(doc, ChunkConfig(chunk_size=800, chunk_overlap=100))
    assert [c.text for c in chunks] == ["Columns: k | v"] + [f"Row {i}: k: {i} | v: value {i}" for i in range(2, 8)]
    assert [c.section_path for c in chunks] == [()] + [(f"Row {i}",) for i in range(2, 8)]
    # The text's line numbers match the records of a file without blank or multi-line rows.
    assert [c.line_start for c in chunks] == list(range(1, 8))


def test_a_real_open_data_csv() -> None:
    doc = parse((FIXTURES / "currency-codes-all.csv").read_bytes(), "currency-codes-all.csv")
    lines = doc.text.split("\n")
    assert lines[0] == "Columns: Entity | Currency | AlphabeticCode | NumericCode | MinorUnit | WithdrawalDate"
    assert (
        lines[2]
        == "Row 3: Entity: ÅLAND ISLANDS | Currency: Euro | AlphabeticCode: EUR | NumericCode: 978 | MinorUnit: 2"
    )
    assert len(lines) == 450
    assert len(chunk_document(doc, ChunkConfig())) == 450


# ---------------------------------------------------------------------------------------------
# Delimiters and encodings


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"], ids=["comma", "semicolon", "tab", "pipe"])
def test_each_delimiter_is_detected(delimiter: str) -> None:
    rows = [["Name", "City", "Note"], ["Ada", "London", "x"], ["Grace", "New York", "y"]]
    source = "\n".join(delimiter.join(row) for row in rows) + "\n"
    assert detect_delimiter(source) == delimiter
    assert parse(source).text.split("\n")[2] == "Row 3: Name: Grace | City: New York | Note: y"


def test_quoted_fields_holding_other_delimiters_do_not_fool_detection() -> None:
    source = 'a;b;c\n"1,5";"x, y";z\n"2,5";"p, q";r\n'
    assert detect_delimiter(source) == ";"
    assert parse(source).text.split("\n")[1] == "Row 2: a: 1,5 | b: x, y | c: z"


def test_counting_decides_when_the_sniffer_cannot() -> None:
    assert delimited._counted_delimiter("a|b|c\n1|2|3\n4|5|6") == "|"
    assert delimited._counted_delimiter('a;b\n"x;y";z\n1;2') == ";"
    assert detect_delimiter("just one column\nanother value\n") == ","


def test_a_tsv_file_is_tab_separated_when_its_first_line_has_a_tab() -> None:
    source = "Name\tNote\nAda\tuses, commas, and; semicolons\n"
    assert parse(source, "data.tsv").text.split("\n")[1] == "Row 2: Name: Ada | Note: uses, commas, and; semicolons"


def test_windows_1252_and_a_utf8_byte_order_mark_are_accepted() -> None:
    assert parse("Name;City\nJosé;Zürich – Süd\n".encode("cp1252")).text.split("\n")[1] == (
        "Row 2: Name: José | City: Zürich – Süd"
    )
    assert parse("\ufeffName,City\nA,B\n".encode()).text.startswith("Columns: Name | City")


def test_binary_content_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="binary"):
        parse(b"a,b\n\x00\x01,2\n")


def test_an_empty_file_or_one_without_values_is_no_text() -> None:
    for source in ("", "\n\n", ",,,\n,,\n"):
        with pytest.raises(NoTextError):
            parse(source)


# ---------------------------------------------------------------------------------------------
# Bounds


def test_the_first_10000_rows_are_kept_and_the_rest_counted_as_truncated() -> None:
    source = "n,square\n" + "".join(f"{i},{i * i}\n" for i in range(10_005))
    doc = parse(source)
    assert doc.flags == (DocumentFlag("truncated", count=5),)
    lines = doc.text.split("\n")
    assert len(lines) == 1 + delimited.MAX_CSV_ROWS
    assert lines[-1] == "Row 10001: n: 9999 | square: 99980001"


def test_exactly_10000_rows_are_not_truncated() -> None:
    source = "n\n" + "".join(f"{i}\n" for i in range(10_000))
    assert parse(source).flags == ()


def test_values_past_200_columns_are_cut_and_flagged_without_a_row_count() -> None:
    header = ",".join(f"c{i}" for i in range(1, 206))
    row = ",".join(str(i) for i in range(1, 206))
    doc = parse(f"{header}\n{row}\n")
    assert doc.flags == (DocumentFlag("truncated", count=None),)
    assert doc.text.split("\n")[1].endswith("c200: 200")


def test_a_10_mb_single_line_field_is_refused_not_read() -> None:
    with pytest.raises(ParseError):
        parse('a,b\n"' + "x" * 10_000_000 + '",1\n')


def test_a_field_past_the_csv_modules_limit_is_refused() -> None:
    with pytest.raises(ParseError, match="field larger than field limit"):
        parse('a,b\n"' + "x" * 200_000 + '",1\n')
