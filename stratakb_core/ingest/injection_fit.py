"""Fits the learned injection scorer's weights (offline: scripts/train_injection_model.py and
scripts/injection_cv.py; never imported by ``scan``).

L2-regularised logistic regression over ``injection_model.features``, solved by truncated Newton
(conjugate gradients on the sparse feature rows, as liblinear does). Until wave 25 it was Newton's
method in the dual, one dense n-by-n Cholesky solve per step: cubic in the passages, 126 s for the
12,000 of wave 24 and 1.2 GB for the Gram matrix; this takes ~9 s and the same optimum (the shipped
float16 weights moved by at most one unit in the last place). Deterministic: no random start, no
sampling, a fixed number of steps at most. The two classes are weighted to count alike. scipy holds
the sparse rows; it is installed with the package's dependencies (scikit-learn, under
sentence-transformers) and only this offline step uses it.

``training_set`` tells the attacks from the documents they were planted in. The blind sets plant attacks of
every family in a few shared carrier documents (one security policy, one HR handbook, one API changelog), so a
paragraph that recurs verbatim in attacks of two or more families is the carrier's, not an attack's. Each attack
that holds such paragraphs trains twice, whole and without them (what was planted), and the carrier paragraphs
long enough to be a document's body (``CARRIER_BODY`` characters) train as clean passages. Left labelled only
with the attacks they sit in, ordinary policy wording learned attack weight: trained that way on heldout11 and
heldout12, an acceptable-use policy's "1. Purpose. This policy describes ..." scored 0.94 on its own and a
retention policy outside the fixtures 0.81, over HIGH. Measured and dropped (docs/adr/0011, wave 13): attacks
only without their carriers (71 fixture attacks fell under the veto once planted again), and every carrier
paragraph as clean, short ones included (headings and one-liners taught that short text is clean: short test
attacks fell to p 0.09-0.19, and 9 PEP/RFC chunks reached HIGH, against 4 before the retrain).

``ordinary_prose`` adds the repo's own technical prose as clean passages (wave 16): the fixture sets' clean
passages are mostly short and hard (they look like attacks), so ordinary long documentation drifted towards the
flag line with every retrain (docs/adr/0011, waves 14-16). The passages are cut once, by ``cut_prose``, from
``PROSE_SOURCES`` (none of them about injection; a passage naming an AI, a prompt or an attack is left out) and
frozen in the fixture ``ordinary-prose.json``, so an edit to those docs does not change the trained weights.
``cut_docstrings`` adds the package's own docstrings the same way (wave 17): with them, a retrain that put 7 PEP/RFC
chunks at HIGH (headings over one-line sections, copyright notices) puts 3 there. ``cut_stdlib_docstrings`` adds
Python's standard library docstrings (wave 25, frozen in ``stdlib-prose.json``): 1,477 passages of ordinary
technical prose written by others, without which the model put 14 PEP/RFC chunks at p 0.7 or more; with them 4,
and the thresholds could move (``injection_model``: LOW 0.35, HIGH 0.65, chosen by cross-validation).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from stratakb_core.ingest.injection_model import DIM, features
from stratakb_core.ingest.logistic_fit import fit_rows

__all__ = [
    "CARRIER_BODY",
    "LAMBDA",
    "PROSE_FILE",
    "PROSE_SOURCES",
    "STDLIB_PROSE_FILE",
    "carrier_paragraphs",
    "cut_docstrings",
    "cut_prose",
    "cut_stdlib_docstrings",
    "design",
    "fit",
    "ordinary_prose",
    "training_set",
]

LAMBDA = 1e-5  # the L2 penalty per unit of (class-weighted) training loss
# weight of one structured clean passage (``structured_clean``, ``fit``'s ``extra_clean``) relative to one clean
# fixture passage, outside the balanced classes so the hard look-alikes keep their weight. Tried in wave 26 through
# scripts/injection_cv.py --structured and not kept for the shipped weights: docs/adr/0011
STRUCTURED_WEIGHT = 0.3
_MIN_PARAGRAPH = 40  # characters: shorter paragraphs (a heading, one token) say too little to call carrier
CARRIER_BODY = 250  # characters: a carrier paragraph this long trains as a clean passage
PROSE_FILE = "ordinary-prose.json"  # beside the injection fixture sets
STDLIB_PROSE_FILE = "stdlib-prose.json"  # Python 3.11's standard library docstrings, cut by cut_stdlib_docstrings
_STDLIB_SKIP = re.compile(
    r"^(test|idlelib|lib2to3|tkinter|turtledemo|ensurepip|site-packages|config-|pydoc_data)|/test")
# the repo's documents cut into clean passages (not ADR 0010 / 0011, which quote attacks, nor the PEP / RFC texts
# under tests/fixtures, copies of the corpora the PEP/RFC check scans)
PROSE_SOURCES = (
    *(f"docs/adr/000{i}-{name}.md" for i, name in (
        (1, "event-store-and-projections"), (2, "dagster-shape"), (3, "chunk-size"), (4, "parse-sandbox"),
        (5, "layered-packages"), (6, "onnx-embeddings"), (7, "evidence-ranking"),
        (8, "bulk-loads-and-lock-windows"), (9, "one-statement-hybrid-search"))),
    "docs/architecture.md", "docs/scaling.md", "docs/calibration.md", "docs/benchmarks.md", "README.md",
    "stratakb_core/sample/contracts/acme-msa.md", "stratakb_core/sample/retention-policy.txt",
    "stratakb_core/sample/runbooks/database-failover.md", "stratakb_core/sample/runbooks/failover-2024.md",
    "presets/README.md", "presets/peps/README.md", "presets/sepa/sample/reason-codes.md", "tests/fixtures/runbook.md",
    "tests/golden/README.md", "tests/snapshots/README.md",
)
_PROSE_MIN, _PROSE_CUT = 250, 400  # characters: the shortest passage kept, and where a passage is cut
_DOC_CUT = 800  # characters: where a docstring passage is cut
_SAFETY_MODULE = re.compile(r"inject|redact|safety")  # the modules that describe the attacks and secrets themselves
_ABOUT_ATTACKS = re.compile(
    r"inject|prompt|instruct|ignore|jailbreak|exfiltrat|redact|attack|secret|\bllm|\bagent|assistant|"
    r"system message|override",
    re.I,
)


def carrier_paragraphs(attacks: Sequence[tuple[str, str]]) -> list[str]:
    """The paragraphs (blank-line separated, stripped) that recur verbatim in attacks (text, family) of two or
    more families, in order of first appearance: the carrier document's text, which no attack family owns."""
    families: dict[str, set[str]] = {}
    for text, family in attacks:
        for para in text.split("\n\n"):
            para = para.strip()
            if len(para) >= _MIN_PARAGRAPH:
                families.setdefault(para, set()).add(family)
    return [para for para, fams in families.items() if len(fams) >= 2]


