"""The turn loop's common moves as one set of changes: a play, a war card, a pickup, a chance.

A play of known cards (no joker) from a hand or face-up table cards whose every card is
known, with no claim open, changes a handful of fields and settles nothing else unless
it declares a war, lays 666 or KKK, ends a war's round, or leaves someone out of cards
with the stock empty. ``lay_changes`` gives every field such a play changes at once, the
pile's layers (``pile_by``) too, or ``None`` for the moves ``lay.lay`` and ``war.settle``
take step by step; ``pickup_changes`` the same for a pickup. ``play.apply`` makes one new
state of them (one per event instead of five or six), and the playout
(``rules.vriddiot.playout``) sets them in place; both ask them of a state they have
checked (the play allowed, the cards held, the pickup allowed).
"""

from __future__ import annotations

from collections import Counter
from itertools import compress
from operator import attrgetter, itemgetter, not_
from typing import Any

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.laid import laid_by, laid_on
from tablelog.rules.table import evolve
from tablelog.rules.vriddiot.legal import WAR_RANKS
from tablelog.rules.vriddiot.order import laid_from
from tablelog.rules.vriddiot.state import (
    ADDON,
    BEAT,
    FIRER,
    LEAD,
    RANK_VALUE,
    WAR,
    State,
    War,
    down_count,
    value,
    zone_map,
)
from tablelog.rules.vriddiot.war import joiners, losers, next_in, war_over
from tablelog.rules.zones import Zone, unaccounted

__all__ = ["chance_changes", "lay_changes", "pickup_changes"]

_EMPTY = Zone()
_NO_RUN = ("", 0)
_FIRER_ALONE = (FIRER,)
_FIRST = itemgetter(0)


_CARDS = attrgetter("cards")


def _someone_out(state: State, seat: int, real: tuple[Card, ...] = ()) -> bool:
    """Whether, with the stock empty, someone would be out of cards once ``seat`` laid
    ``real`` (then ``war.settle`` says who goes out, and whether the game ends). Zones are
    asked for their cards and face-down count, not their length (``Zone.__len__``)."""
    stock = state.stock
    if stock.cards or stock.hidden:
        return False
    hands = state.hands
    if real and len(hands[seat].cards) <= len(real) and _left(state, seat, real) == 0:
        return True  # (more known hand cards than it lays: some are left)
    if all(map(_CARDS, hands)):
        return False  # every hand holds known cards: nobody else is out
    ups, downs, finished = state.ups, state.downs, state.finished
    for other in compress(range(len(hands)), map(not_, map(_CARDS, hands))):  # no known card
        if hands[other].hidden or other == seat or other in finished:
            continue
        up = ups[other]
        if not (up.cards or up.hidden or down_count(downs[other])):
            return True
    return False


def _taken(state: State, seat: int, real: tuple[Card, ...]) -> dict[str, Any] | None:
    """The card just turned, the hands or the face-up cards once ``seat`` laid ``real``
    from where it plays, with what every move on turn changes; ``None`` when
    ``take.take`` must name the rule (a card not held). As ``take.take`` does (with no
    claim open), a known copy goes first, else a face-down card is bound to the card,
    which must still be unaccounted for (``_unaccounted``)."""
    turned = state.turned
    if turned.cards or turned.hidden:
        if real != turned.cards:
            return None  # take.take names the rule
        return {"turned": _EMPTY, "refill_from": None, "started": True, "turn": seat}
    zone = state.hands[seat]
    from_hand = bool(zone.cards or zone.hidden)
    if not from_hand:
        zone = state.ups[seat]
        if not (zone.cards or zone.hidden):
            return None
    cards, hidden = zone.cards, zone.hidden
    if len(real) == 1 and real[0] in cards:  # one known card: its first copy goes
        i = cards.index(real[0])
        left = cards[:i] + cards[i + 1 :]
    else:
        kept = list(cards)
        bound: list[Card] = []
        pool: Counter[Card] | None = None
        for c in real:
            if c in kept:  # a known copy, the first
                del kept[kept.index(c)]
                continue
            if hidden and pool is None:
                pool = _unaccounted(state)
            if hidden and pool is not None and pool[c] > bound.count(c):
                hidden -= 1
                bound.append(c)
            else:
                return None  # not held: take.take names the rule
        left = tuple(kept)
    zones = list(state.hands if from_hand else state.ups)
    made = zones[seat] = Zone(left, hidden)
    if not zone.hidden:  # every card laid a known one: the listing's order carried over
        laid_from(zone, made, real)
    return {
        "hands" if from_hand else "ups": tuple(zones),
        "refill_from": None,
        "started": True,
        "turn": seat,
    }


