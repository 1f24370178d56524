"""The store's projections: applying events to tables, and reading them back; does I/O.

Writers build complete events, append them and apply them here in one transaction
(`commit_events`), so the live tables and a replay of the log (`rebuild`) run the same code
path and must agree.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import psycopg
from pgvector.psycopg import register_vector
from psycopg.types.json import Jsonb

from stratakb_core.errors import ModelMismatchError
from stratakb_core.store import events as ev
from stratakb_core.store.connection import LOCK_NAMESPACE_LAYER, LOCK_NAMESPACE_MODELS


def layer_lock_key(layer: str) -> tuple[int, int]:
    import zlib

    return LOCK_NAMESPACE_LAYER, zlib.crc32(layer.encode("utf-8", "surrogateescape")) - 2**31


def lock_layer_session(conn: psycopg.Connection, layer: str, *, wait: bool = True) -> bool:
    """Session-level lock held for a whole sync run: two syncs of one layer never interleave."""
    ns, key = layer_lock_key(layer)
    if wait:
        conn.execute("SELECT pg_advisory_lock(%s, %s)", (ns, key))
        if not conn.autocommit:
            conn.commit()
        return True
    row = conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (ns, key)).fetchone()
    if not conn.autocommit:
        conn.commit()
    return bool(row and row[0])


def unlock_layer_session(conn: psycopg.Connection, layer: str) -> None:
    ns, key = layer_lock_key(layer)
    try:
        conn.execute("SELECT pg_advisory_unlock(%s, %s)", (ns, key))
        if not conn.autocommit:
            conn.commit()
    except psycopg.Error:
        pass  # the connection is going away; the server drops session locks with it


def commit_events(conn: psycopg.Connection, events: Sequence[ev.Event]) -> list[int]:
    """Append events and apply them to the projections in one transaction, under the layer lock."""
    with conn.transaction():
        for layer in sorted({e.layer for e in events if e.layer}):
            ns, key = layer_lock_key(layer)
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (ns, key))
        seqs = ev.append(conn, events)
        for seq, event in zip(seqs, events, strict=True):
            project(conn, seq, event.type, event.layer, event.payload)
    return seqs


# ---------------------------------------------------------------------------------------------
# Projection: one function per event type. Payloads carry everything the tables hold, except
# chunk text, which is a slice of the stored version text.
# ---------------------------------------------------------------------------------------------


def project(conn: psycopg.Connection, seq: int, type_: str, layer: str | None, p: dict[str, Any]) -> None:
    handler = _HANDLERS.get(type_)
    if handler is not None:
        handler(conn, seq, layer, p)


def _layer_created(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any]) -> None:
    conn.execute(
        "INSERT INTO layers (name, display_name, description, origin, chunk_config, routing_patterns,"
        " structure_patterns, answer_mode, archived_patterns, created_seq, updated_seq)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
        (
            layer,
            p.get("display_name") or layer,
            p.get("description") or "",
            Jsonb(p.get("origin")),
            Jsonb(p.get("chunk_config") or {}),
            Jsonb(p.get("routing_patterns") or []),
            Jsonb(p.get("structure_patterns") or []),
            p.get("answer_mode") or "grounded",
            Jsonb(p.get("archived_patterns") or []),
            seq,
            seq,
        ),
    )


_LAYER_FIELDS = {
    "display_name": "display_name",
    "description": "description",
    "origin": "origin",
    "chunk_config": "chunk_config",
    "routing_patterns": "routing_patterns",
    "structure_patterns": "structure_patterns",
    "answer_mode": "answer_mode",
    "archived_patterns": "archived_patterns",
}
_JSON_FIELDS = {"origin", "chunk_config", "routing_patterns", "structure_patterns", "archived_patterns"}


def _layer_updated(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any]) -> None:
    changes = p.get("changes") or {}
    sets, params = [], []
    for key, column in _LAYER_FIELDS.items():
        if key in changes:
            sets.append(f"{column} = %s")
            value = changes[key]
            params.append(Jsonb(value) if key in _JSON_FIELDS else value)
    sets.append("updated_seq = %s")
    params.append(seq)
    conn.execute(f"UPDATE layers SET {', '.join(sets)} WHERE name = %s", [*params, layer])


def _source_added(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any]) -> None:
    conn.execute(
        "INSERT INTO sources (id, layer, name, root, created_seq) VALUES (%s, %s, %s, %s, %s)",
        (p["source_id"], layer, p.get("name") or layer, p["root"], seq),
    )
    conn.execute("SELECT setval('sources_id_seq', greatest(%s, (SELECT last_value FROM sources_id_seq)))",
                 (p["source_id"],))


def _document_version_added(
    conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any]
) -> None:
    doc_id = p["document_id"]
    conn.execute(
        "INSERT INTO documents (id, layer, source_id, path, version_id, content_hash, date, date_source,"
        " supersedes, flags, updated_seq, size, mtime_ns)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
        " ON CONFLICT (id) DO UPDATE SET version_id = EXCLUDED.version_id,"
        " content_hash = EXCLUDED.content_hash, date = EXCLUDED.date, date_source = EXCLUDED.date_source,"
        " supersedes = EXCLUDED.supersedes, flags = EXCLUDED.flags, updated_seq = EXCLUDED.updated_seq,"
        " size = EXCLUDED.size, mtime_ns = EXCLUDED.mtime_ns",
        (
            doc_id, layer, p["source_id"], p["path"], p["version_id"], p["content_hash"],
            p.get("date"), p.get("date_source"), p.get("supersedes"), Jsonb(p.get("flags") or []),
            seq, p.get("size", 0), p.get("mtime_ns", 0),
        ),
    )
    conn.execute(
        "SELECT setval('documents_id_seq', greatest(%s, (SELECT last_value FROM documents_id_seq)))",
        (doc_id,),
    )
    conn.execute("DELETE FROM chunks WHERE document_id = %s", (doc_id,))
    conn.execute("DELETE FROM sections WHERE document_id = %s", (doc_id,))
    section_rows = [
        (doc_id, i, layer, sec["start"], sec["end"], sec["level"], sec.get("heading"), sec.get("label"),
         list(sec.get("path") or []))
        for i, sec in enumerate(p.get("sections") or [])
    ]
    if section_rows:
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO sections (document_id, ordinal, layer, start_char, end_char, level, heading,"
                " label, path) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                section_rows,
            )
    rows = [
        (
            c["id"], doc_id, layer, p["version_id"], c["ordinal"], c["start"], c["end"],
            c["line_start"], c["line_end"], c.get("page"), list(c.get("section_path") or []),
            " > ".join(c["section_path"]) if c.get("section_path") else None,
            Jsonb(c.get("metadata") or {}), bytes.fromhex(c["embed_hash"]),
            # substr counts characters (code points) from 1, as Python slices count from 0.
            c["start"] + 1, c["end"] - c["start"], p["version_id"],
        )
        for c in p.get("chunks") or []
    ]
    if rows:
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO chunks (id, document_id, layer, version_id, ordinal, start_char, end_char,"
                " line_start, line_end, page, section_path, clause_path, metadata, embed_hash, text)"
                " SELECT %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s,"
                " substr(v.text, %s, %s) FROM document_versions v WHERE v.id = %s",
                rows,
            )


def _document_removed(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any]) -> None:
    # Explicit, not by cascade: a replay schema has no foreign keys.
    conn.execute("DELETE FROM chunks WHERE document_id = %s", (p["document_id"],))
    conn.execute("DELETE FROM sections WHERE document_id = %s", (p["document_id"],))
    conn.execute("DELETE FROM documents WHERE id = %s", (p["document_id"],))


def _model_activated(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any]) -> None:
    ensure_model_table(conn, p["model"], int(p["dimensions"]))
    conn.execute("UPDATE embedding_models SET active = false WHERE active AND model <> %s", (p["model"],))
    conn.execute(
        "UPDATE embedding_models SET active = true, activated_at = now() WHERE model = %s", (p["model"],)
    )


_HANDLERS = {
    ev.LAYER_CREATED: _layer_created,
    ev.LAYER_UPDATED: _layer_updated,
    ev.SOURCE_ADDED: _source_added,
    ev.DOCUMENT_VERSION_ADDED: _document_version_added,
    ev.DOCUMENT_REMOVED: _document_removed,
    ev.EMBEDDING_MODEL_ACTIVATED: _model_activated,
}

# A chunk's embed_hash names the exact text embedded for it. `stratakb reembed` rebuilds that text
# from the stored chunk; where the rebuilt text hashes differently (the recipe changed since the
# chunk was stored), the stored text is what counts and this event records the new hash.
CHUNKS_REHASHED = "chunks_rehashed"


def _chunks_rehashed(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any]) -> None:
    with conn.cursor() as cur:
        cur.executemany(
            "UPDATE chunks SET embed_hash = %s WHERE id = %s AND document_id = %s",
            [(bytes.fromhex(c["embed_hash"]), c["id"], p["document_id"]) for c in p.get("chunks") or []],
        )


_HANDLERS[CHUNKS_REHASHED] = _chunks_rehashed


# ---------------------------------------------------------------------------------------------
# Document versions (content-addressed; written before the events that point at them)
# ---------------------------------------------------------------------------------------------


def put_version(
    conn: psycopg.Connection, version_id: str, text: str, kind: str, first_line: int,
    pages: list[list[int]] | None,
) -> None:
    conn.execute(
        "INSERT INTO document_versions (id, text, kind, first_line, pages) VALUES (%s, %s, %s, %s, %s)"
        " ON CONFLICT (id) DO NOTHING",
        (version_id, text, kind, first_line, Jsonb(pages) if pages is not None else None),
    )


# ---------------------------------------------------------------------------------------------
# Embedding models and their vector tables
# ---------------------------------------------------------------------------------------------


def model_table_name(model: str, dimensions: int) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", model.lower()).strip("_")[:40] or "model"
    import zlib

    return f"emb_{slug}_{dimensions}_{zlib.crc32(model.encode('utf-8')):08x}"


def ensure_model_table(conn: psycopg.Connection, model: str, dimensions: int) -> str:
    """Create the model's vector table and HNSW index if needed; returns the table name."""
    table = model_table_name(model, dimensions)
    row = conn.execute("SELECT table_name, dimensions FROM embedding_models WHERE model = %s", (model,)).fetchone()
    if row:
        if row[1] != dimensions:
            raise ModelMismatchError(
                f"the store holds {model} vectors of {row[1]} dimensions, not {dimensions}; "
                "set EMBEDDING_DIMENSIONS to match or re-embed"
            )
        return row[0]
    conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_NAMESPACE_MODELS,))
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {table} (text_hash bytea PRIMARY KEY,"
        f" embedding vector({int(dimensions)}) NOT NULL)"
    )
    conn.execute(
        f"CREATE INDEX IF NOT EXISTS {table}_hnsw ON {table} USING hnsw (embedding vector_cosine_ops)"
    )
    conn.execute(
        "INSERT INTO embedding_models (model, dimensions, table_name) VALUES (%s, %s, %s)"
        " ON CONFLICT (model) DO NOTHING",
        (model, dimensions, table),
    )
    return table


