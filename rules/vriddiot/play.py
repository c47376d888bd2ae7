"""Applying the players' moves: plays, sets, the card added after an 8, chance cards, blind
table cards, picking up, and the war's join window (``join`` and ``pass`` out of turn).

``apply`` is the only validator. What a play does is in ``lay`` (``rules.vriddiot.lay``);
the war's rounds and who goes out are settled after every move by ``war.settle``. The
turn loop's common plays (a war card too, while others in the war are still to lay
theirs), pickups and chance cards, with nothing else to settle, make one new state of
every change at once (``rules.vriddiot.turn``).
"""

from __future__ import annotations

from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event
from tablelog.rules.laid import laid_by
from tablelog.rules.table import evolve, player
from tablelog.rules.vriddiot import events as ev
from tablelog.rules.vriddiot.claims import claims_first, starter_claims
from tablelog.rules.vriddiot.claims import settle as settle_claims
from tablelog.rules.vriddiot.deal import apply_chance, refill_seat
from tablelog.rules.vriddiot.lay import burn, lay, run_after
from tablelog.rules.vriddiot.legal import effective, refuse_declared, refuse_play, source
from tablelog.rules.vriddiot.state import DEAL, FIRER, LEAD, OVER, WAR, State, in_suit_order
from tablelog.rules.vriddiot.take import can_play, take
from tablelog.rules.vriddiot.turn import chance_changes, lay_changes, pickup_changes
from tablelog.rules.vriddiot.war import end_war, next_active, settle
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
    run = run_after(state, cards)
    steps, second = state.seating.steps, war.second
    involved = tuple(sorted((*war.involved, seat), key=lambda s: steps(second, s)))
    jacks = war.jacks + sum(1 for c in cards if c.rank == "J")
    war = evolve(war, window=window, involved=involved, jacks=jacks)
    state = evolve(state, pile=state.pile.add(*real), run=run, war=war)
    if run[1] >= 4:  # the fourth card burns: the war is over and the burner leads
        return burn(state, seat, real, by_value=True)
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
