"""Receipts: checking a draft (strata_verify), issuing, storing and opening receipts; does I/O.

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
from typing import Any

import psycopg

from stratakb_core.errors import UsageError
from stratakb_core.query.answer import ArgumentError
from stratakb_core.query.scrub import scrub
from stratakb_core.query.spans import read_refs
from stratakb_core.query.verify import MAX_DRAFT_CHARS, MAX_PASSAGES, check_draft, outcome
from stratakb_core.store.events import RECEIPT_ISSUED
from stratakb_core.store.receipts import issue, read_receipt
from stratakb_core.textsafe import escape_for_terminal as esc

__all__ = [
    "NOTHING_CHECKED_NOTE",
    "RECEIPT_ISSUED",
    "ReceiptNotFound",
    "format_receipt",
    "issue",
    "issue_extractive",
    "open_receipt",
    "verify_draft",
]

RECEIPT_ID = re.compile(r"rcpt_[0-9a-f]{24}")
CONTEXT_CHARS = 120
NOTHING_CHECKED_NOTE = ("Nothing was checked: this draft had no quotes and no facts, so this receipt does "
                        "not show the answer is right.")


class ReceiptNotFound(UsageError):
    code = "receipt_not_found"


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
                 actor: str | None = None) -> dict[str, Any]:
    """Check a draft against the passages read from the store; a verified draft gets a receipt."""
    draft, refs = _check_arguments(draft, passages)
    read = read_refs(conn, refs, token_budget=token_budget)
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


# ---------------------------------------------------------------------------------------------
# For people: `stratakb receipt`
# ---------------------------------------------------------------------------------------------


def _marked(text: str, spans: Sequence[Sequence[int]]) -> str:
    """The text around the spans, each span marked >>> <<<."""
    if not spans:
        return text
    first, last = spans[0][0], spans[-1][1]
    a = max(0, first - CONTEXT_CHARS)
    b = min(len(text), last + CONTEXT_CHARS)
    out = ["..." if a > 0 else ""]
    pos = a
    for s, e in spans:
        out.append(text[pos:s])
        out.append(">>>" + text[s:e] + "<<<")
        pos = e
    out.append(text[pos:b])
    out.append("..." if b < len(text) else "")
    return "".join(out)


def _indent(text: str, prefix: str = "    | ") -> list[str]:
    return [prefix + esc(line) for line in text.split("\n")]


def format_receipt(r: dict[str, Any]) -> str:
    """A strata_get_receipt response as `stratakb receipt` prints it."""
    lines = [f"Receipt {r['receipt_id']} (issued {r['issued_at']})"]
    if r["kind"] == "extractive_answer":
        lines.append("Verification: extractive (the documents' own sentences, quoted by the server)")
    else:
        c = r.get("checked") or {}
        lines.append(f"Verification: {r['verification']} ({c.get('quotes', 0)} quotes and {c.get('facts', 0)} "
                     "facts checked against the passages as stored)")
    if r.get("verification_note"):
        lines.append(f"Note: {r['verification_note']}")
    if r.get("question"):
        lines.append(f"Question: {esc(r['question'])}")
    if r.get("draft"):
        lines.append("Draft:")
        lines.extend(_indent(r["draft"]))
    passages = {p["id"]: p for p in r.get("passages") or []}
    quotes = r.get("quotes") or []
    if quotes:
        lines.append("Quotes:")
    for i, q in enumerate(quotes, 1):
        if r["kind"] == "extractive_answer":
            where = _where(q)
            context = q.get("context_before", "") + ">>>" + q["text"] + "<<<" + q.get("context_after", "")
        else:
            p = passages.get(q["passage"], {})
            where = f"{q['passage']}, " + _where(p)
            context = _marked(p.get("text") or "", q.get("spans") or [])
        lines.append(f"  [{i}] {where}")
        lines.extend(_indent(context))
    facts = r.get("facts") or []
    if facts:
        lines.append("Facts:")
        for f in facts:
            lines.append(f"  {esc(f['text'])!s} found in {f['passage']}")
    if r.get("passages") and r["kind"] != "extractive_answer":
        lines.append("Passages read:")
        for p in r["passages"]:
            lines.append(f"  {p['id']} {_where(p)}")
    unchecked = r.get("unchecked_sentences") or []
    if unchecked:
        lines.append("Unchecked sentences (no quote or fact to compare; not checked):")
        lines.extend(f"  - {esc(s)}" for s in unchecked)
    return "\n".join(lines)


def _where(p: dict[str, Any]) -> str:
    parts = [esc(str(p.get("file")))]
    if p.get("page") is not None:
        parts.append(f"page {p['page']}")
    if p.get("lines"):
        parts.append(f"lines {p['lines']}")
    if p.get("clause_path"):
        parts.append(esc(p["clause_path"]))
    parts.append(f"ref {p.get('ref')}")
    return ", ".join(parts)

