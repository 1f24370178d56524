"""Reading stored documents' content back: current version text, sections and chunk spans, for
reading passages by ref and for evaluation; does I/O. Each function ends its read transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg


def current_versions(conn: psycopg.Connection, doc_ids: Sequence[int]) -> tuple[list[tuple[Any, ...]],
                                                                               list[tuple[Any, ...]]]:
    """For the documents: rows (id, layer, path, version_id, text, kind, first_line, pages, chunk_config)
    of their current versions, and rows (document_id, ordinal, start_char, level, heading, path) of their
    sections in order."""
    ids = sorted(set(doc_ids))
    if not ids:
        return [], []
    docs = conn.execute(
        "SELECT d.id, d.layer, d.path, d.version_id, v.text, v.kind, v.first_line, v.pages, l.chunk_config"
        " FROM documents d JOIN document_versions v ON v.id = d.version_id JOIN layers l ON l.name = d.layer"
        " WHERE d.id = ANY(%s)", (ids,),
    ).fetchall()
    sections = conn.execute(
        "SELECT document_id, ordinal, start_char, level, heading, path FROM sections"
        " WHERE document_id = ANY(%s) ORDER BY document_id, ordinal", (ids,),
    ).fetchall()
    conn.commit()
    return docs, sections


def chunk_spans(conn: psycopg.Connection, doc_ids: Sequence[int]) -> set[tuple[int, int, int]]:
    """(document_id, start_char, end_char) of every chunk of the documents."""
    rows = conn.execute("SELECT document_id, start_char, end_char FROM chunks WHERE document_id = ANY(%s)",
                        (list(doc_ids),)).fetchall()
    conn.commit()
    return {(r[0], r[1], r[2]) for r in rows}


def layer_contents(conn: psycopg.Connection, layers: Sequence[str]) -> tuple[
        list[tuple[int, str, str]], list[tuple[int, list[str]]], list[tuple[str, str]]]:
    """For the layers: (document id, path, text) of each document's current version, (document id,
    section path) of each section, and (document path, text) of each chunk."""
    docs = conn.execute(
        "SELECT d.id, d.path, v.text FROM documents d JOIN document_versions v ON v.id = d.version_id"
        " WHERE d.layer = ANY(%s)", (list(layers),)).fetchall()
    sections = conn.execute("SELECT document_id, path FROM sections WHERE layer = ANY(%s)",
                            (list(layers),)).fetchall()
    chunks = conn.execute(
        "SELECT d.path, c.text FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.layer = ANY(%s)",
        (list(layers),)).fetchall()
    conn.commit()
    return docs, sections, chunks


def chunk_texts(conn: psycopg.Connection, chunk_ids: Sequence[str]) -> dict[str, tuple[str, list[str]]]:
    """chunk id -> (text, section path) for the stored chunks among `chunk_ids`."""
    if not chunk_ids:
        return {}
    rows = conn.execute("SELECT id, text, section_path FROM chunks WHERE id = ANY(%s)", (list(chunk_ids),)).fetchall()
    conn.commit()
    return {cid: (text, list(path or ())) for cid, text, path in rows}


def span_text(conn: psycopg.Connection, doc_id: int, start: int, end: int) -> tuple[str, list[str]] | None:
    """The text [start:end] of a document's current version, and the path of the section starting at
    `start` ([] when none does); None for an unknown document."""
    row = conn.execute(
        "SELECT substr(v.text, %s, %s), (SELECT s.path FROM sections s WHERE s.document_id = d.id AND"
        " s.start_char = %s ORDER BY s.ordinal LIMIT 1) FROM documents d JOIN document_versions v"
        " ON v.id = d.version_id WHERE d.id = %s", (start + 1, end - start, start, doc_id)
    ).fetchone()
    conn.commit()
    return (row[0] or "", list(row[1] or ())) if row else None


def section_headings(conn: psycopg.Connection, layers: Sequence[str]) -> list[tuple[str, str, str]]:
    """(layer, file, heading) of every titled section of `layers`, in file and section order."""
    rows = conn.execute(
        "SELECT s.layer, d.path, s.heading FROM sections s JOIN documents d ON d.id = s.document_id"
        " WHERE s.layer = ANY(%s) AND s.heading IS NOT NULL ORDER BY d.path, s.ordinal",
        (list(layers),),
    ).fetchall()
    conn.commit()
    return [(r[0], r[1], r[2]) for r in rows]
