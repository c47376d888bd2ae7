"""The result: battlefields won per round, and the final ranking with its tie-breaks.

Most wins; then most wins on Swords, then Staves, Cups, Coins; then the most recent win
on Swords, then on Staves, Cups, Coins ("siste seier på henholdsvis Sverd, Staver,
Begere og Mynter"). Players equal in all of these share a place.
"""

from __future__ import annotations

from rules.narrespillet.state import HOUSE_NAMES, HOUSES, OVER, State
from rules.protocol import Outcome

__all__ = ["outcome", "tiebreak_key"]


def tiebreak_key(state: State, seat: int) -> tuple[int, ...]:
    """Greater is better: total wins, wins per house, the latest round won per house."""
    per = [0] * 4
    last = [0] * 4
    for rnd, result in enumerate(state.results, start=1):
        for i, seats in enumerate(result):
            if seat in seats:
                per[i] += 1
                last[i] = rnd
    return (sum(per), *per, *last)


def outcome(state: State) -> Outcome | None:
    """``None`` while running, else the ranking, wins per player and each round's fields."""
    if state.phase != OVER:
        return None
    keys = {s: tiebreak_key(state, s) for s in range(state.n)}
    ranking = tuple(
        tuple(s for s in range(state.n) if keys[s] == key)
        for key in sorted(set(keys.values()), reverse=True)
    )
    scores = {state.players[s]: keys[s][0] for s in range(state.n)}
    rounds = tuple(
        {
            HOUSE_NAMES[h]: [state.players[s] for s in seats]
            for h, seats in zip(HOUSES, r, strict=True)
        }
        for r in state.results
    )
    return Outcome(ranking, scores, rounds)
