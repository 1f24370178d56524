"""Cross-validation of the learned redaction scorer against the rules as they stood when each set was measured blind.

    .venv/bin/python scripts/redaction_scorer_cv.py            # the figures docs/adr/0010 (stop 40) quotes
    .venv/bin/python scripts/redaction_scorer_cv.py --c 0.3    # another inverse L2 penalty

Needs git and a checkout with history. The fresh redaction splits heldout11-124 are cut into folds, one per round of
blind sets (the sets measured at one commit); for each fold the scorer is trained as
``scripts/train_redaction_scorer.py`` trains it (every other round's passages, the sets still in its ``NOT_YET_TRAINED``
too, the frozen near misses and the ordinary prose) and the fold's passages are redacted by the rules of the commit the
fold was measured blind at (``injection_cv.BLIND_RULES``: one commit measured both scanners; a commit that shipped a
scorer has it switched off), then by the scorer on the candidates no rule span touches, gated by
``redaction_scorer.kept``. A secret counts as removed as ``safety_eval`` counts it (neither the value nor, for 16
characters or more, either half is left). Printed: recall and false-redaction rate pooled over the folds for the blind
rules alone and with the scorer at a few thresholds, for all folds, the last 26 sets and the last 8. Then the near
misses judged apart: a scorer trained on the odd-numbered test modules' near misses flags how many of the even ones' at
``THRESHOLD`` (gated).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import numpy as np  # noqa: E402
from injection_cv import BLIND_RULES  # noqa: E402
from train_redaction_scorer import near_misses, ordinary_prose, passages, train  # noqa: E402

from stratakb_core.ingest.redaction_candidates import candidates  # noqa: E402
from stratakb_core.ingest.redaction_scorer import THRESHOLD, kept, probabilities  # noqa: E402
from stratakb_core.ingest.safety_eval import _leaks  # noqa: E402

FOLD_SPLITS = tuple(f"heldout{n}" for n in range(11, 125))
THRESHOLDS = (0.9, THRESHOLD, 0.97, 0.99)
RANGES = ((11, 124), (99, 124), (117, 124))

_REDACT_SPANS = (
    "import sys, json; sys.path.insert(0, sys.argv[1])\n"
    "from stratakb_core.ingest import redaction\n"
    "redaction.scored_spans = lambda text, found: iter(())  # the rules alone, where the commit shipped a scorer\n"
    "items = json.load(sys.stdin)\n"
    "print(json.dumps({i: [(s.start, s.end) for s in redaction.redact(t).spans] for i, t in items}))"
)


def blind_spans(items: list[dict]) -> dict[str, list[tuple[int, int]]]:
    """Each passage's redaction spans from the rules of the commit its split was measured blind at."""
    spans: dict[str, list[tuple[int, int]]] = {}
    for commit in sorted({BLIND_RULES[p["split"]] for p in items}):
        batch = [(p["id"], p["text"]) for p in items if BLIND_RULES[p["split"]] == commit]
        with tempfile.TemporaryDirectory() as tmp:
            git = ["git", "-c", "core.fsmonitor=false", "-C", str(ROOT), "archive", commit]
            subprocess.run(["tar", "-x", "-C", tmp], input=subprocess.run(git, check=True, capture_output=True).stdout,
                           check=True)  # fmt: skip
            out = subprocess.run([sys.executable, "-c", _REDACT_SPANS, tmp], input=json.dumps(batch),
                                 capture_output=True, text=True, check=True).stdout  # fmt: skip
        spans.update({k: [(a, b) for a, b in v] for k, v in json.loads(out).items()})
    return spans


def flagged(text: str, w: np.ndarray, rules: list[tuple[int, int]]) -> list[tuple[int, int, float]]:
    """The scorer's candidates in ``text`` no rule span touches and no keep test keeps, with their probability."""
    found = [c for c in candidates(text) if not any(c.start < b and a < c.end for a, b in rules)]
    probs = probabilities([c.features for c in found], w)
    return [(c.start, c.end, float(p)) for c, p in zip(found, probs, strict=True) if not kept(text, c.start, c.end)]


def removed(item: dict, spans: list[tuple[int, int]]) -> bool:
    chars = list(item["text"])
    for a, b in spans:
        chars[a:b] = "\x00" * (b - a)
    left = "".join(chars)
    return not any(_leaks(left, item["text"][a:b]) for a, b in item["values"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="redaction_scorer_cv.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--c", type=float, default=1.0, help="inverse L2 penalty of the logistic regression")
    ap.add_argument("--near-misses-only", action="store_true", help="skip the folds")
    args = ap.parse_args(argv)
    items, extra, prose = passages(frozenset()), near_misses(), ordinary_prose()  # every round is a fold
    folds = [] if args.near_misses_only else [p for p in items if p["split"] in FOLD_SPLITS]
    rules = blind_spans(folds)
    scored: dict[str, list[tuple[int, int, float]]] = {}
    rounds = sorted({BLIND_RULES[s] for s in FOLD_SPLITS}) if folds else []
    for commit in rounds:
        held = {s for s in FOLD_SPLITS if BLIND_RULES[s] == commit}
        w = train([p for p in items if p["split"] not in held] + extra + prose, args.c)
        scored.update({p["id"]: flagged(p["text"], w, rules[p["id"]]) for p in folds if p["split"] in held})
    print(f"{len(folds)} passages in {len(rounds)} folds, C={args.c}")
    for lo, hi in RANGES if folds else ():
        part = [p for p in folds if lo <= int(p["split"][7:]) <= hi]
        n_secrets = sum(bool(p["values"]) for p in part)
        for t in (None, *THRESHOLDS):
            caught = touched = 0
            for p in part:
                extra_spans = [] if t is None else [(a, b) for a, b, prob in scored[p["id"]] if prob >= t]
                if p["values"]:
                    caught += removed(p, rules[p["id"]] + extra_spans)
                else:
                    touched += bool(rules[p["id"]] or extra_spans)
            name = "blind rules alone" if t is None else f"rules + scorer >= {t}"
            print(f"heldout{lo}-{hi}  {name:<24} recall {caught}/{n_secrets} = {caught / n_secrets:6.2%}  "
                  f"false redactions {touched}/{len(part) - n_secrets} = {touched / (len(part) - n_secrets):6.2%}")
    modules = sorted({p["id"].split(":")[0] for p in extra})
    trained = set(modules[::2])  # every other test module's near misses train, the rest are judged
    w = train(items + prose + [p for p in extra if p["id"].split(":")[0] in trained], args.c)
    judged = [p for p in extra if p["id"].split(":")[0] not in trained]
    top = [max((prob for *_, prob in flagged(p["text"], w, [])), default=0.0) for p in judged]
    for t in THRESHOLDS:
        hits = sum(p >= t for p in top)
        print(f"near misses of every other test module flagged at {t}, trained with the rest: {hits}/{len(judged)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
