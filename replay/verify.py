"""Verification: is a log intact (hash chain) and is every event in it legal?

The first problem is what a person needs ("event 14 (7H by Kari): the Devil may not lead
the first trick"); the chain is checked in full, the rules up to the first refusal (the
states after an illegal event mean nothing). In a seeded game every chance event must also
be exactly the one the seeded dealer makes, so nobody can have swapped a deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from replay.dealer import dealer_move
from replay.fold import Replayer
from replay.notation import move_label
from rules.errors import IllegalEvent
from rules.events import Event, Note, Undo
from rules.protocol import Header, RuleSet

if TYPE_CHECKING:
    from ledger import LedgerStore
    from replay.games import LoadedGame

__all__ = ["Problem", "Verification", "check_log", "verify_stored"]


@attrs.frozen
class Problem:
    """One thing wrong with a log: the event's seq and why."""

    seq: int
    reason: str
    label: str | None = None

    def __str__(self) -> str:
        if not self.seq:
            return self.reason
        if self.reason.startswith(f"event {self.seq} "):  # the reason names its event
            return self.reason
        where = f"event {self.seq} ({self.label})" if self.label else f"event {self.seq}"
        return f"{where}: {self.reason}"


@attrs.frozen
class Verification:
    """The result of verifying a game: ok, how many events, the problems in log order."""

    ok: bool
    events: int
    problems: tuple[Problem, ...]
    head: str | None = None

    @staticmethod
    def of(events: int, problems: Sequence[Problem], head: str | None = None) -> Verification:
        """A verification of ``events`` events that found ``problems``."""
        ordered = tuple(sorted(problems, key=lambda p: p.seq))
        return Verification(not ordered, events, ordered, head)

    def as_dict(self) -> dict[str, Any]:
        """The shape of ``verify --json``: ok, events, problems as sentences, head."""
        problems = [str(p) for p in self.problems]
        return {"ok": self.ok, "events": self.events, "problems": problems, "head": self.head}


def verify_stored(ledger: LedgerStore, game: LoadedGame) -> Verification:
    """A stored game checked: its hash chain in the ledger, then every event's legality."""
    problems = [Problem(p.seq, p.reason) for p in ledger.verify_chain(game.id)]
    illegal = check_log(game.rules, game.header, game.events)
    if illegal is not None:
        problems.append(illegal)
    return Verification.of(game.seq, problems, game.head_at())


def check_log(rules: RuleSet, header: Header, events: Sequence[Event]) -> Problem | None:
    """The first event the rules refuse (or the seeded dealer would not have made)."""
    seeded = header.seed is not None
    replayer = Replayer(rules, header)
    for event in events:
        state = replayer.state
        try:
            if seeded and not isinstance(event.payload, Note | Undo):
                _check_dealer(rules, header, state, event)
            replayer.push(event, check=True)
        except IllegalEvent as refused:
            label = move_label(rules, header.players, event.move, state)
            return Problem(event.seq, refused.reason, label)
    state = replayer.state
    if seeded and rules.chance(state) is not None:
        last = events[-1].seq if events else 0
        return Problem(last, "the log ends before the seeded dealer's next chance step")
    return None


def _check_dealer(rules: RuleSet, header: Header, state: Any, event: Event) -> None:
    assert header.seed is not None
    expected = dealer_move(rules, state, header.seed, event.seq)
    if expected is None and event.family == "chance":
        raise IllegalEvent(event, "the seeded dealer deals no cards at this point")
    if expected is not None and expected != event.move:
        what = "this chance event" if event.family == "chance" else "a move"
        raise IllegalEvent(
            event,
            f"{what} stands where the seeded dealer's {expected.type} should be: "
            "the deal does not come from this game's seed",
        )
