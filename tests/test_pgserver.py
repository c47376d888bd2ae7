"""The throwaway PostgreSQL server's helpers find their tools where distributions put them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import pgserver


def test_runuser_is_found_in_the_system_directories_without_them_on_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A PATH without /usr/sbin (a login shell's, a CI image's) still finds runuser
    (issue 25: `FileNotFoundError: 'runuser'`)."""
    sbin = tmp_path / "sbin"
    sbin.mkdir()
    tool = sbin / "runuser"
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(pgserver, "SYSTEM_DIRS", (str(sbin),))
    assert pgserver.find_runuser() == str(tool)


def test_a_missing_runuser_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(pgserver, "SYSTEM_DIRS", (str(tmp_path),))
    with pytest.raises(RuntimeError, match="install util-linux"):
        pgserver.find_runuser()
