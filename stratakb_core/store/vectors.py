"""Vector tables of the embedding models (one per model, with its HNSW index), the active model, and
the one check that refuses a model mismatch; does I/O."""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import psycopg
from pgvector.psycopg import register_vector

from stratakb_core.errors import ModelMismatchError
from stratakb_core.store.connection import LOCK_NAMESPACE_MODELS


@dataclass(frozen=True)
class ActiveModel:
    model: str
    dimensions: int
    table: str


def mismatch_message(stored: str, configured: str) -> str:
    """The one wording of a model mismatch, for every driver (CLI, Dagster, presets, MCP)."""
    return (f"the store holds vectors of {stored} but EMBEDDING_MODEL is {configured}; the store will not mix "
            f"two models. Set EMBEDDING_MODEL back to {stored}, or re-embed the store with the new model first "
            "(`stratakb reembed`, or the reembed job in Dagster)")


def dimensions_message(model: str, stored: int, configured: int) -> str:
    """The one wording of the same model at another dimension."""
    return (f"the store holds {model} vectors of {stored} dimensions, not {configured}; "
            f"set EMBEDDING_DIMENSIONS to {stored}, or re-embed")


def active_model(conn: psycopg.Connection) -> ActiveModel | None:
    row = conn.execute(
        "SELECT model, dimensions, table_name FROM embedding_models WHERE active"
    ).fetchone()
    return ActiveModel(*row) if row else None


def check_active_model(conn: psycopg.Connection, model: str, dimensions: int | None = None) -> ActiveModel | None:
    """The store's active model (None before the first ingest); refuses another model, or the same
    model at another dimension, with one wording."""
    active = active_model(conn)
    if active is None:
        return None
    if active.model != model:
        raise ModelMismatchError(mismatch_message(active.model, model))
    if dimensions is not None and active.dimensions != dimensions:
        raise ModelMismatchError(dimensions_message(active.model, active.dimensions, dimensions))
    return active


@dataclass(frozen=True)
class RegisteredModel:
    model: str
    dimensions: int
    table: str
    active: bool
    column_dimensions: int | None  # the size declared on the table's embedding column


def registered_models(conn: psycopg.Connection) -> list[RegisteredModel]:
    """Every registered model, the active one first, with the size its vector column declares."""
    rows = conn.execute(
        "SELECT m.model, m.dimensions, m.table_name, m.active,"
        " (SELECT a.atttypmod FROM pg_attribute a WHERE a.attrelid = to_regclass(m.table_name)"
        "  AND a.attname = 'embedding' AND NOT a.attisdropped)"  # pgvector keeps the size in atttypmod
        " FROM embedding_models m ORDER BY m.active DESC, m.model"
    ).fetchall()
    return [RegisteredModel(model, int(dims), table, bool(active),
                            int(column) if column is not None and column > 0 else None)
            for model, dims, table, active, column in rows]


def model_table_name(model: str, dimensions: int) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", model.lower()).strip("_")[:40] or "model"
    return f"emb_{slug}_{dimensions}_{zlib.crc32(model.encode('utf-8')):08x}"


def _registered_table(conn: psycopg.Connection, model: str, dimensions: int) -> str | None:
    """The model's registered table, None when the model is not registered; refuses another dimension."""
    row = conn.execute("SELECT table_name, dimensions FROM embedding_models WHERE model = %s", (model,)).fetchone()
    if row is None:
        return None
    if row[1] != dimensions:
        raise ModelMismatchError(dimensions_message(model, row[1], dimensions))
    return row[0]


def _create_table(conn: psycopg.Connection, table: str, dimensions: int) -> None:
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {table} (text_hash bytea PRIMARY KEY,"
        f" embedding vector({int(dimensions)}) NOT NULL)"
    )


def ensure_model_table(conn: psycopg.Connection, model: str, dimensions: int) -> str:
    """Create the model's vector table and HNSW index if needed; returns the table name."""
    registered = _registered_table(conn, model, dimensions)
    if registered is not None:
        return registered
    table = model_table_name(model, dimensions)
    conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_NAMESPACE_MODELS,))
    _create_table(conn, table, dimensions)
    build_vector_index(conn, table)
    conn.execute(
        "INSERT INTO embedding_models (model, dimensions, table_name) VALUES (%s, %s, %s)"
        " ON CONFLICT (model) DO NOTHING",
        (model, dimensions, table),
    )
    return table


