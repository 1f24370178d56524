"""Extractive answers: the documents' own sentences, chosen without a language model; does I/O
(reads the stored document text through `spans`).

For the passages an answer hands back (spec "Extractive answers"):

* Each quoted text is exactly the span its ref names in the stored document, whole sentences only
  (`sentences`), even when a passage starts or stops inside one. A sentence over 2,000 characters,
  or one a page break splits, is never quoted.
* A clause the question names is quoted sentence by sentence, in order, up to its share of the
  budget (`missing.share_budget`), without the model. When part of it is left out (a sentence too
  long to quote, split by a page break, or over the budget) the answer is partly_found and a note
  names the clause and says why.
* Otherwise every whole sentence the passages touch is scored against the question by the
  reranking model, and the best ones at or above the medium threshold are returned, at most 5,
  within the budget (the first always). Status is judged on them: found at the high mark,
  partly_found at the medium one; below it, not_found with no answer and no guess.
* Passages whose document text was not kept (stored before it was) cannot be quoted; when they are
  all that matched, the answer is not_found with "Re-ingest this layer to enable extractive answers."
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg

from stratakb_core.query.missing import Fit, clause_label, left_out_note, share_budget, tokens
from stratakb_core.query.sentences import MAX_SENTENCE_CHARS, Sentence, overlapping
from stratakb_core.query.spans import StoredDocument, load_documents

__all__ = [
    "MAX_SCORED_SENTENCES",
    "MAX_SENTENCES",
    "REINGEST_NOTE",
    "Extraction",
    "Source",
    "answer_extractive",
]

MAX_SENTENCES = 5
# The model reads each (question, sentence) pair: cap the pairs an answer costs (DESIGN.md §8).
MAX_SCORED_SENTENCES = 60
CONTEXT_CHARS = 120
REINGEST_NOTE = "Re-ingest this layer to enable extractive answers."
OCR_WARNING = "A quoted sentence comes from scanned text (OCR): check it against the original page."


@dataclass(frozen=True)
class Source:
    """A returned passage an extractive answer may quote: its id, the candidate (a chunk or a named
    clause) and, for a named clause, where the whole clause ends."""

    passage_id: str
    candidate: Any  # answer.Candidate: document_id, start, end, text, exact, section_path, layer, file
    clause_end: int | None = None


Cite = Callable[[Any, int, int, int, int, "int | None", tuple[str, ...]], dict[str, Any]]


@dataclass
class Extraction:
    status: str = "not_found"
    items: list[dict[str, Any]] = field(default_factory=list)
    scores: list[float | None] = field(default_factory=list)
    quotes: list[dict[str, Any]] = field(default_factory=list)  # what a receipt keeps of each
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # the quoted sentences, for the names check

    def drop_answer(self) -> None:
        self.items, self.scores, self.quotes, self.texts = [], [], [], []


@dataclass(frozen=True)
class _Quote:
    source: Source
    doc: StoredDocument
    sentence: Sentence
    item: dict[str, Any]
    cost: int


def _quote(src: Source, doc: StoredDocument, s: Sentence, cite: Cite) -> _Quote:
    path = doc.section_at(s.start) or tuple(src.candidate.section_path)
    citation = cite(src.candidate, s.start, s.end, doc.line_of(s.start), doc.line_of(max(s.start, s.end - 1)),
                    doc.page_of(s.start), path)
    item = {"text": doc.text[s.start:s.end], "ref": f"d{doc.id}:{s.start}-{s.end}", "passage": src.passage_id,
            "citation": citation, "text_origin": doc.text_origin}
    return _Quote(src, doc, s, item, tokens(item))


def _record(q: _Quote) -> dict[str, Any]:
    s, doc, item = q.sentence, q.doc, q.item
    return {
        "passage": item["passage"], "ref": item["ref"], "document_id": doc.id, "version_id": doc.version_id,
        "layer": doc.layer, "file": doc.file, "lines": item["citation"].get("lines"),
        "page": item["citation"].get("page"), "clause_path": item["citation"].get("clause_path"),
        "text_origin": item["text_origin"], "text": item["text"],
        "context_before": doc.text[max(0, s.start - CONTEXT_CHARS):s.start],
        "context_after": doc.text[s.end:s.end + CONTEXT_CHARS],
    }


def _take(out: Extraction, quotes: Sequence[_Quote], scores: Sequence[float | None]) -> None:
    for q, score in zip(quotes, scores, strict=True):
        out.items.append(q.item)
        out.scores.append(score)
        out.quotes.append(_record(q))
        out.texts.append(q.item["text"])
    if any(q.item["text_origin"] == "ocr" for q in quotes):
        out.warnings.append(OCR_WARNING)


def answer_extractive(conn: psycopg.Connection, question: str, sources: Sequence[Source], *, budget: int,
                      cite: Cite, score: Callable[[str, list[str]], Sequence[float]], medium: float,
                      high: float) -> Extraction:
    """The extractive answer for the passages an answer hands back (named clauses first)."""
    out = Extraction()
    if not sources:
        return out
    docs = load_documents(conn, [s.candidate.document_id for s in sources])
    quotable = [s for s in sources if _kept_text(docs.get(s.candidate.document_id), s.candidate)]
    if not quotable:
        out.notes.append(REINGEST_NOTE)
        return out
    clauses = [s for s in quotable if s.candidate.exact]
    if clauses:
        _quote_clauses(out, clauses, docs, budget, cite)
    else:
        _choose_sentences(out, question, quotable, docs, budget, cite, score, medium, high)
    return out


def _kept_text(doc: StoredDocument | None, c: Any) -> bool:
    """Whether the stored document text holds the passage where its ref says (passages stored
    before document text was kept have no text to quote)."""
    return doc is not None and c.end <= len(doc.text) and doc.text[c.start:c.end] == c.text


def _quote_clauses(out: Extraction, clauses: Sequence[Source], docs: dict[int, StoredDocument], budget: int,
                   cite: Cite) -> None:
    per_clause: list[tuple[Source, list[_Quote], int, int]] = []
    for src in clauses:
        c = src.candidate
        doc = docs[c.document_id]
        end = src.clause_end if src.clause_end is not None else c.end
        inside = [s for s in doc.sentences if s.start >= c.start and s.end <= end]
        too_long = sum(1 for s in inside if s.too_long)
        split = sum(1 for s in inside if not s.whole and not s.too_long)
        per_clause.append((src, [_quote(src, doc, s, cite) for s in inside if s.quotable], too_long, split))

    def min_cost(entry: tuple[Source, list[_Quote], int, int]) -> int:
        return entry[1][0].cost if entry[1] else 0

    def fit(entry: tuple[Source, list[_Quote], int, int], allowance: int) -> Fit[list[_Quote]]:
        taken: list[_Quote] = []
        used = 0
        for q in entry[1]:
            if taken and used + q.cost > allowance:
                break
            taken.append(q)
            used += q.cost
        return Fit(taken, used, len(taken) < len(entry[1]))

    shared = share_budget(per_clause, budget, min_cost=min_cost, fit=fit)
    partial = False
    for (src, quotes, too_long, split), f in shared.kept:
        _take(out, f.value, [None] * len(f.value))
        reasons = []
        over = len(quotes) - len(f.value)
        if over:
            reasons.append(f"{over} sentence{'s' if over != 1 else ''} over the answer budget")
        if too_long:
            reasons.append(f"{too_long} sentence{'s' if too_long != 1 else ''} too long to quote "
                           f"(over {MAX_SENTENCE_CHARS:,} characters)")
        if split:
            reasons.append(f"{split} sentence{'s' if split != 1 else ''} split by a page break")
        if reasons:
            partial = True
            label = clause_label(src.candidate.section_path, src.candidate.file)
            what = "not quoted at all" if not f.value else "quoted in part"
            out.notes.append(f"Clause {label} is {what}: {', '.join(reasons)} left out. Read the whole "
                             "clause in the file.")
    note = left_out_note([clause_label(s.candidate.section_path, s.candidate.file) for s, *_ in shared.left_out])
    if note:
        partial = True
        out.notes.append(note)
    if out.items:
        out.status = "partly_found" if partial else "found"


def _choose_sentences(out: Extraction, question: str, sources: Sequence[Source], docs: dict[int, StoredDocument],
                      budget: int, cite: Cite, score: Callable[[str, list[str]], Sequence[float]], medium: float,
                      high: float) -> None:
    seen: set[tuple[int, int]] = set()
    candidates: list[_Quote] = []
    too_long = 0
    for src in sources:
        c = src.candidate
        doc = docs[c.document_id]
        for s in overlapping(doc.sentences, c.start, c.end):
            if (doc.id, s.start) in seen:
                continue
            seen.add((doc.id, s.start))
            if s.too_long:
                too_long += 1
            if s.quotable:
                candidates.append(_quote(src, doc, s, cite))
    candidates = candidates[:MAX_SCORED_SENTENCES]
    if not candidates:
        if too_long:
            out.notes.append(f"The matching text is in blocks over {MAX_SENTENCE_CHARS:,} characters, which are "
                             "never quoted.")
        return
    scores = [float(x) for x in score(question, [q.item["text"] for q in candidates])]
    ranked = sorted(zip(candidates, scores, strict=True), key=lambda x: -x[1])
    picked: list[tuple[_Quote, float]] = []
    used = 0
    for q, s in ranked:
        if s < medium or len(picked) >= MAX_SENTENCES:
            break
        if picked and used + q.cost > budget:
            continue
        picked.append((q, s))
        used += q.cost
    if not picked:
        return
    _take(out, [q for q, _ in picked], [s for _, s in picked])
    out.status = "found" if picked[0][1] >= high else "partly_found"
