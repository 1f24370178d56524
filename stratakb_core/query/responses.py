"""The spec's response dicts (the MCP wire shape, and what `--json` prints) for strata_ask and
strata_search answers (no I/O).

Keys and their order are part of the surface: the MCP tools, the CLI and the evaluation runner all
render through these functions.
"""

from __future__ import annotations

from typing import Any

from stratakb_core.query.answer_types import Answer, RetrievedPassage, SearchAnswer
from stratakb_core.query.confidence import LOW_WARNING
from stratakb_core.query.suspicion import mark_passages, mark_results

__all__ = ["NEXT_STEP_NOT_FOUND", "NEXT_STEP_PARTLY", "ask_response", "exact_search_result", "search_response"]

NEXT_STEP_NOT_FOUND = ("Reword the question in the documents' own terms and ask again (at most twice); "
                       "if it is still not found, the documents probably don't cover it. To add "
                       "documents that do, run: stratakb add <folder>")
NEXT_STEP_PARTLY = ("Read the passages: they match in part. Ask a narrower question, name a layer, or "
                    "reword it in the documents' terms to find the rest.")


def _fallback(reason: str | None) -> dict[str, str] | None:
    return {"reason": reason, "searched_layers": "all"} if reason else None


def exact_search_result(c: RetrievedPassage) -> dict[str, Any]:
    """A named clause as strata_search returns it, first, marked "match": "exact"."""
    return {"id": None, "ref": c.ref, "layer": c.layer, "file": c.file, "lines": c.lines,
            "page": c.page, "section_path": c.clause_path, "similarity": None,
            "score": None, "match": "exact", "text": c.text}


def _search_result(c: RetrievedPassage) -> dict[str, Any]:
    return {"id": c.chunk_id, "ref": c.ref, "layer": c.layer, "file": c.file, "lines": c.lines, "page": c.page,
            "section_path": c.clause_path, "similarity": round(c.similarity, 4), "score": round(c.fused, 4),
            "text": c.text}


def search_response(s: SearchAnswer) -> dict[str, Any]:
    """strata_search's response."""
    results = [exact_search_result(c) | ({"cut": True} if cut else {}) for c, cut in s.clauses]
    results += [_search_result(c) for c in s.passages]
    results = mark_results(results, s.suspicious, s.ocr_chunks)
    resp: dict[str, Any] = {"status": "ok", "query": s.query, "results": results, "confidence": s.confidence,
                            "basis": "similarity", "searched_layers": list(s.searched)}
    if s.fallback:
        resp["routing_fallback"] = _fallback(s.fallback)
    if s.confidence == "low":
        resp["warning"] = LOW_WARNING
    if s.note:
        resp["note"] = s.note
    if s.interaction_id:  # none when learning is off
        resp["interaction_id"] = s.interaction_id
    return resp


def _concise(a: Answer) -> dict[str, Any]:
    resp: dict[str, Any] = {"status": a.status, "mode": a.mode}
    if a.status != "found":
        resp["next_step"] = NEXT_STEP_NOT_FOUND if a.status == "not_found" else NEXT_STEP_PARTLY
    if a.extraction is not None:
        resp["answer"] = a.extraction.items
        if a.receipt_id:
            resp["receipt_id"] = a.receipt_id
    else:
        resp["passages"] = _passages(a)
    if a.computed:
        resp["computed"] = a.computed
    if a.notes:
        resp["note"] = " ".join(a.notes)
    if a.warnings:
        resp["warning"] = " ".join(a.warnings)
    if a.interaction_id:  # none when learning is off
        resp["interaction_id"] = a.interaction_id
    return resp


def _passages(a: Answer) -> list[dict[str, Any]]:
    return mark_passages([p.as_wire() for p in a.passages], [p.passage.chunk_id for p in a.passages],
                         a.suspicious, a.ocr_chunks)


def _retrieved_chunk(c: RetrievedPassage) -> dict[str, Any]:
    return {"id": c.chunk_id, "ref": c.ref, "layer": c.layer, "file": c.file, "score": round(c.fused, 4),
            "rerank_score": None if c.rerank is None else round(c.rerank, 4),
            "similarity": round(c.similarity, 4), "match": "exact" if c.exact else None}


def _detailed(a: Answer, concise: dict[str, Any], include_sources: bool) -> dict[str, Any]:
    ranking = a.ranking
    detail: dict[str, Any] = {
        "status": "ok", "answer_status": a.status, "mode": a.mode, "confidence": a.confidence,
        "basis": ranking.basis, "query_variants": list(a.retrieval.variants),
        "searched_layers": list(a.retrieval.searched), "passages": _passages(a),
    }
    if a.extraction is not None:
        detail["answer"] = [item | {"score": None if sc is None else round(sc, 4)}
                            for item, sc in zip(a.extraction.items, a.extraction.scores, strict=True)]
    detail["retrieved_chunks"] = [_retrieved_chunk(c) for c in ranking.ranked]
    if include_sources:
        seen: dict[str, dict[str, Any]] = {}
        for c in ranking.ranked:
            key = f"{c.layer}/{c.file}"
            if key not in seen:
                seen[key] = {"file": c.file, "layer": c.layer, "relevance_score": round(ranking.score_of(c), 4)}
        detail["sources"] = list(seen.values())
    for k in ("computed", "next_step", "note", "warning", "receipt_id", "interaction_id"):
        if k in concise:
            detail[k] = concise[k]
    if a.retrieval.fallback:
        detail["routing_fallback"] = _fallback(a.retrieval.fallback)
    return detail


def ask_response(a: Answer, *, response_format: str = "concise", include_sources: bool = True) -> dict[str, Any]:
    """strata_ask's response: concise (status, passages or quoted sentences, notes) or detailed
    (with scores, query variants, the retrieved chunks and, with include_sources, the sources)."""
    concise = _concise(a)
    return _detailed(a, concise, include_sources) if response_format == "detailed" else concise
