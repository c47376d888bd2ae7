"""Hypothesis as a hostile user: move texts for every rule set and damaged JSON Lines files.

Every case must end in a sentence: a legal move, a refusal (exit 1) or garbled input
(exit 2), never a traceback or the last guard's exit 3, and a refused command leaves the
database as it was. ``benchmarks/attack.py`` runs the same generators thousands of times.
"""

from __future__ import annotations

import itertools
import json
import random
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tablelog.cli.main import cli
from tablelog.ledger import Ledger
from tablelog.replay.fold import Replayer
from tablelog.replay.jsonl import export_lines
from tablelog.rules import registry
from tablelog.rules.protocol import Header, RuleSet
from tests.hostile import hostile_move, mutate_jsonl, sample_states, store_replayed, try_move

RULES = [r.name for r in registry.rulesets()]
CODES = {"ok": 0, "refused": 1, "garbled": 2}
SEEDS = st.integers(0, 2**32 - 1)
FUNCTION_DB = [HealthCheck.function_scoped_fixture]


@cache
def states(name: str) -> list[tuple[Header, Replayer]]:
    """Points along random seeded games of one rule set (computed once per session)."""
    return sample_states(registry.get(name), seed=11, count=16)


@pytest.mark.parametrize("name", RULES)
@settings(max_examples=150)
@given(seed=SEEDS, index=st.integers(0, 15))
def test_no_move_text_breaks_the_notation_or_the_validator(name: str, seed: int, index: int):
    rules = registry.get(name)
    header, replayer = states(name)[index]
    text = hostile_move(random.Random(seed), rules, header, replayer.state)
    assert try_move(rules, replayer, text) in CODES  # anything else raised out of it


def stored(db: Path, rules: RuleSet, header: Header, replayer: Replayer) -> int:
    """Store the game ``replayer`` holds (its effective events) and return its id."""
    with Ledger(db) as ledger:
        return store_replayed(ledger, rules, header, replayer).id


def listing(runner: CliRunner) -> str:
    result = runner.invoke(cli, ["list", "--json"])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("name", RULES)
@settings(max_examples=25, suppress_health_check=FUNCTION_DB)
@given(seed=SEEDS, index=st.integers(0, 15))
def test_a_hostile_play_exits_1_or_2_and_writes_nothing(
    tmp_path: Path, name: str, seed: int, index: int
):
    rules = registry.get(name)
    header, replayer = states(name)[index]
    text = hostile_move(random.Random(seed), rules, header, replayer.state)
    expected = try_move(rules, replayer, text, header)
    assume(expected != "ok")
    db = tmp_path / f"{name}-{seed}-{index}.db"
    game = stored(db, rules, header, replayer)
    runner = CliRunner(env={"TABLELOG_DB": str(db)})
    before = listing(runner)
    result = runner.invoke(cli, ["play", str(game), text])
    assert result.exit_code == CODES[expected], (text, result.output, result.exception)
    assert isinstance(result.exception, SystemExit)
    assert len(result.stderr.strip().splitlines()) == 1
    assert listing(runner) == before


@cache
def export(name: str) -> tuple[str, ...]:
    """One exported game of ``name``, a few moves in (made once per session)."""
    header, replayer = states(name)[6]
    rules = registry.get(name)
    with Ledger(":memory:") as ledger:
        record = store_replayed(ledger, rules, header, replayer)
        return tuple(export_lines(ledger, record.id))


_files = itertools.count()


@pytest.mark.parametrize("name", RULES)
@settings(max_examples=40, suppress_health_check=FUNCTION_DB)
@given(seed=SEEDS)
def test_a_damaged_file_is_refused_with_a_sentence_and_imports_nothing(
    tmp_path: Path, name: str, seed: int
):
    data = mutate_jsonl(random.Random(seed), export(name))
    number = next(_files)
    path = tmp_path / f"damaged-{number}.jsonl"
    path.write_bytes(data)
    db = tmp_path / f"fresh-{number}.db"
    runner = CliRunner(env={"TABLELOG_DB": str(db)})
    imported = runner.invoke(cli, ["import", str(path)])
    verified = runner.invoke(cli, ["verify", str(path), "--json"])
    for result in (imported, verified):
        assert result.exit_code in (0, 1, 2), (result.output, result.exception)
        assert isinstance(result.exception, SystemExit | None)
    if imported.exit_code != 0:
        assert len(imported.stderr.strip().splitlines()) == 1
        assert json.loads(listing(runner))["games"] == []
    if verified.exit_code == 2:
        assert set(json.loads(verified.stdout)) == {"error", "kind", "exit"}
    elif verified.exit_code == 0:
        assert json.loads(verified.stdout)["ok"] is True
