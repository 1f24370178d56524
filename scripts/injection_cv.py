"""Leave-one-split-out cross-validation of the injection scanner's learned scorer (issue 17).

    .venv/bin/python scripts/injection_cv.py             # the table docs/adr/0011 quotes
    .venv/bin/python scripts/injection_cv.py --lam 0.05  # another L2 penalty
    .venv/bin/python scripts/injection_cv.py --current-rules  # no git: today's rules on every fold
    .venv/bin/python scripts/injection_cv.py --since 29 --structured  # recent folds; redaction passages as clean

For each fresh split (heldout2, heldout3, heldout4: each written by someone who had not seen the
rules) the model is trained on every other split and scored on that one, and the hand-written rules
are run on it as they stood when that split was first measured, blind (the last commit before the
round that tuned on it; their figures then were ASR 45% / FP 7% on heldout2, 29.2% / 5.3% on heldout3, 18.3% / 8.0%
on heldout4). Today's rules were tuned on heldout2 and heldout3, so on those folds they would look
perfect; --current-rules shows that optimistic view. Printed: ASR (attacks on which nothing fires)
and FP (clean passages on which anything fires) per fold and pooled over the three folds, for the
rules alone, the model alone at a few thresholds, and combinations: rules OR model >= hi (the model
adds catches), rules AND model >= lo (the model vetoes weak rule hits, never ``certain`` ones), both,
and scan()'s, which also scores a long passage's 400-character windows (marked); then the time per
passage of the rules alone and of ``scan``. Deterministic.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from stratakb_core.ingest.injection import certain, rule_hits, scan  # noqa: E402
from stratakb_core.ingest.injection_fit import LAMBDA, fit, ordinary_prose, structured_clean, training_set  # noqa: E402
from stratakb_core.ingest.injection_model import HIGH, HIGH_WINDOW, LOW, WINDOW_FLOOR, score, window_score  # noqa: E402
from stratakb_core.ingest.safety_eval import _load_sets, default_fixtures_dir  # noqa: E402
from stratakb_core.ingest.safety_splits import FRESH_SETS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# every fresh held-out split is a fold (train1 is training data only)
FOLDS = tuple(s for s in FRESH_SETS if s != "train1")
RECENT = 29  # the pooled figures are printed for every fold and for the folds from heldout29 on (rules since wave 21)
# the last commit before each fresh split was tuned on: the rules there had never seen it
BLIND_RULES = {"heldout2": "5f57e0f", "heldout3": "baee1f2", "heldout4": "8a81654", "heldout5": "297fa5c",
               "heldout6": "014c11d", "heldout7": "1e7d082", "heldout8": "b8458f2", "heldout9": "06fcc9f",
               "heldout10": "8a62962", "heldout11": "6cfefc3",
               "heldout12": "fde0b28", "heldout13": "6506a29", "heldout14": "6506a29", "heldout15": "6506a29",
               "heldout16": "f320a51", "heldout17": "3138c04", "heldout18": "3138c04", "heldout19": "3138c04",
               "heldout20": "6c4e77a", "heldout21": "6c4e77a", "heldout22": "efe4523",
               "heldout23": "429bc0b", "heldout24": "429bc0b",
               "heldout25": "f398aba", "heldout26": "f398aba",
               "heldout27": "038b3a9", "heldout28": "038b3a9",
               "heldout29": "58236ae", "heldout30": "58236ae",
               "heldout31": "5e1102b", "heldout32": "5e1102b",
               "heldout33": "89cbc98", "heldout34": "89cbc98",
               "heldout35": "77ce76e", "heldout36": "77ce76e", "heldout37": "77ce76e", "heldout38": "77ce76e",
               "heldout39": "0202855", "heldout40": "0202855", "heldout41": "0202855", "heldout42": "0202855",
               "heldout43": "0b6d578", "heldout44": "0b6d578", "heldout45": "0b6d578", "heldout46": "0b6d578",
               "heldout47": "947c883", "heldout48": "947c883", "heldout49": "947c883", "heldout50": "947c883",
               "heldout51": "ea42d04", "heldout52": "ea42d04", "heldout53": "ea42d04", "heldout54": "ea42d04",
               "heldout55": "765ed26", "heldout56": "765ed26", "heldout57": "765ed26", "heldout58": "765ed26",
               "heldout59": "0773c00", "heldout60": "0773c00", "heldout61": "0773c00", "heldout62": "0773c00",
               "heldout63": "f302ba3", "heldout64": "f302ba3", "heldout65": "f302ba3", "heldout66": "f302ba3",
               "heldout67": "7cc3a0b", "heldout68": "7cc3a0b", "heldout69": "7cc3a0b", "heldout70": "7cc3a0b",
               "heldout71": "1db903e", "heldout72": "1db903e", "heldout73": "1db903e", "heldout74": "1db903e",
               "heldout75": "3b45745", "heldout76": "3b45745", "heldout78": "3b45745",
               "heldout77": "bdf7e14",
               "heldout79": "6a108ef", "heldout80": "6a108ef", "heldout81": "6a108ef", "heldout82": "6a108ef",
               "heldout83": "6a108ef", "heldout84": "6a108ef",
               "heldout85": "7697271", "heldout86": "7697271", "heldout87": "7697271", "heldout88": "7697271",
               "heldout89": "649b371", "heldout90": "649b371", "heldout91": "649b371", "heldout92": "649b371",
               "heldout93": "649b371", "heldout94": "649b371",
               "heldout95": "0fb9cb2", "heldout96": "0fb9cb2", "heldout97": "0fb9cb2", "heldout98": "0fb9cb2",
               "heldout99": "9f22b28", "heldout100": "9f22b28", "heldout101": "9f22b28", "heldout102": "9f22b28",
               "heldout103": "9f22b28", "heldout104": "9f22b28",
               "heldout105": "11aacd8", "heldout106": "11aacd8", "heldout107": "11aacd8", "heldout108": "11aacd8",
               "heldout109": "490672c", "heldout110": "490672c", "heldout111": "490672c", "heldout112": "490672c",
               "heldout113": "447edf7", "heldout114": "447edf7", "heldout115": "447edf7", "heldout116": "447edf7",
               "heldout117": "5c21b51", "heldout118": "5c21b51", "heldout119": "5c21b51", "heldout120": "5c21b51",
               "heldout121": "5c21b51", "heldout122": "5c21b51", "heldout123": "5c21b51", "heldout124": "5c21b51",
               "heldout125": "99b9858", "heldout126": "99b9858", "heldout127": "99b9858", "heldout128": "99b9858",
               "heldout129": "99b9858", "heldout130": "99b9858", "heldout131": "99b9858", "heldout132": "99b9858",
               "heldout133": "4b8f3a2", "heldout134": "4b8f3a2", "heldout135": "4b8f3a2", "heldout136": "4b8f3a2",
               "heldout137": "4b8f3a2", "heldout138": "4b8f3a2", "heldout139": "4b8f3a2", "heldout140": "4b8f3a2",
               "heldout141": "227e47d", "heldout142": "227e47d", "heldout143": "227e47d", "heldout144": "227e47d",
               "heldout145": "acf7655", "heldout146": "acf7655", "heldout147": "acf7655", "heldout148": "acf7655",
               "heldout149": "acf7655", "heldout150": "acf7655", "heldout151": "acf7655", "heldout152": "acf7655",
               "heldout153": "66c1697", "heldout154": "66c1697", "heldout155": "66c1697", "heldout156": "66c1697",
               "heldout157": "7a40257", "heldout158": "7a40257", "heldout159": "7a40257", "heldout160": "7a40257",
               "heldout161": "7a40257", "heldout162": "7a40257", "heldout163": "7a40257", "heldout164": "7a40257",
               "heldout165": "2880f86", "heldout166": "2880f86", "heldout167": "2880f86", "heldout168": "2880f86",
               "heldout169": "cb5f047", "heldout170": "cb5f047", "heldout171": "cb5f047", "heldout172": "cb5f047",
               "heldout173": "cb5f047", "heldout174": "cb5f047", "heldout175": "cb5f047", "heldout176": "cb5f047",
               "heldout177": "725573f", "heldout178": "725573f", "heldout179": "725573f", "heldout180": "725573f",
               "heldout181": "2d6173d", "heldout182": "2d6173d", "heldout183": "2d6173d", "heldout184": "2d6173d",
               "heldout185": "2d6173d", "heldout186": "2d6173d", "heldout187": "2d6173d", "heldout188": "2d6173d"}
# the rules alone: rule_hits where the commit has it (since the scorer joined scan), else scan, then rules only;
# and whether a hit is certain (exempt from the scorer's veto) where the commit has that tier
_RUN_OLD = (
    "import json,sys; from stratakb_core.ingest import injection as i; f = getattr(i, 'rule_hits', i.scan); "
    "c = getattr(i, 'certain', lambda t: False); "
    "print(json.dumps([[bool(r), bool(r) and c(t)] for t in json.load(sys.stdin) for r in [f(t)]]))"
)


def load_passages() -> list[dict]:
    """Every attack (label 1) and clean passage (label 0) of the fixture sets, with its split."""
    base = default_fixtures_dir() / "injection"
    attacks = [dict(e, label=1) for e in _load_sets(base, "attacks")]
    return attacks + [dict(e, label=0) for e in _load_sets(base, "clean")]


def blind_rules(commit: str, texts: list[str]) -> np.ndarray:
    """Whether the rules as of ``commit`` fire on each text, and whether the hit is certain (two columns; the
    package extracted from git, run apart)."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "stratakb_core"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        out = subprocess.run(
            [sys.executable, "-c", _RUN_OLD],
            input=json.dumps(texts),
            text=True,
            cwd=tmp,
            check=True,
            capture_output=True,
            env={"PYTHONPATH": tmp, "PATH": "/usr/bin:/bin"},
        )
    return np.array(json.loads(out.stdout), dtype=bool)


