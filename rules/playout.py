"""Playouts: one game walked forward in place, for fast random play (issue 24).

The fold is the reference: ``reduce(rules.apply, events, rules.start(header))``, the log
and ``apply`` are the truth. A *playout* is a second way to walk one game forward that a
game may give for speed (random play, deep fuzz campaigns): a mutable object that lists
the same moves in the same order as ``rules.moves``, needs the same chance steps as
``rules.chance`` and reaches the same outcomes, but keeps its cards in whatever form is
cheapest and changes them in place instead of building a new immutable state per event.

It never validates: ``play`` takes only a move that ``moves()`` listed or a sample of
``chance()``. So a playout cannot be used to check a person's move; ``apply`` does that.
It must be checkable: ``state()`` gives the fold state it stands for, equal (``==``) to
the state the fold reaches by the same events. The invariant kit walks every generated
history through the game's playout beside the fold and calls ``divergence`` at each step
(``replay.kit``), so a playout that drifts from the rules fails the kit the way a broken
``apply`` does.

A game gives one by defining ``playout(state, seq) -> Playout`` in its package (gathered
into ``RuleSet.playout``); ``playout_of`` falls back to ``FoldPlayout``, which is the fold
itself behind the same interface, so every caller can use one path for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, overload

from tablelog.rules.events import Event, Move

if TYPE_CHECKING:
    from tablelog.rules.protocol import ChanceStep, Outcome, RuleSet

__all__ = [
    "FoldPlayout",
    "InPlace",
    "LazyMoves",
    "Listed",
    "Playout",
    "divergence",
    "playout_of",
]


class Playout(Protocol):
    """A game in progress, changed in place; see the module's text for the contract."""

    seq: int
    """The sequence number of the last event played (the fold's event count)."""

    def moves(self) -> Sequence[Move]:
        """Every legal move now, in the order ``tuple(rules.moves(state))`` gives them."""
        ...

    def chance(self) -> ChanceStep | None:
        """The chance step due now, equal to ``rules.chance(state)``."""
        ...

    def play(self, move: Move) -> None:
        """Play ``move``, one that ``moves()`` listed or a sample of ``chance()``."""
        ...

    def outcome(self) -> Outcome | None:
        """``rules.outcome(state)``: ``None`` while the game runs."""
        ...

    def state(self) -> Any:
        """The fold state this playout stands for, ``==`` to the fold's."""
        ...


