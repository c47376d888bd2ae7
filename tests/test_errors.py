"""Every error class maps to its documented exit status, by its type alone.

The classes are found by walking the subclasses of ``Exception`` after importing every
module of the project, never from a list of names; their documented statuses are the
table of docs/architecture.md ("Errors"). A command maps an error to a status through
``tablelog.errors``' three roots, so a class's name plays no part (and no name of an error
class appears as a string in cli/errors.py).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import tablelog
from tablelog.cli.errors import INTERNAL, Guarded, exit_status
from tablelog.errors import InvalidInput, Refusal, StorageError, TablelogError

ROOT = Path(__file__).resolve().parents[1]
KINDS = {Refusal: 1, InvalidInput: 2, StorageError: 1}
"""The three roots and the exit status each means (tablelog/errors.py)."""


def every_module() -> list[str]:
    """The dotted names of every module of the installed project."""
    names = ["tablelog"]
    for info in pkgutil.walk_packages(tablelog.__path__, "tablelog."):
        if info.name.rpartition(".")[2] != "__main__":  # importing one runs the command
            names.append(info.name)
    return names


def project_exceptions() -> list[type[BaseException]]:
    """Every exception class defined in the project, found by a subclass walk."""
    for name in every_module():
        importlib.import_module(name)
    found: dict[type[BaseException], None] = {}
    stack: list[type[BaseException]] = [Exception]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            if sub not in found:
                found[sub] = None
                stack.append(sub)
    return sorted(
        (c for c in found if c.__module__.split(".")[0] == "tablelog"),
        key=lambda c: (c.__module__, c.__qualname__),
    )


CLASSES = project_exceptions()
ERRORS = [c for c in CLASSES if issubclass(c, TablelogError)]


def kinds_of(cls: type[BaseException]) -> list[type[TablelogError]]:
    return [kind for kind in KINDS if issubclass(cls, kind)]


def raised_names() -> set[str]:
    """Every name called anywhere in the project's source (``raise X(...)``, ``X(...)``)."""
    called: set[str] = set()
    for package in ("rules", "ledger", "replay", "cli", "tablelog"):
        for path in (ROOT / package).glob("**/*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    func = node.func
                    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                    called.add(name)
    return called


def documented() -> dict[str, int]:
    """The table of docs/architecture.md: error class → exit status."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([A-Za-z_.]+)` \| `([a-z_.]+)` \| [^|]+ \| ([123]) \|$", text, re.M)
    return {f"{module}.{name}": int(status) for name, module, status in rows}


def qualified(cls: type[BaseException]) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def instance(cls: type[BaseException], message: str = "a sentence") -> BaseException:
    """An instance with ``message``, whatever the class's own constructor asks."""
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    return error


def test_the_walk_finds_the_errors_of_every_layer():
    layers = {c.__module__.split(".")[1] for c in ERRORS if "." in c.__module__}
    assert {"rules", "ledger", "replay"} <= layers
    assert len(ERRORS) >= 20


@pytest.mark.parametrize("cls", CLASSES, ids=qualified)
def test_every_exception_class_is_one_of_the_kinds_or_stays_inside(cls):
    """A public error is a ``TablelogError``, or the CLI's own answer (a click exception);
    a private one (``_Name``) is a signal caught inside its own module."""
    if issubclass(cls, TablelogError | click.ClickException):
        return
    assert cls.__name__.startswith("_"), f"{qualified(cls)} is not a TablelogError"
    path = ROOT / cls.__module__.split(".", 1)[1].replace(".", "/")
    source = path.with_suffix(".py").read_text(encoding="utf-8")
    caught = {
        getattr(name, "id", None)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ExceptHandler) and node.type is not None
        for name in (node.type.elts if isinstance(node.type, ast.Tuple) else [node.type])
    }
    assert cls.__name__ in caught, f"{qualified(cls)} is never caught in its module"


