"""Invariant 6, ``playout``: a game's own playout walks with the fold at every state.

A game may give a playout (``rules.playout``, ``rules/playout.py``): the game walked
forward in place for fast random play. The fold stays the reference, so the kit walks
every history through the game's playout beside the fold: the playout is made from the
history's start state, each game event of the log is played on it (the event's own move:
a listed move or the dealt sample of a chance step), an ``undo`` or a ruling makes a new
playout from the fold state it leads back to, and a note changes nothing. At every state
``rules.playout.divergence`` compares the listing (same moves, same order), the chance
step and the outcome; at the deep states (``replay.kit.schedule``; every state with
``THOROUGH``) the state itself too (``playout.state() == state``), which may cost a full
state's building. A playout that raises is a divergence like any other.

The fold's listing of a state is made once: a game with a playout and no fast
``kinds``/``cards`` has its seats' menus read by the generator from the state's whole
listing (``replay.kit.sample.listing``). At each state it chooses a move in, the
generator compares that listing (made there for a game with fast answers) with the
listing of a playout it walks beside the fold
(``replay.kit.beside``), while the game's own caches of it are warm, and keeps the answer
with the history (``Folded.listings``); this check takes those answers and compares the
listings itself only at the other states (and at every state of a history read from a
log). At the
deep states it then holds the filters to it, for each seat to act: ``moves(state,
seat)`` is the seat's part of the whole listing in order, the game's ``kinds`` and
``cards`` name exactly the kinds and lead cards of those moves, and ``moves(state, seat,
card, kind)`` is their part in order, for one lead card of each kind (every one with
``THOROUGH``).

A game without a playout of its own is not walked: ``FoldPlayout`` is the fold itself,
and checking it against itself would cost without meaning anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from random import Random
from typing import Any

from tablelog.replay.kit.history import History
from tablelog.replay.kit.sample import Sampling, fast_lead, kept_listing, rng_for
from tablelog.replay.kit.schedule import deep_states, history_key
from tablelog.replay.kit.walk import InvariantViolation, Probe, Step
from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.playout import Playout, divergence, playout_of
from tablelog.rules.protocol import RuleSet

__all__ = ["playout_probe"]


_EVERY = Random(0)
"""Not drawn from: ``THOROUGH`` asks the filters of every lead card of every kind."""


def _no_playout(step: Step, moves: Sequence[Move]) -> None:
    """A game without a playout of its own: nothing to walk beside the fold."""


def playout_probe(rules: RuleSet, history: History, sampling: Sampling) -> Probe:
    """The playout check as a probe of the checks' single walk."""
    if rules.playout is None:
        return Probe(_no_playout)
    deep = deep_states(history, sampling)
    key = history_key(history)
    then = {} if history.folded is None else history.folded.listings
    held: list[Playout] = []

    def step(step: Step, moves: Sequence[Move]) -> None:
        event = step.event
        if event is None or (event.family == "meta" and step.state is not step.before):
            held[:] = [_made(rules, step)]  # the start, or an undo back to an earlier state
        elif event.family != "meta":
            _played(rules, held[0], step)
        listed = kept_listing(rules, step.state)  # the generator's, when it made one
        compared = step.seq in then  # the listings, as the history was drawn
        said = then[step.seq] if compared else None
        try:
            if said is None:
                said = divergence(
                    rules,
                    held[0],
                    step.state,
                    whole=step.seq in deep,
                    listed=listed,
                    compare_listing=not compared,
                )
        except Exception as error:
            said = f"comparing it with the fold raised {error!r}"
        if said is not None:
            raise InvariantViolation("playout", step.seq, f"{rules.name}'s playout: {said}")
        if listed is not None and step.seq in deep:
            rng = _EVERY if sampling.deep is None else rng_for(f"playout:{key}", step.seq)
            _seats_filter_alike(rules, step, listed, rng)

    return Probe(step)


