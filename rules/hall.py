"""``absences.binding_ok``'s yes or no for many bindings against one state, in small ints.

``absences.impossible`` counts, for every claim on a face-down hand, the cards the hand
still holds from then (``held``) against the unaccounted cards the claim and the later
claims on that hand allow, first hand by hand, then all hands together (a flow). Whether
it finds a sentence at all is Hall's condition on that flow: every set of layers needs no
more cards than the cards that fit one of them. On one hand the layers are nested (an
earlier claim allows fewer cards: those of every later claim are banned too), so a set
of layers is as hard as the prefix ending at its latest layer. Hall's condition is then
one inequality per choice of a prefix on each hand, and a card counts for a choice when
it fits the chosen prefix of one hand: its *signature* says, hand by hand, from which
layer on it fits.

``Slack`` works out the layers and the signatures of the unaccounted cards once (for a
state's claims, face-down counts and pool); ``ok(cards, seat, bound)`` answers what
``binding_ok`` answers for the same state: taking ``cards`` out of the pool lowers the
supply of their signatures, and binding ``bound`` from ``seat``'s hand lowers its count
and adds to the cards its claims have seen. The reference stays ``binding_ok``; a test
compares both on many random claim sets and on the states of real games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import product

from tablelog.rules.cards import Card
from tablelog.rules.claims import Absence

__all__ = ["Slack"]

CHOICES_MAX = 1 << 9
"""The most prefix choices ``ok`` may enumerate; beyond it (many claims on many hands)
``fallback`` says to ask ``binding_ok``'s own search instead."""


class Slack:
    """``binding_ok(claims, hidden, pool, cards, seat, bound)`` for one ``claims``,
    face-down counts ``hidden`` (by seat) and unaccounted ``pool``, any binding."""

    __slots__ = (
        "claims",
        "fallback",
        "groups",
        "hidden",
        "picks",
        "pool",
        "seats",
        "signature",
        "unbound",
    )

    def __init__(
        self, claims: Sequence[Absence], hidden: Mapping[int, int], pool: Mapping[Card, int]
    ) -> None:
        by_seat: dict[int, list[Absence]] = {}
        for claim in claims:
            by_seat.setdefault(claim.seat, []).append(claim)
        self.seats = [(seat, sorted(mine, key=_seq)) for seat, mine in by_seat.items()]
        self.claims = claims
        self.hidden = hidden
        self.pool = {card: n for card, n in pool.items() if n > 0}
        sizes = 1
        for _, mine in self.seats:
            sizes *= len(mine) + 1
        self.fallback = sizes > CHOICES_MAX
        # each hand's banned cards per layer (the layer's claim and every later one's)
        banned_by_seat = []
        for _, mine in self.seats:
            banned: list[frozenset[Card]] = []
            acc: frozenset[Card] = frozenset()
            for claim in reversed(mine):
                acc = acc | claim.cards
                banned.append(acc)
            banned.reverse()
            banned_by_seat.append(banned)
        signature: dict[Card, tuple[int, ...]] = {}
        groups: dict[tuple[int, ...], int] = {}
        for card, n in self.pool.items():
            sig = tuple(_first_fit(card, banned) for banned in banned_by_seat)
            signature[card] = sig
            groups[sig] = groups.get(sig, 0) + n
        self.signature = signature
        self.groups = groups
        self.picks: dict[object, list[tuple[int, int, tuple[int, ...]]]] = {}
        self.unbound = self._choices(-1, ())

    def ok(self, cards: Iterable[Card], seat: int = -1, bound: Sequence[Card] = ()) -> bool:
        """Whether binding ``cards`` (``bound`` of them from ``seat``'s face-down hand
        cards) leaves every claim one the unaccounted cards can meet."""
        if not self.claims:
            return True
        key = self._choices(seat, bound) if bound else self.unbound
        picks = self.picks.get(key)
        if picks is None:
            picks = self.picks[key] = self._picks(key)
        taken: dict[Card, int] = {}
        for card in cards:
            taken[card] = taken.get(card, 0) + 1
        if not taken:
            return all(need <= supply for need, supply, _ in picks)
        pool, signature = self.pool, self.signature
        lost: list[tuple[tuple[int, ...], int]] = []  # (signature, cards fewer) per card
        for card, k in taken.items():
            n = pool.get(card, 0)
            if n > 0:
                lost.append((signature[card], n if k > n else k))
        for need, supply, layers in picks:
            for sig, fewer in lost:
                for j, layer in enumerate(layers):
                    if sig[j] <= layer:
                        supply -= fewer
                        break
            if need > supply:
                return False
        return True

    def _choices(self, seat: int, bound: Sequence[Card]) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Each hand's prefix choices, the empty one first: (the prefix's last layer,
        the cards it needs), only the prefixes that need more than the shorter ones."""
        choices = []
        for s, mine in self.seats:
            count = self.hidden.get(s, 0)
            if s == seat:
                count -= len(bound)
            steps = [(-1, 0)]  # no layer of this hand chosen: no card fits it
            top = 0
            for i, claim in enumerate(mine):
                seen = len(claim.seen)
                if s == seat:
                    forbidden = claim.cards
                    seen += sum(1 for card in bound if card in forbidden)
                late = claim.fresh - seen
                held = count - (late if late > 0 else 0)
                if held > top:  # the prefix ending here needs more than an earlier one
                    top = held
                    steps.append((i, held))
            choices.append(tuple(steps))
        return tuple(choices)

    def _picks(
        self, choices: tuple[tuple[tuple[int, int], ...], ...]
    ) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every choice of a prefix on each hand that needs a card: (cards needed, the
        unaccounted cards that fit one of its prefixes, the prefixes' last layers)."""
        items = [(sig, n) for sig, n in self.groups.items() if n > 0]
        out = []
        for pick in product(*choices):
            need = 0
            for _, n in pick:
                need += n
            if not need:
                continue
            layers = tuple(layer for layer, _ in pick)
            supply = 0
            for sig, n in items:
                for j, layer in enumerate(layers):
                    if sig[j] <= layer:
                        supply += n
                        break
            out.append((need, supply, layers))
        return out


def _seq(claim: Absence) -> int:
    return claim.seq


def _first_fit(card: Card, banned: list[frozenset[Card]]) -> int:
    """The first layer (of one hand's, in log order) that allows ``card``: the banned
    sets shrink layer by layer, so it fits every layer from there on; past the last
    layer when none allows it."""
    for i, cards in enumerate(banned):
        if card not in cards:
            return i
    return len(banned)
