"""`stratakb eval`: runs a golden set through strata_ask and strata_search per mode and scores it;
does I/O (the store, the models).

Each question goes through `ask_tool(response_format="detailed")` and `search_tool`, the code
the MCP tools call, once per mode. A mode is an `AskConfig`: which arms the hybrid search runs,
how many keyword slots it keeps, and whether the cross-encoder reranks. Learning is off, so an
evaluation writes nothing to the store.

What is scored, per mode and per tool (ask: its retrieved_chunks in order, exact clause matches
first; search: its results), on the first k results (k = --top-k, 10 by default):
Recall@k, Precision@k, MRR and nDCG@10 over the answerable questions (see evaluation.py for the
rules), and from ask alone: the exact-clause hit rate (clause questions whose first passage is from
the expected file and clause), the answer statuses of the answerable questions, and the rate of
not_found on the unanswerable ones. Every figure is also broken down per kind.

The hybrid_rerank mode needs a cross-encoder: it is run only when RERANKING_MODEL loads, and is
otherwise reported as unavailable with the reason. In the full-text-only mode the search computes
no similarity (every passage counts 0), so its statuses are all not_found except exact clauses:
read its ranking figures, not its statuses.

Calibration: each record keeps the best similarity (and rerank score) of the passages ask packed,
so `calibrate` can recompute the status at other thresholds (scripts/calibrate.py prints them).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stratakb_core.errors import GoldenError, RerankerUnavailable, UsageError
from stratakb_core.evaluation.golden import (
    Document,
    GoldenSet,
    Problem,
    Question,
    check_expectations,
    load_golden,
)
from stratakb_core.evaluation.metrics import mean, ndcg_at_k, percentile, precision_at_k, recall_at_k, reciprocal_rank
from stratakb_core.query import SCALES, AskConfig, CrossEncoderReranker, Engine, ask_tool, search_tool
from stratakb_core.store.document_reads import chunk_texts, layer_contents, span_text
from stratakb_core.store.readers import layer_names


@dataclass(frozen=True)
class Mode:
    name: str
    label: str
    arms: str
    keyword_slots: int
    rerank: bool
    evidence: bool = False  # rerank with the offline evidence reranker, not the cross-encoder


MODES: dict[str, Mode] = {m.name: m for m in (
    Mode("fulltext", "full-text only", "keyword", 0, False),
    Mode("vector", "vector only", "vector", 0, False),
    Mode("hybrid", "hybrid (1 keyword slot)", "hybrid", 1, False),
    Mode("hybrid_no_slots", "hybrid, no keyword slots", "hybrid", 0, False),
    Mode("hybrid_evidence", "hybrid + evidence rerank (offline)", "hybrid", 1, True, evidence=True),
    Mode("hybrid_rerank", "hybrid + cross-encoder rerank", "hybrid", 1, True),
)}
STATUSES = ("found", "partly_found", "not_found")


def load_reranker(settings: Any) -> tuple[Any, str | None]:
    """The cross-encoder of RERANKING_MODEL, loaded now; (None, why) when it cannot load."""
    reranker = CrossEncoderReranker(settings.reranking_model)
    try:
        reranker.score("probe", ["probe"])
    except RerankerUnavailable as exc:
        return None, str(exc)
    return reranker, None


# ---------------------------------------------------------------------------------------------
# Reading the store
# ---------------------------------------------------------------------------------------------


def stored_documents(conn: Any, layers: Sequence[str]) -> tuple[list[Document], dict[str, list[str]]]:
    """The layers' documents (path, text, clause paths) and each path's chunk texts."""
    rows, sections, chunk_rows = layer_contents(conn, layers)
    paths: dict[int, list[str]] = {}
    for doc_id, path in sections:
        paths.setdefault(doc_id, []).append(" > ".join(path or ()))
    chunks: dict[str, list[str]] = {}
    for path, text in chunk_rows:
        chunks.setdefault(path, []).append(text)
    return [Document(r[1], r[2] or "", tuple(paths.get(r[0], ()))) for r in rows], chunks


def _resolve(conn: Any, ask: dict[str, Any]) -> list[dict[str, Any]]:
    """ask's retrieved_chunks with their text and clause path (passages first, then the store)."""
    by_ref = {p["ref"]: p for p in ask.get("passages", [])}
    chunks = ask.get("retrieved_chunks", [])
    ids = [c["id"] for c in chunks if c.get("id") and c["ref"] not in by_ref]
    stored = {cid: (text, " > ".join(path) if path else None) for cid, (text, path) in chunk_texts(conn, ids).items()}
    out = []
    for c in chunks:
        p = by_ref.get(c["ref"])
        if p is not None:
            text, clause = p["text"], p["citation"].get("clause_path")
        elif c.get("id") in stored:
            text, clause = stored[c["id"]]
        else:  # an exact clause left out by the budget: read its span from the stored document
            text, clause = _span(conn, c["ref"])
        out.append({**c, "text": text, "clause_path": clause, "packed": p is not None})
    return out


