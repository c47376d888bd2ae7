"""Fuzzing a rule set: many random legal games, every invariant on every state.

Hypothesis draws the histories from ``--seed`` (so a run is repeatable) and, when an
invariant breaks, shrinks the history to a small one. That history is saved as a JSON
Lines log: the legal events, then a ``note`` naming the broken invariant, so the log
imports and verifies and the failure replays from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed

from ledger import Ledger
from replay.codec import encode_event, encode_header
from replay.jsonl import export_lines
from replay.kit.invariants import check_all
from replay.kit.strategies import History, histories
from replay.kit.walk import InvariantViolation
from rules.events import Event, Note
from rules.protocol import RuleSet

__all__ = ["FuzzReport", "fuzz", "save_history"]


@attrs.frozen
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
) -> FuzzReport:
    """Check ``games`` random games of ``rules``; save the shrunk failing one, if any."""
    counts = {"games": 0, "events": 0}
    failing: list[tuple[History, BaseException]] = []
    shrinking = [False]

    @hypothesis_seed(seed)
    @settings(
        max_examples=games,
        database=None,
        deadline=None,
        derandomize=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        phases=(Phase.generate, Phase.shrink),
        report_multiple_bugs=False,
    )
    @given(histories(rules, options))
    def one_game(history: History) -> None:
        if not shrinking[0]:
            counts["games"] += 1
            counts["events"] += len(history.events)
            if progress is not None:
                progress(1)
        try:
            check_all(rules, history, thorough=False)
        except BaseException as error:
            shrinking[0] = True
            failing.append((history, error))
            raise

    try:
        one_game()
    except BaseException as error:  # the shrunk failure: an invariant or a crash in the rules
        if not failing:
            raise
        history, cause = failing[-1]
        saved = save_history(rules, history, cause, save_dir, seed) if save_dir else None
        detail = str(cause) if isinstance(cause, InvariantViolation) else repr(cause)
        games_run = counts["games"]
        return FuzzReport(games_run, counts["events"], detail or repr(error), saved)
    return FuzzReport(counts["games"], counts["events"])


def save_history(
    rules: RuleSet, history: History, cause: BaseException, directory: Path, seed: int
) -> Path:
    """Write ``history`` with a closing note on ``cause`` as a JSON Lines log."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{rules.name}-seed{seed}-failure.jsonl"
    note = Event(len(history.events) + 1, None, Note(f"fuzz failure: {cause}"))
    with Ledger(":memory:") as ledger:
        record = ledger.create_game(rules.name, rules.version, encode_header(history.header))
        ledger.append(record.id, 1, [encode_event(rules, e) for e in (*history.events, note)])
        path.write_text("\n".join(export_lines(ledger, record.id)) + "\n", encoding="utf-8")
    return path
