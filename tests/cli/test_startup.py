"""Start-up: a command imports only what it uses (every keystroke at the table pays it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HEAVY = (
    "hypothesis",
    "sqlite_utils",
    "rich",
    "platformdirs",
    "tablelog.replay.kit",
    "tablelog.replay.jsonl",
    "prompt_toolkit",
    "psycopg",
    "psycopg_pool",
)

PROBE = """
import json, sys
from tablelog.cli.main import cli
try:
    cli.main(args=sys.argv[1:], prog_name="tablelog", standalone_mode=False)
except SystemExit:
    pass
heavy = {heavy!r}
games = ("tablelog.rules.karnoffel", "tablelog.rules.nordekasino")
print(json.dumps(sorted(m for m in heavy + games if m in sys.modules)))
"""


def loaded_by(*args: str, db: Path) -> list[str]:
    """The heavy or game modules that running ``tablelog ARGS`` imported."""
    code = PROBE.format(heavy=HEAVY)
    done = subprocess.run(
        [sys.executable, "-c", code, "--db", str(db), *args],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_importing_the_cli_loads_no_heavy_module(tmp_path: Path) -> None:
    code = f"import sys, cli.main; print([m for m in {HEAVY!r} if m in sys.modules])"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_play_and_show_load_only_their_own_game(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    new = ["new", "karnoffel", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--seed", "1"]
    subprocess.run(
        [sys.executable, "-m", "tablelog", "--db", str(db), *new],
        check=True,
        capture_output=True,
    )
    moves = subprocess.run(
        [sys.executable, "-m", "tablelog", "--db", str(db), "moves", "last", "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    first = json.loads(moves.stdout)["moves"][0]["notation"]
    assert loaded_by("play", "last", first, db=db) == ["tablelog.rules.karnoffel"]
    assert loaded_by("show", "last", "--json", db=db) == ["tablelog.rules.karnoffel"]
    assert loaded_by("show", "last", db=db) == ["tablelog.rules.karnoffel"]  # the picture: no rich


UNUSED_BY_SHOW = ("shutil", "json", "difflib", "random")
"""Standard modules ``show`` (the picture) has no use for: each cost a millisecond or two
of every start-up (shutil brings the archive modules; json is for ``--json``)."""

SHOW_PROBE = """
import sys
from tablelog.cli.main import cli
try:
    cli.main(args=sys.argv[1:], prog_name="tablelog", standalone_mode=False)
except SystemExit:
    pass
print(repr(sorted(m for m in {unused!r} if m in sys.modules)))
"""


def test_show_imports_no_standard_module_it_does_not_use(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    new = ["new", "narrespillet", "-p", "A", "-p", "B", "-p", "C", "--seed", "1"]
    subprocess.run(
        [sys.executable, "-m", "tablelog", "--db", str(db), *new], check=True, capture_output=True
    )
    code = SHOW_PROBE.format(unused=UNUSED_BY_SHOW)
    done = subprocess.run(
        [sys.executable, "-c", code, "--db", str(db), "show", "last"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "game 1" in done.stdout  # the picture was drawn
    assert done.stdout.strip().splitlines()[-1] == "[]"
