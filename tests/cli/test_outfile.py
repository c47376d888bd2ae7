"""``export -o PATH`` writes a temporary file beside PATH and renames it over PATH only
when the export succeeded: a failure leaves whatever PATH was as it was (issue 25, case 2:
a failed export removed PATH, an existing file or a device node alike)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.cli.clitools import NEW, run


@pytest.fixture
def runner(db: Path) -> CliRunner:
    runner = CliRunner(env={"TABLELOG_DB": str(db)})
    run(runner, *NEW, "--seed", "1")
    run(runner, *NEW, "--seed", "2")
    return runner


def test_a_failed_export_leaves_an_existing_file_as_it_was(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablelog.replay import jsonl

    def failing(ledger: object, game: int) -> Iterator[str]:
        yield '{"half": "a line"}'
        raise jsonl.RefusedImport("the second game cannot be read")

    monkeypatch.setattr(jsonl, "export_lines", failing)
    target = tmp_path / "evening.jsonl"
    target.write_text("last week's export\n", encoding="utf-8")
    result = run(runner, "export", "--all", "-o", target, code=1)
    assert "the second game cannot be read" in result.output
    assert target.read_text(encoding="utf-8") == "last week's export\n"
    assert not list(tmp_path.glob(".*partial"))
    monkeypatch.undo()
    target.chmod(0o640)
    run(runner, "export", "--all", "-o", target)  # replaced, keeping its mode
    assert target.read_text(encoding="utf-8").count("\n") > 2
    assert target.stat().st_mode & 0o777 == 0o640


def test_a_full_device_is_a_storage_fault_naming_the_path_and_is_not_removed(
    runner: CliRunner, tmp_path: Path
) -> None:
    """`export --all -o fulldev` (a link to /dev/full) said "cannot use the file: No space
    left on device", exit 2, and removed the link; a full disk is a storage fault (exit 1)."""
    link = tmp_path / "fulldev"
    link.symlink_to("/dev/full")
    result = run(runner, "export", "--all", "-o", link, code=1)
    assert f"cannot write jsonl to {link}: No space left on device" in result.output
    assert f"{link} is left as it was" in result.output
    assert link.is_symlink() and os.readlink(link) == "/dev/full"
