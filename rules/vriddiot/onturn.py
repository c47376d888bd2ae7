"""The moves of the player on turn (outside a join window): ``turn_moves``, with the
pieces the listing shares (``candidates``, ``by_rank``, ``sets``; the listing's order of
cards is ``order``'s).

The plays are listed by construction from the situation's verdicts (``legal.verdicts``)
when ``refuse_play`` answers the same for every seat, else each candidate is checked
(``_checked``); the moves themselves are made once per value and reused.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.events import Move
from tablelog.rules.memo import ByValue
from tablelog.rules.table import pool
from tablelog.rules.vriddiot.claims import card_lays, claims_first
from tablelog.rules.vriddiot.events import Blind, Chance, Pickup, Play, Set
from tablelog.rules.vriddiot.legal import (
    OptionsRead,
    Verdicts,
    declarations,
    refuse_play,
    seat_free,
    source,
    verdicts,
)
from tablelog.rules.vriddiot.order import ORDER as _ORDER
from tablelog.rules.vriddiot.order import card_order, in_order, rank_order
from tablelog.rules.vriddiot.state import ADDON, FIRER, SUIT_ORDER, WAR, State
from tablelog.rules.vriddiot.take import can_play
from tablelog.rules.zones import Zone

__all__ = ["by_rank", "candidates", "sets", "turn_moves"]


def candidates(state: State, zone: Zone) -> Counter[Card]:
    """Each card the zone may hold, with how many copies it may hold."""
    have = Counter(zone.cards)
    if zone.hidden:
        for c, n in pool(state).items():
            if n > 0:
                have[c] += min(n, zone.hidden)
    return have


def by_rank(have: Counter[Card]) -> dict[str, list[Card]]:
    """The copies a zone may hold of each rank (jokers and Der Firer, always laid alone,
    left out), each rank's in suit order: grouped in one pass, not one pass per rank."""
    ranks: dict[str, list[Card]] = {}
    for c, n in have.items():
        if c != JOKER and c != FIRER:
            ranks.setdefault(c.rank, []).extend([c] * n)
    for copies in ranks.values():
        copies.sort(key=lambda c: SUIT_ORDER.get(c.suit, 9))
    return ranks


