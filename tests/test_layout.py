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
