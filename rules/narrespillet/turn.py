"""``apply``: every move and chance event of Narrespillet, checked and made.

A turn action (place, discard, forfeit, picture, load, unload, lift, exorcise) is made by
the participant whose turn it is (the Demons' by their controller); it leaves the common
steps behind it: the Fool's window after a placement, finished players, Justice's refill,
the actor's refill, and any extra turn. Answers (fool, pass, hermit, vote, call, show)
belong to the window that asks for them.
"""

from __future__ import annotations

from typing import Any

import attrs

from rules.binding import CannotBind, bind
from rules.cards import FOOL, Card
from rules.errors import IllegalEvent
from rules.events import Deal, Event
from rules.narrespillet import events as ev
from rules.narrespillet.calls import apply_answer, call, check_answer
from rules.narrespillet.chance import apply_draw
from rules.narrespillet.deck import CHARIOT, HOUSE_NAMES, HOUSES
from rules.narrespillet.flow import discard_cards, lift_temperance, settle
from rules.narrespillet.pictures import check_picture, do_picture
from rules.narrespillet.place import check_place, do_place, fool_step, steal
from rules.narrespillet.reveal import check_reveal, revealed
from rules.narrespillet.state import (
    FORFEIT,
    MALDERIA,
    OPEN,
    OVER,
    PLAY,
    Slot,
    State,
    Step,
    evolve,
    name,
    seat_of,
)
from rules.narrespillet.take import is_unknown, source_of, take, where
from rules.zones import Zone

__all__ = ["apply", "check", "waiting_turn"]

SWORD_KNIGHT = Card("Kn", "Sw")
TURN_KINDS = (
    ev.Place,
    ev.Discard,
    ev.Forfeit,
    ev.Picture,
    ev.Load,
    ev.Unload,
    ev.Lift,
    ev.Exorcise,
)


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def waiting_turn(state: State) -> bool:
    """Whether the game waits for the actor's turn action."""
    return state.phase == PLAY and state.actor is not None


_RECENT: list[tuple[State, Event, State]] = []
"""The last few events applied, with the states before and after: what an event shows is
asked by applying it to the state the fold has just applied it to, after the checks have
tried other moves on that state."""


def apply(state: State, event: Event) -> State:
    """The state after ``event``, or ``IllegalEvent`` naming the rule it breaks."""
    for before, done, after in _RECENT:
        if before is state and done == event:
            return after
    reason = check(state, event)
    if reason is not None:
        raise IllegalEvent(event, reason)
    after = _make(state, event)
    _RECENT.append((state, event, after))
    if len(_RECENT) > 8:
        del _RECENT[0]
    return after


