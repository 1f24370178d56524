"""Helpers of the snapshot suite: comparing with (or writing) the files under data/, the shape of a
JSON value, masking run-specific text, and running the installed `stratakb` console script.

Nothing here imports stratakb_core: the suite sees the product only from outside (the console
script, the MCP server over stdio, the database, pipelines.definitions, files on disk), so it keeps
working, unchanged, while the package's modules move.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
CORPUS = HERE / "corpus"
REPO = HERE.parent.parent

UPDATE_VAR = "STRATA_UPDATE_SNAPSHOTS"


def updating() -> bool:
    return os.environ.get(UPDATE_VAR, "").strip().lower() in ("1", "true", "yes")


# ---------------------------------------------------------------------------------------------
# Snapshot files
# ---------------------------------------------------------------------------------------------


def render(value: Any) -> str:
    """Text for a snapshot file: JSON (keys in the order given) unless the value is a string."""
    if isinstance(value, str):
        return value if value.endswith("\n") else value + "\n"
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def snapshot_mismatch(name: str, actual: Any) -> str | None:
    """None when data/<name> holds `actual`; otherwise what differs (a missing file differs).

    With STRATA_UPDATE_SNAPSHOTS=1 the file is written instead and nothing differs.
    """
    path = DATA / name
    text = render(actual)
    if updating():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        return None
    if not path.exists():
        return f"no snapshot {path.relative_to(REPO)}; write it with {UPDATE_VAR}=1"
    expected = path.read_text(encoding="utf-8")
    if expected == text:
        return None
    diff = difflib.unified_diff(expected.splitlines(keepends=True), text.splitlines(keepends=True),
                                fromfile=f"{path.relative_to(REPO)} (snapshot)", tofile="now")
    return "".join(diff)


def assert_snapshot(name: str, actual: Any) -> None:
    problem = snapshot_mismatch(name, actual)
    if problem is not None:
        pytest.fail(f"snapshot {name} differs (regenerate with {UPDATE_VAR}=1 if the change is meant):\n"
                    f"{problem}", pytrace=False)


def assert_snapshot_dir(folder: str, files: dict[str, Any], suffix: str) -> None:
    """data/<folder>/ holds exactly `files` (name -> content): a changed, missing or extra file fails."""
    problems = []
    for name, value in files.items():
        problem = snapshot_mismatch(f"{folder}/{name}", value)
        if problem is not None:
            problems.append(problem)
    root = DATA / folder
    stale = sorted(p.name for p in root.glob(f"*{suffix}") if p.name not in files) if root.exists() else []
    if stale and updating():
        for name in stale:
            (root / name).unlink()
    elif stale:
        problems.append(f"snapshots in data/{folder}/ with nothing behind them any more: {', '.join(stale)}")
    if problems:
        pytest.fail(f"{len(problems)} snapshot(s) in data/{folder}/ differ (regenerate with {UPDATE_VAR}=1 if "
                    "the change is meant):\n" + "\n".join(problems), pytrace=False)


# ---------------------------------------------------------------------------------------------
# Shapes: keys and value types, recursively, never values
# ---------------------------------------------------------------------------------------------


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def shape(value: Any) -> Any:
    """The shape of a JSON value: a dict of key -> shape (keys sorted), [element shape] for a list
    (its elements' shapes merged; [] when empty), a type name for a scalar."""
    if isinstance(value, dict):
        return {k: shape(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        merged: Any = None
        for item in value:
            merged = merge_shapes(merged, shape(item))
        return [] if merged is None else [merged]
    return _type_name(value)


def merge_shapes(a: Any, b: Any) -> Any:
    """One shape covering both: dicts merge key by key (a key missing on one side gets a trailing
    '?'), lists merge their elements, and different kinds become {"oneOf": [...]}."""
    if a is None:
        return b
    if b is None:
        return a
    scalars: set[str] = set()
    obj: Any = None
    lst: Any = None
    for alt in _alternatives(a) + _alternatives(b):
        if isinstance(alt, dict):
            obj = alt if obj is None else _merge_dicts(obj, alt)
        elif isinstance(alt, list):
            lst = alt if lst is None else ([_merge_elements(lst, alt)] if (lst or alt) else [])
        else:
            scalars.add(alt)
    alts: list[Any] = sorted(scalars)
    if lst is not None:
        alts.append(lst)
    if obj is not None:
        alts.append(obj)
    return alts[0] if len(alts) == 1 else {"oneOf": alts}


def _alternatives(s: Any) -> list[Any]:
    if isinstance(s, dict) and set(s) == {"oneOf"}:
        return list(s["oneOf"])
    return [s]


def _merge_elements(a: list[Any], b: list[Any]) -> Any:
    if not a:
        return b[0]
    if not b:
        return a[0]
    return merge_shapes(a[0], b[0])


def _merge_dicts(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key in sorted({k.rstrip("?") for k in a} | {k.rstrip("?") for k in b}):
        ka = key if key in a else (key + "?" if key + "?" in a else None)
        kb = key if key in b else (key + "?" if key + "?" in b else None)
        merged = merge_shapes(a[ka] if ka else None, b[kb] if kb else None)
        optional = ka is None or kb is None or ka.endswith("?") or kb.endswith("?")
        out[key + "?" if optional else key] = merged
    return out


# ---------------------------------------------------------------------------------------------
# Masking
# ---------------------------------------------------------------------------------------------

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:?\d{2}|Z)?"), "<TIME>"),
    (re.compile(r"\brcpt_[0-9a-f]{24}\b"), "<RECEIPT_ID>"),
    (re.compile(r"\bint_[0-9a-f]{20}\b"), "<INTERACTION_ID>"),
    (re.compile(r"\bkey_[0-9a-f]{12}\b"), "<KEY_ID>"),
    (re.compile(r"\bskb_[A-Za-z0-9_-]{20,}"), "<KEY>"),
    (re.compile(r"\b[0-9a-f]{32}\b"), "<HEX32>"),
    (re.compile(r"\b[0-9a-f]{16}\b"), "<RUN_ID>"),
    (re.compile(r"\b\d+(\.\d+)? ?(s|ms|seconds)\b"), "<DURATION>"),
)


def mask(text: str, literals: dict[str, str]) -> str:
    """Replace run-specific literals (longest first: temp folders, the database URL) and patterns
    (timestamps, ids, keys, durations) with placeholders."""
    for literal in sorted(literals, key=len, reverse=True):
        if literal:
            text = text.replace(literal, literals[literal])
    for pattern, placeholder in _PATTERNS:
        text = pattern.sub(placeholder, text)
    return text


# ---------------------------------------------------------------------------------------------
# The console script
# ---------------------------------------------------------------------------------------------

# Variables the product reads (and a few that change how a process prints), dropped from the
# caller's environment so a developer's shell cannot change a snapshot.
_DROP_PREFIXES = ("EMBEDDING_", "STRATA_", "DATABASE_", "RERANKING_", "LEARNING_", "HYBRID_", "ANSWER_",
                  "DAGSTER_", "HF_", "TRANSFORMERS_", "COLUMNS", "LINES", "FORCE_COLOR", "NO_COLOR", "TERM")


def stratakb_script() -> Path:
    """The installed `stratakb` console script of the interpreter running the tests."""
    script = Path(sys.executable).parent / ("stratakb.exe" if os.name == "nt" else "stratakb")
    if not script.exists():
        pytest.fail(f"no stratakb console script next to {sys.executable}; install the package "
                    "(pip install -e .)", pytrace=False)
    return script


def product_env(database_url: str | None, data_dir: Path, **extra: str) -> dict[str, str]:
    """A fixed environment for the product: the hash embedder (no model), reranking off (a
    cross-encoder would be loaded, or its absence warned about, depending on the machine's model
    cache), a 100-column terminal, and this checkout first on PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(_DROP_PREFIXES)}
    env.update({
        "EMBEDDING_BACKEND": "hash", "RERANKING_ENABLED": "false", "COLUMNS": "100", "LINES": "50",
        "NO_COLOR": "1", "TERM": "dumb", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
        "STRATA_DATA_DIR": str(data_dir), "DAGSTER_HOME": str(data_dir / "dagster"),
        "PYTHONPATH": os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]),
    })
    if database_url:
        env["DATABASE_URL"] = database_url
    env.update(extra)
    return env


def run_stratakb(args: list[str], env: dict[str, str], cwd: Path, timeout: float = 60
                 ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(stratakb_script()), *args], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)
