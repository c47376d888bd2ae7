"""The turn loop's common moves as one set of changes: a play, a war card, a pickup, a chance.

A play of known cards (no joker) from a hand or face-up table cards whose every card is
known, with no claim open, changes a handful of fields and settles nothing else unless
it declares a war, lays 666 or KKK, ends a war's round, or leaves someone out of cards
with the stock empty. ``lay_changes`` gives every field such a play changes at once, the
pile's layers (``pile_by``) too, or ``None`` for the moves ``play.lay`` and ``war.settle``
take step by step; ``pickup_changes`` the same for a pickup. ``play.apply`` makes one new
state of them (one per event instead of five or six), and the playout
(``rules.vriddiot.playout``) sets them in place; both ask them of a state they have
checked (the play allowed, the cards held, the pickup allowed).
"""

from __future__ import annotations

from typing import Any

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.laid import laid_by
from tablelog.rules.table import evolve
from tablelog.rules.vriddiot.legal import WAR_RANKS, is_burn
from tablelog.rules.vriddiot.state import ADDON, BEAT, FIRER, LEAD, WAR, State, value
from tablelog.rules.vriddiot.war import next_in
from tablelog.rules.zones import Zone

__all__ = ["chance_changes", "lay_changes", "pickup_changes"]

_EMPTY = Zone()
_NO_RUN = ("", 0)


def _someone_out(state: State, seat: int, left: int) -> bool:
    """Whether, with the stock empty, someone would be out of cards once ``seat`` holds
    ``left`` cards (then ``war.settle`` says who goes out, and whether the game ends)."""
    if len(state.stock):
        return False
    if left == 0:
        return True
    hands, ups, downs, finished = state.hands, state.ups, state.downs, state.finished
    return any(
        other != seat
        and other not in finished
        and not (len(hands[other]) or len(ups[other]) or len(downs[other]))
        for other in range(len(hands))
    )


def _taken(state: State, seat: int, real: tuple[Card, ...]) -> dict[str, Any] | None:
    """The hands or face-up cards once ``seat`` laid ``real`` from where it plays (every
    card there known), with what every move on turn changes; ``None`` when ``play.take``
    must (cards nobody entered, a card not held)."""
    hand = state.hands[seat]
    from_hand = bool(len(hand))
    zone = hand if from_hand else state.ups[seat]
    if zone.hidden or not len(zone):
        return None
    left = list(zone.cards)
    for c in real:  # a known copy each, the first
        if c not in left:
            return None  # not held: play.take names the rule
        del left[left.index(c)]
    zones = list(state.hands if from_hand else state.ups)
    zones[seat] = Zone(tuple(left))
    return {
        "hands" if from_hand else "ups": tuple(zones),
        "refill_from": None,
        "started": True,
        "turn": seat,
    }


def _held(state: State, seat: int) -> int:
    return len(state.hands[seat]) + len(state.ups[seat]) + len(state.downs[seat])


