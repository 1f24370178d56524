"""Every event type is declared once (store/events.py) and is either projected by one function or
listed as audit-only; no other module defines an event-type string."""

from __future__ import annotations

import ast
from pathlib import Path

from stratakb_core.store import events as ev
from stratakb_core.store.projector import PROJECTORS

REPO = Path(__file__).resolve().parents[2]


def test_every_declared_type_is_projected_or_audit_only_never_both():
    assert set(PROJECTORS) | ev.AUDIT_ONLY == ev.EVENT_TYPES
    assert not set(PROJECTORS) & ev.AUDIT_ONLY
    declared = {v for k, v in vars(ev).items() if k.isupper() and isinstance(v, str)}
    assert declared == ev.EVENT_TYPES


def _string_constants(path: Path) -> dict[str, str]:
    """NAME = "literal" (or NAME: T = "literal") at any level of a module."""
    found = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets, value = [], None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            for t in targets:
                if isinstance(t, ast.Name):
                    found[t.id] = value.value
    return found


def test_no_other_module_defines_an_event_type_string():
    events_py = REPO / "stratakb_core" / "store" / "events.py"
    offenders = []
    for folder in ("stratakb_core", "pipelines", "assets", "resources"):
        for path in sorted((REPO / folder).rglob("*.py")) if (REPO / folder).is_dir() else []:
            if path == events_py:
                continue
            offenders += [f"{path.relative_to(REPO)}: {name}" for name, value in _string_constants(path).items()
                          if value in ev.EVENT_TYPES]
    assert offenders == []
