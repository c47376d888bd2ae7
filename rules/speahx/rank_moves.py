"""The plays and gives one rank's cards make, and how many one multiset makes.

``moves`` asks here for the moves of the cards the stage may take, a rank at a time:
every multiset of the rank the stage allows (``combos.multisets``; the locked stage and
open claims restrict which ones may be taken, ``takeable``), each in every order that
matters (the first card, which must fit the pile, and the last, which lies on top; the
cards between in suit order). Whether a multiset may be laid with a given first card is
asked once, by the same check ``apply`` uses (``play_problem``), and remembered
(``_fits``). ``count_multiset`` counts the same orders without making them.

These are kept apart from ``moves``, which decides which ranks to ask and remembers
their listings per state and across states: this module knows nothing of listings or
caches of moves, only of one rank's cards and the state they are laid on.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.events import Move
from tablelog.rules.speahx.cards import give_problem, matches, play_problem, suit_order
from tablelog.rules.speahx.claims import keeps, unseen_ok
from tablelog.rules.speahx.combos import Source, multisets
from tablelog.rules.speahx.events import Give, Play
from tablelog.rules.speahx.sources import taken_or_none
from tablelog.rules.speahx.state import LOCKED, SUITS, Options, State

__all__ = [
    "GIVERS",
    "count_multiset",
    "give_targets",
    "rank_moves",
    "takeable",
]


def give_targets(state: State) -> list[int]:
    seat = state.turn.seat
    return [s for s in range(len(state.players)) if s != seat and state.in_game(s)]


def takeable(state: State, chosen: tuple[Card, ...]) -> bool:
    """Whether the stage may take ``chosen`` (only the locked stage restricts a multiset
    beyond what ``source_of`` offers: chance cards, or one with three hand cards), and
    showing the face-down cards it binds keeps what the hand was said not to hold."""
    if state.turn.stage != LOCKED and not state.claims:
        return True
    taken = taken_or_none(state, chosen)
    if taken is None:
        return False
    if not taken.revealed or not state.claims:
        return True
    seat = state.turn.seat
    return keeps(state.claims, seat, taken.bound) and unseen_ok(
        state, taken.revealed, seat, taken.bound
    )


def _first_ok(state: State, chosen: tuple[Card, ...], first: Card) -> bool:
    """Whether ``chosen`` may be laid with ``first`` first (the last card does not
    matter; a 2's suit is checked with spades, every suit being alike)."""
    return _fits(chosen, first, state.top, state.suit, state.options)


@lru_cache(maxsize=1 << 16)
def _fits(
    chosen: tuple[Card, ...], first: Card, top: Card | None, follow: str, options: Options
) -> bool:
    """``_first_ok`` by the values it depends on, remembered: ``kinds``, ``cards`` and the
    listing of one state (and the next states, on the same pile) ask the same ones."""
    rest = list(chosen)
    rest.remove(first)
    order = (first, *sorted(rest, key=suit_order))
    if first.rank == "2" or first.rank == "10":
        order = tuple(sorted(chosen, key=suit_order))
    suit = "S" if first.rank == "2" else ""
    return play_problem(order, suit, top, follow, options) is None


def _lasts(chosen: tuple[Card, ...], first: Card) -> tuple[Card, ...]:
    """The cards that may lie on top after ``first`` (distinct, in suit order)."""
    rest = list(chosen)
    rest.remove(first)
    return tuple(dict.fromkeys(rest))


def _plays(state: State, chosen: tuple[Card, ...], first: Card) -> Iterator[Play]:
    """The plays of the multiset ``chosen`` led by ``first`` (already known to fit)."""
    if len(chosen) == 1 or first.rank in ("2", "10"):
        order = tuple(sorted(chosen, key=suit_order))
        if order[0] != first:
            return
        for suit in SUITS if first.rank == "2" else ("",):
            yield Play(order, suit)
        return
    for last in _lasts(chosen, first):
        middle = list(chosen)
        middle.remove(first)
        middle.remove(last)
        yield Play((first, *sorted(middle, key=suit_order), last))


def _leads(chosen: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards that may be first in a play of ``chosen`` (2s and 10s: only the first in
    suit order, since their order is all in suit order)."""
    if len(chosen) == 1:
        return chosen
    if chosen[0].rank in ("2", "10"):
        return (min(chosen, key=suit_order),)
    return tuple(dict.fromkeys(chosen))


def _min_size(state: State, first: Card) -> int:
    """The fewest cards a play led by ``first`` may hold: four when ``first`` fits
    neither the pile nor is special (four equal cards fit anything)."""
    if first.rank in ("2", "10") or _first_ok(state, (first,), first):
        return 1
    return 4


GIVERS = frozenset({JOKER.rank, "J"})
"""The only ranks that may give the pile away (``give_problem``: a joker, or a
Terminator-Torkel, which is jacks): no other rank's multisets are asked."""


def rank_moves(
    state: State, source: Source, rank: str, lead: Card | None, kind: str | None
) -> Iterator[Move]:
    """The plays and gives of cards of ``rank`` (led by ``lead`` when given)."""
    seat = state.turn.seat
    options = state.options
    top, follow = state.top, state.suit
    cards = source.ranks[rank]
    want_give = kind in (None, "give") and rank in GIVERS
    want_play = kind in (None, "play") and rank != JOKER.rank
    if want_play and rank not in ("2", "10") and top is not None:
        # a play fits by its first card, or as four or more cards: a rank none of whose
        # cards matches the pile, with fewer than four copies, has none (``play_problem``
        # is still asked of every play the others make)
        fits = any(matches(c, top, follow) for c in cards)
        want_play = fits or sum(source.most(c) for c in cards) >= 4
    if not want_give and not want_play:
        return
    least = 1
    if lead is not None and want_play and not want_give:
        least = _min_size(state, lead)
    free = state.turn.stage != LOCKED and not state.claims  # every multiset is takeable
    for chosen in multisets(cards, source, lead, least):
        if not free and not takeable(state, chosen):
            continue
        if want_give:
            ordered = tuple(sorted(chosen, key=suit_order))
            if (lead is None or ordered[0] == lead) and give_problem(ordered, options) is None:
                for target in give_targets(state):
                    yield Move(seat, Give(ordered, target))
        if not want_play:
            continue
        for first in _leads(chosen) if lead is None else (lead,):
            if first in chosen and _fits(chosen, first, top, follow, options):
                for play in _plays(state, chosen, first):
                    yield Move(seat, play)


def count_multiset(state: State, chosen: tuple[Card, ...], targets: int) -> int:
    """How many plays and gives the multiset ``chosen`` makes (without making them)."""
    n = 0
    ordered = tuple(sorted(chosen, key=suit_order))
    if give_problem(ordered, state.options) is None:
        n += targets
    if chosen[0].rank == JOKER.rank:
        return n
    for first in _leads(chosen):
        if not _first_ok(state, chosen, first):
            continue
        if len(chosen) == 1 or first.rank in ("2", "10"):
            n += len(SUITS) if first.rank == "2" else 1
        else:
            n += len(_lasts(chosen, first))
    return n
