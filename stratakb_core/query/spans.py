"""Reading cited spans back from the stored documents; does I/O (the store).

A ref (``d42:1830-1905``) names characters of a document's stored text. Whoever checks an answer
reads them here, never from the request. `read_refs` applies the spec's rules to each ref and
reads its text, or gives a passage flag instead:

* malformed: not dN:start-end with start < end;
* unknown_document: no such document in the store (removed since strata_ask);
* outside_document: the span does not lie inside the document's text;
* too_wide: wider than twice the layer's chunk_size, unless it starts where a stored section
  starts and ends inside that section (an exact clause), which may be as long as an exact clause
  can be under ANSWER_TOKEN_BUDGET (4 characters a token, never under 200);
* changed: the span is no longer a passage of the stored document: not a chunk, not a section's
  start to a word's end inside it, not whole sentences. The document changed since strata_ask, or
  the ref was altered.

`load_documents` gives what extractive answers need of each document: its current version's text,
lines, pages, headings, and sentences.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import psycopg

from stratakb_core.query.sentences import Sentence, split_sentences
from stratakb_core.store.document_reads import chunk_spans, current_versions

__all__ = ["REF", "ReadSpan", "StoredDocument", "load_documents", "parse_ref", "read_refs"]

REF = re.compile(r"d(\d{1,18}):(\d{1,10})-(\d{1,10})")
DEFAULT_CHUNK_SIZE = 800
MIN_EXACT_CHARS = 200


def parse_ref(ref: Any) -> tuple[int, int, int] | None:
    if not isinstance(ref, str):
        return None
    m = REF.fullmatch(ref.strip())
    if not m:
        return None
    doc, start, end = (int(g) for g in m.groups())
    return (doc, start, end) if start < end else None


@dataclass
class StoredDocument:
    """A document's current version, as extractive answers and strata_verify read it."""

    id: int
    layer: str
    file: str
    version_id: str
    text: str
    kind: str
    first_line: int
    pages: list[list[int]] | None
    chunk_size: int
    sections: list[tuple[int, int, int, str | None, tuple[str, ...]]] = field(default_factory=list)
    # (ordinal, start, level, heading, path)

    def line_of(self, offset: int) -> int:
        return self.first_line + self.text.count("\n", 0, offset)

    def page_of(self, offset: int) -> int | None:
        if not self.pages:
            return None
        for i, (a, b) in enumerate(self.pages):
            if a <= offset < b:
                return i + 1
        return None

    @property
    def text_origin(self) -> str:
        return "ocr" if self.kind == "ocr" or self.kind.endswith("_ocr") else "text"

    @cached_property
    def sentences(self) -> list[Sentence]:
        heads = [start for _o, start, _l, heading, _p in self.sections if heading]
        return split_sentences(self.text, headings=heads, pages=self.pages)

    def clause_end(self, ordinal: int, level: int) -> int:
        """Where the clause that starts with section `ordinal` ends: the next heading at its level
        or above, so its subclauses come with it (as exact lookups read it)."""
        for o, start, lvl, _h, _p in self.sections:
            if o > ordinal and lvl <= level:
                return start
        return len(self.text)

    def section_at(self, offset: int) -> tuple[str, ...]:
        path: tuple[str, ...] = ()
        for _o, start, _l, _h, p in self.sections:
            if start > offset:
                break
            path = p
        return path


def load_documents(conn: psycopg.Connection, doc_ids: Sequence[int]) -> dict[int, StoredDocument]:
    """The documents' current versions, with their sections and their layer's chunk size."""
    rows, sections = current_versions(conn, doc_ids)
    docs: dict[int, StoredDocument] = {}
    for r in rows:
        chunk_size = int((r[8] or {}).get("chunk_size") or DEFAULT_CHUNK_SIZE)
        docs[r[0]] = StoredDocument(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], chunk_size)
    for doc_id, ordinal, start, level, heading, path in sections:
        if doc_id in docs:
            docs[doc_id].sections.append((ordinal, start, level, heading, tuple(path or ())))
    return docs


