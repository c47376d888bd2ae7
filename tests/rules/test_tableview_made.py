"""``tableview.table_of`` remembers the places and seats it made (``_PLACES``,
``_SEATS``: by what each is made of): the tables it draws with that memory are the
tables it draws making every place and seat anew, for every seat and everyone, along
seeded games of all five rule sets."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.headers import make_header
from tablelog.rules import registry, tableview
from tablelog.rules.events import Event

GAMES = ("karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet")


class _Anew:
    """A ``_PLACES`` or ``_SEATS`` that remembers nothing: every place and seat made anew."""

    def get(self, key: tuple[object, ...]) -> Any:
        return None

    def made(self, key: tuple[object, ...], make: Callable[[], Any]) -> Any:
        return make()


def _tables(name: str, seed: int) -> list[Any]:
    """The typed table of every view (each seat's and everyone's) along one seeded game."""
    rules = registry.get(name)
    low, _ = rules.seats
    header = make_header(rules, tuple(f"P{i}" for i in range(max(low, 3))), {}, seed=seed)
    state = rules.start(header)
    rng = random.Random(seed)
    out = []
    for seq in range(1, 161):
        for seat in (None, *range(len(header.players))):
            out.append(rules.view(state, seat).table)
        if rules.outcome(state) is not None:
            break
        step = rules.chance(state)
        move = (
            sample(step, chance_rng(seed, seq)) if step else rng.choice(tuple(rules.moves(state)))
        )
        state = rules.apply(state, Event(seq, move.actor, move.payload))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_the_remembered_places_and_seats_draw_the_tables_made_anew(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    remembered = [table for seed in (1, 2) for table in _tables(name, seed)]
    assert any(table is not None for table in remembered)
    monkeypatch.setattr(tableview, "_PLACES", _Anew())
    monkeypatch.setattr(tableview, "_SEATS", _Anew())
    anew = [table for seed in (1, 2) for table in _tables(name, seed)]
    assert remembered == anew


def test_a_place_of_other_number_types_is_not_taken_for_another() -> None:
    """``1 == True``: a key names its numbers' types, so a place with ``hidden=True`` is
    not the remembered place with ``hidden=1``."""
    from tablelog.rules.protocol import ZoneView

    one = tableview._place("hand", ZoneView("hand:0", (), 1), False)
    true = tableview._place("hand", ZoneView("hand:0", (), True), False)  # type: ignore[arg-type]
    assert type(one.hidden) is int and type(true.hidden) is bool
