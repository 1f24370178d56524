"""Receipts as stored: each a receipt_issued event projected into `receipts` and `receipt_versions`
(which keeps every document version a receipt cites from being removed); does I/O.

What goes into a receipt and how it opens is query/receipts.py's work; this module stores and reads."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

import psycopg

from stratakb_core.store import events as ev
from stratakb_core.store.projector import commit_events


def issue(conn: psycopg.Connection, kind: str, verdict: str, body: dict[str, Any], version_ids: Sequence[str],
          *, actor: str | None = None) -> str:
    """Store a receipt with its receipt_issued event, in one transaction; returns its id."""
    receipt_id = "rcpt_" + uuid.uuid4().hex[:24]
    payload = {"receipt_id": receipt_id, "kind": kind, "verdict": verdict,
               "version_ids": sorted(set(version_ids)), "body": body}
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        conn.commit()  # the reads before are done; the receipt is its own transaction
    commit_events(conn, [ev.Event(ev.RECEIPT_ISSUED, None, payload, actor=actor or ev.default_actor())])
    return receipt_id


def read_receipt(conn: psycopg.Connection, receipt_id: str) -> tuple[str, str, dict[str, Any], Any] | None:
    """(kind, verdict, body, issued_at) of a stored receipt, or None."""
    row = conn.execute("SELECT kind, verdict, body, issued_at FROM receipts WHERE id = %s", (receipt_id,)).fetchone()
    conn.commit()
    return (row[0], row[1], row[2], row[3]) if row else None
