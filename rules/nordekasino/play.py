"""Playing Nørdekasino: ``apply``, ``chance`` and ``outcome``.

Each turn the player on turn uses exactly one hand card: a capture, a build or a trail.
Before it they may clear table piles that make 42 (the Adams rule). After it, an empty
table scores a sweep. When every hand is empty the dealer deals again; after the last
round the last taker gets the middle and what is left on the table, and the game is scored.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import partial
from typing import Any

from tablelog.rules.binding import CannotBind, bind
from tablelog.rules.cards import Card
from tablelog.rules.claims import Claim, refuse_broken, shown
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event
from tablelog.rules.nordekasino.arith import ADAMS, build_reach, more_buildable, reach
from tablelog.rules.nordekasino.builds import can_capture
from tablelog.rules.nordekasino.claims import claim_for, hidden_counts
from tablelog.rules.nordekasino.deal import apply_deal, deal_chance
from tablelog.rules.nordekasino.duty import duty_binds
from tablelog.rules.nordekasino.events import Adams, Build, Capture, OpenHand, Reveal, Trail
from tablelog.rules.nordekasino.state import DEAL, OVER, PLAY, Pile, State, card_values
from tablelog.rules.nordekasino.turn import SPADE_FIVE, held_values, pile_key
from tablelog.rules.protocol import ChanceStep, Outcome
from tablelog.rules.table import evolve, player, pool, where
from tablelog.rules.zones import Zone

__all__ = ["POINT_CARDS", "apply", "chance", "outcome", "score"]

POINT_CARDS: dict[Card, int] = {
    Card("A", "S"): 1,
    Card("A", "H"): 1,
    Card("A", "D"): 1,
    Card("A", "C"): 1,
    Card("10", "C"): 1,
    Card("2", "S"): 1,
    Card("10", "D"): 2,
    Card("10", "H"): 3,
    Card("10", "S"): 4,
}
"""Every card worth points: the aces, and the five kasinos (mikro to über)."""


def apply(state: State, event: Event) -> State:
    """The state after ``event``; ``IllegalEvent`` naming the rule it breaks."""
    payload = event.payload
    if isinstance(payload, Deal):
        return apply_deal(state, event)
    if isinstance(payload, OpenHand):
        return _open_hand(state, event)
    handler = _HANDLERS.get(type(payload))
    if handler is None:
        kind = getattr(payload, "TYPE", type(payload).__name__)
        raise IllegalEvent(
            event,
            f"Nørdekasino has no {kind} events: a game is made of deal, capture, build, "
            "trail, adams, reveal and open_hand events",
        )
    after = handler(state, event, _check_turn(state, event))
    if after.claims:
        refuse_broken(event, after.claims, hidden_counts(after), pool(after))
    return after


def _check_turn(state: State, event: Event) -> int:
    """The seat of the player on turn, who must be the event's actor."""
    if state.phase == DEAL:
        raise IllegalEvent(event, "the cards must be dealt before anyone plays")
    if state.phase == OVER:
        raise IllegalEvent(event, "the game is over")
    assert state.to_play is not None
    on_turn = player(state, state.to_play)
    if event.actor is None or not 0 <= event.actor < state.seats:
        raise IllegalEvent(event, f"a move is made by a player of the game: it is {on_turn}'s turn")
    if event.actor != state.to_play:
        raise IllegalEvent(event, f"it is {on_turn}'s turn, not {player(state, event.actor)}'s")
    return event.actor


def _lay(state: State, event: Event, card: Card) -> tuple[tuple[Zone, ...], tuple[Claim, ...]]:
    """The hands with ``card`` taken out of the actor's hand (binding a face-down card),
    and the claims once it is shown (``_claims_after``)."""
    seat = event.actor
    assert seat is not None
    hand = state.hands[seat]
    left = pool(state) if hand.hidden else Counter[Card]()
    try:
        new = bind(hand, card, left, holder=player(state, seat), where=partial(where, state))
    except CannotBind as refused:
        raise IllegalEvent(event, str(refused)) from None
    hands = (*state.hands[:seat], new, *state.hands[seat + 1 :])
    return hands, _claims_after(state, event, card)


