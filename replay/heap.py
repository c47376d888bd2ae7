"""Fewer young garbage collections for work that keeps most of what it makes.

Python collects its youngest generation every 700 container allocations. A command that
folds game after game (an import, an export, a verification) or a fuzz batch keeps nearly
everything it makes for a while (a game's states, its rows, the engines' remembered
listings), so those collections find little to free and promote what survives towards the
full collections, which walk every object held: 3-7 % of an archive command's CPU, a fifth
of a Speahx fuzz batch. ``fewer_collections`` collects the young generation every
``YOUNG`` allocations instead while inside. What is collected does not change, only how
often; garbage without cycles is freed at once as always, but garbage in cycles (a
traceback, a state that refers to itself) waits longer for its collection, so a peak may
grow: fuzz 200 games, `/usr/bin/time`'s peak, before → after, Karnöffel 100 → 53 MB,
Nørdekasino 281 → 231, Narrespillet 113 → 80, Speahx 437 → 423, Vriddiot 150 → 159 (the
same runs' other changes included); ``benchmarks/histories.py`` prints each archive
command's. The thresholds are the process's: not for code that runs beside other threads
(``tablelog serve``), which could find them changed or set them back early.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["YOUNG", "fewer_collections"]

YOUNG = 50 * 50 * 20
"""50,000 allocations between young collections (written as small numbers: Hypothesis
mixes every integer literal of 100 or more in the loaded modules into its wide draws)."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Young collections every ``YOUNG`` allocations while inside (the older generations
    keep their thresholds, counted in young collections); the thresholds as they were
    after."""
    before = gc.get_threshold()
    gc.set_threshold(YOUNG, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
