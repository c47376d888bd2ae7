"""The invariants every rule set must keep, checked along a history in one walk.

1. ``conservation``: all zones together (face-down counts included) are the deck, counted
   again only where a zone changed (``replay.kit.conservation``).
2. ``closure``: every sampled legal move is accepted and leads to a state that again
   conserves the deck; a seat in ``to_act`` always has a legal move; a running game
   always has a seat to act or a pending chance step; games end within the rule set's
   bound.
3. ``agreement``: the validator agrees with the generator: a mutated event (given to
   other seats, its cards swapped for others of the deck, a card of a set dropped, or a
   move of a kind seen earlier) is accepted by ``apply`` exactly when ``moves`` yields it,
   asked through the filters (seat, lead card, kind), never a full listing; and no claim
   on face-down cards (``rules.claims``, read through ``RuleSet.claims``) is left that
   can no longer be met.
4. ``roundtrip``: applying an event twice gives equal states; states and events survive
   msgpack, the SQLite ledger and JSON Lines export/import; the events and the sampled
   moves format and parse back to themselves.
5. ``views``: ``view(state, seat)`` holds no card the seat has not been shown, and no
   view misstates how many cards a zone holds (``replay.kit.views``).
6. ``playout``: a game's own playout (``rules.playout``) lists, deals and ends as the fold
   does at every state, and stands for the fold's state at the deep ones
   (``replay.kit.playouts``; a game without one is not walked).

Every state gets the cheap parts (conservation, the event's notation, a running game
having something to do, the open claims, what each seat was shown); the deep states
(``replay.kit.schedule``: the ends, the first event of each kind, a sample of the rest)
the expensive ones, each looking at a bounded sample of the state's moves and viewers
(``replay.kit.sample``): ``SAMPLED`` by default, ``THOROUGH`` for every state, move and
seat. Determinism is the deep states' events applied a second time; nothing folds a log
from the start again. Each raises ``InvariantViolation`` naming the invariant, the
event and what is wrong.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from tablelog.replay import dealer
from tablelog.replay.kit.conservation import Tally, keep, kept, tally
from tablelog.replay.kit.history import History
from tablelog.replay.kit.playouts import playout_probe
from tablelog.replay.kit.roundtrip import (
    applies_alike,
    check_storage,
    notation_survives,
    state_survives,
)
from tablelog.replay.kit.sample import SAMPLED, THOROUGH, Sampling, is_listed, rng_for, sample_moves
from tablelog.replay.kit.schedule import deep_states, history_key
from tablelog.replay.kit.views import views_probe
from tablelog.replay.kit.walk import InvariantViolation, Probe, ProbeMaker, Step, walk
from tablelog.rules.cards import Card
from tablelog.rules.claims import broken
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event, Move
from tablelog.rules.listing import any_move
from tablelog.rules.protocol import RuleSet, S
from tablelog.rules.zones import unaccounted

__all__ = [
    "INVARIANTS",
    "InvariantViolation",
    "Probe",
    "Step",
    "check_agreement",
    "check_all",
    "check_closure",
    "check_conservation",
    "check_playout",
    "check_roundtrip",
    "check_views",
    "claims_hold",
    "walk",
]


def _conservation(rules: RuleSet[S], history: History, sampling: Sampling) -> Probe:
    deck = Counter(rules.deck(history.header))
    counted: list[Tally] = []

    def step(step: Step, moves: Sequence[Move]) -> None:
        zones = rules.zones(step.state)
        counted[:] = [counted[0].after(zones, step.seq) if counted else tally(deck, zones, 0)]
        keep(step.state, counted[0])  # closure counts the state's moves from it

    return Probe(step)


def _closure(rules: RuleSet[S], history: History, sampling: Sampling) -> Probe:
    deck = Counter(rules.deck(history.header))
    bound = rules.max_events(history.header)

    deep = deep_states(history, sampling)

    def step(step: Step, moves: Sequence[Move]) -> None:
        state, seq = step.state, step.seq + 1
        seats = rules.to_act(state)
        if step.seq not in deep:
            _running(rules, step, bound, seats)
            return
        counted = _counted(deck, rules, state, step.seq) if moves else None
        for move in moves:
            try:
                after = rules.apply(state, Event(seq, move.actor, move.payload))
            except IllegalEvent as refused:
                detail = f"listed move {move!r} refused: {refused.reason}"
                raise InvariantViolation("closure", seq, detail) from None
            assert counted is not None
            counted.after(rules.zones(after), seq)
        _chance_closed(rules, step)
        _someone_acts(rules, step, seats, {move.actor for move in moves})
        _running(rules, step, bound, seats)

    def end(last: Step) -> None:
        if len(last.effective) > bound:
            detail = f"{len(last.effective)} game events, over {bound}"
            raise InvariantViolation("closure", last.seq, detail)

    return Probe(step, end)


def _counted(deck: Counter[Card], rules: RuleSet[S], state: S, seq: int) -> Tally:
    """The tally of ``state``: the conservation check's of the same walk if it made one
    (it counted the state already), else every zone counted."""
    counted = kept(state)
    return tally(deck, rules.zones(state), seq) if counted is None else counted


def _someone_acts(
    rules: RuleSet[S], step: Step, seats: Sequence[int], moving: set[int | None]
) -> None:
    """Each seat to act (``seats``) has a move (``moving`` are known to)."""
    for seat in seats:
        if seat not in moving and not any_move(rules, step.state, seat):
            detail = f"seat {seat} is to act but has no legal move"
            raise InvariantViolation("closure", step.seq, detail)


def _running(rules: RuleSet[S], step: Step, bound: int, seats: Sequence[int]) -> None:
    """A running game has a seat to act (``seats``) or a chance step."""
    state = step.state
    if seats or rules.outcome(state) is not None or rules.chance(state) is not None:
        return
    if len(step.effective) < bound:
        raise InvariantViolation("closure", step.seq, "a running game has nothing to do")


def _chance_closed(rules: RuleSet[S], step: Step) -> None:
    """A pending chance step, sampled either way (seeded or as a table sees it), is accepted."""
    chance = rules.chance(step.state)
    if chance is None:
        return
    for known in (True, False):
        move = dealer.sample(chance, random.Random(step.seq), known)
        try:
            rules.apply(step.state, Event(step.seq + 1, move.actor, move.payload))
        except IllegalEvent as refused:
            raise InvariantViolation(
                "closure", step.seq + 1, f"the dealt {move.type} was refused: {refused.reason}"
            ) from None


def _agreement(rules: RuleSet[S], history: History, sampling: Sampling) -> Probe:
    whole = rules.deck(history.header)
    deck = tuple(dict.fromkeys(whole))
    seats: tuple[int | None, ...] = (None, *range(len(history.header.players)))
    earlier: dict[str, Move] = {}  # the last sampled move of each kind, in order met
    key = history_key(history)
    deep = deep_states(history, sampling)

    def step(step: Step, moves: Sequence[Move]) -> None:
        claims_hold(rules, whole, step.state, step.seq)
        if step.seq not in deep:
            return
        rng = rng_for(f"agreement:{key}", step.seq)
        for move in moves:
            earlier[move.kind] = move
        templates = list(moves if sampling.templates is None else moves[: sampling.templates])
        absent = [m for k, m in earlier.items() if all(t.kind != k for t in moves)]
        if absent and sampling.templates is not None:
            absent = [rng.choice(absent)]
        templates += absent  # kinds seen earlier, tried where they may no longer be legal
        cards = deck if sampling.cards is None else rng.sample(deck, min(sampling.cards, len(deck)))
        changes = list(_mutations(templates, seats, cards))
        if sampling.mutations is not None and len(changes) > sampling.mutations:
            changes = rng.sample(changes, sampling.mutations)
        variants = dict.fromkeys(_mutated(*change) for change in changes)
        for move in (*absent, *variants):
            if move not in moves:
                _agrees(rules, step, move)

    return Probe(step)


def claims_hold(rules: RuleSet[S], deck: Sequence[Card], state: S, seq: int) -> None:
    """Every open claim of ``state`` can still be met by the face-down cards it rests on
    (``InvariantViolation`` of ``agreement`` naming the claim otherwise)."""
    if rules.claims is None:
        return
    claims = rules.claims(state)
    if not claims:
        return
    zones = rules.zones(state)
    hidden = {c.seat: zones[c.zone].hidden if c.zone in zones else 0 for c in claims}
    reason = broken(claims, hidden, unaccounted(deck, zones.values()))
    if reason is not None:
        raise InvariantViolation("agreement", seq, f"a claim can no longer be met: {reason}")


def _agrees(rules: RuleSet[S], step: Step, move: Move) -> None:
    seq = step.seq + 1
    try:
        rules.apply(step.state, Event(seq, move.actor, move.payload))
        accepted = True
    except IllegalEvent:
        accepted = False
    if accepted != is_listed(rules, step.state, move):
        said, where = ("accepts", "unlisted") if accepted else ("refuses", "listed")
        raise InvariantViolation("agreement", seq, f"apply {said} the {where} move {move!r}")


Change = tuple[Move, str | None, Any]
"""A template, the field to change (``None``: the actor) and its new value."""


def _mutations(
    templates: Sequence[Move], seats: Sequence[int | None], cards: Sequence[Card]
) -> Iterator[Change]:
    """Each template given to every other seat, each of its cards swapped for each of
    ``cards``, and a set of cards with one dropped (described, not made: a sample of them
    is made by ``_mutated``)."""
    for template in templates:
        yield from ((template, None, actor) for actor in seats if actor != template.actor)
        payload = template.payload
        for field in attrs.fields(type(payload)):
            value = getattr(payload, field.name)
            if isinstance(value, Card):
                yield from ((template, field.name, c) for c in cards if c != value)
            elif isinstance(value, tuple) and value and isinstance(value[0], Card):
                yield from ((template, field.name, (c, *value[1:])) for c in cards if c != value[0])
                if len(value) > 1:
                    yield template, field.name, value[:-1]


def _mutated(template: Move, field: str | None, value: Any) -> Move:
    if field is None:
        return Move(value, template.payload)
    return Move(template.actor, attrs.evolve(template.payload, **{field: value}))


def _roundtrip(rules: RuleSet[S], history: History, sampling: Sampling) -> Probe:
    offset = rng_for(history_key(history), 0).randrange(sampling.stride)
    deep = deep_states(history, sampling)

    def step(step: Step, moves: Sequence[Move]) -> None:
        if step.seq in deep:
            if step.seq % sampling.stride == offset:
                state_survives(step)
            applies_alike(rules, step)
        notation_survives(rules, step, moves)

    def end(last: Step) -> None:
        state_survives(last)
        check_storage(rules, history)

    return Probe(step, end)


PROBES: dict[str, ProbeMaker] = {
    "conservation": _conservation,
    "closure": _closure,
    "agreement": _agreement,
    "roundtrip": _roundtrip,
    "views": views_probe,
    "playout": playout_probe,
}
"""Every invariant's probe, by name, in the order ``check_all`` runs them."""