@dataclass(frozen=True)
class ReadSpan:
    """One passage of a request, read from the store: its text, or a flag saying why not."""

    id: str  # S1
    ref: str
    text: str | None = None
    document_id: int | None = None
    version_id: str | None = None
    layer: str | None = None
    file: str | None = None
    start: int = 0
    end: int = 0
    lines: str | None = None
    page: int | None = None
    clause_path: str | None = None
    flag_reason: str | None = None
    flag_message: str | None = None

    def flag(self) -> dict[str, Any] | None:
        if self.flag_reason is None:
            return None
        return {"kind": "passage", "reason": self.flag_reason, "passage": self.id, "ref": self.ref,
                "message": self.flag_message}

    def record(self) -> dict[str, Any]:
        """What a receipt keeps of the passage: where it is and the text the server read."""
        return {"id": self.id, "ref": self.ref, "document_id": self.document_id, "version_id": self.version_id,
                "layer": self.layer, "file": self.file, "lines": self.lines, "page": self.page,
                "clause_path": self.clause_path, "text": self.text}


def _is_section_span(doc: StoredDocument, start: int, end: int) -> tuple[bool, int]:
    """Whether the span starts where a section starts and ends inside its clause; and that clause's end."""
    for ordinal, s_start, level, heading, _path in doc.sections:
        if s_start == start and heading:
            clause_end = doc.clause_end(ordinal, level)
            return end <= clause_end, clause_end
    return False, 0


def _ends_at_word(text: str, end: int, clause_end: int) -> bool:
    stripped = len(text[:clause_end].rstrip())
    return end == stripped or (not text[end - 1].isspace() and (end >= len(text) or text[end].isspace()))


def _is_sentence_span(doc: StoredDocument, start: int, end: int) -> bool:
    starts = {s.start for s in doc.sentences}
    ends = {s.end for s in doc.sentences}
    return start in starts and end in ends


def read_refs(conn: psycopg.Connection, refs: Sequence[Any], *, token_budget: int) -> list[ReadSpan]:
    """Each ref's text as stored now (S1 first), or its passage flag."""
    parsed = [parse_ref(r) for r in refs]
    docs = load_documents(conn, [p[0] for p in parsed if p])
    chunks = chunk_spans(conn, list(docs))
    exact_max = max(MIN_EXACT_CHARS, token_budget * 4)
    out: list[ReadSpan] = []
    for i, (raw, p) in enumerate(zip(refs, parsed, strict=True), 1):
        pid = f"S{i}"
        shown = raw if isinstance(raw, str) else repr(raw)
        if p is None:
            out.append(ReadSpan(pid, shown, flag_reason="malformed",
                                flag_message=f"{pid}: {shown[:80]!r} is not a ref as strata_ask returns them "
                                             "(dN:start-end, start before end)"))
            continue
        doc_id, start, end = p
        doc = docs.get(doc_id)
        if doc is None:
            out.append(ReadSpan(pid, shown, document_id=doc_id, flag_reason="unknown_document",
                                flag_message=f"{pid}: document d{doc_id} is not in the store (removed since "
                                             "strata_ask?); ask again and verify with the refs it returns"))
            continue
        base = {"document_id": doc_id, "version_id": doc.version_id, "layer": doc.layer, "file": doc.file,
                "start": start, "end": end}
        if end > len(doc.text):
            out.append(ReadSpan(pid, shown, **base, flag_reason="outside_document",
                                flag_message=f"{pid}: {shown} lies outside its document ({len(doc.text):,} "
                                             "characters); it changed since strata_ask, or the ref was altered"))
            continue
        width = end - start
        section_start, clause_end = _is_section_span(doc, start, end)
        limit = 2 * doc.chunk_size
        if width > limit and not (section_start and width <= exact_max):
            allowed = f"{limit:,}" + (f" ({exact_max:,} for a clause from its start)" if section_start else "")
            out.append(ReadSpan(pid, shown, **base, flag_reason="too_wide",
                                flag_message=f"{pid}: {shown} spans {width:,} characters, more than {allowed}; "
                                             "pass the refs exactly as strata_ask returned them"))
            continue
        unchanged = ((doc_id, start, end) in chunks
                     or (section_start and _ends_at_word(doc.text, end, clause_end))
                     or _is_sentence_span(doc, start, end))
        if not unchanged:
            out.append(ReadSpan(pid, shown, **base, flag_reason="changed",
                                flag_message=f"{pid}: {shown} no longer names a passage of {doc.file}: the "
                                             "document changed since strata_ask, or the ref was altered; pass "
                                             "the refs exactly as strata_ask returned them and verify again"))
            continue
        path = doc.section_at(start)
        out.append(ReadSpan(
            pid, shown, text=doc.text[start:end], **base,
            lines=f"{doc.line_of(start)}-{doc.line_of(max(start, end - 1))}", page=doc.page_of(start),
            clause_path=" > ".join(path) if path else None,
        ))
    return out
