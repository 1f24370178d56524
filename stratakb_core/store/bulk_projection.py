"""Projecting many new documents at once: `document_version_added` events for documents that no
row holds yet, applied with three COPYs (documents, sections, chunks) instead of ~5 statements a
document; does I/O.

Only a writer that allocated the document ids itself in the same transaction may ask for it (a
layer import: every id is new, so there is nothing to replace or delete). The rows are exactly
what `projector._document_version_added` writes for the same events, so a replay of the log
(store/rebuild.py, one event at a time) still agrees with them (verify_projections after an import in
tests/integration/test_lifecycle_transfer.py).
Why not always: an existing document's update needs its old chunks and sections deleted first,
which is what the per-event path does; a COPY cannot.
"""

from __future__ import annotations

from collections.abc import Sequence

import psycopg
from psycopg.types.json import Jsonb

from stratakb_core.store import events as ev
from stratakb_core.store.chunk_rows import CHUNK_COLUMNS, chunk_row

__all__ = ["project_new_documents"]

_DOC_COLUMNS = ("id, layer, source_id, path, version_id, content_hash, date, date_source, supersedes, flags,"
                " updated_seq, size, mtime_ns")
_SECTION_COLUMNS = "document_id, ordinal, layer, start_char, end_char, level, heading, label, path"


def project_new_documents(conn: psycopg.Connection, seqs: Sequence[int], events: Sequence[ev.Event]) -> None:
    """Apply `document_version_added` events of new documents (ids no row holds) in bulk."""


    pairs = [(s, e) for s, e in zip(seqs, events, strict=True)]
    if not pairs:
        return
    if any(e.type != ev.DOCUMENT_VERSION_ADDED for _, e in pairs):
        raise ValueError("project_new_documents takes document_version_added events only")
    version_ids = sorted({e.payload["version_id"] for _, e in pairs if e.payload.get("chunks")})
    texts: dict[str, str] = dict(conn.execute(
        "SELECT id, text FROM document_versions WHERE id = ANY(%s)", (version_ids,)).fetchall()) if version_ids else {}
    with conn.cursor() as cur:
        with cur.copy(f"COPY documents ({_DOC_COLUMNS}) FROM STDIN") as cp:
            for seq, e in pairs:
                p = e.payload
                cp.write_row((p["document_id"], e.layer, p["source_id"], p["path"], p["version_id"],
                              p["content_hash"], p.get("date"), p.get("date_source"), p.get("supersedes"),
                              Jsonb(p.get("flags") or []), seq, p.get("size", 0), p.get("mtime_ns", 0)))
        with cur.copy(f"COPY sections ({_SECTION_COLUMNS}) FROM STDIN") as cp:
            for _, e in pairs:
                p = e.payload
                for i, sec in enumerate(p.get("sections") or []):
                    cp.write_row((p["document_id"], i, e.layer, sec["start"], sec["end"], sec["level"],
                                  sec.get("heading"), sec.get("label"), list(sec.get("path") or [])))
        with cur.copy(f"COPY chunks ({CHUNK_COLUMNS}) FROM STDIN") as cp:
            for _, e in pairs:
                p = e.payload
                text = texts.get(p["version_id"])
                if text is None:
                    continue  # as the per-event path: no stored text, no chunks
                for c in p.get("chunks") or []:
                    cp.write_row((*chunk_row(c, p["document_id"], e.layer, p), text[c["start"]:c["end"]]))
    conn.execute("SELECT setval('documents_id_seq', greatest(%s, (SELECT last_value FROM documents_id_seq)))",
                 (max(e.payload["document_id"] for _, e in pairs),))
