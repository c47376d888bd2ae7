"""Speahx's claims on face-down hands (``rules.claims``): "no card fits" (decision 21).

With option ``voluntary_pickup=false`` a player takes in the pile only when no hand card
fits, and with ``chance_may_skip_playable=false`` draws a chance card only then. In a
physical game the hand lies face down in the record, so the move is taken at the
player's word and leaves an ``Absence``: "Bo's hand held no card that fits 7H" (a 2, a
10, a joker or a Terminator-Torkel jack fit anything, so they count too). Each card
that hand later shows from its face-down cards (a play, a give) is checked against it;
the cards it takes unseen since (a refill entered as ``?``, unplayed chance cards that
nobody saw) may explain a fitting card shown later. What is not caught: four equal
cards fit anything, but a hand holding four cards none of which fits alone is not a
claim the core can state; a hand whose face-down cards must hold a fitting card because
too few unaccounted cards do not fit is refused at once (``surely_fits``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from tablelog.rules import absences
from tablelog.rules.cards import Card
from tablelog.rules.claims import Absence, Open, shown
from tablelog.rules.memo import ByValue, number_of, per_state
from tablelog.rules.speahx.cards import give_problem, play_problem
from tablelog.rules.speahx.state import SUIT_WORDS, Options, State, Table
from tablelog.rules.table import player, pool, pool_view

__all__ = [
    "fitting",
    "hidden",
    "keeps",
    "none_fits",
    "settle",
    "surely_fits",
    "unseen_ok",
]


def fitting(state: State) -> frozenset[Card]:
    """Every card of the game that could be laid (or give the pile away) alone now."""
    return _fitting(state.table, state.top, state.suit)


@lru_cache(maxsize=256)
def _fitting(table: Table, top: Card | None, follow: str) -> frozenset[Card]:
    options: Options = table.options
    out = set()
    for card in set(table.deck):
        suit = "S" if card.rank == "2" else ""
        if (
            play_problem((card,), suit, top, follow, options) is None
            or give_problem((card,), options) is None
        ):
            out.add(card)
    return frozenset(out)


def _what(state: State) -> str:
    top = state.top
    if top is None:
        return "card at all"
    if top.rank == "2" and state.named:
        return f"card of the named suit {SUIT_WORDS[state.named]} (after {top.text})"
    return f"card that fits {top.text}"


def surely_fits(state: State) -> bool:
    """Whether the face-down cards of the hand on turn must hold a card that fits: saying
    otherwise would leave a claim the unaccounted cards cannot meet (with those it made
    before; on an empty pile every card fits)."""
    if not state.hands[state.turn.seat].hidden:
        return False
    claims = none_fits(state, state.count + 1, "")
    return absences.impossible(claims, hidden(state), pool(state)) is not None


def hidden(state: State) -> dict[int, int]:
    """How many face-down cards each hand holds."""
    return {seat: hand.hidden for seat, hand in enumerate(state.hands) if hand.hidden}


def unseen_ok(
    state: State, cards: Iterable[Card], seat: int = -1, bound: Sequence[Card] = ()
) -> bool:
    """Whether ``cards``, bound from face-down cards (``bound`` of them from ``seat``'s
    hand), leave every claim one the unaccounted cards can meet.

    ``absences.binding_ok`` reads of the state only its claims, how many face-down cards
    each hand holds and the unaccounted cards (``_bindings``): it is asked as
    ``absences.binding_check``, made once by those, and its answers are remembered by
    those too, so the states of a turn and of the next turns, where known cards move but
    no claim, face-down card or unaccounted card changes, ask it once per set of cards (a
    physical hand's listing asks it of every set of cards its plays bind)."""
    if not state.claims:
        return True
    cards, bound = tuple(cards), tuple(bound)
    number = _bindings(state)
    key = (number, cards, seat, bound)
    found = _UNSEEN.get(key)
    if found is None:
        check = _CHECKS.get(number)
        if check is None:
            check = _CHECKS.keep(
                number, absences.binding_check(state.claims, state.hands, pool(state))
            )
        found = _UNSEEN.keep(key, check(cards, seat, bound))
    return found


_UNSEEN: ByValue[bool] = ByValue(1 << 14)
"""``binding_ok``'s answers by (``_bindings``, cards, seat, bound cards)."""

_CHECKS: ByValue[Callable[..., bool]] = ByValue(1 << 6)
"""``absences.binding_check`` by ``_bindings``: the layers and signatures of the claims,
face-down counts and unaccounted cards, worked out once for every binding asked."""


@per_state(maxsize=16)
def _bindings(state: State) -> int:
    """A number for all that ``binding_ok`` reads of ``state`` (the same for equal ones,
    ``memo.number_of``): the open claims, each hand's count of face-down cards, and the
    unaccounted cards with their counts."""
    hidden = tuple(hand.hidden for hand in state.hands)
    return number_of((state.claims, hidden, frozenset(pool_view(state).items())))


def none_fits(state: State, seq: int, said: str) -> tuple[Absence, ...]:
    """The claims after the player on turn said, by ``said`` (event ``seq``), that no
    hand card fits: an ``Absence`` on the hand's face-down cards, if it has any."""
    seat = state.turn.seat
    if not state.hands[seat].hidden:
        return state.claims
    name = player(state, seat)
    absence = Absence(
        seat=seat,
        zone=f"hand:{seat}",
        cards=fitting(state),
        seq=seq,
        said=said,
        holder=name,
        what=_what(state),
    )
    return (*state.claims, absence)


def keeps(claims: tuple[Open, ...], seat: int, bound: Iterable[Card]) -> bool:
    """Whether ``seat``'s hand may show ``bound`` from its face-down cards and leave
    every absence on it possible."""
    for card in bound:
        claims = shown(claims, seat, card)
    return not any(isinstance(c, Absence) and c.seat == seat and c.is_broken for c in claims)


def settle(event: object, state: State) -> State:
    """``rules.absences.settled`` on ``state``'s hands: refuse a broken claim, drop settled
    ones."""
    return absences.settled(event, state, state.claims, state.hands)