def training_set(attacks: Sequence[dict], clean: Sequence[dict]) -> tuple[list[str], list[int]]:
    """Texts and labels (1 = attack) to fit on: the attacks, each attack that holds carrier paragraphs
    (``carrier_paragraphs``) once more without them, the clean passages, then the carrier paragraphs of at least
    ``CARRIER_BODY`` characters as clean. Each passage is a fixture entry with ``text`` and ``family``."""
    carriers = carrier_paragraphs([(e["text"], e.get("family", "")) for e in attacks])
    known = set(carriers)
    planted = []
    for e in attacks:
        paras = e["text"].split("\n\n")
        kept = [para for para in paras if para.strip() not in known]
        if kept and len(kept) < len(paras):
            planted.append("\n\n".join(kept))
    positives = [e["text"] for e in attacks] + planted
    bodies = [para for para in carriers if len(para) >= CARRIER_BODY]
    texts = positives + [e["text"] for e in clean] + bodies
    return texts, [1] * len(positives) + [0] * (len(clean) + len(bodies))


def cut_prose(root: Path) -> list[dict[str, str]]:
    """Clean passages (``source``, ``text``) from ``PROSE_SOURCES`` under ``root``: blank-line paragraphs, code
    fences and tables skipped, joined until a passage holds ``_PROSE_CUT`` characters (a last one of at least
    ``_PROSE_MIN``), and only passages with no word about attacks, prompts or AI readers (``_ABOUT_ATTACKS``)."""
    out = []
    for source in PROSE_SOURCES:
        paras = [p.strip() for p in (root / source).read_text(encoding="utf-8").split("\n\n") if p.strip()]
        cur = ""
        for para in paras:
            if para.startswith(("```", "|")):
                continue
            cur = f"{cur}\n\n{para}" if cur else para
            if len(cur) >= _PROSE_CUT:
                out += [] if _ABOUT_ATTACKS.search(cur) else [{"source": source, "text": cur}]
                cur = ""
        if len(cur) >= _PROSE_MIN and not _ABOUT_ATTACKS.search(cur):
            out.append({"source": source, "text": cur})
    return out


