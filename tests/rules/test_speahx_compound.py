"""Speahx's flip or chance card said with what becomes of it: the moves one entry is made of
(``rules.speahx.compound``; written end to end in tests/cli/test_speahx_flip.py)."""

from __future__ import annotations

import pytest

from tablelog.replay.headers import make_header
from tablelog.rules import registry

SPEAHX = registry.get("speahx")
STATE = SPEAHX.start(make_header(SPEAHX, ("Anna", "Bo", "Anna Berg"), {}))


@pytest.mark.parametrize(
    ("typed", "parts"),
    [
        ("flip 3 10C", ("flip 3", "10C")),
        ("Bo flip 3 10C", ("Bo flip 3", "Bo 10C")),
        ("bo:  flip 3   10C", ("Bo flip 3", "Bo 10C")),
        ("Anna Berg flip 1 JS JH", ("Anna Berg flip 1", "Anna Berg JS JH")),
        ("flip 3 reveal 9D", ("flip 3", "reveal 9D")),
        ("Bo flip 2 reveal 9D", ("Bo flip 2", "reveal 9D")),
        ("flip 3 pickup", ("flip 3", "pickup")),
        ("chance 5C", ("chance", "5C")),
        ("Anna chance reveal ?", ("Anna chance", "reveal ?")),
    ],
)
def test_an_entry_is_split_into_its_moves(typed: str, parts: tuple[str, ...]):
    assert SPEAHX.compound is not None
    assert SPEAHX.compound(STATE, typed) == parts


@pytest.mark.parametrize("typed", ["flip 3", "Bo flip 3", "chance", "10C", "JS JH", "", "Bo"])
def test_a_single_move_is_left_whole(typed: str):
    assert SPEAHX.compound is not None
    assert SPEAHX.compound(STATE, typed) is None
