"""The playout's listing made when read (``narrespillet.indexed``) is the fold's listing
read move by move: on seeded random games of every option set that changes play, at
every decision the playout's ``moves()`` answers ``len``, each index (from the front and
from the back) and slices with the moves of ``tuple(rules.moves(state))``, in order,
while the playout walks beside the fold (``divergence`` whole at every step). And its parts
make their moves by position: a part that reads the wrong position is caught."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tablelog.replay.headers import make_header
from tablelog.rules.events import Move
from tablelog.rules.narrespillet import indexed
from tablelog.rules.narrespillet.indexed import Indexed, combos_table
from tablelog.rules.narrespillet.playout import Walk
from tablelog.rules.narrespillet.state import State
from tests.rules.narrespillet_helpers import RULES
from tests.rules.playout_walk import walk_beside
from tests.rules.test_narrespillet_playout import OPTION_SETS, PLAYERS


class _ReadByIndex:
    """The game's playout, each listing read by index (from the front and the back, and
    sliced) and held to the same listing read in order, which ``walk_beside`` holds to
    the fold's at every step (with the whole state)."""

    def __init__(self, state: State, seq: int, made: list[int]) -> None:
        self.walk, self.made = Walk(state, seq), made

    def moves(self) -> Sequence[Move]:
        listed = self.walk.moves()
        every = list(listed)
        self.made[0] += isinstance(listed, Indexed)
        assert len(listed) == len(every)
        assert [listed[i] for i in range(len(every))] == every
        assert [listed[-i] for i in range(1, len(every) + 1)] == every[::-1]
        assert listed[1:-1] == tuple(every[1:-1])
        with pytest.raises(IndexError):
            listed[len(every)]
        return listed

    def __getattr__(self, name: str) -> Any:
        return getattr(self.walk, name)


def _read_by_index(options: dict[str, object], seed: int) -> int:
    """A seeded game walked through ``_ReadByIndex`` beside the fold to its end. Returns
    how many listings were ``Indexed``."""
    made = [0]
    header = make_header(RULES, PLAYERS, options, seed=seed)
    said, _ = walk_beside(RULES, header, lambda state, seq: _ReadByIndex(state, seq, made))
    assert said is None, said
    return made[0]


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.items())) or "default"
)
def test_the_listing_read_by_index_is_the_folds(options: dict[str, object]) -> None:
    assert sum(_read_by_index(options, seed) for seed in (1, 2, 3, 4)) > 200


def test_combinations_come_size_by_size_in_itertools_order() -> None:
    assert combos_table(3, 1, 2) == ((0,), (1,), (2,), (0, 1), (0, 2), (1, 2))
    assert combos_table(2, 0, 2) == ((), (0,), (1,), (0, 1))
    assert combos_table(1, 1, 2) == ((0,),)  # no pair of one card
    assert combos_table(0, 1, 2) == ()


def test_a_part_that_reads_the_wrong_position_is_caught(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A broken ``Combos.at`` (the last card of each combination dropped) parts
    the listing read by index from the fold's, though iterating it still agrees."""
    right = indexed.Combos.at

    def wrong(self, index):  # type: ignore[no-untyped-def]
        move = right(self, index)
        cards = tuple(self._items[j] for j in self._table[index])
        return self._make(self._seat, self._key, cards[:-1]) if len(cards) > 1 else move

    monkeypatch.setattr(indexed.Combos, "at", wrong)
    with pytest.raises(AssertionError):
        for seed in range(1, 6):
            _read_by_index({"rounds": 2}, seed)
