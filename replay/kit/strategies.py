"""Hypothesis strategies that generate random legal histories for any rule set.

A history is a header and a log. At every step the generator asks the rules what may
happen: a pending chance step is realized (by the seeded dealer, exactly as ``tablelog``
deals a seeded game, or as a physical table would enter it, face-down cards and all);
otherwise one of the listed legal moves is drawn. Now and then it writes a ``note`` or an
``undo``, so corrections are exercised too. Hypothesis shrinks a failing history by
shrinking the choices, so a failure comes back as a short game.

Usable on a third party's rule set: ``histories(my_rules)`` needs nothing but the
``RuleSet`` protocol.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

import attrs
from hypothesis import reject
from hypothesis import strategies as st

from replay.dealer import chance_rng
from replay.fold import effective_events, fold_from
from rules.errors import IllegalEvent, OptionError
from rules.events import Event, Move, Note, Undo
from rules.protocol import Header, OptionSpec, RuleSet, resolve_options

__all__ = ["History", "every_option_set", "headers", "histories", "option_sets"]

NAMES = ("Anna", "Bo", "Cai", "Dina", "Emil", "Frida", "Gry", "Hans", "Ida", "Jon")


@attrs.frozen
class History:
    """A generated game: its header and its whole log, in order."""

    header: Header
    events: tuple[Event, ...]

    @property
    def seeded(self) -> bool:
        """Whether the seeded dealer dealt this history."""
        return self.header.seed is not None


def _option_values(spec: OptionSpec) -> st.SearchStrategy[Any]:
    if isinstance(spec.default, bool):
        return st.booleans()
    if isinstance(spec.default, int):
        low = spec.minimum if spec.minimum is not None else spec.default
        high = low + 2 if spec.maximum is None else min(spec.maximum, low + 2)
        return st.integers(low, high)
    if spec.choices:
        return st.sampled_from(spec.choices)
    return st.just(spec.default)


def every_option_set(rules: RuleSet) -> list[dict[str, Any]]:
    """Every combination of ``rules``' options: each choice and flag, numbers at their least
    and one above it (for parametrizing a test over all of them)."""
    axes: list[list[Any]] = []
    for spec in rules.options:
        if isinstance(spec.default, bool):
            axes.append([False, True])
        elif isinstance(spec.default, int):
            low = spec.minimum if spec.minimum is not None else spec.default
            axes.append([low] if spec.maximum == low else [low, low + 1])
        else:
            axes.append(list(spec.choices) or [spec.default])
    names = [spec.name for spec in rules.options]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*axes)]


def option_sets(
    rules: RuleSet, fixed: Mapping[str, Any] | None = None
) -> st.SearchStrategy[dict[str, Any]]:
    """Every option of ``rules`` drawn at random, except those ``fixed``."""
    fixed = dict(fixed or {})
    drawn = {s.name: _option_values(s) for s in rules.options if s.name not in fixed}
    return st.fixed_dictionaries(drawn).map(
        lambda d: resolve_options(rules.options, {**d, **fixed})
    )


@st.composite
def headers(
    draw: st.DrawFn,
    rules: RuleSet,
    options: Mapping[str, Any] | None = None,
    seeded: bool | None = None,
) -> Header:
    """A header for ``rules``: a seat count it allows, options, a dealer, maybe a seed.

    Some options hold only for some seat counts (a partnership game needs four players):
    when ``rules.start`` refuses the drawn count with an ``OptionError``, the nearest
    count it accepts is used, and a header no count fits is rejected.
    """
    low, high = rules.seats
    high = min(high, low + 2)
    drawn = draw(st.integers(low, high))
    chosen = draw(option_sets(rules, options))
    fits = [n for n in range(low, high + 1) if _starts(rules, NAMES[:n], chosen)]
    if not fits:
        reject()
    n = min(fits, key=lambda count: (abs(count - drawn), count))
    dealer = draw(st.integers(0, n - 1))
    is_seeded = draw(st.booleans()) if seeded is None else seeded
    seed = draw(st.integers(0, 2**32 - 1)) if is_seeded else None
    return Header(rules.name, rules.version, NAMES[:n], chosen, dealer, seed)


def _starts(rules: RuleSet, players: tuple[str, ...], options: Mapping[str, Any]) -> bool:
    """Whether ``rules`` accepts a game of ``players`` with ``options``."""
    try:
        rules.start(Header(rules.name, rules.version, players, options))
    except OptionError:
        return False
    return True


@st.composite
def histories(
    draw: st.DrawFn,
    rules: RuleSet,
    options: Mapping[str, Any] | None = None,
    *,
    seeded: bool | None = None,
    meta: bool = True,
    max_events: int | None = None,
) -> History:
    """A random legal history of ``rules``, played to the end (or to ``max_events``)."""
    header = draw(headers(rules, options, seeded))
    limit = rules.max_events(header) if max_events is None else max_events
    physical = (draw(st.booleans()), draw(st.integers(0, 2**32 - 1)))
    start = rules.start(header)
    state = start
    events: list[Event] = []
    effective: list[Event] = []
    while rules.outcome(state) is None and len(events) < 2 * limit + 8:
        seq = len(events) + 1
        if rules.chance(state) is None and len(effective) >= limit:
            break  # long enough; a pending chance step is still dealt, as tablelog would
        if meta and draw(st.integers(0, 29)) == 29:  # rare; shrinks towards none
            event, effective, state = _meta(draw, header, rules, (start, state), effective, seq)
            if event is not None:
                events.append(event)
                continue
        try:  # a crash or a refusal ends the history here; the checks then reproduce it
            move = _next_move(draw, rules, header, state, seq, physical)
            if move is None:
                break  # the closure check reports a running game with nothing to do
            event = Event(seq, move.actor, move.payload)
            state = rules.apply(state, event)
        except Exception:
            break
        events.append(event)
        effective.append(event)
    return History(header, tuple(events))


def _next_move(
    draw: st.DrawFn,
    rules: RuleSet,
    header: Header,
    state: Any,
    seq: int,
    physical: tuple[bool, int],
) -> Move | None:
    """The dealer's chance move if one is pending, else one of the listed moves."""
    step = rules.chance(state)
    if step is not None:
        if header.seed is not None:
            return step.realize(chance_rng(header.seed, seq), True)
        known, seed = physical
        return step.realize(random.Random(seed + seq), known)
    legal = tuple(rules.moves(state))
    if not legal:
        return None
    return legal[draw(st.integers(0, len(legal) - 1))]


def _meta(
    draw: st.DrawFn,
    header: Header,
    rules: RuleSet,
    states: tuple[Any, Any],
    effective: list[Event],
    seq: int,
) -> tuple[Event | None, list[Event], Any]:
    """Maybe a note or an undo, with the effective events and state after it."""
    start, state = states
    if draw(st.booleans()):
        return Event(seq, None, Note("a remark")), effective, state
    undo = Event(seq, None, Undo())
    try:
        after = effective_events([*effective, undo], header.seed is not None)
    except IllegalEvent:
        return None, effective, state
    return undo, after, fold_from(rules, start, after)
