"""What a game keeping only ``rules.claims.Absence`` claims does with them, shared.

Speahx and Vriddiot keep their open claims typed as absences (a union does not
serialise), so ``rules.claims``'s helpers, which answer with any claim, are wrapped here:
``took_unseen`` (``received``) and ``settle`` (``refuse_broken``, then ``emptied``), the
call at the end of ``apply``.

``impossible`` adds what the core leaves out (its absence check does not look at the
pool): a hand's face-down cards held since a claim are unaccounted cards that meet none
of that claim nor of any later claim on the hand; when fewer such cards are left than
the hand must still hold of them, the claim is false. All hands draw on the same
cards, so the claims of several hands are counted together too (a small flow, ``_short``).
Without it a hand could reach a turn where every card it may bind breaks a claim, and
nothing is legal. ``binding_ok`` asks it for a move generator or a dealer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

from tablelog.rules.cards import Card
from tablelog.rules.claims import Absence, Open, emptied, received, refuse_broken, shown
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.frozen import frozen
from tablelog.rules.hall import Slack
from tablelog.rules.table import TableState, evolve, pool
from tablelog.rules.zones import Zone

__all__ = [
    "Binding",
    "binding_check",
    "binding_ok",
    "impossible",
    "only",
    "settle",
    "settled",
    "took_unseen",
]

S = TypeVar("S", bound="TableState[Any]")


def only(claims: Iterable[Open]) -> tuple[Absence, ...]:
    """The absences among ``claims``."""
    return tuple(c for c in claims if isinstance(c, Absence))


def took_unseen(claims: tuple[Absence, ...], seat: int, n: int) -> tuple[Absence, ...]:
    """``seat``'s hand took ``n`` cards nobody saw (``rules.claims.received``)."""
    return only(received(claims, seat, n)) if claims and n else claims


def settle(
    event: object,
    claims: tuple[Absence, ...],
    hands: Sequence[Zone],
    pool: Mapping[Card, int],
    *,
    counted: bool = True,
) -> tuple[Absence, ...]:
    """Refuse ``event`` if it left an absence broken (``IllegalEvent`` naming the event
    that made it), or with ``counted`` one the unaccounted cards cannot meet
    (``impossible``: the game's move generator and dealer must then avoid such moves
    too); then drop the absences of hands (by seat) with no face-down card left, since
    all they held then has been shown."""
    if not claims:
        return claims
    hidden = {seat: hand.hidden for seat, hand in enumerate(hands) if hand.hidden}
    refuse_broken(event, claims, hidden, pool)
    reason = impossible(claims, hidden, pool) if counted else None
    if reason is not None:
        raise IllegalEvent(event, reason)
    out: tuple[Open, ...] = claims
    for seat in {c.seat for c in claims}:
        if not hidden.get(seat, 0):
            out = emptied(out, seat)
    return only(out) if out != claims else claims


def settled(event: object, state: S, claims: tuple[Absence, ...], hands: Sequence[Zone]) -> S:
    """``settle`` the ``claims`` on the ``hands`` of ``state`` (a state built on the shared
    table with a ``claims`` field): ``state`` itself when they stand as they are, else with
    the settled claims. The pool of unaccounted cards is built only while a claim is open."""
    if not claims:
        return state
    after = settle(event, claims, hands, pool(state))
    return state if after is claims else evolve(state, claims=after)


def binding_ok(
    claims: tuple[Absence, ...],
    hands: Sequence[Zone],
    pool: Mapping[Card, int],
    cards: Iterable[Card],
    seat: int = -1,
    bound: Sequence[Card] = (),
) -> bool:
    """Whether ``cards``, bound from face-down cards (``bound`` of them from ``seat``'s
    hand, shown to the claims on it), leave every claim one the unaccounted cards can
    meet: what a move generator and a dealer ask before binding a card."""
    if not claims:
        return True
    left = Counter(pool)
    left.subtract(cards)
    counts = {s: hand.hidden for s, hand in enumerate(hands) if hand.hidden}
    if bound:
        counts[seat] = counts.get(seat, 0) - len(bound)
        for card in bound:
            claims = shown(claims, seat, card)
    return impossible(claims, counts, left) is None


