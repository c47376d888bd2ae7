"""A move's leading player name (``rules.names.split_name``), shared by the notations."""

from __future__ import annotations

import pytest

from tablelog.rules import registry
from tablelog.rules.names import seat_named, split_name
from tablelog.rules.protocol import Header

PLAYERS = ("Anna", "Anna Berg", "Weiß", "Bo")
"""Four players, so that every game may seat them."""


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


MOVE_TEXT = {
    "karnoffel": "7H",
    "speahx": "7H",
    "vriddiot": "5H",
    "nordekasino": "trail 7H",
    "narrespillet": "pass",
}
"""A move each game reads after a leading name in its first state."""


@pytest.mark.parametrize("game", sorted(MOVE_TEXT))
@pytest.mark.parametrize(
    ("name", "seat"),
    [("Anna", 0), ("anna berg:", 1), ("ANNA BERG", 1), ("WEISS", 2), ("Weiß", 2)],
)
def test_every_notation_reads_a_leading_name_with_spaces_and_any_case(
    game: str, name: str, seat: int
) -> None:
    rules = registry.get(game)
    state = rules.start(Header(game, 1, PLAYERS))
    move = rules.parse(f"{name} {MOVE_TEXT[game]}", state)
    assert move.actor == seat
    assert move == rules.parse(f"{PLAYERS[seat]} {MOVE_TEXT[game]}", state)


def test_a_seat_is_found_by_its_whole_name_casefolded() -> None:
    assert seat_named(" anna BERG ", PLAYERS) == 1
    assert seat_named("WEISS", PLAYERS) == 2
    assert seat_named("Ann", PLAYERS) is None
    assert Header("karnoffel", 1, PLAYERS).seat_of("weiss") == 2