def sets(zone: Zone, copies: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """The sets of two or more of ``copies`` (one rank, in suit order) the zone may lay:
    each once, with no more copies that nobody has seen than it has face-down cards."""
    if len(copies) < 2:
        return
    if not zone.hidden and len(set(copies)) == len(copies):
        # every copy is a known card of its own: each combination is a set, and distinct
        for size in range(2, len(copies) + 1):
            yield from itertools.combinations(copies, size)
        return
    distinct = list(dict.fromkeys(copies))  # copies of one card lie together
    cards = zone.cards
    spare = [cards.count(c) for c in distinct]  # copies beyond these bind face-down cards
    # how many copies of each card, the most of the earlier cards first: the order in
    # which ``itertools.combinations`` of the copies first gives each set; then by size
    # (a stable sort keeps that order within a size)
    kept: list[tuple[int, tuple[int, ...]]] = []
    for counts in itertools.product(*(range(copies.count(c), -1, -1) for c in distinct)):
        total = sum(counts)
        if total > 1 and zone.hidden >= sum(
            n - k for n, k in zip(counts, spare, strict=True) if n > k
        ):
            kept.append((total, counts))
    kept.sort(key=_FIRST)
    for _, counts in kept:
        yield tuple(c for c, n in zip(distinct, counts, strict=True) for _ in range(n))


def turn_moves(
    state: State, seat: int, src: str | None = None, read: OptionsRead | None = None
) -> list[Move]:
    """The moves of ``seat`` on turn (outside a join window), in the listing's order: the
    cards it may lay alone, then its sets, rank by rank, then ``chance`` and ``pickup``.
    ``src``: where the seat plays from (``legal.source``), when the caller has asked;
    ``read``: what ``legal.verdicts`` reads of the game's options (``legal.options_read``),
    when the caller walking one game has asked.

    When ``refuse_play`` answers the same for every seat (``legal.seat_free``), no claim
    is open and no joker may be laid, the plays are listed by construction: the cards the
    seat may lay among those the situation allows alone, and each set asked once
    (``legal.verdicts``); else each candidate is checked (``_checked``). Zones are asked
    for their cards and face-down count, not their length (``Zone.__len__``)."""
    if src is None:
        src = source(state, seat)
    listed: list[Move] = []
    can = cannot = False
    if src == "down":
        listed.extend(Move(seat, Blind(i + 1)) for i in state.downs[seat].occupied())
    elif src:
        zone = (
            state.hands[seat] if src == "hand" else state.ups[seat] if src == "up" else state.turned
        )
        cards = zone.cards
        claimed = src == "hand" and (
            bool(state.claims) or (not state.started and claims_first(state))
        )
        have = candidates(state, zone) if zone.hidden else None
        if claimed or not (state.started or seat_free(state)):
            have = candidates(state, zone) if have is None else have
            listed.extend(_checked(state, seat, src, zone, have, claimed))
        else:
            said = verdicts(state, read)
            alone = said.alone
            mine = said.listing.get(seat) or _mine(said, seat)
            runs: Iterable[tuple[Card, ...]] = ()
            copies_of: list[list[Card]] = []
            if have is None:  # known cards: in order once (kept per zone), each card once
                distinct: Sequence[Card] = cards
                if len(cards) > 1:
                    distinct, found = in_order(zone)
                    if src != "turned" and state.duty != ADDON:
                        runs = found.values()
                lays = [*filter(None, map(mine.lays.__getitem__, distinct))]
                listed.extend(lays)
                can = bool(lays)
            else:
                may = alone.intersection(have)
                if may:
                    plays = _plays(seat)
                    listed.extend(map(plays.__getitem__, sorted(may, key=_ORDER.__getitem__)))
                    can = not alone.isdisjoint(cards)  # a known card
                if src != "turned" and state.duty != ADDON:
                    copies_of = _copies(have)
            if JOKER in (cards if have is None else have) and said.jokers:
                listed.extend(_joker_moves(said, seat))  # a joker comes last (``card_order``)
                can = can or JOKER in cards
            known = mine.sets  # each copies' sets, made once per seat in this situation
            for run in runs:
                sets_made = known.get(run)
                listed.extend(mine.sets_of(run) if sets_made is None else sets_made)
            for copies in copies_of:
                listed.extend(_set_moves(said, seat, zone, copies))
            cannot = not can and not _fours(state, zone)  # what ``can_play`` would say
    stock, turned = state.stock, state.turned
    turns = turned.cards or turned.hidden
    if src and (stock.cards or stock.hidden) and not turns:
        listed.append(_chance(seat))
    picks = src != "down" and not can and (turns or state.pile.cards or state.pile.hidden)
    if picks and (cannot or not can_play(state, seat)):
        listed.append(_pickup(seat))
    return listed


def _fours(state: State, zone: Zone) -> bool:
    """Whether ``can_play`` may find a play beyond the known cards ``verdicts`` allows
    alone: a war card ("måteplikt"), or four or more known cards of one value together."""
    war = state.war
    if war is not None and state.duty == WAR and war.twist is None:
        return True
    ranks = list(map(_RANK, zone.cards))
    if len(ranks) < 4:
        return False
    distinct = set(ranks)
    return len(distinct) <= len(ranks) - 3 and max(map(ranks.count, distinct)) >= 4


_SETS_KEPT = 50_000
"""How many keys ``_SET_MOVES`` and ``_SETS_OK`` remember before they start again."""
_SET_MOVES: ByValue[tuple[Move, ...]] = ByValue(_SETS_KEPT)


def _joker_moves(said: Verdicts, seat: int) -> tuple[Move, ...]:
    """The moves laying a joker as each card ``said`` allows it to stand for, remembered
    with the sets (``_SET_MOVES``)."""
    key = (said, seat, JOKER)
    made = _SET_MOVES.get(key)
    if made is None:
        made = _SET_MOVES.keep(key, tuple(Move(seat, Play(JOKER, eff)) for eff in said.jokers))
    return made


def _set_moves(said: Verdicts, seat: int, zone: Zone, copies: list[Card]) -> tuple[Move, ...]:
    """The moves laying the sets of ``copies`` (``sets``) that ``said`` allows, remembered
    by the situation, the seat, the copies and (for copies the zone may hold face down,
    or repeated) what ``sets`` reads of the zone (bounded: started again past 50,000)."""
    key: tuple[object, ...] = (said, seat, *copies)
    if zone.hidden or len(set(copies)) < len(copies):
        # what ``sets`` reads of the zone: its known copies of each card, and its
        # face-down cards up to as many as there are copies
        cards = zone.cards
        spare = [cards.count(c) for c in dict.fromkeys(copies)]
        key = (*key, None, min(zone.hidden, len(copies)), *spare)
    made = _SET_MOVES.get(key)
    if made is None:
        oks = _sets_ok(said, zone, copies, (key[0], *key[2:]))
        made = _SET_MOVES.keep(key, tuple(_set(seat, combo) for combo in oks))
    return made


class _Lays(dict[Card, Move | None]):
    """The move laying each card alone as itself in one situation, by card, for one seat:
    ``None`` for a card the situation does not allow alone (``Verdicts.alone``), each
    asked when first met."""

    __slots__ = ("alone", "plays")

    def __init__(self, alone: frozenset[Card], plays: _Plays) -> None:
        super().__init__()
        self.alone = alone
        self.plays = plays

    def __missing__(self, card: Card) -> Move | None:
        made = self[card] = self.plays[card] if card in self.alone else None
        return made


class _Mine:
    """What the listing keeps of one situation (``Verdicts``) for one seat whose cards are
    all known: the move laying each card alone (``lays``), and the moves laying the sets
    of each rank's copies (``sets``, by the copies, in ``sets``'s order). A zone without
    face-down cards is read for nothing but its copies, so the copies name the sets; the
    copies of one rank are at most the deck's, so what is kept stays small."""

    __slots__ = ("lays", "said", "seat", "sets")

    def __init__(self, said: Verdicts, seat: int) -> None:
        self.said = said
        self.seat = seat
        self.lays = _Lays(said.alone, _plays(seat))
        self.sets: dict[tuple[Card, ...], tuple[Move, ...]] = {}

    def sets_of(self, copies: tuple[Card, ...]) -> tuple[Move, ...]:
        """The moves laying the sets of ``copies`` (one rank, known cards) the situation
        allows, made once (``_sets_ok``, shared by every seat)."""
        said, seat = self.said, self.seat
        shape: tuple[object, ...] = (said, *copies)  # as ``_set_moves`` names them
        zone = _KNOWN
        if len(set(copies)) < len(copies):
            zone = Zone(copies)
            shape = (*shape, None, 0, *(copies.count(c) for c in dict.fromkeys(copies)))
        oks = _sets_ok(said, zone, copies, shape)
        made = self.sets[copies] = tuple(_set(seat, combo) for combo in oks)
        return made


_KNOWN = Zone()
"""What ``sets`` reads of a zone of known cards whose copies of one rank are distinct
(nothing: every combination is a set); for repeated copies, a zone of the copies."""


def _mine(said: Verdicts, seat: int) -> _Mine:
    made = said.listing[seat] = _Mine(said, seat)
    return made


_SETS_OK: ByValue[tuple[tuple[Card, ...], ...]] = ByValue(_SETS_KEPT)
"""The sets ``said`` allows, by ``_set_moves``'s key without the seat: every seat's
moves of the same copies in the same situation are made from one answer."""


def _sets_ok(
    said: Verdicts, zone: Zone, copies: Sequence[Card], shape: tuple[object, ...]
) -> tuple[tuple[Card, ...], ...]:
    """The sets of ``copies`` that ``said`` allows, in ``sets``'s order, remembered by
    ``shape`` (``_set_moves``'s key without the seat: the situation, the copies and what
    ``sets`` reads of ``zone``) for every seat, bounded as ``_SET_MOVES``."""
    oks = _SETS_OK.get(shape)
    if oks is None:
        oks = _SETS_OK.keep(shape, tuple(filter(said.set_ok, sets(zone, copies))))
    return oks


def _checked(
    state: State, seat: int, src: str, zone: Zone, have: Counter[Card], claimed: bool
) -> Iterator[Move]:
    """The plays of ``seat`` from ``zone``, each candidate checked by ``refuse_play`` (and
    with ``claimed`` against the claims on the hand)."""
    lays = card_lays(state, seat) if claimed else None
    for card in sorted(have, key=card_order):
        allowed = [e for e in declarations(card) if refuse_play(state, seat, (card,), (e,)) is None]
        if allowed and (lays is None or lays((card,))):
            for eff in allowed:
                yield Move(seat, Play(card, eff if card == JOKER else None))
    if src != "turned" and state.duty != ADDON:
        ranks = by_rank(have)
        for rank in sorted(ranks, key=rank_order):
            for combo in sets(zone, ranks[rank]):
                if refuse_play(state, seat, combo, combo) is None and (lays is None or lays(combo)):
                    yield Move(seat, Set(combo))


def _copies(have: Counter[Card]) -> list[list[Card]]:
    """Each rank's copies (``by_rank``) of two or more, in the listing's order."""
    ranks = by_rank(have)
    return [ranks[rank] for rank in sorted(ranks, key=rank_order)]


_RANK = operator.attrgetter("rank")
_FIRST = operator.itemgetter(0)


class _Plays(dict[Card, Move]):
    """One seat's moves laying one card as itself, by card, each made when first asked
    (equal values: one object serves every listing)."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, card: Card) -> Move:
        made = self[card] = Move(self.seat, Play(card))
        return made


@lru_cache(maxsize=32)
def _plays(seat: int) -> _Plays:
    return _Plays(seat)


_SETS: dict[tuple[int, tuple[Card, ...]], Move] = {}


def _set(seat: int, cards: tuple[Card, ...]) -> Move:
    """The move laying the set ``cards``, made once (bounded: started again past 50,000)."""
    made = _SETS.get((seat, cards))
    if made is None:
        if len(_SETS) >= 50_000:
            _SETS.clear()
        made = _SETS[seat, cards] = Move(seat, Set(cards))
    return made


@lru_cache(maxsize=32)
def _chance(seat: int) -> Move:
    return Move(seat, Chance())


@lru_cache(maxsize=32)
def _pickup(seat: int) -> Move:
    return Move(seat, Pickup())