def _claims_after(state: State, event: Event, card: Card) -> tuple[Claim, ...]:
    """The claims once the actor has shown ``card`` (a face-down one if no known copy)."""
    seat = event.actor
    assert seat is not None
    if not state.claims or card in state.hands[seat].cards:
        return state.claims
    return shown(state.claims, seat, card)


def _check_piles(state: State, event: Event, piles: tuple[int, ...]) -> None:
    if not piles:
        raise IllegalEvent(event, "name at least one pile on the table")
    if list(piles) != sorted(set(piles)):
        raise IllegalEvent(event, "each pile is named once, in table order")
    if piles[0] < 0 or piles[-1] >= len(state.piles):
        raise IllegalEvent(
            event, f"the table has {len(state.piles)} piles: there is no pile {piles[-1] + 1}"
        )


def _names(state: State, piles: tuple[int, ...]) -> str:
    """The piles as a sentence names them: ``9S, the 7-pile (3C 4D)``."""
    out = []
    for i in piles:
        pile = state.piles[i]
        cards = " ".join(c.text for c in pile.cards)
        if pile.value is None:
            out.append(cards)
        else:
            kind = f"more-{pile.value}" if pile.more else f"{pile.value}-"
            out.append(f"the {kind}pile ({cards})".replace("--", "-"))
    return ", ".join(out)


def _remove(state: State, piles: tuple[int, ...]) -> tuple[tuple[Pile, ...], tuple[Card, ...]]:
    """The table without ``piles``, and their cards."""
    chosen = set(piles)
    rest = tuple(p for i, p in enumerate(state.piles) if i not in chosen)
    cards = tuple(c for i in piles for c in state.piles[i].cards)
    return rest, cards


def _gain(state: State, seat: int, cards: tuple[Card, ...]) -> tuple[Zone, ...]:
    side = state.table.side(seat)
    return (*state.won[:side], state.won[side].add(*cards), *state.won[side + 1 :])


def _duty(state: State, event: Event, what: str) -> None:
    """Refuse ``what`` if the actor must build on its own pile or capture (the duty, a
    direct search that stops at the first capture or build on an own pile)."""
    seat = event.actor
    assert seat is not None
    if duty_binds(state, seat):
        owned = state.owned(seat)
        raise IllegalEvent(
            event,
            f"{player(state, seat)} built {_names(state, owned)} and it survived the round: "
            f"build on it or take a trick; {what} is not allowed now",
        )


def _capture(state: State, event: Event, seat: int) -> State:
    move: Capture = event.payload
    _check_piles(state, event, move.piles)
    hands, claims = _lay(state, event, move.card)
    state = evolve(state, claims=claims)
    everything = move.piles == tuple(range(len(state.piles)))
    if not (move.card == SPADE_FIVE and everything):
        key = pile_key(state, move.piles)
        if not can_capture(move.card, key):
            values = " or ".join(map(str, card_values(move.card)))
            more = any(state.piles[i].more for i in move.piles)
            raise IllegalEvent(
                event,
                f"{_names(state, move.piles)} cannot be combined into {values} "
                f"(the value of {move.card}), so {move.card} cannot take "
                + ("them" if len(move.piles) > 1 else "it")
                + ('; a "more" pile is taken only by a card of its own value' if more else ""),
            )
    table, taken = _remove(state, move.piles)
    won = _gain(state, seat, (move.card, *taken))
    return _end_turn(evolve(state, hands=hands, piles=table, won=won, last_taker=seat), seat)


