"""The package layers of stratakb_core, checked from the source text alone (no imports of the package).

Layers (docs/adr/0005-layered-packages.md), and what each may import from stratakb_core:

    shared   errors, settings, values, textsafe, patterns, embedding, __init__   shared
    store    store/                                                              shared, store
    ingest   ingest/                                                             shared, store, ingest
    query    query/                                                              shared, store, query
    drivers  cli/, mcp/, evaluation/ (and pipelines/, assets/, resources/)       all of the above, but
             query only as the package itself (`from stratakb_core.query import X`)

Also: no import cycle among stratakb_core modules (imports inside functions count), nothing in
stratakb_core imports dagster, every exception class lives in errors.py under StrataError, no
module over 500 lines and no function over 80.

Every finding is one line, `path:line: rule: detail`, and the tests print them all.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CORE = "stratakb_core"
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80

SHARED_MODULES = frozenset({"errors", "settings", "values", "textsafe", "patterns", "embedding"})
PACKAGE_LAYERS = {"store": "store", "ingest": "ingest", "query": "query",
                  "cli": "drivers", "mcp": "drivers", "evaluation": "drivers"}
# Driver code outside the core (the Dagster code location): held to the query rule only.
OUTSIDE_DRIVERS = ("pipelines", "assets", "resources")
ALLOWED = {
    "shared": {"shared"},
    "store": {"shared", "store"},
    "ingest": {"shared", "store", "ingest"},
    "query": {"shared", "store", "query"},
    "drivers": {"shared", "store", "ingest", "query", "drivers"},
}
BUILTIN_EXCEPTIONS = frozenset(
    name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, BaseException)
)


@dataclass(frozen=True, order=True)
class Violation:
    path: str
    line: int
    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule}: {self.detail}"


@dataclass(frozen=True)
class Edge:
    source: str
    target: str  # a module name in the tree (a package stands for its __init__)
    line: int
    text: str  # the import as written, for messages


@dataclass
class Module:
    name: str
    path: Path
    rel: str
    tree: ast.Module
    lines: int
    is_package: bool
    bound: frozenset[str] = frozenset()  # names the module binds at its top level
    imports: list[ast.Import | ast.ImportFrom] = field(default_factory=list)  # anywhere in it
    classes: list[ast.ClassDef] = field(default_factory=list)
    functions: list[ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    external: list[tuple[str, int]] = field(default_factory=list)  # (top-level name, line)


# ---------------------------------------------------------------------------------------------
# Reading a tree
# ---------------------------------------------------------------------------------------------


def _module_name(rel: Path) -> tuple[str, bool]:
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def read_tree(root: Path, top: str) -> dict[str, Module]:
    modules: dict[str, Module] = {}
    base = root / top
    if not base.is_dir():
        return modules
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(root)
        name, is_package = _module_name(rel)
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, filename=str(path))
        module = Module(name, path, rel.as_posix(), tree, source.count("\n") + (not source.endswith("\n")),
                        is_package, _bound_names(tree))
        for node in ast.walk(tree):  # one walk: every import, class and function, at any depth
            if isinstance(node, ast.Import | ast.ImportFrom):
                module.imports.append(node)
            elif isinstance(node, ast.ClassDef):
                module.classes.append(node)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                module.functions.append(node)
        modules[name] = module
    return modules


def _bound_names(tree: ast.Module) -> frozenset[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return frozenset(names)


def _resolve(name: str, known: dict[str, Module]) -> str | None:
    """The longest prefix of a dotted name that is a module in the tree."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def _absolute(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.name.split(".")
    if not module.is_package:
        package = package[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def _imports(module: Module, known: dict[str, Module]) -> Iterator[tuple[str, int, str]]:
    """(imported dotted name, line, text) for every import anywhere in a module."""
    for node in module.imports:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, f"import {alias.name}"
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, node)
            bound = known[base].bound if base in known else frozenset()
            by_target: dict[str, list[str]] = {}
            for alias in node.names:
                # As Python resolves it: a name the package binds is the package's; otherwise a
                # submodule of that name is imported, and the edge goes to it.
                sub = f"{base}.{alias.name}"
                by_target.setdefault(sub if sub in known and alias.name not in bound else base, []).append(alias.name)
            for target, names in by_target.items():
                yield target, node.lineno, f"from {'.' * node.level}{node.module or ''} import {', '.join(names)}"


def link(modules: dict[str, Module], top: str) -> None:
    for module in modules.values():
        for name, line, text in _imports(module, modules):
            if name.split(".")[0] != top:
                module.external.append((name.split(".")[0], line))
                continue
            target = _resolve(name, modules)
            if target is not None and target != module.name:
                module.edges.append(Edge(module.name, target, line, text))


# ---------------------------------------------------------------------------------------------
# The rules
# ---------------------------------------------------------------------------------------------


def layer_of(name: str, top: str = CORE) -> str | None:
    parts = name.split(".")
    if parts[0] != top:
        return "drivers" if parts[0] in OUTSIDE_DRIVERS else None
    if len(parts) == 1:
        return "shared"  # the package's own __init__
    if parts[1] in SHARED_MODULES:
        return "shared"
    return PACKAGE_LAYERS.get(parts[1])