def _span(conn: Any, ref: str) -> tuple[str, str | None]:
    doc, _, span = ref[1:].partition(":")
    start, _, end = span.partition("-")
    found = span_text(conn, int(doc), int(start), int(end))
    if found is None:
        return "", None
    text, path = found
    return text, " > ".join(path) if path else None


# ---------------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------------


def _metrics(q: Question, rows: Sequence[dict[str, Any]], k: int) -> dict[str, Any]:
    hits = [q.targets_hit(r.get("file"), r.get("text"), r.get("clause_path")) for r in rows[:k]]
    rel = q.relevance()
    return {
        "recall": recall_at_k(hits, rel, k), "precision": precision_at_k(hits, rel, k) if q.answerable else None,
        "rr": reciprocal_rank(hits, rel, k), "ndcg10": ndcg_at_k(hits, rel, 10),
        "hit": any(hits) if q.answerable else None,
        "first_hit_rank": next((i + 1 for i, h in enumerate(hits) if h), None),
    }


def run_question(engine: Any, conn: Any, q: Question, layers: Sequence[str], k: int) -> dict[str, Any]:
    qlayers = list(q.layers or layers)
    t = time.perf_counter()
    ask = ask_tool(engine, conn, q.question, layers=qlayers, top_k=k, response_format="detailed")
    ask_ms = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    search = search_tool(engine, conn, q.question, layers=qlayers, top_k=k)
    search_ms = (time.perf_counter() - t) * 1000
    ask_rows = _resolve(conn, ask)
    search_rows = [{"file": r["file"], "text": r["text"], "clause_path": r.get("section_path"),
                    "similarity": r.get("similarity"), "match": r.get("match")} for r in search["results"]]
    first = ask_rows[0] if ask_rows else None
    exact_clause = None
    if q.kind == "clause":
        exact_clause = bool(first and q.targets_hit(first["file"], first["text"], first["clause_path"]))
    packed = [r for r in ask_rows if r["packed"] and r.get("match") != "exact"]
    return {
        "id": q.id, "kind": q.kind, "answerable": q.answerable,
        "status": ask.get("answer_status"), "confidence": ask.get("confidence"), "basis": ask.get("basis"),
        "exact": any(r.get("match") == "exact" for r in ask_rows),
        "best_similarity": max((r["similarity"] for r in packed), default=None),
        "best_rerank": max((r["rerank_score"] for r in packed if r.get("rerank_score") is not None), default=None),
        "ask": _metrics(q, ask_rows, k), "search": _metrics(q, search_rows, k),
        "exact_clause_hit": exact_clause, "ask_ms": ask_ms, "search_ms": search_ms,
        "top": [{"file": r["file"], "clause_path": r["clause_path"], "similarity": r.get("similarity"),
                 "match": r.get("match")} for r in ask_rows[:3]],
    }


