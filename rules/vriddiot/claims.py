"""Vriddiot's claims on face-down hands (``rules.claims.Absence``): who starts.

*"Vedkommende med lavest kort til venstre for, og nærmest utdeler, starter spillet"*, and
with option ``starter_lowest`` the starter lays that lowest card. In a physical game
nobody types the hands, so anyone may lay first (decision 35); with ``starter_lowest``
the first card laid says what the hands held (``starter_claims``): the starter no
ordinary card lower than it (2, 10, ♠4 and jokers do not count; a special card laid
first says the starter held no ordinary card), every other player none lower either (the
lowest card starts), and a player nearer the dealer's left none as low (ties go to the
nearest). Each is an ``Absence`` on that hand's face-down cards, checked as they are
shown; refills taken unseen (``deal``) may explain a card shown later
(``rules.claims.received``). A known hand card that refutes the start is refused at
once (``legal``). The claims are counted against the unaccounted cards, all hands
together (``rules.absences.impossible``, at the end of ``apply``): a first card the
hands cannot back, or a card that takes the last ones claimed hands need, is refused;
``lays_ok`` and ``unseen_ok`` let ``moves`` and the dealer avoid them.

The pick-up makes no claim: the seed says who *must* pick up (*"ikke er i stand til å
toppe … må trekke inn bunken"*), not that anyone else may not, and a hand with unseen
cards may pick up at will (decision 29; see docs/rules/vriddiot.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from tablelog.rules import absences
from tablelog.rules.cards import Card
from tablelog.rules.claims import Absence, shown
from tablelog.rules.memo import per_state
from tablelog.rules.table import player, pool, pool_view
from tablelog.rules.vriddiot.legal import nearer, ordinary, start_forbidden
from tablelog.rules.vriddiot.state import State, value

__all__ = [
    "bound_from_hand",
    "card_lays",
    "card_unseen_ok",
    "claims_first",
    "keeps",
    "lays_ok",
    "settle",
    "showing",
    "starter_claims",
    "unseen_ok",
]


def showing(state: State, seat: int, cards: Sequence[Card]) -> tuple[Absence, ...]:
    """The claims once ``seat``'s face-down hand cards turned out to be ``cards``."""
    claims = state.claims
    for card in cards if claims else ():
        claims = shown(claims, seat, card)
    return claims


def keeps(state: State, seat: int, cards: Sequence[Card]) -> bool:
    """Whether ``seat`` may lay ``cards`` from the hand (known copies first, the rest
    bound from its face-down cards) and leave every absence on it possible."""
    if not state.claims:
        return True
    after = showing(state, seat, bound_from_hand(state, seat, cards))
    return not any(c.seat == seat and c.is_broken for c in after)


def bound_from_hand(state: State, seat: int, cards: Sequence[Card]) -> list[Card]:
    """The cards of ``cards`` that ``seat`` would lay from its face-down hand cards (known
    copies go first)."""
    known = list(state.hands[seat].cards)
    bound = []
    for card in cards:
        if card in known:
            known.remove(card)
        else:
            bound.append(card)
    return bound


def unseen_ok(
    state: State,
    cards: Sequence[Card],
    seat: int = -1,
    bound: Sequence[Card] = (),
    claims: tuple[Absence, ...] | None = None,
) -> bool:
    """Whether ``cards``, bound from face-down cards (``bound`` of them from ``seat``'s
    hand), leave every claim (``state``'s, or ``claims``) one the unaccounted cards can
    meet (``rules.absences.binding_ok``; for ``state``'s own claims its
    ``binding_check``, made once per state)."""
    if claims is None or claims is state.claims:
        return _binding_check(state)(cards, seat, bound)
    return absences.binding_ok(claims, state.hands, pool(state), cards, seat, bound)


@per_state(maxsize=8)
def _binding_check(state: State) -> Callable[..., bool]:
    return absences.binding_check(state.claims, state.hands, pool(state))


def claims_first(state: State) -> bool:
    """Whether the next card laid is a physical ``starter_lowest`` game's first, which
    makes claims (``starter_claims``)."""
    return not state.started and state.turn is None and state.options.starter_lowest


