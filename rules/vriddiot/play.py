"""Applying the players' moves: plays, sets, the card added after an 8, chance cards, blind
table cards, picking up, and the war's join window (``join`` and ``pass`` out of turn).

``apply`` is the only validator. What a play does is in ``lay``; the war's rounds and who
goes out are settled after every move by ``war.settle``. The turn loop's common plays
(a war card too, while others in the war are still to lay theirs), pickups and chance
cards, with nothing else to settle, make one new state of every change at once
(``rules.vriddiot.turn``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event
from tablelog.rules.laid import laid_by
from tablelog.rules.table import evolve, player
from tablelog.rules.vriddiot import events as ev
from tablelog.rules.vriddiot.claims import claims_first, starter_claims
from tablelog.rules.vriddiot.claims import settle as settle_claims
from tablelog.rules.vriddiot.deal import apply_chance, refill_seat
from tablelog.rules.vriddiot.legal import (
    WAR_RANKS,
    effective,
    is_burn,
    refuse_declared,
    refuse_play,
    source,
)
from tablelog.rules.vriddiot.state import (
    ADDON,
    BEAT,
    DEAL,
    DOUBLE,
    FIRER,
    LEAD,
    OVER,
    WAR,
    State,
    War,
    in_suit_order,
    value,
)
from tablelog.rules.vriddiot.take import can_play, take
from tablelog.rules.vriddiot.turn import chance_changes, lay_changes, pickup_changes
from tablelog.rules.vriddiot.war import end_war, joiners, next_active, settle
from tablelog.rules.zones import Zone

__all__ = ["apply", "waiting_for"]

CHANCE_EVENTS = (Deal, ev.Turn, ev.Remove)


def waiting_for(state: State) -> str:
    """What chance step the game waits for, in words (``""``: none)."""
    if state.pending == "remove":
        return "KKK's black cards must first be taken out of the stock"
    if state.pending == "reveal":
        return "the turned card must first be entered (turn CARD)"
    seat = refill_seat(state)
    if seat is not None:
        return f"{player(state, seat)} must first draw from the stock to hold 3 cards"
    return ""


def apply(state: State, event: Event) -> State:
    """The state after ``event``; ``IllegalEvent`` naming the rule if it is not allowed,
    or the claim on a face-down hand it shows untrue (``rules.vriddiot.claims``)."""
    after = settle_claims(event, _apply(state, event))
    by = laid_by(state.pile.cards, after.pile.cards, state.pile_by, event.actor)
    return after if by == after.pile_by else evolve(after, pile_by=by)


def _apply(state: State, event: Event) -> State:
    payload = event.payload
    if isinstance(payload, CHANCE_EVENTS):
        return apply_chance(state, event)
    if state.phase == DEAL:
        raise IllegalEvent(event, "the cards must be dealt before anyone plays")
    if state.phase == OVER:
        raise IllegalEvent(event, "the game is over")
    waiting = waiting_for(state)
    if waiting:
        raise IllegalEvent(event, waiting)
    seat = event.actor
    if seat is None or not 0 <= seat < state.table.n:
        raise IllegalEvent(event, "a move must name the player who makes it")
    if state.refill_from is not None:  # 666's refill is over
        state = evolve(state, refill_from=None)
    if not state.active(seat):
        raise IllegalEvent(event, f"{player(state, seat)} has gone out and plays no more")
    war = state.war
    if isinstance(payload, ev.Join | ev.Set) and payload.cards != in_suit_order(payload.cards):
        raise IllegalEvent(
            event,
            "the cards of a set are recorded in suit order (spades, hearts, diamonds, clubs): "
            f"{' '.join(c.text for c in in_suit_order(payload.cards))}",
        )
    if isinstance(payload, ev.Pass | ev.Join):
        return settle(_window(state, event, seat))
    if war is not None and war.window:
        names = ", ".join(player(state, s) for s in war.window)
        raise IllegalEvent(event, f"the war's join window is open: {names} may join or pass first")
    if state.turn is not None and seat != state.turn:
        raise IllegalEvent(
            event, (f"it is {player(state, state.turn)}'s turn, not {player(state, seat)}'s")
        )
    if isinstance(payload, ev.Chance):
        return _chance(state, event, seat)
    if isinstance(payload, ev.Blind):
        return _blind(state, event, seat, payload.place)
    if isinstance(payload, ev.Pickup):
        _refuse_pickup(state, event, seat)
        changes = pickup_changes(state, seat)
        if changes is not None:  # one new state (``turn``)
            return evolve(state, **changes)
        return settle(_pickup(state, seat))
    if isinstance(payload, ev.Play):
        refused = refuse_declared(payload.card, payload.declared)
        if refused:
            raise IllegalEvent(event, refused)
        real: tuple[Card, ...] = (payload.card,)
        cards: tuple[Card, ...] = (effective(payload.card, payload.declared),)
    elif isinstance(payload, ev.Set):
        real = payload.cards
        if len(real) < 2:
            raise IllegalEvent(event, "a set is two or more cards of one value")
        cards = real
    else:
        raise IllegalEvent(event, f"Vriddiot has no {getattr(payload, 'TYPE', payload)!r} move")
    refused = refuse_play(state, seat, real, cards)
    if refused:
        raise IllegalEvent(event, refused)
    if claims_first(state):
        state = evolve(state, claims=starter_claims(state, seat, real[0], event.seq))
    else:
        changes = lay_changes(state, seat, real) if real == cards else None
        if changes is not None:  # one new state (``turn``)
            return evolve(state, **changes)
    taken = take(state, event, seat, real)
    return settle(lay(evolve(taken, turn=seat, started=True), seat, real, cards))


def _chance(state: State, event: Event, seat: int) -> State:
    if not len(state.stock):
        raise IllegalEvent(event, "a chance card is drawn from the stock, and the stock is empty")
    if len(state.turned):
        raise IllegalEvent(event, "the card just turned must be laid or the pile picked up first")
    return evolve(state, **chance_changes(seat))


def _blind(state: State, event: Event, seat: int, place: int) -> State:
    if source(state, seat) != "down":
        raise IllegalEvent(
            event,
            "face-down table cards are played only once the hand and the face-up cards are gone",
        )
    slots = state.downs[seat].slots
    if not 1 <= place <= len(slots) or slots[place - 1] is None:
        left = ", ".join(str(i + 1) for i in state.downs[seat].occupied())
        raise IllegalEvent(
            event, (f"{player(state, seat)} has no face-down card {place} (left: {left})")
        )
    return evolve(state, **chance_changes(seat, place - 1))


def _refuse_pickup(state: State, event: Event, seat: int) -> None:
    if not len(state.pile) and not len(state.turned):
        raise IllegalEvent(event, "there is no pile to pick up")
    war = state.war
    if war is not None and state.duty == WAR and war.twist is None:
        raise IllegalEvent(
            event,
            f"{player(state, seat)} is in the war and lays a war card (any card, or a chance"
            ' card): "Når krig er erklært, har alle invoverte spillere måteplikt"',
        )
    if can_play(state, seat):
        raise IllegalEvent(
            event,
            (f"{player(state, seat)} can lay a card, and picks up only when no card can be laid"),
        )


def _pickup(state: State, seat: int) -> State:
    hands = list(state.hands)
    hands[seat] = hands[seat].add(*state.pile.cards, *state.turned.cards)
    state = evolve(
        state,
        hands=tuple(hands),
        pile=Zone(),
        turned=Zone(),
        twist=None,
        top=0,
        run=("", 0),
        last=None,
        started=True,
    )
    if state.war is not None:
        return end_war(state)
    return evolve(state, turn=next_active(state, seat), duty=LEAD)


def _window(state: State, event: Event, seat: int) -> State:
    war = state.war
    if war is not None and war.window and seat not in war.window:
        asked = ", ".join(player(state, s) for s in war.window)
        raise IllegalEvent(
            event,
            f"{player(state, seat)} is not asked in this window: {asked} may join or pass now",
        )
    if war is None or seat not in war.window:
        raise IllegalEvent(event, f"{player(state, seat)} has no war to join or pass now")
    window = tuple(s for s in war.window if s != seat)
    payload = event.payload
    if isinstance(payload, ev.Pass):
        return evolve(state, war=evolve(war, window=window))
    if war.thrown:
        return _throw_in(state, event, seat, window)
    real: tuple[Card, ...] = payload.cards
    if not real:
        raise IllegalEvent(event, "a join lays at least one card")
    if len(real) == 1:
        refused = refuse_declared(real[0], payload.declared)
        if refused:
            raise IllegalEvent(event, refused)
    elif payload.declared is not None:
        raise IllegalEvent(event, "a joker joins a war alone")
    cards = tuple(effective(c, payload.declared) for c in real)
    if FIRER in real:
        raise IllegalEvent(event, "Der Firer (♠4) always burns: it never joins a war as a 4")
    if any(c.rank != war.rank for c in cards) or (len(real) > 1 and FIRER in real):
        raise IllegalEvent(event, f"a war over {war.rank}s is joined only with {war.rank}s")
    state = take(state, event, seat, real, out_of_turn=True)
    run = _run(state, cards)
    steps, second = state.seating.steps, war.second
    involved = tuple(sorted((*war.involved, seat), key=lambda s: steps(second, s)))
    jacks = war.jacks + sum(1 for c in cards if c.rank == "J")
    war = evolve(war, window=window, involved=involved, jacks=jacks)
    state = evolve(state, pile=state.pile.add(*real), run=run, war=war)
    if run[1] >= 4:  # the fourth card burns: the war is over and the burner leads
        return _burn(state, seat, real, by_value=True)
    return state


def _throw_in(state: State, event: Event, seat: int, window: tuple[int, ...]) -> State:
    """With the Dobbeldekker, after a war burned by four of its value, a holder of that
    value throws cards of it into the burn pile."""
    war = state.war
    assert war is not None
    real: tuple[Card, ...] = event.payload.cards
    declared = event.payload.declared
    if not real or (len(real) == 1 and refuse_declared(real[0], declared)):
        raise IllegalEvent(event, f"throw in {war.rank}s, like '{player(state, seat)} joins ...'")
    if len(real) > 1 and declared is not None:
        raise IllegalEvent(event, "a joker is thrown in alone")
    cards = tuple(effective(c, declared) for c in real)
    if FIRER in real or any(c.rank != war.rank for c in cards):
        raise IllegalEvent(event, f"only {war.rank}s are thrown into the burned war")
    state = take(state, event, seat, real, out_of_turn=True)
    return evolve(state, burned=state.burned.add(*real), war=evolve(war, window=window))


def _run(state: State, cards: Sequence[Card]) -> tuple[str, int]:
    rank = cards[0].rank
    count = state.run[1] if state.run[0] == rank else 0
    return (rank, count + len(cards))


def _burn(state: State, seat: int, real: Sequence[Card], *, by_value: bool = False) -> State:
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
    run = _run(state, cards)
    state = evolve(state, pile=state.pile.add(*real), run=run)
    if is_burn(cards, real) or run[1] >= 4:
        if war is None:
            state = _reverse_if_odd(state, cards)
        elif duty in (WAR, ADDON):
            state = evolve(state, war=evolve(war, jacks=war.jacks + _jacks(cards)))
        by_value = war is not None and run[1] >= 4 and cards[0].rank == war.rank
        return _burn(state, seat, real, by_value=by_value)
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