def check(state: State, event: Event) -> str | None:
    """Why ``event`` is refused in ``state``, or ``None``."""
    p = event.payload
    if state.phase == OVER:
        return "the game is over"
    if isinstance(p, Deal):
        from rules.narrespillet.chance import check_draw

        return check_draw(state, event)
    if isinstance(p, ev.Answer):
        return check_answer(state, event)
    if state.phase != PLAY:
        return f"round {state.round} must be dealt first (6 cards to each player)"
    if isinstance(p, ev.Show):
        return _check_show(state, event.actor, p.card)
    head = state.queue[0] if state.queue and state.actor is None else None
    if head is not None and head.kind in ("refill", "draw"):
        return "cards are to be drawn from the stock first"
    if isinstance(p, ev.Vote):
        if head is None or head.kind != "vote":
            return (
                "nobody has asked for a new stock: a reshuffle is voted on when the "
                "stock is empty and a card must be drawn"
            )
        if event.actor not in head.asked:
            return f"{_who(state, event.actor)} has already voted (or is no player)"
        return None
    if isinstance(p, ev.Fool | ev.Pass) and head is not None and head.kind == "fool":
        who = state.n if p.demons else (event.actor if event.actor is not None else -9)
        if who not in head.asked or (p.demons and event.actor != state.demons):
            return (
                "only a player who may hold the Fool, with those battlefields open, "
                "answers this placement"
            )
        if (
            isinstance(p, ev.Fool)
            and source_of(state, who, FOOL, pool=False, chariot=False) is None
        ):
            return f"{name(state, who)} has no Fool to play: {where(state, FOOL)}"
        return None
    if isinstance(p, ev.Call | ev.Pass) and head is not None and head.kind == "call":
        wrong_flag = isinstance(p, ev.Pass) and p.demons != (head.who == state.n)
        if event.actor != seat_of(state, head.who) or wrong_flag:
            return f"it is {name(state, head.who)} who calls a card now"
        if isinstance(p, ev.Call):
            return _check_call(state, head, p.card)
        return None
    if isinstance(p, ev.Reveal | ev.Pass) and head is not None and head.kind == "reveal":
        return check_reveal(state, head, event.actor, p)
    if isinstance(p, ev.Reveal):
        return (
            "a face-down card is revealed to everyone only when the Hierophant names its "
            "kind (show it instead to use it)"
        )
    if isinstance(p, ev.Discard) and head is not None and head.kind == "down":
        if event.actor != seat_of(state, head.who):
            return f"{name(state, head.who)} discards down to the hand limit first"
        return _hand_card(state, head.who, p.card)
    if head is not None:
        return _busy(state, head)
    if isinstance(p, ev.Hermit):
        return _check_hermit(state, event.actor, p.demons)
    if isinstance(p, ev.Pass):
        if (
            not state.optional
            or state.actor is None
            or p.demons != (state.actor == state.n)
            or event.actor != seat_of(state, state.actor)
        ):
            return (
                "there is nothing to pass on: only an optional extra turn (Justice's) may be passed"
            )
        return None
    if isinstance(p, ev.Fool):
        return "the Fool is played as another player places cards on a battlefield"
    if isinstance(p, ev.Call):
        return "a card is called only with the Star, the Moon or the Sun"
    if not isinstance(p, TURN_KINDS):
        return f"Narrespillet has no {getattr(p, 'TYPE', type(p).__name__)} events"
    assert state.actor is not None
    who = state.actor
    if event.actor != seat_of(state, who):
        return f"it is {name(state, who)}'s turn" + (
            f" (played by {state.players[state.demons]})" if who == state.n else ""
        )
    return _check_turn(state, who, p)


def _who(state: State, seat: int | None) -> str:
    return state.players[seat] if seat is not None and 0 <= seat < state.n else "nobody"


def _busy(state: State, head: Step) -> str:
    if head.kind == "fool":
        return (
            f"{name(state, head.who)} has just placed: the players who may hold the "
            f"Fool answer first (fool or pass)"
        )
    if head.kind == "vote":
        return "the players are voting on a new stock (vote yes or vote no)"
    if head.kind == "call":
        return f"{name(state, head.who)} is calling a card (call CARD or pass)"
    if head.kind == "down":
        return f"{name(state, head.who)} discards down to the hand limit first"
    if head.kind == "reveal":
        return (
            "the players with face-down cards show what the Hierophant named first "
            "(reveal CARD, then pass)"
        )
    if head.kind == "answer":
        return f"the table says first who holds {head.card} (answer NAME or answer nobody)"
    return "the game waits for something else"


def _check_show(state: State, seat: int | None, card: Card) -> str | None:
    from rules.narrespillet.moves import to_act

    if seat is None or not 0 <= seat < state.n:
        return "a card is shown by a player"
    if seat not in to_act(state):
        return f"{state.players[seat]} is not asked to act now"
    if not state.hands[seat].hidden:
        return f"the record knows every card of {state.players[seat]}'s hand"
    if not is_unknown(state, card):
        return f"{state.players[seat]} cannot hold {card}: {where(state, card)}"
    return None


def _check_hermit(state: State, seat: int | None, demons: bool) -> str | None:
    who = state.n if demons else seat
    if who is None or (demons and seat != state.demons) or not 0 <= who <= state.n:
        return "the Hermit's turns are taken by the player who has it"
    if state.finished[who] or not state.hermit[who]:
        return f"{name(state, who)} has no Hermit turn left"
    if state.options.hermit_window == "own_turn" and who != state.actor:
        return (
            "the Hermit's turns are taken only at one's own turn in this game "
            "(option hermit_window=own_turn)"
        )
    return None


def _check_call(state: State, head: Step, card: Card) -> str | None:
    if card in head.tried:
        return f"{card} has been called already: each attempt calls a different card"
    if head.what == "suit" and card.suit == "T":
        return "only court and number cards may be called now"
    if card in (FOOL, Card("20", "T"), Card("21", "T")):
        return "the Fool, Judgement and the World cannot be called"
    return None


