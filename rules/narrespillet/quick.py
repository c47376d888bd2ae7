"""The two commonest events made in one new state: a plain turn and a plain refill.

Most of a game is a participant discarding (or forfeiting a battlefield) and then drawing
back up to the hand limit. ``apply`` makes an action with ``turn.turn_action`` and then
works through the steps it leaves (``flow.settle``: every participant's finish check,
Justice's refill, the actor's refill), and a draw with ``chance.apply_draw`` and
``settle``: several new states each. Here the same two are made in one, when nothing
else can happen on the way:

* ``quick_turn``: a discard, a forfeit, or a placement of cards from the hand (not the
  World, not with the Magician) that opens no Fool window, when no other participant's
  round ends by it, Justice wants no card, and the actor then either draws from a stock
  that has cards (the queue stops at that refill) or wants none (the next regular turn
  begins, no step queued); or a forfeit or such a placement that closes the actor's last
  open slot, so that its round ends (``flow.finish_changes``: its cards discarded), when
  it holds no Temperance, Justice wants no card and someone is left to take the next
  regular turn;
* ``quick_draw``: a participant's refill with every card known and going into its hand,
  that fills the hand, with nothing queued after it (the next regular turn begins) or
  only a turn of a participant still playing (an extra turn: it begins).

Anything else answers ``None`` and the caller takes the general path. The state made is
the one that path makes (``==``): ``tests/rules/test_narrespillet_quick.py`` compares
both on every event of seeded games of every option set, and the fold, the playout and
the listing digests all pass through here.
"""

from __future__ import annotations

import functools
from typing import Any

from tablelog.rules.events import Deal
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.deck import HOUSES, MAGICIAN
from tablelog.rules.narrespillet.flow import MAX_RESHUFFLES, finish_changes, hand_need, next_actor
from tablelog.rules.narrespillet.place import fool_askers
from tablelog.rules.narrespillet.placements import classify
from tablelog.rules.narrespillet.state import (
    FORFEIT,
    HAND,
    OPEN,
    PLACED,
    PLAY,
    Placement,
    Slot,
    State,
    Step,
)
from tablelog.rules.table import evolve
from tablelog.rules.zones import Zone

__all__ = ["draw_changes", "quick_draw", "quick_turn", "turn_changes"]


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


@functools.cache
def _refill(who: int) -> Step:
    return Step("refill", who)


def _any_done(state: State, skip: int) -> bool:
    """Whether a participant other than ``skip`` would finish at a finish check now (no
    slot of its four open; written out: asked on every turn)."""
    finished = state.finished
    for w, (a, b, c, d) in enumerate(state.slots):
        if (
            a.status != OPEN
            and b.status != OPEN
            and c.status != OPEN
            and d.status != OPEN
            and w != skip
            and not finished[w]
        ):
            return True
    return False


def quick_turn(state: State, who: int, p: object) -> State | None:
    """The state ``apply`` makes of ``who``'s discard, forfeit or placement ``p`` (``who``
    on turn, no window open, the move legal), settled, in one new state; ``None`` when
    more than a refill or the next turn follows (see the module's text)."""
    changes = turn_changes(state, who, p)
    return None if changes is None else evolve(state, **changes)