def _unaccounted(state: State) -> Counter[Card]:
    """The cards no zone holds as a known card (``rules.table.pool``'s answer, made here
    by ``rules.zones.unaccounted`` without its memory per state object, which the
    playout, changed in place, must not be asked of)."""
    return unaccounted(state.table.deck, zone_map(state).values())


def _left(state: State, seat: int, real: tuple[Card, ...]) -> int:
    """How many cards ``seat`` holds once it laid ``real`` (the card just turned was
    never held)."""
    hand, up, turned = state.hands[seat], state.ups[seat], state.turned
    held = len(hand.cards) + hand.hidden + len(up.cards) + up.hidden
    held += down_count(state.downs[seat])
    return held if turned.cards or turned.hidden else held - len(real)


def lay_changes(state: State, seat: int, real: tuple[Card, ...]) -> dict[str, Any] | None:
    """Every field ``seat`` laying ``real`` (an allowed play, of cards it holds) changes,
    or ``None`` when ``lay.lay`` and ``war.settle`` must take it step by step."""
    if state.claims or state.pending or state.turn != seat or JOKER in real:
        return None
    if state.war is not None:
        return _war_card(state, seat, real)
    card = real[0]
    rank = card.rank
    duty, twist = state.duty, state.twist
    run = (rank, (state.run[1] if state.run[0] == rank else 0) + len(real))
    burns = rank == "10" or real == _FIRER_ALONE or run[1] >= 4  # ``is_burn``, or four laid
    declares: War | None = None
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
            declares = _declared(state, last[0], seat, real)
            if declares is None:
                return None
    if _someone_out(state, seat, real):
        return None
    changes = _taken(state, seat, real)
    if changes is None:
        return None
    pile = Zone(state.pile.cards + real, state.pile.hidden)  # ``Zone.add``
    seating = state.seating
    if rank == "J" and len(real) % 2 and declares is None:  # one value: all jacks or none
        seating = seating.reversed()
    if burns:  # lay.lay's reversal, then lay.burn: the player lays again
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
    elif declares is not None:  # lay._declare_war; with nobody to join, the second lays
        changes.update(run=run, top=value(card), war=declares, duty=WAR, last=None)
    else:
        worth = RANK_VALUE.get(rank, 0)  # ``value``
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
            changes["top"] = worth
            changes["last"] = (seat, rank) if rank in WAR_RANKS and twist is None else None
            changes["seating"] = seating
            changes["duty"] = BEAT
            changes["turn"] = next_in(seating, state.finished, seat)
    changes["pile"] = pile
    changes["pile_by"] = (
        laid_on(state.pile_by, len(state.pile.cards), seat, len(real)) if pile.cards else ()
    )
    return changes


def _declared(state: State, first: int, second: int, real: tuple[Card, ...]) -> War | None:
    """The war ``second`` declares on ``first`` by laying ``real`` (``lay._declare_war``),
    its join window opened to the others who may hold its value; ``None`` when a hand
    holds cards nobody entered (``war.joiners`` would count the unaccounted cards) or
    ``first`` went out (``war.settle`` ends the war at once)."""
    if first in state.finished or any(zone.hidden for zone in state.hands):
        return None
    involved = (second, first)  # from the second card's layer on (``first`` is not it)
    rank = real[0].rank
    war = War(rank, second, involved, jacks=len(real) if rank == "J" else 0)
    return evolve(war, window=joiners(state, war))