def _hand_card(state: State, who: int, card: Card) -> str | None:
    if source_of(state, who, card, pool=False, chariot=False) is None:
        if state.hands[who].hidden and is_unknown(state, card):
            return f"{name(state, who)}'s {card} is face down in the record: show it first"
        return f"{name(state, who)} has no {card} in hand: {where(state, card)}"
    return None


def _check_turn(state: State, who: int, p: object) -> str | None:
    if isinstance(p, ev.Place):
        return check_place(state, who, p)
    if isinstance(p, ev.Discard):
        return _hand_card(state, who, p.card)
    if isinstance(p, ev.Forfeit):
        if p.field not in HOUSE_NAMES:
            return f"{p.field!r} is no battlefield: Sw, St, Cu or Co"
        if state.slots[who][HOUSES.index(p.field)].status != OPEN:
            return f"{name(state, who)} has already placed on or forfeited {HOUSE_NAMES[p.field]}"
        return None
    if isinstance(p, ev.Picture):
        return check_picture(state, who, p)
    if isinstance(p, ev.Load):
        if not state.has_chariot[who]:
            return f"{name(state, who)} has no Chariot to load"
        if not 1 <= len(p.cards) <= 2 or len(set(p.cards)) != len(p.cards):
            return "one or two cards are laid in the Chariot"
        for card in p.cards:
            bad = _hand_card(state, who, card)
            if bad:
                return bad
        return None
    if isinstance(p, ev.Unload):
        return None if state.has_chariot[who] else f"{name(state, who)} has no Chariot"
    if isinstance(p, ev.Lift):
        if state.temperance is None or state.temperance[0] != who:
            return f"{name(state, who)} has no Temperance on the table to take away"
        return None
    if isinstance(p, ev.Exorcise):
        if state.options.variant != MALDERIA:
            return (
                "only Malderian rules let the Swords Knight drive out the Demons "
                "(option variant=malderia)"
            )
        if state.demons < 0 or state.finished[state.n]:
            return "the Demons are not in play (or have finished their round)"
        if who == state.n:
            return "the Demons do not drive themselves out"
        return _hand_card(state, who, SWORD_KNIGHT)
    return "not a turn action"  # pragma: no cover


def _make(state: State, event: Event) -> State:
    p = event.payload
    if isinstance(p, Deal):
        return settle(apply_draw(state, event))
    if isinstance(p, ev.Answer):
        return settle(apply_answer(state, event))
    if isinstance(p, ev.Show):
        seat = event.actor
        assert seat is not None
        hand = state.hands[seat]
        hand = Zone((*hand.cards, p.card), hand.hidden - 1)
        return evolve(state, hands=_set(state.hands, seat, hand))
    head = state.queue[0] if state.queue and state.actor is None else None
    rest = state.queue[1:]
    if isinstance(p, ev.Vote):
        assert head is not None
        if not p.agree:
            return settle(evolve(state, queue=rest, refused=True))
        asked = tuple(s for s in head.asked if s != event.actor)
        if asked:
            return evolve(state, queue=(attrs.evolve(head, asked=asked), *rest))
        stock = Zone((), len(state.discard))
        return settle(
            evolve(state, stock=stock, discard=Zone(), queue=rest, reshuffles=state.reshuffles + 1)
        )
    if head is not None and head.kind == "fool":
        who = state.n if p.demons else event.actor
        assert who is not None
        if isinstance(p, ev.Fool):
            state = steal(state, who, head)
            return settle(evolve(state, queue=(Step("refill", who), *rest)))
        asked = tuple(a for a in head.asked if a != who)
        if asked:
            return evolve(state, queue=(attrs.evolve(head, asked=asked), *rest))
        return settle(evolve(state, queue=rest))
    if head is not None and head.kind == "call":
        if isinstance(p, ev.Pass):
            return settle(evolve(state, queue=rest))
        return settle(call(state, head, rest, p.card))
    if head is not None and head.kind == "reveal":
        return settle(revealed(state, head, rest, event.actor, p))
    if head is not None and head.kind == "down":
        who = head.who
        src = source_of(state, who, p.card, pool=False, chariot=False)
        assert src is not None
        return settle(discard_cards(take(state, who, p.card, src), p.card))
    if isinstance(p, ev.Hermit):
        who = state.n if p.demons else event.actor
        assert who is not None and state.actor is not None
        left = state.hermit[who] - 1
        state = evolve(state, hermit=_set(state.hermit, who, left))
        if not left:
            from rules.narrespillet.deck import HERMIT

            front = state.fronts[who].remove(HERMIT)
            state = discard_cards(evolve(state, fronts=_set(state.fronts, who, front)), HERMIT)
        resume = state.actor
        back = who if resume is None else resume
        queue = (Step("turn", who), Step("turn", back, optional=state.optional))
        return settle(evolve(state, actor=None, queue=queue))
    if isinstance(p, ev.Pass):
        return settle(evolve(state, actor=None, optional=False))
    assert state.actor is not None
    return settle(_turn(state, state.actor, p))