def combos(rules: np.ndarray, p: np.ndarray, sure: np.ndarray, pw: np.ndarray) -> dict[str, np.ndarray]:
    """Which passages each decision flags, from the rule verdicts, the model's probabilities, which rule hits
    are certain (the model's veto, "rules AND model >= lo", spares those) and the best window's probability
    (``pw``: 0 where scan() scores no windows)."""
    out = {"rules alone": rules}
    for t in (0.5, 0.7, 0.9):
        out[f"model >= {t}"] = p >= t
    for hi in (0.7, 0.8, 0.9, 0.95):
        out[f"rules OR model >= {hi}"] = rules | (p >= hi)
    for lo in (0.05, 0.1, 0.2, 0.3):
        out[f"rules AND model >= {lo}"] = rules & ((p >= lo) | sure)
    for lo, hi in ((0.05, 0.9), (0.1, 0.8), (0.1, 0.9), (0.1, 0.95), (0.2, 0.8), (0.2, 0.9), (0.2, 0.95), (0.3, 0.95)):
        out[f"(rules AND model >= {lo}) OR model >= {hi}"] = (rules & ((p >= lo) | sure)) | (p >= hi)
    # scan(): the best window counts against the veto and flags on its own at HIGH_WINDOW
    out[f"the same, {LOW} / {HIGH}, with windows (scan)"] = (rules & ((np.maximum(p, pw) >= LOW) | sure)) | (
        (p >= HIGH) | (pw >= HIGH_WINDOW)
    )
    # the thresholds around scan()'s that waves 25 and 26 weighed (docs/adr/0011; scan keeps 0.2 / 0.8)
    grid = ((0.2, 0.8), (0.2, 0.65), (0.2, 0.7), (0.25, 0.65), (0.25, 0.7), (0.3, 0.65), (0.3, 0.7), (0.35, 0.65),
            (0.35, 0.7))
    for lo, hi in grid:
        out[f"scan at {lo} / {hi}"] = (rules & ((np.maximum(p, pw) >= lo) | sure)) | (p >= hi) | (pw >= HIGH_WINDOW)
    return out


