"""The query package's public surface: drivers import only what `stratakb_core.query.__all__`
lists, and everything it lists exists."""

from __future__ import annotations

import ast
from pathlib import Path

import stratakb_core.query as query

REPO = Path(__file__).resolve().parents[2]
DRIVERS = [REPO / "stratakb_core" / "cli", REPO / "stratakb_core" / "mcp", REPO / "stratakb_core" / "evaluation",
           REPO / "scripts", REPO / "pipelines", REPO / "assets", REPO / "resources"]


def _driver_imports() -> list[tuple[Path, str, list[str]]]:
    """(file, module, names) of every import of stratakb_core.query* in a driver."""
    found = []
    for folder in DRIVERS:
        for path in sorted(folder.rglob("*.py")) if folder.exists() else []:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("stratakb_core.query"):
                    found.append((path, node.module or "", [a.name for a in node.names]))
                elif isinstance(node, ast.Import):
                    found += [(path, a.name, []) for a in node.names if a.name.startswith("stratakb_core.query")]
    return found


def test_drivers_import_the_query_package_only_through_its_public_surface():
    deep = [f"{p.relative_to(REPO)}: {m}" for p, m, _ in _driver_imports() if m != "stratakb_core.query"]
    assert deep == []


def test_all_lists_every_name_a_driver_imports():
    imported = {n for _, m, names in _driver_imports() if m == "stratakb_core.query" for n in names}
    assert imported, "the drivers import the query package"
    assert sorted(imported - set(query.__all__)) == []


def test_every_name_in_all_exists_and_is_listed_once():
    assert len(query.__all__) == len(set(query.__all__))
    assert [n for n in query.__all__ if not hasattr(query, n)] == []
