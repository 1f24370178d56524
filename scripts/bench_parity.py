"""Retrieval parity of the embedding runtimes (not a test): torch, ONNX fp32 and ONNX int8, one model.

Issue 13 asks that the ONNX runtime change speed, not answers: golden-set and SciFact nDCG@10
within 0.002 of torch for fp32, and int8's figures reported. For each runtime this script builds
its own store (PEPs and RFCs as layers peps and rfc, with `stratakb add`; SciFact with
`scripts/beir_eval.py`), scores the golden set with `stratakb eval` (modes vector, hybrid and
hybrid_evidence) and SciFact in modes vector and hybrid, then prints nDCG@10 per runtime and the
difference to torch. nDCG does not depend on how busy the machine is, so this step needs no quiet
machine; it embeds every chunk three times (about 40 minutes on 2 cores).

    python scripts/bench_parity.py [--corpora ../shared/corpora] [--beir ../shared/benchmarks/scifact]
        [--work DIR] [--json]

With --work DIR the stores stay in DIR/<runtime>/ and a later run reuses them (no-change syncs).
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
PY = sys.executable
GOLDEN = REPO / "eval" / "golden" / "peps_rfc.yaml"
TARGET_DELTA = 0.002
RUNTIMES: dict[str, dict[str, str]] = {
    "torch": {"EMBEDDING_RUNTIME": "torch"},
    "onnx_fp32": {"EMBEDDING_RUNTIME": "onnx", "EMBEDDING_QUANTIZE": "none"},
    "onnx_int8": {"EMBEDDING_RUNTIME": "onnx", "EMBEDDING_QUANTIZE": "int8"},
}
GOLDEN_MODES = ("vector", "hybrid", "hybrid_evidence")
BEIR_MODES = ("vector", "hybrid")


def _json(cmd: list[str], env: dict[str, str]) -> dict[str, Any]:
    print(f"$ {' '.join(cmd)}", file=sys.stderr, flush=True)
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=REPO)
    if done.returncode not in (0, 1):  # eval exits 1 when a golden entry is broken: still a report
        sys.stderr.write(done.stderr[-4000:])
        raise SystemExit(f"failed ({done.returncode}): {' '.join(cmd)}")
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        sys.stderr.write(done.stderr[-4000:])
        raise SystemExit(f"printed no JSON (exit {done.returncode}): {' '.join(cmd)}") from None


def golden(work: Path, corpora: Path, env: dict[str, str]) -> dict[str, float]:
    """The golden set's nDCG@10 per mode on a store of this runtime's vectors."""
    env = {**env, "STRATA_DATA_DIR": str(work / "data")}
    for name in ("peps", "rfc"):
        folder = work / name
        if not folder.exists():
            shutil.copytree(corpora / name, folder)
        _json([PY, "-m", "stratakb_core.cli", "add", str(folder), "--json", "--yes"], env)
    modes = [arg for mode in GOLDEN_MODES for arg in ("--mode", mode)]
    report = _json([PY, "-m", "stratakb_core.cli", "eval", str(GOLDEN), *modes, "--json"], env)
    return {mode: report["modes"][mode]["overall"]["search"]["ndcg@10"] for mode in GOLDEN_MODES}


def scifact(work: Path, dataset: Path, env: dict[str, str]) -> dict[str, float]:
    """SciFact's nDCG@10 (deep ranking, as `beir_eval.py` reports it) per mode."""
    report = _json([PY, "scripts/beir_eval.py", "--dataset", str(dataset), "--work", str(work),
                    "--modes", *BEIR_MODES, "--json"], env)
    return {mode: report["modes"][mode]["ndcg@10"] for mode in BEIR_MODES}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", type=Path, default=REPO.parent / "shared" / "corpora")
    ap.add_argument("--beir", type=Path, default=REPO.parent / "shared" / "benchmarks" / "scifact")
    ap.add_argument("--work", type=Path, help="keep each runtime's stores in DIR/<runtime> (reused next run)")
    ap.add_argument("--runtimes", nargs="+", choices=list(RUNTIMES), default=list(RUNTIMES))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.work:
        work = args.work.resolve()
    else:
        work = Path(tempfile.mkdtemp(prefix="stratakb-bench-parity-"))
        atexit.register(shutil.rmtree, work, True)
    base = {k: v for k, v in os.environ.items() if not k.startswith(("EMBEDDING_", "STRATA_DATA_DIR"))}
    base.pop("DATABASE_URL", None)
    base["HF_HUB_OFFLINE"] = "1"
    results: dict[str, dict[str, dict[str, float]]] = {}
    for runtime in args.runtimes:
        env = {**base, **RUNTIMES[runtime]}
        (work / runtime).mkdir(parents=True, exist_ok=True)
        results[runtime] = {"golden": golden(work / runtime / "golden", args.corpora, env),
                            "scifact": scifact(work / runtime / "scifact", args.beir, env)}
    report = summarise(results)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        show(report)
    return 0 if report["targets_met"] in (True, None) else 1


def summarise(results: dict[str, dict[str, dict[str, float]]]) -> dict[str, Any]:
    """nDCG@10 per runtime, set and mode, rounded; the difference to torch; the fp32 target."""
    rows = []
    for runtime, sets in results.items():
        for name, modes in sets.items():
            for mode, value in modes.items():
                torch = results.get("torch", {}).get(name, {}).get(mode)
                delta = None if torch is None else round(value - torch, 4)
                rows.append({"runtime": runtime, "set": name, "mode": mode, "ndcg@10": round(value, 4),
                             "delta_to_torch": delta})
    fp32 = [abs(r["delta_to_torch"]) for r in rows if r["runtime"] == "onnx_fp32" and r["delta_to_torch"] is not None]
    return {
        "golden": str(GOLDEN.relative_to(REPO)),
        "rows": rows,
        "max_abs_delta_fp32": round(max(fp32), 4) if fp32 else None,
        "target": f"onnx fp32 nDCG@10 within {TARGET_DELTA} of torch on every set and mode",
        "targets_met": (max(fp32) <= TARGET_DELTA) if fp32 else None,
    }


def show(report: dict[str, Any]) -> None:
    print(f"{'runtime':<10} {'set':<8} {'mode':<16} {'nDCG@10':>8} {'vs torch':>9}")
    for row in report["rows"]:
        delta = "-" if row["delta_to_torch"] is None else f"{row['delta_to_torch']:+.4f}"
        print(f"{row['runtime']:<10} {row['set']:<8} {row['mode']:<16} {row['ndcg@10']:>8.4f} {delta:>9}")
    print(f"target: {report['target']}: largest difference {report['max_abs_delta_fp32']}"
          f" ({'met' if report['targets_met'] else 'NOT met' if report['targets_met'] is False else 'not measured'})")


if __name__ == "__main__":
    sys.exit(main())
