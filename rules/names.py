"""A move that starts with the name of the player making it (``Anna 7H``, ``Anna: 7H``).

Shared by the rule sets whose notation takes an optional leading name, and by
``replay.notation.by_actor``, which must not name a player twice. Names compare
case-insensitively (``casefold``: ``WEISS`` is ``Weiß``) and may hold spaces
(``Anna Berg``); the longest name that fits wins, so ``Anna Berg 7H`` is Anna Berg's
even when Anna plays too.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["split_name"]


def split_name(text: str, players: Sequence[str]) -> tuple[int | None, str]:
    """The seat of the player ``text`` starts by naming and the rest of it (the name's
    colon and spaces dropped), or ``(None, text)``. The name must end at a space, a colon
    or the end of ``text``."""
    ends = [j for j, char in enumerate(text) if char in " :"] + [len(text)]
    for seat, name in sorted(enumerate(players), key=lambda p: -len(p[1])):
        key = name.casefold()
        for end in ends:
            if text[:end].casefold() == key:
                return seat, text[end:].lstrip(" :").strip()
    return None, text
