"""Responding, the last step of an answer: its status, answer mode, notes and warnings, and in
extractive mode the documents' own sentences with a receipt; does I/O (reads the documents'
sentences, stores the receipt).

found needs a passage at the high mark (or a named clause read), partly_found one at the medium
mark or a part missing (a clause cut or left out, sections not read), not_found neither, or none
of the names the question asks about in what came back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import psycopg

from stratakb_core.query.answer_types import KnownLayers, PackedAnswer, Ranking, Retrieval, RetrievedPassage
from stratakb_core.query.confidence import LOW_WARNING, SCALES, absent_note, judge_with_evidence, status_for
from stratakb_core.query.evidence import distinctive_terms
from stratakb_core.query.exact import exact_note
from stratakb_core.query.extractive import Extraction, Source, answer_extractive
from stratakb_core.query.missing import clause_label, cut_note, left_out_note
from stratakb_core.query.names import find_names, missing_names, missing_note
from stratakb_core.query.packing import Citer
from stratakb_core.query.receipts import issue_extractive
from stratakb_core.store.search_sql import rarest_word_held, terms_present

__all__ = ["Response", "absent_terms", "answer_mode", "respond"]

ScoreSentences = Callable[[str, list[str]], Sequence[float]]


@dataclass
class Response:
    """What `respond` works out; the engine adds the interaction id and makes it an Answer."""

    status: str
    mode: str
    confidence: str
    extraction: Extraction | None = None
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    receipt_id: str | None = None


def answer_mode(asked: str | None, passage_layers: Sequence[str], searched: Sequence[str],
                known: KnownLayers) -> str:
    """extractive when a passage's layer is (a layer's mode cannot be loosened), else as asked."""
    modes = {known.setting(layer, "answer_mode", "grounded") for layer in passage_layers}
    if passage_layers:
        return "extractive" if "extractive" in modes or asked == "extractive" else "grounded"
    if asked:
        return asked
    searched_modes = {known.setting(layer, "answer_mode", "grounded") for layer in searched}
    return "extractive" if "extractive" in searched_modes else "grounded"


def _extract(conn: psycopg.Connection, question: str, ranking: Ranking, packed: PackedAnswer, citer: Citer,
             budget: int, score: ScoreSentences) -> Extraction:
    whole = {(c.document_id, c.start): c.end for c in ranking.exact.passages}
    sources = [Source(p.id, p.passage, whole.get((p.passage.document_id, p.passage.start))
                      if p.passage.exact else None) for p in packed.passages]

    def cite_span(c: RetrievedPassage, start: int, end: int, line_start: int, line_end: int, page: int | None,
                  path: tuple[str, ...]) -> dict[str, Any]:
        span = replace(c, start=start, end=end, line_start=line_start, line_end=line_end, page=page,
                       section_path=path)
        return citer.cite(span).as_wire()

    return answer_extractive(conn, question, sources, budget=budget, cite=cite_span, score=score,
                             medium=SCALES["rerank"].medium, high=SCALES["rerank"].high)


def _check_names(question: str, out: Response, packed: PackedAnswer) -> None:
    """Names the question asks about that nothing returned holds lower the status."""
    names = find_names(question)
    texts = [p.passage.text for p in packed.passages] + [p.citation.file for p in packed.passages]
    absent = missing_names(names, texts + (out.extraction.texts if out.extraction else []))
    if not absent:
        return
    if len(absent) == len(names) and not any(p.passage.exact for p in packed.passages):
        out.status = "not_found"
    elif out.status == "found":
        out.status = "partly_found"
    out.notes.append(missing_note(absent))
    if out.status == "not_found" and out.mode == "grounded" and packed.passages:
        out.notes.append("The passages are related text, not the answer.")


def absent_terms(conn: psycopg.Connection, question: str, layers: Sequence[str]) -> list[str]:
    """The question's distinctive terms (acronyms, product names) that no chunk of `layers` holds."""
    terms = distinctive_terms(question)
    if not terms or not layers:
        return []
    present = terms_present(conn, layers, terms)
    return [t for t in terms if t not in present]


def _best_holds_rarest(conn: psycopg.Connection, question: str, retrieval: Retrieval, packed: PackedAnswer) -> bool:
    """Whether the first passage handed back holds the question's rarest word (a rare one)."""
    first = next((p.passage for p in packed.passages if not p.passage.exact), None)
    if first is None or not first.chunk_id or not retrieval.searched:
        return False
    return rarest_word_held(conn, retrieval.searched, question, first.chunk_id)


def respond(conn: psycopg.Connection, question: str, mode: str | None, layers_named: bool, retrieval: Retrieval,
            ranking: Ranking, packed: PackedAnswer, citer: Citer, *, budget: int,
            score: ScoreSentences) -> Response:
    """Judge the packed passages (or quote their sentences, in extractive mode)."""
    basis = ranking.basis
    clauses_back = any(p.passage.exact for p in packed.passages)
    absent = absent_terms(conn, question, retrieval.searched) if not clauses_back else []
    best = max((ranking.score_of(p.passage) for p in packed.passages if not p.passage.exact), default=None)
    status = "found" if clauses_back else ("not_found" if absent else status_for(best, basis))
    holds_rarest = status == "not_found" and not absent and _best_holds_rarest(conn, question, retrieval, packed)
    level = judge_with_evidence([ranking.score_of(c) for c in ranking.searched], basis, exact=clauses_back,
                                holds_all_terms=holds_rarest, absent=absent)
    if holds_rarest:
        status = "partly_found"
    out = Response(status=status,
                   mode=answer_mode(mode, [p.passage.layer for p in packed.passages], retrieval.searched,
                                    citer.known),
                   confidence=level, warnings=list(ranking.warnings))
    if absent:
        out.notes.append(absent_note(absent))
    if mode == "grounded" and out.mode == "extractive":
        out.notes.append("A passage comes from an extractive layer, so the answer stays extractive.")
    exact = ranking.exact
    for note in (exact_note(exact, not layers_named),
                 left_out_note([clause_label(c.section_path, c.file) for c in packed.left_out])):
        if note:
            out.notes.append(note)
    part_missing = bool(packed.left_out or exact.unread or exact.not_looked_up)
    if out.mode == "extractive":
        out.extraction = _extract(conn, question, ranking, packed, citer, budget, score)
        out.status = "not_found" if absent else out.extraction.status
        out.notes.extend(out.extraction.notes)
        out.warnings.extend(out.extraction.warnings)
    else:
        cut = cut_note([clause_label(c.section_path, c.file) for c in packed.cut])
        if cut:
            out.notes.append(cut)
        part_missing = part_missing or bool(packed.cut)
    if part_missing and out.status == "found":
        out.status = "partly_found"
    _check_names(question, out, packed)
    related = "The passages are related text, not the answer."
    if absent and out.mode == "grounded" and packed.passages and related not in out.notes:
        out.notes.append(related)
    if out.extraction is not None:
        if out.status == "not_found":
            out.extraction.drop_answer()
        elif out.extraction.items:
            out.receipt_id = issue_extractive(conn, question, out.extraction.quotes)
    if level == "low" and out.status != "found":
        out.warnings.append(LOW_WARNING)
    return out
