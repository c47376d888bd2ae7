"""Fuzzing a rule set: many random legal games, every invariant on every state.

Hypothesis draws the histories from ``--seed`` alone: no example database, no phase that
depends on the clock or on earlier runs (only generation and shrinking), and nothing in
the kit that depends on hash order, so the same seed plays the same games in every
process and on every machine. When an invariant breaks, the history is shrunk to a
small one and saved as a JSON Lines log: the legal events, then a ``note`` naming the
broken invariant, so the log imports and verifies and ``replay_failure`` replays the
failure from it.

A run is cut into batches of ``BATCH`` games, each drawn from a seed derived from
``--seed`` and the batch's number, so the games depend on the seed alone, never on how
many processes share the work (``jobs``): with several, batches run in forked worker
processes and the first failure stops the rest.

A batch runs with the garbage collector's young generation collected every ``YOUNG``
allocations instead of Python's 700 (``fewer_collections``): a fuzz run keeps nearly
everything it makes (the states of the game at hand, the engines' remembered listings),
so the frequent young collections found little to free, and each one promoted survivors
towards the full collections that walk every object held (a fifth of a Speahx run). What
is collected does not change, only how often; the games do not depend on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed

from tablelog.replay.heap import fewer_collections
from tablelog.replay.kit.history import History
from tablelog.replay.kit.invariants import check_all
from tablelog.replay.kit.runs import (
    FuzzReport,
    add,
    batch_seed,
    default_jobs,
    in_processes,
    load_failure,
    replay_failure,
    save_history,
)
from tablelog.replay.kit.sample import SAMPLED, Sampling
from tablelog.replay.kit.strategies import histories
from tablelog.replay.kit.walk import InvariantViolation
from tablelog.rules.protocol import RuleSet

__all__ = [
    "BATCH",
    "FuzzReport",
    "batch_seed",
    "default_jobs",
    "fuzz",
    "fuzz_settings",
    "load_failure",
    "replay_failure",
    "save_history",
]

BATCH = 25
"""Games per batch: each batch has a seed of its own, derived from the run's seed."""


def fuzz_settings(games: int) -> settings:
    """Hypothesis settings that make a run a function of its seed alone."""
    return settings(
        max_examples=games,
        database=None,
        deadline=None,
        derandomize=False,  # the seed comes from ``--seed`` through ``hypothesis.seed``
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        phases=(Phase.generate, Phase.shrink),
        report_multiple_bugs=False,
        print_blob=False,
    )


def fuzz(
    rules: RuleSet,
    games: int,
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    save_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
    sampling: Sampling = SAMPLED,
    jobs: int = 1,
    seats: tuple[int, ...] | None = None,
) -> FuzzReport:
    """Check ``games`` random games of ``rules``; save the shrunk failing one, if any.

    ``sampling`` says how many moves of each state the checks try (``THOROUGH``: all);
    ``jobs`` how many processes share the batches (the games are the same for any);
    ``seats`` the seat counts drawn from (default: the game's whole range).
    """
    sizes = [min(BATCH, games - start) for start in range(0, games, BATCH)]
    work = [(index, size) for index, size in enumerate(sizes)]
    total = FuzzReport(0, 0)
    if jobs > 1 and len(work) > 1:
        _SHARED.update(
            rules=rules, seed=seed, options=options, save=save_dir, sampling=sampling, seats=seats
        )
        for report in in_processes(jobs, work, _worker):
            if progress is not None:
                progress(report.games)
            total = add(total, report)
            if not report.ok:
                break
        return total
    for index, size in work:
        report = _batch(rules, size, seed, index, options, save_dir, progress, sampling, seats)
        total = add(total, report)
        if not report.ok:
            break
    return total


_SHARED: dict[str, Any] = {}
"""What forked workers read: the rule set and the run's settings (set before the fork)."""


def _worker(item: tuple[int, int]) -> FuzzReport:
    index, size = item
    shared = _SHARED
    return _batch(
        shared["rules"],
        size,
        shared["seed"],
        index,
        shared["options"],
        shared["save"],
        None,
        shared["sampling"],
        shared["seats"],
    )


def _batch(
    rules: RuleSet,
    games: int,
    seed: int,
    index: int,
    options: Mapping[str, Any] | None,
    save_dir: Path | None,
    progress: Callable[[int], None] | None,
    sampling: Sampling,
    seats: tuple[int, ...] | None = None,
) -> FuzzReport:
    """One batch: ``games`` games drawn from the batch's own seed."""
    counts = {"games": 0, "events": 0}
    failing: list[tuple[History, BaseException]] = []
    shrinking = [False]

    @hypothesis_seed(batch_seed(seed, index))
    @fuzz_settings(games)
    @given(histories(rules, options, seats=seats))
    def one_game(history: History) -> None:
        if not shrinking[0]:
            counts["games"] += 1
            counts["events"] += len(history.events)
            if progress is not None:
                progress(1)
        try:
            check_all(rules, history, sampling=sampling)
        except (KeyboardInterrupt, SystemExit):  # an interruption, not a failure
            raise
        except BaseException as error:
            shrinking[0] = True
            failing.append((history, error))
            raise

    try:
        with fewer_collections():
            one_game()
    except (KeyboardInterrupt, SystemExit):  # Ctrl-C: nothing is saved
        raise
    except BaseException as error:  # the shrunk failure: an invariant or a crash in the rules
        if not failing:
            raise
        history, cause = failing[-1]
        saved = save_history(rules, history, cause, save_dir, seed) if save_dir else None
        detail = str(cause) if isinstance(cause, InvariantViolation) else repr(cause)
        return FuzzReport(counts["games"], counts["events"], detail or repr(error), saved)
    return FuzzReport(counts["games"], counts["events"])
