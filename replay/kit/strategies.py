"""Hypothesis strategies that generate random legal histories for any rule set.

A history is a header and a log. At every step the generator asks the rules what may
happen: a pending chance step is sampled (by the seeded dealer, exactly as ``tablelog``
deals a seeded game, or as a physical table would enter it, face-down cards and all);
otherwise a legal move is drawn by the stepwise chooser (seat to act, kind, lead card,
then a move of a bounded prefix: ``replay.kit.choose``), which never lists every move.
Now and then it writes a ``note`` or an ``undo``, so corrections are exercised too.
Hypothesis shrinks a failing history by shrinking the choices, so a failure comes back
as a short game.

Usable on a third party's rule set: ``histories(my_rules)`` needs nothing but the
``RuleSet`` protocol.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from tablelog.replay.kit.choose import choose
from tablelog.replay.kit.drawing import int_range, least, nearest_count, player_names
from tablelog.replay.kit.history import History
from tablelog.replay.kit.played import Choices, play
from tablelog.replay.kit.sample import forget_menus
from tablelog.rules.protocol import Computed, Header, OptionSpec, RuleSet, S, resolve_options

__all__ = [
    "History",
    "covering_option_sets",
    "every_option_set",
    "headers",
    "histories",
    "option_sets",
    "seat_counts",
]

ONE_IN_30 = st.integers(0, 29)


def seat_counts(rules: RuleSet[S]) -> tuple[int, ...]:
    """The seat counts a contract test covers: the least three, the middle and the most."""
    low, high = rules.seats
    picks = {low, low + 1, low + 2, (low + high) // 2, high}
    return tuple(sorted(n for n in picks if low <= n <= high))


def _option_values(spec: OptionSpec) -> st.SearchStrategy[Any]:
    if spec.type is bool:
        return st.booleans()
    if spec.type is int:
        return st.integers(*int_range(spec))
    if spec.choices:
        return st.sampled_from(spec.choices)
    return st.just(spec.default)


def _axis(spec: OptionSpec) -> list[Any]:
    """The values of one option a covering test tries (``Computed``: its default)."""
    if spec.type is bool:
        return [False, True]
    if spec.type is int:
        low = least(spec)
        return [low] if spec.maximum == low else [low, low + 1]
    return list(spec.choices) or [spec.default]


def every_option_set(rules: RuleSet[S]) -> list[dict[str, Any]]:
    """Every combination of ``rules``' options: each choice and flag, numbers at their least
    and one above it (for parametrizing a test over all of them)."""
    names = [spec.name for spec in rules.options]
    axes = [_axis(spec) for spec in rules.options]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*axes)]


def covering_option_sets(rules: RuleSet[S]) -> list[dict[str, Any]]:
    """The defaults (``{}``), then each option alone at each of its other values: every value
    of every option in a number of sets that grows with the options, not their product.
    A ``Computed`` default stays computed from the seat count in ``{}``."""
    sets: list[dict[str, Any]] = [{}]
    for spec in rules.options:
        default = None if isinstance(spec.default, Computed) else spec.default
        sets += [{spec.name: value} for value in _axis(spec) if value != default]
    return sets


def option_sets(
    rules: RuleSet[S], fixed: Mapping[str, Any] | None = None
) -> st.SearchStrategy[dict[str, Any]]:
    """Every option of ``rules`` drawn at random, except those ``fixed``."""
    return _given_options(rules, fixed).map(lambda given: resolve_options(rules.options, given))


def _given_options(
    rules: RuleSet[S], fixed: Mapping[str, Any] | None
) -> st.SearchStrategy[dict[str, Any]]:
    """The options a header is made with: ``fixed``, the rest drawn, except that an option
    whose default is computed from the seat count is left to it half the time."""
    fixed = dict(fixed or {})
    drawn = {
        s.name: _option_values(s)
        for s in rules.options
        if s.name not in fixed and not isinstance(s.default, Computed)
    }
    computed = {
        s.name: st.none() | _option_values(s)
        for s in rules.options
        if s.name not in fixed and isinstance(s.default, Computed)
    }
    return st.fixed_dictionaries({**drawn, **computed}).map(
        lambda d: {**{k: v for k, v in d.items() if v is not None}, **fixed}
    )


@st.composite
def headers(
    draw: st.DrawFn,
    rules: RuleSet[S],
    options: Mapping[str, Any] | None = None,
    seeded: bool | None = None,
    seats: Sequence[int] | None = None,
) -> Header:
    """A header for ``rules``: a seat count it allows, options, a dealer, maybe a seed.

    The seat count is drawn from ``seats`` (default: the game's whole range, half the
    time from its least three counts, shrinking towards the least). Some options hold only
    for some seat counts (a partnership game needs four players): when ``rules.start``
    refuses the drawn count with an ``OptionError``, the nearest count it accepts is used,
    and a header no count fits is rejected.
    """
    low, high = rules.seats
    counts = tuple(seats) if seats is not None else tuple(range(low, high + 1))
    small = st.sampled_from(counts[:3])
    drawn = draw(st.one_of(small, st.sampled_from(counts)) if len(counts) > 3 else small)
    given = draw(_given_options(rules, options))
    n = nearest_count(rules, drawn, given)
    if n is None:
        reject()
    chosen = resolve_options(rules.options, given, n)
    dealer = draw(st.integers(0, n - 1))
    is_seeded = draw(st.booleans()) if seeded is None else seeded
    seed = draw(st.integers(0, 2**32 - 1)) if is_seeded else None
    return Header(rules.name, rules.version, player_names(n), chosen, dealer, seed)


@st.composite
def histories(
    draw: st.DrawFn,
    rules: RuleSet[S],
    options: Mapping[str, Any] | None = None,
    *,
    seeded: bool | None = None,
    meta: bool = True,
    max_events: int | None = None,
    seats: Sequence[int] | None = None,
) -> History:
    """A random legal history of ``rules``, played to the end (or to ``max_events``)."""
    forget_menus()  # the last history's states are no longer asked about
    header = draw(headers(rules, options, seeded, seats))
    limit = rules.max_events(header) if max_events is None else max_events
    physical = (draw(st.booleans()), draw(st.integers(0, 2**32 - 1)))
    choices: Choices[S] = Choices(
        rare=lambda: draw(ONE_IN_30) == 29,
        note=lambda: draw(st.booleans()),
        move=lambda state: choose(draw, rules, state),
    )
    return play(rules, header, limit, physical, choices, meta).history