def _rate(values: Sequence[bool | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return sum(1 for v in vals if v) / len(vals) if vals else None


def summarise(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    answerable = [r for r in records if r["answerable"]]
    unanswerable = [r for r in records if not r["answerable"]]
    out: dict[str, Any] = {"questions": len(records), "answerable": len(answerable),
                           "unanswerable": len(unanswerable)}
    for tool in ("ask", "search"):
        out[tool] = {
            "recall@k": mean(r[tool]["recall"] for r in answerable),
            "precision@k": mean(r[tool]["precision"] for r in answerable),
            "mrr": mean(r[tool]["rr"] for r in answerable),
            "ndcg@10": mean(r[tool]["ndcg10"] for r in answerable),
            "hit_rate": _rate([r[tool]["hit"] for r in answerable]),
            # every expected passage in the top k: a two-part question counts only when both are
            "all@k": _rate([r[tool]["recall"] >= 1.0 for r in answerable]),
        }
    out["exact_clause_hit_rate"] = _rate([r["exact_clause_hit"] for r in records])
    out["not_found_rate_unanswerable"] = _rate([r["status"] == "not_found" for r in unanswerable])
    out["status_answerable"] = {s: sum(1 for r in answerable if r["status"] == s) for s in STATUSES}
    out["status_unanswerable"] = {s: sum(1 for r in unanswerable if r["status"] == s) for s in STATUSES}
    found = [r for r in records if r["status"] == "found"]
    out["precision_of_found"] = (sum(1 for r in found if r["answerable"] and r["ask"]["hit"]) / len(found)
                                 if found else None)
    out["answerable_turned_away"] = _rate([r["status"] == "not_found" for r in answerable])
    if records:
        ask_ms = [r["ask_ms"] for r in records]
        search_ms = [r["search_ms"] for r in records]
        out["latency_ms"] = {"ask_p50": statistics.median(ask_ms), "ask_p95": percentile(ask_ms, 0.95),
                             "search_p50": statistics.median(search_ms), "search_p95": percentile(search_ms, 0.95)}
    return out


# ---------------------------------------------------------------------------------------------
# Calibration: the status each question would get at other thresholds
# ---------------------------------------------------------------------------------------------


def status_at(record: dict[str, Any], basis: str, high: float, medium: float) -> str:
    """The ask status at these thresholds, from the recorded best score (exact matches are found)."""
    if record["exact"]:
        return "found"
    best = record["best_rerank"] if basis == "rerank" else record["best_similarity"]
    if best is None:
        return "not_found"
    return "found" if best >= high else ("partly_found" if best >= medium else "not_found")


def calibration_row(records: Sequence[dict[str, Any]], basis: str, high: float, medium: float) -> dict[str, Any]:
    """Precision of found (a found answer holds a passage that answers), recall of not_found (on the
    unanswerable questions), and how many answerable questions would be turned away."""
    statuses = [(r, status_at(r, basis, high, medium)) for r in records]
    found = [r for r, s in statuses if s == "found"]
    answered = [r for r, s in statuses if s != "not_found"]
    unans = [s for r, s in statuses if not r["answerable"]]
    ans = [(r, s) for r, s in statuses if r["answerable"]]
    correct = [r for r in found if r["answerable"] and r["ask"]["hit"]]
    return {
        "basis": basis, "high": high, "medium": medium,
        "found": len(found), "precision_of_found": len(correct) / len(found) if found else None,
        "precision_of_answered": (sum(1 for r in answered if r["answerable"] and r["ask"]["hit"]) / len(answered)
                                  if answered else None),
        "recall_of_not_found": (sum(1 for s in unans if s == "not_found") / len(unans)) if unans else None,
        "answerable_not_found": sum(1 for _, s in ans if s == "not_found"),
        "answerable": len(ans),
    }


def calibrate(records: Sequence[dict[str, Any]], basis: str,
              grid: Sequence[tuple[float, float]] | None = None) -> list[dict[str, Any]]:
    """The spec's thresholds first, then a grid of (high, medium) pairs."""
    spec = SCALES[basis]
    if grid is None:
        highs = [round(x / 100, 2) for x in range(40, 91, 5)]
        mediums = [round(x / 100, 2) for x in range(25, 71, 5)]
        grid = [(h, m) for h in highs for m in mediums if m <= h]
    rows = [calibration_row(records, basis, spec.high, spec.medium)]
    rows[0]["spec"] = True
    rows += [calibration_row(records, basis, h, m) for h, m in grid if (h, m) != (spec.high, spec.medium)]
    return rows


# ---------------------------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------------------------


def run_golden(conn: Any, embedder: Any, golden: GoldenSet, layers: Sequence[str], *,
               modes: Sequence[str] = tuple(MODES), k: int = 10, reranker: Any = None,
               reranker_error: str | None = None, check: bool = True) -> dict[str, Any]:
    """Score the golden set in each mode; returns the report `stratakb eval --json` prints."""
    problems: list[Problem] = []
    if check:
        all_layers = sorted({*layers, *(x for q in golden.questions for x in (q.layers or ()))})
        docs, chunk_texts = stored_documents(conn, all_layers)
        problems = check_expectations(golden, docs, chunk_texts)
    broken = {p.question for p in problems if p.broken}
    questions = [q for q in golden.questions if q.id not in broken]
    report: dict[str, Any] = {
        "golden": golden.name, "source": golden.source, "layers": list(layers), "k": k,
        "questions": len(golden.questions), "scored": len(questions), "kinds": golden.kinds,
        "model": getattr(embedder, "name", None),
        "problems": [p.as_dict() for p in problems], "modes": {}, "unavailable": {},
    }
    if questions and hasattr(embedder, "embed_query"):  # the floor under every search: embedding the query
        times = []
        for q in questions:
            t = time.perf_counter()
            embedder.embed_query(q.question)
            times.append((time.perf_counter() - t) * 1000)
        report["query_embedding_ms"] = {"p50": statistics.median(times), "p95": percentile(times, 0.95)}
    for name in modes:
        mode = MODES[name]
        if mode.rerank and not mode.evidence and reranker is None:
            report["unavailable"][name] = reranker_error or "no reranking model loaded"
            continue
        engine = Engine(embedder, AskConfig(keyword_slots=mode.keyword_slots, reranking_enabled=mode.rerank,
                                            learning_enabled=False, arms=mode.arms),
                        reranker if mode.rerank and not mode.evidence else None)
        records = [run_question(engine, conn, q, layers, k) for q in questions]
        by_kind = {kind: summarise([r for r in records if r["kind"] == kind])
                   for kind in golden.kinds if any(r["kind"] == kind for r in records)}
        basis = "rerank" if mode.rerank else "similarity"
        report["modes"][name] = {
            "label": mode.label, "arms": mode.arms, "keyword_slots": mode.keyword_slots, "rerank": mode.rerank,
            "overall": summarise(records), "by_kind": by_kind, "records": records,
            "calibration": calibrate(records, basis) if mode.arms == "hybrid" else [],
        }
    return report


# ---------------------------------------------------------------------------------------------
# Text output
# ---------------------------------------------------------------------------------------------


def _f(v: float | None, digits: int = 3) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def format_eval_report(report: dict[str, Any]) -> str:
    k = report["k"]
    kinds = ", ".join(f"{n} {kind}" for kind, n in report["kinds"].items() if n)
    lines = [f"Golden set {report['golden']}: {report['questions']} questions ({kinds}); "
             f"{report['scored']} scored; layers {', '.join(report['layers'])}; model {report['model']}; k={k}"]
    for p in report["problems"]:
        tag = "BROKEN" if p["broken"] else "note"
        lines.append(f"  {tag}: {p['question']} (expected {p['expected']}): {p['problem']}")
    lines += ["", f"| Mode | ask R@{k} | ask P@{k} | ask MRR | ask nDCG@10 | search R@{k} | search MRR | "
              f"search nDCG@10 | exact clause | not_found (unanswerable) | ask p50 ms |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for m in report["modes"].values():
        o = m["overall"]
        lines.append(f"| {m['label']} | {_f(o['ask']['recall@k'])} | {_f(o['ask']['precision@k'])} | "
                     f"{_f(o['ask']['mrr'])} | {_f(o['ask']['ndcg@10'])} | {_f(o['search']['recall@k'])} | "
                     f"{_f(o['search']['mrr'])} | {_f(o['search']['ndcg@10'])} | {_f(o['exact_clause_hit_rate'])} | "
                     f"{_f(o['not_found_rate_unanswerable'])} | {o.get('latency_ms', {}).get('ask_p50', 0):.0f} |")
    for name, why in report["unavailable"].items():
        lines.append(f"| {MODES[name].label} | unavailable: {why} |||||||||")
    for m in report["modes"].values():
        lines += ["", f"{m['label']}, per kind (ask):", f"| Kind | n | R@{k} | all@{k} | P@{k} | MRR | nDCG@10 | "
                  "found / partly / not_found |", "|---|---|---|---|---|---|---|---|"]
        for kind, s in m["by_kind"].items():
            st = s["status_answerable"] if kind != "unanswerable" else s["status_unanswerable"]
            lines.append(f"| {kind} | {s['questions']} | {_f(s['ask']['recall@k'])} | {_f(s['ask'].get('all@k'))} | "
                         f"{_f(s['ask']['precision@k'])} | {_f(s['ask']['mrr'])} | {_f(s['ask']['ndcg@10'])} | "
                         f"{st['found']} / {st['partly_found']} / {st['not_found']} |")
        o = m["overall"]
        lines.append(f"Statuses as answered: precision of found {_f(o.get('precision_of_found'))}, not_found on "
                     f"unanswerable {_f(o['not_found_rate_unanswerable'])}, answerable turned away "
                     f"{_f(o.get('answerable_turned_away'))}")
    cal = report["modes"].get("hybrid", {}).get("calibration")
    if cal:
        spec = cal[0]
        lines += ["", f"Confidence at the spec's thresholds ({spec['basis']} basis, high {spec['high']}, medium "
                  f"{spec['medium']}, hybrid mode): precision of found {_f(spec['precision_of_found'])} "
                  f"({spec['found']} found), recall of not_found {_f(spec['recall_of_not_found'])}, "
                  f"answerable questions turned away {spec['answerable_not_found']}/{spec['answerable']}"]
    return "\n".join(lines)


def evaluate(conn: Any, embedder_factory: Any, settings: Any, golden_path: Any, *, layers: Sequence[str] | None = None,
             modes: Sequence[str] | None = None, k: int = 10) -> dict[str, Any]:
    """What `stratakb eval` runs: load and validate the golden set, check it against the store,
    load the reranker when hybrid_rerank is asked for, and score every mode."""
    try:
        golden = load_golden(golden_path)
    except GoldenError as exc:
        raise UsageError(str(exc)) from None
    modes = list(dict.fromkeys(modes or MODES))
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        raise UsageError(f"unknown mode(s) {', '.join(unknown)}; choose from {', '.join(MODES)}")
    if isinstance(k, bool) or not 1 <= k <= 50:
        raise UsageError(f"--top-k must be from 1 to 50, not {k}")
    layers = list(layers or golden.layers)
    if not layers:
        raise UsageError("name the layers to search with --layer, or list them under 'layers:' in the golden set")
    known = layer_names(conn)
    missing = [x for x in layers if x not in known]
    if missing:
        raise UsageError(f"unknown layer(s): {', '.join(missing)}; known layers: {', '.join(sorted(known)) or 'none'}")
    embedder = embedder_factory()
    reranker, why = load_reranker(settings) if "hybrid_rerank" in modes else (None, None)
    return run_golden(conn, embedder, golden, layers, modes=modes, k=k, reranker=reranker, reranker_error=why)
