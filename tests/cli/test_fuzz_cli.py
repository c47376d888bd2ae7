"""``tablelog fuzz`` as a person runs it: a random seed printed, Ctrl-C an interruption
(exit status 130, nothing saved), no ``.hypothesis/`` left in the working directory."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

if os.environ.get("CI"):
    import pexpect  # under CI the terminal test runs, or fails: it never skips
else:
    pexpect = pytest.importorskip("pexpect", reason="pexpect (in the test extra) is missing")


def _env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "TERM": "xterm-256color", "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    return env


@pytest.mark.parametrize("mode", [[], ["--campaign"]], ids=["hypothesis", "campaign"])
def test_ctrl_c_is_an_interruption_that_saves_nothing(tmp_path: Path, mode: list[str]):
    work = tmp_path / "work"
    work.mkdir()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tablelog", "fuzz", "nordekasino", "--games", "100000", *mode],
        cwd=str(work),
        env=_env(tmp_path),
        encoding="utf-8",
        timeout=180,  # generous: a loaded machine stops the workers slowly
    )
    try:
        child.expect(r"seed (\d+) \(repeat this run with --seed \d+\)")
        child.expect(r"fuzz nordekasino .* (\d+)/100000")  # the bar, games running
        child.sendintr()
        child.expect(r"interrupted after (\d+) of 100000 games; nothing was saved")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130
    assert sorted(p.name for p in work.iterdir()) == []  # no fuzz-failures/, no .hypothesis/


def test_a_run_prints_its_random_seed_and_leaves_no_hypothesis_directory(tmp_path: Path):
    work = tmp_path / "work"
    work.mkdir()
    out = pexpect.run(
        f"{sys.executable} -m tablelog fuzz karnoffel --games 3",
        cwd=str(work),
        env=_env(tmp_path),
        encoding="utf-8",
        timeout=120,
    )
    seed = re.search(r"seed (\d+) \(repeat this run with --seed \1\)", out)
    assert seed, out
    assert "3 games" in out and "every invariant holds" in out
    assert list(work.iterdir()) == []
