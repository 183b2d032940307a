"""The core imports nothing outside the standard library (STYLE.md: the arrows point inward)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import majiang

SRC = Path(majiang.__file__).parent
#: packages and modules at the edge, allowed to use third-party libraries
EDGE = {"cli.py", "commands", "server", "web", "render", "bots", "records", "env"}
#: the third-party packages each edge package may import beyond the standard library
EDGE_IMPORTS = {"env": {"numpy", "gymnasium", "pettingzoo"}}


def _core_files() -> list[Path]:
    out = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC)
        if rel.parts[0] in EDGE:
            continue
        out.append(path)
    return out


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_core_imports_only_stdlib_and_itself() -> None:
    files = _core_files()
    assert any(p.name == "tiles.py" for p in files)
    allowed = set(sys.stdlib_module_names) | {"majiang", "__future__"}
    offenders = {str(p.relative_to(SRC)): sorted(_imports(p) - allowed) for p in files}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_core_never_imports_the_edge() -> None:
    for path in _core_files():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                parts = node.module.split(".")
                if parts[0] == "majiang" and len(parts) > 1:
                    assert parts[1] not in {
                        "cli",
                        "commands",
                        "server",
                        "web",
                        "render",
                        "bots",
                        "records",
                        "env",
                    }, f"{path} imports {node.module}"


def _majiang_imports(path: Path) -> set[str]:
    """Return the ``majiang`` modules a file imports, anywhere in it (inside functions too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return {n for n in names if n.split(".")[0] == "majiang"}


def test_rules_never_import_the_engine() -> None:
    """The rule families are what the engine consults: none of them imports it."""
    rules = sorted((SRC / "rules").rglob("*.py"))
    assert any(p.parent.name == "riichi" for p in rules)
    offenders = {
        str(p.relative_to(SRC)): sorted(
            n
            for n in _majiang_imports(p)
            if n == "majiang.engine" or n.startswith("majiang.engine.")
        )
        for p in rules
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_env_imports_only_its_extra() -> None:
    """majiang.env needs the ``[rl]`` extra and nothing more (pyproject.toml)."""
    files = list((SRC / "env").rglob("*.py"))
    assert any(p.name == "aec.py" for p in files)
    allowed = set(sys.stdlib_module_names) | {"majiang", "__future__"} | EDGE_IMPORTS["env"]
    offenders = {str(p.relative_to(SRC)): sorted(_imports(p) - allowed) for p in files}
    assert {k: v for k, v in offenders.items() if v} == {}
