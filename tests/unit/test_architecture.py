"""test_architecture: the package layers of stratakb_core hold (docs/adr/0005-layered-packages.md).

The checker is tests/helpers/architecture.py; each rule is shown firing on a small tree first, and
on the repository every finding is printed as `path:line: rule: detail`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.architecture import MAX_MODULE_LINES, RULES, Module, Violation, load, report

REPO = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------------------------------------
# The tree as it is
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def repo_modules() -> dict[str, Module]:
    return load(REPO)


@pytest.mark.parametrize("rule", sorted(RULES))
def test_the_core_keeps_its_architecture(rule: str, repo_modules: dict[str, Module]) -> None:
    violations = RULES[rule](repo_modules)
    if violations:
        pytest.fail(report(violations), pytrace=False)


def test_the_checker_reads_the_whole_core(repo_modules: dict[str, Module]) -> None:
    names = set(repo_modules)
    assert {"stratakb_core", "stratakb_core.errors", "stratakb_core.query", "stratakb_core.store"} <= names
    assert any(edge.target == "stratakb_core.errors" for m in repo_modules.values() for edge in m.edges)


# ---------------------------------------------------------------------------------------------
# The checker itself, on small trees
# ---------------------------------------------------------------------------------------------


def write_tree(root: Path, files: dict[str, str]) -> dict[str, Module]:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for package in {p.parent for p in root.rglob("*.py")}:
        if package != root and not (package / "__init__.py").exists():
            (package / "__init__.py").write_text("", encoding="utf-8")
    return load(root)


ERRORS = "class StrataError(Exception):\n    pass\n\n\nclass UsageError(StrataError):\n    pass\n"
CLEAN = {
    "stratakb_core/__init__.py": "",
    "stratakb_core/errors.py": ERRORS,
    "stratakb_core/values.py": "from stratakb_core.errors import UsageError\n",
    "stratakb_core/embedding.py": "from stratakb_core import values\n",
    "stratakb_core/store/connection.py": "from stratakb_core.errors import StrataError\n",
    "stratakb_core/ingest/sync.py": "from stratakb_core.store import connection\nfrom . import helper\n",
    "stratakb_core/ingest/helper.py": "def f():\n    from stratakb_core.embedding import values\n",
    "stratakb_core/query/__init__.py": "from stratakb_core.query.search import search\n__all__ = ['search']\n",
    "stratakb_core/query/search.py": "from stratakb_core.store.connection import StrataError\n",
    "stratakb_core/query/verify.py": "from stratakb_core.query.search import StrataError\n",
    "stratakb_core/cli/main.py": "from stratakb_core.query import search\nfrom stratakb_core.ingest import sync\n",
    "pipelines/jobs.py": "import dagster\nfrom stratakb_core.query import search\n",
}


def all_violations(modules: dict[str, Module]) -> list[Violation]:
    return sorted(v for check in RULES.values() for v in check(modules))


def test_a_clean_tree_passes(tmp_path: Path) -> None:
    assert all_violations(write_tree(tmp_path, CLEAN)) == []


@pytest.mark.parametrize(
    ("rel", "text", "line", "rule", "words"),
    [
        ("stratakb_core/patterns.py", "import os\nfrom stratakb_core.ingest.helper import f\n", 2, "layer",
         "shared must not import ingest"),
        ("stratakb_core/settings.py", "def f():\n    import stratakb_core.store.connection\n", 2, "layer",
         "shared must not import store"),
        ("stratakb_core/store/events.py", "from stratakb_core.ingest import sync\n", 1, "layer",
         "store must not import ingest"),
        ("stratakb_core/ingest/answer.py", "from stratakb_core.query import search\n", 1, "layer",
         "ingest must not import query"),
        ("stratakb_core/query/facts.py", "from stratakb_core.ingest.sync import x\n", 1, "layer",
         "query must not import ingest"),
        ("stratakb_core/query/cli_hook.py", "from ..cli import main\n", 1, "layer", "query must not import drivers"),
        ("stratakb_core/mcp/server.py", "from stratakb_core.query.search import search\n", 1, "query-surface",
         "`from stratakb_core.query.search import search`"),
        ("stratakb_core/evaluation/run.py", "from stratakb_core.query import search, verify\n", 1, "query-surface",
         "`from stratakb_core.query import verify`"),  # a submodule; `search` is the package's own name
        ("assets/layers.py", "import stratakb_core.query.search\n", 1, "query-surface",
         "`import stratakb_core.query.search`"),
        ("stratakb_core/ingest/jobs.py", "x = 1\n\n\ndef f():\n    from dagster import asset\n", 5, "no-dagster",
         "never imports dagster"),
        ("stratakb_core/helpers.py", "x = 1\n", 1, "layer", "stratakb_core.helpers belongs to no layer"),
    ],
)
def test_each_import_against_the_layers_is_named(tmp_path: Path, rel: str, text: str, line: int, rule: str,
                                                words: str) -> None:
    found = all_violations(write_tree(tmp_path, {**CLEAN, rel: text}))
    assert [(v.path, v.line, v.rule) for v in found] == [(rel, line, rule)], report(found)
    assert words in found[0].detail
    assert str(found[0]).startswith(f"{rel}:{line}: {rule}: ")


def test_the_query_package_itself_is_the_drivers_door(tmp_path: Path) -> None:
    files = {**CLEAN, "stratakb_core/mcp/server.py": "import stratakb_core.query\nfrom stratakb_core import query\n"}
    assert all_violations(write_tree(tmp_path, files)) == []


def test_a_cycle_through_a_function_level_import_is_found(tmp_path: Path) -> None:
    files = {
        **CLEAN,
        "stratakb_core/ingest/parsing/__init__.py": "def parsers():\n    from .md import P\n",
        "stratakb_core/ingest/parsing/md.py": "from stratakb_core.ingest.parsing import Heading\n",
    }
    found = all_violations(write_tree(tmp_path, files))
    assert [(v.path, v.line, v.rule) for v in found] == [
        ("stratakb_core/ingest/parsing/__init__.py", 2, "import-cycle")], report(found)
    assert found[0].detail == ("stratakb_core.ingest.parsing (stratakb_core/ingest/parsing/__init__.py:2)"
                               " -> stratakb_core.ingest.parsing.md (stratakb_core/ingest/parsing/md.py:1)"
                               " -> stratakb_core.ingest.parsing")


def test_from_a_package_import_a_submodule_is_an_edge_to_the_submodule(tmp_path: Path) -> None:
    files = {
        **CLEAN,
        "stratakb_core/ingest/parsing/__init__.py": "from stratakb_core.ingest.parsing.md import P\n",
        "stratakb_core/ingest/parsing/md.py": "from stratakb_core.ingest.parsing import headings\n",
        "stratakb_core/ingest/parsing/headings.py": "from .md import P\n",
    }
    found = all_violations(write_tree(tmp_path, files))
    assert [v.rule for v in found] == ["import-cycle"], report(found)
    assert found[0].path == "stratakb_core/ingest/parsing/headings.py"
    assert "stratakb_core.ingest.parsing.headings (" in found[0].detail
    # the package's __init__ is not in the knot: md imports the headings submodule, not the package
    assert "stratakb_core.ingest.parsing (" not in found[0].detail


def test_a_longer_cycle_across_packages_is_found(tmp_path: Path) -> None:
    files = {
        **CLEAN,
        "stratakb_core/store/a.py": "from stratakb_core.store import b\n",
        "stratakb_core/store/b.py": "import stratakb_core.store.c\n",
        "stratakb_core/store/c.py": "if True:\n    from stratakb_core.store.a import x\n",
    }
    found = all_violations(write_tree(tmp_path, files))
    assert [(v.path, v.line, v.rule) for v in found] == [("stratakb_core/store/a.py", 1, "import-cycle")]
    assert found[0].detail.endswith("stratakb_core.store.c (stratakb_core/store/c.py:2) -> stratakb_core.store.a")


@pytest.mark.parametrize(
    ("source", "names"),
    [
        ("class Oops(ValueError):\n    pass\n", ["Oops"]),
        ("import errors\n\n\nclass Spent(errors.StrataError):\n    pass\n", ["Spent"]),
        ("class _Stop(Exception):\n    pass\n\n\nclass Deeper(_Stop):\n    pass\n", ["_Stop", "Deeper"]),
        ("def f():\n    class Local(BaseException):\n        pass\n", ["Local"]),
        ("class Fine:\n    pass\n\n\nclass AlsoFine(Fine):\n    pass\n", []),
    ],
)
def test_exception_classes_live_only_in_errors(tmp_path: Path, source: str, names: list[str]) -> None:
    found = all_violations(write_tree(tmp_path, {**CLEAN, "stratakb_core/ingest/sync.py": source}))
    assert [v.rule for v in found] == ["exception-home"] * len(names), report(found)
    assert [v.detail.split()[2] for v in found] == names


def test_an_exception_in_errors_outside_the_tree_is_named(tmp_path: Path) -> None:
    errors = ERRORS + ("\n\nclass GoldenError(UsageError, ValueError):\n    pass\n"
                       "\n\nclass Loose(ValueError):\n    pass\n")
    found = all_violations(write_tree(tmp_path, {**CLEAN, "stratakb_core/errors.py": errors}))
    assert [(v.path, v.line, v.rule) for v in found] == [("stratakb_core/errors.py", 13, "exception-tree")]
    assert "Loose" in found[0].detail


def test_long_modules_and_functions_are_named(tmp_path: Path) -> None:
    long_function = "def long():\n" + "    x = 1\n" * 80 + "\n\ndef short():\n" + "    x = 1\n" * 79
    long_module = "x = 1\n" * (MAX_MODULE_LINES + 1)
    found = all_violations(write_tree(tmp_path, {**CLEAN, "stratakb_core/ingest/sync.py": long_function,
                                                 "stratakb_core/store/connection.py": long_module}))
    assert [(v.path, v.line, v.rule) for v in found] == [
        ("stratakb_core/ingest/sync.py", 1, "function-size"),
        ("stratakb_core/store/connection.py", 1, "module-size"),
    ], report(found)
    assert "long is 81 lines" in found[0].detail
    assert "501 lines" in found[1].detail
