"""The projector: applies each event to the projection tables, one function per event type; does I/O.

Writers build complete events and `commit_events` appends and applies them in one transaction, so
the live tables and a replay of the log (store/rebuild.py) run the same code and must agree.
Payloads carry everything the tables hold, except chunk text, which is a slice of the stored
version text. A timestamp column takes the event's time: `now()` while committing (the same
transaction stamps the event) and the stored `occurred_at` in a replay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from stratakb_core.store import events as ev
from stratakb_core.store import lexeme_df
from stratakb_core.store.bulk_projection import project_new_documents
from stratakb_core.store.chunk_rows import CHUNK_COLUMNS, chunk_row
from stratakb_core.store.learning_projection import feedback_recorded, learning_state_replaced
from stratakb_core.store.locks import lock_layers_for_commit
from stratakb_core.store.vectors import ensure_model_table

Projector = Callable[[psycopg.Connection, int, "str | None", dict[str, Any], Any], None]
_AT = "coalesce(%s::timestamptz, now())"


def commit_events(conn: psycopg.Connection, events: Sequence[ev.Event], *, new_documents: bool = False) -> list[int]:
    """Append events and apply them to the projections in one transaction, under the layer lock.

    new_documents: every `document_version_added` event is of a document id the caller allocated
    in this transaction (a layer import); they are projected in bulk (store/bulk_projection.py).
    """
    with conn.transaction():
        lock_layers_for_commit(conn, {e.layer for e in events})
        seqs = ev.append(conn, events)
        docs, whole = lexeme_df.touched_documents(events), lexeme_df.layer_wide(events)
        if new_documents:
            _commit_with_new_documents(conn, seqs, events)
        else:
            # Pipeline mode: the projections' statements go out without waiting for each reply (a
            # group of 250 small files is ~1,750 statements; a round trip each cost ~1 ms per file).
            with conn.pipeline():
                lexeme_df.subtract_documents(conn, docs)  # the chunks the group replaces, counted out
                for seq, event in zip(seqs, events, strict=True):
                    project(conn, seq, event.type, event.layer, event.payload)
        with conn.pipeline():
            lexeme_df.add_documents(conn, docs)
            lexeme_df.rebuild(conn, sorted(whole))
    return seqs


def _commit_with_new_documents(conn: psycopg.Connection, seqs: list[int], events: Sequence[ev.Event]) -> None:
    """Each run of new documents' events in bulk, the other events one by one, in log order."""
    run: list[int] = []

    def flush() -> None:
        if run:
            project_new_documents(conn, [seqs[i] for i in run], [events[i] for i in run])
            run.clear()

    for i, event in enumerate(events):
        if event.type == ev.DOCUMENT_VERSION_ADDED:
            run.append(i)
            continue
        flush()
        project(conn, seqs[i], event.type, event.layer, event.payload)
    flush()


def project(conn: psycopg.Connection, seq: int, type_: str, layer: str | None, p: dict[str, Any],
            occurred_at: Any = None) -> None:
    """Apply one event (audit-only types change nothing); `occurred_at` is given in a replay."""
    handler = PROJECTORS.get(type_)
    if handler is not None:
        handler(conn, seq, layer, p, occurred_at)


# ---------------------------------------------------------------------------------------------
# Layers, sources, documents, models
# ---------------------------------------------------------------------------------------------


