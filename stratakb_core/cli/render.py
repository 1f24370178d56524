"""Rendering of `stratakb add` and `stratakb search` results for people (no I/O)."""

from __future__ import annotations

from stratakb_core.ingest.sync import AddResult
from stratakb_core.query.search import SearchResult
from stratakb_core.textsafe import escape_for_terminal as esc


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
        ("Skipped:", [f"{esc(n.file)} ({n.reason})" for n in r.skipped]),
        ("Excluded:", [f"{esc(n.file)} ({n.reason})" for n in r.excluded]),
        ("Flagged:", [
            f"{esc(n.file)} ({n.reason}{'' if n.count is None else f', {n.count} left out'})"
            for n in r.flagged
        ]),
        ("Errors:", [f"{esc(n.file)} ({n.reason}): {esc(n.message or '')}" for n in r.errors]),
        ("Notes:", [esc(n) for n in r.notes]),
    ]
    for title, items in sections:
        if items:
            lines.append(title)
            lines.extend(f"  {item}" for item in items)
    return "\n".join(lines)


def search_report(query: str, results: list[SearchResult], *, max_text: int = 600) -> str:
    if not results:
        return f"No passages found for: {esc(query)}"
    out = []
    for i, r in enumerate(results, 1):
        where = f"{esc(r.file)}, lines {r.line_start}-{r.line_end}"
        if r.page is not None:
            where += f", page {r.page}"
        out.append(f"[{i}] {where}  (layer {esc(r.layer)}, similarity {r.similarity:.2f})")
        if r.clause_path:
            out.append(f"    section: {esc(r.clause_path)}")
        text = r.text if len(r.text) <= max_text else r.text[:max_text].rsplit(" ", 1)[0] + " ..."
        for line in text.splitlines():
            out.append(f"    | {esc(line)}")
        out.append("")
    return "\n".join(out).rstrip()


def _cite(c: dict) -> str:
    parts = [esc(str(c.get("file")))]
    if c.get("page") is not None:
        parts.append(f"page {c['page']}")
    parts.append(f"lines {c.get('lines')}")
    if c.get("clause_path"):
        parts.append(esc(c["clause_path"]))
    parts.append(f"layer {esc(str(c.get('layer')))}")
    if c.get("date"):
        parts.append(f"dated {c['date']} ({c.get('date_source')})")
    if c.get("replaced_by"):
        parts.append(f"replaced by {esc(c['replaced_by'])}")
    if c.get("archived"):
        parts.append("archived")
    return ", ".join(parts)


def ask_report(question: str, resp: dict) -> str:
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
        out.append(f"[{p['id']}] {_cite(p['citation'])}  ref {p['ref']}")
        for line in p["text"].splitlines():
            out.append(f"    | {esc(line)}")
        out.append("")
    if not resp.get("passages"):
        out.append("No passages.")
    return "\n".join(out).rstrip()


def search_response_report(resp: dict) -> str:
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
