"""The installed ``tablelog`` console script runs as a program of its own."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers import PLAYERS

TABLELOG = shutil.which("tablelog")


def tablelog(*args: str) -> subprocess.CompletedProcess[str]:
    assert TABLELOG is not None
    return subprocess.run(
        [TABLELOG, *args], capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.skipif(
    TABLELOG is None,
    reason="the `tablelog` console script is not on PATH: install the package "
    "(`pip install -e .`) to run this test",
)
def test_the_console_script_creates_and_shows_a_game(db: Path):
    players = [arg for name in PLAYERS for arg in ("-p", name)]
    created = tablelog("--db", str(db), "new", "karnoffel", *players, "--seed", "3", "--json")
    assert created.returncode == 0, created.stderr
    game = json.loads(created.stdout)
    assert game["game"] == 1 and game["seq"] == 1

    shown = tablelog("--db", str(db), "show", "last", "--json")
    assert shown.returncode == 0, shown.stderr
    data = json.loads(shown.stdout)
    assert (data["game"], data["rules"], data["over"]) == (1, "karnoffel", False)
    assert data["head"] == game["head"]
    assert db.exists()

    refused = tablelog("--db", str(db), "play", "last", "xyzzy")
    assert refused.returncode == 2
    assert "'xyzzy' is not a card" in refused.stderr
    assert "Traceback" not in refused.stderr
