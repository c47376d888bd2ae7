"""What a chance step may turn out to be, as data: listed outcomes or a described draw.

A game never draws at random (``rules/`` has no randomness of its own). Its chance step
says what may happen, and one dealer (``replay.dealer.sample``) samples it for a seeded
game:

* ``Listed``: few outcomes (which card of a small pool is turned or revealed, who answers
  a call), each a move with its weight, the number of equally likely cards that give it;
  ``probabilities()`` are exact ``Fraction``\\ s that sum to 1 (OpenSpiel's
  ``chance_outcomes()``).
* ``Drawing``: too many outcomes to list (a whole deal): ``len(plan)`` cards drawn
  without replacement from ``pool`` (the cards the ``source`` zone may hold, in a fixed
  order, with repeats), the i-th to the plan's i-th place, face up or down. Every
  ordered choice of cards is equally likely. ``payload`` turns the cards, as the table
  saw them, into the event a game stores (a ``Deal`` unless the game has its own kind).

>>> from tablelog.rules.cards import Card
>>> from tablelog.rules.dealing import DealPlan, to_each
>>> pool = (Card("7", "H"), Card("7", "H"), Card("8", "S"))
>>> [str(p) for _, p in Listed.uniform(pool).probabilities()]
['2/3', '1/3']
>>> drawing = Drawing(DealPlan(to_each((0, 1), 1), ("Anna", "Bo")), pool, "stock")
>>> drawing.payload((Card("8", "S"), None)).cards[1]
Dealt(to='1', card=None, up=False)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import groupby
from typing import Any

import attrs

from tablelog.rules.absences import Binding
from tablelog.rules.cards import Card
from tablelog.rules.dealing import DealPlan
from tablelog.rules.events import Deal, Dealt, Move
from tablelog.rules.frozen import frozen

__all__ = ["Drawing", "Listed"]


def _same_length(instance: Listed, attribute: Any, weights: tuple[int, ...]) -> None:
    if len(weights) != len(instance.moves) or any(w <= 0 for w in weights):
        raise ValueError("a listed chance step gives each outcome a positive weight")


@frozen
class Listed:
    """A chance step's outcomes, few enough to list: ``moves[i]`` happens with probability
    ``weights[i] / total``.

    A weight counts the equally likely cards (in the pool's fixed order) that give the
    move, so the dealer draws one of ``total`` and walks the weights: the i-th card drawn
    is the same as ``rng.choice`` over the cards would give. ``unseen`` is what a
    physical table enters when nobody saw the outcome (``reveal ?``), if it may.
    """

    moves: tuple[Move, ...]
    weights: tuple[int, ...] = attrs.field(validator=_same_length)
    unseen: Move | None = None

    @classmethod
    def uniform(cls, outcomes: Iterable[Any], unseen: Move | None = None) -> Listed:
        """Equally likely ``outcomes`` (moves, or payloads of the table), equal neighbours
        merged into one move of a greater weight: the cards of a pool in its fixed order,
        where repeats of several decks lie together."""
        moves, weights = [], []
        for outcome, run in groupby(outcomes):
            moves.append(outcome if isinstance(outcome, Move) else Move(None, outcome))
            weights.append(sum(1 for _ in run))
        return cls(tuple(moves), tuple(weights), unseen)

    @classmethod
    def certain(cls, outcome: Any) -> Listed:
        """The one outcome there can be (a face-down card whose identity is known)."""
        return cls.uniform((outcome,))

    @property
    def total(self) -> int:
        """The number of equally likely draws the weights count."""
        return sum(self.weights)

    def probabilities(self) -> tuple[tuple[Move, Fraction], ...]:
        """Each outcome with its exact probability; they sum to 1."""
        total = self.total
        return tuple((m, Fraction(w, total)) for m, w in zip(self.moves, self.weights, strict=True))


@frozen(eq=False)
class Drawing:
    """A chance step described, not listed: ``len(plan)`` cards drawn from ``pool``.

    ``pool`` is every card the ``source`` zone may hold (the unaccounted ones, or the whole
    deck for a game that gathers every card first), with repeats, in a fixed order
    (``rules.dealing.pool_order``): the dealer draws from this order, so a seed deals the
    same cards on every machine. ``plan`` says where each drawn card goes and whether it
    is dealt face up. ``binding``: when the cards shown would prove a claim on a face-down
    hand false, the table drew them unseen (the dealer enters them as ``?``).
    """

    plan: DealPlan
    pool: tuple[Card, ...]
    source: str = "deck"
    binding: Binding | None = None

    def __len__(self) -> int:
        return len(self.plan)

    def outcomes(self) -> int:
        """How many equally likely ordered draws there are (counting repeated cards apart)."""
        return math.perm(len(self.pool), len(self.plan))

    def shown(self, drawn: Sequence[Card], known: bool) -> tuple[Card | None, ...]:
        """The drawn cards as the table enters them: every one when ``known`` (the seeded
        dealer), else the face-up ones; all face-down ones unseen when ``binding`` says a
        claim forbids showing them."""
        places = self.plan.places
        shown = tuple(c if known or p.up else None for p, c in zip(places, drawn, strict=True))
        if self.binding is not None:
            seen = [c for c in shown if c is not None]
            if seen and not self.binding.ok(seen):
                shown = tuple(c if p.up else None for p, c in zip(places, drawn, strict=True))
        return shown

    def payload(self, cards: Sequence[Card | None]) -> Any:
        """The event for ``cards`` as the table saw them (``None``: a face-down card nobody
        entered), in dealing order: a ``Deal`` to the plan's places. A game whose draw is
        stored as its own kind of event overrides this."""
        return Deal(
            tuple(Dealt(p.to, c, p.up) for p, c in zip(self.plan.places, cards, strict=True))
        )
