"""A flip or a chance card said in one breath with what becomes of it (issue 23).

At the table a player turns a table card (or draws a chance card) and lays it, or shows
it and takes it in, in one motion; the seed's Eksempelrunde tells it so ("fortsetter han ved
å benytte et ”bordkort”. Han legger på hjertertre", step 67; "trekker et ”bordkort”. Det er
en ruterni. Hun blir derfor tvunget til å trekke inn kortet", step 69). One entry says
both; the log keeps the moves it is made of, each its own event exactly as if typed
(``RuleSet.compound``, written by ``replay.implied``)::

    flip 3 10C          = flip 3 · (reveal 10C) · 10C          the card fits: laid
    Bo flip 3 10C       = Bo flip 3 · (reveal 10C) · Bo 10C
    flip 3 reveal 9D    = flip 3 · reveal 9D · (pickup)        it does not fit: taken in
    chance 5C           = chance · (reveal 5C) · 5C

The steps in brackets are the ones the tool writes by itself after a typed card. A flip
or a chance card on its own (``flip 3``, ``chance``) is one move as before; in a seeded
game the dealer reveals the card between the two parts.
"""

from __future__ import annotations

from tablelog.rules.names import split_name
from tablelog.rules.speahx.state import State

__all__ = ["compound"]

TABLE_STEPS = ("reveal", "draw", "pickup")
"""What may follow a flip or a chance card without the player's name: the table's steps."""


def compound(state: State, text: str) -> tuple[str, ...] | None:
    """``text`` as the moves it is made of (a flip or a chance card, then what becomes of
    the card), or ``None``: one move."""
    named, rest = split_name(" ".join(text.split()), state.players)
    words = rest.split()
    if not words:
        return None
    verb = words[0].casefold()
    size = 2 if verb == "flip" else 1 if verb == "chance" else 0
    if not size or len(words) <= size:
        return None
    prefix = f"{state.players[named]} " if named is not None else ""
    first = prefix + " ".join(words[:size])
    then = " ".join(words[size:])
    if then.split()[0].casefold() not in TABLE_STEPS:
        then = prefix + then  # the card laid: the same player's move
    return first, then
