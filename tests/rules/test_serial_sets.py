"""Sets in rule values (an ``Absence``'s cards) survive the converter, msgpack and JSON."""

from __future__ import annotations

import json

import msgpack

from rules.cards import parse_cards
from rules.claims import Absence
from rules.serial import converter


def test_an_absence_survives_msgpack_and_json_with_its_cards_in_a_fixed_order():
    cards = frozenset(parse_cards("CoQ Co9 T13"))
    absence = Absence(1, "hand:1", cards, 4, "Bo passed", "Bo", "Coins card", 1, ())
    data = converter.unstructure(absence)
    assert data["cards"] == ["Co9", "CoQ", "T13"]  # whatever the set's hashing order
    assert converter.structure(msgpack.unpackb(msgpack.packb(data)), Absence) == absence
    assert converter.structure(json.loads(json.dumps(data)), Absence) == absence