def rates(flagged: np.ndarray, labels: np.ndarray) -> tuple[int, int, int, int]:
    """Missed attacks, attacks, flagged clean passages, clean passages."""
    attacks, clean = labels == 1, labels == 0
    return int((~flagged & attacks).sum()), int(attacks.sum()), int((flagged & clean).sum()), int(clean.sum())


def run_folds(
    passages: list[dict], lam: float, current_rules: bool, folds: tuple[str, ...] = FOLDS, with_structured: bool = False
):
    """Per fold, per decision: (missed, attacks, false positives, clean); and per fold, how many of the fold's
    redaction passages (no injection in them) the model alone flags, of how many. ``with_structured``: the other
    folds' redaction passages train as clean too (``injection_fit.structured_clean``; tried in wave 26, not kept)."""
    table: dict[str, dict[str, tuple]] = {}
    structured_flags: dict[str, tuple[int, int]] = {}
    fixtures = default_fixtures_dir()
    prose = ordinary_prose(fixtures / "injection")  # clean in every fold's training set, never a fold
    for fold in folds:
        train = [e for e in passages if e["split"] != fold]
        test = [e for e in passages if e["split"] == fold]
        start = time.perf_counter()
        clean = [e for e in train if not e["label"]] + prose
        structured = structured_clean(fixtures, {fold})  # less the fold's own
        extra = structured if with_structured else []
        w = fit(*training_set([e for e in train if e["label"]], clean), lam=lam, extra_clean=extra)
        fitted = time.perf_counter() - start
        own = [t for t in structured_clean(fixtures) if t not in set(structured)]
        structured_flags[fold] = (sum(model_flags(t, w) for t in own), len(own))
        texts = [e["text"] for e in test]
        p = np.array([score(t, w) for t in texts])
        pw = np.array([window_score(t, w) if WINDOW_FLOOR <= q < HIGH else 0.0 for t, q in zip(texts, p, strict=True)])
        if current_rules:
            rules = np.array([bool(rule_hits(t)) for t in texts])
            sure = rules & np.array([certain(t) for t in texts])
        else:
            rules, sure = blind_rules(BLIND_RULES[fold], texts).T
        labels = np.array([e["label"] for e in test])
        table[fold] = {name: rates(flags, labels) for name, flags in combos(rules, p, sure, pw).items()}
        print(f"# {fold}: trained on {len(train)} passages in {fitted:.1f} s", file=sys.stderr)
    return table, structured_flags


