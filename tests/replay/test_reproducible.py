"""The same ``--seed`` plays the same games in every process, whatever the hash seed.

Nothing in the kit iterates a set or depends on hash order, and Hypothesis runs from the
seed alone (``replay.kit.fuzz.fuzz_settings``); a rule set whose move order depends on
hash order would still break this, which is what these tests are for.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fuzz_in_a_process(rules: str, hash_seed: str, save_dir: Path) -> dict[str, object]:
    """``tablelog fuzz RULES --games 5 --seed 3 --json`` under ``PYTHONHASHSEED``."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    command = [sys.executable, "-m", "tablelog", "fuzz", rules, "--games", "5", "--seed", "3"]
    command += ["--json", "--save-dir", str(save_dir)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_karnoffel_fuzz_is_the_same_under_two_hash_seeds(tmp_path: Path):
    one = fuzz_in_a_process("karnoffel", "1", tmp_path)
    two = fuzz_in_a_process("karnoffel", "4242", tmp_path)
    assert one["games"] == two["games"] == 5
    assert one["events"] == two["events"]


def test_nordekasino_fuzz_is_the_same_under_two_hash_seeds(tmp_path: Path):
    one = fuzz_in_a_process("nordekasino", "1", tmp_path)
    two = fuzz_in_a_process("nordekasino", "4242", tmp_path)
    assert one["games"] == two["games"] == 5
    assert one["events"] == two["events"]
