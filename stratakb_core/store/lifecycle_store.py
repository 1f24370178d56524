"""What removing, renaming and collecting need from the store beyond the events: the events that
take a layer's or a source's documents out, the vectors no chunk uses any more, and the learned
rows that follow a renamed layer; does I/O."""

from __future__ import annotations

import psycopg

from stratakb_core.store import events as ev
from stratakb_core.store import vectors as vector_tables

__all__ = ["layer_embed_hashes", "learned_rows_follow", "prune_vectors", "removal_events"]


def removal_events(conn: psycopg.Connection, layer: str, reason: str, source_id: int | None = None) -> list[ev.Event]:
    """A document_removed per document of the layer (or of one of its sources), then a
    source_removed per source, so a fold of the log sees every document go."""
    sql = "SELECT id, path FROM documents WHERE layer = %s"
    params: list[object] = [layer]
    if source_id is not None:
        sql += " AND source_id = %s"
        params.append(source_id)
    docs = conn.execute(sql + " ORDER BY id", params).fetchall()
    src_sql = "SELECT id, root FROM sources WHERE layer = %s" + (" AND id = %s" if source_id is not None else "")
    sources = conn.execute(src_sql + " ORDER BY id", params).fetchall()
    conn.commit()
    out = [ev.Event(ev.DOCUMENT_REMOVED, layer, {"document_id": int(d), "path": p, "reason": reason}) for d, p in docs]
    out += [ev.Event(ev.SOURCE_REMOVED, layer, {"source_id": int(s), "root": r, "reason": reason}) for s, r in sources]
    return out


def layer_embed_hashes(conn: psycopg.Connection, layer: str, source_id: int | None = None) -> list[bytes]:
    sql = "SELECT DISTINCT c.embed_hash FROM chunks c"
    if source_id is not None:
        sql += " JOIN documents d ON d.id = c.document_id WHERE c.layer = %s AND d.source_id = %s"
        rows = conn.execute(sql, (layer, source_id)).fetchall()
    else:
        rows = conn.execute(sql + " WHERE c.layer = %s", (layer,)).fetchall()
    conn.commit()
    return [bytes(r[0]) for r in rows]


def prune_vectors(conn: psycopg.Connection, hashes: list[bytes]) -> int:
    """Delete, in every model's table, the vectors of `hashes` that no chunk uses; in the caller's
    transaction. Vectors are a cache keyed by text hash, not state of the log."""
    if not hashes:
        return 0
    removed = 0
    for model in vector_tables.registered_models(conn):
        cur = conn.execute(
            f"DELETE FROM {model.table} t WHERE t.text_hash = ANY(%s)"
            " AND NOT EXISTS (SELECT 1 FROM chunks c WHERE c.embed_hash = t.text_hash)", (hashes,))
        removed += cur.rowcount or 0
    return removed


def learned_rows_follow(conn: psycopg.Connection, old: str, new: str) -> None:
    """Routing affinities and synonyms learned for a layer follow it to its new name."""
    conn.execute("UPDATE layer_affinities SET layer = %s WHERE layer = %s", (new, old))
    conn.execute("UPDATE synonyms SET layer = %s WHERE layer = %s", (new, old))
