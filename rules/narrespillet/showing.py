"""``shown``: which cards an event shows to whom, read from the event and the state before.

Every card a move lays face up is shown to everyone by that move's event (a placement's
cards, a picture card and what it loads into the Chariot, a discard, the Fool), also when
the same event takes it off the table again (the Fool's steal that ends the round). What
else an event's chain of effects makes public (a finished player's hand discarded, say)
is shown to everyone, and a card that comes into a hand face down only to its holder; the
High Priestess shows the target's known hand to the one who looked.

Where the fold has just applied the event (``turn.recent``: the exports and the views
check ask after folding it), the zones the event changed are compared
before and after it, the others skipped (``_gained``: a zone object the event did not
replace holds the same cards). Otherwise the commonest events are read without making the
state after them (``_quick``): a turn's discard, forfeit or placement and a participant's
refill, where ``quick.turn_changes`` and ``quick.draw_changes`` (the fold's own shortcuts)
say what they change; the event is checked first (``checks.check``), so a refused one
shows nothing, as before. Any other event is applied (``turn.apply``) and compared zone by
zone. ``shown_applied``, applying the event and comparing every public card before and
after it, is the reference: ``tests/rules/test_narrespillet_shown.py`` holds ``shown``
equal to it on every event of seeded and physical games of every option set, before the
fold applies the event and after.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from tablelog.rules.cards import FOOL, Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event
from tablelog.rules.memo import per_state
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.checks import check
from tablelog.rules.narrespillet.deck import HOUSES
from tablelog.rules.narrespillet.quick import draw_changes, turn_changes
from tablelog.rules.narrespillet.state import PLAY, State
from tablelog.rules.narrespillet.turn import apply, recent
from tablelog.rules.protocol import Shown

__all__ = ["public_cards", "shown", "shown_applied"]


@per_state(4)
def public_cards(state: State) -> Counter[Card]:
    """The cards everyone sees in ``state`` (remembered: an event's ``shown_applied`` asks
    of the state before it what the event before asked of the state after it; not to be
    changed): the cards of the public zones (``view._public_names``), read from the
    state's fields as ``zone_map`` lays them, without making every zone
    (``test_narrespillet_public`` holds them equal)."""
    cards = [*state.discard.cards, *state.pool.cards, *state.justice.cards]
    cards += state.hands[state.n].cards  # the Demons' hand
    for who in range(state.n + 1):
        cards += state.fronts[who].cards
        cards += state.chariots[who].cards
        cards += state.opens[who].cards
        _placed(state, who, cards)
    for w in range(state.n):
        if state.revealed[w]:
            _held(state, w, cards)
    return Counter(cards)


def shown(state: State, event: Event) -> Shown:
    """Which cards ``event`` shows to whom (see the module's text)."""
    after = recent(state, event)  # the fold has just made it: compared, zone by zone
    if after is None:
        quick = _quick(state, event)
        if quick is not None:
            return quick
        try:
            after = apply(state, event)
        except IllegalEvent:
            return Shown()
    return _between(state, event, after, _gained)


def _quick(state: State, event: Event) -> Shown | None:
    """What ``event`` shows, read from ``state`` and what the fold's shortcut would change;
    ``None`` where the shortcut does not apply (``shown`` applies the event)."""
    if state.phase != PLAY:
        return None
    p = event.payload
    if isinstance(p, Deal):
        return _drawn(state, event, p)
    who = state.actor
    if who is None or type(p) not in _TURN or check(state, event) is not None:
        return None
    changes = turn_changes(state, who, p)
    if changes is None:
        return None
    if isinstance(p, ev.Discard):
        return Shown(everyone=(p.card,))
    laid: tuple[Card, ...] = p.cards if isinstance(p, ev.Place) else ()
    made_public = state.revealed[who] if who < state.n else ()  # the Hierophant's
    everyone: tuple[Card, ...] = ()
    if changes.get("finished") is not None and who < state.n:
        # the actor's round ended: the hand's cards not public yet are discarded face up
        # (the Demons' hand lies face up)
        hand = state.hands[who].cards
        everyone = tuple(c for c in hand if c not in laid and c not in made_public)
    if laid:  # the placement: cards not public yet, then the Hierophant's, laid again
        everyone += tuple(c for c in laid if c not in made_public)
        everyone += tuple(c for c in laid if c in made_public)
    return Shown(everyone=everyone)


def _drawn(state: State, event: Event, deal: Deal) -> Shown | None:
    """What a participant's plain refill (``quick.draw_changes``) shows: the cards to the
    drawer (to everyone for the Demons' face-up hand, and a card the Hierophant named
    that comes back into the hand that showed it)."""
    if draw_changes(state, deal) is None or check(state, event) is not None:
        return None
    who = state.queue[0].who
    drawn = tuple(d.card for d in deal.cards if d.card is not None)
    if who == state.n:
        return Shown(everyone=drawn)
    made_public = state.revealed[who]
    everyone = tuple(c for c in made_public if c in drawn) if made_public else ()
    return Shown(everyone=everyone, seats={who: drawn} if drawn else {})


_TURN = (ev.Discard, ev.Forfeit, ev.Place)


def shown_applied(state: State, event: Event) -> Shown:
    """Which cards ``event`` shows to whom, by applying it and comparing every public card
    and every hand before and after it with counters: the reference ``shown`` is held to,
    written as ``shown`` was before it had shortcuts, sharing none but ``public_cards``'
    readers of placements and revealed hands (``_placed``, ``_held``, also ``_gained``'s),
    which ``test_narrespillet_public`` holds to the view's public zones, made apart."""
    try:
        after = apply(state, event)
    except IllegalEvent:
        return Shown()
    deal_forget = isinstance(event.payload, Deal) and state.phase == "deal"
    everyone = public_cards(after) - (Counter() if deal_forget else public_cards(state))
    for card in _laid(event.payload):
        if not everyone[card]:
            everyone[card] = 1
    seats: dict[int, tuple[Card, ...]] = {}
    for s in range(state.n):
        mine = Counter(after.hands[s].cards) - Counter(state.hands[s].cards)
        if mine:
            seats[s] = tuple(mine.elements())
    for who, target in after.peeks[len(state.peeks) :] if after.round == state.round else ():
        if who < state.n:
            seats[who] = (*seats.get(who, ()), *state.hands[target].cards)
    return Shown(everyone=tuple(everyone.elements()), seats=seats, forget=deal_forget)


def _gained(before: State, after: State) -> list[Card]:
    """``public_cards(after) - public_cards(before)``, in the same order, counted over the
    zones the event changed only (a zone object unchanged holds the same cards before and
    after, and a card lies in one place)."""
    old: list[Card] = []
    new: list[Card] = []
    n = before.n
    for was, now in (
        (before.discard, after.discard),
        (before.pool, after.pool),
        (before.justice, after.justice),
        (before.hands[n], after.hands[n]),  # the Demons' hand
    ):
        if was is not now:
            old += was.cards
            new += now.cards
    rows = (
        (before.fronts, after.fronts),
        (before.chariots, after.chariots),
        (before.opens, after.opens),
    )
    changed = [pair for pair in rows if pair[0] is not pair[1]]
    slots = before.slots is not after.slots
    for who in range(n + 1) if changed or slots else ():
        for was_row, now_row in changed:
            if was_row[who] is not now_row[who]:
                old += was_row[who].cards
                new += now_row[who].cards
        if slots and before.slots[who] is not after.slots[who]:
            _placed(before, who, old)
            _placed(after, who, new)
    for w in range(n):
        if (before.revealed[w] or after.revealed[w]) and (
            before.revealed[w] is not after.revealed[w] or before.hands[w] is not after.hands[w]
        ):
            _held(before, w, old)
            _held(after, w, new)
    return _minus(new, old)


def _minus(new: list[Card] | tuple[Card, ...], old: list[Card] | tuple[Card, ...]) -> list[Card]:
    """``(Counter(new) - Counter(old)).elements()`` as a list, in its order (without the
    counters where no card is there twice, as in one deck)."""
    if not old:
        return list(new)
    gone = set(old)
    if len(gone) == len(old) and len(set(new)) == len(new):
        return [c for c in new if c not in gone]
    return list((Counter(new) - Counter(old)).elements())


def _placed(state: State, who: int, into: list[Card]) -> None:
    """``who``'s placements' cards, each placement once (at its first battlefield)."""
    for i, house in enumerate(HOUSES):
        placed = state.slots[who][i].placement
        if placed is not None and placed.fields[0] == house:
            into += placed.cards


def _held(state: State, w: int, into: list[Card]) -> None:
    """The cards the Hierophant made ``w``'s hand show that it still holds."""
    held = Counter(state.hands[w].cards)
    into += [c for c in state.revealed[w] if held[c]]


def _between(
    state: State, event: Event, after: State, gained: Callable[[State, State], list[Card]]
) -> Shown:
    """What ``event`` showed, made ``after`` of ``state``: the public cards ``gained``, the
    cards it lays face up, each hand's new cards to its holder, a looked-at hand to the
    looker."""
    # a deal that starts afresh (``Shown.forget``: what was seen before is forgotten) shows
    # everything public after it, also what was public before and still is (a card the
    # Hierophant made a hand show, kept into the new round)
    deal_forget = isinstance(event.payload, Deal) and state.phase == "deal"
    everyone = list(public_cards(after).elements()) if deal_forget else gained(state, after)
    for card in _laid(event.payload):  # laid face up, whatever the same event does with it
        if card not in everyone:  # (a round that ends with the Fool's steal clears the table)
            everyone.append(card)
    seats: dict[int, tuple[Card, ...]] = {}
    for s in range(state.n):
        if after.hands[s] is state.hands[s]:
            continue  # the same hand: nothing new in it
        mine = _minus(after.hands[s].cards, state.hands[s].cards)
        if mine:
            seats[s] = tuple(mine)
    for who, target in after.peeks[len(state.peeks) :] if after.round == state.round else ():
        if who < state.n:
            seats[who] = (*seats.get(who, ()), *state.hands[target].cards)
    return Shown(everyone=tuple(everyone), seats=seats, forget=deal_forget)


def _laid(payload: object) -> tuple[Card, ...]:
    """The cards a move lays face up before everyone: a placement's, a picture card (and
    what it loads into the Chariot), a discard, the Fool."""
    if isinstance(payload, ev.Place):
        return payload.cards
    if isinstance(payload, ev.Picture):
        return (payload.card, *payload.cards)
    if isinstance(payload, ev.Discard):
        return (payload.card,)
    if isinstance(payload, ev.Fool):
        return (FOOL,)
    return ()
