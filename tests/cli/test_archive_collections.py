"""The commands that fold game after game (``import``, ``export``, ``verify FILE``,
``verify --all``) do their work with fewer young collections (``replay.heap``), and give
the thresholds back as they were."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tablelog.replay import export, jsonl, merge, verify
from tablelog.replay.heap import YOUNG, fewer_collections
from tests.cli.clitools import run


def _watching(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """The young threshold each call of ``module.name`` saw."""
    seen: list[int] = []
    inner: Callable[..., Any] = getattr(module, name)

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.get_threshold()[0])
        return inner(*args, **kwargs)

    monkeypatch.setattr(module, name, watched)
    return seen


def test_fewer_collections_inside_and_the_thresholds_back_after() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == (YOUNG, *before[1:])
    assert gc.get_threshold() == before
    with pytest.raises(KeyError), fewer_collections():
        raise KeyError("a command that fails")
    assert gc.get_threshold() == before


def test_the_archive_commands_fold_with_fewer_collections(
    club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = CliRunner(env={"TABLELOG_DB": str(club)})
    before = gc.get_threshold()
    file = tmp_path / "club.jsonl"
    run(runner, "export", "--all", "-o", file)

    exported = _watching(monkeypatch, export, "history")
    run(runner, "export", "--all", "--format", "text", "-o", tmp_path / "club.txt")
    checked = _watching(monkeypatch, jsonl, "verify_parsed")
    run(runner, "verify", file, "--json")
    stored = _watching(monkeypatch, verify, "verify_game")
    run(runner, "verify", "--all", "--json")
    imported = _watching(monkeypatch, merge, "import_stream")
    fresh = CliRunner(env={"TABLELOG_DB": str(tmp_path / "copy.db")})
    run(fresh, "import", file)

    for seen in (exported, checked, stored, imported):
        assert seen and set(seen) == {YOUNG}
    assert gc.get_threshold() == before
