"""Claims on face-down cards: a move legal only if a hidden hand holds something.

In a physical game a hand may lie face down in the record: nobody typed its cards. A
move whose legality rests on those cards (Nørdekasino: *build to a value you hold*, a
build *for partner*) cannot be checked when it is made. It is accepted and leaves a
``Claim`` in the state: "Bo holds a card worth 9", with the event that made it. Each
later showing of that hand's face-down cards narrows it (``shown``): a card that meets it
settles it, any other is remembered. When the claim can no longer be met (the cards
still unseen in that hand, drawn from the cards not known to be anywhere else, cannot
hold what it needs) the state is impossible, and ``broken`` says why in a sentence that
names the event that made the claim::

    event 3: Bo built 9, but the cards Bo showed afterwards (3C 6H 7H) hold no card worth 9

A game keeps its claims in its state, calls ``shown`` where it binds a face-down card of
a hand, and ``refuse_broken`` at the end of ``apply``; ``possible`` answers the move
generator's "would this card, or this new claim, still leave every claim possible?".
``RuleSet.claims`` exposes a state's claims, so the invariant kit checks that no
generated game ever breaks one, whatever the game.

Claims are checked together: several claims on one hand must fit in its face-down cards
(one card may meet several), and two hands may not both count on the last unseen copy of
a card. This is a small search over the open claims, run only while some are open.

The opposite claim is an ``Absence``: a move legal only if a face-down hand holds *none*
of some cards (Speahx: pick up the pile because nothing fits). The hand may take more
cards unseen afterwards (``received``), so a forbidden card it shows later is not always
one it held then. An absence is broken when the hand has shown more forbidden cards than
it took unseen since: at least one of them was there when the claim was made::

    event 12: Bo picked up the pile (no card that fits 7H), but Bo's hand has since shown
    9H, which it held then

The check is sound (it never accuses wrongly) but not complete: it does not reason about
which cards are left in the pool, as ``possible`` does for claims. ``emptied`` drops the
absences of a hand with no face-down card left; ``allows`` answers a move generator's
"would showing this card keep every absence possible?".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Protocol, TypeVar

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.frozen import frozen
from tablelog.rules.names import event_named

__all__ = [
    "Absence",
    "Claim",
    "absent",
    "allows",
    "broken",
    "emptied",
    "open_claims",
    "possible",
    "possible_with",
    "received",
    "refuse_broken",
    "shown",
]


@frozen(cache_hash=True)
class Claim:
    """What a face-down hand must hold: one of ``cards``.

    ``seat`` holds the hand, named ``zone`` in the game's ``zones`` (for the kit);
    ``seq`` is the event that made the claim; ``said`` what the move said ("Bo built 9"),
    ``holder`` the hand's player, ``what`` the need in words ("card worth 9"); ``seen``
    the cards of that hand shown since, none of which met it.
    """

    seat: int
    zone: str
    cards: tuple[Card, ...]
    seq: int
    said: str
    holder: str
    what: str
    seen: tuple[Card, ...] = ()

    def met_by(self, card: Card) -> bool:
        """Whether ``card`` meets this claim."""
        return card in self.cards

    @property
    def in_words(self) -> str:
        """The claim as the table says it: ``Bo holds a card worth 9 (event 2: Bo built 9)``."""
        return f"{self.holder} holds a {self.what} (event {self.seq}: {self.said})"

    def why_broken(self, pool: Mapping[Card, int]) -> str:
        """The sentence that says this claim cannot be met any more."""
        if not any(pool.get(card, 0) > 0 for card in self.cards):
            return (
                f"event {self.seq}: {self.said}, but every {self.what} is now known to be "
                f"elsewhere, so {self.holder} cannot hold one"
            )
        seen = f" ({' '.join(c.text for c in self.seen)})" if self.seen else ""
        return (
            f"event {self.seq}: {self.said}, but the cards {self.holder} showed afterwards"
            f"{seen} hold no {self.what}"
        )


@frozen(cache_hash=True)
class Absence:
    """What a face-down hand did *not* hold: none of ``cards`` among the face-down cards
    it had at event ``seq`` (any copy counts).

    ``seat``, ``zone``, ``seq``, ``said``, ``holder`` and ``what`` as for ``Claim``
    (``what``: "card that fits 7H"); ``fresh`` counts the face-down cards the hand took
    unseen since, ``seen`` the forbidden cards it showed since.
    """

    seat: int
    zone: str
    cards: frozenset[Card]
    seq: int
    said: str
    holder: str
    what: str
    fresh: int = 0
    seen: tuple[Card, ...] = ()

    @property
    def in_words(self) -> str:
        """The absence as the table says it: ``Bo holds no card that fits 7H (event 5: …)``."""
        return f"{self.holder} holds no {self.what} (event {self.seq}: {self.said})"

    @property
    def is_broken(self) -> bool:
        """Whether the hand showed more forbidden cards than it took unseen since."""
        return len(self.seen) > self.fresh

    def why_broken(self, pool: Mapping[Card, int] | None = None) -> str:
        """The sentence that says this absence was not true."""
        shown_text = " ".join(c.text for c in self.seen)
        if self.fresh:
            took = f"more than the {self.fresh} card(s) it took unseen since, so it held"
            return (
                f"event {self.seq}: {self.said} (no {self.what}), but {self.holder}'s hand "
                f"has since shown {shown_text}, {took} one then"
            )
        which = "which it held then" if len(self.seen) == 1 else "and held them then"
        return (
            f"event {self.seq}: {self.said} (no {self.what}), but {self.holder}'s hand has "
            f"since shown {shown_text}, {which}"
        )


Open = Claim | Absence
"""Any open claim on a face-down hand."""

C = TypeVar("C", bound=Claim | Absence)


def absent(claims: tuple[Open, ...], absence: Absence) -> tuple[Open, ...]:
    """The claims with ``absence`` added."""
    return (*claims, absence)


def received(claims: tuple[Open, ...], seat: int, n: int = 1) -> tuple[Open, ...]:
    """The claims after ``seat``'s hand took ``n`` face-down cards unseen."""
    if not claims or n <= 0:
        return claims
    return tuple(
        attrs.evolve(c, fresh=c.fresh + n) if isinstance(c, Absence) and c.seat == seat else c
        for c in claims
    )