def model_flags(text: str, w: np.ndarray) -> bool:
    """Whether the model alone flags ``text`` in scan() (the passage at HIGH or a window at HIGH_WINDOW)."""
    p = score(text, w)
    return p >= HIGH or (WINDOW_FLOOR <= p and window_score(text, w) >= HIGH_WINDOW)


def format_table(table: dict[str, dict[str, tuple]]) -> str:
    """ASR / FP per fold and pooled, one decision a row."""
    names = list(next(iter(table.values())))
    FOLDS = tuple(table)  # noqa: N806 (the folds run)
    head = f"{'decision':<50}" + "".join(f"{f:>16}" for f in FOLDS) + f"{'pooled':>16}"
    lines = [head, f"{'':<50}" + f"{'ASR /  FP':>16}" * (len(FOLDS) + 1)]
    for name in names:
        cells = [table[f][name] for f in FOLDS]
        pooled = tuple(sum(c[i] for c in cells) for i in range(4))
        row = "".join(f"{100 * m / a:>8.1f}/{100 * fp / c:>6.1f}%" for m, a, fp, c in [*cells, pooled])
        lines.append(f"{name:<50}{row}")
    recent = [f for f in FOLDS if int(f.removeprefix("heldout")) >= RECENT]
    lines += ["", f"{'decision':<50}{'ASR / FP, all folds':>22}{f'since heldout{RECENT}':>22}"]
    for name in names:
        cells = []
        for folds in (FOLDS, recent):
            m, a, fp, c = (sum(table[f][name][i] for f in folds) for i in range(4))
            cells.append(f"{100 * m / a:>12.2f}/{100 * fp / c:>6.2f}%")
        lines.append(f"{name:<50}" + "".join(f"{cell:>22}" for cell in cells))
    return "\n".join(lines)


def per_passage_ms(passages: list[dict], repeats: int = 3) -> tuple[float, float]:
    """Milliseconds per fixture passage of the rules alone and of ``scan`` (rules and scorer), best of a few runs."""
    texts = [e["text"] for e in passages]
    scan(texts[0])  # the weights load once, outside the timing
    out = []
    for fn in (rule_hits, scan):
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            for text in texts:
                fn(text)
            best = min(best, time.perf_counter() - start)
        out.append(1000 * best / len(texts))
    return out[0], out[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="injection_cv.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--lam", type=float, default=LAMBDA, help=f"L2 penalty (default {LAMBDA})")
    parser.add_argument("--current-rules", action="store_true", help="today's rules on every fold (optimistic)")
    parser.add_argument("--structured", action="store_true", help="train on the redaction passages as clean too")
    parser.add_argument("--since", type=int, default=0, help="only the folds heldoutN with N at least this")
    args = parser.parse_args(argv)
    passages = load_passages()
    folds = tuple(f for f in FOLDS if int(f.removeprefix("heldout")) >= args.since)
    table, structured = run_folds(passages, args.lam, args.current_rules, folds, args.structured)
    print(f"leave-one-split-out CV, lambda {args.lam}, rules {'today' if args.current_rules else 'blind'}")
    print(format_table(table))
    flagged, total = (sum(c[i] for c in structured.values()) for i in range(2))
    print(f"the fold's redaction passages (configs, tickets, chats; no injection) the model alone flags: {flagged} of"
          f" {total}")
    rules_ms, scan_ms = per_passage_ms(passages)
    print(
        f"time per passage ({len(passages)} fixture passages): rules alone {rules_ms:.3f} ms, "
        f"scan (rules and learned scorer) {scan_ms:.3f} ms, {scan_ms / rules_ms:.2f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
