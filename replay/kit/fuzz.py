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

import hashlib
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed

from tablelog.ledger import Ledger
from tablelog.replay.codec import encode_event, encode_header
from tablelog.replay.export import ExportError
from tablelog.replay.heap import fewer_collections
from tablelog.replay.jsonl import export_lines, parse_lines
from tablelog.replay.kit.history import History
from tablelog.replay.kit.invariants import check_all
from tablelog.replay.kit.sample import SAMPLED, Sampling
from tablelog.replay.kit.strategies import histories
from tablelog.replay.kit.walk import InvariantViolation
from tablelog.rules.events import Event, Note
from tablelog.rules.frozen import frozen
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


@frozen
class FuzzReport:
    """What a fuzz run found: games and events checked, the failure and where it was saved."""

    games: int
    events: int
    failure: str | None = None
    saved: Path | None = None

    @property
    def ok(self) -> bool:
        """Whether every invariant held."""
        return self.failure is None


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
        for report in _in_processes(jobs, work):
            if progress is not None:
                progress(report.games)
            total = _add(total, report)
            if not report.ok:
                break
        return total
    for index, size in work:
        report = _batch(rules, size, seed, index, options, save_dir, progress, sampling, seats)
        total = _add(total, report)
        if not report.ok:
            break
    return total


def default_jobs() -> int:
    """How many processes a run uses unless told: one per CPU this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def batch_seed(seed: int, index: int) -> int:
    """The seed of batch ``index`` of a run with ``seed``: the same on every machine."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _add(total: FuzzReport, report: FuzzReport) -> FuzzReport:
    return FuzzReport(
        total.games + report.games, total.events + report.events, report.failure, report.saved
    )


_SHARED: dict[str, Any] = {}
"""What forked workers read: the rule set and the run's settings (set before the fork)."""


def _in_processes(jobs: int, work: list[tuple[int, int]]) -> Iterator[FuzzReport]:
    """The batches' reports as forked workers finish them; stopped at the first failure."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    pool = context.Pool(min(jobs, len(work)))
    try:
        yield from pool.imap_unordered(_worker, work)
    finally:
        pool.terminate()
        pool.join()


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


def save_history(
    rules: RuleSet, history: History, cause: BaseException, directory: Path, seed: int
) -> Path:
    """Write ``history`` with a closing note on ``cause`` as a JSON Lines log, in a new
    file (an earlier failure of the same rules and seed is never overwritten);
    ``ExportError`` if ``directory`` cannot take it."""
    try:
        return _save_history(rules, history, cause, directory, seed)
    except OSError as error:
        raise ExportError(
            f"cannot save the failing history in {directory}: {error.strerror or error}"
        ) from None


def _save_history(
    rules: RuleSet, history: History, cause: BaseException, directory: Path, seed: int
) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    note = Event(len(history.events) + 1, None, Note(f"fuzz failure: {cause}"))
    with Ledger(":memory:") as ledger:
        record = ledger.create_game(rules.name, rules.version, encode_header(history.header))
        ledger.append(record.id, 1, [encode_event(rules, e) for e in (*history.events, note)])
        text = "\n".join(export_lines(ledger, record.id)) + "\n"
    number = 1
    while True:  # an earlier failure (another process, other options, same seed) is kept
        suffix = "" if number == 1 else f"-{number}"
        path = directory / f"{rules.name}-seed{seed}-failure{suffix}.jsonl"
        try:
            with path.open("x", encoding="utf-8") as file:  # created here or not at all
                file.write(text)
            return path
        except FileExistsError:
            number += 1


def load_failure(rules: RuleSet, path: Path) -> History:
    """The history saved in ``path`` by a failed run, without its closing note."""
    (parsed,) = parse_lines(path.read_text(encoding="utf-8").splitlines(), lambda name: rules)
    events = parsed.events
    if events and isinstance(events[-1].payload, Note):
        events = events[:-1]
    return History(parsed.header, tuple(events))


def replay_failure(
    rules: RuleSet, path: Path, sampling: Sampling = SAMPLED
) -> InvariantViolation | None:
    """The violation the history saved in ``path`` shows again, or ``None`` if it holds."""
    try:
        check_all(rules, load_failure(rules, path), sampling=sampling)
    except InvariantViolation as violation:
        return violation
    return None
