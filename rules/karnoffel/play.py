"""Playing Karnöffel: ``apply``, ``legal_moves``, ``chance`` and ``outcome``.

The seat left of the dealer leads the first trick; play goes clockwise; nobody has to
follow suit; the trick's winner leads the next. The Devil (7 of trump) may not lead the
first trick. A deal ends after 5 tricks (or, with ``stop_at_three``, as soon as a team
has 3); the team with more tricks wins it and scores a point; the first team to
``target`` points wins the match. The next deal is dealt by the seat left of the dealer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import partial
from typing import Any

from tablelog.rules.binding import CannotBind, bind
from tablelog.rules.cards import SUIT_SYMBOLS, Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.karnoffel.deal import (
    apply_deal,
    apply_turn,
    deal_chance,
    turn_chance,
    unaccounted_cards,
)
from tablelog.rules.karnoffel.events import Play, Turn
from tablelog.rules.karnoffel.ranking import trick_winner_index
from tablelog.rules.karnoffel.state import (
    DEAL,
    DECK,
    OVER,
    PLAY,
    SEATING,
    SEATS,
    TRICKS,
    TURN,
    DealRecord,
    DealState,
    MatchState,
    Options,
    State,
    TrickRecord,
)
from tablelog.rules.protocol import ChanceStep, Outcome
from tablelog.rules.table import player, pool_view, where
from tablelog.rules.zones import Zone

__all__ = [
    "PLAYS",
    "SIDE",
    "TURN_ORDER",
    "apply",
    "chance",
    "count",
    "deal_ends",
    "legal_moves",
    "moves",
    "outcome",
    "to_act",
]

MOVES: dict[tuple[int, Card], Move] = {
    (seat, card): Move(seat, Play(card)) for seat in range(SEATS) for card in DECK
}
"""Every possible play as a shared ``Move`` value, so listing moves allocates little."""
PLAYS = tuple({card: MOVES[seat, card] for card in DECK} for seat in range(SEATS))
"""``PLAYS[seat][card]``: the same moves by seat, so a listing maps its cards in C."""
TURN_ORDER = tuple(tuple(SEATING.next(leader, k) for k in range(SEATS)) for leader in range(SEATS))
"""``TURN_ORDER[leader][k]``: the seat that plays the ``k``-th card of a trick ``leader`` leads."""
SIDE = tuple(SEATING.side(seat) for seat in range(SEATS))
"""``SIDE[seat]``: the team of ``seat`` (tables of ``SEATING``, read on every trick)."""


def _apply_chance(state: State, event: Event, payload: object) -> State:
    if isinstance(payload, Deal):
        return apply_deal(state, event)
    if isinstance(payload, Turn):
        return apply_turn(state, event)
    kind = getattr(payload, "TYPE", type(payload).__name__)
    raise IllegalEvent(
        event, f"Karnöffel has no {kind} events: a game is made of deal, turn and play events"
    )


def _refuse_phase(state: State, event: Event) -> IllegalEvent:
    if state.phase == DEAL:
        return IllegalEvent(event, "the cards must be dealt before anyone plays")
    if state.phase == TURN:
        return IllegalEvent(
            event, "the trump card must be turned from the stock before anyone plays"
        )
    return IllegalEvent(event, "the game is over")


def devil_text(trump: str) -> str:
    """The rule refusing the Devil's lead to the first trick, as a sentence."""
    return f"the Devil (7{SUIT_SYMBOLS[trump]}, the trump 7) may not be led to the first trick"


def _bind(state: State, event: Event, seat: int, card: Card) -> Zone:
    """The hand without one face-down card, bound to ``card`` if it is unaccounted for."""
    hand = state.hands[seat]
    pool = pool_view(state) if hand.hidden else Counter()
    try:
        return bind(hand, card, pool, holder=player(state, seat), where=partial(where, state))
    except CannotBind as refusal:
        raise IllegalEvent(event, str(refusal)) from None


def _refuse_actor(state: State, event: Event, seat: int) -> IllegalEvent:
    if event.actor is None:
        return IllegalEvent(
            event, f"a play must name the player who plays it (it is {player(state, seat)}'s turn)"
        )
    return IllegalEvent(
        event, f"it is {player(state, seat)}'s turn to play, not {player(state, event.actor)}'s"
    )


def apply(state: State, event: Event) -> State:
    """The state after ``event``; ``IllegalEvent`` naming the rule if it is not allowed."""
    # Plays are the hot path of every fold, so they are applied right here: direct
    # constructors (not ``attrs.evolve``), one scan of the hand's known cards, and no pool
    # of unaccounted cards unless a face-down card is bound.
    payload = event.payload
    if not isinstance(payload, Play):
        return _apply_chance(state, event, payload)
    if state.phase != PLAY:
        raise _refuse_phase(state, event)
    card = payload.card
    trick = state.trick
    leader = state.leader
    seat = TURN_ORDER[leader][len(trick)]
    if event.actor != seat:
        raise _refuse_actor(state, event, seat)
    hands = state.hands
    hand = hands[seat]
    cards = hand.cards
    try:
        i = cards.index(card)
    except ValueError:
        hand = _bind(state, event, seat, card)
    else:
        hand = Zone(cards[:i] + cards[i + 1 :], hand.hidden)
    current = state.current
    if not trick and not current.tricks and card.rank == "7" and card.suit == current.trump:
        raise IllegalEvent(event, devil_text(current.trump))
    new_hands = list(hands)
    new_hands[seat] = hand
    trick += (card,)
    if len(trick) < SEATS:
        return State(
            state.table, PLAY, state.dealer, tuple(new_hands), trick, leader, current, state.match
        )
    return _close_trick(state, tuple(new_hands), trick)


