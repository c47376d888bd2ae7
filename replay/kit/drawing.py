"""What drawing a game's header needs, whoever draws: the players' names, the values an
option is drawn from, and the seat count nearest the drawn one that the rules accept.
Hypothesis draws headers with these in ``replay.kit.strategies``, a campaign's
``random.Random`` in ``replay.kit.campaign``; nothing here imports Hypothesis."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablelog.rules.errors import OptionError
from tablelog.rules.protocol import Computed, Header, OptionSpec, RuleSet, S, resolve_options

__all__ = ["NAMES", "int_range", "least", "nearest_count", "player_names"]

NAMES = ("Anna", "Bo", "Cai", "Dina", "Emil", "Frida", "Gry", "Hans", "Ida", "Jon")


def player_names(n: int) -> tuple[str, ...]:
    """``n`` distinct player names: the ten above, then ``P11``, ``P12``..."""
    return NAMES[:n] + tuple(f"P{i + 1}" for i in range(len(NAMES), n))


def least(spec: OptionSpec) -> int:
    """The least value a number option is drawn from."""
    if spec.minimum is not None:
        return spec.minimum
    return 0 if isinstance(spec.default, Computed) else int(spec.default)


def int_range(spec: OptionSpec) -> tuple[int, int]:
    """The values a number option is drawn from: its least and up to two above it."""
    low = least(spec)
    return low, low + 2 if spec.maximum is None else min(spec.maximum, low + 2)


def nearest_count(rules: RuleSet[S], drawn: int, given: Mapping[str, Any]) -> int | None:
    """The seat count nearest ``drawn`` (the lesser of two as near) that ``rules`` starts a
    game of with the options ``given`` (some hold only for some counts: a partnership game
    needs four players), or ``None`` if no count does."""
    low, high = rules.seats
    by_distance = sorted(range(low, high + 1), key=lambda count: (abs(count - drawn), count))
    return next((c for c in by_distance if _starts(rules, player_names(c), given)), None)


def _starts(rules: RuleSet[S], players: tuple[str, ...], given: Mapping[str, Any]) -> bool:
    """Whether ``rules`` accepts a game of ``players`` with the options ``given``."""
    try:
        options = resolve_options(rules.options, given, len(players))
        rules.start(Header(rules.name, rules.version, players, options))
    except OptionError:
        return False
    return True
