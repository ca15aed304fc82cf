"""What setup.py compiles, read the way setup.py reads it: the .py files of its PURE folders."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pure_folders() -> list[str]:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "PURE":
            return list(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no PURE tuple")


def pure_modules() -> list[Path]:
    return [p for f in pure_folders() for p in sorted((ROOT / "riichi_cli" / f).glob("*.py"))]


def compiled_modules() -> list[str]:
    out = []
    for p in pure_modules():
        first = p.read_text(encoding="utf-8").split("\n", 1)[0]
        if p.name != "__init__.py" and "mypyc: skip" not in first:
            out.append(str(p.relative_to(ROOT)))
    return out
