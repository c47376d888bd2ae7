"""The invariants every rule set must keep, checked along a history.

1. ``conservation``: all zones together (face-down counts included) are the deck.
2. ``closure``: every listed move is accepted and leads to a state that again conserves
   the deck; a running game always has a move or a chance step; games end within the
   rule set's bound.
3. ``agreement``: the validator agrees with the generator: a move ``apply`` accepts is one
   ``legal_moves`` lists (checked with every listed move given to other seats and with
   every card of the deck put in place of its cards).
4. ``roundtrip``: folding a log twice gives equal states; states and events survive
   msgpack, the SQLite ledger and JSON Lines export/import; notation formats and parses
   back to the same move.
5. ``views``: ``view(state, seat)`` holds no card the seat has not been shown, and no
   view misstates how many cards a zone holds.

Each check takes a rule set and a ``History`` and raises ``InvariantViolation`` naming the
invariant, the event and what is wrong.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from replay.kit.roundtrip import check_notation, check_states, check_storage
from replay.kit.strategies import History
from replay.kit.walk import InvariantViolation, Step, walk
from rules.errors import IllegalEvent
from rules.events import Event, Move, Note, Undo
from rules.protocol import RuleSet
from rules.zones import zone_total

__all__ = [
    "INVARIANTS",
    "InvariantViolation",
    "Step",
    "check_agreement",
    "check_all",
    "check_closure",
    "check_conservation",
    "check_roundtrip",
    "check_views",
    "walk",
]


def check_conservation(rules: RuleSet, history: History) -> None:
    """Invariant 1 on every state of ``history``."""
    deck = Counter(rules.deck(history.header))
    for step in walk(rules, history):
        _conserved(rules, deck, step.state, step.seq)


def _conserved(rules: RuleSet, deck: Counter[Any], state: Any, seq: int) -> None:
    known, hidden = zone_total(rules.zones(state))
    extra = known - deck
    if extra:
        raise InvariantViolation("conservation", seq, f"cards not in the deck: {_cards(extra)}")
    missing = sum(deck.values()) - sum(known.values()) - hidden
    if missing:
        word = "missing" if missing > 0 else "too many"
        plural = "card" if abs(missing) == 1 else "cards"
        raise InvariantViolation("conservation", seq, f"{abs(missing)} {plural} {word}")


def check_closure(rules: RuleSet, history: History) -> None:
    """Invariant 2 on every state of ``history``."""
    deck = Counter(rules.deck(history.header))
    bound = rules.max_events(history.header)
    last = None
    for step in walk(rules, history):
        last = step
        for move in rules.moves(step.state):
            event = Event(step.seq + 1, move.actor, move.payload)
            try:
                after = rules.apply(step.state, event)
            except IllegalEvent as refused:
                raise InvariantViolation(
                    "closure", step.seq + 1, f"listed move {move!r} refused: {refused.reason}"
                ) from None
            _conserved(rules, deck, after, step.seq + 1)
        _chance_closed(rules, history, step)
    assert last is not None
    running = rules.outcome(last.state) is None
    stuck = next(iter(rules.moves(last.state)), None) is None and rules.chance(last.state) is None
    played = len(last.effective)
    if played > bound:
        raise InvariantViolation("closure", last.seq, f"{played} game events, over {bound}")
    if running and played < bound and stuck:
        raise InvariantViolation("closure", last.seq, "a running game has nothing to do")


def _chance_closed(rules: RuleSet, history: History, step: Step) -> None:
    """A pending chance step, realized either way, is accepted."""
    chance = rules.chance(step.state)
    if chance is None:
        return
    for known in (True, False):
        move = chance.realize(random.Random(step.seq), known)
        try:
            rules.apply(step.state, Event(step.seq + 1, move.actor, move.payload))
        except IllegalEvent as refused:
            raise InvariantViolation(
                "closure", step.seq + 1, f"the dealt {move.type} was refused: {refused.reason}"
            ) from None


def check_agreement(rules: RuleSet, history: History, *, sample: int | None = None) -> None:
    """Invariant 3 on every state of ``history``.

    With ``sample`` set, each state tries that many cards of the deck and three of the
    listed moves (a different random choice per state) instead of all of them: the fuzz
    driver's speed setting.
    """
    deck = tuple(dict.fromkeys(rules.deck(history.header)))
    seats: tuple[int | None, ...] = (None, *range(len(history.header.players)))
    templates: Sequence[Move] = ()
    for step in walk(rules, history):
        legal = tuple(rules.moves(step.state))
        templates = legal or templates
        listed = set(legal)
        tried, cards = templates, deck
        if sample is not None:
            rng = random.Random(step.seq)
            tried = rng.sample(list(templates), min(3, len(templates)))
            cards = tuple(rng.sample(deck, min(sample, len(deck))))
        for move in _mutations(tried, seats, cards):
            accepted = _accepts(rules, step.state, Event(step.seq + 1, move.actor, move.payload))
            if accepted != (move in listed):
                said = "accepts" if accepted else "refuses"
                where = "unlisted" if accepted else "listed"
                raise InvariantViolation(
                    "agreement", step.seq + 1, f"apply {said} the {where} move {move!r}"
                )


def _mutations(
    templates: Sequence[Move], seats: Sequence[int | None], deck: Sequence[Any]
) -> Iterator[Move]:
    """Each template given to every seat, and with each of its cards swapped for every card."""
    seen: set[Move] = set()
    for template in templates:
        variants = [attrs.evolve(template, actor=actor) for actor in seats]
        payload = template.payload
        for field in attrs.fields(type(payload)):
            if type(getattr(payload, field.name)) is type(deck[0]):
                variants += [
                    Move(template.actor, attrs.evolve(payload, **{field.name: card}))
                    for card in deck
                ]
        for move in variants:
            if move not in seen:
                seen.add(move)
                yield move


def _accepts(rules: RuleSet, state: Any, event: Event) -> bool:
    try:
        rules.apply(state, event)
    except IllegalEvent:
        return False
    return True


def check_views(rules: RuleSet, history: History) -> None:
    """Invariant 5 on every state of ``history``."""
    seats: tuple[int | None, ...] = (None, *range(len(history.header.players)))
    seen: dict[int | None, Counter[Any]] = {seat: Counter() for seat in seats}
    for step in walk(rules, history):
        if step.event is not None:
            if isinstance(step.event.payload, Undo):
                seen = _seen_along(rules, history, step.effective, seats)
            elif not isinstance(step.event.payload, Note):
                _see(seen, rules.shown(step.before, step.event))
        zones = rules.zones(step.state)
        for seat in seats:
            view = rules.view(step.state, seat)
            leak = Counter(view.cards()) - seen[seat]
            if leak:
                who = "everyone" if seat is None else history.header.players[seat]
                detail = f"the view of {who} shows {_cards(leak)}, never shown to them"
                raise InvariantViolation("views", step.seq, detail)
            for zone in view.zones:
                real = zones.get(zone.name)
                if real is not None and len(zone.cards) + zone.hidden != len(real):
                    detail = f"zone {zone.name} holds {len(real)} cards, the view says otherwise"
                    raise InvariantViolation("views", step.seq, detail)


def _see(seen: dict[int | None, Counter[Any]], shown: Any) -> None:
    if shown.forget:
        for counter in seen.values():
            counter.clear()
    for counter in seen.values():
        counter.update(shown.everyone)
    for seat, cards in shown.seats.items():
        seen[seat].update(cards)


def _seen_along(
    rules: RuleSet, history: History, effective: Sequence[Event], seats: Sequence[int | None]
) -> dict[int | None, Counter[Any]]:
    seen: dict[int | None, Counter[Any]] = {seat: Counter() for seat in seats}
    state = rules.start(history.header)
    for event in effective:
        _see(seen, rules.shown(state, event))
        state = rules.apply(state, event)
    return seen


def _cards(counter: Counter[Any]) -> str:
    return " ".join(str(card) for card in sorted(counter.elements(), key=str))


def check_roundtrip(rules: RuleSet, history: History) -> None:
    """Invariant 4 for ``history``: determinism, storage, interchange, notation."""
    check_states(rules, history)
    check_notation(rules, history)
    check_storage(rules, history)


INVARIANTS: dict[str, Callable[[RuleSet, History], None]] = {
    "conservation": check_conservation,
    "closure": check_closure,
    "agreement": check_agreement,
    "roundtrip": check_roundtrip,
    "views": check_views,
}


def check_all(rules: RuleSet, history: History, *, thorough: bool = True) -> None:
    """Every invariant on ``history``; the first broken one is raised.

    ``thorough=False`` samples the agreement check's mutations (see ``check_agreement``).
    """
    for name, check in INVARIANTS.items():
        if name == "agreement" and not thorough:
            check_agreement(rules, history, sample=12)
        else:
            check(rules, history)
