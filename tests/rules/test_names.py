"""A move's leading player name (``rules.names.split_name``), shared by the notations."""

from __future__ import annotations

import pytest

from tablelog.rules.names import split_name

PLAYERS = ("Anna", "Anna Berg", "Weiß", "Bo")


@pytest.mark.parametrize(
    ("text", "seat", "rest"),
    [
        ("Anna 7H", 0, "7H"),
        ("anna: 7H", 0, "7H"),
        ("Anna:7H", 0, "7H"),
        ("Anna Berg 7H", 1, "7H"),  # the longest name that fits
        ("WEISS 7H", 2, "7H"),  # casefold: ß is ss
        ("Bo", 3, ""),
        ("Bob 7H", None, "Bob 7H"),  # a name ends at a space, a colon or the end
        ("7H", None, "7H"),
    ],
)
def test_a_leading_name_gives_the_seat_and_the_rest(text: str, seat: int | None, rest: str):
    assert split_name(text, PLAYERS) == (seat, rest)
