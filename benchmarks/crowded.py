"""Figure 6: Nørdekasino on a crowded table (12 piles, a hand of 4), question by question.

Each question is timed with every ``lru_cache`` of the rule set cleared first (cold), on
the same random tables (20, or 3 with ``--quick``): validating one move (a legal capture
and a legal build, each taking as many piles as any, and a trail refused under the duty
to an own pile), who is to act, the view and outcome ``show`` needs, the first screen of
the grouped listing (``rules.listing.grouped``, 40 moves) and the count of every legal
move.
"""

from __future__ import annotations

import gc
import importlib
import random
import statistics
import sys
from collections.abc import Callable
from functools import partial
from itertools import combinations
from pathlib import Path
from types import ModuleType

import attrs

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import Row
from workload import timed_both

from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event, Move
from tablelog.rules.listing import grouped
from tablelog.rules.nordekasino import RULES, arith
from tablelog.rules.nordekasino.builds import build_options, can_capture
from tablelog.rules.nordekasino.events import Build, Capture, Trail
from tablelog.rules.nordekasino.state import PLAY, Pile, State, card_values, initial_state
from tablelog.rules.nordekasino.turn import pile_key, turn_of
from tablelog.rules.protocol import Header
from tablelog.rules.zones import Zone

__all__ = ["bench_crowded", "crowded_states", "nordekasino_caches", "probes"]

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
    deck = start.table.deck
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
                piles=table,
                stock=Zone((), len(deck) - CROWDED_PILES - start.seats * CROWDED_HAND),
            )
            for hand in (first, second)
        )
        out.append((pair[0], pair[1]))
    return out


CACHED = ("arith", "builds", "moves", "onepass", "splits", "state", "subsets", "turn", "view")
"""The modules of ``rules.nordekasino`` whose caches a cold run clears."""


def _modules() -> list[ModuleType]:
    # by name: the package's ``moves`` attribute is the function, not the module
    return [importlib.import_module(f"tablelog.rules.nordekasino.{name}") for name in CACHED]