def emptied(claims: tuple[Open, ...], seat: int) -> tuple[Open, ...]:
    """The claims once ``seat``'s hand has no face-down card left: its absences are
    settled (every card it held then has been shown or is gone)."""
    if not claims:
        return claims
    return tuple(c for c in claims if not (isinstance(c, Absence) and c.seat == seat))


def allows(claims: tuple[Open, ...], seat: int, card: Card) -> bool:
    """Whether ``seat``'s hand may show ``card`` from its face-down cards without breaking
    an absence."""
    return not any(
        isinstance(c, Absence) and c.seat == seat and card in c.cards and len(c.seen) >= c.fresh
        for c in claims
    )


def shown(claims: tuple[C, ...], seat: int, card: Card) -> tuple[C, ...]:
    """The claims after one face-down card of ``seat``'s hand turned out to be ``card``:
    the claims it meets are settled, the others remember it; an absence it contradicts
    remembers it too."""
    if not claims:
        return claims
    out: list[C] = []
    for claim in claims:
        if claim.seat != seat:
            out.append(claim)
        elif isinstance(claim, Absence):
            hit = card in claim.cards
            out.append(attrs.evolve(claim, seen=(*claim.seen, card)) if hit else claim)
        elif not claim.met_by(card):
            out.append(attrs.evolve(claim, seen=(*claim.seen, card)))
    return tuple(out)


