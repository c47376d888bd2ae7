"""Nørdekasino's own figures for statistics: sweeps, cards and spades taken per side.

Adams clears are moves of their own (``nordekasino.adams``), so the statistics count
them from the log with every other kind of move; they need no figure here.
"""

from __future__ import annotations

from tablelog.rules.nordekasino.state import State

__all__ = ["figures"]


def figures(state: State) -> dict[str, dict[str, int]]:
    """Each side's sweeps, cards taken and spades taken so far."""
    table = state.table
    labels = [table.side_label(side) for side in range(len(state.won))]
    return {
        "sweeps": dict(zip(labels, state.sweeps, strict=True)),
        "cards taken": {label: len(zone) for label, zone in zip(labels, state.won, strict=True)},
        "spades taken": {
            label: sum(1 for c in zone.cards if c.suit == "S")
            for label, zone in zip(labels, state.won, strict=True)
        },
    }