def _close_trick(state: State, hands: tuple[Zone, ...], trick: tuple[Card, ...]) -> State:
    """Give the full trick to its winner's team; end the deal when it is decided."""
    current = state.current
    options = state.table.options
    leader = state.leader
    winner = TURN_ORDER[leader][trick_winner_index(trick, current.trump, options.stecher_scope)]
    won0, won1 = current.won
    if SIDE[winner] == 0:
        won = (Zone(won0.cards + trick, won0.hidden), won1)
        taken = (current.taken[0] + 1, current.taken[1])
    else:
        won = (won0, Zone(won1.cards + trick, won1.hidden))
        taken = (current.taken[0], current.taken[1] + 1)
    tricks = (*current.tricks, TrickRecord(leader, trick, winner))
    current = DealState(
        current.stock, current.turned, won, current.upcards, current.trump, tricks, taken
    )
    if deal_ends(options, len(tricks), taken):
        return _finish_deal(state, hands, winner, current)
    return State(state.table, PLAY, state.dealer, hands, (), winner, current, state.match)


def deal_ends(options: Options, tricks: int, taken: tuple[int, int]) -> bool:
    """Whether a deal with ``tricks`` tricks played, ``taken`` per team, is over: all five
    played, or (``stop_at_three``) a team has three."""
    return tricks == TRICKS or (options.stop_at_three and max(taken) >= 3)


def _plus_one(pair: tuple[int, int], team: int) -> tuple[int, int]:
    return (pair[0] + 1, pair[1]) if team == 0 else (pair[0], pair[1] + 1)


def _finish_deal(state: State, hands: tuple[Zone, ...], winner: int, current: DealState) -> State:
    """Score the deal for the team with more tricks; the match ends at ``target`` points."""
    taken = current.taken
    team = 0 if taken[0] > taken[1] else 1
    match = state.match
    scores = _plus_one(match.scores, team)
    dealer = state.dealer
    record = DealRecord(len(match.deals) + 1, dealer, current.trump, taken, team)
    over = scores[team] >= state.table.options.target
    return State(
        state.table,
        OVER if over else DEAL,
        dealer if over else SEATING.next(dealer),  # the first to lead deals next
        hands,
        (),
        winner,
        current,
        MatchState(scores, (*match.deals, record)),
    )


def to_act(state: State) -> tuple[int, ...]:
    """The seat to play a card, or none while dealing, turning or over."""
    if state.phase != PLAY:
        return ()
    return (SEATING.next(state.leader, len(state.trick)),)


def moves(
    state: State, seat: int | None = None, card: Card | None = None, kind: str | None = None
) -> Iterator[Move]:
    """The legal plays (of ``seat``, of ``card``; every Karnöffel move is a ``play``)."""
    if kind is not None and kind != "play":
        return iter(())
    legal = legal_moves(state)
    if seat is not None:
        legal = tuple(m for m in legal if m.actor == seat)
    if card is not None:
        legal = tuple(m for m in legal if m.payload.card == card)
    return iter(legal)


def count(state: State, seat: int | None = None) -> int:
    """How many plays are legal (for ``seat``)."""
    return sum(1 for _ in moves(state, seat))


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every card the seat to play may play, in hand order then deck order."""
    if state.phase != PLAY:
        return ()
    trick = state.trick
    seat = TURN_ORDER[state.leader][len(trick)]
    hand = state.hands[seat]
    cards: tuple[Card, ...] = hand.cards
    if hand.hidden:
        cards = tuple(dict.fromkeys(cards + unaccounted_cards(state)))
    elif len(set(cards)) != len(cards):
        cards = tuple(dict.fromkeys(cards))
    current = state.current
    if not trick and not current.tricks:
        devil = Card("7", current.trump)
        cards = tuple(card for card in cards if card != devil)
    return tuple(map(PLAYS[seat].__getitem__, cards))


def chance(state: State) -> ChanceStep | None:
    """The deal or the turned card the game waits for, else ``None``."""
    if state.phase == DEAL:
        return deal_chance(state)
    if state.phase == TURN:
        return turn_chance(state)
    return None


def outcome(state: State) -> Outcome | None:
    """``None`` while the match runs; else the winning team, deals won and each deal."""
    if state.phase != OVER:
        return None
    team = 0 if state.match.scores[0] > state.match.scores[1] else 1
    labels = (state.table.side_label(0), state.table.side_label(1))
    rounds: tuple[dict[str, Any], ...] = tuple(
        {
            "deal": deal.number,
            "dealer": player(state, deal.dealer),
            "trump": deal.trump,
            "tricks": list(deal.tricks),
            "winner": labels[deal.winner],
        }
        for deal in state.match.deals
    )
    return Outcome(
        ranking=(SEATING.side_seats(team), SEATING.side_seats(1 - team)),
        scores={labels[0]: state.match.scores[0], labels[1]: state.match.scores[1]},
        rounds=rounds,
    )