def possible(claims: Iterable[Open], hidden: Mapping[int, int], pool: Mapping[Card, int]) -> bool:
    """Whether every claim can still be met at once: each seat's claims by at most
    ``hidden[seat]`` of its face-down cards, those drawn from ``pool`` (the cards not known
    to be anywhere, with their counts)."""
    listed = tuple(c for c in claims if isinstance(c, Claim))
    if not listed:
        return True
    if _witness(listed, hidden, pool) is not None:
        return True
    needs = tuple((claim.seat, _cards(claim.cards)) for claim in listed)
    wanted = frozenset().union(*(cards for _, cards in needs))
    left = frozenset((card, n) for card in wanted if (n := pool.get(card, 0)) > 0)
    seats = frozenset((seat, hidden.get(seat, 0)) for seat, _ in needs)
    return _possible(needs, seats, left)


def possible_with(
    claims: Iterable[Open], hidden: Mapping[int, int], pool: Mapping[Card, int]
) -> Callable[[int, tuple[Card, ...]], bool] | None:
    """``possible`` of ``claims`` with one more claim (``seat`` holds one of ``cards``),
    for a caller asking it of many claims against the same open ones (which values may a
    face-down hand still hold); ``None`` when ``claims`` are not possible themselves.
    What the open claims need is made once, and a quick witness of them (``_witness``)
    is extended when it can be (a card already picked for ``seat`` meets the new claim,
    or ``seat`` has a face-down card the witness left free and the pool a card of
    ``cards`` it did not use), else the search answers."""
    listed = tuple(c for c in claims if isinstance(c, Claim))
    picked = _witness(listed, hidden, pool)
    needs = tuple((claim.seat, _cards(claim.cards)) for claim in listed)
    wanted: frozenset[Card] = frozenset().union(*(cards for _, cards in needs))
    left_wanted = frozenset((c, n) for c in wanted if (n := pool.get(c, 0)) > 0)
    seats_wanted = frozenset((s, hidden.get(s, 0)) for s, _ in needs)
    if picked is None and needs and not _possible(needs, seats_wanted, left_wanted):
        return None  # what ``possible`` says of them: the same search, asked the same
    used = Counter(card for cards in (picked or {}).values() for card in cards)
    asked = {s for s, _ in needs}

    def ask(seat: int, cards: tuple[Card, ...]) -> bool:
        if picked is not None:
            mine = picked.get(seat, ())
            if any(card in cards for card in mine):
                return True
            if len(mine) < hidden.get(seat, 0) and any(
                pool.get(card, 0) > used[card] for card in cards
            ):
                return True
        extra = _cards(cards)  # the search's own question, made of what is made once
        left = left_wanted
        if not extra <= wanted:
            left = frozenset((c, n) for c in wanted | extra if (n := pool.get(c, 0)) > 0)
        seats = seats_wanted if seat in asked else seats_wanted | {(seat, hidden.get(seat, 0))}
        return _possible((*needs, (seat, extra)), seats, left)

    return ask


def _witness(
    claims: tuple[Claim, ...], hidden: Mapping[int, int], pool: Mapping[Card, int]
) -> dict[int, list[Card]] | None:
    """A quick witness that ``claims`` can all be met: the face-down cards picked for each
    seat, each claim met by a card already picked for its seat, else by the first card of
    the pool still free; ``None`` only means "search" (``_fits``)."""
    picked: dict[int, list[Card]] = {}
    used: dict[Card, int] = {}
    for claim in claims:
        mine = picked.setdefault(claim.seat, [])
        cards = _cards(claim.cards)
        if any(card in cards for card in mine):
            continue
        if len(mine) >= hidden.get(claim.seat, 0):
            return None
        for card in claim.cards:
            if pool.get(card, 0) > used.get(card, 0):
                used[card] = used.get(card, 0) + 1
                mine.append(card)
                break
        else:
            return None
    return picked


@lru_cache(maxsize=256)
def _cards(cards: tuple[Card, ...]) -> frozenset[Card]:
    return frozenset(cards)


