"""``--json``'s layout (``cli.jsontext``): the same data as ``json.dumps``, short objects
and lists on one line, longer ones a member a line, non-ASCII escaped only when asked."""

from __future__ import annotations

import json
from fractions import Fraction

from tablelog.cli.jsontext import WIDTH, json_text

DATA = {
    "game": 3,
    "players": ["Anna", "Bø"],
    "history": [{"n": i, "rating": 25.5 + i, "date": "2026-11-25"} for i in range(3)],
    "long": list(range(60)),
    "empty": {},
    "none": [],
    "odd": {"points": Fraction(7, 2), "quote": 'say "hi"\n', 4: (True, None)},
}


def test_the_text_reads_back_as_the_data():
    for ascii_only in (False, True):
        text = json_text(DATA, ascii_only=ascii_only)
        assert json.loads(text) == json.loads(json.dumps(DATA, default=str))


def test_short_objects_stand_on_one_line_and_long_ones_a_member_a_line():
    lines = json_text(DATA).splitlines()
    assert '    {"n": 0, "rating": 25.5, "date": "2026-11-25"},' in lines
    assert '  "players": ["Anna", "Bø"],' in lines
    assert '  "long": [' in lines and "    59" in lines  # 60 numbers: too long for one line
    assert '  "empty": {},' in lines
    assert all(len(line) <= WIDTH + 40 for line in lines)


def test_ascii_only_escapes_what_the_terminal_cannot_show():
    assert "Bø" in json_text(DATA) and "\\u00f8" not in json_text(DATA)
    assert "\\u00f8" in json_text(DATA, ascii_only=True)