def _war_card(state: State, seat: int, real: tuple[Card, ...]) -> dict[str, Any] | None:
    """A war card laid (``lay._war_card``), an 8 in the war or the card added after it,
    then what ``war.settle`` does: the next in the war lays, or the round is over
    (``_round_over``); ``None`` for a burn, a join window or anything else ``war.settle``
    resolves step by step."""
    war = state.war
    assert war is not None
    card = real[0]
    rank = card.rank
    duty = state.duty
    run = (rank, (state.run[1] if state.run[0] == rank else 0) + len(real))
    if (
        war.window
        or war.thrown
        or duty not in (WAR, ADDON)
        or len(war.involved) < 2
        or rank == "10"
        or real == _FIRER_ALONE
        or run[1] >= 4  # ``is_burn``, or four laid
        or (state.finished and not set(state.finished).isdisjoint(war.involved))
    ):
        return None
    if _someone_out(state, seat, real):
        return None
    changes = _taken(state, seat, real)
    if changes is None:
        return None
    changes["pile"] = Zone(state.pile.cards + real, state.pile.hidden)  # ``Zone.add``
    changes["run"] = run
    changes["pile_by"] = laid_on(state.pile_by, len(state.pile.cards), seat, len(real))
    if rank == "8":  # the card added after it follows (an 8 added: the war's own twist)
        if duty == ADDON:
            changes["war"] = evolve(war, twist=(card.suit, 8))
        changes.update(top=8, duty=ADDON)
        return changes
    worth = RANK_VALUE.get(rank, 0)  # ``value``
    if duty == ADDON:
        twist: tuple[str, int] | None = (card.suit, worth)
    else:
        twist = (war.twist[0], worth) if war.twist else None
    laid = (*war.laid, (seat, worth))
    jacks = war.jacks + len(real) if rank == "J" else war.jacks
    war = evolve(war, laid=laid, jacks=jacks, twist=twist)
    changes["war"] = war
    changes["top"] = worth
    changes["duty"] = WAR
    done = set(map(_FIRST, laid))
    for waiting in war.involved:
        if waiting not in done:  # the next in the war to lay
            changes["turn"] = waiting
            return changes
    return _round_over(state, seat, war, changes)


def _round_over(state: State, seat: int, war: War, changes: dict[str, Any]) -> dict[str, Any]:
    """Every war card of the round laid (``war._resolve``): a shared highest fights on,
    else the highest picks up the pile and the war is over (``war.war_over``)."""
    fight = losers(war, state.options.war_tie_rule)
    if len(fight) > 1:
        changes.update(war=evolve(war, involved=fight, laid=(), twist=None), turn=fight[0])
        return changes
    picker = fight[0]
    hands = list(changes.get("hands", state.hands))
    hands[picker] = hands[picker].add(*changes["pile"].cards)
    changes.update(
        hands=tuple(hands),
        pile=_EMPTY,
        top=0,
        run=_NO_RUN,
        pile_by=laid_by(state.pile.cards, (), state.pile_by, seat),
    )
    changes.update(war_over(state, war, False))
    return changes


def pickup_changes(state: State, seat: int) -> dict[str, Any] | None:
    """Every field ``seat`` picking up the pile (an allowed pickup) changes, or ``None``
    when ``play._pickup`` and ``war.settle`` must take it step by step. A pickup in a
    war ends it (``war.war_over``)."""
    war = state.war
    if state.claims or state.pending or state.turn != seat:
        return None
    if (war is not None and (war.window or war.thrown)) or _someone_out(state, seat):
        return None
    hands = list(state.hands)
    hands[seat] = hands[seat].add(*state.pile.cards, *state.turned.cards)
    changes = {
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
    if war is not None:
        changes.update(war_over(state, war, False))
    return changes


def chance_changes(seat: int, reveal: int = -1) -> dict[str, Any]:
    """Every field ``seat`` taking a chance card changes (an allowed chance: the stock not
    empty, no card turned), or laying its face-down table card ``reveal`` blind (an
    allowed ``blind``): the card is turned next (``pending`` reveal)."""
    return {"refill_from": None, "turn": seat, "pending": "reveal", "reveal": reveal}