@lru_cache(maxsize=8192)
def _possible(
    needs: tuple[Need, ...], seats: frozenset[tuple[int, int]], left: frozenset[tuple[Card, int]]
) -> bool:
    """``possible`` on hashable data: the same question (often asked for every card a
    face-down hand may play) is answered once."""
    return _fits(list(needs), dict(seats), Counter(dict(left)))


Need = tuple[int, frozenset[Card]]
"""A claim as the search sees it: the seat, and the cards that meet it."""


def _fits(needs: list[Need], budget: dict[int, int], pool: Counter[Card]) -> bool:
    """Whether face-down cards can be picked from ``pool`` within each seat's ``budget``
    so that every need is met: the first need's cards tried in turn, each taking with it
    every other need of that seat it meets.

    Two cards are tried once between them only when they meet the very same needs, of
    every seat: then either serves every later need the other would, so the answers agree.
    (Cards meeting the same needs of this seat alone are not alike: one of them may be the
    only card another seat's claim can still have. Skipping on that coarser likeness made
    the answer depend on the order of a set of cards, and so on the hash seed.)"""
    if not needs:
        return True
    seat, cards = needs[0]
    if budget.get(seat, 0) <= 0:
        return False
    tried: set[tuple[int, ...]] = set()
    for card in cards:
        if pool[card] <= 0:
            continue
        alike = tuple(i for i, (_, c) in enumerate(needs) if card in c)
        if alike in tried:  # a card meeting the same needs as one tried already
            continue
        tried.add(alike)
        met = tuple(i for i in alike if needs[i][0] == seat)
        pool[card] -= 1
        budget[seat] -= 1
        ok = _fits([n for i, n in enumerate(needs) if i not in met], budget, pool)
        pool[card] += 1
        budget[seat] += 1
        if ok:
            return True
    return False


def broken(
    claims: tuple[Open, ...], hidden: Mapping[int, int], pool: Mapping[Card, int]
) -> str | None:
    """``None`` while every claim can be met together and no absence is contradicted,
    else the sentence for the first (in log order) that fails; see ``possible``."""
    wrong = [c for c in claims if isinstance(c, Absence) and c.is_broken]
    if possible(claims, hidden, pool):
        return min(wrong, key=lambda c: c.seq).why_broken() if wrong else None
    ordered = sorted((c for c in claims if isinstance(c, Claim)), key=lambda c: c.seq)
    if wrong and (early := min(wrong, key=lambda c: c.seq)).seq < ordered[0].seq:
        return early.why_broken()
    for claim in ordered:
        if not possible((claim,), hidden, pool):
            return claim.why_broken(pool)
    # each could be met alone, but not all together: name the claims that compete
    for i in range(1, len(ordered)):
        if not possible(ordered[: i + 1], hidden, pool):
            late = ordered[i]
            rivals = [c for c in ordered[:i] if c.seat == late.seat] or ordered[:i]
            before = " and ".join(event_named(c.seq, c.said) for c in rivals)
            return (
                f"event {late.seq}: {late.said}, but {late.holder}'s "
                f"{hidden.get(late.seat, 0)} face-down card(s) cannot hold a {late.what} "
                f"as well as what {before} needs"
            )
    return ordered[-1].why_broken(pool)  # unreachable: the loop ends at the whole list


def refuse_broken(
    event: object, claims: tuple[Open, ...], hidden: Mapping[int, int], pool: Mapping[Card, int]
) -> None:
    """Raise ``IllegalEvent`` for ``event`` if it left a claim that can no longer be met."""
    if not claims:
        return
    reason = broken(claims, hidden, pool)
    if reason is not None:
        raise IllegalEvent(event, reason)


class HasClaims(Protocol):
    """A state that keeps its open claims in a ``claims`` field."""

    @property
    def claims(self) -> tuple[Claim | Absence, ...]: ...


def open_claims(state: HasClaims) -> tuple[Claim | Absence, ...]:
    """The claims a state keeps open (``RuleSet.claims`` for a game that keeps them in
    ``state.claims``)."""
    return state.claims
