"""Ladder: a third-party rule set, written only against the documented protocol.

Two to six players; ``decks`` decks (default ``1 + players // 4``) of 2-6 in four suits.
Each player gets three cards in hand and two face down in front (slots). On turn a player
plays a set of equal ranks, at least the rank on the pile; or flips a slot (the card is
revealed and goes to the hand); or, with neither, passes. After a play every other player
still in answers: a ``match`` of the same rank, or an explicit ``pass``. When everyone in
has passed on turn in a row the pile is discarded. Who has no card left when a round of
answers closes finishes; those finishing together share a place. See
docs/adding-a-game.md.
"""

from __future__ import annotations

from tablelog.rules.protocol import gather
from tests.thirdparty.ladder.play import apply, chance, moves
from tests.thirdparty.ladder.state import (
    OPTIONS,
    Flip,
    Match,
    Pass,
    Play,
    Reveal,
    State,
    outcome,
    start,
    to_act,
)
from tests.thirdparty.ladder.table import format_move, max_events, parse, shown, view

__all__ = ["RULES", "Flip", "Match", "Pass", "Play", "Reveal"]

RULES = gather(
    vars(),
    State,
    name="ladder",
    seats=(2, 6),
    payloads=(Play, Match, Pass, Flip, Reveal),
    summary="Shed sets of equal ranks up a ladder; answer each play or pass; flip your slots.",
)
