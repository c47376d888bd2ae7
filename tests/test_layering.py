"""Imports flow one way, ``cli`` → ``replay`` → (``ledger``, ``rules``), and no module
imports itself back through others.

The check reads every import of every module: at the top, inside functions (a lazy
import to keep start-up cheap is still an import), ``importlib.import_module("...")`` and
any other string constant that names a module of the project (the CLI's lazy commands,
``"tablelog.cli.histories:export"``). From them it builds the graph of modules and fails
on an arrow against the layers and on any cycle between modules. ``tablelog/errors.py``,
the error roots, is the one shared leaf: every layer may import it, and it imports nothing
of the project.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("rules", "ledger", "replay", "cli")
SHARED_LEAF = "tablelog.errors"
"""The module every layer may import; it imports nothing of the project."""
ALLOWED = {
    "rules": {"rules"},
    "ledger": {"ledger"},
    "replay": {"replay", "ledger", "rules"},
    "cli": {"cli", "replay", "ledger", "rules"},
    "tablelog": {"tablelog", "cli"},  # the namespace package and ``python -m tablelog``
}
"""Which layers a layer's modules may import (besides the shared leaf)."""

_MODULE_TEXT = re.compile(r"tablelog(\.\w+)+(:\w+)?")


def project_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project by dotted name (``tablelog.rules.cards``)."""
    files = {}
    for layer in LAYERS:
        for path in sorted((root / layer).glob("**/*.py")):
            files[module_name(path.relative_to(root))] = path
    for path in sorted((root / "tablelog").glob("*.py")):
        files[module_name(path.relative_to(root))] = path
    return files


def module_name(relative: Path) -> str:
    parts = list(relative.with_suffix("").parts)
    if parts[0] != "tablelog":
        parts.insert(0, "tablelog")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The project's modules that module ``name`` (the file ``path``) imports, anywhere
    in it. ``from P import m`` imports the module ``P.m`` when there is one, else ``P``."""
    modules = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()

    def add(target: str) -> None:
        while target and target not in modules:  # ``tablelog.rules.cards.Card`` → module
            target = target.rpartition(".")[0]
        if target:
            found.add(target)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in modules else base)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _MODULE_TEXT.fullmatch(node.value)
            and node.value.partition(":")[0] in modules
        ):  # import_module("tablelog.ledger.store"), "tablelog.cli.histories:export"
            found.add(node.value.partition(":")[0])
    found.discard(name)
    return found


def module_graph(files: Mapping[str, Path]) -> dict[str, set[str]]:
    """Each module → the project's modules it imports."""
    return {name: imports_of(name, path, files) for name, path in files.items()}


