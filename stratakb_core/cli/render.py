"""Rendering for people: `stratakb add`, `ask`, `search` and `receipt` output (no I/O).

Every citation goes through `citation_text`, the formatter the MCP wire citations come from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stratakb_core.ingest.sync_result import AddResult
from stratakb_core.textsafe import escape_for_terminal as esc

RECEIPT_CONTEXT_CHARS = 120


def citation_text(citation: dict[str, Any], **kwargs: Any) -> str:
    """The query layer's citation formatter, imported on first use: `stratakb add` loads no query code."""
    from stratakb_core.query import citation_text as formatter

    return formatter(citation, **kwargs)


def add_report(r: AddResult) -> str:
    verb = "created" if r.created else "synced"
    lines = [f"Layer {esc(r.layer)} {verb} from {esc(r.folder)} ({r.selection} selection, model {r.model})"]
    lines.append(
        f"Files: {r.files_added} added, {r.files_updated} updated, {r.files_unchanged} unchanged, "
        f"{r.files_removed} removed, {r.files_skipped} skipped, {r.files_flagged} flagged"
    )
    lines.append(
        f"Chunks: {r.chunks_stored} stored ({r.chunks_embedded} embedded, {r.chunks_reused} reused)"
    )
    if r.interrupted:
        lines.append("Interrupted: what was stored stays; run the same command again to carry on.")
    sections = [
        ("Removed:", [f"{esc(n.file)} ({n.reason})" for n in r.removed]),
        ("Skipped:", [f"{esc(n.file)} ({n.reason}{': ' + esc(n.message) if n.message else ''})"
                      for n in r.skipped]),
        ("Excluded:", [f"{esc(n.file)} ({n.reason})" for n in r.excluded]),
        ("Flagged:", [
            f"{esc(n.file)} ({n.reason}{'' if n.count is None else f', {n.count} left out'})"
            for n in r.flagged
        ]),
        ("Redacted:", [f"{esc(f)} (" + ", ".join(f"{k} {n}" for k, n in c.items()) + ")"
                       for f, c in r.redacted]),
        ("Errors:", [f"{esc(n.file)} ({n.reason}): {esc(n.message or '')}" for n in r.errors]),
        ("Notes:", [esc(n) for n in r.notes]),
    ]
    for title, items in sections:
        if items:
            lines.append(title)
            lines.extend(f"  {item}" for item in items)
    return "\n".join(lines)


def ask_report(question: str, resp: dict[str, Any]) -> str:
    """A strata_ask response for people: status, passages with citations, notes."""
    status = resp.get("answer_status") or resp.get("status")
    out = [f"Question: {esc(question)}", f"Status: {status} ({resp.get('mode')} mode)"]
    for key in ("note", "warning", "next_step"):
        if resp.get(key):
            out.append(f"{key.replace('_', ' ').capitalize()}: {esc(resp[key])}")
    if resp.get("routing_fallback"):
        out.append(f"Routing fell back to all layers ({resp['routing_fallback']['reason']})")
    out.append("")
    for p in resp.get("passages", []):
        out.append(f"[{p['id']}] {citation_text(p['citation'])}  ref {p['ref']}")
        for line in p["text"].splitlines():
            out.append(f"    | {esc(line)}")
        out.append("")
    if not resp.get("passages"):
        out.append("No passages.")
    return "\n".join(out).rstrip()


def search_response_report(resp: dict[str, Any]) -> str:
    """A strata_search response for people."""
    results = resp.get("results", [])
    out = [f"Confidence: {resp.get('confidence')} ({resp.get('basis')})"]
    for key in ("note", "warning"):
        if resp.get(key):
            out.append(f"{key.capitalize()}: {esc(resp[key])}")
    if resp.get("routing_fallback"):
        out.append(f"Routing fell back to all layers ({resp['routing_fallback']['reason']})")
    if not results:
        out.append(f"No passages found for: {esc(resp.get('query', ''))}")
    for i, r in enumerate(results, 1):
        sim = "exact match" if r.get("match") == "exact" else f"similarity {r['similarity']:.2f}"
        where = f"{esc(r['file'])}, lines {r['lines']}" + (f", page {r['page']}" if r.get("page") else "")
        out.append(f"[{i}] {where}  (layer {esc(r['layer'])}, {sim})")
        if r.get("section_path"):
            out.append(f"    section: {esc(r['section_path'])}")
        text = r["text"] if len(r["text"]) <= 600 else r["text"][:600].rsplit(" ", 1)[0] + " ..."
        out.extend(f"    | {esc(line)}" for line in text.splitlines())
        out.append("")
    return "\n".join(out).rstrip()


def extractive_report(question: str, resp: dict[str, Any]) -> str:
    """An extractive strata_ask response for people: status, notes, each sentence as written with
    its citation, and the receipt."""
    status = resp.get("answer_status") or resp.get("status")
    out = [f"Question: {esc(question)}", f"Status: {status} (extractive mode: the documents' own sentences)"]
    for key in ("note", "warning", "next_step"):
        if resp.get(key):
            out.append(f"{key.replace('_', ' ').capitalize()}: {esc(resp[key])}")
    out.append("")
    for i, a in enumerate(resp.get("answer") or [], 1):
        ocr = "  (scanned text: check the original page)" if a.get("text_origin") == "ocr" else ""
        out.append(f"[{i}] {citation_text(a['citation'])}  ref {a['ref']}{ocr}")
        out.extend(f"    | {esc(line)}" for line in a["text"].split("\n"))
        out.append("")
    if not resp.get("answer"):
        out.append("No sentence to quote.")
    if resp.get("receipt_id"):
        out.append(f"Receipt: {resp['receipt_id']} (open it with: stratakb receipt {resp['receipt_id']})")
    return "\n".join(out).rstrip()


def _marked(text: str, spans: Sequence[Sequence[int]]) -> str:
    """The text around the spans, each span marked >>> <<<."""
    if not spans:
        return text
    first, last = spans[0][0], spans[-1][1]
    a = max(0, first - RECEIPT_CONTEXT_CHARS)
    b = min(len(text), last + RECEIPT_CONTEXT_CHARS)
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


def _where(p: dict[str, Any]) -> str:
    return f"{citation_text(p, provenance=False)}, ref {p.get('ref')}"


def _receipt_quotes(r: dict[str, Any]) -> list[str]:
    passages = {p["id"]: p for p in r.get("passages") or []}
    quotes = r.get("quotes") or []
    lines = ["Quotes:"] if quotes else []
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
    return lines


def receipt_report(r: dict[str, Any]) -> str:
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
    lines.extend(_receipt_quotes(r))
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
