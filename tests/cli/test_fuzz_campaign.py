"""``tablelog fuzz --campaign``: seeded random games without Hypothesis, the same games for
any ``--jobs``, a failing game's shortest failing prefix saved and replayable, and flags
that do not go together refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from tablelog.replay.jsonl import parse_lines, verify_parsed
from tablelog.replay.kit import check_all
from tablelog.replay.kit.campaign import BATCH, campaign_game
from tablelog.replay.kit.fuzz import load_failure, replay_failure
from tablelog.rules import registry
from tablelog.rules.cards import Card
from tests.cli.clitools import run, run_json
from tests.replay import toy_rules
from tests.replay.toy_rules import BROKEN_PLAYOUTS


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch):
    """Register a broken rule set as ``highcard`` for the command to find."""

    def register(rules):
        monkeypatch.setitem(registry._REGISTRY, "highcard", rules)
        return rules

    return register


def test_a_campaign_plays_the_same_games_for_any_number_of_processes(runner: CliRunner):
    one = run_json(runner, "fuzz", "karnoffel", "--campaign", "--games", "60", "--seed", "3",
                   "--jobs", "1")  # fmt: skip
    two = run_json(runner, "fuzz", "karnoffel", "--campaign", "--games", "60", "--seed", "3",
                   "--jobs", "2")  # fmt: skip
    assert one["ok"] and two["ok"] and one["campaign"] is True
    assert (one["games"], one["events"]) == (two["games"], two["events"]) == (60, one["events"])
    other = run_json(runner, "fuzz", "karnoffel", "--campaign", "--games", "60", "--seed", "4")
    assert other["events"] != one["events"]


def _rare_leak(state, seat):
    """Highcard's view, leaking every hand in some three-player games only."""
    hands = state.hands
    three = state.players == 3 and state.low_wins
    if three and FIVES[0] in hands[0].cards and FIVES[1] in hands[1].cards:
        return toy_rules._leaky_view(state, seat)
    return toy_rules.view(state, seat)


FIVES = (Card("5", "S"), Card("5", "H"))


def test_a_failing_campaign_saves_the_same_failure_for_any_number_of_processes(
    runner: CliRunner, broken, tmp_path: Path
):
    rules = broken(attrs.evolve(toy_rules.RULES, view=_rare_leak))
    found = {}
    for jobs in ("1", "2"):
        where = tmp_path / jobs
        result = run(runner, "fuzz", "highcard", "--campaign", "--games", "100", "--seed", "2",
                     "--jobs", jobs, "--save-dir", where, "--json", code=1)  # fmt: skip
        data = json.loads(result.stdout)
        assert data["ok"] is False and data["failure"].startswith("invariant views broken")
        found[jobs] = (data["game"], data["games"], data["failure"], Path(data["saved"]))
    (game, games, failure, saved), again = found["1"], found["2"]
    assert game > BATCH  # a later batch than the first: the workers share the run
    assert (game, games, failure) == again[:3] and games == game
    assert load_failure(rules, saved) == load_failure(rules, again[3])


