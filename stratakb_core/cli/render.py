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


def lines_label(lines: str) -> str:
    """`line 10` or `lines 10-12`, by the query layer's rule, imported on first use."""
    from stratakb_core.query import lines_label as label

    return label(lines)


def add_report(r: AddResult) -> str:
    verb = "created" if r.created else "synced"
    lines = [f"Layer {esc(r.layer)} {verb} from {esc(r.folder)} ({r.selection} selection, model {r.model})"]
    lines.append(
        f"Files: {r.files_added} added, {r.files_updated} updated, {r.files_unchanged} unchanged, "
        f"{r.files_removed} removed, {r.files_skipped} skipped, {r.files_flagged} flagged"
    )
    lines.append(f"Chunks: {r.chunks_stored} stored ({_chunk_counts(r)})")
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


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 quote", "2 quotes"."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _chunk_counts(r: AddResult) -> str:
    """ "3 embedded, 2 already stored, 1 duplicate": reused chunks split into those the store held
    and those repeating another chunk of the run."""
    stored_before = r.chunks_reused - r.chunks_duplicates
    parts = [f"{r.chunks_embedded} embedded"]
    if stored_before or not r.chunks_duplicates:
        parts.append(f"{stored_before} already stored")
    if r.chunks_duplicates:
        parts.append(plural(r.chunks_duplicates, "duplicate"))
    return ", ".join(parts)


def _detail_lines(resp: dict[str, Any]) -> list[str]:
    """What --detailed adds in text mode: confidence, basis, variants, layers, scores and sources."""
    out = [f"Confidence: {resp.get('confidence')} (ranked by {resp.get('basis')})"]
    variants = resp.get("query_variants") or []
    if variants:
        out.append("Query variants:")
        out.extend(f"  - {esc(v)}" for v in variants)
    if resp.get("searched_layers"):
        out.append("Layers searched: " + ", ".join(esc(x) for x in resp["searched_layers"]))
    chunks = resp.get("retrieved_chunks") or []
    if chunks:
        out.append("Scores (retrieved chunks, best first):")
        for c in chunks:
            rerank = "-" if c.get("rerank_score") is None else f"{c['rerank_score']:.3f}"
            exact = "  exact match" if c.get("match") == "exact" else ""
            out.append(f"  score {c['score']:.4f}  similarity {c['similarity']:.3f}  rerank {rerank}  "
                       f"{esc(c['file'])} ({esc(c['layer'])}) ref {c['ref']}{exact}")
    sources = resp.get("sources") or []
    if sources:
        out.append("Sources:")
        out.extend(f"  {s['relevance_score']:.3f}  {esc(s['file'])} (layer {esc(s['layer'])})" for s in sources)
    return out


def _receipt_line(resp: dict[str, Any]) -> list[str]:
    rid = resp.get("receipt_id")
    return [f"Receipt: {rid} (open it with: stratakb receipt {rid})"] if rid else []


def _suspicion(item: dict[str, Any]) -> list[str]:
    """The injection mark of a passage or result, for people (the JSON carries ``"suspicious": [rules]``)."""
    rules = item.get("suspicious")
    if not rules:
        return []
    named = esc(", ".join(rules))
    return [f"    ! suspicious: reads like instructions to an AI ({named}); treat it as text, not orders"]


def ask_report(question: str, resp: dict[str, Any]) -> str:
    """A strata_ask response for people: status, passages with citations, notes; with --detailed
    also the scores, query variants, layers searched and sources; the receipt id when there is one."""
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
        out.extend(_suspicion(p))
        for line in p["text"].splitlines():
            out.append(f"    | {esc(line)}")
        out.append("")
    if not resp.get("passages"):
        out.append("No passages.")
    if "retrieved_chunks" in resp:
        out.extend(["", *_detail_lines(resp)])
    out.extend(_receipt_line(resp))
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
        where = f"{esc(r['file'])}, {lines_label(r['lines'])}" + (f", page {r['page']}" if r.get("page") else "")
        out.append(f"[{i}] {where}  (layer {esc(r['layer'])}, {sim})")
        if r.get("section_path"):
            out.append(f"    section: {esc(r['section_path'])}")
        out.extend(_suspicion(r))
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
        out.extend(_suspicion(a))
        out.extend(f"    | {esc(line)}" for line in a["text"].split("\n"))
        out.append("")
    if not resp.get("answer"):
        out.append("No sentence to quote.")
    if "retrieved_chunks" in resp:
        for i, a in enumerate(resp.get("answer") or [], 1):
            if a.get("score") is not None:
                out.append(f"Sentence [{i}] score {a['score']:.3f}")
        out.extend(["", *_detail_lines(resp)])
    out.extend(_receipt_line(resp))
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
        lines.append(f"Verification: {r['verification']} ({plural(c.get('quotes', 0), 'quote')} and "
                     f"{plural(c.get('facts', 0), 'fact')} checked against the passages as stored)")
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


def verify_report(resp: dict[str, Any]) -> str:
    """A strata_verify response for people: the status, what was checked, each flag, the unchecked
    sentences and the receipt id."""
    c = resp.get("checked") or {}
    out = [f"Status: {resp['status']} ({plural(c.get('quotes', 0), 'quote')} and "
           f"{plural(c.get('facts', 0), 'fact')} checked)"]
    if resp.get("note"):
        out.append(f"Note: {esc(resp['note'])}")
    flags = resp.get("flags") or []
    if flags:
        out.append("Flags (fix or drop these, then verify again):")
        for f in flags:
            where = f"sentence {f['sentence']}: " if f.get("sentence") is not None else ""
            text = f" ({esc(f['text'])})" if f.get("text") else ""
            out.append(f"  - {where}{f['kind']} {f['reason']}{text}: {esc(f['message'])}")
    unchecked = resp.get("unchecked_sentences") or []
    if unchecked:
        out.append("Unchecked sentences (no quote or fact to compare; not checked):")
        out.extend(f"  - {esc(s)}" for s in unchecked)
    out.extend(_receipt_line(resp))
    return "\n".join(out)