def lays_ok(state: State, seat: int, cards: Sequence[Card]) -> bool:
    """Whether ``seat`` may lay ``cards`` from the hand and leave every claim possible,
    the claims the first card of a physical ``starter_lowest`` game makes included."""
    claims = state.claims
    if claims_first(state):
        claims = starter_claims(state, seat, cards[0], seq=1 << 30)
    if not claims:
        return True
    bound = bound_from_hand(state, seat, cards)
    return unseen_ok(state, bound, seat, bound, claims)


def card_lays(state: State, seat: int) -> Callable[[Sequence[Card]], bool]:
    """``keeps`` and ``lays_ok`` of cards laid by ``seat`` from the hand, asked of every
    candidate card and set of a listing: remembered per class of plays that the claims
    cannot tell apart. What a play does to the claims is only which cards it binds from
    the face-down cards (those that are no known hand card, ``bound_from_hand``), and of
    each such card: how many copies, which claims forbid it, and how many of those copies
    the unaccounted cards hold (binding takes them away); for a physical game's first card
    (``claims_first``) also whether the first card laid and each bound one is ordinary,
    and their values (``starter_claims`` are made of the first). Two plays alike in all
    of these leave the claims the same counts (``rules.absences.impossible`` counts cards
    by the claims they break and by the pool's count, and a claim its shown cards by
    their number), so they get the same answer."""
    claims = state.claims
    first = claims_first(state)
    if not claims and not first:
        return lambda cards: True
    counts = pool_view(state)
    said: dict[tuple[object, ...], bool] = {}

    def lays(cards: Sequence[Card]) -> bool:
        bound = Counter(bound_from_hand(state, seat, cards))
        key: tuple[object, ...] = tuple(
            sorted(
                (
                    tuple(card in c.cards for c in claims),
                    n,
                    min(n, max(counts.get(card, 0), 0)),
                    first and (ordinary(card), value(card)),
                )
                for card, n in bound.items()
            )
        )
        if first:
            key = (*key, ordinary(cards[0]), value(cards[0]))
        ok = said.get(key)
        if ok is None:
            ok = said[key] = keeps(state, seat, cards) and lays_ok(state, seat, cards)
        return ok

    return lays


def card_unseen_ok(state: State) -> Callable[[Card], bool]:
    """``unseen_ok`` of one card shown from face down (a card turned), asked of every card
    the stock or a face-down table card may be: remembered per class of cards the claims
    cannot tell apart (whether the unaccounted cards hold it, which claims forbid it; see
    ``card_lays``)."""
    claims = state.claims
    counts = pool_view(state)
    said: dict[tuple[bool, ...], bool] = {}

    def ok(card: Card) -> bool:
        key = (counts.get(card, 0) > 0, *(card in c.cards for c in claims))
        known = said.get(key)
        if known is None:
            known = said[key] = unseen_ok(state, (card,))
        return known

    return ok


def _start_what(real: Card, nearer: bool) -> str:
    if not ordinary(real):
        return "card other than a 2, a 10, the ♠4 or a joker"
    worth = value(real)
    return f"card of {worth} or lower" if nearer else f"card lower than {worth}"


def starter_claims(state: State, seat: int, real: Card, seq: int) -> tuple[Absence, ...]:
    """The claims after ``seat`` laid ``real`` first in a physical game with
    ``starter_lowest``: an absence on every face-down hand (see the module)."""
    claims = state.claims
    said = f"{player(state, seat)} started with {real.text}"
    for other in range(state.table.n):
        if not state.hands[other].hidden or not state.active(other):
            continue
        before = other != seat and nearer(state, other, seat)
        absence = Absence(
            seat=other,
            zone=f"hand:{other}",
            cards=start_forbidden(state, seat, other, real),
            seq=seq,
            said=said,
            holder=player(state, other),
            what=_start_what(real, before),
        )
        claims = (*claims, absence)
    return claims


def settle(event: object, state: State) -> State:
    """``rules.absences.settled`` on ``state``'s hands: refuse a broken claim, drop settled
    ones."""
    return absences.settled(event, state, state.claims, state.hands)
