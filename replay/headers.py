"""A new game's header, checked: known options, a seat count the game allows, players'
names a person can type and tell apart, a seed in range, a dealer at the table.

Asked by ``tablelog new`` and the server's new-game route (``tablelog serve``), and by
the tests and fixtures that make games; a header that passes is one ``rules.start``
accepts for its options (``OptionError`` otherwise, with the reason in words).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tablelog.replay.notation import check_text, notation_clash
from tablelog.rules.errors import OptionError
from tablelog.rules.protocol import Header, RuleSet, resolve_options

__all__ = ["MAX_NAME", "make_header"]

MAX_NAME = 100
"""The longest player name, in characters."""


def make_header(
    rules: RuleSet,
    players: Sequence[str],
    options: Mapping[str, Any],
    *,
    dealer: str | int | None = None,
    seed: int | None = None,
) -> Header:
    """A checked header: known options, a seat count the game allows, a dealer at the table."""
    low, high = rules.seats
    if not low <= len(players) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise OptionError(f"{rules.title} is played by {wanted} players, not {len(players)}")
    names = [p.strip() for p in players]
    if any(not n or n.startswith("-") for n in names):
        raise OptionError("every player needs a name (and a name may not start with '-')")
    for n in names:
        check_text(n, f"a player's name ({n[:20]!r})", MAX_NAME)
    if len({n.casefold() for n in names}) != len(names):
        raise OptionError("two players have the same name; give each a different one")
    if seed is not None and not 0 <= seed < 2**63:
        raise OptionError(f"a seed is a whole number from 0 to {2**63 - 1}")
    for name in names:
        clash = notation_clash(rules, name)
        if clash:
            raise OptionError(f"a player may not be called {name!r}: {clash}; add a letter")
    resolved = resolve_options(rules.options, options, len(names))
    header = Header(rules.name, rules.version, tuple(names), resolved, 0, seed)
    if dealer is None:
        return header
    if isinstance(dealer, int):
        seat = dealer
    else:
        try:
            seat = header.seat_of(dealer)
        except KeyError:
            raise OptionError(f"the dealer {dealer!r} is not one of the players") from None
    if not 0 <= seat < len(names):
        raise OptionError(f"the dealer's seat must be 0 to {len(names) - 1}")
    return attrs.evolve(header, dealer=seat)
