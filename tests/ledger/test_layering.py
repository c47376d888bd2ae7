"""``ledger/`` stores bytes and events: it never imports ``rules``, ``replay`` or ``cli``."""

from __future__ import annotations

import ast
from pathlib import Path

LEDGER = Path(__file__).resolve().parents[2] / "ledger"
FORBIDDEN = {"rules", "replay", "cli"}


def _layer(name: str) -> str:
    parts = name.split(".")
    return parts[1] if parts[0] == "tablelog" and len(parts) > 1 else parts[0]


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(_layer(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(_layer(node.module))
    return found


def test_ledger_never_imports_rules_replay_or_cli() -> None:
    modules = sorted(LEDGER.glob("**/*.py"))
    assert len(modules) >= 7, f"expected the ledger's modules under {LEDGER}"
    offenders = {
        str(path.relative_to(LEDGER)): sorted(imported_packages(path) & FORBIDDEN)
        for path in modules
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_the_check_sees_forbidden_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\nfrom tablelog.rules.cards import Card\nimport tablelog.replay.fold as f\n"
    )
    assert imported_packages(sample) & FORBIDDEN == {"rules", "replay"}