def binding_check(
    claims: tuple[Absence, ...], hands: Sequence[Zone], pool: Mapping[Card, int]
) -> Callable[..., bool]:
    """``binding_ok`` of ``claims``, ``hands`` and ``pool`` as a function of the rest
    (``cards``, ``seat``, ``bound``), for a caller asking it of many bindings against one
    state: the layers and the unaccounted cards' signatures are worked out once
    (``rules.hall.Slack``), each answer is one small Hall check. With too many claims on
    too many hands for that, ``binding_ok`` itself."""
    hidden = {s: hand.hidden for s, hand in enumerate(hands) if hand.hidden}
    slack = Slack(claims, hidden, pool)
    if slack.fallback:
        return partial(binding_ok, claims, hands, pool)
    return slack.ok


@frozen(eq=False)
class Binding:
    """The claims a dealer must leave possible when it shows cards nobody has seen yet:
    ``ok(cards)`` is ``binding_ok`` for a state's ``claims``, face-down ``hands`` and
    unaccounted ``pool``. A chance step carries it as data (``rules.chance.Drawing``)."""

    claims: tuple[Absence, ...]
    hands: Sequence[Zone]
    pool: Mapping[Card, int]

    def ok(self, cards: Iterable[Card]) -> bool:
        """Whether showing ``cards`` leaves every claim one the unaccounted cards can meet."""
        return binding_ok(self.claims, self.hands, self.pool, cards)


def impossible(
    claims: Iterable[Absence], hidden: Mapping[int, int], pool: Mapping[Card, int]
) -> str | None:
    """The sentence for the first absence (in log order) that the unaccounted cards
    (``pool``) can no longer meet, or ``None``.

    Of a hand's ``hidden[seat]`` face-down cards, at most ``fresh - len(seen)`` came
    unseen after claim ``i`` and are still there; the others were held at claim ``i`` and
    at every later claim on that hand, so they are unaccounted cards none of those claims
    forbids. Each hand is counted alone first; then all hands together (``_shared``), since
    two hands cannot both hold the last unaccounted card that fits them."""
    by_seat: dict[int, list[Absence]] = {}
    for claim in claims:
        by_seat.setdefault(claim.seat, []).append(claim)
    found: list[tuple[Absence, int, int]] = []
    for mine in by_seat.values():
        mine.sort(key=lambda c: c.seq)
        for claim, held, banned in _layers(mine, hidden):
            free = sum(n for c, n in pool.items() if n > 0 and c not in banned)
            if held > free:
                found.append((claim, held, free))
    if not found:
        return _shared(by_seat, hidden, pool) if len(by_seat) > 1 else None
    first, held, free = min(found, key=lambda f: f[0].seq)
    later = " nor ruled out by a later claim" if len(banned_of(first, by_seat)) else ""
    return (
        f"event {first.seq}: {first.said} (no {first.what}), but {first.holder}'s hand still "
        f"holds {held} face-down card(s) from then and only {free} unseen card(s) are left "
        f"that are no {first.what}{later}, so it held one"
    )


def _layers(
    mine: Sequence[Absence], hidden: Mapping[int, int]
) -> list[tuple[Absence, int, frozenset[Card]]]:
    """Each claim on one hand (in log order) with how many face-down cards the hand still
    holds from then (``held``, more than 0) and the cards they cannot be (its cards and
    every later claim's)."""
    out: list[tuple[Absence, int, frozenset[Card]]] = []
    banned: frozenset[Card] = frozenset()
    for claim in reversed(mine):  # the latest first: each adds its cards to the later ones
        banned |= claim.cards
        held = hidden.get(claim.seat, 0) - max(0, claim.fresh - len(claim.seen))
        if held > 0:
            out.append((claim, held, banned))
    out.reverse()
    return out


