"""Karnöffel's playout (rules/karnoffel/playout.py) walked beside the fold.

Every step of every match compares the playout with the fold by
``rules.playout.divergence`` with ``whole=True``: the listing in order, the chance step,
the outcome and the state itself. The matches run to their end, over 30 seeds of the
default table and over every option that changes play, seeded (every card known: the fast
path) and as a physical table sees them (face-down hands: the fold's path inside the
playout). A playout broken on purpose is caught.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.events import Move
from tablelog.rules.karnoffel.events import Play
from tablelog.rules.karnoffel.playout import KarnoffelPlayout, playout
from tablelog.rules.playout import playout_of
from tests.rules.playout_walk import walk_beside, walk_remade

RULES = registry.get("karnoffel")
FOUR = ("Anna", "Bert", "Cleo", "Dirk")

TABLES: tuple[tuple[dict[str, Any], int], ...] = (
    ({}, 30),
    ({"trump_selection": "turn_from_stock"}, 10),
    ({"stecher_scope": "any_suit"}, 10),
    ({"stop_at_three": True}, 10),
    ({"target": 3}, 10),
    ({"target": 2, "stop_at_three": True, "trump_selection": "turn_from_stock"}, 10),
    ({"open_partner_hands": True}, 4),
)
"""Options and how many seeds: the default table most, then every option that changes
play (the trump, the Stecher, the early end of a deal, matches of several deals)."""


def walk(options: dict[str, Any], seed: int, *, known: bool = True, make: Any = playout) -> int:
    """One random match to its end through the playout beside the fold, checked at every
    step; returns the number of events."""
    header = make_header(RULES, FOUR, options, seed=seed if known else None)
    said, played = walk_beside(RULES, header, make, seed=seed, known=known)
    assert said is None, (options, seed, played, said)
    return played


def test_the_rule_set_gives_the_playout() -> None:
    state = RULES.start(make_header(RULES, FOUR, {}, seed=1))
    assert isinstance(playout_of(RULES, state), KarnoffelPlayout)


@pytest.mark.parametrize(("options", "seeds"), TABLES)
def test_seeded_matches_walk_with_the_fold(options: dict[str, Any], seeds: int) -> None:
    for seed in range(seeds):
        assert walk(options, seed) >= 13  # a deal, and at least three tricks


def test_a_match_of_several_deals_plays_them_all_in_place() -> None:
    """Each deal's tricks go through the fast path; the deals and each deal's last card go
    through the fold, and the walk goes on through the next deal."""
    played = walk({"target": 3}, 7)
    assert played >= 3 * 21  # three deals at the least: every one walked


def test_physical_matches_walk_with_the_fold() -> None:
    for seed in range(5):
        assert walk({}, seed, known=False) >= 13


def test_a_playout_made_in_the_middle_of_a_match_walks_on() -> None:
    """A playout from any fold state: made after every event of one match in turn."""
    header = make_header(RULES, FOUR, {"target": 2}, seed=3)
    assert walk_remade(RULES, header, playout, 3) > 20


class _LeadsTheDevil(KarnoffelPlayout):
    """Broken on purpose: lists the Devil (the trump 7) for the first lead too."""

    def moves(self) -> tuple[Move, ...]:
        listed = super().moves()
        base = self._base
        if base is None or self._trick or self._tricks:
            return listed
        seat = listed[0].actor if listed else 0
        devil = next(
            (c for c in self._hands[seat] if c.rank == "7" and c.suit == base.current.trump), None
        )
        return listed if devil is None else (*listed, Move(seat, Play(devil)))


class _TrickToTheLeader(KarnoffelPlayout):
    """Broken on purpose: every trick is won by the team of the seat that led it."""

    def play(self, move: Move) -> None:
        leader = self._leader if self._base is not None else None
        super().play(move)
        if leader is not None and self._base is not None and not self._trick:
            self._leader = leader  # the next trick led by the wrong seat


@pytest.mark.parametrize("broken", [_LeadsTheDevil, _TrickToTheLeader])
def test_a_broken_playout_is_caught(broken: type[KarnoffelPlayout]) -> None:
    caught = []
    for seed in range(20):
        try:
            walk({}, seed, make=broken)
        except AssertionError as failure:
            caught.append(str(failure))
    assert caught, "every walk passed with a broken playout"
    assert all("the playout" in said for said in caught), caught
