"""One command for every benchmark (not a test); writes docs/benchmarks.md and its two charts.

Runs, each in its own process, and keeps each one's JSON in --results (default
docs/benchmarks-data/):

0. embedding: scripts/bench_embedding.py --json (ONNX fp32 / int8 against torch, cold starts, a cold
   `stratakb search` process)
1. ingest + resync: scripts/bench_ingest.py --json (fresh ingest of the PEPs and RFCs against
   embedding alone, no-change sync, one-section edit)
2. query latency: scripts/bench_query.py --json --sizes ... (strata_search and strata_ask p50/p95
   as the store grows)
3. evaluation: the golden set eval/golden/peps_rfc.yaml through `stratakb eval --json`, over the
   PEPs and RFCs ingested into a temporary store
4. BEIR: scripts/beir_eval.py --json on ../shared/benchmarks/scifact
5. no-change sync of a 10,000-file folder: scripts/bench_sync.py --json (fresh process and in process)
6. scale: scripts/bench_query.py --json --sizes ... (default 100k and 300k chunks): load and HNSW build
   times, index sizes, PostgreSQL's memory, latency and recall@10 of HNSW against exact search

then writes docs/benchmarks.md (machine, commands, tables with medians, p95 and the ratios against
the embedding-only limit) and docs/benchmarks-latency.png and docs/benchmarks-ndcg.png (needs
matplotlib: pip install -e '.[bench]').

    python scripts/benchmarks.py                     # everything (about an hour on 2 cores)
    python scripts/benchmarks.py --only eval beir    # run some steps, reuse the others' saved JSON
    python scripts/benchmarks.py --report-only       # rewrite the report from the saved JSON
"""

from __future__ import annotations

import argparse
import atexit
import datetime as dt
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
STEPS = ("embedding", "parity", "ingest", "query", "eval", "beir", "sync", "scale", "tables")
MODE_LABELS = {"hybrid_rerank": "hybrid + rerank"}
PY = sys.executable


def machine() -> dict[str, Any]:
    try:
        mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (ValueError, OSError, AttributeError):
        mem = float("nan")
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cores": os.cpu_count(), "memory_gib": round(mem, 1), "cpu": cpu, "os": platform.platform(),
            "python": platform.python_version()}


def _run(cmd: list[str], env: dict[str, str], out: Path) -> dict[str, Any]:
    print(f"$ {' '.join(cmd)}", file=sys.stderr, flush=True)
    t = time.perf_counter()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=REPO)
    if p.returncode not in (0, 1):  # eval exits 1 when a golden entry is broken: still a report
        sys.stderr.write(p.stderr[-4000:])
        raise SystemExit(f"step failed ({p.returncode}): {' '.join(cmd)}")
    try:
        data = json.loads(p.stdout)
    except json.JSONDecodeError:
        sys.stderr.write(p.stderr[-4000:])
        raise SystemExit(f"step printed no JSON (exit {p.returncode}): {' '.join(cmd)}") from None
    parent = str(REPO.parent) + os.sep
    shown = ["python" if c == PY else c.replace(str(REPO) + os.sep, "").replace(parent, ".." + os.sep) for c in cmd]
    data["_command"] = " ".join(shown[1:] if shown[0] == "python" else shown)
    data["_seconds"] = time.perf_counter() - t
    out.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return data


def step_eval(args: argparse.Namespace, env: dict[str, str], out: Path) -> dict[str, Any]:
    """Ingest the PEPs and RFCs as layers peps and rfc (a no-change sync when --eval-store holds
    them already), then `stratakb eval` the golden set."""
    if args.eval_store:
        work = args.eval_store.resolve()
        work.mkdir(parents=True, exist_ok=True)
    else:
        work = Path(tempfile.mkdtemp(prefix="stratakb-bench-eval-"))
        atexit.register(shutil.rmtree, work, True)
    e = {**env, "STRATA_DATA_DIR": str(work / "data")}
    e.pop("DATABASE_URL", None)
    for name in ("peps", "rfc"):
        dst = work / name
        if not dst.exists():
            shutil.copytree(args.corpora / name, dst)
        p = subprocess.run([PY, "-m", "stratakb_core.cli", "add", str(dst), "--json", "--yes"], env=e,
                           capture_output=True, text=True, cwd=REPO)
        if p.returncode != 0:
            raise SystemExit(f"stratakb add {dst} failed: {p.stderr[-2000:]}")
    return _run([PY, "-m", "stratakb_core.cli", "eval", str(args.golden), "--json"], e, out)


