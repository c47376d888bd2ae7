"""Imports flow one way: ``cli`` → ``replay`` → (``ledger``, ``rules``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "ledger", "replay", "cli")
FORBIDDEN = {
    "rules": {"ledger", "replay", "cli"},
    "ledger": {"rules", "replay", "cli"},
    "replay": {"cli"},
    "cli": set(),
}


def layer(name: str) -> str:
    """The layer (or outside package) a dotted module name belongs to: ``tablelog.rules.x``
    is ``rules``; ``os.path`` is ``os``."""
    parts = name.split(".")
    return parts[1] if parts[0] == "tablelog" and len(parts) > 1 else parts[0]


def imported_packages(path: Path, package: str) -> set[str]:
    """The layers and packages a module imports (relative imports count as its own)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(layer(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.add(package)
            elif node.module:
                found.add(layer(node.module))
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(layer(node.args[0].value))
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_flow_one_way(package: str):
    modules = sorted((ROOT / package).glob("**/*.py"))
    assert modules, f"no modules under {ROOT / package}"
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path, package) & FORBIDDEN[package])
        for path in modules
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_the_packages_do_use_each_other_as_drawn():
    """The check reads real imports: replay does import ledger and rules, cli imports replay."""
    used = {
        package: set().union(
            *(imported_packages(p, package) for p in (ROOT / package).glob("**/*.py"))
        )
        for package in PACKAGES
    }
    assert {"ledger", "rules"} <= used["replay"]
    assert "replay" in used["cli"]


def test_the_check_sees_every_kind_of_import(tmp_path: Path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\n"
        "import tablelog.cli.main as m\n"
        "from tablelog.replay.fold import fold\n"
        "from . import sibling\n"
        "import importlib\n"
        "importlib.import_module('tablelog.ledger.store')\n"
        "def f():\n"
        "    from tablelog.rules import registry\n"
    )
    assert imported_packages(sample, "mine") == {
        "os", "cli", "replay", "mine", "importlib", "ledger", "rules"
    }  # fmt: skip
