"""CSV and TSV files as labelled row lines, read with the csv module (no I/O).

A ``Columns:`` line, then a line per row (see ``sheets`` for the layout), each row its own section
with the path ``("Row N",)``, so the chunker makes one chunk per row and each citation names its
row. The delimiter (, ; tab |) is detected, and Windows-1252 is accepted. The first
``MAX_CSV_ROWS`` rows with values are kept; a longer file is flagged ``truncated`` with the count
of rows left out. A CSV field longer than the csv module's limit (131,072 characters) is refused.
"""

from __future__ import annotations

import csv
import io
import posixpath
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing.decode import decode_text
from stratakb_core.ingest.parsing.sheets import MAX_COLUMNS, column_labels, one_line, row_line, truncation_flag
from stratakb_core.values import ParsedDocument, Section

__all__ = ["CSV_DELIMITERS", "MAX_CSV_ROWS", "CsvParser", "detect_delimiter"]

MAX_CSV_ROWS: Final = 10_000
CSV_DELIMITERS: Final = ",;\t|"
_SNIFF_CHARS: Final = 16_384
_SNIFF_LINES: Final = 50


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
        values = [one_line(v) for v in record]
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
        lines.append((row_line(number, labels, values), number))
        kept += 1
    if labels is None:
        raise NoTextError("the file has no values")
    text, sections = _line_sections(lines)
    return ParsedDocument(
        text=text,
        sections=sections,
        first_line=1,
        flags=truncation_flag(left_out, values_cut),
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