def run_steps(args: argparse.Namespace) -> None:
    args.results.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "HF_HUB_OFFLINE": os.environ.get("HF_HUB_OFFLINE", "1")}
    for step in args.only or STEPS:
        out = args.results / f"{step}.json"
        if step == "embedding":
            _run([PY, "scripts/bench_embedding.py", "--corpora", str(args.corpora), "--json"], env, out)
        elif step == "parity":
            cmd = [PY, "scripts/bench_parity.py", "--corpora", str(args.corpora), "--beir", str(args.beir), "--json"]
            if args.parity_work:
                cmd += ["--work", str(args.parity_work)]
            _run(cmd, env, out)
        elif step == "ingest":
            _run([PY, "scripts/bench_ingest.py", "--corpora", str(args.corpora), "--json"], env, out)
        elif step == "query":
            _run([PY, "scripts/bench_query.py", "--corpora", str(args.corpora), "--json", "--queries",
                  str(args.queries), "--sizes", *map(str, args.sizes)], env, out)
        elif step == "eval":
            step_eval(args, env, out)
        elif step == "sync":
            compare = ["--compare", str(args.sync_compare)] if args.sync_compare else []
            _run([PY, "scripts/bench_sync.py", "--corpora", str(args.corpora), "--json", *compare], env, out)
        elif step == "scale":
            _run([PY, "scripts/bench_query.py", "--corpora", str(args.corpora), "--json", "--queries",
                  str(args.queries), "--sizes", *map(str, args.scale_sizes)], env, out)
        elif step == "tables":
            _run([PY, "scripts/bench_tables.py", "--json"], env, out)
        elif step == "beir":
            cmd = [PY, "scripts/beir_eval.py", "--dataset", str(args.beir), "--json"]
            if args.beir_work:
                cmd += ["--work", str(args.beir_work)]
            _run(cmd, env, out)


# ---------------------------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------------------------


def _load(results: Path, step: str) -> dict[str, Any] | None:
    path = results / f"{step}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def _f(v: Any, d: int = 3) -> str:
    return "-" if v is None else (f"{v:.{d}f}" if isinstance(v, float) else str(v))


def _ms(v: float | None) -> str:
    return "-" if v is None else f"{v:,.0f}"


def _ratio(value: float | None, floor: float | None) -> str:
    return "-" if not value or not floor else f"{value / floor:.1f} x"


TARGET_FP32 = 1.8


def section_embedding(data: dict[str, Any] | None) -> list[str]:
    out = ["## Embedding runtimes and cold start", ""]
    if data is None:
        return out + ["Not run in this report: `python scripts/benchmarks.py --only embedding`.", ""]
    out += [f"Command: `python {data['_command']}`; {data['model']}, {data['texts']} passages of ~"
            f"{data['mean_chars']} characters, best of {data['rounds']} interleaved rounds (ADR 0006).", "",
            "| Runtime | texts/s | x torch | mean / min cosine to torch |", "|---|---|---|---|"]
    for name, rate in data["texts_per_second"].items():
        cos = data["cosine_to_torch"].get(name)
        shown = f"{cos['mean']} / {cos['min']}" if cos else "-"
        out.append(f"| {name} | {rate} | {data['ratio_to_torch'][name]} | {shown} |")
    cold = data["cold_start"]
    out += ["", "| Cold start | seconds | torch imported |", "|---|---|---|"]
    for runtime in ("onnx", "torch"):
        if runtime in cold:
            out.append(f"| a fresh process embedding one query, {runtime} | {cold[runtime]['process_seconds']:.2f} |"
                       f" {cold[runtime]['torch']} |")
    if "stratakb_search" in cold:
        c = cold["stratakb_search"]
        out.append(f"| `stratakb search` as a new process, p50 of {c['runs']} (target <= 2.5 s) |"
                   f" {c['p50_seconds']:.2f} | - |")
    c = data.get("ceiling", {})
    if "effective_gflops" in c:
        shares = c["share_of_gemm_peak"]
        out += ["", f"Arithmetic (ADR 0006): {c['gflop_per_text']} GFLOP a passage as batched; this machine's fp32 "
                f"matrix product (numpy, 2048^3, {c['threads']} threads) runs at {c['gemm_fp32_gflops']} GFLOP/s; "
                + ", ".join(f"{k} {v} GFLOP/s ({shares[k]:.0%})" for k, v in c["effective_gflops"].items())
                + f". {TARGET_FP32}x torch in fp32 would need {c['fp32_target_needs_share']:.0%} of that rate."]
    out += ["", "Targets (issue 13): " + "; ".join(f"{k}: {v}" for k, v in data["targets"].items())
            + (" (all met)" if data["targets_met"] else " (NOT all met)"), ""]
    return out


