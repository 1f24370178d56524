"""Split a golden set once into dev and test halves, stratified by kind.

    python eval/golden/split.py eval/golden/users_v2.yaml

writes users_v2.dev.yaml and users_v2.test.yaml next to the input. Questions are grouped into
strata: the kind, and within a kind the extension of the first expected file (.rst, .txt, .pdf,
.docx, .csv, .xlsx, .md: a proxy for the corpus, so no corpus lands wholly in one half);
unanswerable questions have no file and form one stratum. The ids of each stratum (in file order)
are shuffled with random.Random(SEED), one generator for the whole run, strata taken in
golden.KINDS order and then by extension; the first half of each goes to dev, the rest to test.
When a stratum has an odd count, the extra question goes to dev and test in turn, so every kind is
in both halves and the halves differ by at most one question. The question blocks are copied
verbatim from the input, in its order, so notes and formatting survive. Tune on dev only; report test once.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from stratakb_core.evaluation.golden import KINDS, load_golden  # noqa: E402

SEED = 20261201
_ID = re.compile(r"^  - id: (\S+)\s*$")


def split_ids(questions: list[tuple[str, str, str]], seed: int = SEED) -> tuple[set[str], set[str]]:
    """(id, kind, stratum within the kind) triples -> (dev ids, test ids)."""
    rng = random.Random(seed)
    dev: set[str] = set()
    test: set[str] = set()
    extra_to_dev = True
    strata = sorted({(KINDS.index(k), sub) for _, k, sub in questions})
    for kind_index, sub in strata:
        ids = [qid for qid, k, s in questions if KINDS.index(k) == kind_index and s == sub]
        rng.shuffle(ids)
        half = len(ids) // 2
        if len(ids) % 2:
            half += 1 if extra_to_dev else 0
            extra_to_dev = not extra_to_dev
        dev.update(ids[:half])
        test.update(ids[half:])
    return dev, test


def question_blocks(text: str) -> tuple[list[str], dict[str, str]]:
    """The header (everything before `questions:`) and each question's verbatim block by id."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("questions:"))
    blocks: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines[start + 1:]:
        m = _ID.match(line)
        if m:
            current = blocks.setdefault(m.group(1), [])
        if line.lstrip().startswith("#") or not line.strip():
            continue  # section comments and blank lines stay in the full set only
        if current is not None:
            current.append(line)
    return lines[:start], {k: "\n".join(v) for k, v in blocks.items()}


def main(path: str) -> int:
    src = Path(path)
    golden = load_golden(src)
    dev, test = split_ids([(q.id, q.kind, Path(q.expected[0].file).suffix if q.expected else "")
                           for q in golden.questions])
    _, blocks = question_blocks(src.read_text(encoding="utf-8"))
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    command = f"python eval/golden/split.py {src.as_posix()}"
    for half, ids in (("dev", dev), ("test", test)):
        kinds = {k: sum(1 for q in golden.questions if q.id in ids and q.kind == k) for k in KINDS}
        out = src.with_name(f"{src.stem}.{half}.yaml")
        body = [
            f"# {half} half of {src.name} ({len(ids)} of {len(golden.questions)} questions), written by",
            f"#   {command}",
            f"# seed random.Random({SEED}), stratified by kind and first expected file's extension: "
            + ", ".join(f"{n} {k}" for k, n in kinds.items()) + ".",
            "# Do not edit by hand: edit the full set and rerun the split (the same seed gives the same halves",
            "# as long as the ids and kinds are unchanged). " + (
                "Tune and look at metrics on this half." if half == "dev" else
                "Held out: do not tune on it; report it once."),
            f"name: {golden.name}-{half}",
            f"layers: [{', '.join(data.get('layers') or [])}]",
            "questions:",
        ]
        body += [blocks[q.id] for q in golden.questions if q.id in ids]
        out.write_text("\n".join(body) + "\n", encoding="utf-8")
        check = load_golden(out)
        assert {q.id for q in check.questions} == ids, out
        print(f"{out}: {len(ids)} questions ({', '.join(f'{n} {k}' for k, n in kinds.items())})")
    assert not dev & test and dev | test == {q.id for q in golden.questions}
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "eval/golden/users_v2.yaml"))