def create_vector_table(conn: psycopg.Connection, model: str, dimensions: int) -> str:
    """A model's vector table, without its HNSW index and without registering the model.

    For a re-embed: the table is filled first and indexed after (much faster than loading into a
    live index), and the model is registered and made active by its embedding_model_activated
    event, so the registry stays derivable from the events.
    """
    registered = _registered_table(conn, model, dimensions)
    if registered is not None:
        return registered
    table = model_table_name(model, dimensions)
    _create_table(conn, table, dimensions)
    return table


# The HNSW graph's build parameters: pgvector's defaults (m 16, ef_construction 64) up to
# LARGE_GRAPH_ROWS vectors; a graph built for more gets ef_construction 128. At 1M synthetic chunks
# the default graph held recall@10 at 0.95-0.98 only at pgvector's maximum ef_search (1000), varying
# with each build; a wider build-time search is the lever left (docs/scaling.md). It costs ~1.55x
# the build time, so small tables (every sync, a 10k-chunk import, the suite) keep the defaults.
# One place, so every index (a new model, a bulk load, a repair, a re-embed, the benchmarks) is
# built the same way for the same size.
LARGE_GRAPH_ROWS = 200_000
EF_CONSTRUCTION_DEFAULT = 64
EF_CONSTRUCTION_LARGE = 128
GRAPH_BUILD_MEMORY = "512MB"  # maintenance_work_mem of a build: the graph in memory up to ~250k vectors


def ef_construction_for(rows: int) -> int:
    """The ef_construction a graph over `rows` vectors is built with."""
    return EF_CONSTRUCTION_LARGE if rows > LARGE_GRAPH_ROWS else EF_CONSTRUCTION_DEFAULT


def hnsw_index_sql(table: str, *, if_not_exists: bool = True, rows: int = 0) -> str:
    """CREATE INDEX for a vector table's HNSW index, built for `rows` vectors."""
    ef = ef_construction_for(rows)
    with_ = "" if ef == EF_CONSTRUCTION_DEFAULT else f" WITH (ef_construction = {ef})"
    return (f"CREATE INDEX {'IF NOT EXISTS ' if if_not_exists else ''}{table}_hnsw ON {table}"
            f" USING hnsw (embedding vector_cosine_ops){with_}")


def count_vectors(conn: psycopg.Connection, table: str) -> int:
    row = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
    return int(row[0]) if row else 0


def build_vector_index(conn: psycopg.Connection, table: str) -> None:
    """The HNSW index of a vector table, if it has none yet, built for the vectors it holds."""
    conn.execute(hnsw_index_sql(table, rows=count_vectors(conn, table)))


def index_ef_construction(conn: psycopg.Connection, table: str) -> int | None:
    """The ef_construction the table's HNSW index was built with (None: the table has no index)."""
    row = conn.execute("SELECT c.reloptions FROM pg_class c WHERE c.oid = to_regclass(%s)",
                       (f"{table}_hnsw",)).fetchone()
    if row is None:
        return None
    for option in row[0] or ():
        key, _, value = option.partition("=")
        if key == "ef_construction" and value.isdigit():
            return int(value)
    return EF_CONSTRUCTION_DEFAULT


def graph_outgrown(conn: psycopg.Connection, table: str) -> tuple[int, int] | None:
    """(vectors, ef_construction) when the table grew past the graph it was built as (synced in
    one by one into a graph built small); None when the index fits its size or is missing."""
    built = index_ef_construction(conn, table)
    if built is None:
        return None
    rows = count_vectors(conn, table)
    return (rows, built) if built < ef_construction_for(rows) else None


def rebuild_graph(conn: psycopg.Connection, table: str) -> int:
    """Build the table's HNSW index again for the vectors it holds, without blocking searches or
    syncs (REINDEX CONCURRENTLY; needs an autocommit connection); returns its ef_construction.
    The option is set first, so vectors stored during the rebuild are linked the same way."""
    ef = ef_construction_for(count_vectors(conn, table))
    conn.execute(f"ALTER INDEX {table}_hnsw SET (ef_construction = {ef})")
    conn.execute(f"SET maintenance_work_mem = '{GRAPH_BUILD_MEMORY}'")
    conn.execute(f"REINDEX INDEX CONCURRENTLY {table}_hnsw")
    return ef


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