def _build(state: State, event: Event, seat: int) -> State:
    move: Build = event.payload
    _check_piles(state, event, move.piles)
    hands, claims = _lay(state, event, move.card)
    if move.for_partner and not state.options.partnership:
        raise IllegalEvent(event, "building for a partner needs the partnership game")
    owned = set(state.owned(seat))
    if owned and not owned & set(move.piles):
        _duty(state, event, "a new build")
    key = pile_key(state, move.piles)
    adams = move.value == ADAMS and not move.more and not move.for_partner
    if move.more and not 0 <= move.value <= 21:
        raise IllegalEvent(event, f'no card is worth {move.value}, so no "more" pile of it')
    if not adams:
        holder = state.table.partner(seat) if move.for_partner else seat
        if move.value not in held_values(state, holder, move.card, seat):
            whose = "your partner holds" if move.for_partner else "you hold"
            raise IllegalEvent(
                event,
                f"you may only build to a value {whose}: {player(state, holder)} "
                f"has no card worth {move.value}",
            )
    if move.more:
        ok = any(more_buildable(v, move.value, key) for v in card_values(move.card))
    else:
        ok = key[0] >= 0 and any(
            build_reach(v, key) >> move.value & 1 for v in card_values(move.card)
        )
    if not ok:
        what = f"more {move.value}" if move.more else str(move.value)
        raise IllegalEvent(
            event,
            f"{move.card} and {_names(state, move.piles)} cannot be built into {what} "
            '(+, mod with the hand card as divisor, more of equal values; a "more" pile '
            "only takes piles of its own value)",
        )
    table, cards = _remove(state, move.piles)
    cards = (*cards, move.card)
    if adams:
        won = _gain(state, seat, cards)
        state = evolve(state, hands=hands, piles=table, won=won, last_taker=seat, claims=claims)
    else:
        pile = Pile(cards, move.value, move.more, seat)
        state = evolve(state, hands=hands, piles=(*table, pile), claims=claims)
        state = evolve(
            state, claims=claim_for(state, seat, holder, move.value, move.more, event.seq)
        )
    return _end_turn(state, seat)


def _trail(state: State, event: Event, seat: int) -> State:
    move: Trail = event.payload
    _duty(state, event, "laying a card on the table")
    hands, claims = _lay(state, event, move.card)
    table = (*state.piles, Pile((move.card,)))
    return _end_turn(evolve(state, hands=hands, piles=table, claims=claims), seat)


def _adams(state: State, event: Event, seat: int) -> State:
    move: Adams = event.payload
    _check_piles(state, event, move.piles)
    key = pile_key(state, move.piles)
    if len(move.piles) < 2 or key[0] < 0 or not reach(key) >> ADAMS & 1:
        raise IllegalEvent(
            event,
            f"{_names(state, move.piles)} cannot be combined into 42 (the Adams rule clears "
            'only a pile worth exactly 42; a "more" pile is never added)',
        )
    table, cards = _remove(state, move.piles)
    won = _gain(state, seat, cards)
    return evolve(state, piles=table, won=won, last_taker=seat)


def _reveal(state: State, event: Event, seat: int) -> State:
    move: Reveal = event.payload
    if not state.options.thomas_kragh:
        raise IllegalEvent(
            event, "showing the last card is the Thomas Kragh rule (option thomas_kragh)"
        )
    hand = state.hands[seat]
    if len(hand) != 1:
        raise IllegalEvent(
            event,
            f"the Thomas Kragh rule asks for the last card: {player(state, seat)} holds "
            f"{len(hand)}",
        )
    if state.revealed[seat] is not None:
        raise IllegalEvent(event, f"{player(state, seat)} has already shown {state.revealed[seat]}")
    claims = _claims_after(state, event, move.card)
    if move.card in hand.cards:
        new = hand
    else:
        try:
            new = hand.reveal(move.card, pool(state))
        except KeyError:
            raise IllegalEvent(event, f"{player(state, seat)} does not hold {move.card}") from None
    hands = (*state.hands[:seat], new, *state.hands[seat + 1 :])
    revealed = (*state.revealed[:seat], move.card, *state.revealed[seat + 1 :])
    return evolve(state, hands=hands, revealed=revealed, claims=claims)