def nordekasino_caches() -> list[Callable[[], None]]:
    """The ``cache_clear`` of every ``functools.lru_cache`` defined in the modules of
    ``CACHED`` (``reach``, ``build_reach``, ``more_values``, ``build_options``,
    ``_duty_binds``, ``layout_of``, ``_pool`` and the rest), found by looking, so a cache
    added or removed there is still cleared, and ``arith.forget``."""
    clears = []
    for module in _modules():
        for _, value in sorted(vars(module).items()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == module.__name__:
                clears.append(clear)
    clears.append(arith.forget)  # the answers ``arith`` keeps in dictionaries of its own
    return clears


def _cold(fn: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU seconds of ``fn`` with every Nørdekasino cache cleared first."""
    for clear in nordekasino_caches():
        clear()
    gc.collect()
    return timed_both(fn)


def _largest(state: State, seat: int, make: Callable[[int, tuple[int, ...]], Move | None]) -> Move:
    """The first move ``make`` gives for some hand card (by index) and the whole table,
    else the table without one pile, and so on: a move taking as many piles as any."""
    n = len(state.piles)
    for size in range(n, 0, -1):
        for left_out in combinations(range(n), n - size):
            piles = tuple(i for i in range(n) if i not in left_out)
            for index in range(len(turn_of(state, seat).cards)):
                move = make(index, piles)
                if move is not None:
                    return move
    raise ValueError("no such move on this table")


def probes(state: State) -> tuple[Move, Move, State, Move]:
    """A legal capture and a legal build taking as many piles as any, and a state where
    the player on turn owns pile 1 (built to a value no card of theirs has) with a trail
    the duty refuses."""
    seat = state.to_play
    assert seat is not None
    turn = turn_of(state, seat)

    def capture(index: int, piles: tuple[int, ...]) -> Move | None:
        card = turn.cards[index]
        return (
            Move(seat, Capture(card, piles)) if can_capture(card, pile_key(state, piles)) else None
        )

    def build(index: int, piles: tuple[int, ...]) -> Move | None:
        card = turn.cards[index]
        for value, more in build_options(card, pile_key(state, piles), turn.wanted[index]):
            if not more and False in turn.flags(index, value, more) and value != 42:
                return Move(seat, Build(card, piles, value, more))
        return None

    held = {v for card in turn.cards for v in card_values(card)}
    value = next(v for v in range(2, 14) if v not in held)
    first = state.piles[0]
    owned = attrs.evolve(state, piles=(Pile(first.cards, value, False, seat), *state.piles[1:]))
    trail = Move(seat, Trail(turn.cards[-1]))
    return _largest(state, seat, capture), _largest(state, seat, build), owned, trail


def _validate(state: State, move: Move, refused: list[bool]) -> None:
    """``apply`` the move; whether it was refused is appended to ``refused``."""
    try:
        RULES.apply(state, Event(1, move.actor, move.payload))
    except IllegalEvent:
        refused.append(True)
    else:
        refused.append(False)


def _show(state: State) -> None:
    RULES.view(state, None)
    RULES.outcome(state)


def _screen(state: State, shown: list[int]) -> None:
    shown.append(grouped(RULES, state, state.to_play, limit=40).shown)


def _count(state: State, counts: list[int]) -> None:
    counts.append(RULES.count(state, state.to_play) if RULES.count else 0)


def bench_crowded(tables: int) -> list[Row]:
    """Figure 6: ms per question on crowded tables, every cache cleared before each."""
    runs: dict[str, list[tuple[float, float]]] = {}
    refused: dict[str, list[bool]] = {"capture": [], "build": [], "trail": []}
    shown: list[int] = []
    counts: list[int] = []
    piles: dict[str, list[int]] = {"capture": [], "build": []}
    for state, _ in crowded_states(tables):
        capture, build, owned, trail = probes(state)
        piles["capture"].append(len(capture.payload.piles))
        piles["build"].append(len(build.payload.piles))
        for name, where, move in (
            ("capture", state, capture),
            ("build", state, build),
            ("trail", owned, trail),
        ):
            runs.setdefault(name, []).append(_cold(partial(_validate, where, move, refused[name])))
        runs.setdefault("to_act", []).append(_cold(partial(RULES.to_act, state)))
        runs.setdefault("show", []).append(_cold(partial(_show, state)))
        runs.setdefault("screen", []).append(_cold(partial(_screen, state, shown)))
        runs.setdefault("count", []).append(_cold(partial(_count, state, counts)))
    caps = f"{min(piles['capture'])}-{max(piles['capture'])} piles"
    builds = f"{min(piles['build'])}-{max(piles['build'])} piles"
    labels = {
        "capture": (f"validate a capture ({caps})", 20.0),
        "build": (f"validate a build ({builds})", 20.0),
        "trail": (f"refuse a trail, duty ({sum(refused['trail'])}/{tables})", 20.0),
        "to_act": ("to_act", 1.0),
        "show": ("view + outcome", 50.0),
        "screen": (f"grouped, first {min(shown)}", 100.0),
        "count": (f"count ({statistics.median(counts):,.0f} moves)", None),
    }
    shape = f"{tables}×{CROWDED_PILES} piles, hand {CROWDED_HAND}, cold"
    rows = []
    assert not any(refused["capture"]) and not any(refused["build"]), "a legal probe refused"
    for name, (label, target) in labels.items():
        for stat, pick in (("median", statistics.median), ("max", max)):
            head = f"Nørdekasino ({shape}): " if not rows else "  … "
            rows.append(
                Row(
                    f"{head}{label}: {stat}",
                    1000 * pick(wall for wall, _ in runs[name]),
                    "ms",
                    cpu=1000 * pick(cpu for _, cpu in runs[name]),
                    maximum=target,
                )
            )
    return rows
