"""Reading past a passage: a whole document page by page, and a passage widened to its clause;
does I/O (the store, and the tables folder for a spreadsheet's tables).

``read_document`` returns a document's stored text in order from ``start`` (a character offset),
one page at a time: a page fits the token budget (about 4 characters a token, the page's
metadata counted) and ends at a line break (inside one very long line, at a word). ``next`` is
where the following page starts, None on the last. Each page gives its ref, line range, PDF
pages, the sections it touches, and a citation with the document's date, ``replaced_by`` and
``archived`` as strata_ask gives them.

``expand`` widens a passage ref to the whole clause it sits in: the deepest section holding the
ref's start, to the next heading at its level or above (its subclauses come too), as an exact
clause lookup reads it. It adds the parent heading and the previous and next sibling sections,
their text only when it fits the budget left after the clause. A clause over the budget comes
back from its start, cut at a word, with ``"cut": true`` and a note, as the spec's "cut clause"
rule says; a clause of 200 characters or less is never cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import psycopg

from stratakb_core.errors import ArgumentError
from stratakb_core.patterns import is_archived
from stratakb_core.query.missing import (
    CHARS_PER_TOKEN,
    NEVER_CUT_CHARS,
    clause_label,
    cut_at_word,
    cut_note,
    fit_text,
    tokens,
)
from stratakb_core.query.spans import parse_ref
from stratakb_core.store.documents_read import DocumentText, SectionRow, document_sections, document_text

__all__ = ["DEFAULT_READ_TOKENS", "expand", "read_document"]

DEFAULT_READ_TOKENS: Final = 1500
MAX_READ_TOKENS: Final = 50_000
MAX_PAGE_SECTIONS: Final = 50


def _budget(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 100 <= value <= MAX_READ_TOKENS:
        raise ArgumentError("budget_tokens", f"budget_tokens must be a whole number from 100 to "
                                   f"{MAX_READ_TOKENS:,}, not {value!r}")
    return value


def _find(conn: psycopg.Connection, layer: Any, path: Any, document_id: Any, ref: Any,
          ) -> tuple[DocumentText, int | None]:
    """The document named one way or another, and the ref's start when a ref named it."""
    given = [n for n, v in (("path", path), ("document_id", document_id), ("ref", ref)) if v is not None]
    if len(given) != 1:
        raise ArgumentError("document", "name the document one way: layer and path, document_id, or ref")
    ref_start = None
    if ref is not None:
        parsed = parse_ref(ref)
        if parsed is None:
            raise ArgumentError("ref", f"ref must look like d42:1830-1905, not {ref!r}")
        document_id, ref_start, _end = parsed
    if path is not None:
        if not isinstance(layer, str) or not isinstance(path, str):
            raise ArgumentError("path", "a path needs its layer, both strings")
        doc = document_text(conn, layer=layer, path=path)
        what = f"no document {path!r} in layer {layer!r}"
    else:
        if isinstance(document_id, bool) or not isinstance(document_id, int):
            raise ArgumentError("document_id", f"document_id must be a whole number, not {document_id!r}")
        doc = document_text(conn, document_id=document_id)
        what = f"no document d{document_id} in the store (removed or re-added since cited?)"
    if doc is None:
        raise ArgumentError(given[0], what)
    return doc, ref_start


def _page_of(doc: DocumentText, offset: int) -> int | None:
    for i, (a, b) in enumerate(doc.pages or []):
        if a <= offset < b:
            return i + 1
    return None


def _line(doc: DocumentText, offset: int) -> int:
    return doc.first_line + doc.text.count("\n", 0, offset)


def _section_at(sections: Sequence[SectionRow], offset: int) -> SectionRow | None:
    found = None
    for s in sections:
        if s.start <= offset < max(s.end, s.start + 1):
            if found is None or s.level >= found.level:
                found = s
        elif s.start > offset:
            break
    return found


def citation(doc: DocumentText, start: int, end: int, path: Sequence[str]) -> dict[str, Any]:
    """The citation of text[start:end] as strata_ask gives one, with the document's labels."""
    cit: dict[str, Any] = {
        "file": doc.path, "page": _page_of(doc, start),
        "lines": f"{_line(doc, start)}-{_line(doc, max(start, end - 1))}",
        "clause_path": " > ".join(path) if path else None, "layer": doc.layer,
        "date": doc.date, "date_source": doc.date_source,
    }
    if doc.replaced_by:
        cit["replaced_by"] = doc.replaced_by
    if doc.archived_patterns and is_archived(doc.path, doc.archived_patterns):
        cit["archived"] = True
    return cit