def check_layers(modules: dict[str, Module], top: str = CORE) -> list[Violation]:
    found: list[Violation] = []
    query = f"{top}.query"
    for module in modules.values():
        source_layer = layer_of(module.name, top)
        if source_layer is None:
            found.append(Violation(module.rel, 1, "layer", f"{module.name} belongs to no layer"))
            continue
        for edge in module.edges:
            target_layer = layer_of(edge.target, top)
            if target_layer is None:
                continue  # reported once, at the module itself
            if target_layer not in ALLOWED[source_layer]:
                found.append(Violation(module.rel, edge.line, "layer",
                                       f"{source_layer} must not import {target_layer}: `{edge.text}`"))
            elif source_layer == "drivers" and target_layer == "query" and edge.target != query:
                found.append(Violation(module.rel, edge.line, "query-surface",
                                       f"drivers import query only as `from {query} import X`: `{edge.text}`"))
        if module.name.split(".")[0] == top:
            for name, line in module.external:
                if name == "dagster" or name.startswith("dagster_"):
                    found.append(Violation(module.rel, line, "no-dagster", f"{top} never imports {name}"))
    return found


def _strongly_connected(graph: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's components of graph, iteratively (no recursion limit on long chains)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(graph[succ])))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(component)
    return components


def _cycle_through(start: str, members: set[str], edges: dict[str, list[Edge]]) -> list[Edge]:
    """A shortest path of edges from start back to start inside one component."""
    previous: dict[str, Edge] = {}
    frontier = [start]
    seen = {start}
    while frontier:
        following = []
        for node in frontier:
            for edge in edges[node]:
                if edge.target not in members:
                    continue
                if edge.target == start:
                    path = [edge]
                    while path[0].source != start:
                        path.insert(0, previous[path[0].source])
                    return path
                if edge.target not in seen:
                    seen.add(edge.target)
                    previous[edge.target] = edge
                    following.append(edge.target)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # a component of two or more always has one


def check_cycles(modules: dict[str, Module], top: str = CORE) -> list[Violation]:
    core = {name: m for name, m in modules.items() if name.split(".")[0] == top}
    edges = {name: [e for e in m.edges if e.target in core] for name, m in core.items()}
    graph = {name: sorted({e.target for e in es}) for name, es in edges.items()}
    found: list[Violation] = []
    for component in _strongly_connected(graph):
        if len(component) < 2:
            continue
        start = min(component)
        cycle = _cycle_through(start, set(component), edges)
        steps = " -> ".join(f"{e.source} ({core[e.source].rel}:{e.line})" for e in cycle)
        others = sorted(set(component) - {e.source for e in cycle})
        extra = f"; also in this knot: {', '.join(others)}" if others else ""
        found.append(Violation(core[start].rel, cycle[0].line, "import-cycle", f"{steps} -> {start}{extra}"))
    return found


def _base_name(base: ast.expr) -> str:
    if isinstance(base, ast.Attribute):
        return base.attr
    if isinstance(base, ast.Name):
        return base.id
    if isinstance(base, ast.Subscript):
        return _base_name(base.value)
    return ""


def check_exceptions(modules: dict[str, Module], top: str = CORE) -> list[Violation]:
    """Exception classes: only in errors.py, and there only under StrataError."""
    core = [m for m in modules.values() if m.name.split(".")[0] == top]
    exception_names = set(BUILTIN_EXCEPTIONS)
    grew = True
    while grew:  # a class whose base is an exception class (by name) is one too
        grew = False
        for module in core:
            for node in module.classes:
                if node.name in exception_names:
                    continue
                bases = {_base_name(b) for b in node.bases}
                if bases & exception_names or any(b.endswith(("Error", "Exception")) for b in bases):
                    exception_names.add(node.name)
                    grew = True
    found: list[Violation] = []
    errors_module = f"{top}.errors"
    for module in core:
        classes = [n for n in module.classes if n.name in exception_names]
        if module.name != errors_module:
            found.extend(Violation(module.rel, n.lineno, "exception-home",
                                   f"exception class {n.name} belongs in {top}/errors.py under StrataError")
                         for n in classes)
            continue
        tree = {"StrataError"}
        grew = True
        while grew:
            grew = False
            for n in classes:
                if n.name not in tree and {_base_name(b) for b in n.bases} & tree:
                    tree.add(n.name)
                    grew = True
        found.extend(Violation(module.rel, n.lineno, "exception-tree",
                               f"exception class {n.name} is not under StrataError")
                     for n in classes if n.name not in tree)
    return found


def check_sizes(modules: dict[str, Module], top: str = CORE) -> list[Violation]:
    found: list[Violation] = []
    for module in modules.values():
        if module.name.split(".")[0] != top:
            continue
        if module.lines > MAX_MODULE_LINES:
            found.append(Violation(module.rel, 1, "module-size",
                                   f"{module.lines} lines (at most {MAX_MODULE_LINES}; split it by concept)"))
        for node in module.functions:
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append(Violation(module.rel, node.lineno, "function-size",
                                       f"{node.name} is {length} lines (at most {MAX_FUNCTION_LINES})"))
    return found


RULES = {"layers": check_layers, "cycles": check_cycles, "exceptions": check_exceptions, "sizes": check_sizes}


def load(root: Path, top: str = CORE, outside: tuple[str, ...] = OUTSIDE_DRIVERS) -> dict[str, Module]:
    modules = read_tree(root, top)
    for folder in outside:
        modules.update(read_tree(root, folder))
    link(modules, top)
    return modules


def report(violations: list[Violation]) -> str:
    return f"{len(violations)} violation(s):\n" + "\n".join(str(v) for v in sorted(violations))


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
