"""``tablelog fuzz``: random legal games of a rule set, every invariant checked."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from cli import render
from cli.errors import friendly, option_pairs
from rules import registry
from rules.protocol import resolve_options

__all__ = ["fuzz"]


@click.command()
@click.argument("rules")
@click.option(
    "--games",
    type=click.IntRange(1),
    default=200,
    show_default=True,
    help="How many games to play.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Repeat a run exactly.")
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
    help="Try every legal move of every state, not a sample of a few per state.",
)
@click.option(
    "--jobs",
    type=click.IntRange(1),
    default=None,
    help="Processes sharing the games (default: one per CPU); the games are the same for any.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def fuzz(
    rules: str,
    games: int,
    seed: int,
    options: Sequence[str],
    save_dir: str,
    thorough: bool,
    jobs: int | None,
    as_json: bool,
) -> None:
    """Play GAMES random legal games of RULES and check every invariant on every state.

    Options not fixed with -o are drawn at random for each game, so every option set is
    exercised. Each state's legal moves are sampled (a few per state, spread over seats,
    kinds and cards) unless --thorough is given. The same --seed plays the same games
    everywhere. A failure is shrunk to a small history and saved as a log that `tablelog
    verify` and `tablelog import` accept.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from replay.kit.fuzz import default_jobs
    from replay.kit.fuzz import fuzz as run_fuzz  # Hypothesis loads only for this command
    from replay.kit.sample import SAMPLED, THOROUGH

    with friendly():
        ruleset = registry.get(rules)
        fixed = option_pairs(options)
        resolve_options(ruleset.options, fixed)  # refuse unknown options before starting
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
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
                progress=lambda n: bar.advance(task, n),
                sampling=THOROUGH if thorough else SAMPLED,
                jobs=jobs or default_jobs(),
            )
    data = {
        "rules": ruleset.name,
        "games": report.games,
        "events": report.events,
        "seed": seed,
        "thorough": thorough,
        "jobs": jobs or default_jobs(),
        "ok": report.ok,
        "failure": report.failure,
        "saved": str(report.saved) if report.saved else None,
    }
    if as_json:
        render.emit_json(data)
    elif report.ok:
        click.echo(f"{report.games} games, {report.events} events: every invariant holds")
    else:
        click.echo(f"after {report.games} games: {report.failure}")
        click.echo(f"the shrunk failing history is saved in {report.saved}")
    if not report.ok:
        raise SystemExit(1)
