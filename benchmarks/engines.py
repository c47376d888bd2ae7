"""Per game: random play, fuzz cost and game length, with the archive rows and the peers,
as one JSON object (``python benchmarks/bench.py --json``; not part of the test suite).

For each rule set: ``random_decisions_per_cpu_s`` (``benchmarks/random_play.py``: a
random legal move from the full listing, played through the game's playout, or the fold
for a game without one) and ``fold_decisions_per_cpu_s`` (the same games through the
immutable fold), ``events_per_game`` of that random play, and ``fuzz_cpu_s_per_game``:
CPU-seconds per game of ``replay.kit.fuzz`` with seed 1 and every invariant (the first
``--fuzz-games`` games of seed 1, after one untimed game of seed 2 that pays the run's
one-off costs; the games differ from ``tablelog fuzz``'s, as Hypothesis mixes the loaded
modules' constants into its draws; multiply by 200 for the issue's figure, start-up
aside), and ``generation_cpu_s_per_game``: the same games drawn without the checks.

Per event (issue 24 wants the kit within 3× of plain random play): ``fuzz_cpu_us_per_event``
beside ``random_cpu_us_per_event``, which is *plain random play through the fold* — the
full listing ``rules.moves`` and ``rules.apply`` per event, the path the kit checks (its
histories are folded, its checks ask the fold); ``kit_over_random_per_event`` is their
ratio. ``playout_cpu_us_per_event`` and ``kit_over_playout_per_event`` are the same
against the game's playout (equal to the fold's for a game without one), and
``generation_over_random_per_event`` is the drawing of the histories alone against the
fold's random play: what is left for the checks is the difference.
``campaign_cpu_s_per_event`` is the same for a campaign (``tablelog fuzz --campaign``,
``replay.kit.campaign``: seeded random games without Hypothesis, every invariant checked
with the same sampling): CPU-seconds per event of its first ``--campaign-games`` games of
seed 1 (after one untimed game of seed 2), and ``kit_cost_ratio`` its ratio to plain
random play's CPU per event through the fold (``random_cpu_us_per_event``): issue 24's
"kit within 3×" asks for at most 3. ``campaign_generation_cpu_s_per_event`` is the
drawing of those games alone (no check).
``archive`` holds ``benchmarks/histories.py``'s rows at ``--archive-games`` games (0: left
out), and ``peers`` the rows of ``benchmarks/peers.py`` run with ``--peers PYTHON`` (an
interpreter that has RLCard and OpenSpiel installed). Every figure is CPU time
(``time.process_time`` or the child's user + system time), never the wall clock.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from random_play import GAMES, fresh

from tablelog.replay.kit.campaign import campaign, campaign_game
from tablelog.replay.kit.fuzz import fuzz
from tablelog.rules import registry


def generation_cost(name: str, games: int) -> dict[str, float]:
    """CPU-seconds per game of drawing the first ``games`` games of seed 1, no check run."""
    from fuzzbench import drawn_histories

    rules = registry.get(name)
    drawn, spent = drawn_histories(rules, games, 1)
    return {"generation_cpu_s_per_game": spent / max(len(drawn), 1)}


def fuzz_cost(name: str, games: int) -> dict[str, float]:
    """CPU-seconds per game of the first ``games`` games of seed 1, every invariant. One
    game of another seed is played first, untimed: the one-off costs of a run (imports,
    Hypothesis warming up) would otherwise weigh on a short run's figure per game (most
    of a 10-game Karnöffel run)."""
    rules = registry.get(name)
    fuzz(rules, 1, 2)
    start = time.process_time()
    report = fuzz(rules, games, 1)
    cpu = time.process_time() - start
    return {
        "fuzz_cpu_s_per_game": cpu / max(report.games, 1),
        "fuzz_games": report.games,
        "fuzz_events_per_game": report.events / max(report.games, 1),
        "fuzz_ok": report.ok,
    }


def campaign_cost(name: str, games: int) -> dict[str, Any]:
    """CPU-seconds per event of the first ``games`` games of the campaign with seed 1,
    every invariant checked, and of drawing them alone; one game of seed 2 first, untimed
    (imports and the rules' first answers)."""
    rules = registry.get(name)
    campaign(rules, 1, 2)
    start = time.process_time()
    report = campaign(rules, games, 1)
    cpu = time.process_time() - start
    start = time.process_time()
    for number in range(1, report.games + 1):
        campaign_game(rules, 1, number)
    drawn = time.process_time() - start
    events = max(report.events, 1)
    return {
        "campaign_games": report.games,
        "campaign_events": report.events,
        "campaign_cpu_s": cpu,
        "campaign_cpu_s_per_event": cpu / events,
        "campaign_generation_cpu_s_per_event": drawn / events,
        "campaign_ok": report.ok,
    }


def campaign_ratio(row: dict[str, Any]) -> dict[str, float]:
    """The campaign's CPU per event over plain random play's through the fold."""
    fold_per_event = row["fold_cpu_s"] / max(row["fold_events"], 1)
    return {"kit_cost_ratio": row["campaign_cpu_s_per_event"] / max(fold_per_event, 1e-12)}


def kit_ratio(row: dict[str, Any]) -> dict[str, float]:
    """The fuzz run's CPU per event (generation and every check) beside plain random play's
    through the fold (a full listing and an ``apply`` per event) and through the playout;
    the generation's alone beside the fold's."""
    fold_per_event = row["fold_cpu_s"] / max(row["fold_events"], 1)
    playout_per_event = row["cpu_s"] / max(row["games"] * row["events_per_game"], 1)
    fuzz_per_event = row["fuzz_cpu_s_per_game"] / max(row["fuzz_events_per_game"], 1e-9)
    drawn_per_event = row["generation_cpu_s_per_game"] / max(row["fuzz_events_per_game"], 1e-9)
    return {
        "random_cpu_us_per_event": fold_per_event * 1e6,
        "playout_cpu_us_per_event": playout_per_event * 1e6,
        "fuzz_cpu_us_per_event": fuzz_per_event * 1e6,
        "kit_over_random_per_event": fuzz_per_event / max(fold_per_event, 1e-12),
        "kit_over_playout_per_event": fuzz_per_event / max(playout_per_event, 1e-12),
        "generation_over_random_per_event": drawn_per_event / max(fold_per_event, 1e-12),
    }


def peers(python: str, cpu: float) -> dict[str, Any]:
    """The peers' rows, measured by ``python`` (a separate environment)."""
    done = subprocess.run(
        [python, str(HERE / "peers.py"), "--json", "--cpu", str(cpu)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        return {"error": done.stderr.strip().splitlines()[-1:]}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def archive(count: int) -> dict[str, Any]:
    """``benchmarks/histories.py``'s figures for one archive size."""
    from histories import run_size

    # its progress lines go to stderr: stdout holds the one JSON object
    with tempfile.TemporaryDirectory() as tmp, contextlib.redirect_stdout(sys.stderr):
        return run_size(Path(tmp), count)


def report(
    only: list[str] | None,
    cpu: float,
    fuzz_games: int,
    archive_games: int,
    peers_python: str | None,
    campaign_games: int = 0,
) -> dict[str, Any]:
    """The whole JSON object."""
    out: dict[str, Any] = {"games": {}}
    for name in GAMES if only is None else only:  # [] (--archive-only): no game
        row = fresh(name, "playout", cpu)  # each path in a fresh process: no warm caches
        folded = fresh(name, "fold", cpu) if row["own_playout"] else row
        row["fold_decisions_per_cpu_s"] = folded["random_decisions_per_cpu_s"]
        row["fold_cpu_s"] = folded["cpu_s"]
        row["fold_events"] = folded["games"] * folded["events_per_game"]
        if fuzz_games:
            row |= fuzz_cost(name, fuzz_games)
            row |= generation_cost(name, fuzz_games)
            row |= kit_ratio(row)
        if campaign_games:
            row |= campaign_cost(name, campaign_games)
            row |= campaign_ratio(row)
        out["games"][name] = row
        print(f"{name}: {row}", file=sys.stderr, flush=True)
    if peers_python and (only is None or only):
        out["peers"] = peers(peers_python, cpu)
    if archive_games:
        out["archive"] = {str(archive_games): archive(archive_games)}
    return out
