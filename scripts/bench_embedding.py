"""Embedding runtime benchmark (not a test): ONNX fp32 and int8 against torch, one model, one run.

Embeds the same passages (PEP paragraphs packed to about chunk size) with the torch runtime and
the ONNX runtime (fp32, then int8), in interleaved rounds on one machine, and prints texts/s of the
best round of each, the ratio to torch, the mean and minimum cosine of each ONNX vector to the torch
vector of the same text, the one-time export cost, and the cold start of a fresh process embedding
one query (and whether it imported torch). The targets of issue 13 are checked at the end.

    python scripts/bench_embedding.py [--texts 128] [--rounds 3] [--data-dir DIR] [--json]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from stratakb_core.embedding import build_embedder  # noqa: E402
from stratakb_core.embedding.local_model import INFERENCE_BATCH, local_model_dir, usable_cpus  # noqa: E402
from stratakb_core.settings import Settings  # noqa: E402

TARGET_SPEEDUP = 1.8
TARGET_COSINE = 0.9999
TARGET_COLD_SEARCH_S = 2.5
COLD_SEARCH_RUNS = 5
COLD_START = """
import json, sys, time
started = time.perf_counter()
from stratakb_core.embedding import build_embedder
from stratakb_core.settings import Settings
embedder = build_embedder(Settings.from_env())
embedder.embed_query("How long should a line of Python code be?")
print(json.dumps({"seconds": time.perf_counter() - started, "torch": "torch" in sys.modules,
                  "embedder": type(embedder).__name__}))