@pytest.mark.parametrize("cls", ERRORS, ids=qualified)
def test_every_error_is_exactly_one_kind_or_never_raised(cls):
    """A base that is none of the kinds (``TablelogError``, the ledger's root) is never
    raised or made: every error that reaches a command has exactly one meaning."""
    kinds = kinds_of(cls)
    if cls in KINDS:
        return
    if not kinds:
        assert cls.__name__ not in raised_names(), f"{qualified(cls)} is made but has no kind"
        assert cls.__subclasses__(), f"{qualified(cls)} has no kind and no subclass"
    else:
        assert len(kinds) == 1, f"{qualified(cls)} is {kinds}"


@pytest.mark.parametrize("cls", ERRORS, ids=qualified)
def test_every_error_maps_to_its_documented_exit_status(cls):
    table = documented()
    if not kinds_of(cls):
        assert exit_status(instance(cls)) == INTERNAL  # never raised (test above)
        return
    assert qualified(cls) in table, f"docs/architecture.md does not list {qualified(cls)}"
    assert exit_status(instance(cls)) == table[qualified(cls)]
    (kind,) = kinds_of(cls)
    assert table[qualified(cls)] == KINDS[kind]


def test_the_documented_table_names_only_classes_that_exist():
    assert set(documented()) == {qualified(c) for c in ERRORS if kinds_of(c)}


def run_raising(error: BaseException, *args: str):
    """Run a one-command ``Guarded`` group whose command raises ``error``."""

    @click.group(cls=Guarded)
    def group() -> None:
        pass

    @group.command()
    @click.option("--json", "as_json", is_flag=True)
    def boom(as_json: bool) -> None:
        raise error

    return CliRunner().invoke(group, ["boom", *args])


@pytest.mark.parametrize("cls", [c for c in ERRORS if kinds_of(c)], ids=qualified)
def test_a_command_exits_with_the_documented_status_in_one_line(cls):
    status = documented()[qualified(cls)]
    result = run_raising(instance(cls, "the rule it breaks"))
    assert result.exit_code == status
    assert "the rule it breaks" in result.output and "Traceback" not in result.output
    if issubclass(cls, StorageError):
        assert "nothing was written" in result.output
    as_json = run_raising(instance(cls, "the rule it breaks"), "--json")
    assert as_json.exit_code == status and f'"exit": {status}' in as_json.output


@pytest.mark.parametrize("error", [RuntimeError("x"), KeyError(4), AssertionError("y")])
def test_anything_else_is_an_internal_error(error):
    result = run_raising(error)
    assert result.exit_code == INTERNAL
    assert "internal error" in result.output


@pytest.mark.parametrize("kind", list(KINDS), ids=lambda k: k.__name__)
def test_a_new_class_of_any_name_maps_by_its_kind(kind):
    """A class the CLI has never heard of, of a made-up name, maps by its root alone."""
    made_up = type("Zq" + kind.__name__[::-1], (kind, ValueError), {})
    assert exit_status(made_up("x")) == KINDS[kind]
    assert run_raising(made_up("x")).exit_code == KINDS[kind]


def test_the_cli_holds_no_error_class_name_as_text():
    names = {c.__name__ for c in CLASSES}
    tree = ast.parse((ROOT / "cli" / "errors.py").read_text(encoding="utf-8"))
    prose = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    exported = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__"
    ]
    skipped = prose | {id(c) for value in exported for c in ast.walk(value)}
    strings = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped  # docstrings may name a class, and __all__ its own
    }
    words = {w for s in strings for w in re.findall(r"[A-Za-z_]+", s)}
    assert not (words & names) - {"Exception"}


def test_refused_and_garbled_are_different_roots():
    from tablelog.rules.errors import NotationError, RefusedMove

    assert not issubclass(RefusedMove, NotationError)
    assert kinds_of(RefusedMove) == [Refusal] and kinds_of(NotationError) == [InvalidInput]
