"""Trains the learned redaction scorer on the redaction fixture sets and writes its weights.

    .venv/bin/python scripts/train_redaction_scorer.py          # rewrites stratakb_core/ingest/redaction_scorer.npy
    .venv/bin/python scripts/train_redaction_scorer.py --check  # exit 1 when the shipped file differs
    .venv/bin/python scripts/train_redaction_scorer.py --cut-near-misses  # refreezes the near misses first

Every candidate value (``redaction_candidates.candidates``) of every secret passage and clean passage of the sets
trains, a candidate overlapping the passage's secret value as a positive, every other one as a negative; so does every
candidate of the unit tests' hand-written near misses (module-level string lists named ``*_KEPT``, ``*NEAR_MISSES``,
``*STAY*`` in tests/unit/test_redaction*.py: sentences the rules keep on purpose, an example password, a policy, a
postcode), as negatives, frozen in tests/fixtures/redaction/near-misses.json so an edit to a test does not move the
weights (``--cut-near-misses`` cuts them again); and the injection scorer's frozen ordinary prose, as negatives too.
Splits in ``NOT_YET_TRAINED`` wait (a blind set measured at the end of a stop waits there for the next round). L2
logistic regression, ``C`` = 1 (the penalty is ``1 / (C n)`` per unit of mean loss, as scikit-learn's), solved by
``logistic_fit.fit_rows``: deterministic, so the shipped float16 file is what this writes. The honest figures are the
cross-validation of ``scripts/redaction_scorer_cv.py``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from stratakb_core.ingest.logistic_fit import fit_rows  # noqa: E402
from stratakb_core.ingest.redaction_candidates import DIM, candidates  # noqa: E402
from stratakb_core.ingest.redaction_scorer import WEIGHTS_PATH  # noqa: E402
from stratakb_core.ingest.safety_eval import _load_sets, _secret_text, default_fixtures_dir, secret_values  # noqa: E402
from stratakb_core.ingest.scorer_weights import npy_bytes, write_or_check  # noqa: E402

C = 1.0
# heldout125-132 (measured blind at 99b9858) waited here for wave 41, which trains on them
# heldout133-140 (measured blind at 4b8f3a2) waited here for wave 42, which trains on them
# heldout141-144 (measured blind at 227e47d) waited here for wave 43, which trains on them
# heldout145-152 (measured blind at acf7655) waited here for wave 44, which trains on them
# heldout153-156 (measured blind at 66c1697) waited here for wave 45, which trains on them
# heldout157-164 (measured blind at 7a40257) waited here for wave 46, which trains on them
# heldout165-168 (measured blind at 2880f86) waited here for wave 47, which trains on them
# heldout177-180 (measured blind at 725573f) waited here for wave 49, which trains on them
# heldout181-188, measured blind at 2d6173d (these weights), wait for the next round
NOT_YET_TRAINED: frozenset[str] = frozenset({
    "heldout181", "heldout182", "heldout183", "heldout184",
    "heldout185", "heldout186", "heldout187", "heldout188",
})
NEAR_MISSES = ROOT / "tests" / "fixtures" / "redaction" / "near-misses.json"
_NEAR_MISS_LIST = re.compile(r"KEPT|NEAR_MISSES|STAY")


def cut_near_misses() -> dict[str, list[str]]:
    """The near-miss sentences of tests/unit/test_redaction*.py, by test module (a module-level list of strings)."""
    sys.path.insert(0, str(ROOT))
    out: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests" / "unit").glob("test_redaction*.py")):
        if path.stem == "test_redaction_scorer":  # the scorer's own test judges it, never trains it
            continue
        module = importlib.import_module(f"tests.unit.{path.stem}")
        for name, value in sorted(vars(module).items()):
            if _NEAR_MISS_LIST.search(name) and isinstance(value, (list, tuple)):
                out.setdefault(path.stem, []).extend(t for t in value if isinstance(t, str))
    return out


def ordinary_prose() -> list[dict]:
    """The injection scorer's frozen ordinary prose (the repo's docs, Python's standard library docstrings) as
    passages with no secret: running technical prose, where a phrase after "is" or a colon is no passphrase."""
    base = default_fixtures_dir() / "injection"
    return [
        {"id": f"{name}:{i}", "split": "prose", "text": item["text"], "values": []}
        for name in ("ordinary-prose.json", "stdlib-prose.json")
        for i, item in enumerate(json.loads((base / name).read_text(encoding="utf-8")))
    ]


def near_misses(modules: frozenset[str] | None = None) -> list[dict]:
    """The frozen near misses as passages with no secret (of the test modules in ``modules``; all when None)."""
    frozen: dict[str, list[str]] = json.loads(NEAR_MISSES.read_text(encoding="utf-8"))
    return [
        {"id": f"{stem}:{i}", "split": "near_miss", "text": text, "values": []}
        for stem, texts in frozen.items() if modules is None or stem in modules
        for i, text in enumerate(texts)
    ]  # fmt: skip


def passages(splits_left_out: frozenset[str] = NOT_YET_TRAINED) -> list[dict]:
    """Every redaction fixture passage but those of ``splits_left_out``: id, split, text, the secret's spans."""
    base = default_fixtures_dir() / "redaction"
    out = []
    for entry in _load_sets(base, "secrets"):
        text = _secret_text(entry)
        spans = [(text.find(v), text.find(v) + len(v)) for v in secret_values(entry) if v and v in text]
        out.append({"id": entry["id"], "split": entry["split"], "text": text, "values": spans})
    out += [{"id": e["id"], "split": e["split"], "text": e["text"], "values": []} for e in _load_sets(base, "clean")]
    return [p for p in out if p["split"] not in splits_left_out]


def design(found: list[tuple[int, ...]]):  # -> scipy.sparse.csr_matrix, (n, DIM + 1) with the bias column last
    """The 0/1 feature rows of candidates (their hashed features) with a constant 1 in the last column."""
    from scipy import sparse

    indptr = np.zeros(len(found) + 1, dtype=np.int64)
    indptr[1:] = np.cumsum([len(f) + 1 for f in found])
    indices = np.fromiter((i for f in found for i in (*f, DIM)), dtype=np.int64, count=int(indptr[-1]))
    return sparse.csr_matrix((np.ones(len(indices)), indices, indptr), shape=(len(found), DIM + 1))


def rows(items: list[dict]) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """The candidates' features of ``items`` and their labels (1 = overlaps a secret value)."""
    feats, labels = [], []
    for item in items:
        for c in candidates(item["text"]):
            feats.append(c.features)
            labels.append(any(c.start < b and a < c.end for a, b in item["values"]))
    return feats, np.array(labels, dtype=np.float64)


def train(items: list[dict], c: float = C) -> np.ndarray:
    """The weights (``DIM``, then the bias) trained on ``items``."""
    feats, y = rows(items)
    n = len(y)
    return fit_rows(design(feats), y, np.full(n, 1.0 / n), 1.0 / (c * n))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="train_redaction_scorer.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the shipped weights differ from a retrain")
    ap.add_argument("--cut-near-misses", action="store_true", help="refreeze the unit tests' near misses first")
    args = ap.parse_args(argv)
    if args.cut_near_misses:
        frozen = cut_near_misses()
        NEAR_MISSES.write_text(json.dumps(frozen, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"froze {sum(map(len, frozen.values()))} near misses of {len(frozen)} test modules")
    return write_or_check(WEIGHTS_PATH, npy_bytes(train(passages() + near_misses() + ordinary_prose())), args.check)


if __name__ == "__main__":
    raise SystemExit(main())