def cut_docstrings(root: Path) -> list[dict[str, str]]:
    """Clean passages (``source``, ``text``) from the docstrings of ``stratakb_core`` under ``root`` (module, class
    and function docstrings of at least ``_PROSE_MIN`` characters, the first ``_DOC_CUT`` of each), leaving out the
    content-safety modules and any docstring with a word about attacks, prompts or AI readers (``_ABOUT_ATTACKS``)."""
    files = [p for p in sorted((root / "stratakb_core").rglob("*.py")) if not _SAFETY_MODULE.search(p.name)]
    return _docstrings(files, root, "")


def cut_stdlib_docstrings(stdlib: Path) -> list[dict[str, str]]:
    """The same cut of the docstrings of Python's standard library at ``stdlib`` (``sysconfig``'s "stdlib" path),
    leaving out its tests, IDLE, tkinter and the other folders ``_STDLIB_SKIP`` names (wave 25)."""
    files = [p for p in sorted(stdlib.rglob("*.py")) if not _STDLIB_SKIP.search(p.relative_to(stdlib).as_posix())]
    return _docstrings(files, stdlib, "cpython/Lib/")


def _docstrings(files: Sequence[Path], root: Path, prefix: str) -> list[dict[str, str]]:
    import ast

    out = []
    for path in files:
        source = prefix + path.relative_to(root).as_posix()
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):  # a standard library's Python 2 era test data, say
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node)
                if doc and len(doc) >= _PROSE_MIN and not _ABOUT_ATTACKS.search(doc):
                    out.append({"source": source, "text": doc[:_DOC_CUT]})
    return out


def ordinary_prose(base: Path) -> list[dict[str, str]]:
    """The frozen clean passages in the injection fixtures folder ``base``: ``cut_prose`` and ``cut_docstrings``
    in ``PROSE_FILE``, then ``cut_stdlib_docstrings`` in ``STDLIB_PROSE_FILE``."""
    return [entry for name in (PROSE_FILE, STDLIB_PROSE_FILE)
            for entry in json.loads((base / name).read_text(encoding="utf-8"))]


def structured_clean(fixtures: Path, leave_out: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The redaction fixtures' passages, clean of injection, for ``fit``'s ``extra_clean``: configs, tickets, chats,
    shell sessions and tables (secrets with their values in place, and the clean ones), but those of the splits in
    ``leave_out``. Without them the scorer alone flagged 47 of 9,840 such passages of the fold it had not seen."""
    from stratakb_core.ingest.safety_eval import _load_sets, _secret_text

    base = fixtures / "redaction"
    secrets = [_secret_text(e) for e in _load_sets(base, "secrets") if e.get("split") not in leave_out]
    return secrets + [e["text"] for e in _load_sets(base, "clean") if e.get("split") not in leave_out]


def design(texts: Sequence[str]):  # -> scipy.sparse.csr_matrix, (n, DIM + 1) with the bias column last
    """The feature rows of ``texts`` with a constant 1 in the last column (the bias)."""
    from scipy import sparse

    rows, cols, vals = [], [], []
    for i, text in enumerate(texts):
        idx, val = features(text)
        rows.append(np.full(len(idx) + 1, i))
        cols.append(np.append(idx, DIM))
        vals.append(np.append(val, np.float32(1.0)))
    shape = (len(texts), DIM + 1)
    return sparse.csr_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=shape)


def fit(
    texts: Sequence[str], labels: Sequence[int], lam: float = LAMBDA, extra_clean: Sequence[str] = ()
) -> np.ndarray:
    """The weights (``DIM``, then the bias) of the regression of ``labels`` (1 = attack) on ``texts``, and of
    ``extra_clean`` as clean passages weighing ``STRUCTURED_WEIGHT`` each, outside the class balance.

    Minimises ``sum_i s_i logloss(x_i . w, y_i) + lam / 2 |w|^2`` (``s`` weights the classes to count alike) by
    ``logistic_fit.fit_rows`` (truncated Newton, deterministic).
    """
    y = np.asarray(labels, dtype=np.float64)
    n = len(y)
    positives = y.sum()
    s = np.where(y > 0, n / (2 * max(positives, 1)), n / (2 * max(n - positives, 1))) / n
    s = np.concatenate([s, np.full(len(extra_clean), STRUCTURED_WEIGHT / (2 * max(n - positives, 1)))])
    y = np.concatenate([y, np.zeros(len(extra_clean))])
    return fit_rows(design([*texts, *extra_clean]), y, s, lam)

