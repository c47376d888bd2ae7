"""Figure 6: Nørdekasino's legal moves on a crowded table (12 piles, a hand of 4)."""

from __future__ import annotations

import gc
import random
import statistics
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import Row  # noqa: E402
from workload import timed_both  # noqa: E402

from rules.nordekasino import arith, moves, view  # noqa: E402
from rules.nordekasino import state as state_module  # noqa: E402
from rules.nordekasino.state import PLAY, Pile, State, initial_state  # noqa: E402
from rules.protocol import Header  # noqa: E402
from rules.zones import Zone  # noqa: E402

__all__ = ["bench_crowded", "crowded_states", "nordekasino_caches"]

CROWDED_PILES = 12  # loose cards on the table
CROWDED_HAND = 4  # cards in the hand of the player on turn
CROWDED_SEAT = 1  # the player on turn (the dealer's right-hand neighbour)


def crowded_states(tables: int, seed: int = 0) -> list[tuple[State, State]]:
    """``tables`` pairs of Nørdekasino states in play: 12 loose cards on the table, drawn
    from the 54-card deck by a seeded ``Random``, and a hand of 4 for the player on turn;
    the second state of a pair has the same table and another hand of 4 (the other hands
    and the stock face down)."""
    header = Header("nordekasino", 1, ("Anna", "Bo", "Cai", "Dina"), {}, 0, None)
    start = initial_state(header)
    deck = start.table_info.deck
    rng = random.Random(f"crowded:{seed}")
    out = []
    for _ in range(tables):
        cards = rng.sample(deck, CROWDED_PILES + 2 * CROWDED_HAND)
        table = tuple(Pile((card,)) for card in cards[:CROWDED_PILES])
        first = tuple(cards[CROWDED_PILES : CROWDED_PILES + CROWDED_HAND])
        second = tuple(cards[CROWDED_PILES + CROWDED_HAND :])
        pair = tuple(
            attrs.evolve(
                start,
                phase=PLAY,
                to_play=CROWDED_SEAT,
                hands=tuple(
                    Zone(hand) if seat == CROWDED_SEAT else Zone((), CROWDED_HAND)
                    for seat in range(start.seats)
                ),
                table=table,
                stock=Zone((), len(deck) - CROWDED_PILES - start.seats * CROWDED_HAND),
            )
            for hand in (first, second)
        )
        out.append((pair[0], pair[1]))
    return out


def nordekasino_caches() -> list[Callable[[], None]]:
    """The ``cache_clear`` of every ``functools.lru_cache`` in ``rules.nordekasino``'s
    ``arith``, ``moves``, ``state`` and ``view`` (``reach``, ``build_reach``,
    ``more_values``, ``build_options``, ``_legal_moves``, ``_pool`` and the rest), found by
    looking, so a cache added or removed there is still cleared."""
    clears = []
    for module in (arith, moves, state_module, view):
        for _, value in sorted(vars(module).items()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == module.__name__:
                clears.append(clear)
    return clears


def list_moves(state: State, counts: list[int]) -> None:
    """``legal_moves(state)``, its length appended to ``counts``."""
    counts.append(len(moves.legal_moves(state)))


def bench_crowded(tables: int) -> list[Row]:
    """Figure 6: ms per ``legal_moves`` call on crowded tables, cold and warm caches."""
    cold: list[tuple[float, float]] = []
    warm: list[tuple[float, float]] = []
    counts: list[int] = []
    for first, second in crowded_states(tables):
        for clear in nordekasino_caches():
            clear()
        gc.collect()
        cold.append(timed_both(partial(list_moves, first, counts)))
        gc.collect()
        warm.append(timed_both(partial(list_moves, second, counts)))
    shape = f"{tables} tables: {CROWDED_PILES} piles, {CROWDED_HAND} cards"
    label = f"Nørdekasino legal moves ({shape})"
    rows = []
    for name, runs in ((f"{label}, cold", cold), ("  … warm (same table, another hand)", warm)):
        for stat, pick in (("median", statistics.median), ("max", max)):
            rows.append(
                Row(
                    f"{name}: {stat}",
                    1000 * pick(wall for wall, _ in runs),
                    "ms",
                    cpu=1000 * pick(cpu for _, cpu in runs),
                    maximum=50,
                )
            )
    rows.append(
        Row(
            f"  … moves listed per call (median; min {min(counts):,}, max {max(counts):,})",
            statistics.median(counts),
            "moves",
        )
    )
    return rows
