"""BEIR-format retrieval benchmark (not a test): nDCG@10 and Recall@100 per search mode.

Reads a BEIR dataset folder (corpus.jsonl or corpus.jsonl.gz, queries.jsonl, qrels/<split>.tsv),
ingests the corpus as one layer with the ordinary `stratakb add` pipeline, then scores every
test query in each mode:

    fulltext         PostgreSQL full-text arm only
    vector           HNSW vector arm only
    hybrid           both arms fused by RRF, 1 keyword slot (the default)
    hybrid_no_slots  both arms, keyword slots off
    hybrid_rerank    hybrid, then the cross-encoder reorders the first 20 chunks, as strata_ask
                     does; reported as unavailable (never faked) when RERANKING_MODEL cannot load

How the corpus becomes a layer: each record is written as one Markdown file, ``<_id>.md``,
holding ``# <title>`` then the text, in a folder named after the dataset, and the folder is added
with `add_folder`, exactly as `stratakb add` would. One document per record; the chunker may cut
a long abstract into several chunks. The title is the heading, so every chunk of a record carries
it in the text that is embedded (``[layer > file > title]``); the full-text arm sees it only in
the first chunk. Chunks are mapped back to their record by file name, and a record ranks at the
place of its best chunk.

Two depths per mode:
- deep: `hybrid_search` (the function strata_search and strata_ask build on) with
  top_k = --deep-k chunks (default 300, so ~100+ distinct records; each arm reads 4x that);
  nDCG@10 and Recall@100 are computed on its record ranking, as BEIR scores a top-1000 run.
- tool: `search_tool(top_k=10)`, what strata_search returns with its own defaults (each arm
  reads 40 candidates); nDCG@10 only. For hybrid_rerank the tool row is `ask_tool` (detailed).

The ingested store is kept between modes (one ingest per run). With --work DIR the store and the
written corpus stay in DIR, and a later run reuses them (a no-change sync, no embedding).

    python scripts/beir_eval.py [--dataset ../shared/benchmarks/scifact] [--split test]
        [--modes fulltext vector hybrid ...] [--work DIR] [--limit N] [--json]
"""

from __future__ import annotations

import argparse
import atexit
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from stratakb_core.embedding import build_embedder  # noqa: E402
from stratakb_core.evaluation.metrics import dedupe, mean, ndcg_at_k, percentile, ranked_hits, recall_at_k  # noqa: E402
from stratakb_core.evaluation.runner import MODES, Mode, load_reranker  # noqa: E402
from stratakb_core.ingest.sync import AddOptions, add_folder  # noqa: E402
from stratakb_core.query import RERANK_CANDIDATES, SCALES, AskConfig, Engine, ask_tool, hybrid_search, search_tool  # noqa: E402
from stratakb_core.settings import Settings  # noqa: E402
from stratakb_core.store.connection import Database  # noqa: E402

PUBLISHED = {"BM25 (BEIR paper)": 0.665, "BM25 + CE rerank (BEIR paper)": 0.688,
             "all-MiniLM-L6-v2 dense (MTEB)": 0.6451}


def load_dataset(folder: Path, split: str) -> tuple[list[dict[str, Any]], dict[str, str], dict[str, dict[str, int]]]:
    plain, packed = folder / "corpus.jsonl", folder / "corpus.jsonl.gz"
    if plain.is_file():
        fh = plain.open(encoding="utf-8")
    elif packed.is_file():
        fh = gzip.open(packed, "rt", encoding="utf-8")
    else:
        raise SystemExit(f"no corpus.jsonl(.gz) in {folder}")
    with fh:
        corpus = [json.loads(line) for line in fh if line.strip()]
    queries = {}
    with (folder / "queries.jsonl").open(encoding="utf-8") as fq:
        for line in fq:
            if line.strip():
                q = json.loads(line)
                queries[str(q["_id"])] = q["text"]
    qrels: dict[str, dict[str, int]] = {}
    with (folder / "qrels" / f"{split}.tsv").open(encoding="utf-8") as fr:
        for i, line in enumerate(fr):
            parts = line.rstrip("\n").split("\t")
            if i == 0 and not parts[-1].lstrip("-").isdigit():
                continue  # the header line
            qid, did, score = parts[0], parts[1], int(parts[2])
            qrels.setdefault(qid, {})[did] = score
    return corpus, queries, qrels


