"""Karnöffel's own figures for statistics: tricks taken and deals won per team."""

from __future__ import annotations

from tablelog.rules.karnoffel.state import State

__all__ = ["figures"]


def figures(state: State) -> dict[str, dict[str, int]]:
    """Tricks taken and deals won by each team over the finished deals of the match."""
    labels = (state.table.side_label(0), state.table.side_label(1))
    tricks = [0, 0]
    won = [0, 0]
    for deal in state.match.deals:
        tricks[0] += deal.tricks[0]
        tricks[1] += deal.tricks[1]
        won[deal.winner] += 1
    return {
        "tricks": dict(zip(labels, tricks, strict=True)),
        "deals won": dict(zip(labels, won, strict=True)),
    }