def turn_changes(state: State, who: int, p: object) -> dict[str, Any] | None:
    """What ``quick_turn`` changes, field by field (the playout sets them in place)."""
    kind = type(p)
    hands, opens = state.hands, state.opens
    hand, opened_zone = hands[who], opens[who]  # their sizes, without ``Zone.__len__``'s call
    held = len(hand.cards) + hand.hidden
    opened = len(opened_zone.cards) + opened_zone.hidden
    changes: dict[str, Any]
    if kind is ev.Discard:
        card = p.card  # type: ignore[attr-defined]
        hand = hands[who]
        if card in hand.cards:
            changes = {"hands": _set(hands, who, hand.remove(card))}
            held -= 1
        elif card in opens[who].cards:
            changes = {"opens": _set(opens, who, opens[who].remove(card))}
            opened -= 1
        else:
            return None
        changes["discard"] = state.discard.add(card)
        if _any_done(state, -1):
            return None
    elif kind is ev.Forfeit:
        clock = state.clock + 1
        row = _set(state.slots[who], HOUSES.index(p.field), Slot(FORFEIT, None, clock))  # type: ignore[attr-defined]
        if _any_done(state, who):
            return None  # another's round ends: the general path
        changes = {"slots": _set(state.slots, who, row), "clock": clock}
    elif kind is ev.Place:
        placed = _place(state, who, p)  # type: ignore[arg-type]
        if placed is None:
            return None
        changes = placed
        held -= len(p.cards)  # type: ignore[attr-defined]
    elif kind is ev.Load:
        loaded = p.cards  # type: ignore[attr-defined]
        kept = tuple(c for c in hand.cards if c not in loaded)
        if len(kept) + len(loaded) != len(hand.cards):
            return None  # an open card loaded: the general path
        if _any_done(state, -1):
            return None
        chariot = state.chariots[who]
        changes = {
            "hands": _set(hands, who, Zone(kept, hand.hidden)),
            "chariots": _set(state.chariots, who, Zone(chariot.cards + loaded, chariot.hidden)),
        }
        held -= len(loaded)
    else:
        return None
    if (
        kind is not ev.Discard
        and kind is not ev.Load
        and all(slot.status != OPEN for slot in changes["slots"][who])
    ):
        return _finished(state, who, changes)
    return _settled(state, who, held, opened, changes)


def _place(state: State, who: int, p: ev.Place) -> dict[str, Any] | None:
    """The changes of placement ``p`` of cards of ``who``'s hand, when it opens no Fool
        window and ends no other participant's round (closing the actor's own last slot is
    ``_finished``'s), and is not the World or with the Magician."""
    if MAGICIAN in p.cards:
        return None
    hand = state.hands[who]
    if any(c not in hand.cards for c in p.cards):
        return None  # open cards, Justice's, the Chariot's: the general path
    kind = classify(p.cards, p.field, p.magic, state.options.variant)
    if isinstance(kind, str) or kind.kind == "world":
        return None
    fields = (p.field, p.also) if p.also else (p.field,)
    clock = state.clock + 1
    placement = Placement(p.cards, kind.kind, kind.key, fields, p.magic, clock)
    if fool_askers(state, who, fields, placement) or _any_done(state, who):
        return None
    slot = Slot(PLACED, placement, clock)
    row = state.slots[who]
    for house in fields:
        row = _set(row, HOUSES.index(house), slot)
    kept = Zone(tuple(c for c in hand.cards if c not in p.cards), hand.hidden)
    return {
        "hands": _set(state.hands, who, kept),
        "slots": _set(state.slots, who, row),
        "clock": clock,
    }


def _finished(state: State, who: int, changes: dict[str, Any]) -> dict[str, Any] | None:
    """``changes`` and what follows when they close ``who``'s last open slot: its round
    ends (``flow.finish_changes``) and the next regular turn begins; ``None`` when more
    follows (Temperance lifted, Justice's draw, a queued step, or the round's end)."""
    if state.temperance is not None and state.temperance[0] == who:
        return None  # lifted first: the general path
    if (state.pool_live and len(state.pool) < HAND and not state.death) or state.queue:
        return None  # Justice draws first, or a step waits
    changes.update(finish_changes(state, who, changes.get("hands", state.hands)))
    nxt = next_actor(state, changes["finished"])
    if nxt is None:
        return None  # everyone has finished: the round ends
    changes.update(queue=(), turn=nxt, actor=nxt, optional=False)
    return changes


