"""Golden sets for `stratakb eval`: load and validate the YAML, and decide what a hit is (no I/O
beyond reading the file; checking the quotes against a store is `check_against_store`).

A golden set is YAML::

    name: peps_rfc
    layers: [peps, rfc]          # searched when `stratakb eval` names no --layer
    questions:
      - id: pep8-line-length     # unique
        question: How long can a line of Python code be?
        kind: semantic           # semantic | identifier | clause | unanswerable | multi_passage
        expected:                # one entry per passage the answer needs
          - file: pep-0008.rst   # the path relative to the ingested folder
            quote: Limit all lines to a maximum of 79 characters.
            section: Maximum Line Length   # optional; a part of the clause path
            grade: 1             # optional relevance grade for nDCG (default 1)

Kinds and what each needs:

* ``semantic``, ``identifier``: one or more expected passages, each with a quote or a section.
* ``clause``: the question names a clause or section; every expected passage gives ``section``.
* ``multi_passage``: at least two expected passages (the answer needs both).
* ``unanswerable``: no expected passage; the documents do not answer it, so the right status is
  ``not_found``.

A hit: a returned passage is a hit for an expected passage when it comes from the expected file
(the same path, or a path ending in ``/`` + the file) and, for each of quote and section that the
entry gives, its text contains the quote (whitespace normalised: runs of spaces, tabs and line
breaks compare as one space; case kept) and its clause path contains the section (case-insensitive,
whitespace normalised). An entry giving both needs both.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from stratakb_core.errors import GoldenError

KINDS = ("semantic", "identifier", "clause", "unanswerable", "multi_passage")
MAX_QUESTIONS = 5000
_WS = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Whitespace runs become one space; leading and trailing whitespace go."""
    return _WS.sub(" ", text).strip()


@dataclass(frozen=True)
class Expected:
    file: str
    quote: str | None = None
    section: str | None = None
    grade: float = 1.0

    def matches(self, file: str | None, text: str | None, clause_path: str | None) -> bool:
        if not file or not same_file(file, self.file):
            return False
        if self.quote is not None and normalise(self.quote) not in normalise(text or ""):
            return False
        if self.section is not None and normalise(self.section).lower() not in normalise(clause_path or "").lower():
            return False
        return True


@dataclass(frozen=True)
class Question:
    id: str
    question: str
    kind: str
    expected: tuple[Expected, ...] = ()
    layers: tuple[str, ...] | None = None
    notes: str | None = None

    @property
    def answerable(self) -> bool:
        return self.kind != "unanswerable"

    def relevance(self) -> dict[str, float]:
        """Target id -> grade, for the metric functions (targets are 'e0', 'e1', ...)."""
        return {f"e{i}": e.grade for i, e in enumerate(self.expected)}

    def targets_hit(self, file: str | None, text: str | None, clause_path: str | None) -> set[str]:
        return {f"e{i}" for i, e in enumerate(self.expected) if e.matches(file, text, clause_path)}


@dataclass(frozen=True)
class GoldenSet:
    name: str
    questions: tuple[Question, ...]
    layers: tuple[str, ...] = ()
    source: str | None = None
    kinds: dict[str, int] = field(default_factory=dict)


def same_file(returned: str, expected: str) -> bool:
    r = returned.replace("\\", "/").removeprefix("./")
    e = expected.replace("\\", "/").removeprefix("./")
    return r == e or r.endswith("/" + e)


