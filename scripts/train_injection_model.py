"""Trains the learned injection scorer on the splits of the fixture sets and writes its weights.

    .venv/bin/python scripts/train_injection_model.py          # rewrites stratakb_core/ingest/injection_model.npy
    .venv/bin/python scripts/train_injection_model.py --check  # exit 1 when the shipped file differs
    .venv/bin/python scripts/train_injection_model.py --cut-prose  # rewrites the ordinary prose fixture first
    .venv/bin/python scripts/train_injection_model.py --cut-stdlib  # the same for Python's standard library (3.11)

Deterministic (no randomness at all: Newton's method from zero, docs/adr/0011): the shipped file is
what this writes. The weights are stored as float16 (``DIM`` of them, then the bias) in a plain .npy,
whose bytes depend on nothing but the values. Retrain after changing a fixture set or the features
in injection_model.py, then rerun scripts/injection_cv.py to see that the combination still wins.

Every split trains it but those in ``NOT_YET_TRAINED``: a blind set measured at the end of a stop
waits there for the next rule round, which retrains with it and deals with what that moves (a
retrain shifts every probability: at stop 24 adding heldout11 dropped two of the test suite's
attack sentences under the veto and lifted an ordinary policy passage over the flag line).
scripts/injection_cv.py is unaffected: each fold trains on the other folds regardless. Since wave 16 the
repo's own documentation trains as clean passages too (``injection_fit.ordinary_prose``, frozen in
tests/fixtures/injection/ordinary-prose.json; ``--cut-prose`` cuts it again from today's docs), and since wave 17 the
package's own docstrings (``injection_fit.cut_docstrings``), and since wave 25 Python's standard library
docstrings (``injection_fit.cut_stdlib_docstrings``, frozen in tests/fixtures/injection/stdlib-prose.json).
"""

from __future__ import annotations

import argparse
import json
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from stratakb_core.ingest.injection_fit import (  # noqa: E402
    PROSE_FILE,
    STDLIB_PROSE_FILE,
    cut_docstrings,
    cut_prose,
    cut_stdlib_docstrings,
    fit,
    ordinary_prose,
    training_set,
)
from stratakb_core.ingest.injection_model import WEIGHTS_PATH  # noqa: E402
from stratakb_core.ingest.safety_eval import _load_sets, default_fixtures_dir  # noqa: E402
from stratakb_core.ingest.scorer_weights import npy_bytes, write_or_check  # noqa: E402

# empty since wave 16: heldout13-19 train it (waves 14-15 left heldout13-16 out because a retrain put 8 PEP/RFC
# chunks at HIGH; with the ordinary prose as clean passages the retrain puts 3 there); heldout20-22, measured blind
# at 6c4e77a and efe4523, train it since wave 17, heldout23-24 (429bc0b) since wave 18 (with the package's docstrings
# as clean prose too: 2 PEP/RFC chunks at HIGH); heldout25-26 (f398aba) since wave 19; heldout27-28 (038b3a9) since
# wave 20; heldout29-30 (58236ae) since wave 21; heldout31-32 (5e1102b) since wave 22; heldout33-34 (89cbc98) since
# wave 23; heldout35-38 (77ce76e) since wave 24; heldout39-42 (0202855) since wave 25; heldout43-46
# (0b6d578) since wave 26; heldout47-50 (947c883) since wave 27;
# heldout51-54 and heldout55-58 (measured blind at ea42d04 and 765ed26), heldout59-62 (0773c00), heldout63-66
# (f302ba3), heldout67-70 (7cc3a0b) and heldout71-74 (1db903e) waited here from wave 28 to wave 30: every retrain with
# them flagged a unit test's clean JSON config (p 0.83 against HIGH 0.8). Wave 30 trains on them, with clean structured
# configs and configs with planted orders added to train1 (t1c501 on, t1a401 on; docs/adr/0011, wave-30 retrain)
# heldout75-78 (measured blind at 3b45745, 65c4281 and bdf7e14) waited here for wave 31, which trains on them
# heldout79-84 (measured blind at 6a108ef) waited here for wave 32, which trains on them
# heldout85-88 (measured blind at 7697271) waited here for wave 33, which trains on them
# heldout89-94 (measured blind at 649b371) waited here for wave 34, which trains on them
# heldout95-98 (measured blind at 0fb9cb2) waited here for wave 35, which trains on them
# heldout99-104 (measured blind at 9f22b28) waited here for wave 36, which trains on them
# heldout105-108 (measured blind at 11aacd8) waited here for wave 37, which trains on them
# heldout109-112 (measured blind at 490672c) waited here for wave 38, which trains on them
# heldout113-116 (measured blind at 447edf7) waited here for wave 39, which trains on them
# heldout117-124 (measured blind at 5c21b51) waited here for wave 40, which trains on them
# heldout125-132 (measured blind at 99b9858) waited here for wave 41, which trains on them
# heldout133-140 (measured blind at 4b8f3a2) waited here for wave 42, which trains on them
# heldout141-144 (measured blind at 227e47d) waited here for wave 43, which trains on them
# heldout145-152 (measured blind at acf7655) waited here for wave 44, which trains on them
# heldout153-156 (measured blind at 66c1697) waited here for wave 45, which trains on them
# heldout157-164 (measured blind at 7a40257) waited here for wave 46, which trains on them
# heldout165-168 (measured blind at 2880f86) waited here for wave 47, which trains on them
# heldout177-180 (measured blind at 725573f) waited here for wave 49, which trains on them
# heldout181-188, measured blind at 2d6173d (wave 49's rules, these weights), wait for the next round
NOT_YET_TRAINED: frozenset[str] = frozenset({
    "heldout181", "heldout182", "heldout183", "heldout184",
    "heldout185", "heldout186", "heldout187", "heldout188",
})


def trained_bytes() -> bytes:
    """The .npy file the fixtures' passages train to."""
    base = default_fixtures_dir() / "injection"
    attacks = [e for e in _load_sets(base, "attacks") if e["split"] not in NOT_YET_TRAINED]
    clean = [e for e in _load_sets(base, "clean") if e["split"] not in NOT_YET_TRAINED]
    return npy_bytes(fit(*training_set(attacks, clean + ordinary_prose(base))))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="train_injection_model.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file instead of writing")
    parser.add_argument("--out", type=Path, default=WEIGHTS_PATH, help=f"where to write (default {WEIGHTS_PATH})")
    parser.add_argument("--cut-prose", action="store_true", help=f"rewrite the fixture {PROSE_FILE} from the docs")
    parser.add_argument("--cut-stdlib", action="store_true",
                        help=f"rewrite the fixture {STDLIB_PROSE_FILE} from this Python's standard library")
    args = parser.parse_args(argv)
    if args.cut_prose:
        prose = cut_prose(ROOT) + cut_docstrings(ROOT)
        (default_fixtures_dir() / "injection" / PROSE_FILE).write_text(
            json.dumps(prose, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        print(f"cut {len(prose)} passages into {PROSE_FILE}")
    if args.cut_stdlib:
        prose = cut_stdlib_docstrings(Path(sysconfig.get_paths()["stdlib"]))
        (default_fixtures_dir() / "injection" / STDLIB_PROSE_FILE).write_text(
            json.dumps(prose, ensure_ascii=False, indent=0) + "\n", encoding="utf-8"
        )
        print(f"cut {len(prose)} passages into {STDLIB_PROSE_FILE}")
    return write_or_check(args.out, trained_bytes(), args.check)


if __name__ == "__main__":
    raise SystemExit(main())
