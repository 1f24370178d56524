"""The architecture checker: the package layers of stratakb_core, read from the source with `ast` (reads files).

Nothing of the package is imported, so a broken import cannot hide a finding and the check runs
in well under a second. tests/unit/test_architecture.py runs it on the repository and on small
trees that show each rule firing.

Layers (docs/adr/0005-layered-packages.md), and what each may import from stratakb_core:

    shared   errors, settings, values, textsafe, patterns, labels, embedding, __init__   shared
    store    store/                                                              shared, store
    ingest   ingest/                                                             shared, store, ingest
    query    query/                                                              shared, store, query
    drivers  cli/, mcp/, evaluation/ (and pipelines/, assets/, resources/)       all of the above, but
             query only as the package itself (`from stratakb_core.query import X`)

Also: no import cycle among stratakb_core modules (imports inside functions count), nothing in
stratakb_core imports dagster, every exception class lives in errors.py under StrataError, no
module over 500 lines and no function over 80.

Every finding is a Violation, printed as one line `path:line: rule: detail`.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

CORE = "stratakb_core"
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80

SHARED_MODULES = frozenset({"errors", "settings", "values", "textsafe", "patterns", "labels", "embedding"})
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