def _str(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value if isinstance(value, str) else None


def _expected(raw: Any, where: str, problems: list[str]) -> Expected | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: an expected passage must be a mapping with file, quote and/or section")
        return None
    unknown = set(raw) - {"file", "quote", "section", "grade"}
    if unknown:
        problems.append(f"{where}: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    file, quote, section = _str(raw.get("file")), _str(raw.get("quote")), _str(raw.get("section"))
    if not file or not file.strip():
        problems.append(f"{where}: file is missing")
        return None
    if raw.get("quote") is not None and (quote is None or not normalise(quote)):
        problems.append(f"{where}: quote must be non-empty text")
        return None
    if raw.get("section") is not None and (section is None or not normalise(section)):
        problems.append(f"{where}: section must be non-empty text")
        return None
    if quote is None and section is None:
        problems.append(f"{where}: give a quote, a section or both")
        return None
    grade = raw.get("grade", 1)
    if isinstance(grade, bool) or not isinstance(grade, (int, float)) or not grade > 0:
        problems.append(f"{where}: grade must be a number above 0")
        return None
    return Expected(file=file.strip(), quote=quote, section=section, grade=float(grade))


def parse_golden(data: Any, source: str | None = None) -> GoldenSet:
    """Validate a parsed YAML document; raises GoldenError listing every problem."""
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise GoldenError(["the file must hold a mapping with a 'questions' list"])
    raw_qs = data.get("questions")
    if not isinstance(raw_qs, list) or not raw_qs:
        raise GoldenError(["'questions' must be a non-empty list"])
    if len(raw_qs) > MAX_QUESTIONS:
        raise GoldenError([f"at most {MAX_QUESTIONS} questions, not {len(raw_qs)}"])
    layers = data.get("layers") or []
    if isinstance(layers, str):
        layers = [layers]
    if not isinstance(layers, list) or not all(isinstance(x, str) for x in layers):
        problems.append("layers must be a list of layer names")
        layers = []
    seen: set[str] = set()
    questions = [q for n, raw in enumerate(raw_qs, 1) if (q := _question(n, raw, seen, problems)) is not None]
    if problems:
        raise GoldenError(problems)
    kinds = {k: sum(1 for q in questions if q.kind == k) for k in KINDS}
    return GoldenSet(name=str(data.get("name") or (Path(source).stem if source else "golden")),
                     questions=tuple(questions), layers=tuple(layers), source=source, kinds=kinds)


_QUESTION_KEYS = frozenset({"id", "question", "kind", "expected", "file", "quote", "section", "grade", "layers",
                            "notes"})


def _question(n: int, raw: Any, seen: set[str], problems: list[str]) -> Question | None:
    """The nth entry as a Question, or None with its problems appended (ids seen so far in seen)."""
    where = f"question {n}"
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: must be a mapping")
        return None
    qid = _str(raw.get("id")) or f"q{n}"
    where = f"question {n} ({qid})"
    if qid in seen:
        problems.append(f"{where}: duplicate id")
    seen.add(qid)
    unknown = set(raw) - _QUESTION_KEYS
    if unknown:
        problems.append(f"{where}: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    text = raw.get("question")
    if not isinstance(text, str) or not text.strip():
        problems.append(f"{where}: question must be non-empty text")
        return None
    kind = raw.get("kind")
    if kind not in KINDS:
        problems.append(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        return None
    raw_exp = raw.get("expected")
    if raw_exp is None and any(k in raw for k in ("file", "quote", "section")):
        raw_exp = [{k: raw[k] for k in ("file", "quote", "section", "grade") if k in raw}]
    if raw_exp is None:
        raw_exp = []
    if isinstance(raw_exp, Mapping):
        raw_exp = [raw_exp]
    if not isinstance(raw_exp, list):
        problems.append(f"{where}: expected must be a list of passages")
        return None
    before = len(problems)
    expected = [_expected(e, f"{where}, expected {i + 1}", problems) for i, e in enumerate(raw_exp)]
    if len(problems) > before:
        return None
    exp = tuple(e for e in expected if e is not None)
    problem = _expected_problem(kind, exp)
    if problem is not None:
        problems.append(f"{where}: {problem}")
        return None
    q_layers = raw.get("layers")
    if isinstance(q_layers, str):
        q_layers = [q_layers]
    if q_layers is not None and (not isinstance(q_layers, list) or not all(isinstance(x, str) for x in q_layers)):
        problems.append(f"{where}: layers must be a list of layer names")
        return None
    notes = raw.get("notes")
    return Question(id=qid, question=normalise(text), kind=kind, expected=exp,
                    layers=tuple(q_layers) if q_layers else None, notes=notes if isinstance(notes, str) else None)


def _expected_problem(kind: str, exp: Sequence[Expected]) -> str | None:
    """What a question of this kind lacks (or must not have) in its expected passages, or None."""
    if kind == "unanswerable" and exp:
        return "an unanswerable question has no expected passage"
    if kind != "unanswerable" and not exp:
        return f"a {kind} question needs at least one expected passage"
    if kind == "multi_passage" and len(exp) < 2:
        return "a multi_passage question needs at least two expected passages"
    if kind == "clause" and any(e.section is None for e in exp):
        return "a clause question gives the section of each expected passage"
    return None


def load_golden(path: str | Path) -> GoldenSet:
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise GoldenError([f"cannot read {p}: {exc.strerror or exc}"]) from None
    try:
        data = yaml.safe_load(raw)
    except yaml.YAMLError as exc:
        raise GoldenError([f"{p} is not valid YAML: {str(exc).splitlines()[0]}"]) from None
    return parse_golden(data, source=str(p))


# ---------------------------------------------------------------------------------------------
# Checking the expectations against the stored documents
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Document:
    """What the check needs of one stored document: its path, text and section clause paths."""

    path: str
    text: str
    clause_paths: tuple[str, ...] = ()


@dataclass(frozen=True)
class Problem:
    question: str
    expected: int | None
    problem: str
    broken: bool = True  # False: a warning that does not stop the entry from being scored

    def as_dict(self) -> dict[str, Any]:
        return {"question": self.question, "expected": self.expected, "problem": self.problem,
                "broken": self.broken}


def check_expectations(golden: GoldenSet, documents: Iterable[Document],
                       chunk_texts: Mapping[str, Sequence[str]] | None = None) -> list[Problem]:
    """Broken entries: a file no document has, a quote not in the file's text (whitespace
    normalised), or a section no clause path of the file contains. With ``chunk_texts``
    (path -> the texts of its chunks), also a quote that no single chunk holds whole: only an exact
    clause lookup could then return it, which is reported but is not a broken entry."""
    docs = list(documents)
    problems: list[Problem] = []
    norm_cache: dict[str, str] = {}
    for q in golden.questions:
        for i, e in enumerate(q.expected, 1):
            matches = [d for d in docs if same_file(d.path, e.file)]
            if not matches:
                problems.append(Problem(q.id, i, f"no stored document {e.file}"))
                continue
            if e.quote is not None:
                nq = normalise(e.quote)
                holders = [d for d in matches if nq in norm_cache.setdefault(d.path, normalise(d.text))]
                if not holders:
                    problems.append(Problem(q.id, i, f"quote not found verbatim in {e.file}: {e.quote[:80]!r}"))
                    continue
                if chunk_texts is not None:
                    whole = any(nq in normalise(t) for d in holders for t in chunk_texts.get(d.path, ()))
                    if not whole:
                        problems.append(Problem(q.id, i, f"no single chunk of {e.file} holds the whole quote; "
                                                         "only an exact clause match can hit it", broken=False))
            if e.section is not None:
                ns = normalise(e.section).lower()
                if not any(ns in normalise(cp).lower() for d in matches for cp in d.clause_paths):
                    problems.append(Problem(q.id, i, f"no section of {e.file} has {e.section!r} in its clause path"))
    return problems