def section_parity(data: dict[str, Any] | None) -> list[str]:
    out = ["## Retrieval parity of the embedding runtimes", ""]
    if data is None:
        return out + ["Not run in this report: `python scripts/benchmarks.py --only parity`.", ""]
    out += [f"Command: `python {data['_command']}`; each runtime embeds its own stores (PEPs and RFCs for "
            f"`{data['golden']}`, SciFact's 5,183 abstracts); nDCG@10 does not depend on machine load.", "",
            "| Runtime | Set | Mode | nDCG@10 | vs torch |", "|---|---|---|---|---|"]
    for r in data["rows"]:
        delta = "-" if r["delta_to_torch"] is None else f"{r['delta_to_torch']:+.4f}"
        out.append(f"| {r['runtime']} | {r['set']} | {r['mode']} | {r['ndcg@10']:.4f} | {delta} |")
    met = {True: "met", False: "NOT met", None: "not measured"}[data["targets_met"]]
    out += ["", f"Target (issue 13): {data['target']}: largest difference {data['max_abs_delta_fp32']} ({met}).", ""]
    return out


def section_ingest(data: dict[str, Any] | None) -> list[str]:
    out = ["## Ingest and resync (PEPs + RFCs)", ""]
    if data is None:
        return out + ["Not run in this report: `python scripts/benchmarks.py --only ingest`.", ""]
    command = data.get("_command", "scripts/bench_ingest.py --json")
    out += [f"Command: `python {command}`; model {data['model']} (load {data['model_load_s']:.1f} s).", "",
            "| Measure | Value | Against embedding alone |", "|---|---|---|",
            f"| Fresh ingest | {data['files']} files, {data['chunks']} chunks in {data['add_s']:.1f} s "
            f"({data['chunks_per_s']:.1f} chunks/s) | {data['add_over_embed']:.3f} x the {data['embed_only_s']:.1f} s "
            f"to embed the same {data['embed_only_texts']} texts alone (issue 13 target <= 1.10) |",
            f"| No-change sync, in process | {data['nochange_in_process_s']:.3f} s, "
            f"{data['nochange_embedded']} chunks embedded | - |",
            f"| No-change sync, two `stratakb add` processes | {data['nochange_cli_s']:.2f} s (median of 3) | - |",
            f"| Edit of one section (pep-0008.rst) | {data['edit_s']:.2f} s, {data['edit_chunks_embedded']} chunks "
            f"embedded, {data['edit_chunks_reused']} reused | - |", ""]
    before, after = data.get("embed_only_before_s"), data.get("embed_only_after_s")
    if before and after:
        fast = min(before, after)
        out += [f"Embedding alone was timed twice in the same run: {before:.1f} s before the ingest and {after:.1f} s "
                f"after it; the ratio above uses their mean. Against the faster figure alone the ingest is "
                f"{data['add_s'] / fast:.3f} x embedding."
                + (" The spread means the machine's load changed during the run: rerun on a quiet machine for a "
                   "tighter figure." if max(before, after) > 1.2 * fast else ""), ""]
    return out