def _turn(state: State, who: int, p: object) -> State:
    pre: tuple[Step, ...] = ()
    after = ""
    state = evolve(state, actor=None, optional=False)
    if isinstance(p, ev.Place):
        state, _, used_chariot = do_place(state, who, p)
        if used_chariot:
            state = _drop_chariot(state, who)
        pre = fool_step(state, who, (p.field,) + ((p.also,) if p.also else ()))
    elif isinstance(p, ev.Discard):
        src = source_of(state, who, p.card, pool=False, chariot=False)
        assert src is not None
        state = discard_cards(take(state, who, p.card, src), p.card)
    elif isinstance(p, ev.Forfeit):
        clock = state.clock + 1
        row = _set(state.slots[who], HOUSES.index(p.field), Slot(FORFEIT, None, clock))
        state = evolve(state, slots=_set(state.slots, who, row), clock=clock)
    elif isinstance(p, ev.Picture):
        state, pre, after = do_picture(state, who, p)
    elif isinstance(p, ev.Load):
        for card in p.cards:
            src = source_of(state, who, card, pool=False, chariot=False)
            assert src is not None
            state = take(state, who, card, src)
        state = evolve(state, chariots=_set(state.chariots, who, state.chariots[who].add(*p.cards)))
    elif isinstance(p, ev.Unload):
        state = _drop_chariot(state, who)
    elif isinstance(p, ev.Lift):
        state = lift_temperance(state)
    elif isinstance(p, ev.Exorcise):
        src = source_of(state, who, SWORD_KNIGHT, pool=False, chariot=False)
        assert src is not None
        state = _exorcise(discard_cards(take(state, who, SWORD_KNIGHT, src), SWORD_KNIGHT))
    finishes = tuple(Step("finish", w) for w in range(state.n + 1))
    refills = (Step("refill", -1), Step("refill", who))  # Justice always draws first
    extra: tuple[Step, ...] = ()
    if after:
        extra = (Step("turn", who, optional=after == "maybe"),)
    return evolve(state, queue=(*pre, *finishes, *refills, *extra, *state.queue))


def _drop_chariot(state: State, who: int) -> State:
    inside = state.chariots[who]
    front = state.fronts[who].remove(CHARIOT)
    state = evolve(
        state,
        chariots=_set(state.chariots, who, Zone()),
        fronts=_set(state.fronts, who, front),
        has_chariot=_set(state.has_chariot, who, False),
    )
    return discard_cards(state, CHARIOT, *inside.cards)


def _exorcise(state: State) -> State:
    from rules.narrespillet.flow import finish

    d = state.n
    clock = 10**9
    if state.options.demon_placements == "discard":
        cards: list[Card] = []
        for i, slot in enumerate(state.slots[d]):
            p = slot.placement
            if p is not None and p.fields[0] == HOUSES[i]:
                cards.extend(p.cards)
        row = tuple(Slot(FORFEIT, None, clock) for _ in HOUSES)
        state = discard_cards(evolve(state, slots=_set(state.slots, d, row)), *cards)
    else:
        row = tuple(s if s.status != OPEN else Slot(FORFEIT, None, clock) for s in state.slots[d])
        state = evolve(state, slots=_set(state.slots, d, row))
    return finish(state, d)


_ = (CannotBind, bind)
