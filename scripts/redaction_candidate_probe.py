"""Probe: would a learned scorer of candidate values, beside the redaction rules, close the blind recall gap?

    .venv/bin/python scripts/redaction_candidate_probe.py            # the figures ADR 0010 (stop 29 addendum) quotes
    .venv/bin/python scripts/redaction_candidate_probe.py --c 3.0    # another inverse L2 penalty
    .venv/bin/python scripts/redaction_candidate_probe.py --gated    # the rules' keep tests veto the model
    .venv/bin/python scripts/redaction_candidate_probe.py --near-negatives  # half the unit near misses train

Not part of the product: an experiment kept so its figures can be reproduced (needs git, scikit-learn, which
sentence-transformers installs, and a checkout with history). Every fresh redaction split from heldout11 on is a fold.
For each fold the rules are run as they stood when that split was measured blind (``injection_cv.BLIND_RULES``: the
same commit measured both scanners), and a logistic regression over hashed features of *candidate values* (a token of
four characters or more holding a digit, a symbol or both cases, not a UUID: its shape, the words and characters
before it on its line, the previous line's last words) is trained on every other split's secrets and clean passages. A
candidate overlapping a fixture's secret value is a positive. Printed: recall and false-redaction rate pooled over the
folds, for the blind rules alone and for rules OR model >= t at a few thresholds. A secret counts as removed when
every non-space character of its value lies in a rule span or a flagged candidate (close to ``safety_eval._leaks``,
which also checks halves of long values). Then a model trained on every tuned split is run on the unit tests'
hand-written near misses (the ``WAVE_*_KEPT`` lists of tests/unit/test_redaction_wave*.py, which today's rules keep):
how many it would redact at ``THRESHOLD``.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from injection_cv import BLIND_RULES  # noqa: E402

from stratakb_core.ingest.redaction_context import mentions_encrypted, under_encrypted  # noqa: E402
from stratakb_core.ingest.redaction_values import is_code, is_placeholder, remark_says_not_secret  # noqa: E402
from stratakb_core.ingest.safety_eval import _load_sets, _secret_text, default_fixtures_dir, secret_values  # noqa: E402

FOLDS = tuple(f"heldout{n}" for n in range(11, 39))
DIM = 1 << 18
MAX_LINE = 1000  # longer lines (minified data, base64 blobs) are left to the rules
THRESHOLD = 0.95
GATED = False
_TOKEN = re.compile(r"[^\s\"'`<>(){}\[\],;]{4,}")
_WORD = re.compile(r"\w+")
_CLASSES = (("l", re.compile("[a-z]")), ("U", re.compile("[A-Z]")), ("d", re.compile(r"\d")),
                   ("s", re.compile(r"[^\w]")))  # fmt: skip
_HEX = re.compile(r"[0-9a-f]+")
_WANTED = re.compile(r"[\d\W_]")
# a UUID is the rules' to judge (they keep one unless an API key's header names it): the model learned lower-case ones
# as clean and took RFC 6455's upper-case GUID for a secret
_UUID = re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")


def _shape(v: str) -> list[str]:
    cls = "".join(c for c, rx in _CLASSES if rx.search(v))
    n = len(v)
    size = n if n < 12 else 12 + min(n // 8, 10)
    f = [f"cls={cls}", f"len={size}", f"ent={int(len(set(v)) / n * 5)}", f"cls_len={cls}_{size}"]
    f.append(f"pre={v[:3].lower()}")
    if v.isdigit():
        f.append(f"digits={min(n, 12)}")
    if _HEX.fullmatch(v):
        f.append(f"hex={min(n // 8, 9)}")
    f += [name for name, hit in (("at", "@" in v), ("url", "://" in v)) if hit]
    return f


def _context(line: str, start: int, prev_words: list[str]) -> list[str]:
    left = line[max(0, start - 50) : start].lower()
    words = _WORD.findall(left)[-6:]
    f = [f"w={w}" for w in words] + [f"lw={words[-1] if words else '<none>'}", f"sep={left.rstrip()[-2:]}"]
    if len(words) >= 2:
        f.append(f"bw={words[-2]}_{words[-1]}")
    f += [f"g={left[k : k + 5]}" for k in range(len(left) - 4)]
    f.append("last" if len(line[start:].split(None, 1)) < 2 else "notlast")
    return f + [f"pw={w}" for w in prev_words]


def candidates(text: str) -> list[tuple[int, int, list[int]]]:
    """(start, end, hashed feature indices) of each candidate value in ``text``, in text order."""
    out: list[tuple[int, int, list[int]]] = []
    off, prev_words = 0, []
    for line in text.split("\n"):
        if len(line) <= MAX_LINE:
            for m in _TOKEN.finditer(line):
                v = m.group().strip(".:!?")
                if len(v) < 4 or not (_WANTED.search(v) or (v.lower() != v != v.upper())) or _UUID.fullmatch(v):
                    continue
                feats = _shape(v) + _context(line, m.start(), prev_words)
                start = off + m.start() + m.group().index(v)
                out.append((start, start + len(v), sorted({zlib.crc32(f.encode()) % DIM for f in feats})))
        off += len(line) + 1
        prev_words = _WORD.findall(line[-60:].lower())[-3:]
    return out


_REDACT_SPANS = (
    "import sys, json; sys.path.insert(0, sys.argv[1])\n"
    "from stratakb_core.ingest.redaction import redact\n"
    "items = json.load(sys.stdin)\n"
    "print(json.dumps({i: [(s.start, s.end) for s in redact(t).spans] for i, t in items}))"
)


_HASHED = re.compile(r"\$[\w-]{1,12}\$|\{[A-Z0-9-]{2,12}\}|arn:", re.IGNORECASE)
_SAYS_NOT_ONE = re.compile(r"(?i)\b(?:example|e\.g\.|sample|polic|requirement|rule|format|pattern|placeholder|dummy"
                          r"|fake|beispiel|ejemplo|exemple|esempio|exemplo|voorbeeld|public)")


def kept(text: str, start: int, end: int) -> bool:
    """--gated: the rules' keep decisions, asked of a candidate the model flags (a placeholder, code, a hash or an
    ARN, a value in an encrypted section, a remark after it or words on its line saying it is not a live secret)."""
    value = text[start:end]
    line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    return (
        is_placeholder(value)
        or is_code(value)
        or _HASHED.match(value) is not None
        or (mentions_encrypted(text) and under_encrypted(text, start))
        or remark_says_not_secret(text[end:line_end])
        or _SAYS_NOT_ONE.search(text[line_start:line_end]) is not None
    )


def blind_spans(entries: list[dict]) -> dict[str, list[tuple[int, int]]]:
    """Each entry's redaction spans from the rules of the commit its split was measured blind at."""
    spans: dict[str, list[tuple[int, int]]] = {}
    for commit in sorted({BLIND_RULES[e["split"]] for e in entries}):
        items = [(e["id"], e["text"]) for e in entries if BLIND_RULES[e["split"]] == commit]
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(["git", "-c", "core.fsmonitor=false", "-C", str(ROOT), "archive", commit],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            out = subprocess.run([sys.executable, "-c", _REDACT_SPANS, tmp], input=json.dumps(items),
                                 capture_output=True, text=True, check=True).stdout
        spans.update({k: [tuple(s) for s in v] for k, v in json.loads(out).items()})
    return spans


def _within(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a <= span[0] and span[1] <= b for a, b in spans)


def _removed(text: str, value_spans: list[tuple[int, int]], spans: list[tuple[int, int]]) -> bool:
    return all(any(s <= i < e for s, e in spans) for a, b in value_spans for i in range(a, b) if not text[i].isspace())


def load() -> list[dict]:
    base = default_fixtures_dir() / "redaction"
    entries = []
    for e in _load_sets(base, "secrets"):
        text = _secret_text(e)
        vals = [(text.find(v), text.find(v) + len(v)) for v in secret_values(e) if v in text]
        entries.append({"id": e["id"], "split": e["split"], "secret": True, "text": text, "values": vals})
    for e in _load_sets(base, "clean"):
        entries.append({"id": e["id"], "split": e["split"], "secret": False, "text": e["text"], "values": []})
    for e in entries:
        e["cands"] = candidates(e["text"])
        e["labels"] = [any(s < b and a < t for a, b in e["values"]) for s, t, _ in e["cands"]]
    return entries


def _matrix(entries: list[dict]):
    import numpy as np
    from scipy import sparse

    rows, cols, y = [], [], []
    for e in entries:
        for (_, _, x), label in zip(e["cands"], e["labels"], strict=True):
            rows += [len(y)] * len(x)
            cols += x
            y.append(label)
    return sparse.csr_matrix((np.ones(len(cols)), (rows, cols)), shape=(len(y), DIM)), np.array(y)


def near_miss_texts() -> tuple[list[str], list[str]]:
    """The unit tests' hand-written near misses (``WAVE_*_KEPT``), split by wave: odd waves, even waves."""
    import importlib

    halves: tuple[list[str], list[str]] = ([], [])
    for path in sorted((ROOT / "tests" / "unit").glob("test_redaction_wave*.py")):
        module = importlib.import_module(f"tests.unit.{path.stem}")
        wave = int(path.stem.rsplit("wave", 1)[1])
        halves[wave % 2 == 0].extend(
            t for name, v in vars(module).items() if name.endswith("_KEPT") for t in v if isinstance(t, str)
        )
    return halves


def as_negatives(texts: list[str]) -> list[dict]:
    """Near misses as training entries: every candidate a negative."""
    return [{"split": "near_miss", "cands": (c := candidates(t)), "labels": [False] * len(c)} for t in texts]


def near_misses(entries: list[dict], c: float, extra: list[dict], judged: list[str]) -> None:
    """Train on every tuned split (and ``extra``); print how many of ``judged`` the model would redact."""
    from sklearn.linear_model import LogisticRegression

    from stratakb_core.ingest.safety_eval import NOT_YET_TUNED

    tuned = [e for e in entries if e["split"] not in NOT_YET_TUNED] + extra
    model = LogisticRegression(C=c, max_iter=2000).fit(*_matrix(tuned))
    hit = 0
    for text in judged:
        found = candidates(text)
        if found:
            probs = model.predict_proba(_matrix([{"cands": found, "labels": [False] * len(found)}])[0])[:, 1]
            scored = zip(found, probs, strict=True)
            hit += any(p >= THRESHOLD and not (GATED and kept(text, a, b)) for (a, b, _), p in scored)
    print(f"unit-test near misses the model (every tuned split trains it) flags at {THRESHOLD}: {hit} of {len(judged)}")


def main(argv: list[str] | None = None) -> int:
    from sklearn.linear_model import LogisticRegression

    ap = argparse.ArgumentParser(prog="redaction_candidate_probe.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--c", type=float, default=1.0, help="inverse L2 penalty of the logistic regression")
    ap.add_argument("--gated", action="store_true", help="drop the model's candidates the rules' keep tests keep")
    ap.add_argument("--near-negatives", action="store_true",
                    help="train with the odd waves' near misses as negatives; judge on the even waves' only")
    args = ap.parse_args(argv)
    global GATED
    GATED = args.gated
    entries = load()
    odd, even = near_miss_texts()
    extra, judged = (as_negatives(odd), even) if args.near_negatives else ([], odd + even)
    folds = [e for e in entries if e["split"] in FOLDS]
    rule_spans = blind_spans(folds)
    thresholds = tuple(sorted({0.8, 0.9, THRESHOLD, 0.97, 0.99}))
    tally = {t: [0, 0] for t in (None, *thresholds)}  # secrets removed, clean passages touched
    n_secrets = sum(e["secret"] for e in folds)
    for split in FOLDS:
        test = [e for e in folds if e["split"] == split]
        if not test:
            continue
        train = [e for e in entries if e["split"] != split] + extra
        model = LogisticRegression(C=args.c, max_iter=2000).fit(*_matrix(train))
        for e in test:
            probs = list(model.predict_proba(_matrix([e])[0])[:, 1]) if e["cands"] else []
            rules = rule_spans[e["id"]]
            for t in tally:
                scored = zip(e["cands"], probs, strict=True)
                flagged = [] if t is None else [(s, end) for (s, end, _), p in scored if p >= t]
                flagged = [f for f in flagged if not (GATED and kept(e["text"], *f))]
                if e["secret"]:
                    tally[t][0] += _removed(e["text"], e["values"], rules + flagged)
                else:
                    tally[t][1] += bool(rules) or any(not _within(span, rules) for span in flagged)
    near_misses(entries, args.c, extra, judged)
    n_clean = len(folds) - n_secrets
    print(f"{len(FOLDS)} folds, {n_secrets} secrets, {n_clean} clean passages, C={args.c}")
    for t, (removed, touched) in tally.items():
        name = "blind rules alone" if t is None else f"rules OR model >= {t}"
        print(f"{name:<24} recall {removed / n_secrets:6.1%}  false redactions {touched / n_clean:6.2%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