def lay_changes(state: State, seat: int, real: tuple[Card, ...]) -> dict[str, Any] | None:
    """Every field ``seat`` laying ``real`` (an allowed play, of cards it holds) changes,
    or ``None`` when ``play.lay`` and ``war.settle`` must take it step by step."""
    if state.claims or state.pending or state.turn != seat or JOKER in real or len(state.turned):
        return None
    if state.war is not None:
        return _war_card(state, seat, real)
    card = real[0]
    rank = card.rank
    duty, twist = state.duty, state.twist
    run = (rank, (state.run[1] if state.run[0] == rank else 0) + len(real))
    burns = is_burn(real, real) or run[1] >= 4
    if not burns and duty != ADDON:
        if len(real) == 3 and rank in ("6", "K"):
            return None  # 666 or KKK
        last = state.last
        if (
            duty == BEAT
            and twist is None
            and rank in WAR_RANKS
            and last is not None
            and last[0] != seat
            and last[1] == rank
        ):
            return None  # a war is declared
    if _someone_out(state, seat, _held(state, seat) - len(real)):
        return None
    changes = _taken(state, seat, real)
    if changes is None:
        return None
    pile = state.pile.add(*real)
    seating = state.seating
    if sum(1 for c in real if c.rank == "J") % 2:
        seating = seating.reversed()
    if burns:  # play.lay's reversal, then play._burn: the player lays again
        if real == (FIRER,):
            victims = pile.cards[:-1]
            if victims:
                changes["out"] = state.out.add(*victims, FIRER)
            else:
                changes["burned"] = state.burned.add(FIRER)
        else:
            changes["burned"] = state.burned.add(*pile.cards)
        pile = _EMPTY
        changes.update(seating=seating, top=0, twist=None, run=_NO_RUN, last=None, duty=LEAD)
    else:
        worth = value(card)
        changes["run"] = run
        if duty == ADDON:
            changes["last"] = None
            if rank == "A":
                nxt = next_in(state.seating, state.finished, seat)
                changes.update(top=14, twist=None, duty=BEAT, turn=nxt)
            else:
                changes.update(twist=(card.suit, worth), top=worth)
                if rank == "8":
                    changes["duty"] = ADDON
                else:
                    nxt = next_in(seating, state.finished, seat)
                    changes.update(seating=seating, duty=BEAT, turn=nxt)
        elif rank == "8":
            changes.update(top=8, last=None, duty=ADDON)
        else:
            if twist is not None:
                ends = rank == "A" or (rank == "2" and state.options.two_in_vri == "ends_vri")
                changes["twist"] = None if ends else (twist[0], worth)
            last = (seat, rank) if rank in WAR_RANKS and twist is None else None
            nxt = next_in(seating, state.finished, seat)
            changes.update(top=worth, last=last, seating=seating, duty=BEAT, turn=nxt)
    changes["pile"] = pile
    changes["pile_by"] = laid_by(state.pile.cards, pile.cards, state.pile_by, seat)
    return changes


def _war_card(state: State, seat: int, real: tuple[Card, ...]) -> dict[str, Any] | None:
    """A war card laid (``play._war_card``) while others in the war are still to lay
    theirs (``war.settle`` gives the turn to the next of them); ``None`` for a burn, an
    8, the round's last card, a join window or anything else ``war.settle`` resolves."""
    war = state.war
    assert war is not None
    card = real[0]
    rank = card.rank
    run = (rank, (state.run[1] if state.run[0] == rank else 0) + len(real))
    if (
        war.window
        or war.thrown
        or state.duty != WAR
        or len(war.involved) < 2
        or rank == "8"
        or is_burn(real, real)
        or run[1] >= 4
    ):
        return None
    worth = value(card)
    laid = (*war.laid, (seat, worth))
    done = {s for s, _ in laid}
    waiting = [s for s in war.involved if s not in done]
    if not waiting or _someone_out(state, seat, _held(state, seat) - len(real)):
        return None
    changes = _taken(state, seat, real)
    if changes is None:
        return None
    jacks = war.jacks + sum(1 for c in real if c.rank == "J")
    twist = (war.twist[0], worth) if war.twist else None
    pile = state.pile.add(*real)
    changes.update(
        pile=pile,
        run=run,
        war=evolve(war, laid=laid, jacks=jacks, twist=twist),
        top=worth,
        duty=WAR,
        turn=waiting[0],
        pile_by=laid_by(state.pile.cards, pile.cards, state.pile_by, seat),
    )
    return changes


def pickup_changes(state: State, seat: int) -> dict[str, Any] | None:
    """Every field ``seat`` picking up the pile (an allowed pickup) changes, or ``None``
    when ``play._pickup`` and ``war.settle`` must take it step by step."""
    if state.war is not None or state.claims or state.pending or state.turn != seat:
        return None
    if _someone_out(state, seat, 1):
        return None
    hands = list(state.hands)
    hands[seat] = hands[seat].add(*state.pile.cards, *state.turned.cards)
    return {
        "hands": tuple(hands),
        "pile": _EMPTY,
        "turned": _EMPTY,
        "twist": None,
        "top": 0,
        "run": _NO_RUN,
        "last": None,
        "started": True,
        "refill_from": None,
        "turn": next_in(state.seating, state.finished, seat),
        "duty": LEAD,
        "pile_by": laid_by(state.pile.cards, (), state.pile_by, seat),
    }


def chance_changes(seat: int) -> dict[str, Any]:
    """Every field ``seat`` taking a chance card changes (an allowed chance: the stock not
    empty, no card turned): the card is turned next (``pending`` reveal)."""
    return {"refill_from": None, "turn": seat, "pending": "reveal", "reveal": -1}
