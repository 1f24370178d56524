"""Backups of the whole store and exports of one layer, as portable bundles (store/export_format.py);
does I/O.

A full backup holds the event log, the stored versions, every model's vectors and the learned
rows: restoring it into an empty store inserts the log as it was and replays it through the one
projector, so every projection (receipts included) comes back and `verify-store` is clean. A layer
export holds the layer's settings, sources, each document's last payload, the versions they
point at and (optionally) the vectors of its chunks; ingest/layer_transfer.py imports it.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
import pyarrow as pa

from stratakb_core.errors import RefusedError
from stratakb_core.store import bulk_vectors, lexeme_df
from stratakb_core.store import events as ev
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.export_format import Bundle, json_bytes, parquet_bytes, read_bundle, write_bundle
from stratakb_core.store.history import snapshot_at
from stratakb_core.store.projector import project
from stratakb_core.store.versions import put_version

__all__ = ["backup_store", "layer_export_members", "read_vectors", "restore_store", "vector_member"]

_VERSION_SCHEMA = pa.schema([("id", pa.string()), ("text", pa.large_string()), ("kind", pa.string()),
                             ("first_line", pa.int32()), ("pages", pa.string())])


def _versions(conn: psycopg.Connection, where: str, params: Any) -> pa.Table:
    rows = conn.execute(f"SELECT id, text, kind, first_line, pages FROM document_versions {where} ORDER BY id",
                        params).fetchall()
    return pa.Table.from_pylist([{"id": r[0], "text": r[1], "kind": r[2], "first_line": r[3],
                                  "pages": json.dumps(r[4]) if r[4] is not None else None} for r in rows],
                                schema=_VERSION_SCHEMA)


def _floats(value: object) -> np.ndarray:
    to_numpy = getattr(value, "to_numpy", None)  # pgvector's Vector
    return np.asarray(to_numpy() if callable(to_numpy) else value, dtype=np.float32)


def vector_member(conn: psycopg.Connection, table: str, dims: int, hashes: list[bytes] | None) -> bytes:
    """A model's vectors (all of them, or those of `hashes`) as Parquet: text_hash and a fixed-size
    float32 list."""
    if hashes is None:
        rows = conn.execute(f"SELECT text_hash, embedding FROM {table} ORDER BY text_hash").fetchall()
    else:
        rows = conn.execute(f"SELECT text_hash, embedding FROM {table} WHERE text_hash = ANY(%s) ORDER BY text_hash",
                            (hashes,)).fetchall()
    flat = np.asarray([_floats(r[1]) for r in rows], dtype=np.float32).reshape(-1)
    emb = pa.FixedSizeListArray.from_arrays(pa.array(flat, type=pa.float32()), dims)
    return parquet_bytes(pa.table({"text_hash": pa.array([bytes(r[0]) for r in rows], type=pa.binary()),
                                   "embedding": emb}))


def read_vectors(bundle: Bundle, name: str, dims: int) -> tuple[list[bytes], np.ndarray]:
    table = bundle.table(name)
    hashes = [bytes(h) for h in table.column("text_hash").to_pylist()]
    col = table.column("embedding").combine_chunks()
    if len(hashes) and col.type.list_size != dims:
        raise RefusedError(f"the vectors in {name} have {col.type.list_size} dimensions, the manifest says {dims}",
                           code="export_tampered")
    values = np.asarray(col.flatten().to_numpy(zero_copy_only=False), dtype=np.float32).reshape(len(hashes), dims)
    return hashes, values


def layer_export_members(conn: psycopg.Connection, layer: str, *, vectors: bool) -> tuple[dict[str, Any],
                                                                                          dict[str, bytes]]:
    """The manifest info and members of one layer's export."""
    snap = snapshot_at(conn, layer, ev.last_seq(conn))
    docs = conn.execute(
        "SELECT d.id, d.source_id, d.path, d.size, d.mtime_ns, e.payload FROM documents d"
        " JOIN events e ON e.seq = d.updated_seq WHERE d.layer = %s ORDER BY d.id", (layer,)).fetchall()
    documents = pa.Table.from_pylist(
        [{"document_id": r[0], "source_id": r[1], "path": r[2], "size": r[3], "mtime_ns": r[4],
          "payload": json.dumps(r[5], ensure_ascii=False)} for r in docs],
        schema=pa.schema([("document_id", pa.int64()), ("source_id", pa.int64()), ("path", pa.string()),
                          ("size", pa.int64()), ("mtime_ns", pa.int64()), ("payload", pa.large_string())]))
    members = {
        "layer.json": json_bytes({"name": layer, "settings": snap.settings,
                                  "sources": [{"id": i, **s} for i, s in sorted(snap.sources.items())]}),
        "documents.parquet": parquet_bytes(documents),
        "versions.parquet": parquet_bytes(_versions(
            conn, "WHERE id IN (SELECT version_id FROM documents WHERE layer = %s)", (layer,))),
    }
    info: dict[str, Any] = {"layer": layer, "documents": len(docs), "exported_at": dt.datetime.now(dt.UTC).isoformat()}
    model = vector_tables.active_model(conn)
    if vectors and model is not None:
        hashes = [bytes(r[0]) for r in conn.execute(
            "SELECT DISTINCT embed_hash FROM chunks WHERE layer = %s", (layer,)).fetchall()]
        members["vectors.parquet"] = vector_member(conn, model.table, model.dimensions, hashes)
        info["model"] = {"model": model.model, "dimensions": model.dimensions}
    conn.commit()
    return info, members


