"""The game's playout walked beside the generator's fold: each decision state's listings
compared while both are fresh.

The ``playout`` check (``replay.kit.playouts``) compares a playout's listing with the
fold's at every state. For a history the kit generates, that part is done here, as the
history is drawn: at each state the generator chooses a move in, the fold's listing it
chooses from (``sample.listing``) is compared with the listing of a playout walked
beside it, and the answer is kept with the history (``Folded.listings``: the state's
number, ``None`` when alike, else what differs). A game's caches of the listing it just
made are warm then (Speahx keeps the last few whole listings of a state that is not
plain: the playout, building an equal state, lists it again for free), where the checks'
walk, after the whole game is drawn, would list such a state again. The check then takes
those answers instead of comparing again, and still walks its own playout to compare the
chance step, the outcome and, at the deep states, the state.

This walk stops at the first difference, or at the first thing the playout raises: the
check's own walk then meets it, at the same state, and names it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablelog.rules.events import Event, Move
from tablelog.rules.playout import Playout, listing_divergence, playout_of
from tablelog.rules.protocol import RuleSet

__all__ = ["Beside"]


class Beside:
    """A playout walked beside a fold being generated, and what its listings said."""

    __slots__ = ("_game", "_rules", "_stopped", "said")

    def __init__(self, rules: RuleSet, state: object) -> None:
        self._rules = rules
        self._game: Playout | None = None
        self._stopped = False
        self.said: dict[int, str | None] = {}
        """By state number (the last event's ``seq``; 0 the start): ``None`` where the
        listings were alike, else where they differ."""
        self.remade(state, 0)

    def remade(self, state: object, seq: int) -> None:
        """A new playout of the fold's ``state`` (the start, or where an undo led back)."""
        if self._stopped:
            return  # the check's walk meets what stopped this one
        try:
            self._game = playout_of(self._rules, state, seq)
        except Exception:
            self._stop()

    def played(self, event: Event) -> None:
        """A game event of the log, played on the playout as the check's walk plays it."""
        game = self._game
        if game is None:
            return
        try:
            game.seq = event.seq - 1
            game.play(event.move)
        except Exception:
            self._stop()
            return
        if game.seq != event.seq:
            self._stop()

    def compare(self, seq: int, listed: Sequence[Move]) -> None:
        """The fold's listing ``listed`` of state ``seq`` against the playout's."""
        game = self._game
        if game is None:
            return
        try:
            said = listing_divergence(listed, game.moves())
        except Exception:
            self._stop()
            return
        self.said[seq] = said
        if said is not None:
            self._stop()

    def _stop(self) -> None:
        self._game, self._stopped = None, True