def _open_hand(state: State, event: Event) -> State:
    seat = event.actor
    if not state.options.open_hand_penalty:
        raise IllegalEvent(
            event, "the open-hand penalty is an optional rule (option open_hand_penalty)"
        )
    if state.phase != PLAY:
        raise IllegalEvent(event, "a hand is opened after a deal, while the cards are played")
    if seat is None or not 0 <= seat < state.seats:
        raise IllegalEvent(event, "name the player who looked early")
    if not len(state.hands[seat]):
        raise IllegalEvent(event, f"{player(state, seat)} has no cards left to show")
    if seat in state.open_hands:
        raise IllegalEvent(event, f"{player(state, seat)} already plays open-handed")
    return evolve(state, open_hands=tuple(sorted({*state.open_hands, seat})))


# ``playout.NordekasinoPlayout.play`` makes the changes of ``_capture``, ``_build``,
# ``_trail``, ``_adams`` and ``_end_turn`` in place on its own lists (without the checks):
# a change to what they do is a change there (``tests/rules/test_nordekasino_playout.py``
# walks both beside each other).
_HANDLERS = {
    Capture: _capture,
    Build: _build,
    Trail: _trail,
    Adams: _adams,
    Reveal: _reveal,
}


def _end_turn(state: State, seat: int) -> State:
    """Score a sweep if the table is empty, pass the turn, and deal or finish."""
    if not state.piles:
        side = state.table.side(seat)
        sweeps = (*state.sweeps[:side], state.sweeps[side] + 1, *state.sweeps[side + 1 :])
        state = evolve(state, sweeps=sweeps)
    if any(len(hand) for hand in state.hands):
        return evolve(state, to_play=state.table.seating.next(seat))
    if len(state.stock):
        return evolve(state, phase=DEAL, to_play=None)
    return _finish(state)


def _finish(state: State) -> State:
    """The end: the last taker gets the table and the middle (face-down cards bound to the
    cards nobody has seen, which by now they must be)."""
    if state.last_taker is None:
        return evolve(state, phase=OVER, to_play=None)
    left = pool(state)
    middle = state.middle.cards + tuple(left.elements())
    table = tuple(c for pile in state.piles for c in pile.cards)
    won = _gain(state, state.last_taker, table + middle)
    return evolve(state, phase=OVER, to_play=None, piles=(), middle=Zone(), won=won)


def chance(state: State) -> ChanceStep | None:
    """The deal the game waits for, if any."""
    return deal_chance(state) if state.phase == DEAL else None


def score(state: State) -> list[dict[str, Any]]:
    """Each side's points so far, item by item, as exact fractions."""
    table = state.table
    counts = [len(zone) for zone in state.won]
    spades = [sum(1 for c in zone.cards if c.suit == "S") for zone in state.won]
    most_cards, most_spades = max(counts), max(spades)
    card_winners = counts.count(most_cards) if most_cards else 0
    spade_winners = spades.count(most_spades) if most_spades else 0
    last_side = None if state.last_taker is None else table.side(state.last_taker)
    rows = []
    for side, zone in enumerate(state.won):
        tally = Counter(zone.cards)
        cards_points = sum(POINT_CARDS.get(card, 0) * n for card, n in tally.items())
        row: dict[str, Any] = {
            "side": table.side_label(side),
            "point_cards": Fraction(cards_points),
            "sweeps": Fraction(state.sweeps[side]),
            "last_trick": Fraction(1 if state.phase == OVER and last_side == side else 0),
            "most_cards": Fraction(1, card_winners)
            if card_winners and counts[side] == most_cards
            else Fraction(0),
            "most_spades": Fraction(2, spade_winners)
            if spade_winners and spades[side] == most_spades
            else Fraction(0),
            "cards": counts[side],
            "spades": spades[side],
        }
        row["total"] = sum(
            (row[k] for k in ("point_cards", "sweeps", "last_trick", "most_cards", "most_spades")),
            Fraction(0),
        )
        rows.append(row)
    return rows


def outcome(state: State) -> Outcome | None:
    """The scores and winners of a finished game."""
    if state.phase != OVER:
        return None
    rows = score(state)
    table = state.table
    sides = {side: table.seating.side_seats(side) for side in range(len(rows))}
    ranking = Outcome.by_score(sides, {side: row["total"] for side, row in enumerate(rows)})
    scores = {row["side"]: row["total"] for row in rows}
    return Outcome(ranking, scores, tuple(rows))
