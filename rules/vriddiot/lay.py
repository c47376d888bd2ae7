"""What a play does once its cards left the player (``lay``): the pile's value, a burn, a
twist, 666 and KKK, a war declared, a war card; and the pile burned (``burn``).

``play.apply`` checks a play and takes its cards (``take``), then asks ``lay``; the war's
rounds and who goes out are settled after it (``war.settle``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tablelog.rules.cards import Card
from tablelog.rules.table import evolve
from tablelog.rules.vriddiot.legal import WAR_RANKS, is_burn
from tablelog.rules.vriddiot.state import (
    ADDON,
    BEAT,
    DOUBLE,
    FIRER,
    LEAD,
    WAR,
    State,
    War,
    value,
)
from tablelog.rules.vriddiot.war import end_war, joiners, next_active
from tablelog.rules.zones import Zone

__all__ = ["burn", "lay", "run_after"]


def run_after(state: State, cards: Sequence[Card]) -> tuple[str, int]:
    """The run of one value laid in a row once ``cards`` are laid (four burn)."""
    rank = cards[0].rank
    count = state.run[1] if state.run[0] == rank else 0
    return (rank, count + len(cards))


def burn(state: State, seat: int, real: Sequence[Card], *, by_value: bool = False) -> State:
    """The pile goes to the burn pile (Der Firer's victims out of the game) and ``seat``
    lays again; a war ends with it (``by_value``: burned by four of the war's value, which
    with the Dobbeldekker opens the throw-in window)."""
    war = state.war
    if tuple(real) == (FIRER,):
        victims = state.pile.cards[:-1]
        if victims:
            out, burned = state.out.add(*victims, FIRER), state.burned
        else:
            out, burned = state.out, state.burned.add(FIRER)
    else:
        out, burned = state.out, state.burned.add(*state.pile.cards)
    state = evolve(
        state, pile=Zone(), burned=burned, out=out, top=0, twist=None, run=("", 0), last=None
    )
    if war is not None:
        state = end_war(state, burner=seat)
        if by_value and state.options.deck == DOUBLE:
            thrown = War(war.rank, seat, (), thrown=True)  # "alle", the fourth's layer too
            holders = joiners(state, thrown)
            if holders:
                state = evolve(state, war=evolve(thrown, window=holders))
    return evolve(state, duty=LEAD, turn=seat)


def _reverse_if_odd(state: State, cards: Sequence[Card]) -> State:
    if sum(1 for c in cards if c.rank == "J") % 2:
        return evolve(state, seating=state.seating.reversed())
    return state


def lay(state: State, seat: int, real: Sequence[Card], cards: Sequence[Card]) -> State:
    """What laying ``real`` (counting as ``cards``) does, after the cards left ``seat``."""
    duty, twist, war = state.duty, state.twist, state.war
    run = run_after(state, cards)
    state = evolve(state, pile=state.pile.add(*real), run=run)
    if is_burn(cards, real) or run[1] >= 4:
        if war is None:
            state = _reverse_if_odd(state, cards)
        elif duty in (WAR, ADDON):
            state = evolve(state, war=evolve(war, jacks=war.jacks + _jacks(cards)))
        by_value = war is not None and run[1] >= 4 and cards[0].rank == war.rank
        return burn(state, seat, real, by_value=by_value)
    card = cards[0]
    rank, worth = card.rank, value(card)
    if duty == ADDON and war is not None:
        return _war_card(state, seat, cards, added=True)
    if duty == WAR:
        assert war is not None
        if rank == "8":
            return evolve(state, duty=ADDON, top=8)
        return _war_card(state, seat, cards, added=False)
    if duty == ADDON:
        nxt = next_active(state, seat)
        if rank == "A":
            return evolve(state, top=14, twist=None, last=None, duty=BEAT, turn=nxt)
        new = evolve(state, twist=(card.suit, worth), top=worth, last=None)
        if rank == "8":
            return evolve(new, duty=ADDON)
        new = _reverse_if_odd(new, cards)
        return evolve(new, duty=BEAT, turn=next_active(new, seat))
    # laying on the pile (or leading)
    if len(cards) == 3 and rank in ("6", "K"):
        return _combo(state, seat, real, rank)
    if rank == "8":
        return evolve(state, top=8, last=None, duty=ADDON)
    new_twist = twist
    if twist is not None:
        if rank == "A" or (rank == "2" and state.options.two_in_vri == "ends_vri"):
            new_twist = None
        else:
            new_twist = (twist[0], worth)
    starts_war = (
        duty == BEAT
        and twist is None
        and rank in WAR_RANKS
        and state.last is not None
        and state.last[0] != seat
        and state.last[1] == rank
    )
    if starts_war:
        assert state.last is not None
        return _declare_war(evolve(state, top=worth), state.last[0], seat, rank, cards)
    last = (seat, rank) if rank in WAR_RANKS and twist is None else None
    new = evolve(state, top=worth, twist=new_twist, last=last, duty=BEAT)
    new = _reverse_if_odd(new, cards)
    return evolve(new, turn=next_active(new, seat))


def _jacks(cards: Sequence[Card]) -> int:
    return sum(1 for c in cards if c.rank == "J")


def _combo(state: State, seat: int, real: Sequence[Card], rank: str) -> State:
    """666 and KKK leave the game; 666 brings the burn pile back into the stock, KKK takes
    the stock's black cards out. The pile keeps the value (6 or 13) as if they lay on it."""
    worth = 6 if rank == "6" else 13
    pile = Zone(state.pile.cards[: len(state.pile.cards) - len(real)])
    twist = (state.twist[0], worth) if state.twist is not None else None
    state = evolve(
        state,
        pile=pile,
        out=state.out.add(*real),
        top=worth,
        twist=twist,
        run=("", 0),
        last=None,
        duty=BEAT,
    )
    if not pile.cards:  # nothing lies under it: the next player leads
        state = evolve(state, top=0, twist=None, duty=LEAD)
    if rank == "6":
        stock = Zone((), len(state.stock) + len(state.burned))
        state = evolve(state, stock=stock, burned=Zone(), black_free=False)
        if state.options.resurrect_out_players and len(stock):
            state = evolve(state, finished=())  # "samtlige": everyone draws to 3
        state = evolve(state, refill_from=seat)  # the 666 layer draws first, as in Idiot
    elif len(state.stock):
        state = evolve(state, pending="remove")
    return evolve(state, turn=next_active(state, seat))


def _declare_war(state: State, first: int, second: int, rank: str, cards: Sequence[Card]) -> State:
    involved = tuple(sorted({first, second}, key=lambda s: state.seating.steps(second, s)))
    war = War(rank, second, involved, jacks=_jacks(cards))
    state = evolve(state, war=war, duty=WAR, last=None, twist=None)
    return evolve(state, war=evolve(war, window=joiners(state, war)))


def _war_card(state: State, seat: int, cards: Sequence[Card], *, added: bool) -> State:
    """A war card (one card, or several of one value: "det kortet eller kortene") laid."""
    war = state.war
    assert war is not None
    card = cards[0]
    worth = value(card)
    if added and card.rank == "8":
        return evolve(state, top=8, war=evolve(war, twist=(card.suit, 8)), duty=ADDON)
    twist = (card.suit, worth) if added else (war.twist[0], worth) if war.twist else None
    war = evolve(war, laid=(*war.laid, (seat, worth)), jacks=war.jacks + _jacks(cards), twist=twist)
    return evolve(state, war=war, top=worth, duty=WAR)