def _page_end(text: str, start: int, max_chars: int) -> int:
    if len(text) - start <= max_chars:
        return len(text)
    cut = text.rfind("\n", start, start + max_chars)
    if cut >= start:
        return cut + 1
    n = cut_at_word(text[start:start + max_chars + 1], max_chars)
    return start + max(n, 1)


def read_document(conn: psycopg.Connection, *, layer: str | None = None, path: str | None = None,
                  document_id: int | None = None, ref: str | None = None, start: int | None = None,
                  budget_tokens: int = DEFAULT_READ_TOKENS, tables_dir: Any = None) -> dict[str, Any]:
    """One page of the document's stored text from start; see the module docstring.

    Name the document by layer and path, by document_id, or by a passage ref (reading then
    starts at the line holding the ref unless start is given). tables_dir, when given, adds a
    spreadsheet's materialized tables (names for table_query)."""
    budget = _budget(budget_tokens)
    doc, ref_start = _find(conn, layer, path, document_id, ref)
    text = doc.text
    if start is None:
        start = 0 if ref_start is None else text.rfind("\n", 0, min(ref_start, len(text))) + 1
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= len(text):
        raise ArgumentError("start", f"start must be a character offset from 0 to {len(text)}, not {start!r}")
    sections = document_sections(conn, doc.id)
    head = {"status": "ok", "document_id": doc.id, "file": doc.path, "layer": doc.layer, "kind": doc.kind,
            "total_chars": len(text), "start": start}
    # What the page's metadata costs, roughly, before its text is known.
    overhead = tokens(head) + 120
    end = _page_end(text, start, max(200, (budget - overhead) * CHARS_PER_TOKEN))
    touched = [s for s in sections if s.start < end and max(s.end, s.start + 1) > start]
    at = _section_at(sections, start)
    out = head | {
        "end": end, "next": end if end < len(text) else None,
        "ref": f"d{doc.id}:{start}-{end}" if end > start else None,
        "text": text[start:end],
        "lines": f"{_line(doc, start)}-{_line(doc, max(start, end - 1))}",
        "pages": sorted({p for p in (_page_of(doc, s) for s in _page_starts(doc, start, end)) if p}),
        "sections": [{"clause_path": " > ".join(s.path) or None, "heading": s.heading, "start": s.start,
                      "line": _line(doc, s.start)} for s in touched[:MAX_PAGE_SECTIONS]],
        "citation": citation(doc, start, end, at.path if at else ()),
    }
    notes = []
    if len(touched) > MAX_PAGE_SECTIONS:
        notes.append(f"The page touches {len(touched)} sections; the first {MAX_PAGE_SECTIONS} are listed.")
    if doc.flags:
        out["flags"] = doc.flags
    if tables_dir is not None and doc.kind in ("csv", "xlsx"):
        out["tables"], note = _tables_of(doc, tables_dir)
        if note:
            notes.append(note)
    if notes:
        out["note"] = " ".join(notes)
    return out


def _page_starts(doc: DocumentText, start: int, end: int) -> list[int]:
    """The offsets where each PDF page the range touches begins within it (start for the first)."""
    offsets = [start]
    for a, _b in doc.pages or []:
        if start < a < end:
            offsets.append(a)
    return offsets


def _tables_of(doc: DocumentText, tables_dir: Any) -> tuple[list[dict[str, Any]], str | None]:
    from pathlib import Path

    from stratakb_core.store.table_registry import read_manifest, table_dir

    tables = read_manifest(table_dir(Path(tables_dir), doc.layer, doc.content_hash)) or []
    listed = [{"table": f"d{doc.id}.s{t.sheet_index}", "sheet": t.sheet, "rows": t.rows,
               **({"refused": t.refused} if t.refused else {})} for t in tables]
    if not listed:
        return [], None
    cut = any(f.get("kind") == "truncated" for f in doc.flags)
    return listed, ("The stored text holds only part of the rows; table_query computes over every row of "
                    + ", ".join(t["table"] for t in listed if "refused" not in t) + "." if cut else None)