@dataclass(frozen=True)
class ActiveModel:
    model: str
    dimensions: int
    table: str


def active_model(conn: psycopg.Connection) -> ActiveModel | None:
    row = conn.execute(
        "SELECT model, dimensions, table_name FROM embedding_models WHERE active"
    ).fetchone()
    return ActiveModel(*row) if row else None


def existing_hashes(conn: psycopg.Connection, table: str, hashes: Sequence[bytes]) -> set[bytes]:
    if not hashes:
        return set()
    rows = conn.execute(
        f"SELECT text_hash FROM {table} WHERE text_hash = ANY(%s)", (list(hashes),)
    ).fetchall()
    return {bytes(r[0]) for r in rows}


def put_embeddings(conn: psycopg.Connection, table: str, hashes: Sequence[bytes], vectors: np.ndarray) -> None:
    """Insert vectors by text hash (binary COPY into a temp table, then merge)."""
    if not len(hashes):
        return
    register_vector(conn)
    conn.execute(
        f"CREATE TEMP TABLE IF NOT EXISTS _emb_load (LIKE {table}) ON COMMIT DELETE ROWS"
    )
    conn.execute("TRUNCATE _emb_load")
    with conn.cursor() as cur:
        with cur.copy("COPY _emb_load (text_hash, embedding) FROM STDIN WITH (FORMAT BINARY)") as copy:
            copy.set_types(["bytea", "vector"])
            for h, v in zip(hashes, vectors, strict=True):
                copy.write_row((h, np.asarray(v, dtype=np.float32)))
    conn.execute(f"INSERT INTO {table} SELECT * FROM _emb_load ON CONFLICT (text_hash) DO NOTHING")
    conn.execute("DROP TABLE _emb_load")


