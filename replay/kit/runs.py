"""What every fuzz run shares, with Hypothesis or without (``replay.kit.fuzz``,
``replay.kit.campaign``): the report, how many processes and how they share the work,
and the failing history saved as a JSON Lines log that ``replay_failure`` replays.

Nothing here imports Hypothesis: a campaign (``tablelog fuzz --campaign``) never loads it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

import attrs

from tablelog.ledger import Ledger
from tablelog.replay.codec import encode_event, encode_header
from tablelog.replay.export import ExportError
from tablelog.replay.jsonl import export_lines, parse_lines
from tablelog.replay.kit.history import History
from tablelog.replay.kit.invariants import check_all
from tablelog.replay.kit.sample import SAMPLED, Sampling
from tablelog.replay.kit.walk import InvariantViolation
from tablelog.rules.events import Event, Note
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import RuleSet

__all__ = [
    "FuzzReport",
    "add",
    "batch_seed",
    "default_jobs",
    "in_processes",
    "load_failure",
    "replay_failure",
    "save_history",
]

T = TypeVar("T")
W = TypeVar("W")


@frozen
class FuzzReport:
    """What a fuzz run found: games and events checked, the failure and where it was saved."""

    games: int
    events: int
    failure: str | None = None
    saved: Path | None = None
    game: int | None = None
    """A campaign's failing game: its number (from 1) in the run."""
    kept: int | None = None
    """A campaign's failure: how many events of the failing game the saved log holds."""

    @property
    def ok(self) -> bool:
        """Whether every invariant held."""
        return self.failure is None


def default_jobs() -> int:
    """How many processes a run uses unless told: one per CPU this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def batch_seed(seed: int, index: int) -> int:
    """The seed of batch ``index`` of a run with ``seed``: the same on every machine."""
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def add(total: FuzzReport, report: FuzzReport) -> FuzzReport:
    """``total`` with ``report``'s games and events added, and its failure."""
    return attrs.evolve(
        report, games=total.games + report.games, events=total.events + report.events
    )


def in_processes(
    jobs: int, work: Iterable[W], worker: Callable[[W], T], *, ordered: bool = False
) -> Iterator[T]:
    """``worker`` of each item of ``work`` in ``jobs`` forked processes, as they finish
    (``ordered``: in the order of ``work``); the workers are stopped when the caller stops
    reading (the first failure)."""
    import multiprocessing

    items = list(work)
    context = multiprocessing.get_context("fork")
    pool = context.Pool(min(jobs, len(items)))
    try:
        yield from (pool.imap if ordered else pool.imap_unordered)(worker, items)
    finally:
        pool.terminate()
        pool.join()


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
