"""No module imports another module's private name (``_filters``): what two modules share
is made public in one place (``cli/selection.py`` for ``list``, ``stats`` and ``export``)."""

from __future__ import annotations

import ast

from tests.test_layering import ROOT, project_files


def test_no_module_imports_a_private_name_of_another() -> None:
    found = []
    for name, path in project_files(ROOT).items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            if not node.level and not (node.module or "").startswith("tablelog"):
                continue  # another package's; ``from .x import`` is the project's too
            source = "." * node.level + (node.module or "")
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{name} imports {alias.name} from {source}")
    assert found == []