def section_query(data: dict[str, Any] | None) -> list[str]:
    out = ["## Query latency against corpus size", ""]
    if data is None:
        return out + ["Not run in this report: `python scripts/benchmarks.py --only query`.", ""]
    out += [f"Command: `python {data['_command']}`. The store holds the PEPs and RFCs, grown with synthetic "
            "chunks (shuffled real text, noisy real vectors); every query is embedded by the real model (no "
            "cache). The reranked row uses a random-weight cross-encoder of the ms-marco-MiniLM-L-6 shape "
            "(latency only: no real reranking model is available offline).", "",
            "| Chunks | Query embedding (ms) | strata_search p50 / p95 (ms) | x embedding | "
            "strata_ask p50 / p95 | x embedding | strata_ask + rerank 20 p50 / p95 |", "|---|---|---|---|---|---|---|"]
    for n, row in sorted(data["sizes"].items(), key=lambda kv: int(kv[0])):
        emb = row["query_embedding_ms"]
        s, a, r = row["strata_search"], row["strata_ask (no rerank)"], row["strata_ask (rerank 20)"]
        out.append(f"| {int(n):,} | {emb} | {s['p50_ms']} / {s['p95_ms']} | {s['p50_ms'] / emb:.1f} | "
                   f"{a['p50_ms']} / {a['p95_ms']} | {a['p50_ms'] / emb:.1f} | {r['p50_ms']} / {r['p95_ms']} |")
    return out + ["", "![Latency against corpus size](benchmarks-latency.png)", ""]


