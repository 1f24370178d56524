"""Reading the layers, sources and documents projections back (and allocating their ids); does I/O."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

from stratakb_core.store import events as ev


@dataclass(frozen=True)
class LayerRow:
    name: str
    display_name: str
    description: str
    origin: dict[str, Any] | None
    chunk_config: dict[str, Any]
    answer_mode: str


@dataclass(frozen=True)
class SourceRow:
    id: int
    layer: str
    name: str
    root: str


@dataclass(frozen=True)
class DocumentRow:
    id: int
    path: str
    version_id: str
    content_hash: str
    size: int
    mtime_ns: int
    date: str | None
    date_source: str | None


def get_layer(conn: psycopg.Connection, name: str) -> LayerRow | None:
    row = conn.execute(
        "SELECT name, display_name, description, origin, chunk_config, answer_mode FROM layers WHERE name = %s",
        (name,),
    ).fetchone()
    return LayerRow(*row) if row else None


def list_layers(conn: psycopg.Connection) -> list[dict[str, Any]]:
    rows = conn.execute(
        "SELECT l.name, l.display_name, l.description, l.answer_mode, l.origin,"
        " (SELECT count(*) FROM documents d WHERE d.layer = l.name),"
        " (SELECT count(*) FROM chunks c WHERE c.layer = l.name),"
        " coalesce((SELECT array_agg(s.root ORDER BY s.id) FROM sources s WHERE s.layer = l.name), '{}')"
        " FROM layers l ORDER BY l.name"
    ).fetchall()
    return [
        {
            "name": r[0], "display_name": r[1], "description": r[2], "answer_mode": r[3],
            "origin": (r[4] or {}).get("kind") if isinstance(r[4], dict) else None,
            "documents": r[5], "chunks": r[6], "sources": list(r[7]),
        }
        for r in rows
    ]


def structure_patterns(conn: psycopg.Connection, layer: str) -> list[str]:
    """The layer's structure patterns that are safe; an unsafe one (from an older version or a
    restore) is skipped and logged as unsafe_structure_pattern with the layer."""
    from stratakb_core.patterns import check_regex, safe_patterns

    row = conn.execute("SELECT structure_patterns FROM layers WHERE name = %s", (layer,)).fetchone()
    return safe_patterns(layer, row[0] if row else [], check_regex, kind="structure")


def layer_settings(conn: psycopg.Connection, name: str) -> dict[str, Any] | None:
    """A layer's settings as stored (patterns unfiltered), or None when there is no such layer."""
    row = conn.execute(
        "SELECT display_name, description, origin, chunk_config, routing_patterns, structure_patterns,"
        " answer_mode, archived_patterns FROM layers WHERE name = %s",
        (name,),
    ).fetchone()
    if row is None:
        return None
    keys = ("display_name", "description", "origin", "chunk_config", "routing_patterns",
            "structure_patterns", "answer_mode", "archived_patterns")
    return dict(zip(keys, row, strict=True))


def _layer_setting(conn: psycopg.Connection, layer: str, key: str) -> Any:
    """The value last set for a layer setting that has no column (None when never set): read from
    the layer_created and layer_updated events, newest first."""
    rows = conn.execute(
        "SELECT type, payload FROM events WHERE layer = %s AND type IN (%s, %s) ORDER BY seq DESC",
        (layer, ev.LAYER_UPDATED, ev.LAYER_CREATED),
    ).fetchall()
    for type_, payload in rows:
        holder = (payload.get("changes") or {}) if type_ == ev.LAYER_UPDATED else payload
        if key in holder:
            return holder[key]
    return None


def layer_metadata_schema(conn: psycopg.Connection, layer: str) -> dict[str, Any]:
    """The metadata_schema last set on a layer by its events ({} when never set)."""
    return _layer_setting(conn, layer, "metadata_schema") or {}


def layer_content_safety(conn: psycopg.Connection, layer: str) -> dict[str, Any]:
    """The content_safety settings last set on a layer by its events ({} when never set)."""
    value = _layer_setting(conn, layer, "content_safety")
    return dict(value) if isinstance(value, dict) else {}


def sources(conn: psycopg.Connection) -> list[SourceRow]:
    return [SourceRow(*r) for r in conn.execute("SELECT id, layer, name, root FROM sources ORDER BY id")]


def documents_of_source(conn: psycopg.Connection, source_id: int) -> dict[str, DocumentRow]:
    rows = conn.execute(
        "SELECT id, path, version_id, content_hash, size, mtime_ns, date::text, date_source"
        " FROM documents WHERE source_id = %s",
        (source_id,),
    ).fetchall()
    return {r[1]: DocumentRow(*r) for r in rows}


def no_text_files(conn: psycopg.Connection, layer: str, source_id: int) -> dict[str, tuple[int, int, bool]]:
    """The files of a source whose last read gave no text (its file_skipped events, the latest per
    path): stored path -> (size, mtime_ns, OCR on at the time)."""
    rows = conn.execute(
        "SELECT DISTINCT ON (payload->>'path') payload->>'path', (payload->>'size')::bigint,"
        " (payload->>'mtime_ns')::bigint, coalesce((payload->>'ocr')::boolean, false)"
        " FROM events WHERE type = %s AND layer = %s AND (payload->>'source_id')::bigint = %s"
        " ORDER BY payload->>'path', seq DESC",
        (ev.FILE_SKIPPED, layer, source_id),
    ).fetchall()
    return {r[0]: (int(r[1]), int(r[2]), bool(r[3])) for r in rows if r[0] is not None and r[1] is not None
            and r[2] is not None}


def count_layer_documents(conn: psycopg.Connection, layer: str) -> int:
    row = conn.execute("SELECT count(*) FROM documents WHERE layer = %s", (layer,)).fetchone()
    return int(row[0]) if row else 0


def allocate_ids(conn: psycopg.Connection, sequence: str, n: int) -> list[int]:
    if n <= 0:
        return []
    rows = conn.execute("SELECT nextval(%s) FROM generate_series(1, %s)", (sequence, n)).fetchall()
    return [int(r[0]) for r in rows]


def layer_names(conn: psycopg.Connection) -> set[str]:
    """The names of every layer; ends the read transaction."""
    names = {r[0] for r in conn.execute("SELECT name FROM layers").fetchall()}
    conn.commit()
    return names


def layer_answer_settings(conn: psycopg.Connection) -> list[tuple[Any, ...]]:
    """(name, answer_mode, routing, structure and archived patterns, description) of every layer."""
    rows = conn.execute(
        "SELECT name, answer_mode, routing_patterns, structure_patterns, archived_patterns, description FROM layers"
    ).fetchall()
    conn.commit()
    return rows


def layer_affinities(conn: psycopg.Connection, terms: Sequence[str]) -> dict[str, float]:
    """The best learned affinity of each layer for any of `terms`."""
    if not terms:
        return {}
    rows = conn.execute(
        "SELECT layer, max(affinity) FROM layer_affinities WHERE term = ANY(%s) GROUP BY layer", (list(terms),)
    ).fetchall()
    conn.commit()
    return {layer: float(aff) for layer, aff in rows}
