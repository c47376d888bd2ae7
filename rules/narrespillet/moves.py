"""Who acts now (``to_act``) and the legal moves (``moves``), generated lazily.

The actions of the participant on turn (no window open) are built legal: ``BUILT`` names
them, and each generator makes only what ``checks.check_turn`` lets through, in a fixed
order. A discard or a Chariot load names only cards the actor holds (``available``), a
forfeit only an open battlefield, a pass only an optional extra turn, an unload and a
lift only what the actor has; an exorcism, one move, is asked of ``check_turn``;
placements and picture plays come from ``candidates`` and ``plays``, which make each
kind only from cards that make it, on fields and targets its check accepts.
``tests/rules/test_narrespillet_built.py`` holds the listing, on random games of every
variant and on the recorded fixtures, to the check of every full candidate (the old
generators, kept there). Windows, the Hermit and shown cards are few: their candidates
are still held to ``check``, the function ``apply`` uses, but for the answers that are
legal by how they are made (``BUILT_WINDOW``, ``BUILT_PASSES``). The filters are pushed down: a
kind asked for generates only that kind's candidates, a seat only that seat's, and a
lead card only the candidates it leads. ``kinds`` and ``cards`` answer from the first
legal move of each kind and lead card; ``count`` counts without keeping moves.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from functools import partial

from tablelog.rules.cards import Card
from tablelog.rules.claims import allows
from tablelog.rules.events import Event, Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.actors import head_step, hermits, to_act
from tablelog.rules.narrespillet.candidates import places
from tablelog.rules.narrespillet.checks import check, check_turn
from tablelog.rules.narrespillet.deck import DECK, HOUSES
from tablelog.rules.narrespillet.listing import discard_move, forfeit_move, turn_listing
from tablelog.rules.narrespillet.pictures import EFFECTS
from tablelog.rules.narrespillet.place import canonical
from tablelog.rules.narrespillet.plays import pictures
from tablelog.rules.narrespillet.state import OPEN, PLAY, State, seat_of
from tablelog.rules.narrespillet.take import available, unknown
from tablelog.rules.narrespillet.windows import (
    call_pass,
    calls,
    downs,
    fool_passes,
    fools,
    mine,
    reveal_passes,
    reveals,
    shows,
    votes,
)

__all__ = ["KINDS", "cards", "count", "kinds", "moves", "to_act", "turn_moves"]

KINDS = (
    "show",
    "reveal",
    "fool",
    "vote",
    "call",
    "hermit",
    "pass",
    "place",
    "discard",
    "forfeit",
    "picture",
    "load",
    "unload",
    "lift",
    "exorcise",
)
"""Every kind of Narrespillet move, in the order ``moves`` yields them."""

NO_CARD = frozenset({"fool", "vote", "hermit", "pass", "forfeit", "unload", "lift", "exorcise"})
"""The kinds whose moves name no card."""


BUILT = frozenset(
    {"pass", "place", "discard", "forfeit", "picture", "load", "unload", "lift", "exorcise"}
)
"""The kinds of an actor's turn (no window open) whose candidates are all legal: they are
made from what ``check`` asks of them, so it is not asked again."""


BUILT_WINDOW = frozenset({"call", "vote", "discard"})
"""The kinds of a window's answers listed legal: a call names only a card the call's own
check (``checks.check_call``) lets through, made by the participant calling; a vote,
yes and no, only by a player the vote still asks (``head.asked``, all ``check`` asks of
a vote); a discard down to the hand limit only a card the participant holds in hand or
open (``available``, where ``check`` looks for it), by its seat."""

BUILT_PASSES = frozenset({"fool", "call"})
"""The windows whose passes are listed legal: the Fool's window lists a pass for each
participant it asks (by its seat, the Demons' flag set for them), a call's for the
participant calling, all that ``check`` asks of them (a pass in the Hierophant's reveal
window is a claim on a hand: it is checked)."""


def _lead(move: Move) -> Card | None:
    p = move.payload
    if isinstance(p, ev.Place | ev.Load):
        return p.cards[0] if p.cards else None
    return getattr(p, "card", None)


Gen = Callable[[State, "int | None", "Card | None"], Iterator[Move]]


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    """The legal moves, filtered by seat, lead card and kind."""
    if state.phase != PLAY:
        return
    if kind is not None and card is not None and kind in NO_CARD:
        return
    head = head_step(state)
    who = state.actor if head is None else None
    if who is not None and seat is None and card is None and kind is None:
        yield from turn_moves(state, who)
        return
    passes = head is not None and head.kind in BUILT_PASSES  # listed legal
    for k, gen in _generators(state):
        if kind is not None and k != kind:
            continue
        built = k in BUILT if who is not None else k in BUILT_WINDOW or (passes and k == "pass")
        for move in gen(state, seat, card):
            if seat is not None and move.actor != seat:
                continue
            if card is not None and _lead(move) != card:
                continue
            if built or check(state, Event(0, move.actor, move.payload)) is None:
                yield move


def turn_moves(state: State, who: int) -> list[Move]:
    """Every legal move while ``who`` is on turn (no window open), unfiltered: what the loop
    above yields for no seat, card or kind, made in one list (most listings are this one;
    ``listing.turn_listing`` makes it flat while every player's hand is known)."""
    hands = state.hands
    if not any(hands[s].hidden for s in range(state.n)):
        return turn_listing(state, who)
    out: list[Move] = []
    for k, gen in _generators(state):
        if k in BUILT:
            out.extend(gen(state, None, None))
        else:
            out.extend(
                m
                for m in gen(state, None, None)
                if check(state, Event(0, m.actor, m.payload)) is None
            )
    return out


def kinds(state: State, seat: int) -> tuple[str, ...]:
    """The kinds of move ``seat`` may make now, each found by its first legal move."""
    if seat not in to_act(state):
        return ()
    return tuple(
        k for k, _ in _generators(state) if next(moves(state, seat, None, k), None) is not None
    )


def cards(state: State, seat: int, kind: str) -> tuple[Card | None, ...]:
    """The cards that lead a legal move of ``kind`` by ``seat`` (``None`` for a move that
    names no card), in deck order."""
    if kind in NO_CARD:
        return (None,) if next(moves(state, seat, None, kind), None) is not None else ()
    if seat not in to_act(state):
        return ()
    if kind == "show":  # every card the record has not placed, for a face-down hand
        if seat >= state.n or not state.hands[seat].hidden:
            return ()
        pool = unknown(state)
        return tuple(c for c in DECK if c in pool and allows(state.claims, seat, c))
    if kind in ("place", "picture", "load", "call"):
        return _confirmed_leads(state, seat, kind)
    return tuple(c for c in _leads(state, seat, kind) if next(moves(state, seat, c, kind), None))


def _confirmed_leads(state: State, seat: int, kind: str) -> tuple[Card, ...]:
    """The lead cards of ``kind``, from one pass over its candidates: each candidate is
    checked only while its lead card has no legal move yet."""
    found: set[Card] = set()
    for k, gen in _generators(state):
        if k != kind:
            continue
        for move in gen(state, seat, None):
            lead = _lead(move)
            if lead is None or lead in found or move.actor != seat:
                continue
            if check(state, Event(0, move.actor, move.payload)) is None:
                found.add(lead)
    return tuple(c for c in DECK if c in found)


def _leads(state: State, seat: int, kind: str) -> tuple[Card, ...]:
    """The cards that might lead a move of ``kind`` by ``seat``, in deck order: those it
    can use (or, for a face-down card shown or a card called, any the record allows)."""
    if kind in ("show", "call"):
        return DECK
    if kind == "reveal":
        pool = unknown(state)
        return tuple(c for c in DECK if c in pool)
    head = head_step(state)
    who = head.who if head is not None else state.actor
    if who is None or seat_of(state, who) != seat:
        return ()
    if kind == "place":
        return available(state, who, pool=True, chariot=True)
    if kind == "picture":
        return tuple(c for c in available(state, who, pool=True, chariot=False) if c in EFFECTS)
    return available(state, who, pool=False, chariot=False)  # discard, load


def count(state: State, seat: int | None = None) -> int:
    """How many legal moves ``seat`` (``None``: anyone) has, counted without keeping them."""
    return sum(1 for _ in moves(state, seat))


def _generators(state: State) -> tuple[tuple[str, Gen], ...]:
    """The kinds possible in ``state`` with their candidate generators, in ``KINDS`` order."""
    head = head_step(state)
    showing: tuple[tuple[str, Gen], ...] = (("show", shows),)
    if head is not None:
        window: dict[str, tuple[tuple[str, Gen], ...]] = {
            "fool": (("fool", fools), ("pass", fool_passes)),
            "vote": (("vote", votes),),
            "call": (("call", calls), ("pass", call_pass)),
            "down": (("discard", downs),),
            "reveal": (("reveal", reveals), ("pass", reveal_passes)),
        }
        return showing + window.get(head.kind, ())
    if state.actor is None:
        return ()
    return showing + _TURN


def _actor(state: State, seat: int | None) -> int | None:
    """The participant on turn if ``seat`` (``None``: anyone) makes its moves."""
    who = state.actor
    return who if who is not None and mine(state, seat, who) else None


def _hermit_turns(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    for h in hermits(state):
        if mine(state, seat, h):
            yield Move(seat_of(state, h), ev.Hermit(h == state.n))


def _turn_pass(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    who = _actor(state, seat)
    if who is not None and state.optional:
        yield Move(seat_of(state, who), ev.Pass(who == state.n))


def _actor_moves(
    made: Callable[[State, int, Card | None], Iterable[object]],
    state: State,
    seat: int | None,
    card: Card | None,
) -> Iterator[Move]:
    """The moves ``made`` for the participant acting (placements, pictures)."""
    who = _actor(state, seat)
    if who is not None:
        yield from map(partial(Move, seat_of(state, who)), made(state, who, card))


_place_moves = partial(_actor_moves, places)
_picture_moves = partial(_actor_moves, pictures)


def _discards(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    who = _actor(state, seat)
    if who is not None:
        s = seat_of(state, who)
        for c in available(state, who, pool=False, chariot=False):
            if card in (None, c):
                yield discard_move(s, c)


def _forfeits(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    who = _actor(state, seat)
    if who is not None:
        row = state.slots[who]
        s = seat_of(state, who)
        for i, house in enumerate(HOUSES):
            if row[i].status == OPEN:
                yield forfeit_move(s, house)


def _loads(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    who = _actor(state, seat)
    if who is not None and state.has_chariot[who]:
        s = seat_of(state, who)
        hand = canonical(tuple(available(state, who, pool=False, chariot=False)))
        for k in (1, 2):
            for combo in itertools.combinations(hand, k):  # in deck order, as recorded
                if card in (None, combo[0]):
                    yield Move(s, ev.Load(combo))


def _unload(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    who = _actor(state, seat)
    if who is not None and state.has_chariot[who]:
        yield Move(seat_of(state, who), ev.Unload())


def _lift(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    who = _actor(state, seat)
    if who is not None and state.temperance is not None and state.temperance[0] == who:
        yield Move(seat_of(state, who), ev.Lift())


def _exorcise(state: State, seat: int | None, card: Card | None) -> Iterator[Move]:
    who = _actor(state, seat)
    if who is not None and check_turn(state, who, ev.Exorcise()) is None:  # one move: asked
        yield Move(seat_of(state, who), ev.Exorcise())


_TURN: tuple[tuple[str, Gen], ...] = (
    ("hermit", _hermit_turns),
    ("pass", _turn_pass),
    ("place", _place_moves),
    ("discard", _discards),
    ("forfeit", _forfeits),
    ("picture", _picture_moves),
    ("load", _loads),
    ("unload", _unload),
    ("lift", _lift),
    ("exorcise", _exorcise),
)
