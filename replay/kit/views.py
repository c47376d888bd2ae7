"""Invariant 5: a view holds no card its seat has not been shown, and counts every zone;
nor does any rendered output (``replay.kit.rendered``: the log line, the page's data).

What each seat has been shown is gathered from ``rules.shown`` along the history; an
``undo`` takes back what each event it undid showed (kept as it went), or gathers it again
from what each effective event showed when one it undid made everyone forget; an event
that shuffles (``Shown.forget``) starts it afresh.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from tablelog.replay.kit.conservation import cards_text, kept
from tablelog.replay.kit.history import History
from tablelog.replay.kit.rendered import RENDERERS, Renderer, outputs_hold
from tablelog.replay.kit.sample import Sampling
from tablelog.replay.kit.schedule import deep_states
from tablelog.replay.kit.walk import InvariantViolation, Probe, Step
from tablelog.rules.events import Event, Move, Ruling, Undo
from tablelog.rules.protocol import RuleSet, Shown, View

__all__ = ["views_probe"]

Seen = dict[int | None, Counter[Any]]


def views_probe(
    rules: RuleSet,
    history: History,
    sampling: Sampling,
    renderers: Sequence[Renderer] = RENDERERS,
) -> Probe:
    """The views check as a probe of the checks' single walk: each sampled viewer's view
    and what each of ``renderers`` prints for them."""
    seats: tuple[int | None, ...] = (None, *range(len(history.header.players)))
    seen = [_Seen()]
    rules = _looking(rules)
    deck = tuple(rules.deck(history.header))
    along: list[Shown] = []  # what each effective event showed, in order
    deep = deep_states(history, sampling)

    def step(step: Step, moves: Sequence[Move]) -> None:
        if step.event is not None:
            if isinstance(step.event.payload, Undo | Ruling):
                gone = along[len(step.effective) :]  # the effective events are a prefix
                del along[len(step.effective) :]
                if any(shown.forget for shown in gone):
                    seen[0] = _Seen()  # what was forgotten is gathered again
                    for shown in along:
                        seen[0].see(shown)
                else:
                    for shown in gone:
                        seen[0].unsee(shown)
            elif step.event.family != "meta":
                shown = rules.shown(step.before, step.event)
                along.append(shown)
                seen[0].see(shown)
        if step.seq not in deep:
            return  # what each seat has been shown is kept on every state, the rest deep
        viewers = _seats(seats, step.seq, sampling.seats)
        known = {seat: seen[0].of(seat) for seat in viewers}
        _views_hold(rules, history, step, known, viewers)
        outputs_hold(rules, history, step, known, viewers, renderers, deck)

    return Probe(step)


class _Looks:
    """``rules.view`` and ``rules.shown`` with what they answered about the walk's last two
    states kept: the views check, the gate's blanking of a move (the views just before and
    just after it) and the page's table all ask the same questions of the same states.
    The rules are pure, so a kept answer is the answer; states are matched by identity."""

    def __init__(self, rules: RuleSet) -> None:
        self._view = rules.view
        self._shown = rules.shown
        self._views: list[tuple[Any, dict[int | None, View]]] = []
        self._last_shown: tuple[Any, Event, Shown] | None = None

    def view(self, state: Any, seat: int | None) -> View:
        by_seat = next((kept for held, kept in self._views if held is state), None)
        if by_seat is None:
            by_seat = {}
            self._views = [*self._views[-1:], (state, by_seat)]
        view = by_seat.get(seat)
        if view is None:
            view = by_seat[seat] = self._view(state, seat)
        return view

    def shown(self, state: Any, event: Event) -> Shown:
        last = self._last_shown
        if last is not None and last[0] is state and last[1] is event:
            return last[2]
        shown = self._shown(state, event)
        self._last_shown = (state, event, shown)
        return shown


def _looking(rules: RuleSet) -> RuleSet:
    """``rules`` with its views and what its events show kept for the last two states."""
    looks = _Looks(rules)
    return attrs.evolve(rules, view=looks.view, shown=looks.shown)


def _seats(seats: tuple[int | None, ...], seq: int, many: int | None) -> tuple[int | None, ...]:
    """Everyone's view and ``many`` seats' in turn (all of them for ``None``)."""
    players = seats[1:]
    if many is None or many >= len(players):
        return seats
    first = seq * many % len(players)
    return (None, *(players[(first + i) % len(players)] for i in range(many)))


def _views_hold(
    rules: RuleSet, history: History, step: Step, seen: Seen, seats: Sequence[int | None]
) -> None:
    """Each of ``seats``' view shows no card more often than ``seen[seat]`` counts it, and
    counts each zone as the state holds it."""
    counted = kept(step.state)  # the conservation check's of the same walk, if it ran
    zones = rules.zones(step.state) if counted is None else counted.zones
    for seat in seats:
        view = rules.view(step.state, seat)
        leak = Counter(view.cards()) - seen[seat]
        if leak:
            who = "everyone" if seat is None else history.header.players[seat]
            detail = f"the view of {who} shows {cards_text(leak)}, never shown to them"
            raise InvariantViolation("views", step.seq, detail)
        for zone in view.zones:
            real = zones.get(zone.name)
            if real is not None and len(zone.cards) + zone.hidden != len(real):
                detail = f"zone {zone.name} holds {len(real)} cards, the view says otherwise"
                raise InvariantViolation("views", step.seq, detail)


class _Seen:
    """What has been shown so far: to everyone, and to each seat alone (since the last
    shuffle that made everyone forget). Kept apart, so an event costs what it showed."""

    def __init__(self) -> None:
        self.everyone: Counter[Any] = Counter()
        self.own: dict[int | None, Counter[Any]] = {}

    def see(self, shown: Shown) -> None:
        """Add what one event showed."""
        if shown.forget:
            self.everyone.clear()
            self.own.clear()
        if shown.everyone:
            self.everyone.update(shown.everyone)
        for seat, cards in shown.seats.items():
            self.own.setdefault(seat, Counter()).update(cards)

    def unsee(self, shown: Shown) -> None:
        """Take back what one event showed (the last one seen, which made no one forget):
        the counts are those of every event before it seen again (a count may stay at
        nought, which ``of`` leaves out)."""
        if shown.everyone:
            self.everyone.subtract(shown.everyone)
        for seat, cards in shown.seats.items():
            self.own[seat].subtract(cards)

    def of(self, seat: int | None) -> Counter[Any]:
        """What ``seat`` (``None``: everyone) has been shown."""
        own = self.own.get(seat)
        return self.everyone + own if own else +self.everyone