def section_eval(data: dict[str, Any] | None) -> list[str]:
    out = ["## Retrieval quality: golden set (PEPs + RFCs)", ""]
    if data is None:
        return out + ["Not run in this report: `python scripts/benchmarks.py --only eval`.", ""]
    k = data["k"]
    kinds = ", ".join(f"{n} {kind}" for kind, n in data["kinds"].items() if n)
    out += [f"Command: `python {data['_command']}` over layers {', '.join(data['layers'])}; "
            f"{data['questions']} questions ({kinds}), {data['scored']} scored; model {data['model']}; k = {k}.", "",
            f"| Mode | ask Recall@{k} | ask Precision@{k} | ask MRR | ask nDCG@10 | search Recall@{k} | search MRR "
            "| search nDCG@10 | exact clause hit | not_found on unanswerable | ask p50 / p95 (ms) | ask p50 / "
            "query embedding p50 |", "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    emb = (data.get("query_embedding_ms") or {}).get("p50")
    for m in data["modes"].values():
        o = m["overall"]
        lat = o.get("latency_ms", {})
        out.append(f"| {m['label']} | {_f(o['ask']['recall@k'])} | {_f(o['ask']['precision@k'])} | "
                   f"{_f(o['ask']['mrr'])} | {_f(o['ask']['ndcg@10'])} | {_f(o['search']['recall@k'])} | "
                   f"{_f(o['search']['mrr'])} | {_f(o['search']['ndcg@10'])} | {_f(o['exact_clause_hit_rate'])} | "
                   f"{_f(o['not_found_rate_unanswerable'])} | {_ms(lat.get('ask_p50'))} / {_ms(lat.get('ask_p95'))} | "
                   f"{_ratio(lat.get('ask_p50'), emb)} |")
    for name, why in data.get("unavailable", {}).items():
        out.append(f"| {MODE_LABELS.get(name, name)} | unavailable: {why} | | | | | | | | | | |")
    hybrid = data["modes"].get("hybrid")
    if hybrid:
        out += ["", "Per kind, hybrid (ask):", "", f"| Kind | n | Recall@{k} | MRR | nDCG@10 | "
                "found / partly_found / not_found |", "|---|---|---|---|---|---|"]
        for kind, s in hybrid["by_kind"].items():
            st = s["status_unanswerable"] if kind == "unanswerable" else s["status_answerable"]
            out.append(f"| {kind} | {s['questions']} | {_f(s['ask']['recall@k'])} | {_f(s['ask']['mrr'])} | "
                       f"{_f(s['ask']['ndcg@10'])} | {st['found']} / {st['partly_found']} / {st['not_found']} |")
    return out + [""]


def section_beir(data: dict[str, Any] | None) -> list[str]:
    out = ["## Retrieval quality: BEIR SciFact", ""]
    if data is None:
        return out + ["Not run in this report: `python scripts/benchmarks.py --only beir`.", ""]
    out += [f"Command: `python {data['_command']}`; {data['records']} abstracts as one layer "
            f"({data.get('chunks', '?')} chunks), {data['queries']} test queries; model {data['model']}. "
            f"nDCG@10 and Recall@100 on a ranking of {data['deep_k']} chunks mapped to abstracts; the last "
            "nDCG@10 is what strata_search returns at top_k=10.", "",
            "| Mode | nDCG@10 | Recall@100 | nDCG@10, strata_search top_k=10 | search p50 / p95 (ms) | "
            "search p50 / query embedding p50 |", "|---|---|---|---|---|---|"]
    emb = (data.get("query_embedding_ms") or {}).get("p50")
    for m in data["modes"].values():
        lat = m["latency_ms"]
        out.append(f"| {m['label']} | {m['ndcg@10']:.4f} | {m['recall@100']:.4f} | {m['tool_ndcg@10']:.4f} | "
                   f"{_ms(lat['tool_p50'])} / {_ms(lat['tool_p95'])} | {_ratio(lat['tool_p50'], emb)} |")
    for name, why in data.get("unavailable", {}).items():
        out.append(f"| {MODE_LABELS.get(name, name)} | unavailable: {why} | | | | |")
    out += ["", "Published nDCG@10 on the same split: " + "; ".join(
        f"{k} {v}" for k, v in data["published_ndcg@10"].items()) + ".", "",
        "![nDCG@10 per mode](benchmarks-ndcg.png)", ""]
    return out


def section_sync(data: dict[str, Any] | None) -> list[str]:
    out = ["## No-change sync of a 10,000-file folder", ""]
    if data is None:
        return out + ["Not run in this report: `python scripts/benchmarks.py --only sync`.", ""]
    out += [f"Command: `python {data['_command']}`; {data['files']:,} files ({data['documents']:,} documents, "
            f"{data['chunks']:,} chunks; {data['skipped_by_policy']} skipped by the policy), ingested once with "
            f"EMBEDDING_BACKEND=hash in {data['first_ingest_s']} s, then synced with nothing changed.", "",
            "| Measure | Value | Target |", "|---|---|---|",
            f"| Fresh `stratakb add` process (median of {len(data['fresh_process_runs'])}) | "
            f"{data['fresh_process_s']:.3f} s | <= 1.0 s |"]
    if data.get("compare_fresh_process_s"):
        before = data["compare_fresh_process_s"]
        out.append(f"| The same, code before issue 13 (alternated run by run) | {before:.3f} s | "
                   f"{before / data['fresh_process_s']:.1f} x slower |")
    out += [f"| In process (`add_folder`, median of {len(data['in_process_runs'])}) | {data['in_process_s']:.3f} s "
            "| <= 0.3 s |",
            f"| of which: selection (the walk) | {data['selection_s']:.3f} s | |",
            f"| of which: the stored (size, mtime) list, one query | {data['stored_list_s']:.3f} s | |",
            f"| of which: the plan (policy and stat comparison) | {data['plan_s']:.3f} s | |",
            f"| Python start / importing the CLI's add path (fresh processes) | {data['python_start_s']:.3f} s / "
            f"{data['cli_import_s']:.3f} s | |", ""]
    return out


def section_scale(data: dict[str, Any] | None) -> list[str]:
    out = ["## Scale: build, size, memory and recall", ""]
    if data is None:
        return out + ["Not run in this report: `python scripts/benchmarks.py --only scale`.", ""]
    out += [f"Command: `python {data['_command']}`. Synthetic chunks COPY-loaded, the HNSW index "
            "(m 16; ef_construction by the rows indexed, `ef_construction_for`: 64 up to 200,000, 128 past it) "
            "built after the load and VACUUM (ANALYZE)d, searched with the ef_search the product picks for the "
            "store's size (`ef_search_for`: 200 up to 200,000 chunks, then chunks / 1000, at most 1000); "
            "memory is PostgreSQL's "
            "(shared_buffers, and the "
            "PSS / RSS summed over its processes); recall@10 is the vector arm's own statement (iterative scan, "
            "relaxed order) against an exact scan, over the benchmark's questions. Extrapolations: docs/scaling.md.",
            "", "| Chunks | Load (s) | HNSW build (s) | Vectors / HNSW / chunks / GIN (MB) | Database (MB) | "
            "PG PSS / RSS (MB) | strata_search p50 / p95 (ms) | strata_ask p50 / p95 (ms) |",
            "|---|---|---|---|---|---|---|---|"]
    for n, row in sorted(data["sizes"].items(), key=lambda kv: int(kv[0])):
        b, z, m = row.get("build", {}), row.get("sizes_mb", {}), row.get("memory", {})
        s_, a = row["strata_search"], row["strata_ask (no rerank)"]
        out.append(f"| {int(n):,} | {_f(b.get('load_s'), 0)} | {_f(b.get('hnsw_build_s'), 0)} | "
                   f"{z.get('vector_table_mb')} / {z.get('hnsw_index_mb')} / {z.get('chunks_table_mb')} / "
                   f"{z.get('fulltext_gin_mb')} | {z.get('database_mb')} | {m.get('server_pss_mb')} / "
                   f"{m.get('server_rss_mb')} | {s_['p50_ms']} / {s_['p95_ms']} | {a['p50_ms']} / {a['p95_ms']} |")
    out += ["", "strata_search against its parts (issue 13: p50 <= 1.3x the query embedding plus the hybrid "
            "statement, p95 <= 100 ms at 100k; statements per search 1-3, BEGIN/COMMIT not counted):", "",
            "| Chunks | query embedding (ms) | hybrid statement p50 / p95 (ms) | strata_search p50 / p95 (ms) | "
            "p50 / (embedding + statement) | statements: hybrid search / whole strata_search call |",
            "|---|---|---|---|---|---|"]
    for n, row in sorted(data["sizes"].items(), key=lambda kv: int(kv[0])):
        hs, st = row.get("hybrid_statement_ms"), row.get("statements_per_search") or {}
        if hs is None:
            continue
        out.append(f"| {int(n):,} | {row['query_embedding_ms']} | {hs['p50_ms']} / {hs['p95_ms']} | "
                   f"{row['strata_search']['p50_ms']} / {row['strata_search']['p95_ms']} | "
                   f"{row.get('strata_search_p50_over_embedding_plus_statement')} | "
                   f"{st.get('hybrid_search')} / {st.get('strata_search')} |")
    efs_all = (40, 100, 200, 400, 1000)
    out += ["", "| Chunks | Filter | exact scan (ms/query) | recall@10, ef_search 40 / 100 / 200 / 400 / 1000 | "
            "HNSW ms/query, ef_search 40 / 100 / 200 / 400 / 1000 |", "|---|---|---|---|---|"]
    for n, row in sorted(data["sizes"].items(), key=lambda kv: int(kv[0])):
        for label, r in (row.get("recall") or {}).items():
            if not isinstance(r, dict):
                continue
            efs = [r[f"ef_search={e}"] for e in efs_all if f"ef_search={e}" in r]
            out.append(f"| {int(n):,} | {label.replace('_', ' ')} | {r['exact_ms_per_query']} | "
                       + " / ".join(f"{e['recall@10']:.3f}" for e in efs) + " | "
                       + " / ".join(f"{e['ms_per_query']}" for e in efs) + " |")
    for n, row in sorted(data["sizes"].items(), key=lambda kv: int(kv[0])):
        ef = row.get("product_ef_search")
        r = ((row.get("recall") or {}).get("all_layers") or {}).get(f"ef_search={ef}")
        if ef and r:
            out += ["", f"{int(n):,} chunks: strata_search ran with ef_search {ef}; recall@10 there "
                    f"{r['recall@10']:.3f} (all layers), {r['ms_per_query']} ms a query for the vector arm alone."]
    for n, why in (data.get("not_finished") or {}).items():
        out += ["", f"{int(n):,} chunks: not measured ({why})."]
    return out + [""]


def section_tables(data: dict[str, Any] | None) -> list[str]:
    out = ["## Tables: materialization and aggregation (1,000,000 rows)", ""]
    if data is None:
        return out + ["Not run in this report: `python scripts/benchmarks.py --only tables`.", ""]
    return out + [
        f"Command: `python {data['_command']}`: a generated CSV ({data['rows']:,} rows, {data['csv_mb']} MB) "
        "materialized as a typed Parquet table, against the CSV parser ingest already runs on it, and "
        f"{data['queries']} aggregation requests (filters, group-bys, measures) through table_query.", "",
        "| Measure | Value | Target |", "|---|---|---|",
        f"| CSV parser (ingest's parse) | {data['parse_s']} s | |",
        f"| materialize_tables | {data['materialize_s']} s ({data['rows_per_s']:,} rows/s, "
        f"{data['parquet_mb']} MB Parquet) | |",
        f"| materialize / parse | {data['materialize_vs_parse']} x | <= 1.3 x |",
        f"| table_query p50 / p95 / max | {data['query_p50_ms']} / {data['query_p95_ms']} / "
        f"{data['query_max_ms']} ms | p50 < 200 ms |", ""]


def charts(results: Path, docs: Path) -> list[str]:
    try:
        import matplotlib
    except ImportError:
        return ["(charts not drawn: matplotlib is not installed; pip install -e '.[bench]')"]
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    q = _load(results, "query")
    if q:
        sizes = sorted(q["sizes"].items(), key=lambda kv: int(kv[0]))
        xs = [int(n) for n, _ in sizes]
        fig, ax = plt.subplots(figsize=(7, 4.2))
        for label in ("strata_search", "strata_ask (no rerank)", "strata_ask (rerank 20)"):
            ax.plot(xs, [r[label]["p50_ms"] for _, r in sizes], marker="o", label=f"{label} p50")
            ax.plot(xs, [r[label]["p95_ms"] for _, r in sizes], marker="x", linestyle="--", label=f"{label} p95")
        ax.plot(xs, [r["query_embedding_ms"] for _, r in sizes], color="grey", linestyle=":", label="query embedding")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("chunks in the store")
        ax.set_ylabel("latency (ms)")
        ax.set_title("Query latency against corpus size")
        ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(docs / "benchmarks-latency.png", dpi=110)
        plt.close(fig)
        made.append("benchmarks-latency.png")
    ev, be = _load(results, "eval"), _load(results, "beir")
    if ev or be:
        names = list(dict.fromkeys([*(ev or {}).get("modes", {}), *(be or {}).get("modes", {})]))
        labels = {**{n: m["label"] for n, m in (ev or {}).get("modes", {}).items()},
                  **{n: m["label"] for n, m in (be or {}).get("modes", {}).items()}}
        fig, ax = plt.subplots(figsize=(7.5, 4.2))
        width = 0.38
        xs = range(len(names))
        if ev:
            bars = ax.bar([x - width / 2 for x in xs], [ev["modes"].get(n, {}).get("overall", {}).get("ask", {})
                                                 .get("ndcg@10") or 0 for n in names], width,
                   label="golden set (strata_ask)")
            ax.bar_label(bars, fmt="%.3f", fontsize=7)
        if be:
            bars = ax.bar([x + width / 2 for x in xs], [be["modes"].get(n, {}).get("ndcg@10") or 0 for n in names],
                          width, label="SciFact")
            ax.bar_label(bars, fmt="%.3f", fontsize=7)
            for (name, v), style in zip(be["published_ndcg@10"].items(), (":", "-.", "--"), strict=False):
                ax.axhline(v, color="grey", linestyle=style, linewidth=0.8, label=f"{name} {v}")
        ax.set_xticks(list(xs), [labels[n] for n in names], rotation=15, fontsize=8)
        ax.set_ylabel("nDCG@10")
        ax.set_ylim(0, 1.15)
        ax.set_title("nDCG@10 per search mode")
        ax.legend(fontsize=7, loc="upper center", ncol=3)
        fig.tight_layout()
        fig.savefig(docs / "benchmarks-ndcg.png", dpi=110)
        plt.close(fig)
        made.append("benchmarks-ndcg.png")
    return made


def _split_sections(text: str) -> dict[str, list[str]]:
    """The page's lines by `## ` section title (the lines before the first one under "")."""
    sections: dict[str, list[str]] = {"": []}
    title = ""
    for line in text.splitlines():
        if line.startswith("## "):
            title = line
            sections[title] = []
        sections[title].append(line)
    return sections


def carry_notes(old: str, new_lines: list[str]) -> list[str]:
    """Keep the hand-written notes of the old page: a `### ` subsection (to the end of its `## `
    section) is not generated here, so it is carried over under the same `## ` section."""
    notes = {}
    for title, lines in _split_sections(old).items():
        start = next((i for i, line in enumerate(lines) if line.startswith("### ")), None)
        if title and start is not None:
            notes[title] = lines[start:]
    out: list[str] = []
    for title, lines in _split_sections("\n".join(new_lines)).items():
        out += lines
        if title in notes:
            out += ([""] if out and out[-1] else []) + notes[title]
    return out


def write_report(args: argparse.Namespace) -> Path:
    docs = REPO / "docs"
    m = machine()
    made = charts(args.results, docs)
    shown = args.results.relative_to(REPO) if args.results.is_relative_to(REPO) else args.results
    lines = ["# Benchmarks", "",
             "Generated by `python scripts/benchmarks.py` (needs `pip install -e '.[bench]'` for the charts); "
             "rerunning it regenerates this page and the charts from a new run. "
             f"The JSON of each step is kept in `{shown}`.",
             "", "## Machine", "", "| | |", "|---|---|",
             f"| Cores | {m['cores']} |", f"| Memory | {m['memory_gib']} GiB |", f"| CPU | {m['cpu']} |",
             f"| OS | {m['os']} |", f"| Python | {m['python']} |",
             f"| Written | {dt.datetime.now(dt.UTC).strftime('%Y-%m-%d %H:%M UTC')} |", "",
             "The CPU is shared with other work on this machine, so latencies can be noisy; the medians are "
             "steadier than the p95.", ""]
    lines += section_embedding(_load(args.results, "embedding"))
    lines += section_parity(_load(args.results, "parity"))
    lines += section_ingest(_load(args.results, "ingest"))
    lines += section_query(_load(args.results, "query"))
    lines += section_eval(_load(args.results, "eval"))
    lines += section_beir(_load(args.results, "beir"))
    lines += section_sync(_load(args.results, "sync"))
    lines += section_scale(_load(args.results, "scale"))
    lines += section_tables(_load(args.results, "tables"))
    lines += [x for x in made if x.startswith("(")]
    out = docs / "benchmarks.md"
    if out.exists():
        lines = carry_notes(out.read_text(encoding="utf-8"), lines)
    out.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="+", choices=STEPS, help="run only these steps (reuse the others' JSON)")
    ap.add_argument("--report-only", action="store_true", help="run nothing; rewrite the report from the JSON")
    ap.add_argument("--results", type=Path, default=REPO / "docs" / "benchmarks-data")
    ap.add_argument("--corpora", type=Path, default=REPO.parent / "shared" / "corpora")
    ap.add_argument("--golden", type=Path, default=REPO / "eval" / "golden" / "peps_rfc.yaml")
    ap.add_argument("--eval-store", type=Path, help="keep the golden set's store in this folder (reused)")
    ap.add_argument("--beir", type=Path, default=REPO.parent / "shared" / "benchmarks" / "scifact")
    ap.add_argument("--beir-work", type=Path, help="keep the SciFact store here (reused: no second ingest)")
    ap.add_argument("--parity-work", type=Path, help="keep the parity step's stores here (reused next run)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[0, 10_000, 30_000, 100_000],
                    help="store sizes for the latency step (0: the PEPs and RFCs alone)")
    ap.add_argument("--scale-sizes", type=int, nargs="+", default=[100_000, 300_000],
                    help="store sizes for the scale step (1000000 takes about an hour on 2 cores)")
    ap.add_argument("--sync-compare", type=Path, help="a source tree (an older commit) whose no-change sync "
                    "is timed alongside, for a before/after ratio in one run")
    ap.add_argument("--queries", type=int, default=40)
    args = ap.parse_args()
    args.results = args.results.resolve()
    if not args.report_only:
        run_steps(args)
    print(f"wrote {write_report(args)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
