"""A fuzz campaign (``tablelog fuzz RULES --campaign``): seeded random games without
Hypothesis, every invariant of the kit checked on them.

Game ``n`` (from 1) of a run with ``seed`` is drawn from one ``random.Random`` seeded
from ``seed`` and ``n`` alone (``game_rng``), so the same seed plays the same games on
every machine, in every process and for any ``jobs``. The game is drawn as the kit draws
one (``replay.kit.played``: the header, the seeded dealer or a physical table's chance
steps, now and then a note or an undo, a stepwise choice of a legal move), each event
applied by the fold's validating ``apply``. A game with a playout of its own has its
seats' moves read from the state's whole listing (``replay.kit.sample.menu`` with
``scan``), which the playout check compares: one fold state and one listing per state,
made while drawing and read again by the checks. The checks are the kit's own:
``check_all`` on the drawn history, walking the states the drawing folded
(``History.folded``), sampled as ``sampling`` says (``SAMPLED``; ``THOROUGH`` for
everything); the storage round trip writes to a ledger kept for a batch of games.

A failing game is not shrunk (there is no Hypothesis to shrink it): histories are
prefix-closed, so its **shortest failing prefix** is kept (``failing_prefix``), the
events up to the first state whose checks fail, and saved as ``tablelog fuzz`` saves a
failure (``replay.kit.runs.save_history``), a log that ``replay_failure``, ``tablelog
verify`` and ``tablelog import`` read; the report names the game's number, which
``--game N`` with the same seed and options plays again. A move the fold refuses although
its own listing gave it (or an ``apply`` that crashes) ends the game before it; if the
checks of the game up to it show nothing, that refusal is the failure (``closure``:
the listed move refused), saved with the game up to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tablelog.replay.heap import fewer_collections
from tablelog.replay.kit.drawing import int_range, nearest_count, player_names
from tablelog.replay.kit.history import History
from tablelog.replay.kit.invariants import check_all
from tablelog.replay.kit.played import Choices, Played, play
from tablelog.replay.kit.runs import FuzzReport, add, in_processes, save_history
from tablelog.replay.kit.sample import SAMPLED, Sampling, forget_menus
from tablelog.replay.kit.stepwise import stepwise
from tablelog.replay.kit.walk import InvariantViolation
from tablelog.rules.errors import IllegalEvent, OptionError
from tablelog.rules.protocol import Computed, Header, OptionSpec, RuleSet, S, resolve_options

__all__ = ["BATCH", "campaign", "campaign_game", "failing_prefix", "game_rng"]

BATCH = 25
"""Games per batch: what one worker process plays at a time."""

TRIES = 64
"""Headers drawn for one game before its options are said to fit no seat count."""


def game_rng(seed: int, number: int) -> random.Random:
    """The random source of game ``number`` of a campaign with ``seed`` (the same on every
    machine: a string seed is hashed by ``random`` itself, not by Python's ``hash``)."""
    return random.Random(f"tablelog-campaign:{seed}:{number}")


def campaign_header(
    rules: RuleSet[S],
    rng: random.Random,
    options: Mapping[str, Any] | None = None,
    seats: Sequence[int] | None = None,
) -> Header:
    """A header drawn as ``replay.kit.strategies.headers`` draws one: a seat count from
    ``seats`` (default: the game's range, half the time its least three counts), the
    options not ``fixed`` drawn (one computed from the seat count left to it half the
    time), the nearest seat count the rules accept, a dealer, a seed half the time."""
    low, high = rules.seats
    counts = tuple(seats) if seats is not None else tuple(range(low, high + 1))
    for _ in range(TRIES):
        wide = len(counts) > 3 and rng.random() < 0.5
        drawn = rng.choice(counts if wide else counts[:3])
        given = _given_options(rules, rng, options or {})
        n = nearest_count(rules, drawn, given)
        if n is not None:
            break
    else:
        fixed = ", ".join(f"{key}={value}" for key, value in (options or {}).items())
        raise OptionError(
            f"{rules.name} starts no game with {fixed or 'the options drawn'} at any seat"
            f" count from {low} to {high}"
        )
    chosen = resolve_options(rules.options, given, n)
    dealer = rng.randrange(n)
    seed = rng.getrandbits(32) if rng.random() < 0.5 else None
    return Header(rules.name, rules.version, player_names(n), chosen, dealer, seed)


def _given_options(
    rules: RuleSet[S], rng: random.Random, fixed: Mapping[str, Any]
) -> dict[str, Any]:
    given: dict[str, Any] = {}
    for spec in rules.options:
        if spec.name in fixed:
            continue
        if isinstance(spec.default, Computed) and rng.random() < 0.5:
            continue  # left to the seat count
        given[spec.name] = _option_value(spec, rng)
    return {**given, **fixed}


def _option_value(spec: OptionSpec, rng: random.Random) -> Any:
    if spec.type is bool:
        return rng.random() < 0.5
    if spec.type is int:
        return rng.randint(*int_range(spec))
    if spec.choices:
        return rng.choice(spec.choices)
    return spec.default


def campaign_game(
    rules: RuleSet[S],
    seed: int,
    number: int,
    options: Mapping[str, Any] | None = None,
    seats: Sequence[int] | None = None,
) -> Played:
    """Game ``number`` of a campaign with ``seed``, drawn and folded (not checked)."""
    rng = game_rng(seed, number)
    forget_menus()  # the last game's states are no longer asked about
    header = campaign_header(rules, rng, options, seats)
    physical = (rng.random() < 0.5, rng.getrandbits(32))

    def pick(options: Sequence[Any]) -> Any:
        return options[0] if len(options) == 1 else options[rng.randrange(len(options))]

    choices: Choices[S] = Choices(
        rare=lambda: rng.randrange(30) == 29,
        note=lambda: rng.random() < 0.5,
        move=lambda state: stepwise(pick, rules, state, scan=True),
    )
    return play(rules, header, rules.max_events(header), physical, choices)


def failing_prefix(
    rules: RuleSet[S], history: History, error: BaseException, sampling: Sampling = SAMPLED
) -> tuple[History, BaseException]:
    """The shortest prefix of ``history`` (whose checks raised ``error``) whose checks
    fail, and what they raise: its checks fail, and those of the prefix one event
    shorter hold.

    A violation names the event it was found at: the prefixes from the one ending two
    states before it are tried in turn, and the first that fails is kept (a prefix is
    checked with its last state deep, so one ending at the failing state fails there
    unless the sample of that state's moves, drawn anew for the shorter history, misses
    what the whole game's met: then a longer one is kept). A crash names no event: the
    shortest failing prefix is found by halving. Either is repeated on what is kept
    while a shorter prefix fails (a shorter history samples its states anew)."""
    while True:
        events = len(history.events)
        if isinstance(error, InvariantViolation):
            start = min(max(error.seq - 2, 0), events)
            shorter = _first_failing(rules, history, range(start, events), sampling)
        else:
            shorter = _halving(rules, history, sampling)
        if shorter is None:
            return history, error
        length, error = shorter
        history = _prefix(history, length)


def _first_failing(
    rules: RuleSet[S], history: History, lengths: Sequence[int], sampling: Sampling
) -> tuple[int, BaseException] | None:
    """The first of ``lengths`` whose prefix of ``history`` fails, and what it raises."""
    for length in lengths:
        failed = _fails(rules, _prefix(history, length), sampling)
        if failed is not None:
            return length, failed
    return None


def _halving(
    rules: RuleSet[S], history: History, sampling: Sampling
) -> tuple[int, BaseException] | None:
    """The least length of a failing prefix shorter than ``history``, found by halving
    (each prefix from the least failing one on assumed to fail), and what it raises."""
    low, high, found = 0, len(history.events), None
    while low < high:
        middle = (low + high) // 2
        failed = _fails(rules, _prefix(history, middle), sampling)
        if failed is None:
            low = middle + 1
        else:
            high, found = middle, (middle, failed)
    return found


def _prefix(history: History, length: int) -> History:
    """The first ``length`` events of ``history``, with the states its drawing folded
    (the walk takes those of the prefix's events in turn)."""
    if length == len(history.events):
        return history
    return History(history.header, history.events[:length], history.folded)


def _fails(rules: RuleSet[S], history: History, sampling: Sampling) -> BaseException | None:
    """What the checks of ``history`` raise, or ``None``."""
    try:
        check_all(rules, history, sampling=sampling)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:
        return error
    return None


def _failure(
    rules: RuleSet[S], played: Played, sampling: Sampling
) -> tuple[History, BaseException] | None:
    """The failing part of a drawn game and what fails, or ``None`` if every check holds."""
    history = played.history
    failed = _fails(rules, history, sampling)
    if failed is not None:
        return failing_prefix(rules, history, failed, sampling)
    if played.stopped is None:
        return None
    move, error = played.stopped  # the fold refused or crashed; the checks saw nothing
    if isinstance(error, IllegalEvent):
        seq = len(history.events) + 1
        detail = f"listed move {move!r} refused: {error.reason}"
        return history, InvariantViolation("closure", seq, detail)
    return history, error


def campaign(
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
    first: int = 1,
) -> FuzzReport:
    """Check ``games`` games of the campaign with ``seed``, from game number ``first``;
    stop at the first failing one and save its shortest failing prefix in ``save_dir``
    (if given). ``jobs`` processes share the batches; the report is the same for any (the
    batches are read in order, so the failing game reported is the first one)."""
    end = first + games
    work = [(start, min(BATCH, end - start)) for start in range(first, end, BATCH)]
    settings = _Settings(rules, seed, options, save_dir, sampling, seats)
    total = FuzzReport(0, 0)
    if jobs > 1 and len(work) > 1:
        _SHARED[:] = [settings]
        reports = in_processes(jobs, work, _worker, ordered=True)
    else:
        reports = (settings.batch(start, count, progress) for start, count in work)
    for report in reports:
        if progress is not None and jobs > 1 and len(work) > 1:
            progress(report.games)
        total = add(total, report)
        if not report.ok:
            break
    return total


class _Settings:
    """A run's rules and settings, as a worker process reads them."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int,
        options: Mapping[str, Any] | None,
        save_dir: Path | None,
        sampling: Sampling,
        seats: tuple[int, ...] | None,
    ) -> None:
        self.rules, self.seed, self.options = rules, seed, options
        self.save_dir, self.sampling, self.seats = save_dir, sampling, seats

    def batch(
        self, first: int, count: int, progress: Callable[[int], None] | None = None
    ) -> FuzzReport:
        """Games ``first`` to ``first + count - 1``, each checked; the first failure saved."""
        rules, games, events = self.rules, 0, 0
        with fewer_collections():
            for number in range(first, first + count):
                played = campaign_game(rules, self.seed, number, self.options, self.seats)
                games += 1
                events += len(played.history.events)
                failure = _failure(rules, played, self.sampling)
                if progress is not None:
                    progress(1)
                if failure is not None:
                    return self._failed(games, events, number, *failure)
        return FuzzReport(games, events)

    def _failed(
        self, games: int, events: int, number: int, history: History, cause: BaseException
    ) -> FuzzReport:
        where = self.save_dir
        saved = save_history(self.rules, history, cause, where, self.seed) if where else None
        detail = str(cause) if isinstance(cause, InvariantViolation) else repr(cause)
        return FuzzReport(games, events, detail, saved, number, len(history.events))


_SHARED: list[_Settings] = []
"""What forked workers read: the run's settings (set before the fork)."""


def _worker(item: tuple[int, int]) -> FuzzReport:
    first, count = item
    return _SHARED[0].batch(first, count)