class LazyMoves(Sequence[Move]):
    """A listing whose moves are made when read: a subclass says how many it holds
    (``__len__``) and makes the ``index``-th (``at``); every legal move is found when the
    listing is made, only the ``Move`` objects wait, so a random player that reads one
    move of a listing makes one. Equal (``==``) to any sequence of the same moves in the
    same order, a tuple of the fold's listing too; like a list, it has no hash."""

    __slots__ = ()

    def at(self, index: int) -> Move:
        """The move at ``index`` (negative: from the end), made when first asked."""
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        if isinstance(index, slice):
            return tuple(map(self.at, range(*index.indices(len(self)))))
        return self.at(index)

    def __iter__(self) -> Iterator[Move]:
        return map(self.at, range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == len(self) and all(
            mine == theirs for mine, theirs in zip(self, other, strict=True)
        )

    __hash__ = None  # type: ignore[assignment]  # compared by value, like a list: no hash

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class Listed(LazyMoves):
    """A playout's listing of items, each a ``Move`` or its recipe, a tuple ``(make,
    *fields)`` with ``make(*fields)`` the move (a maker that gives one move per fields,
    such as a memory by value); a recipe is replaced by its move once read."""

    __slots__ = ("_items",)

    def __init__(self, items: list[Any]) -> None:
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    def at(self, index: int) -> Move:
        item = self._items[index]
        if type(item) is tuple:
            make: Callable[..., Move] = item[0]
            item = self._items[index] = make(*item[1:])
        made: Move = item
        return made


class FoldPlayout:
    """The fold behind the playout interface: for games that give no playout of their own."""

    __slots__ = ("_rules", "_state", "seq")

    def __init__(self, rules: RuleSet[Any], state: Any, seq: int = 0) -> None:
        self._rules = rules
        self._state = state
        self.seq = seq

    def moves(self) -> Sequence[Move]:
        return tuple(self._rules.moves(self._state))

    def chance(self) -> ChanceStep | None:
        return self._rules.chance(self._state)

    def play(self, move: Move) -> None:
        self.seq += 1
        self._state = self._rules.apply(self._state, Event(self.seq, move.actor, move.payload))

    def outcome(self) -> Outcome | None:
        return self._rules.outcome(self._state)

    def state(self) -> Any:
        return self._state


class InPlace:
    """What a playout with a fast path shares (Karnöffel's, Nørdekasino's): ``_base`` is
    the fold state its lists were read from while the walk is on the fast path, ``None``
    off it. On the fast path no chance step or outcome is due (it walks the turns of a
    round or the tricks of a deal); off it, the fold's own ``fold_chance`` and
    ``fold_outcome`` answer of ``state()``."""

    __slots__ = ("seq",)

    _base: Any

    def __init__(self, state: Any, seq: int = 0) -> None:
        self.seq = seq
        self._load(state)

    def _load(self, state: Any) -> None:
        """Stand for the fold state ``state``: read it into the fast path's lists when it
        has one, else set ``_base`` to ``None`` (a subclass says how)."""
        raise NotImplementedError

    @staticmethod
    def fold_chance(state: Any) -> ChanceStep | None:
        """The game's ``chance`` (a subclass names it)."""
        raise NotImplementedError

    @staticmethod
    def fold_outcome(state: Any) -> Outcome | None:
        """The game's ``outcome`` (a subclass names it)."""
        raise NotImplementedError

    def state(self) -> Any:
        raise NotImplementedError

    def chance(self) -> ChanceStep | None:
        """The chance step due now (never on the fast path)."""
        return None if self._base is not None else self.fold_chance(self.state())

    def outcome(self) -> Outcome | None:
        """The outcome (``None`` on the fast path: the game runs)."""
        return None if self._base is not None else self.fold_outcome(self.state())


def playout_of(rules: RuleSet[Any], state: Any, seq: int = 0) -> Playout:
    """A playout of ``rules`` from ``state`` (after ``seq`` events): the game's own, or the fold."""
    make = rules.playout
    if make is None:
        return FoldPlayout(rules, state, seq)
    made: Playout = make(state, seq)
    return made


def divergence(
    rules: RuleSet[Any],
    playout: Playout,
    state: Any,
    *,
    whole: bool = True,
    listed: Sequence[Move] | None = None,
) -> str | None:
    """Where ``playout`` parts from the fold at ``state``, in words, or ``None``.

    Compares the listing (same moves, same order), the chance step and the outcome; with
    ``whole`` also the state itself (``playout.state() == state``), which may cost a full
    state's building and so is what a sampling caller leaves out. ``listed``: the fold's
    listing of ``state`` (``tuple(rules.moves(state))``) when the caller has it already.
    """
    listed = tuple(rules.moves(state)) if listed is None else tuple(listed)
    walked = tuple(playout.moves())
    if walked != listed:
        extra = [m for m in walked if m not in listed]
        missing = [m for m in listed if m not in walked]
        if extra or missing or len(walked) != len(listed):  # a move listed twice, too
            return (
                f"the playout lists {len(walked)} moves, the fold {len(listed)}: "
                f"extra {extra[:3]}, missing {missing[:3]}"
            )
        return "the playout lists the fold's moves in another order"
    step, folded = playout.chance(), rules.chance(state)
    if step is not folded and _step_key(step) != _step_key(folded):
        return f"the playout's chance step {step!r} is not the fold's {folded!r}"
    ended, outcome = playout.outcome(), rules.outcome(state)
    if ended != outcome:
        return f"the playout's outcome {ended!r} is not the fold's {outcome!r}"
    if whole and playout.state() != state:
        return "the playout's state is not the fold's"
    return None


def _step_key(step: ChanceStep | None) -> object:
    """A chance step as a comparable value: a ``Drawing`` and its plan and binding have no
    ``==`` of their own (they carry cached getters), so they are compared by their text,
    which names every field's value."""
    if step is None:
        return None
    return repr(step)