def expand(conn: psycopg.Connection, ref: str, budget_tokens: int = DEFAULT_READ_TOKENS) -> dict[str, Any]:
    """The whole clause a passage ref sits in, with its parent heading and neighbours; see the
    module docstring."""
    budget = _budget(budget_tokens)
    parsed = parse_ref(ref)
    if parsed is None:
        raise ArgumentError("ref", f"ref must look like d42:1830-1905, not {ref!r}")
    doc_id, r_start, r_end = parsed
    doc = document_text(conn, document_id=doc_id)
    if doc is None:
        raise ArgumentError("ref", f"no document d{doc_id} in the store (removed or re-added since cited?)")
    if r_end > len(doc.text):
        raise ArgumentError("ref", f"{ref} lies outside the document ({len(doc.text)} characters)")
    sections = document_sections(conn, doc.id)
    s = _section_at(sections, r_start)
    start, end, path = _extent(doc, sections, s, r_start)
    clause, cost, cut = _clause(doc, start, end, path, budget)
    out: dict[str, Any] = {"status": "ok", "ref": ref, "clause": clause, "parent": None, "previous": None, "next": None}
    notes = []
    if cut:
        notes.append(cut_note([clause_label(path, doc.path)]))
    if r_end > end:
        notes.append("The passage runs past this clause into the next section.")
    if s is not None:
        idx = sections.index(s)
        parent = next((p for p in reversed(sections[:idx]) if p.level < s.level), None)
        if parent is not None:
            out["parent"] = {"heading": parent.heading, "clause_path": " > ".join(parent.path) or None,
                             "ref": f"d{doc.id}:{parent.start}-{max(parent.start + 1, parent.end)}"}
        left = budget - cost
        for key, sib in (("previous", _sibling(sections, idx, -1)), ("next", _sibling(sections, idx, 1))):
            if sib is None:
                continue
            out[key], left = _neighbour(doc, sections, sib, left)
    if notes:
        out["note"] = " ".join(notes)
    return out


def _extent(doc: DocumentText, sections: Sequence[SectionRow], s: SectionRow | None, offset: int,
            ) -> tuple[int, int, tuple[str, ...]]:
    """(start, end without trailing white space, path) of the clause starting with section s; with
    no section there, the stretch between the headings around offset."""
    if s is None:
        before = [x.end for x in sections if x.end <= offset]
        after = [x.start for x in sections if x.start > offset]
        start, end, path = (max(before) if before else 0), (min(after) if after else len(doc.text)), ()
    else:
        nxt = [x.start for x in sections if x.ordinal > s.ordinal and x.level <= s.level]
        start, end, path = s.start, (min(nxt) if nxt else len(doc.text)), s.path
    return start, start + len(doc.text[start:end].rstrip()), path


def _clause(doc: DocumentText, start: int, end: int, path: tuple[str, ...], budget: int,
            ) -> tuple[dict[str, Any], int, bool]:
    body = doc.text[start:end]

    def render(n: int) -> dict[str, Any]:
        return {"ref": f"d{doc.id}:{start}-{start + max(n, 1)}", "clause_path": " > ".join(path) or None,
                "text": body[:n], "citation": citation(doc, start, start + max(n, 1), path)}

    n, cost, was_cut = fit_text(body, budget, lambda k: tokens(render(k)))
    if len(body) <= NEVER_CUT_CHARS:
        n, was_cut = len(body), False
    clause = render(n) | {"cut": was_cut}
    return clause, cost, was_cut


def _sibling(sections: Sequence[SectionRow], idx: int, step: int) -> SectionRow | None:
    level = sections[idx].level
    i = idx + step
    while 0 <= i < len(sections):
        x = sections[i]
        if x.level < level:
            return None
        if x.level == level:
            return x
        i += step
    return None


def _neighbour(doc: DocumentText, sections: Sequence[SectionRow], sib: SectionRow, left: int,
               ) -> tuple[dict[str, Any], int]:
    start, end, path = _extent(doc, sections, sib, sib.start)
    item: dict[str, Any] = {"heading": sib.heading, "clause_path": " > ".join(path) or None,
                            "ref": f"d{doc.id}:{start}-{max(end, start + 1)}", "text": doc.text[start:end]}
    cost = tokens(item)
    if cost <= left:
        return item, left - cost
    item["text"] = None
    item["not_read"] = "over the budget left after the clause; expand its ref to read it"
    return item, left