def test_a_failure_is_saved_as_its_shortest_failing_prefix_and_replays(
    runner: CliRunner, broken, tmp_path: Path
):
    rules = broken(BROKEN_PLAYOUTS["misplays"])
    result = run(runner, "fuzz", "highcard", "--campaign", "--games", "50", "--seed", "1",
                 "--jobs", "1", "--save-dir", tmp_path, code=1)  # fmt: skip
    lines = result.output.splitlines()
    failure = next(line for line in lines if line.startswith("after "))
    assert " of highcard with --seed 1: invariant playout broken at event " in failure
    number = next(int(line.split()[1]) for line in lines if line.startswith("game "))
    command = f"`tablelog fuzz highcard --campaign --seed 1 --game {number}` plays it again"
    assert f"game {number} of the campaign fails; {command}" in result.output
    saved = tmp_path / "highcard-seed1-failure.jsonl"
    assert f"events) is saved in {saved}" in result.output
    # the log verifies and imports; its events are the failing game's first ones
    (parsed,) = parse_lines(saved.read_text().splitlines(), lambda name: rules)
    assert verify_parsed(parsed).ok
    history = load_failure(rules, saved)
    game = campaign_game(rules, 1, number).history
    assert history.events == game.events[: len(history.events)] and history.header == game.header
    # the shortest: its checks fail as reported, one event fewer they hold
    again = replay_failure(rules, saved)
    assert again is not None and f"with --seed 1: {again}" in failure
    check_all(rules, type(history)(history.header, history.events[:-1]))
    run(runner, "import", saved)
    assert run_json(runner, "verify", "1")["ok"] is True
    # --game plays the failing game alone again, with the same failure
    alone = run(runner, "fuzz", "highcard", "--campaign", "--seed", "1", "--game", str(number),
                "--save-dir", tmp_path / "again", code=1)  # fmt: skip
    assert str(again) in alone.output and "after 1 game of highcard" in alone.output
    assert load_failure(rules, tmp_path / "again" / "highcard-seed1-failure.jsonl") == history


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--game", "3"], "--game N picks one game of a campaign: give --campaign too"),
        (["--campaign", "--game", "3"], "--game N needs the --seed of the campaign it was found"),
        (["--campaign", "--seed", "1", "--game", "3", "--games", "9"], "leave out --games"),
        (["--campaign", "--game", "0", "--seed", "1"], "Invalid value for '--game'"),
    ],
)
def test_flags_that_do_not_go_together_are_refused(
    runner: CliRunner, tmp_path: Path, flags: list[str], said: str
):
    result = run(runner, "fuzz", "karnoffel", *flags, "--save-dir", tmp_path / "f", code=2)
    assert said in result.output
    assert not (tmp_path / "f").exists()


def test_a_campaign_never_loads_hypothesis(tmp_path: Path):
    code = (
        "import sys; from click.testing import CliRunner; from tablelog.cli.main import cli;"
        "r = CliRunner().invoke(cli, ['fuzz', 'karnoffel', '--campaign', '--games', '2',"
        " '--seed', '1', '--jobs', '1']); print(r.exit_code, 'hypothesis' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "False"]


@pytest.mark.parametrize("mode", [[], ["--campaign"]], ids=["hypothesis", "campaign"])
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["karnofel"], "no rule set called 'karnofel' (did you mean 'karnoffel'?)"),
        (["karnoffel", "-o", "nope=1"], "unknown option 'nope'"),
    ],
)
def test_a_run_refused_before_it_starts_prints_no_seed_to_repeat_it(
    runner: CliRunner, tmp_path: Path, mode: list[str], args: list[str], said: str
):
    # "repeat this run with --seed" would promise a run that never started
    result = run(runner, "fuzz", *args, *mode, "--save-dir", tmp_path / "f", code=2)
    assert said in result.output and "repeat this run" not in result.output
    assert not (tmp_path / "f").exists()


def test_options_no_seat_count_takes_are_named() -> None:
    # a campaign that cannot start any game says which options and which counts
    import random

    from tablelog.replay.kit.campaign import campaign_header
    from tablelog.rules.errors import OptionError
    from tests.replay.toy_rules import RULES as TOY

    def refuses(header: object) -> object:
        raise OptionError("not with these")

    rules = attrs.evolve(TOY, start=refuses)
    low, high = rules.seats
    with pytest.raises(OptionError) as refused:
        campaign_header(rules, random.Random(1), {"low_wins": True})
    assert str(refused.value) == (
        f"{rules.name} starts no game with low_wins=True at any seat count from {low} to {high}"
    )


def test_the_command_that_plays_a_game_again_can_be_pasted_into_a_shell() -> None:
    import shlex

    from tablelog.cli.fuzzing import _again

    command = _again("speahx", 1, 7, ["decks=2", "note=a b"], True, 9)
    assert shlex.split(command.strip("`")) == [
        "tablelog", "fuzz", "speahx", "--campaign", "--seed", "1", "--game", "7",
        "-o", "decks=2", "-o", "note=a b", "--thorough", "--players", "9",
    ]  # fmt: skip