def _layer_created(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
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


def _layer_updated(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
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


def _source_added(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    conn.execute(
        "INSERT INTO sources (id, layer, name, root, created_seq) VALUES (%s, %s, %s, %s, %s)",
        (p["source_id"], layer, p.get("name") or layer, p["root"], seq),
    )
    conn.execute("SELECT setval('sources_id_seq', greatest(%s, (SELECT last_value FROM sources_id_seq)))",
                 (p["source_id"],))


def _document_version_added(
    conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any
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
    chunks = p.get("chunks") or []
    if not chunks:
        return
    if max(c["end"] for c in chunks) <= SMALL_TEXT_CHARS:
        _small_document_chunks(conn, doc_id, layer, p, chunks)
        return
    # The version's text is read once and sliced here: substr() per chunk re-reads (detoasts) the
    # whole text and walks it from its start for every chunk, quadratic in the file's size (a
    # 3 MB file of 4,300 chunks took 113 s under the event lock; sliced here, well under one).
    # Python slices count code points as substr does.
    row = conn.execute("SELECT text FROM document_versions WHERE id = %s", (p["version_id"],)).fetchone()
    if row is None:
        return
    text: str = row[0]
    with conn.cursor() as cur:
        cur.executemany(
            f"INSERT INTO chunks ({CHUNK_COLUMNS}) VALUES ({'%s, ' * 14}%s)",
            [(*chunk_row(c, doc_id, layer, p), text[c["start"]:c["end"]]) for c in chunks],
        )


# A text this short is stored inline (PostgreSQL compresses or moves out of line past ~2 kB), so
# substr() on it costs nothing to re-read, and the chunks go in without a round trip for the text:
# the projection stays in the pipeline (a 10,000-file import: one wait a document less).
SMALL_TEXT_CHARS = 1_500


def _small_document_chunks(conn: psycopg.Connection, doc_id: int, layer: str | None, p: dict[str, Any],
                           chunks: list[dict[str, Any]]) -> None:
    with conn.cursor() as cur:
        cur.executemany(
            f"INSERT INTO chunks ({CHUNK_COLUMNS}) SELECT {'%s, ' * 14}substr(v.text, %s, %s)"
            " FROM document_versions v WHERE v.id = %s",
            [(*chunk_row(c, doc_id, layer, p), c["start"] + 1, c["end"] - c["start"], p["version_id"])
             for c in chunks],
        )


def _document_removed(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    # Explicit, not by cascade: a replay schema has no foreign keys.
    conn.execute("DELETE FROM chunks WHERE document_id = %s", (p["document_id"],))
    conn.execute("DELETE FROM sections WHERE document_id = %s", (p["document_id"],))
    conn.execute("DELETE FROM documents WHERE id = %s", (p["document_id"],))


def _model_activated(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    ensure_model_table(conn, p["model"], int(p["dimensions"]))
    conn.execute("UPDATE embedding_models SET active = false WHERE active AND model <> %s", (p["model"],))
    conn.execute(
        f"UPDATE embedding_models SET active = true, activated_at = {_AT} WHERE model = %s", (at, p["model"])
    )


def _chunks_rehashed(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    with conn.cursor() as cur:
        cur.executemany(
            "UPDATE chunks SET embed_hash = %s WHERE id = %s AND document_id = %s",
            [(bytes.fromhex(c["embed_hash"]), c["id"], p["document_id"]) for c in p.get("chunks") or []],
        )


# ---------------------------------------------------------------------------------------------
# Receipts, interactions, API keys
# ---------------------------------------------------------------------------------------------


def _receipt_issued(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    conn.execute(
        "INSERT INTO receipts (id, kind, verdict, body, issued_seq, issued_at)"
        f" VALUES (%s, %s, %s, %s, %s, {_AT}) ON CONFLICT (id) DO NOTHING",
        (p["receipt_id"], p["kind"], p["verdict"], Jsonb(p["body"]), seq, at),
    )
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO receipt_versions (receipt_id, version_id) VALUES (%s, %s) ON CONFLICT DO NOTHING",
            [(p["receipt_id"], v) for v in p["version_ids"]],
        )


def _interaction_recorded(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any],
                          at: Any) -> None:
    conn.execute(
        "INSERT INTO interactions (id, occurred_at, tool, query, layers, searched, status, confidence, chunk_ids,"
        " details, client, variants, passages, basis)"
        f" VALUES (%s, {_AT}, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
        (p["id"], at, p["tool"], p["query"], p.get("layers"), p.get("searched"), p.get("status"),
         p.get("confidence"), list(p.get("chunk_ids") or []), Jsonb(p.get("details") or {}), p.get("client"),
         list(p.get("variants") or []), Jsonb(p.get("passages") or []), p.get("basis")),
    )


def _api_key_created(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    if "key_hash" not in p:
        return  # written before keys were projected; migration 0004 appended one with the hash
    conn.execute(
        f"INSERT INTO api_keys (id, key_hash, role, name, created_at) VALUES (%s, %s, %s, %s, {_AT})"
        " ON CONFLICT (id) DO NOTHING",
        (p["id"], p["key_hash"], p["role"], p.get("name") or "", at),
    )


def _api_key_revoked(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    conn.execute(f"UPDATE api_keys SET revoked_at = {_AT} WHERE id = %s AND revoked_at IS NULL", (at, p["id"]))


# ---------------------------------------------------------------------------------------------
# Lifecycle: sources and layers removed, layers renamed, versions collected
# ---------------------------------------------------------------------------------------------


def _source_removed(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    # Its documents were removed by their own events first; anything left goes with the source.
    sid = p["source_id"]
    conn.execute("DELETE FROM chunks WHERE document_id IN (SELECT id FROM documents WHERE source_id = %s)", (sid,))
    conn.execute("DELETE FROM sections WHERE document_id IN (SELECT id FROM documents WHERE source_id = %s)", (sid,))
    conn.execute("DELETE FROM documents WHERE source_id = %s", (sid,))
    conn.execute("DELETE FROM sources WHERE id = %s", (sid,))


def _layer_removed(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    for table in ("chunks", "sections", "documents", "sources", "layers"):
        conn.execute(f"DELETE FROM {table} WHERE {'name' if table == 'layers' else 'layer'} = %s", (layer,))


def _layer_renamed(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    """The event's layer is the new name; the old one is payload["from"]."""
    old = p["from"]
    changes = p.get("changes") or {}
    conn.execute(
        "INSERT INTO layers (name, display_name, description, origin, chunk_config, routing_patterns,"
        " structure_patterns, answer_mode, archived_patterns, created_seq, updated_seq)"
        " SELECT %s, coalesce(%s, display_name), description, origin, chunk_config, routing_patterns,"
        " structure_patterns, answer_mode, archived_patterns, created_seq, %s FROM layers WHERE name = %s",
        (layer, changes.get("display_name"), seq, old),
    )
    for table in ("sources", "documents", "chunks", "sections"):
        conn.execute(f"UPDATE {table} SET layer = %s WHERE layer = %s", (layer, old))
    conn.execute("DELETE FROM layers WHERE name = %s", (old,))


def _versions_collected(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any],
                        at: Any) -> None:
    conn.execute("DELETE FROM document_versions WHERE id = ANY(%s)", (list(p.get("version_ids") or []),))


PROJECTORS: dict[str, Projector] = {
    ev.LAYER_CREATED: _layer_created,
    ev.LAYER_UPDATED: _layer_updated,
    ev.SOURCE_ADDED: _source_added,
    ev.DOCUMENT_VERSION_ADDED: _document_version_added,
    ev.DOCUMENT_REMOVED: _document_removed,
    ev.EMBEDDING_MODEL_ACTIVATED: _model_activated,
    ev.CHUNKS_REHASHED: _chunks_rehashed,
    ev.RECEIPT_ISSUED: _receipt_issued,
    ev.INTERACTION_RECORDED: _interaction_recorded,
    ev.API_KEY_CREATED: _api_key_created,
    ev.API_KEY_REVOKED: _api_key_revoked,
    ev.FEEDBACK_RECORDED: feedback_recorded,
    ev.LEARNING_PROMOTED: learning_state_replaced,
    ev.LEARNING_RESET: learning_state_replaced,
    ev.SOURCE_REMOVED: _source_removed,
    ev.LAYER_REMOVED: _layer_removed,
    ev.LAYER_RENAMED: _layer_renamed,
    ev.VERSIONS_COLLECTED: _versions_collected,
}
