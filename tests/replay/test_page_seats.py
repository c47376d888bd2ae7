"""The page's data of a typed table (``replay.page.frames.page_table``) remembers each
seat's part: it is still exactly the table's plain form without its empty fields, field
for field and in the same order, in every game, and two seats that are ``==`` but whose
numbers differ in type (``0`` and ``False``) are not taken for each other."""

from __future__ import annotations

import json
import random

import pytest

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.kit import History
from tablelog.replay.kit.walk import walk
from tablelog.replay.page import frames
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.memo import ByValue
from tablelog.rules.playout import playout_of
from tablelog.rules.protocol import Header, View
from tablelog.rules.serial import converter
from tablelog.rules.tableview import Place, Seat, Table

GAMES = ["karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet"]


def defined(view: View) -> dict[str, object]:
    """``page_table`` as it is defined: the table unstructured, its empty fields left out,
    its claims too."""
    if view.table is None:
        return {}
    table: dict[str, object] = frames._compact(converter.unstructure(view.table))
    table.pop("claims", None)
    return table


def played(name: str, seed: int, events: int) -> History:
    """A seeded game of ``name`` for four, played at random for up to ``events`` events."""
    rules = registry.get(name)
    players = ("Anna", "Bo", "Cai", "Dina")
    header = Header(name, rules.version, players, rules.options_for({}, 4), 0, seed)
    game = playout_of(rules, rules.start(header))
    rng = random.Random(seed)
    log: list[Event] = []
    while game.outcome() is None and len(log) < events:
        step = game.chance()
        move = sample(step, chance_rng(seed, len(log) + 1)) if step else rng.choice(game.moves())
        log.append(Event(len(log) + 1, move.actor, move.payload))
        game.play(move)
    return History(header, tuple(log))


@pytest.mark.parametrize("name", GAMES)
def test_the_page_data_of_every_view_is_the_tables_plain_form_without_empty_fields(name):
    rules = registry.get(name)
    history = played(name, 3, 160)
    compared = 0
    for step in walk(rules, history):
        for seat in (None, *range(len(history.header.players))):
            view = rules.view(step.state, seat)
            made, wanted = frames.page_table(view), defined(view)
            assert made == wanted
            assert json.dumps(made, ensure_ascii=False) == json.dumps(wanted, ensure_ascii=False)
            compared += 1
    assert compared > 100


def test_a_seat_unchanged_from_one_table_to_the_next_is_made_once(
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.setattr(frames, "_SEATS", ByValue(frames.SEATS_MAX))  # none filled by others
    hand = Place("hand", (), 3, zone="hand:0")
    first = Table("everyone", (Seat("Anna", 0, (hand,)), Seat("Bo", 1, (hand,))))
    again = Table("everyone", (Seat("Anna", 0, (hand,)), Seat("Bo", 1, (Place("hand"),))))
    one = frames.page_table(View(None, (), {}, first))
    two = frames.page_table(View(None, (), {}, again))
    assert one["seats"][0] is two["seats"][0]
    assert one["seats"][1] != two["seats"][1]


def test_seats_equal_but_for_the_type_of_a_number_keep_their_own_page_data():
    counted = Seat("Anna", 0, (Place("hand", (), 0, stack=True),))
    flagged = Seat("Anna", 0, (Place("hand", (), False, stack=1),))  # type: ignore[arg-type]
    assert counted == flagged
    tables = [Table("everyone", (seat,)) for seat in (counted, flagged)]
    datas = [frames.page_table(View(None, (), {}, table)) for table in tables]
    assert [defined(View(None, (), {}, table)) for table in tables] == datas
    assert json.dumps(datas[0]) != json.dumps(datas[1])


def test_a_seat_whose_fact_is_not_text_is_made_afresh_each_time():
    seat = Seat("Anna", 0, (), (("score", 3),))  # type: ignore[arg-type]
    table = Table("everyone", (seat,))
    one = frames.page_table(View(None, (), {}, table))
    two = frames.page_table(View(None, (), {}, table))
    assert one == two == defined(View(None, (), {}, table))
    assert one["seats"][0] is not two["seats"][0]


def test_a_seat_that_cannot_be_hashed_is_made_every_time() -> None:
    """A rule set's seat holding a list (not hashable) is made as the full path makes it,
    never remembered."""
    listed = Seat("Anna", 0, (Place("hand", [], 2),))  # type: ignore[arg-type]
    view = View(None, (), {}, Table("everyone", (listed,)))
    assert frames.page_table(view) == defined(view)
    assert frames.page_table(view)["seats"][0] is not frames.page_table(view)["seats"][0]


def test_a_place_in_the_centre_unchanged_is_made_once(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(frames, "_PLACES", ByValue(frames.SEATS_MAX))
    stock = Place("stock", (), 30, stack=True, zone="stock")
    first = Table("everyone", (), piles=(stock, Place("pile", (), 0, zone="pile")))
    again = Table("everyone", (), piles=(stock, Place("pile", (), 1, zone="pile")))
    one = frames.page_table(View(None, (), {}, first))
    two = frames.page_table(View(None, (), {}, again))
    assert one["piles"][0] is two["piles"][0]
    assert one["piles"][1] != two["piles"][1]
    assert (one, two) == (defined(View(None, (), {}, first)), defined(View(None, (), {}, again)))


def test_places_equal_but_for_the_type_of_a_number_keep_their_own_page_data():
    counted = Place("stock", (), 0, stack=True)
    flagged = Place("stock", (), False, stack=1)  # type: ignore[arg-type]
    assert counted == flagged
    tables = [Table("everyone", (), piles=(place,)) for place in (counted, flagged)]
    datas = [frames.page_table(View(None, (), {}, table)) for table in tables]
    assert [defined(View(None, (), {}, table)) for table in tables] == datas
    assert json.dumps(datas[0]) != json.dumps(datas[1])


def test_a_place_that_cannot_be_hashed_is_made_every_time() -> None:
    listed = Place("pile", [], 2)  # type: ignore[arg-type]
    view = View(None, (), {}, Table("everyone", (), piles=(listed,)))
    assert frames.page_table(view) == defined(view)
    assert frames.page_table(view)["piles"][0] is not frames.page_table(view)["piles"][0]