def _shared(
    by_seat: Mapping[int, list[Absence]], hidden: Mapping[int, int], pool: Mapping[Card, int]
) -> str | None:
    """The sentence for the first event whose claims, with the earlier ones, need more
    unaccounted cards over all hands than there are (``_short``), or ``None``."""
    every = sorted((c for mine in by_seat.values() for c in mine), key=lambda c: c.seq)
    if _short(by_seat, hidden, pool) is None:
        return None
    for seq in sorted({c.seq for c in every}):
        upto = {s: [c for c in mine if c.seq <= seq] for s, mine in by_seat.items()}
        short = _short(upto, hidden, pool)
        if short is None:
            continue
        need, have, holders = short
        here = [c for c in every if c.seq == seq]
        mine = [c for c in here if c.holder in holders] or here[:1]
        if len({c.what for c in mine}) == 1:
            what = f"no {mine[0].what}"
        else:  # one event made different claims on the short hands: each its own
            what = "; ".join(f"{c.holder}: no {c.what}" for c in mine)
        return (
            f"event {seq}: {here[0].said} ({what}), but the hands of {', '.join(holders)} "
            f"still hold {need} face-down card(s) from their claims and only {have} unseen "
            "card(s) are left that those claims allow, so one of them held a card it was "
            "said not to"
        )
    return None  # pragma: no cover - the whole set is short, so some prefix is


def _short(
    by_seat: Mapping[int, list[Absence]], hidden: Mapping[int, int], pool: Mapping[Card, int]
) -> tuple[int, int, tuple[str, ...]] | None:
    """Whether the hands' held cards (``_layers``) cannot all be unaccounted cards their
    claims allow at once: a bipartite flow from the layers to the pool's cards, grouped
    by which layers each card fits. ``None``, or (cards needed, cards that fit, holders)
    for the layers left short (Hall's condition broken)."""
    need: list[int] = []
    allowed: list[frozenset[Card]] = []
    holder: list[str] = []
    for mine in by_seat.values():
        prev = 0
        for claim, held, banned in _layers(sorted(mine, key=lambda c: c.seq), hidden):
            if held > prev:  # the cards held since this claim and not since an earlier one
                need.append(held - prev)
                allowed.append(banned)
                holder.append(claim.holder)
                prev = held
    supply: dict[tuple[int, ...], int] = {}
    for card, n in pool.items():
        if n > 0:
            key = tuple(j for j, banned in enumerate(allowed) if card not in banned)
            supply[key] = supply.get(key, 0) + n
    groups = list(supply.items())
    flow = [[0] * len(groups) for _ in need]
    for j in range(len(need)):
        while sum(flow[j]) < need[j] and _augment(j, need, groups, flow):
            pass
    short = [j for j in range(len(need)) if sum(flow[j]) < need[j]]
    if not short:
        return None
    reach = _reachable(short, groups, flow)
    layers = sorted(reach)
    fits = sum(n for key, n in groups if set(key) & reach)
    names = tuple(dict.fromkeys(holder[j] for j in layers))
    return sum(need[j] for j in layers), fits, names


def _augment(
    start: int, need: list[int], groups: list[tuple[tuple[int, ...], int]], flow: list[list[int]]
) -> bool:
    """Move one more unit of layer ``start`` onto the cards (an augmenting path)."""
    seen_layers, seen_groups = {start}, set()
    back: dict[int, int] = {}  # group -> the layer it was reached from
    came: dict[int, int] = {}  # layer -> the group it was reached through
    todo = [start]
    while todo:
        j = todo.pop()
        for g, (key, count) in enumerate(groups):
            if j not in key or g in seen_groups:
                continue
            seen_groups.add(g)
            back[g] = j
            used = sum(row[g] for row in flow)
            if used < count:
                while True:  # walk back, shifting one unit along the path
                    layer = back[g]
                    flow[layer][g] += 1
                    if layer == start:
                        return True
                    g = came[layer]
                    flow[layer][g] -= 1
            for k in range(len(need)):
                if flow[k][g] > 0 and k not in seen_layers:
                    seen_layers.add(k)
                    came[k] = g
                    todo.append(k)
    return False


def _reachable(
    short: list[int], groups: list[tuple[tuple[int, ...], int]], flow: list[list[int]]
) -> set[int]:
    """The layers reachable from the short ones in the residual graph: together they need
    more cards than the cards that fit any of them."""
    reach, todo = set(short), list(short)
    while todo:
        j = todo.pop()
        for g, (key, _) in enumerate(groups):
            if j in key:
                for k, row in enumerate(flow):
                    if row[g] > 0 and k not in reach:
                        reach.add(k)
                        todo.append(k)
    return reach


def banned_of(claim: Absence, by_seat: Mapping[int, list[Absence]]) -> list[Absence]:
    """The claims on ``claim``'s hand made after it."""
    return [c for c in by_seat.get(claim.seat, []) if c.seq > claim.seq]
