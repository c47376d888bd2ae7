"""Narrespillet played for stakes: each victory pays, the winner gets an extra pot, and
the scores are the net coins ("Narrespillet som pengespill")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablelog.rules.errors import OptionError
from tablelog.rules.narrespillet.outcome import stake
from tablelog.rules.narrespillet.state import OVER
from tablelog.rules.protocol import Header
from tablelog.rules.table import evolve
from tests.rules.narrespillet_helpers import PLAYERS, RULES

ANNA, BO, CAI, DINA = range(4)


def finished(results, **options):  # type: ignore[no-untyped-def]
    """A game over with these per-round, per-battlefield winners."""
    header = Header("narrespillet", 1, PLAYERS, {"rounds": len(results), **options}, dealer=3)
    return evolve(RULES.start(header), phase=OVER, results=tuple(results))


# Five rounds, 20 victories: Anna 8, Bo 6, Cai 4, Dina 2.
FIVE = [
    ((ANNA,), (ANNA,), (BO,), (CAI,)),
    ((ANNA,), (BO,), (BO,), (DINA,)),
    ((ANNA,), (ANNA,), (CAI,), (BO,)),
    ((ANNA,), (CAI,), (BO,), (DINA,)),
    ((ANNA,), (ANNA,), (BO,), (CAI,)),
]


def test_the_seeds_example_six_coins_each_one_a_victory_four_to_the_winner():
    state = finished(FIVE, victory_coins=1, winner_coins=4)
    assert stake(state) == 6  # "fire spillere satse seks mynter hver"
    result = RULES.outcome(state)
    assert result.ranking[0] == (ANNA,)
    assert dict(result.scores) == {"Anna": 8 + 4 - 6, "Bo": 0, "Cai": -2, "Dina": -4}
    assert sum(result.scores.values()) == 0


def test_without_stakes_the_scores_are_the_victories():
    result = RULES.outcome(finished(FIVE))
    assert dict(result.scores) == {"Anna": 8, "Bo": 6, "Cai": 4, "Dina": 2}


def test_a_share_that_does_not_divide_is_exact():
    state = finished(FIVE[:1], victory_coins=1, winner_coins=1)  # 4 + 1 coins, 4 players
    assert stake(state) == Fraction(5, 4)
    scores = RULES.outcome(state).scores
    assert scores["Anna"] == 2 + 1 - Fraction(5, 4) and sum(scores.values()) == 0


def test_a_shared_battlefield_splits_its_coins_and_an_unwon_one_goes_to_the_winner():
    rounds = [((ANNA, BO), (ANNA,), (), (CAI,))]  # full_tie=shared and full_tie=none cases
    scores = RULES.outcome(finished(rounds, victory_coins=2, winner_coins=0)).scores
    # pot 8: 2 each; Anna 1 + 2 and the unwon field's 2; Bo 1; Cai 2
    assert dict(scores) == {"Anna": 5 - 2, "Bo": 1 - 2, "Cai": 0, "Dina": -2}


@pytest.mark.parametrize("option", ["victory_coins", "winner_coins"])
def test_stakes_are_whole_coins_and_not_negative(option):
    with pytest.raises(OptionError):
        RULES.start(Header("narrespillet", 1, PLAYERS, {option: -1}, dealer=0))
