"""No import cycles in the package, counting imports inside functions too: a module that needs
another lazily still depends on it, and a cycle (the version via the package's front door, the
builder and the floors) made the layers impossible to read in order."""
from __future__ import annotations

import ast
from pathlib import Path

import shapeworldice

PACKAGE = Path(shapeworldice.__file__).parent


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ["shapeworldice", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    module = f"{target}.{alias.name}"
                    graph[name].add(module if module in modules else target)
            elif isinstance(node, ast.Import):
                graph[name].update(alias.name for alias in node.names)
        graph[name] &= set(modules)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_package_has_no_import_cycle():
    assert _cycles(_graph(_modules())) == []


def test_the_cycle_finder_finds_one():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


#: the layers, lowest first: a package may import its own layer or lower ones, never a higher one
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors", "_version", "resources", "safe_read", "run_folders", "safe_write", "storage",
               "workers", "engine", "api_types", "progress"}),
    frozenset({"world"}),
    frozenset({"render"}),
    frozenset({"semantics"}),
    frozenset({"captions"}),
    frozenset({"grammar"}),
    frozenset({"interpret"}),
    frozenset({"ace_process", "parsing", "reasons"}),
    frozenset({"data"}),
    frozenset({"metrics"}),
    frozenset({"evaluation"}),
    frozenset({"training"}),
    frozenset({"vlm"}),
    frozenset({"commands"}),
    frozenset({"cli", "__main__", "shapeworldice"}),
)


def _floor(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _layer(package: str) -> int:
    for i, members in enumerate(LAYERS):
        if package in members:
            return i
    raise AssertionError(f"package {package!r} is in no layer of LAYERS: place it")


def test_no_import_runs_up_the_layers():
    """The layout shows the data flow: world → render → captions → realise; text → parse →
    semantics → truth; metrics; evaluation; training; the commands and the CLI on top. An import of
    a higher layer (even inside a function) is an arrow back up, and makes the layers unreadable."""
    graph = _graph(_modules())
    upward = sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets
                    if _layer(_floor(b)) > _layer(_floor(a)))
    assert upward == []


def test_no_cycle_between_packages():
    graph: dict[str, set[str]] = {}
    for a, targets in _graph(_modules()).items():
        graph.setdefault(_floor(a), set()).update(_floor(b) for b in targets if _floor(b) != _floor(a))
    for targets in list(graph.values()):
        for t in targets:
            graph.setdefault(t, set())
    assert _cycles(graph) == []


def test_no_module_is_imported_by_name_at_run_time():
    """``importlib.import_module`` hides an import from the checks above: the package uses plain
    imports only (optional third-party libraries excepted, which are not ours)."""
    offenders = [str(path.relative_to(PACKAGE)) for path in _modules().values()
                 if any(isinstance(node, ast.Call) and "import_module" in ast.unparse(node.func)
                        and "shapeworldice" in ast.unparse(node) or "__package__" in ast.unparse(node)
                        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                        if isinstance(node, ast.Call))]
    assert offenders == []