"""


def passages(corpora: Path, count: int, size: int = 900) -> list[str]:
    """Paragraphs of the PEPs packed into passages of about `size` characters (a chunk's size)."""
    out: list[str] = []
    for path in sorted((corpora / "peps").glob("*")):
        current = ""
        for paragraph in path.read_text(encoding="utf-8", errors="replace").split("\n\n"):
            paragraph = " ".join(paragraph.split())
            if not paragraph:
                continue
            if current and len(current) + len(paragraph) > size:
                out.append(current)
                current = ""
            current = f"{current} {paragraph}".strip()[: size * 2]
        if current:
            out.append(current)
    if not out:
        raise SystemExit(f"no passages under {corpora / 'peps'}")
    return (out * (count // len(out) + 1))[:count]


def model_flops(model_name: str, texts: list[str], batch: int) -> float | None:
    """Floating-point operations one pass over `texts` costs a BERT-style encoder, counted from its
    config.json and the real token lengths, batched as the runtimes batch them (longest first, each
    batch padded to its longest text): 2 per multiply-add of the linear layers and of attention's
    two products. Embeddings, norms and softmax are left out (a few percent)."""
    from tokenizers import Tokenizer

    folder = local_model_dir(model_name)
    if folder is None or not (folder / "tokenizer.json").is_file():
        return None
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    hidden, inner, layers = config["hidden_size"], config["intermediate_size"], config["num_hidden_layers"]
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=256)
    lengths = sorted((len(e.ids) for e in tokenizer.encode_batch([t.lower() for t in texts])), reverse=True)
    total = 0.0
    for start in range(0, len(lengths), batch):
        rows, width = len(lengths[start : start + batch]), lengths[start]
        linear = 2 * rows * width * (4 * hidden * hidden + 2 * hidden * inner)
        attention = 2 * 2 * rows * width * width * hidden
        total += layers * (linear + attention)
    return total


def gemm_peak(rounds: int = 5) -> float:
    """The machine's fp32 matrix-multiply rate (GFLOP/s): the best of `rounds` products of two
    2048 x 2048 matrices with numpy's BLAS on the usable cores: what an encoder's runtime can at best
    approach, since nearly all of its work is such products."""
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((2048, 2048), dtype=np.float32), rng.standard_normal((2048, 2048), dtype=np.float32)
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        a @ b
        best = min(best, time.perf_counter() - started)
    return 2 * 2048**3 / best / 1e9


def cold_start(env: dict[str, str], runtime: str) -> dict[str, object]:
    env = {**env, "EMBEDDING_RUNTIME": runtime, "PYTHONPATH": str(REPO)}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", COLD_START], env=env, capture_output=True, text=True, check=True)
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    return {**facts, "process_seconds": time.perf_counter() - started}


def cold_search(env: dict[str, str], runs: int = COLD_SEARCH_RUNS) -> dict[str, object]:
    """`stratakb search` as a new process, as a user types it: the bundled sample stored once with
    the default runtime, then `runs` fresh processes, each timed from exec to exit (median)."""
    env = {**env, "PYTHONPATH": str(REPO)}
    cli = [sys.executable, "-m", "stratakb_core.cli"]
    subprocess.run([*cli, "add", str(REPO / "stratakb_core" / "sample"), "--yes", "--json"], env=env,
                   capture_output=True, text=True, check=True)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([*cli, "search", "how do I promote the replica during failover?", "--json"], env=env,
                       capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - started)
    return {"runs": runs, "p50_seconds": round(float(np.median(times)), 2),
            "seconds": [round(t, 2) for t in times]}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", type=Path, default=REPO.parent / "shared" / "corpora")
    ap.add_argument("--texts", type=int, default=128)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--data-dir", type=Path, help="keep the ONNX exports here (default: a temporary folder)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="stratakb-bench-embedding-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EMBEDDING_", "STRATA_DATA_DIR"))}
    env["STRATA_DATA_DIR"] = str(data_dir)
    base = Settings.from_env(env)
    texts = passages(args.corpora, args.texts)
    try:
        arms = {
            "torch": build_embedder(dataclasses.replace(base, embedding_runtime="torch")),
            "onnx_fp32": build_embedder(dataclasses.replace(base, embedding_runtime="onnx")),
            "onnx_int8": build_embedder(dataclasses.replace(base, embedding_runtime="onnx", embedding_quantize="int8")),
        }
        load = {}
        for name, embedder in arms.items():  # loads the model, and exports/quantizes once
            started = time.perf_counter()
            embedder.embed_query("warm up")
            load[name] = time.perf_counter() - started
        best = dict.fromkeys(arms, float("inf"))
        vectors: dict[str, np.ndarray] = {}
        for _ in range(args.rounds):  # interleaved: a busy neighbour slows every arm alike
            for name, embedder in arms.items():
                started = time.perf_counter()
                vectors[name] = embedder.embed(texts)
                best[name] = min(best[name], time.perf_counter() - started)
        peak = max(gemm_peak() for _ in range(args.rounds))  # interleaved with nothing: after the arms
        flops = model_flops(arms["torch"].name, texts, batch=INFERENCE_BATCH)
        cold = {runtime: cold_start(env, runtime) for runtime in ("onnx", "torch")}
        cold["stratakb_search"] = cold_search(env)
    finally:
        if args.data_dir is None:
            shutil.rmtree(data_dir, ignore_errors=True)
    report = summarise(arms, texts, best, vectors, load, cold, args.rounds)
    report["ceiling"] = ceiling(flops, peak, best, len(texts))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        show(report)
    return 0 if report["targets_met"] else 1


def summarise(arms, texts, best, vectors, load, cold, rounds) -> dict[str, object]:  # type: ignore[no-untyped-def]
    rates = {name: len(texts) / seconds for name, seconds in best.items()}
    cosines = {name: np.sum(vectors[name] * vectors["torch"], axis=1) for name in arms if name != "torch"}
    speedup = rates["onnx_fp32"] / rates["torch"]
    mean_fp32 = float(cosines["onnx_fp32"].mean())
    return {
        "machine": f"{os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}",
        "model": arms["torch"].name,
        "names": {name: embedder.name for name, embedder in arms.items()},
        "texts": len(texts),
        "mean_chars": round(sum(map(len, texts)) / len(texts)),
        "rounds": rounds,
        "texts_per_second": {name: round(rate, 1) for name, rate in rates.items()},
        "ratio_to_torch": {name: round(rate / rates["torch"], 2) for name, rate in rates.items()},
        "cosine_to_torch": {
            name: {"mean": round(float(c.mean()), 7), "min": round(float(c.min()), 7)} for name, c in cosines.items()
        },
        "first_use_seconds": {name: round(seconds, 1) for name, seconds in load.items()},
        "cold_start": cold,
        "targets": {
            f"onnx fp32 / torch >= {TARGET_SPEEDUP}x": round(speedup, 2),
            f"mean cosine fp32 >= {TARGET_COSINE}": round(mean_fp32, 7),
            "no torch in an onnx query process": not cold["onnx"]["torch"],
            f"cold stratakb search p50 <= {TARGET_COLD_SEARCH_S} s": cold["stratakb_search"]["p50_seconds"],
        },
        "targets_met": speedup >= TARGET_SPEEDUP and mean_fp32 >= TARGET_COSINE and not cold["onnx"]["torch"]
        and cold["stratakb_search"]["p50_seconds"] <= TARGET_COLD_SEARCH_S,
    }