def create_vector_table(conn: psycopg.Connection, model: str, dimensions: int) -> str:
    """A model's vector table, without its HNSW index and without registering the model.

    For a re-embed: the table is filled first and indexed after (much faster than loading into a
    live index), and the model is registered and made active by its embedding_model_activated
    event, so the registry stays derivable from the events.
    """
    row = conn.execute("SELECT table_name, dimensions FROM embedding_models WHERE model = %s", (model,)).fetchone()
    if row:
        if row[1] != dimensions:
            raise ModelMismatchError(
                f"the store holds {model} vectors of {row[1]} dimensions, not {dimensions}; "
                "set EMBEDDING_DIMENSIONS to match"
            )
        return row[0]
    table = model_table_name(model, dimensions)
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {table} (text_hash bytea PRIMARY KEY,"
        f" embedding vector({int(dimensions)}) NOT NULL)"
    )
    return table


def build_vector_index(conn: psycopg.Connection, table: str) -> None:
    """The HNSW index of a vector table, if it has none yet (the same index ensure_model_table makes)."""
    conn.execute(
        f"CREATE INDEX IF NOT EXISTS {table}_hnsw ON {table} USING hnsw (embedding vector_cosine_ops)"
    )


# ---------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------


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


def layer_metadata_schema(conn: psycopg.Connection, layer: str) -> dict[str, Any]:
    """The metadata_schema last set on a layer by its events ({} when never set); it has no
    column, so it is read from the layer_created and layer_updated events."""
    rows = conn.execute(
        "SELECT type, payload FROM events WHERE layer = %s AND type IN (%s, %s) ORDER BY seq DESC",
        (layer, ev.LAYER_UPDATED, ev.LAYER_CREATED),
    ).fetchall()
    for type_, payload in rows:
        holder = (payload.get("changes") or {}) if type_ == ev.LAYER_UPDATED else payload
        if "metadata_schema" in holder:
            return holder["metadata_schema"] or {}
    return {}


def sources(conn: psycopg.Connection) -> list[SourceRow]:
    return [SourceRow(*r) for r in conn.execute("SELECT id, layer, name, root FROM sources ORDER BY id")]


def documents_of_source(conn: psycopg.Connection, source_id: int) -> dict[str, DocumentRow]:
    rows = conn.execute(
        "SELECT id, path, version_id, content_hash, size, mtime_ns, date::text, date_source"
        " FROM documents WHERE source_id = %s",
        (source_id,),
    ).fetchall()
    return {r[1]: DocumentRow(*r) for r in rows}


def count_layer_documents(conn: psycopg.Connection, layer: str) -> int:
    row = conn.execute("SELECT count(*) FROM documents WHERE layer = %s", (layer,)).fetchone()
    return int(row[0]) if row else 0


def allocate_ids(conn: psycopg.Connection, sequence: str, n: int) -> list[int]:
    if n <= 0:
        return []
    rows = conn.execute("SELECT nextval(%s) FROM generate_series(1, %s)", (sequence, n)).fetchall()
    return [int(r[0]) for r in rows]
