"""One sheet's rows written to a typed Parquet file in two passes with bounded memory; does I/O (files).

Pass one takes rows in batches of ``BATCH_ROWS``, keeps each cell as text in a temporary Parquet
part (a workbook cell as text that casts back to its value) and narrows each column's type
(``table_types``). A batch wider than the part starts a new, wider part. Pass two reads the parts
back a batch at a time, casts every column to its type and writes the final file, with ``_row``
first and each field's original header in its metadata. Rows with only blank cells are dropped.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from itertools import zip_longest
from pathlib import Path
from typing import Any, Final

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from stratakb_core.errors import ParseError, SheetTooWide
from stratakb_core.ingest.parsing.sheets import MAX_COLUMNS
from stratakb_core.ingest.table_types import ARROW_TYPES, PyTypes, TextTypes, apply_type, cell_text, trimmed
from stratakb_core.store.table_registry import Column

__all__ = ["BATCH_ROWS", "SheetWriter", "column_names"]

BATCH_ROWS: Final = 65_536
_MAX_NAME: Final = 63
_NOT_NAME = re.compile(r"[^\w]+")


def column_names(headers: Sequence[str], positions: Sequence[int]) -> list[str]:
    """SQL-safe, unique (ignoring case) names for the headers; ``column_<position>`` for a blank one."""
    names: list[str] = []
    used: set[str] = set()
    for header, position in zip(headers, positions, strict=True):
        base = _NOT_NAME.sub("_", unicodedata.normalize("NFKC", header).lower()).strip("_")[:_MAX_NAME]
        if not base:
            base = f"column_{position}"
        elif base[0].isdigit():
            base = f"c_{base}"[:_MAX_NAME]
        name, copy = base, 1
        while name in used:
            copy += 1
            name = f"{base[:_MAX_NAME - 1 - len(str(copy))]}_{copy}"
        used.add(name)
        names.append(name)
    return names


class SheetWriter:
    """Rows in, one typed Parquet file out; see the module docstring."""

    def __init__(self, out: Path, header: Sequence[Any], *, header_row: int, typed: bool,
                 trim_leading: bool) -> None:
        texts = ["" if h is None else str(h) for h in header]
        filled = [j for j, h in enumerate(texts) if h.strip()]
        if filled and filled[-1] >= MAX_COLUMNS:
            raise SheetTooWide(filled[-1] + 1, header_row)
        self.out = out
        self.header = texts[:MAX_COLUMNS]
        self.typed = typed
        self.trim_leading = trim_leading
        self.width = len(self.header)
        self.types: list[TextTypes | PyTypes] = [self._new_type() for _ in range(self.width)]
        self.seen = [False] * self.width  # a column with a value below the header
        self.parts: list[Path] = []
        self._writer: pq.ParquetWriter | None = None
        self._part_width = 0
        self._numbers: list[int] = []
        self._records: list[list[Any]] = []
        self.blank_rows = 0

    def _new_type(self) -> TextTypes | PyTypes:
        return PyTypes() if self.typed else TextTypes()

    def add(self, number: int, cells: list[Any]) -> None:
        if len(cells) > MAX_COLUMNS:
            extra = cells[MAX_COLUMNS:]
            if any(v is not None and (not isinstance(v, str) or v.strip()) for v in extra):
                raise SheetTooWide(MAX_COLUMNS + 1, number)
            cells = cells[:MAX_COLUMNS]
        self._numbers.append(number)
        self._records.append(cells)
        if len(self._records) >= BATCH_ROWS:
            self._flush()

    def _flush(self) -> None:
        records, numbers = self._records, self._numbers
        self._records, self._numbers = [], []
        if not records:
            return
        n = len(records)
        wide = max(map(len, records))
        if wide > self.width:
            self.types.extend(self._new_type() for _ in range(wide - self.width))
            self.seen.extend([False] * (wide - self.width))
            self.width = wide
        if self._writer is None or self._part_width < self.width:
            self._open_part()
        columns = list(zip_longest(*records, fillvalue=None))
        arrays = [self._text_column(j, columns[j] if j < len(columns) else None, n) for j in range(self._part_width)]
        keep = self.observe(arrays)
        if keep is None:
            return
        batch = pa.record_batch([pa.array(numbers, pa.int64()), *arrays], schema=self._part_schema(self._part_width))
        if keep.false_count:
            batch = batch.filter(keep)
        assert self._writer is not None
        self._writer.write_batch(batch)

    def observe(self, arrays: Sequence[pa.Array]) -> pa.Array | None:
        """Narrow the column types by one batch of text cells; returns the mask of rows with a
        value (None when none has one)."""
        keep = None
        if len(arrays) > self.width:
            self.types.extend(self._new_type() for _ in range(len(arrays) - self.width))
            self.seen.extend([False] * (len(arrays) - self.width))
            self.width = len(arrays)
        for j, arr in enumerate(arrays):
            t = trimmed(arr)
            if not self.typed:
                if pc.any(pc.match_substring(arr, "\x00")).as_py():
                    raise ParseError("binary file (it contains NUL characters)")
                self.types[j].update(t)  # type: ignore[arg-type]
            if t.null_count < len(t):
                self.seen[j] = True
                valid = t.is_valid()
                keep = valid if keep is None else pc.or_(keep, valid)
        if keep is not None and keep.false_count:
            self.blank_rows += keep.false_count
        return keep

    def _text_column(self, j: int, values: tuple[Any, ...] | None, n: int) -> pa.Array:
        if values is None:
            return pa.nulls(n, pa.string())
        if not self.typed:
            return pa.array(values, pa.string())
        self.types[j].update(list(values))  # type: ignore[arg-type]
        return pa.array([cell_text(v) for v in values], pa.string())

    @staticmethod
    def _part_schema(width: int) -> pa.Schema:
        return pa.schema([pa.field("_row", pa.int64())] + [pa.field(f"c{j}", pa.string()) for j in range(width)])

    def _open_part(self) -> None:
        if self._writer is not None:
            self._writer.close()
        part = self.out.with_name(f"{self.out.stem}.part{len(self.parts)}")
        self.parts.append(part)
        self._part_width = self.width
        self._writer = pq.ParquetWriter(part, self._part_schema(self.width), compression="none")

    def finish(self, again: Iterator[tuple[pa.Array, list[pa.Array]]] | None = None,
               ) -> tuple[list[Column], int, list[str]]:
        """Write the final file; returns its columns, its row count and notes.

        again, when given, reads the rows a second time as (row numbers, text columns) batches,
        as the file was given to observe(); otherwise the temporary parts are read back."""
        self._flush()
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        used = [j for j in range(self.width) if self.seen[j] or (j < len(self.header) and self.header[j].strip())]
        first = used[0] if self.trim_leading else 0
        kept = range(first, used[-1] + 1)
        headers = [self.header[j] if j < len(self.header) else "" for j in kept]
        names = column_names(headers, [j + 1 for j in kept])
        types = [self.types[j].type for j in kept]
        columns = [Column(name, header, kind, j + 1)
                   for name, header, kind, j in zip(names, headers, types, kept, strict=True)]
        schema = pa.schema([pa.field("_row", pa.int64(), nullable=False)] + [
            pa.field(c.name, ARROW_TYPES[c.type], metadata={"header": c.header, "position": str(c.position)})
            for c in columns])
        rows = 0
        with pq.ParquetWriter(self.out, schema) as writer:
            for batch in (self._from_parts() if again is None else self._from_arrays(again)):
                present = set(batch.schema.names)
                arrays = [batch.column("_row")] + [
                    apply_type(batch.column(f"c{j}"), c.type) if f"c{j}" in present
                    else pa.nulls(batch.num_rows, ARROW_TYPES[c.type])
                    for j, c in zip(kept, columns, strict=True)]
                writer.write_batch(pa.record_batch(arrays, schema=schema))
                rows += batch.num_rows
        self._remove_parts()
        return columns, rows, self._notes(columns, kept)

    def _from_parts(self) -> Iterator[pa.RecordBatch]:
        for part in self.parts:
            yield from pq.ParquetFile(part).iter_batches(batch_size=BATCH_ROWS)

    def _from_arrays(self, again: Iterator[tuple[pa.Array, list[pa.Array]]]) -> Iterator[pa.RecordBatch]:
        for numbers, arrays in again:
            batch = pa.record_batch([numbers, *arrays], schema=self._part_schema(len(arrays)))
            if self.blank_rows:
                keep = None
                for arr in arrays:
                    valid = trimmed(arr).is_valid()
                    keep = valid if keep is None else pc.or_(keep, valid)
                assert keep is not None
                batch = batch.filter(keep)
            yield batch

    def _notes(self, columns: Sequence[Column], kept: range) -> list[str]:
        mixed = [c.name for c, j in zip(columns, kept, strict=True)
                 if isinstance(self.types[j], PyTypes) and len(self.types[j].kinds - {"text"}) and c.type == "text"
                 and "text" in self.types[j].kinds]
        if not mixed:
            return []
        return [f"column(s) {', '.join(mixed)} mix text with numbers or dates, so they are text as written"]

    def _remove_parts(self) -> None:
        for part in self.parts:
            part.unlink(missing_ok=True)

    def discard(self) -> None:
        """Drop what was written (a refused sheet, or an error)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self._remove_parts()
        self.out.unlink(missing_ok=True)
