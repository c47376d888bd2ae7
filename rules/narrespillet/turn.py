"""``apply``: every move and chance event of Narrespillet, checked and made.

A turn action (place, discard, forfeit, picture, load, unload, lift, exorcise) is made by
the participant whose turn it is (the Demons' by their controller); it leaves the common
steps behind it: the Fool's window after a placement, finished players, Justice's refill,
the actor's refill, and any extra turn. Answers (fool, pass, hermit, vote, call, show)
belong to the window that asks for them.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.absences import bound, checked, hierophant_passed
from tablelog.rules.narrespillet.actors import head_step
from tablelog.rules.narrespillet.calls import apply_answer, call
from tablelog.rules.narrespillet.chance import apply_draw
from tablelog.rules.narrespillet.checks import SWORD_KNIGHT, TURN_KINDS, check
from tablelog.rules.narrespillet.deck import CHARIOT, HERMIT, HOUSES
from tablelog.rules.narrespillet.flow import discard_cards, finish, lift_temperance, settle
from tablelog.rules.narrespillet.pictures import do_picture
from tablelog.rules.narrespillet.place import do_place, fool_step, steal
from tablelog.rules.narrespillet.quick import quick_draw, quick_turn
from tablelog.rules.narrespillet.reveal import revealed
from tablelog.rules.narrespillet.state import FORFEIT, OPEN, Slot, State, Step
from tablelog.rules.narrespillet.take import source_of, take
from tablelog.rules.table import evolve
from tablelog.rules.zones import Zone

__all__ = ["TURN_ACTIONS", "apply", "check", "recent", "turn_action", "unchecked"]

TURN_ACTIONS = TURN_KINDS
"""The payloads of a turn action (``turn_action`` makes them)."""


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


_RECENT: list[tuple[State, Event, State]] = []
"""The last few events applied, with the states before and after: what an event shows is
asked by applying it to the state the fold has just applied it to, after the checks have
tried other moves on that state."""


def recent(state: State, event: Event) -> State | None:
    """The state after ``event`` if it was one of the last few applied to ``state``."""
    for before, done, after in _RECENT:
        if before is state and done == event:
            return after
    return None


def apply(state: State, event: Event) -> State:
    """The state after ``event``, or ``IllegalEvent`` naming the rule it breaks."""
    after = recent(state, event)
    if after is not None:
        return after
    reason = check(state, event)
    if reason is not None:
        raise IllegalEvent(event, reason)
    after = checked(event, _make(state, event))
    _RECENT.append((state, event, after))
    if len(_RECENT) > 8:
        del _RECENT[0]
    return after


def unchecked(state: State, event: Event) -> State:
    """The state after ``event`` as ``apply`` makes it once its check has passed, without
    the check or the memory of recent events: for a playout, whose every event is legal
    by construction (a listed move, or a sample of the chance step)."""
    return checked(event, _make(state, event))


def _make(state: State, event: Event) -> State:
    p = event.payload
    if isinstance(p, Deal):
        return quick_draw(state, p) or settle(apply_draw(state, event))
    if isinstance(p, ev.Answer):
        return settle(apply_answer(state, event))
    if isinstance(p, ev.Show):
        seat = event.actor
        assert seat is not None
        hand = state.hands[seat]
        hand = Zone((*hand.cards, p.card), hand.hidden - 1)
        return evolve(bound(state, seat, p.card), hands=_set(state.hands, seat, hand))
    head = head_step(state)
    if isinstance(p, ev.Vote):
        assert head is not None
        return _vote(state, head, event.actor, p.agree)
    if head is not None:
        return _window(state, head, event, p)
    if isinstance(p, ev.Hermit):
        who = state.n if p.demons else event.actor
        assert who is not None
        return _hermit(state, who)
    if isinstance(p, ev.Pass):
        return settle(evolve(state, actor=None, optional=False))
    who = state.actor
    assert who is not None
    return quick_turn(state, who, p) or settle(turn_action(state, who, p))


def _vote(state: State, head: Step, seat: int | None, agree: bool) -> State:
    """A vote on a new stock: one no ends it; the last yes turns the pile into the stock."""
    rest = state.queue[1:]
    if not agree:
        return settle(evolve(state, queue=rest, refused=True))
    asked = tuple(s for s in head.asked if s != seat)
    if asked:
        return evolve(state, queue=(attrs.evolve(head, asked=asked), *rest))
    stock = Zone((), len(state.discard))
    return settle(
        evolve(state, stock=stock, discard=Zone(), queue=rest, reshuffles=state.reshuffles + 1)
    )


def _window(state: State, head: Step, event: Event, p: Any) -> State:
    """An answer to the window ``head``: the Fool's, a call, the Hierophant's reveal (a
    pass there says the hand holds no more of them: an absence), or a discard down to the
    hand limit."""
    rest = state.queue[1:]
    seat = event.actor
    if head.kind == "fool":
        who = state.n if p.demons else seat
        assert who is not None
        if isinstance(p, ev.Fool):
            state = steal(state, who, head)
            return settle(evolve(state, queue=(Step("refill", who), *rest)))
        asked = tuple(a for a in head.asked if a != who)
        if asked:
            return evolve(state, queue=(attrs.evolve(head, asked=asked), *rest))
        return settle(evolve(state, queue=rest))
    if head.kind == "call":
        if isinstance(p, ev.Pass):
            return settle(evolve(state, queue=rest))
        return settle(call(state, head, rest, p.card))
    if head.kind == "reveal":
        if isinstance(p, ev.Pass):
            assert seat is not None
            state = hierophant_passed(state, head, seat, event.seq)
        return settle(revealed(state, head, rest, seat, p))
    assert head.kind == "down"
    who = head.who
    src = source_of(state, who, p.card, pool=False, chariot=False)
    assert src is not None
    return settle(discard_cards(take(state, who, p.card, src), p.card))


def _hermit(state: State, who: int) -> State:
    """One of ``who``'s Hermit turns taken now; the interrupted turn follows it."""
    assert state.actor is not None
    left = state.hermit[who] - 1
    state = evolve(state, hermit=_set(state.hermit, who, left))
    if not left:
        front = state.fronts[who].remove(HERMIT)
        state = discard_cards(evolve(state, fronts=_set(state.fronts, who, front)), HERMIT)
    resume = state.actor
    back = who if resume is None else resume
    queue = (Step("turn", who), Step("turn", back, optional=state.optional))
    return settle(evolve(state, actor=None, queue=queue))


def turn_action(state: State, who: int, p: object) -> State:
    """The turn action ``p`` of ``who`` (on turn, no window open) made, unchecked, with the
    steps it leaves behind queued (``apply`` settles them)."""
    pre: tuple[Step, ...] = ()
    after = ""  # nobody is on turn once the action is made (no step below asks who is)
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
    extra: tuple[Step, ...] = ()
    if after:
        extra = (Step("turn", who, optional=after == "maybe"),)
    queue = (*pre, *_after_turn(state.n, who), *extra, *state.queue)
    return evolve(state, queue=queue, actor=None, optional=False)


@functools.cache
def _after_turn(n: int, who: int) -> tuple[Step, ...]:
    """What every turn of ``who`` leaves behind at a table of ``n`` players: each
    participant's finish check, then Justice's refill (it always draws first) and the
    actor's (frozen steps, made once)."""
    finishes = tuple(Step("finish", w) for w in range(n + 1))
    return (*finishes, Step("refill", -1), Step("refill", who))


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
