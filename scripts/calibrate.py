"""Confidence calibration tables (not a test) from saved evaluation runs.

Reads the JSON of `stratakb eval --json` (the golden set: answerable and unanswerable questions)
and, optionally, of `scripts/beir_eval.py --json` (SciFact: every query answerable), and prints,
for the similarity basis (and the rerank basis when a reranked run is present):

- at the spec's thresholds and at the pairs next to them (one threshold moved by 0.05 or 0.1;
  --extra adds pairs): the precision of found (a found answer
  holds a passage that answers the question), the recall of not_found (unanswerable questions
  that come back not_found) and how many answerable questions would be turned away;
- on SciFact, the precision of found at each `high` threshold.

With --write docs/calibration.md it replaces the text between the markers
``<!-- calibration:begin -->`` and ``<!-- calibration:end -->`` (the decision around them is
written by hand and kept).

    python scripts/calibrate.py EVAL.json [--beir BEIR.json] [--write docs/calibration.md]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from stratakb_core.evaluation.runner import calibrate  # noqa: E402
from stratakb_core.query import SCALES  # noqa: E402

BEGIN, END = "<!-- calibration:begin -->", "<!-- calibration:end -->"


def _f(v: float | None) -> str:
    return "-" if v is None else f"{v:.3f}"


def golden_tables(report: dict[str, Any], extra: list[tuple[float, float]] | None = None) -> list[str]:
    out: list[str] = []
    for name, mode in report["modes"].items():
        if mode["arms"] != "hybrid" or (name == "hybrid_no_slots"):
            continue
        basis = "rerank" if mode["rerank"] else "similarity"
        rows = calibrate(mode["records"], basis)
        spec = rows[0]
        sh, sm = spec["high"], spec["medium"]
        near = {(sh, round(sm + d, 2)) for d in (-0.1, -0.05, 0.05, 0.1)}
        near |= {(round(sh + d, 2), sm) for d in (-0.1, -0.05, 0.05, 0.1)}
        near |= {(h, m) for h, m in (extra or [])}
        shown = [spec] + [r for r in rows[1:] if (r["high"], r["medium"]) in near]
        shown = [spec] + sorted(shown[1:], key=lambda r: (r["high"], r["medium"]))
        out += [f"Golden set `{report['golden']}`, mode {mode['label']}, {basis} basis "
                f"({spec['answerable']} answerable, {sum(1 for r in mode['records'] if not r['answerable'])} "
                "unanswerable questions; the status from the thresholds alone):", "",
                "| Thresholds (high / medium) | found | precision of found | precision of found or partly_found "
                "| recall of not_found | answerable turned away |", "|---|---|---|---|---|---|"]
        for r in shown:
            tag = " (spec)" if r.get("spec") else ""
            out.append(f"| {r['high']} / {r['medium']}{tag} | {r['found']} | {_f(r['precision_of_found'])} | "
                       f"{_f(r['precision_of_answered'])} | {_f(r['recall_of_not_found'])} | "
                       f"{r['answerable_not_found']}/{r['answerable']} |")
        out.append("")
        recs = mode["records"]
        actual = {kind: {st: sum(1 for r in recs if r["answerable"] == (kind == "answerable") and r["status"] == st)
                         for st in ("found", "partly_found", "not_found")} for kind in ("answerable", "unanswerable")}
        found = [r for r in recs if r["status"] == "found"]
        prec = sum(1 for r in found if r["answerable"] and r["ask"]["hit"]) / len(found) if found else None
        out += [f"The status strata_ask returned (spec thresholds plus its other rules): answerable "
                f"{actual['answerable']['found']} found / {actual['answerable']['partly_found']} partly_found / "
                f"{actual['answerable']['not_found']} not_found; unanswerable {actual['unanswerable']['found']} / "
                f"{actual['unanswerable']['partly_found']} / {actual['unanswerable']['not_found']}; precision of "
                f"found {_f(prec)}.", ""]
        # The scores themselves, so the reader sees where answerable and unanswerable questions sit.
        key = "best_rerank" if basis == "rerank" else "best_similarity"
        ans = sorted(r[key] for r in mode["records"] if r["answerable"] and not r["exact"] and r[key] is not None)
        una = sorted(r[key] for r in mode["records"] if not r["answerable"] and r[key] is not None)
        if ans and una:
            out += [f"Best {basis} score of the returned passages: answerable (no exact clause) min {ans[0]:.3f}, "
                    f"median {ans[len(ans) // 2]:.3f}, max {ans[-1]:.3f}; unanswerable min {una[0]:.3f}, "
                    f"median {una[len(una) // 2]:.3f}, max {una[-1]:.3f}.", ""]
    return out


def beir_tables(report: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for basis, rows in report.get("calibration", {}).items():
        spec = SCALES[basis]
        out += [f"SciFact ({report['queries']} test claims, all answerable; {basis} basis of the best "
                "strata_search result, hybrid mode at top_k=10; correct = a judged-relevant abstract in the "
                "first 10):", "",
                "| Threshold (best score >=) | found (at or above) | precision of found |", "|---|---|---|"]
        for r in rows:
            mark = " (spec high)" if r["threshold"] == spec.high else (" (spec medium)" if r["threshold"] ==
                                                                        spec.medium else "")
            out.append(f"| {r['threshold']}{mark} | {r['found']}/{r['of']} | {_f(r['precision_of_found'])} |")
        out.append("")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("eval_json", type=Path)
    ap.add_argument("--beir", type=Path)
    ap.add_argument("--extra", nargs="*", default=[], metavar="HIGH/MEDIUM", help="more pairs to show, e.g. 0.65/0.5")
    ap.add_argument("--write", type=Path, help="update the tables in this Markdown file between the markers")
    args = ap.parse_args()
    report = json.loads(args.eval_json.read_text(encoding="utf-8"))
    extra = [(float(h), float(m)) for h, _, m in (x.partition("/") for x in args.extra)]
    lines = golden_tables(report, extra)
    if args.beir:
        lines += beir_tables(json.loads(args.beir.read_text(encoding="utf-8")))
    text = "\n".join(lines).rstrip() + "\n"
    if args.write:
        doc = args.write.read_text(encoding="utf-8") if args.write.exists() else f"{BEGIN}\n{END}\n"
        if BEGIN not in doc or END not in doc:
            raise SystemExit(f"{args.write} has no {BEGIN} ... {END} markers")
        head, rest = doc.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        args.write.write_text(f"{head}{BEGIN}\n{text}{END}{tail}", encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