SAMPLING = ("closure", "agreement", "roundtrip")
"""The invariants that read each state's sampled moves."""


def run(
    rules: RuleSet[S], history: History, names: Sequence[str], sampling: Sampling = SAMPLED
) -> None:
    """Check the invariants ``names`` on every state of ``history``, walking it once."""
    probes = [PROBES[name](rules, history, sampling) for name in names]
    needs_moves = any(name in SAMPLING for name in names)
    key = history_key(history)
    deep = deep_states(history, sampling)
    last = None
    for step in walk(rules, history):
        moves = (
            sample_moves(rules, step.state, rng_for(key, step.seq), sampling)
            if needs_moves and step.seq in deep
            else ()
        )
        for probe in probes:
            probe.step(step, moves)
        last = step
    assert last is not None  # walk yields the start at least
    for probe in probes:
        probe.end(last)


def _check(name: str) -> Callable[..., None]:
    def check(rules: RuleSet[S], history: History, *, sampling: Sampling = SAMPLED) -> None:
        run(rules, history, (name,), sampling)

    check.__name__ = check.__qualname__ = f"check_{name}"
    check.__doc__ = f"Invariant {name} on every state of ``history`` (sampled unless told)."
    return check


check_conservation = _check("conservation")
check_closure = _check("closure")
check_agreement = _check("agreement")
check_roundtrip = _check("roundtrip")
check_views = _check("views")
check_playout = _check("playout")

INVARIANTS: dict[str, Callable[..., None]] = {
    "conservation": check_conservation,
    "closure": check_closure,
    "agreement": check_agreement,
    "roundtrip": check_roundtrip,
    "views": check_views,
    "playout": check_playout,
}
"""One check per invariant: ``INVARIANTS[name](rules, history, sampling=...)``."""


def check_all(
    rules: RuleSet[S],
    history: History,
    *,
    thorough: bool = False,
    sampling: Sampling | None = None,
) -> None:
    """Every invariant on ``history`` in one walk; the first broken one is raised.

    By default each state's moves are sampled (``SAMPLED``); ``thorough=True`` tries
    every listed move and every mutation (``THOROUGH``); ``sampling`` sets it exactly.
    """
    chosen = sampling if sampling is not None else THOROUGH if thorough else SAMPLED
    run(rules, history, tuple(PROBES), chosen)
