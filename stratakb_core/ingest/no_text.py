"""Files whose read gave no text: remembered by their stat so plans leave them unread.

A scan with OCR off, an image-only PDF or an empty document parses to nothing and is not stored.
Without a memory, every plan would see it as a new file: `inspect manifest` would list it as
`included add`, `add --dry-run` would announce it as an add every time, and every sync would read
and parse it again. The sync records each such file (a file_skipped event: source, path, size,
mtime, OCR setting); the plan moves a new file whose size, mtime and the layer's OCR setting all
match its last record into the skipped list with the reason `no_text`. Any change to the file, or
turning OCR on, reads it again.
"""

from __future__ import annotations

from dataclasses import replace

import psycopg

from stratakb_core.ingest.content_safety import resolve
from stratakb_core.ingest.stages import Plan
from stratakb_core.store import readers
from stratakb_core.textsafe import storable_name


def leave_unread(conn: psycopg.Connection, layer: str, source_id: int, plan: Plan) -> Plan:
    """The plan with the remembered no-text files moved from the candidates to the skipped ones."""
    remembered = readers.no_text_files(conn, layer, source_id)
    if not remembered:
        conn.commit()
        return plan
    ocr_on = resolve(readers.layer_content_safety(conn, layer)).ocr_on
    conn.commit()
    keep, skipped = [], list(plan.skipped)
    for cand in plan.candidates:
        seen = remembered.get(storable_name(cand.entry.rel_path))
        if cand.change == "added" and seen == (cand.entry.size, cand.entry.mtime_ns, ocr_on):
            skipped.append((cand.entry.rel_path, "no_text"))
        else:
            keep.append(cand)
    return replace(plan, candidates=tuple(keep), skipped=tuple(skipped))
