"""``tablelog fuzz``: random legal games of a rule set, every invariant checked."""

from __future__ import annotations

import secrets
import shlex
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tablelog.cli import render
from tablelog.cli.errors import friendly, option_pairs
from tablelog.cli.flags import json_flag
from tablelog.rules import registry
from tablelog.rules.errors import OptionError
from tablelog.rules.protocol import Header, RuleSet, resolve_options
from tablelog.rules.tableview import counted

if TYPE_CHECKING:
    from tablelog.replay.kit.runs import FuzzReport

__all__ = ["fuzz", "interrupted", "quiet_hypothesis"]

INTERRUPTED = 130
"""The exit status of a run stopped with Ctrl-C (128 + SIGINT), as shells report it."""


def quiet_hypothesis() -> None:
    """Keep Hypothesis's own files (its cache of the constants in the code it runs) out of
    the working directory: they go to tablelog's cache directory instead of ``.hypothesis/``."""
    import platformdirs
    from hypothesis.configuration import set_hypothesis_home_dir

    home = Path(platformdirs.user_cache_dir("tablelog", appauthor=False)) / "hypothesis"
    set_hypothesis_home_dir(str(home))


@contextmanager
def interrupted(done: list[int], games: int, as_json: bool) -> Iterator[None]:
    """Ctrl-C reported as an interruption: how far the run got, nothing saved, 130."""
    try:
        yield
    except KeyboardInterrupt:
        message = f"interrupted after {done[0]} of {games} games; nothing was saved"
        if as_json:
            render.emit_json({"interrupted": True, "games": done[0], "saved": None})
        click.echo(message, err=True)
        raise SystemExit(INTERRUPTED) from None


def check_players(ruleset: RuleSet, fixed: Mapping[str, bool | int | str], players: int) -> None:
    """Refuse a seat count the game, with the options fixed, is not played with."""
    from tablelog.replay.kit.drawing import player_names

    low, high = ruleset.seats
    if not low <= players <= high:
        allowed = f"{low}" if low == high else f"{low} to {high}"
        raise OptionError(f"{ruleset.name} is played by {allowed} players, not {players}")
    options = resolve_options(ruleset.options, fixed, players)
    ruleset.start(Header(ruleset.name, ruleset.version, player_names(players), options))