def _made(rules: RuleSet, step: Step) -> Playout:
    """A playout of the step's fold state (``InvariantViolation`` if making it raises)."""
    try:
        return playout_of(rules, step.state, step.seq)
    except Exception as error:
        detail = f"{rules.name}'s playout could not be made from the fold's state: {error!r}"
        raise InvariantViolation("playout", step.seq, detail) from error


def _played(rules: RuleSet, game: Any, step: Step) -> None:
    """The step's event played on ``game``, numbered as in the log (a note before it
    numbers it past the fold's count of game events)."""
    event = step.event
    assert event is not None
    game.seq = event.seq - 1
    try:
        game.play(event.move)
    except Exception as error:
        detail = f"{rules.name}'s playout could not play {event.move!r}: {error!r}"
        raise InvariantViolation("playout", event.seq, detail) from error
    if game.seq != event.seq:
        detail = f"{rules.name}'s playout counts {game.seq} events after event {event.seq}"
        raise InvariantViolation("playout", event.seq, detail)


def _seats_filter_alike(rules: RuleSet, step: Step, listed: Sequence[Move], rng: Random) -> None:
    """The filters agree with the whole listing, for each seat to act: ``moves(state,
    seat)`` is the seat's part of it in order (a game without fast answers, whose menus
    the generator read from the whole listing); the game's fast ``kinds`` and ``cards``
    name exactly the kinds and lead cards it holds; and ``moves(state, seat, card,
    kind)`` is its part of them in order, for one lead card of each kind drawn by ``rng``
    (every one under ``THOROUGH``: ``every``)."""
    fast = rules.kinds is not None and rules.cards is not None
    for seat in rules.to_act(step.state):
        mine = tuple(m for m in listed if m.actor == seat)
        # a game with fast answers drew its moves through the filters (``sample.Menu``):
        # its seat's whole listing again would cost a second listing (Nørdekasino: 8 % of
        # a run); the card and kind filters are compared below
        if not fast and tuple(rules.moves(step.state, seat)) != mine:
            detail = f"moves(state, {seat}) is not seat {seat}'s part of moves(state), in order"
            _filter_differs(rules, step, detail)
        _fast_answers_alike(rules, step, seat, mine, rng)


def _fast_answers_alike(
    rules: RuleSet, step: Step, seat: int, mine: Sequence[Move], rng: Random
) -> None:
    """The game's ``kinds``, ``cards`` and card and kind filters against ``mine``, the
    seat's part of the whole listing (``_seats_filter_alike``)."""
    groups: dict[str, dict[Card | None, list[Move]]] = {}
    for move in mine:
        groups.setdefault(move.kind, {}).setdefault(fast_lead(move), []).append(move)
    state = step.state
    if rules.kinds is not None and sorted(rules.kinds(state, seat)) != sorted(groups):
        _filter_differs(rules, step, f"kinds(state, {seat}) are not the kinds of its moves")
    for kind, by_card in groups.items():
        if rules.cards is not None and _sorted(rules.cards(state, seat, kind)) != _sorted(by_card):
            detail = f"cards(state, {seat}, {kind!r}) are not the cards leading its moves"
            _filter_differs(rules, step, detail)
        leads = list(by_card)
        for card in leads if rng is _EVERY else [rng.choice(leads)]:
            found = rules.moves(state, seat, card, kind)
            if card is None:
                found = (m for m in found if fast_lead(m) is None)
            if tuple(found) != tuple(by_card[card]):
                detail = (
                    f"moves(state, {seat}, {card}, {kind!r}) is not its part of moves(state),"
                    " in order"
                )
                _filter_differs(rules, step, detail)


def _sorted(cards: Iterable[Card | None]) -> list[str]:
    """Lead cards as a sorted list of their texts (``None``: a move naming no card)."""
    return sorted("" if card is None else card.text for card in cards)


def _filter_differs(rules: RuleSet, step: Step, detail: str) -> None:
    raise InvariantViolation("playout", step.seq, f"{rules.name}: {detail}")