def layer(module: str) -> str:
    """``tablelog.rules.cards`` → ``rules``; the namespace's own modules → ``tablelog``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "tablelog"


def against_the_layers(graph: Mapping[str, set[str]]) -> list[str]:
    """Every import that goes against the layers, as ``importer → imported``."""
    bad = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if target == SHARED_LEAF:
                continue
            if module == SHARED_LEAF or layer(target) not in ALLOWED[layer(module)]:
                bad.append(f"{module} → {target}")
    return bad


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted:
    a set of modules that import each other, directly or through others."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def one_cycle(graph: Mapping[str, set[str]], component: list[str]) -> list[str]:
    """One closed path through ``component`` (for the message): A → B → … → A."""
    members = set(component)
    start = component[0]
    path, seen = [start], {start}
    while True:
        nxt = sorted(t for t in graph[path[-1]] if t in members)
        back = [t for t in nxt if t == start]
        if back and len(path) > 1:
            return [*path, start]
        step = next((t for t in nxt if t not in seen), None)
        if step is None:
            return [*path, start]
        path.append(step)
        seen.add(step)


GRAPH = module_graph(project_files())


def test_the_graph_reads_every_layer():
    assert {layer(m) for m in GRAPH} == {*LAYERS, "tablelog"}
    assert len(GRAPH) > 100


@pytest.mark.parametrize("package", LAYERS)
def test_imports_flow_one_way(package: str):
    modules = {m: t for m, t in GRAPH.items() if layer(m) == package}
    assert against_the_layers(modules) == []


def test_the_shared_leaf_imports_nothing_of_the_project():
    assert GRAPH[SHARED_LEAF] == set()


def test_no_module_imports_itself_through_others():
    found = cycles(GRAPH)
    assert [" → ".join(one_cycle(GRAPH, c)) for c in found] == []


def test_the_packages_do_use_each_other_as_drawn():
    """The check reads real imports: replay does import ledger and rules, cli imports
    replay, and every layer imports the shared leaf."""
    used: dict[str, set[str]] = {}
    for module, targets in GRAPH.items():
        used.setdefault(layer(module), set()).update(layer(t) for t in targets)
    assert {"ledger", "rules"} <= used["replay"]
    assert "replay" in used["cli"]
    assert all(
        SHARED_LEAF in set().union(*(GRAPH[m] for m in GRAPH if layer(m) == p)) for p in LAYERS
    )


def plant(tmp_path: Path, files: Mapping[str, str]) -> dict[str, set[str]]:
    """The graph of a small tree written under ``tmp_path``: the ``files`` given, and an
    empty ``__init__.py`` in each layer's folder where none is given."""
    inits = {f"{layer_name}/__init__.py": "" for layer_name in LAYERS}
    for relative, text in {**inits, **files}.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "tablelog").mkdir(exist_ok=True)
    return module_graph(project_files(tmp_path))


def test_the_check_sees_every_kind_of_import(tmp_path: Path):
    graph = plant(
        tmp_path,
        {
            "rules/cards.py": "",
            "rules/zones.py": "from . import cards\nfrom .cards import Card\n",
            "ledger/store.py": "",
            "replay/fold.py": "",
            "cli/main.py": (
                "import os\n"
                "import tablelog.replay.fold as f\n"
                "from tablelog.rules import cards\n"
                "import importlib\n"
                "importlib.import_module('tablelog.ledger.store')\n"
                "LAZY = {'x': 'tablelog.rules.zones:zone'}\n"
                "def f():\n"
                "    from tablelog.rules.cards import Card\n"
                "    from tablelog.replay import fold\n"
            ),
        },
    )
    assert graph["tablelog.cli.main"] == {
        "tablelog.replay.fold", "tablelog.rules.cards", "tablelog.ledger.store",
        "tablelog.rules.zones",
    }  # fmt: skip
    assert graph["tablelog.rules.zones"] == {"tablelog.rules.cards"}


def test_the_check_catches_a_planted_cycle_hidden_in_a_function(tmp_path: Path):
    graph = plant(
        tmp_path,
        {
            "rules/a.py": "from tablelog.rules.b import f\n",
            "rules/b.py": "def f():\n    from tablelog.rules.c import g\n",
            "rules/c.py": "def g():\n    import tablelog.rules.a\n",
            "rules/d.py": "from tablelog.rules import a\n",
        },
    )
    found = cycles(graph)
    assert found == [["tablelog.rules.a", "tablelog.rules.b", "tablelog.rules.c"]]
    assert one_cycle(graph, found[0]) == [
        "tablelog.rules.a", "tablelog.rules.b", "tablelog.rules.c", "tablelog.rules.a"
    ]  # fmt: skip


def test_the_check_catches_an_arrow_against_the_layers(tmp_path: Path):
    graph = plant(
        tmp_path,
        {
            "tablelog/errors.py": "",
            "rules/__init__.py": "from tablelog.errors import Refusal\n",
            "ledger/__init__.py": "def f():\n    from tablelog.rules import cards\n",
            "rules/cards.py": "",
            "replay/__init__.py": "import tablelog.cli\n",
            "cli/__init__.py": "from tablelog.replay import x\n",
        },
    )
    assert against_the_layers(graph) == [
        "tablelog.ledger → tablelog.rules.cards",
        "tablelog.replay → tablelog.cli",
    ]