@click.command()
@click.argument("rules")
@click.option(
    "--games",
    type=click.IntRange(1),
    default=None,
    help="How many games to play.  [default: 200]",
)
@click.option(
    "--campaign",
    is_flag=True,
    help="Seeded random games without Hypothesis, checked by the same invariants: each"
    " game replays alone (--game N), but a failure is saved as the failing game's"
    " shortest failing prefix, not shrunk to a minimal game.",
)
@click.option(
    "--game",
    "game_number",
    type=click.IntRange(1),
    default=None,
    help="With --campaign and --seed: play game N of that campaign alone (the number"
    " a failing campaign prints).",
)
@click.option(
    "--seed",
    type=int,
    help="Repeat a run exactly (default: a random seed, printed so the run can be repeated).",
)
@click.option("-o", "--option", "options", multiple=True, help="Fix an option, KEY=VALUE.")
@click.option(
    "--save-dir",
    type=click.Path(file_okay=False),
    default="fuzz-failures",
    show_default=True,
    help="Where a failing history is saved as JSON Lines.",
)
@click.option(
    "--thorough",
    is_flag=True,
    help="Every check on every state: every legal move, every mutation, every seat's view"
    " and outputs (default: the expensive checks on a sample of the states).",
)
@click.option(
    "--jobs",
    type=click.IntRange(1),
    default=None,
    help="Processes sharing the games (default: one per CPU); the games are the same for any.",
)
@click.option(
    "--players",
    type=click.IntRange(1),
    default=None,
    help="Play every game with this many players (default: drawn from the game's range).",
)
@json_flag("Print JSON instead of text.")
def fuzz(
    rules: str,
    games: int | None,
    campaign: bool,
    game_number: int | None,
    seed: int | None,
    options: Sequence[str],
    save_dir: str,
    thorough: bool,
    jobs: int | None,
    players: int | None,
    as_json: bool,
) -> None:
    """Play GAMES random legal games of RULES and check every invariant along each.

    Options not fixed with -o are drawn at random for each game, so every option set is
    exercised.

    \b
    Every state: the deck is conserved; the event's notation parses back; a running
    game has someone to act; no open claim is broken; what each seat was shown is kept.
    Deep states (the start, the last, the first event of each kind in the game, and one
    in four of the others, drawn from the seed): up to 4 legal moves applied; every seat
    to act has a move; mutated moves refused unless listed; the event applied again
    gives the same state; the views of everyone and one seat in turn, and every output
    rendered for them (log line, replay page data, JSON Lines line), name no card the
    viewer was not shown. Once per game: the codec, the ledger and JSON Lines round trip.
    A game with a playout of its own (a fast in-place walk) plays each game through it
    beside the fold: the same moves in the same order, chance step and outcome at every
    state, the same state at the deep states.
    A leak at one ordinary state is caught in that game with probability 1/4 for
    everyone, 1/(4n) for one seat of n; --thorough checks everything on every state.

    The same --seed plays the same games everywhere. A failure is shrunk to a small
    history and saved as a log that `tablelog verify` and `tablelog import` accept.
    Ctrl-C stops the run (exit status 130) and saves nothing.

    With --campaign the games are drawn without Hypothesis, game N of a seed from that
    seed and N alone (the same games for any --jobs), and checked by the same invariants
    with the same sampling. A failing game is not shrunk: its shortest failing prefix
    (the events up to the first state whose checks fail) is saved, and its number is
    printed; --campaign --seed S --game N plays that game alone again.
    """
    _refuse_mixed(campaign, game_number, games, seed)
    if game_number is not None:
        games = 1
    elif games is None:
        games = 200
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from tablelog.replay.kit.runs import default_jobs
    from tablelog.replay.kit.sample import SAMPLED, THOROUGH

    run_fuzz = _campaign_runner(game_number) if campaign else _hypothesis_runner()
    if seed is None:
        seed = secrets.randbelow(2**32)
    done = [0]

    def advance(n: int) -> None:
        done[0] += n
        bar.advance(task, n)

    with friendly(), interrupted(done, games, as_json):
        ruleset = registry.get(rules)
        fixed = option_pairs(options)
        resolve_options(ruleset.options, fixed)  # refuse unknown options before starting
        if players is not None:
            check_players(ruleset, fixed, players)
        if not as_json:  # once the game and its options are known good
            click.echo(f"seed {seed} (repeat this run with --seed {seed})")
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            "left",
            TimeRemainingColumn(),
            console=render.console(),
            disable=as_json,
            transient=False,
        ) as bar:
            task = bar.add_task(f"fuzz {ruleset.name}", total=games)
            report = run_fuzz(
                ruleset,
                games,
                seed,
                options=fixed,
                save_dir=Path(save_dir),
                progress=advance,
                sampling=THOROUGH if thorough else SAMPLED,
                jobs=jobs or default_jobs(),
                seats=None if players is None else (players,),
            )
    data = {
        "rules": ruleset.name,
        "games": report.games,
        "events": report.events,
        "seed": seed,
        "thorough": thorough,
        "jobs": jobs or default_jobs(),
        "players": players,
        "ok": report.ok,
        "failure": report.failure,
        "saved": str(report.saved) if report.saved else None,
        "campaign": campaign,
    }
    if campaign:
        data |= {"game": report.game, "saved_events": report.kept}
    if as_json:
        render.emit_json(data)
    elif report.ok:
        played = f"{counted(report.games, 'game')}, {counted(report.events, 'event')}"
        click.echo(f"{played}: every invariant holds")
    else:
        where = f"{counted(report.games, 'game')} of {ruleset.name} with --seed {seed}"
        click.echo(f"after {where}: {report.failure}")
        if campaign:
            again = _again(ruleset.name, seed, report.game, options, thorough, players)
            click.echo(f"game {report.game} of the campaign fails; {again} plays it again")
            kept = f"its shortest failing prefix ({report.kept} events)"
            click.echo(f"{kept} is saved in {report.saved}" if report.saved else kept)
        else:
            click.echo(f"the shrunk failing history is saved in {report.saved}")
    if not report.ok:
        raise SystemExit(1)


def _refuse_mixed(campaign: bool, game: int | None, games: int | None, seed: int | None) -> None:
    """Refuse flags that do not go together, naming them (exit status 2)."""
    if game is None:
        return
    if not campaign:
        raise click.UsageError(
            "--game N picks one game of a campaign: give --campaign too"
            " (Hypothesis's games have no numbers)"
        )
    if seed is None:
        raise click.UsageError("--game N needs the --seed of the campaign it was found in")
    if games is not None:
        raise click.UsageError("--game N plays that one game: leave out --games")


def _again(
    name: str,
    seed: int,
    game: int | None,
    options: Sequence[str],
    thorough: bool,
    players: int | None,
) -> str:
    """The command that plays a campaign's failing game alone again."""
    words = ["tablelog fuzz", name, "--campaign --seed", str(seed), "--game", str(game)]
    words += [f"-o {shlex.quote(option)}" for option in options]  # pasted into a shell
    words += ["--thorough"] * thorough + ([f"--players {players}"] if players else [])
    return "`" + " ".join(words) + "`"


def _hypothesis_runner() -> Callable[..., FuzzReport]:
    """``replay.kit.fuzz.fuzz``, with Hypothesis's own files kept out of the directory."""
    quiet_hypothesis()
    from tablelog.replay.kit.fuzz import fuzz as run_fuzz  # Hypothesis loads only here

    return run_fuzz


def _campaign_runner(game: int | None) -> Callable[..., FuzzReport]:
    """``replay.kit.campaign.campaign``, from game ``game`` (default: the first)."""
    from tablelog.replay.kit.campaign import campaign

    return partial(campaign, first=game or 1)
