"""Receipts: checking a draft (strata_verify), issuing, storing and opening receipts; does I/O.
`stratakb receipt` prints one with `cli.render.receipt_report`.

A receipt is what the server itself read from the documents and, for a checked answer, the draft
it checked: what a reader can rely on when a client skips a step or retypes a quote. Each one is a
`receipt_issued` event, projected in the same transaction into `receipts` and `receipt_versions`;
the latter keeps every document version the receipt cites from being removed (a later sync or
rollback never breaks one). Drafts, unchecked sentences and facts are stored scrubbed of IBANs,
BICs and account numbers, as stored queries are.

Kinds: ``verified_draft`` (strata_verify passed) and ``extractive_answer`` (the quotes of an
extractive strata_ask). A verified receipt with nothing checked (issued before nothing_checked
existed) opens with a `verification_note`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import psycopg

from stratakb_core.errors import ArgumentError, ReceiptNotFound
from stratakb_core.query.scrub import scrub
from stratakb_core.query.table_passages import read_passages
from stratakb_core.query.table_sql import DEFAULT_LIMITS
from stratakb_core.query.verify import MAX_DRAFT_CHARS, MAX_PASSAGES, check_draft, outcome
from stratakb_core.store.events import RECEIPT_ISSUED
from stratakb_core.store.receipts import issue, read_receipt

__all__ = [
    "NOTHING_CHECKED_NOTE",
    "RECEIPT_ISSUED",
    "issue",
    "issue_extractive",
    "open_receipt",
    "verify_draft",
]

RECEIPT_ID = re.compile(r"rcpt_[0-9a-f]{24}")
NOTHING_CHECKED_NOTE = ("Nothing was checked: this draft had no quotes and no facts, so this receipt does "
                        "not show the answer is right.")


# ---------------------------------------------------------------------------------------------
# Issuing and opening
# ---------------------------------------------------------------------------------------------


def _check_id(receipt_id: Any) -> str:
    if not isinstance(receipt_id, str) or not RECEIPT_ID.fullmatch(receipt_id.strip()):
        raise ArgumentError("receipt_id", f"receipt_id must be a receipt id such as rcpt_0123456789abcdef01234567, "
                                          f"not {str(receipt_id)[:60]!r}")
    return receipt_id.strip()


def open_receipt(conn: psycopg.Connection, receipt_id: Any) -> dict[str, Any]:
    """The strata_get_receipt response for a receipt id."""
    rid = _check_id(receipt_id)
    row = read_receipt(conn, rid)
    if row is None:
        raise ReceiptNotFound(f"no receipt {rid} in this store")
    kind, verdict, body, issued_at = row
    out: dict[str, Any] = {"status": "ok", "receipt_id": rid, "kind": kind,
                           "issued_at": issued_at.isoformat(timespec="seconds"), "verification": verdict}
    # Receipts from before `checked` was recorded: count what they hold.
    checked = body.get("checked") or {"quotes": len(body.get("quotes") or []), "facts": len(body.get("facts") or [])}
    if kind == "verified_draft" and not (checked.get("quotes") or checked.get("facts")):
        out["verification_note"] = NOTHING_CHECKED_NOTE
    out.update(body)
    return out


# ---------------------------------------------------------------------------------------------
# strata_verify
# ---------------------------------------------------------------------------------------------


def _check_arguments(draft: Any, passages: Any) -> tuple[str, list[Any]]:
    if not isinstance(draft, str) or not draft.strip():
        raise ArgumentError("draft", "draft must be a non-empty string: the answer you wrote, citing [S1], [S2] ...")
    if len(draft) > MAX_DRAFT_CHARS:
        raise ArgumentError("draft", f"draft is {len(draft):,} characters; at most {MAX_DRAFT_CHARS:,}")
    if "\x00" in draft:
        raise ArgumentError("draft", "draft holds a NUL character")
    if isinstance(passages, str):
        passages = [passages]
    if not isinstance(passages, list) or not passages:
        raise ArgumentError("passages", "passages must list the refs strata_ask returned, in order (the first is S1)")
    if len(passages) > MAX_PASSAGES:
        raise ArgumentError("passages", f"{len(passages)} passages; at most {MAX_PASSAGES}")
    return draft, passages


def verify_draft(conn: psycopg.Connection, draft: Any, passages: Any, *, token_budget: int,
                 actor: str | None = None, tables_dir: Path | None = None, limits: Any = None) -> dict[str, Any]:
    """Check a draft against the passages read from the store (a table request among them is run
    again, see table_passages); a verified draft gets a receipt."""
    draft, refs = _check_arguments(draft, passages)
    read = read_passages(conn, refs, token_budget=token_budget, tables_dir=tables_dir,
                         limits=limits or DEFAULT_LIMITS)
    check = check_draft(draft, [r.text for r in read])
    result = outcome(check, [f for f in (r.flag() for r in read) if f])
    if result["status"] != "verified":
        return result
    body = {
        "draft": scrub(draft),
        "passages": [r.record() for r in read],
        "quotes": [{"sentence": q.sentence, "passage": f"S{q.passage}", "text": q.quote,
                    "spans": [list(s) for s in q.spans]} for q in check.quotes],
        "facts": [{"sentence": f.sentence, "text": scrub(f.text), "passage": f"S{f.passage}"} for f in check.facts],
        "unchecked_sentences": [scrub(s) for s in check.unchecked],
        "checked": result["checked"],
    }
    receipt_id = issue(conn, "verified_draft", "verified", body, [r.version_id for r in read if r.version_id],
                       actor=actor)
    return {"status": "verified", "receipt_id": receipt_id, **{k: v for k, v in result.items() if k != "status"}}


# ---------------------------------------------------------------------------------------------
# Extractive answers
# ---------------------------------------------------------------------------------------------


def issue_extractive(conn: psycopg.Connection, question: str, quotes: Sequence[dict[str, Any]],
                     *, actor: str | None = None) -> str:
    """A receipt for the sentences an extractive answer quotes (each with what the server read
    around it, so the receipt shows the quote in its context without the document)."""
    body = {"question": scrub(question), "quotes": list(quotes),
            "checked": {"quotes": len(quotes), "facts": 0}}
    return issue(conn, "extractive_answer", "extractive", body, [q["version_id"] for q in quotes], actor=actor)