def _settled(
    state: State, who: int, held: int, opened: int, changes: dict[str, Any]
) -> dict[str, Any] | None:
    """``changes`` and what follows once ``who``'s turn is over: the actor's refill waits
    (queued), or the next regular turn begins; ``None`` when more than that follows."""
    if state.pool_live and len(state.pool) < HAND and not state.death:
        return None  # Justice draws first
    closed, opened_need = hand_need(state, who, held, opened)
    if closed + opened_need and not state.death:
        if state.stock.cards or state.stock.hidden:
            changes.update(queue=(_refill(who), *state.queue), actor=None, optional=False)
            return changes
        piled = state.discard.cards or state.discard.hidden or "discard" in changes
        if piled and not state.refused and state.reshuffles < MAX_RESHUFFLES:
            return None  # a vote on a new stock
        if state.temperance is not None:
            return None  # Temperance lifted, "når stokken tømmes uten å bli snudd"
        # then nobody draws: the next regular turn begins, as below
    if state.queue:
        return None
    nxt = next_actor(state)
    if nxt is None:
        return None  # pragma: no cover - the actor has not finished
    changes.update(queue=(), turn=nxt, actor=nxt, optional=False)
    return changes


def quick_draw(state: State, deal: Deal) -> State | None:
    """The state ``apply`` makes of the draw ``deal`` (checked, or sampled from ``chance``),
    settled, in one new state; ``None`` unless it is a participant's refill of known cards
    into its hand that fills it, with nothing queued after it but a turn (see the
    module's text)."""
    changes = draw_changes(state, deal)
    return None if changes is None else evolve(state, **changes)


def draw_changes(state: State, deal: Deal) -> dict[str, Any] | None:
    """What ``quick_draw`` changes, field by field (the playout sets them in place)."""
    queue = state.queue
    if state.phase != PLAY or state.claims or state.stock.cards or not queue:
        return None
    head = queue[0]
    who = head.who
    if head.kind != "refill" or who < 0:
        return None
    tag = "demons" if who == state.n else str(who)
    dealt = deal.cards
    cards = tuple(d.card for d in dealt if d.card is not None and d.to == tag)
    if len(cards) != len(dealt):
        return None  # a card face down, or one for the open cards
    hand = state.hands[who]
    opens = state.opens[who]
    held = len(hand.cards) + hand.hidden + len(cards)
    closed, opened = hand_need(state, who, held, len(opens.cards) + opens.hidden)
    if closed + opened:
        return None  # the stock ran short: the general path asks for a vote
    left = state.stock.hidden - len(cards)
    changes = {
        "hands": _set(state.hands, who, Zone(hand.cards + cards, hand.hidden)),
        "stock": Zone((), left),
    }
    return _drawn(state, who, held, left, queue, changes)


def _drawn(
    state: State,
    drawer: int,
    held: int,
    left: int,
    queue: tuple[Step, ...],
    changes: dict[str, Any],
) -> dict[str, Any] | None:
    """``changes`` and what ``flow.settle`` makes of the steps queued after the refill
    (``queue[1:]``) once ``drawer`` holds ``held`` cards and the stock ``left``: finish
    checks of nobody done and refills nobody needs pass, and the walk stops at a draw
    from the stock, a turn of a participant still playing (an extra turn: the turn field
    stays) or, the queue done, the next regular turn; ``None`` when more happens (a round
    ends, a vote, Temperance lifted, a window)."""
    finished = state.finished
    for i in range(1, len(queue)):
        step = queue[i]
        kind, w = step.kind, step.who
        if kind == "finish":
            if not finished[w] and all(slot.status != OPEN for slot in state.slots[w]):
                return None  # its round ends: the general path
        elif kind == "refill":
            if state.death:
                continue
            if w < 0:  # Justice's cards (this draw went to a participant's hand)
                if not state.pool_live or len(state.pool) >= HAND:
                    continue
            else:
                zone, opens = state.hands[w], state.opens[w]
                size = held if w == drawer else len(zone.cards) + zone.hidden
                if sum(hand_need(state, w, size, len(opens.cards) + opens.hidden)) == 0:
                    continue
            if not left:
                return None  # a vote on a new stock, or Temperance lifted
            changes["queue"] = queue[i:]  # the next draw
            return changes
        elif kind == "turn":
            if not finished[w]:
                changes.update(queue=queue[i + 1 :], actor=w, optional=step.optional)
                return changes
        else:
            return None  # a window, a draw of the Wheel, a discard down: the general path
    nxt = next_actor(state)
    if nxt is None:
        return None  # everyone has finished: the round ends
    changes.update(queue=(), turn=nxt, actor=nxt, optional=False)
    return changes