def write_corpus(corpus: list[dict[str, Any]], folder: Path) -> int:
    """One Markdown file per record: '# title' then the text. Returns how many were written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    for rec in corpus:
        path = folder / f"{rec['_id']}.md"
        title = " ".join(str(rec.get("title") or "").split())
        body = str(rec.get("text") or "").strip()
        text = (f"# {title}\n\n{body}\n" if title else f"{body}\n")
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            written += 1
    return written


def doc_id(file: str) -> str:
    return Path(file).stem


def run_mode(conn, embedder, layer: str, mode: Mode, queries: dict[str, str], qrels: dict[str, dict[str, int]],
             deep_k: int, reranker) -> dict[str, Any]:
    engine = Engine(embedder, AskConfig(keyword_slots=mode.keyword_slots, reranking_enabled=mode.rerank,
                                        learning_enabled=False, arms=mode.arms),
                    reranker if mode.rerank and not mode.evidence else None)
    deep_ndcg, deep_recall, tool_ndcg, lat_deep, lat_tool = [], [], [], [], []
    per_query = []
    for qid, rel in qrels.items():
        text = queries[qid]
        t = time.perf_counter()
        results = hybrid_search(conn, embedder, text, layers=[layer], top_k=deep_k,
                                keyword_slots=mode.keyword_slots, arms=mode.arms)
        if mode.rerank and mode.evidence and results:
            results = sorted(results, key=lambda r: -r.score)  # evidence order (already the search's)
        elif mode.rerank and results:
            pool = results[:RERANK_CANDIDATES]
            scores = reranker.score(text, [r.text for r in pool])
            order = sorted(range(len(pool)), key=lambda i: -float(scores[i]))
            results = [pool[i] for i in order] + results[RERANK_CANDIDATES:]
        lat_deep.append((time.perf_counter() - t) * 1000)
        ranked = dedupe(doc_id(r.file) for r in results)
        hits = ranked_hits(ranked, rel)
        deep_ndcg.append(ndcg_at_k(hits, rel, 10))
        deep_recall.append(recall_at_k(hits, rel, 100))
        t = time.perf_counter()
        if mode.rerank:
            resp = ask_tool(engine, conn, text, layers=[layer], top_k=10, response_format="detailed")
            chunks = resp["retrieved_chunks"]
            best = max((c["rerank_score"] or 0.0 for c in chunks), default=None)
            basis = "rerank"
        else:
            resp = search_tool(engine, conn, text, layers=[layer], top_k=10)
            chunks = resp["results"]
            best = max((c["similarity"] or 0.0 for c in chunks), default=None)
            basis = "similarity"
        lat_tool.append((time.perf_counter() - t) * 1000)
        tool_ranked = dedupe(doc_id(c["file"]) for c in chunks)
        tool_hits = ranked_hits(tool_ranked, rel)
        tool_ndcg.append(ndcg_at_k(tool_hits, rel, 10))
        per_query.append({"id": qid, "best": None if best is None else round(best, 4), "basis": basis,
                          "hit_at_10": any(tool_hits[:10]), "ndcg10": round(deep_ndcg[-1] or 0.0, 4)})
    return {
        "mode": mode.name, "label": mode.label, "queries": len(qrels),
        "ndcg@10": mean(deep_ndcg), "recall@100": mean(deep_recall), "tool_ndcg@10": mean(tool_ndcg),
        "latency_ms": {"deep_p50": statistics.median(lat_deep), "deep_p95": percentile(lat_deep, 0.95),
                       "tool_p50": statistics.median(lat_tool), "tool_p95": percentile(lat_tool, 0.95)},
        "per_query": per_query,
    }


def found_precision(per_query: list[dict[str, Any]], threshold: float) -> dict[str, Any]:
    """With every query answerable: the share of 'found' (best >= threshold) whose top 10 holds a relevant record."""
    found = [q for q in per_query if q["best"] is not None and q["best"] >= threshold]
    return {"threshold": threshold, "found": len(found), "of": len(per_query),
            "precision_of_found": (sum(q["hit_at_10"] for q in found) / len(found)) if found else None}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", type=Path, default=REPO.parent / "shared" / "benchmarks" / "scifact")
    ap.add_argument("--split", default="test")
    ap.add_argument("--modes", nargs="+", choices=list(MODES), default=list(MODES))
    ap.add_argument("--work", type=Path, help="keep the store and the written corpus here (reused next run)")
    ap.add_argument("--deep-k", type=int, default=300, help="chunks fetched for the deep ranking (default 300)")
    ap.add_argument("--limit", type=int, help="only the first N queries (a quick check)")
    ap.add_argument("--ingest-only", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    corpus, queries, qrels = load_dataset(args.dataset, args.split)
    qrels = {q: r for q, r in qrels.items() if q in queries}
    if args.limit:
        qrels = dict(list(qrels.items())[: args.limit])
    if args.work:
        work = args.work.resolve()
        work.mkdir(parents=True, exist_ok=True)
    else:
        work = Path(tempfile.mkdtemp(prefix="stratakb-beir-"))
        atexit.register(shutil.rmtree, work, True)  # registered first: runs after the server stops
    layer = args.dataset.resolve().name.lower().replace("_", "-")
    docs = work / "corpus" / layer
    written = write_corpus(corpus, docs)
    env = {**os.environ, "STRATA_DATA_DIR": str(work / "data")}
    env.pop("DATABASE_URL", None)
    settings = Settings.from_env(env)
    db = Database(settings)
    embedder = build_embedder(settings)
    t = time.perf_counter()
    added = add_folder(db, settings, AddOptions(folder=docs, name=layer, yes=True), embedder=embedder)
    ingest_s = time.perf_counter() - t
    print(f"{layer}: {len(corpus)} records ({written} written), add: {added.files_added} added, "
          f"{added.chunks_stored} chunks stored, {added.chunks_embedded} embedded in {ingest_s:.0f} s",
          file=sys.stderr)
    report: dict[str, Any] = {
        "dataset": str(args.dataset), "layer": layer, "split": args.split, "records": len(corpus),
        "queries": len(qrels), "model": embedder.name, "deep_k": args.deep_k,
        "ingest": {"seconds": ingest_s, "files_added": added.files_added, "chunks_embedded": added.chunks_embedded,
                   "errors": len(added.errors)},
        "published_ndcg@10": PUBLISHED, "modes": {}, "unavailable": {},
    }
    if args.ingest_only:
        print(json.dumps(report, indent=2) if args.json else "ingested")
        return 0
    reranker, why = (load_reranker(settings) if "hybrid_rerank" in args.modes else (None, None))
    times = []
    for qid in list(qrels)[:100]:  # the floor under every search: embedding the query
        t = time.perf_counter()
        embedder.embed_query(queries[qid])
        times.append((time.perf_counter() - t) * 1000)
    report["query_embedding_ms"] = {"p50": statistics.median(times), "p95": percentile(times, 0.95)}
    with db.connection() as conn:
        chunks = conn.execute("SELECT count(*) FROM chunks WHERE layer = %s", (layer,)).fetchone()[0]
        conn.commit()
        report["chunks"] = chunks
        for name in args.modes:
            mode = MODES[name]
            if mode.rerank and not mode.evidence and reranker is None:
                report["unavailable"][name] = why
                print(f"{name}: unavailable ({why})", file=sys.stderr)
                continue
            t = time.perf_counter()
            r = run_mode(conn, embedder, layer, mode, queries, qrels, args.deep_k, reranker)
            print(f"{name}: nDCG@10 {r['ndcg@10']:.4f}  Recall@100 {r['recall@100']:.4f}  "
                  f"tool nDCG@10 {r['tool_ndcg@10']:.4f}  ({time.perf_counter() - t:.0f} s)", file=sys.stderr)
            report["modes"][name] = r
    basis_runs = {"similarity": report["modes"].get("hybrid")}
    if "hybrid_rerank" in report["modes"]:
        basis_runs["rerank"] = report["modes"]["hybrid_rerank"]
    report["calibration"] = {}
    for basis, run in basis_runs.items():
        if run is None:
            continue
        scale = SCALES[basis]
        grid = sorted({round(x / 100, 2) for x in range(20, 96, 5)} | {scale.high, scale.medium})
        report["calibration"][basis] = [found_precision(run["per_query"], th) for th in grid]
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_beir_report(report))
    return 0


def format_beir_report(report: dict[str, Any]) -> str:
    lines = [f"{report['layer']} ({report['split']}): {report['records']} records, {report.get('chunks', '?')} "
             f"chunks, {report['queries']} queries; model {report['model']}", "",
             "| Mode | nDCG@10 | Recall@100 | nDCG@10, strata_search top_k=10 | p50 ms | p95 ms |",
             "|---|---|---|---|---|---|"]
    for r in report["modes"].values():
        lat = r["latency_ms"]
        lines.append(f"| {r['label']} | {r['ndcg@10']:.4f} | {r['recall@100']:.4f} | {r['tool_ndcg@10']:.4f} | "
                     f"{lat['tool_p50']:.0f} | {lat['tool_p95']:.0f} |")
    for name, why in report["unavailable"].items():
        lines.append(f"| {MODES[name].label} | unavailable: {why} | | | | |")
    lines.append("")
    lines += [f"Published: {k} {v}" for k, v in report["published_ndcg@10"].items()]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