def ceiling(flops: float | None, peak: float, best: dict[str, float], texts: int) -> dict[str, object]:
    """How close each runtime runs to the machine's fp32 matrix-multiply rate, and what the fp32
    target would need: a runtime cannot do the same arithmetic faster than the BLAS does products."""
    out: dict[str, object] = {"gemm_fp32_gflops": round(peak, 1), "threads": usable_cpus()}
    if flops is None:
        return out
    rates = {name: flops / seconds / 1e9 for name, seconds in best.items()}
    out["gflop_per_text"] = round(flops / texts / 1e9, 2)
    out["effective_gflops"] = {name: round(rate, 1) for name, rate in rates.items()}
    out["share_of_gemm_peak"] = {name: round(rate / peak, 2) for name, rate in rates.items()}
    out["fp32_target_needs_share"] = round(TARGET_SPEEDUP * rates["torch"] / peak, 2)
    return out


def show(report: dict[str, object]) -> None:
    print(f"{report['machine']}; {report['model']}; {report['texts']} texts of ~{report['mean_chars']} chars")
    rates, ratios = report["texts_per_second"], report["ratio_to_torch"]
    cosines, first = report["cosine_to_torch"], report["first_use_seconds"]
    print(f"{'runtime':<10} {'texts/s':>8} {'x torch':>8} {'mean cos':>9} {'min cos':>9} {'first use s':>12}")
    for name in rates:  # type: ignore[union-attr]
        cos = cosines.get(name, {"mean": 1.0, "min": 1.0})  # type: ignore[union-attr]
        print(
            f"{name:<10} {rates[name]:>8} {ratios[name]:>8} {cos['mean']:>9} {cos['min']:>9} "  # type: ignore[index]
            f"{first[name]:>12}"  # type: ignore[index]
        )
    for runtime, facts in report["cold_start"].items():  # type: ignore[union-attr]
        if runtime == "stratakb_search":
            print(f"cold `stratakb search` process: p50 {facts['p50_seconds']} s over {facts['runs']} runs")
            continue
        print(
            f"cold start, {runtime}: one query in {facts['seconds']:.2f} s in process, "
            f"{facts['process_seconds']:.2f} s with interpreter; torch imported: {facts['torch']}"
        )
    c = report.get("ceiling", {})
    if "effective_gflops" in c:  # type: ignore[operator]
        print(f"arithmetic: {c['gflop_per_text']} GFLOP a text; machine fp32 GEMM {c['gemm_fp32_gflops']} GFLOP/s "  # type: ignore[index]
              f"on {c['threads']} threads; runtimes at " + ", ".join(  # type: ignore[index]
                  f"{k} {v} GFLOP/s ({c['share_of_gemm_peak'][k]:.0%})" for k, v in c["effective_gflops"].items())  # type: ignore[index,union-attr]
              + f"; {TARGET_SPEEDUP}x torch in fp32 needs {c['fp32_target_needs_share']:.0%} of the GEMM rate")  # type: ignore[index]
    for target, value in report["targets"].items():  # type: ignore[union-attr]
        print(f"target {target}: {value}")
    print("all targets met" if report["targets_met"] else "targets NOT met")


if __name__ == "__main__":
    sys.exit(main())
