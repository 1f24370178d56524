"""Reading whole documents back from the store: text, structure map, labels; does I/O (the store).

The SQL behind query.reading (read a document in pages, widen a passage to its clause) and
query.tables (which spreadsheet versions are current). Every function ends its transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

__all__ = [
    "DocumentText",
    "SectionRow",
    "TableDocument",
    "TableSource",
    "document_sections",
    "document_text",
    "document_version",
    "layer_documents",
    "layer_names",
    "table_documents",
    "table_sources",
]

_DOCUMENT = (
    "SELECT d.id, d.layer, d.path, v.text, v.kind, v.first_line, v.pages, d.date::text, d.date_source,"
    " (SELECT min(o.path) FROM documents o WHERE o.source_id = d.source_id AND o.supersedes = d.path),"
    " d.flags, d.content_hash, l.archived_patterns"
    " FROM documents d JOIN document_versions v ON v.id = d.version_id JOIN layers l ON l.name = d.layer"
)


@dataclass(frozen=True)
class DocumentText:
    """A document's current version with what its citations need."""

    id: int
    layer: str
    path: str
    text: str
    kind: str
    first_line: int
    pages: list[list[int]] | None  # [start, end) of each PDF page in text
    date: str | None
    date_source: str | None
    replaced_by: str | None
    flags: list[dict[str, Any]]
    content_hash: str
    archived_patterns: list[str]


@dataclass(frozen=True)
class SectionRow:
    ordinal: int
    start: int
    end: int
    level: int
    heading: str | None
    label: str | None
    path: tuple[str, ...]


@dataclass(frozen=True)
class TableDocument:
    id: int
    layer: str
    path: str
    content_hash: str


def _document(row: Sequence[Any] | None) -> DocumentText | None:
    if row is None:
        return None
    return DocumentText(
        id=row[0], layer=row[1], path=row[2], text=row[3], kind=row[4], first_line=row[5] or 1,
        pages=row[6] or None, date=row[7], date_source=row[8], replaced_by=row[9], flags=list(row[10] or []),
        content_hash=row[11], archived_patterns=list(row[12] or []),
    )


def document_text(conn: psycopg.Connection, *, document_id: int | None = None, layer: str | None = None,
                  path: str | None = None) -> DocumentText | None:
    """The document by id, or by layer and path (the path relative to its folder); None when absent.

    Two sources of one layer may hold the same path; the lowest id comes back."""
    if document_id is not None:
        row = conn.execute(_DOCUMENT + " WHERE d.id = %s", (document_id,)).fetchone()
    else:
        row = conn.execute(_DOCUMENT + " WHERE d.layer = %s AND d.path = %s ORDER BY d.id LIMIT 1",
                           (layer, path)).fetchone()
    conn.commit()
    return _document(row)


def document_sections(conn: psycopg.Connection, document_id: int) -> list[SectionRow]:
    """The document's structure map in order (sections cover the text without overlap)."""
    rows = conn.execute(
        "SELECT ordinal, start_char, end_char, level, heading, label, path FROM sections"
        " WHERE document_id = %s ORDER BY ordinal", (document_id,)
    ).fetchall()
    conn.commit()
    return [SectionRow(r[0], r[1], r[2], r[3], r[4], r[5], tuple(r[6] or ())) for r in rows]


def layer_names(conn: psycopg.Connection) -> list[str]:
    rows = conn.execute("SELECT name FROM layers ORDER BY name").fetchall()
    conn.commit()
    return [r[0] for r in rows]


def table_documents(conn: psycopg.Connection, layers: Sequence[str] | None = None) -> list[TableDocument]:
    """The current spreadsheet documents (CSV, TSV, XLSX) of the layers (all when None), by path."""
    sql = ("SELECT d.id, d.layer, d.path, d.content_hash FROM documents d"
           " JOIN document_versions v ON v.id = d.version_id WHERE v.kind IN ('csv', 'xlsx')")
    params: tuple[Any, ...] = ()
    if layers is not None:
        sql += " AND d.layer = ANY(%s)"
        params = (list(layers),)
    rows = conn.execute(sql + " ORDER BY d.layer, d.path, d.id", params).fetchall()
    conn.commit()
    return [TableDocument(*r) for r in rows]


@dataclass(frozen=True)
class TableSource:
    """A current spreadsheet document of a layer and the source folder its file is in."""

    id: int
    path: str
    content_hash: str
    root: str


def table_sources(conn: psycopg.Connection, layer: str) -> list[TableSource]:
    """The layer's current spreadsheet documents (CSV, TSV, XLSX) with their source folders, by path."""
    rows = conn.execute(
        "SELECT d.id, d.path, d.content_hash, s.root FROM documents d"
        " JOIN document_versions v ON v.id = d.version_id JOIN sources s ON s.id = d.source_id"
        " WHERE v.kind IN ('csv', 'xlsx') AND d.layer = %s ORDER BY d.path, d.id", (layer,)).fetchall()
    conn.commit()
    return [TableSource(*r) for r in rows]


def document_version(conn: psycopg.Connection, document_id: int) -> str | None:
    """The id of the document's current version, or None when it is not in the store."""
    row = conn.execute("SELECT version_id FROM documents WHERE id = %s", (document_id,)).fetchone()
    conn.commit()
    return row[0] if row else None
def layer_documents(conn: psycopg.Connection, layer: str) -> list[tuple[int, str, str, int]]:
    """The current documents of a layer as (id, path, kind, size in bytes), by path."""
    rows = conn.execute("SELECT d.id, d.path, v.kind, d.size FROM documents d JOIN document_versions v"
                        " ON v.id = d.version_id WHERE d.layer = %s ORDER BY d.path, d.id", (layer,)).fetchall()
    conn.commit()
    return [(int(r[0]), r[1], r[2], int(r[3])) for r in rows]