def backup_store(conn: psycopg.Connection, path: Path) -> dict[str, Any]:
    """Write a full backup of the store to `path` (read in one snapshot); returns its summary."""
    conn.commit()
    conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    try:
        rows = conn.execute("SELECT seq, occurred_at, type, layer, run_id, actor, payload FROM events ORDER BY seq"
                            ).fetchall()
        events = pa.Table.from_pylist(
            [{"seq": r[0], "occurred_at": r[1], "type": r[2], "layer": r[3], "run_id": r[4], "actor": r[5],
              "payload": json.dumps(r[6], ensure_ascii=False)} for r in rows],
            schema=pa.schema([("seq", pa.int64()), ("occurred_at", pa.timestamp("us", tz="UTC")),
                              ("type", pa.string()), ("layer", pa.string()), ("run_id", pa.string()),
                              ("actor", pa.string()), ("payload", pa.large_string())]))
        members = {"events.parquet": parquet_bytes(events), "versions.parquet": parquet_bytes(_versions(conn, "", ()))}
        models = []
        for i, m in enumerate(vector_tables.registered_models(conn)):
            members[f"vectors_{i}.parquet"] = vector_member(conn, m.table, m.dimensions, None)
            models.append({"model": m.model, "dimensions": m.dimensions, "member": f"vectors_{i}.parquet"})
        learned = {
            "layer_affinities": [list(r) for r in conn.execute("SELECT layer, term, affinity FROM layer_affinities")],
            "synonyms": [list(r) for r in conn.execute("SELECT layer, term, synonym, usage_count FROM synonyms")],
        }
        members["learned.json"] = json_bytes(learned)
    finally:
        conn.rollback()
    info = {"events": len(rows), "last_seq": rows[-1][0] if rows else 0, "models": models,
            "backed_up_at": dt.datetime.now(dt.UTC).isoformat()}
    size = write_bundle(path, "store", info, members)
    return {"status": "ok", "file": str(path), "bytes": size, **{k: v for k, v in info.items() if k != "models"},
            "models": [m["model"] for m in models]}


def restore_store(conn: psycopg.Connection, path: Path) -> dict[str, Any]:
    """Restore a full backup into an empty store, in one transaction (all or nothing)."""
    bundle = read_bundle(path, "store")
    have = ev.last_seq(conn)
    conn.commit()
    if have:
        raise RefusedError(f"restore needs an empty store and this one holds {have} events; point DATABASE_URL or "
                           "STRATA_DATA_DIR at a new store, or import single layers with import-layer",
                           code="store_not_empty")
    events = bundle.table("events.parquet").to_pylist()
    with conn.transaction():
        for v in bundle.table("versions.parquet").to_pylist():
            put_version(conn, v["id"], v["text"], v["kind"], v["first_line"],
                        json.loads(v["pages"]) if v["pages"] else None)
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO events (seq, occurred_at, type, layer, run_id, actor, payload)"
                            " VALUES (%s, %s, %s, %s, %s, %s, %s::jsonb)",
                            [(e["seq"], e["occurred_at"], e["type"], e["layer"], e["run_id"], e["actor"],
                              e["payload"]) for e in events])
        for e in events:
            project(conn, e["seq"], e["type"], e["layer"], json.loads(e["payload"]), e["occurred_at"])
        lexeme_df.rebuild(conn)  # a cache of the chunks: counted once after the replay
        for m in bundle.manifest.get("models") or []:
            table = vector_tables.ensure_model_table(conn, m["model"], int(m["dimensions"]))
            hashes, values = read_vectors(bundle, m["member"], int(m["dimensions"]))
            bulk_vectors.put_vectors_in_bulk(conn, table, hashes, values)
        learned = bundle.json("learned.json")
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO layer_affinities (layer, term, affinity) VALUES (%s, %s, %s)"
                            " ON CONFLICT DO NOTHING", learned.get("layer_affinities") or [])
            cur.executemany("INSERT INTO synonyms (layer, term, synonym, usage_count) VALUES (%s, %s, %s, %s)"
                            " ON CONFLICT DO NOTHING", learned.get("synonyms") or [])
    return {"status": "ok", "file": str(path), "events": len(events), "last_seq": bundle.manifest.get("last_seq"),
            "models": [m["model"] for m in bundle.manifest.get("models") or []]}
