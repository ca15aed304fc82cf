"""The tree is the architecture: pure folders stay pure, and no layer imports a higher one."""

from __future__ import annotations

import ast

import pytest
from layout import ROOT, pure_modules

#: Lower layers first; a module may import its own layer and the ones before it.
LAYERS = ["core", "io", "analysis", "settle", "logs", "api", "files", "cli"]
FORBIDDEN_IMPORTS = {"click", "rich", "yaml", "os", "subprocess", "pathlib", "shutil", "socket"}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval"}


def imports(path) -> list[tuple[str, int]]:
    """(module name, relative level) of every import in a file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(a.name, 0) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append((node.module or "", node.level))
    return out


@pytest.mark.parametrize("path", pure_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_modules_do_no_io(path):
    for name, level in imports(path):
        if level == 0:
            assert name.split(".")[0] not in FORBIDDEN_IMPORTS, f"{path.name} imports {name}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "sys":
            assert node.attr not in {"stdin", "stdout", "stderr"}, f"{path.name} uses sys.{node.attr}"


def layer_of(parts: tuple[str, ...]) -> int:
    top = parts[0].removesuffix(".py")
    return LAYERS.index(top) if top in LAYERS else len(LAYERS)


@pytest.mark.parametrize(
    "path", sorted((ROOT / "riichi_cli").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_no_import_reaches_up(path):
    parts = path.relative_to(ROOT / "riichi_cli").parts
    if len(parts) == 1:
        return  # the package's own entry points (__init__, __main__, api) may use every layer
    mine = layer_of(parts)
    pkg = list(parts[:-1])
    for name, level in imports(path):
        if level == 0:
            if name.startswith("riichi_cli."):
                target = tuple(name.split(".")[1:])
            else:
                continue
        else:
            base = pkg[: len(pkg) - (level - 1)] if level > 1 else pkg
            target = tuple(base + (name.split(".") if name else []))
        if not target:
            continue
        assert layer_of(target) <= mine, f"{'/'.join(parts)} imports {'.'.join(target)} from a higher layer"


def module_of(path) -> str:
    """The dotted name of a module file (a package by its ``__init__``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path, known: set[str]) -> set[str]:
    """The package's modules a file imports, at the top or inside a function (a lazy import
    closes a cycle as surely as an eager one), resolved the way Python resolves them."""
    me = module_of(path).split(".")
    pkg = me if path.name == "__init__.py" else me[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            bases = [a.name for a in node.names]
            names: list[str] = []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg[: len(pkg) - (node.level - 1)]
                bases = [".".join(base + ([node.module] if node.module else []))]
            else:
                bases = [node.module or ""]
            names = [a.name for a in node.names]
        else:
            continue
        for base in bases:
            subs = [f"{base}.{n}" for n in names if f"{base}.{n}" in known]
            out.update(subs or ([base] if base in known else []))
    return out


def test_no_import_cycle():
    files = sorted((ROOT / "riichi_cli").rglob("*.py"))
    known = {module_of(p) for p in files}
    graph = {module_of(p): imported_modules(p, known) - {module_of(p)} for p in files}
    state: dict[str, int] = {}  # 1 on the current path, 2 done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for nxt in sorted(graph[name]):
            assert state.get(nxt) != 1, "import cycle: " + " -> ".join(path[path.index(nxt) :] + [name, nxt])
            if nxt not in state:
                visit(nxt, path + [name])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [])
