"""The end of a game and its points: the last trick, point cards, most cards, most spades."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import attrs

from tablelog.rules.nordekasino import RULES
from tablelog.rules.nordekasino.state import OVER, State
from tests.rules.nordekasino_helpers import (
    ANNA,
    BO,
    CAI,
    account_rest,
    act,
    build,
    position,
    take,
    texts,
    trail,
    unseen,
    with_won,
)


def finished(
    won: list[str], *, sweeps: tuple[int, ...] | None = None, last: int | None = None, **options
) -> State:
    """A finished game in which each side took ``won[side]``."""
    players = 4 if options.get("partnership") else len(won)
    state = position([""] * players, **options)
    state = with_won(state, *won)
    return attrs.evolve(
        state,
        phase=OVER,
        to_play=None,
        sweeps=sweeps or (0,) * len(won),
        last_taker=last,
    )


def rows(state: State) -> list[dict[str, Any]]:
    outcome = RULES.outcome(state)
    assert outcome is not None
    return list(outcome.rounds)


# -- the end of the game ----------------------------------------------------------------------


def last_round(**kwargs: Any) -> State:
    """Two players with one card each; the table 3C 4D KS; four unseen cards in the middle
    (face down) and every other card already in Bo's trick pile."""
    state = position(["7H", "9D"], ["3C", "4D", "KS"], to_play=ANNA, **kwargs)
    return account_rest(state, side=BO, middle=4)


def test_the_last_taker_gets_the_table_and_the_middle() -> None:
    state = last_round()
    middle = unseen(state)
    assert len(middle) == 4 and len(state.middle) == 4
    state = act(state, take("7H", 0, 1))  # Anna takes the last trick: KS stays
    assert RULES.outcome(state) is None
    state = act(state, trail("9D"))  # Bo's last card ends the game
    assert state.phase == OVER and state.piles == () and len(state.middle) == 0
    expected = ["7H", "3C", "4D", "KS", "9D", *texts(middle)]
    assert Counter(texts(state.won[ANNA].cards)) == Counter(expected)
    assert sum(len(w) for w in state.won) == 54  # every card is somebody's
    assert state.sweeps == (0, 0)  # the remainder makes no sweep
    anna, bo = rows(state)
    assert anna["last_trick"] == 1 and bo["last_trick"] == 0
    assert anna["cards"] == 3 + 2 + 4


def test_the_middle_is_bound_to_the_cards_nobody_has_seen() -> None:
    state = last_round()
    middle = unseen(state)
    state = act(act(state, take("7H", 0, 1)), trail("9D"))
    assert all(c in state.won[ANNA].cards for c in middle)
    assert len(state.won[ANNA]) == 9 and state.won[ANNA].hidden == 0


def test_the_very_last_turn_may_sweep() -> None:
    state = position(["7H", "AD"], ["3C", "4D"], to_play=ANNA)
    state = account_rest(state, side=ANNA, middle=4)
    state = act(state, trail("7H"))
    state = act(state, take("AD", 0, 1, 2))  # 3 + 4 + 7 = 14: the table is empty
    assert state.phase == OVER and state.sweeps == (0, 1)
    assert rows(state)[BO]["last_trick"] == 1 and len(state.won[BO]) == 4 + 4


def test_nobody_took_a_trick_so_nobody_gets_the_last_trick() -> None:
    state = position(["7H", "9D"], ["KS"], to_play=ANNA)
    state = account_rest(state)  # everything else lies face down in the middle
    state = act(act(state, trail("7H")), trail("9D"))
    assert state.phase == OVER and state.last_taker is None
    assert table_texts(state) == ["KS", "7H", "9D"]  # they go to nobody
    assert all(row["last_trick"] == 0 and row["total"] == 0 for row in rows(state))
    assert RULES.outcome(state).winners == (ANNA, BO)  # type: ignore[union-attr]


def table_texts(state: State) -> list[str]:
    return [c.text for pile in state.piles for c in pile.cards]


def test_an_adams_clear_is_a_trick_for_the_last_trick() -> None:
    state = position(["10S", "9D"], ["KC", "8D", "2H"], to_play=ANNA)
    state = account_rest(state, side=BO, middle=4)
    state = act(state, build("10S", (0, 1), 42))
    state = act(state, trail("9D"))
    assert state.phase == OVER and state.last_taker == ANNA
    assert rows(state)[ANNA]["last_trick"] == 1
    assert "2H" in texts(state.won[ANNA].cards) and "9D" in texts(state.won[ANNA].cards)


# -- points -----------------------------------------------------------------------------------


def test_point_cards() -> None:
    state = finished(["AS AH AD AC", "10C 2S", "10D 10H 10S", "2H 3S 9D"])
    points = [row["point_cards"] for row in rows(state)]
    assert points == [4, 1 + 1, 2 + 3 + 4, 0]


def test_every_copy_of_a_point_card_scores_with_two_decks() -> None:
    state = finished(["10S 10S", "3H 4H"], decks=2)
    assert rows(state)[ANNA]["point_cards"] == 8


def test_a_full_score_with_a_three_way_tie_for_most_cards() -> None:
    state = finished(["AS 10S 3H", "10D 2S 4H", "10H 10C JK"], sweeps=(0, 2, 0), last=CAI)
    anna, bo, cai = rows(state)
    assert [r["most_cards"] for r in (anna, bo, cai)] == [Fraction(1, 3)] * 3
    assert [r["most_spades"] for r in (anna, bo, cai)] == [2, 0, 0]  # the joker is no spade
    assert [r["point_cards"] for r in (anna, bo, cai)] == [5, 3, 4]
    assert [r["sweeps"] for r in (anna, bo, cai)] == [0, 2, 0]
    assert [r["last_trick"] for r in (anna, bo, cai)] == [0, 0, 1]
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.scores == {
        "Anna": Fraction(22, 3),
        "Bo": Fraction(16, 3),
        "Cai": Fraction(16, 3),
    }
    assert all(isinstance(v, Fraction) for v in outcome.scores.values())
    assert outcome.winners == (ANNA,)


def test_most_cards_and_most_spades_are_split_among_ties() -> None:
    state = finished(["2S 3H 4H", "3S 5H 6H", "7H 8H"])
    anna, bo, cai = rows(state)
    assert (anna["most_cards"], bo["most_cards"], cai["most_cards"]) == (
        Fraction(1, 2),
        Fraction(1, 2),
        0,
    )
    assert (anna["most_spades"], bo["most_spades"], cai["most_spades"]) == (1, 1, 0)
    assert anna["total"] == Fraction(3, 2) + 1  # and the ♠2: 1
    assert bo["total"] == Fraction(3, 2)


def test_jokers_are_cards_but_not_spades() -> None:
    state = finished(["JK JK 3H", "3S 4S"])
    anna, bo = rows(state)
    assert (anna["cards"], anna["spades"], anna["most_cards"], anna["most_spades"]) == (
        3,
        0,
        1,
        0,
    )
    assert (bo["cards"], bo["spades"], bo["most_cards"], bo["most_spades"]) == (2, 2, 0, 2)


def test_tied_totals_share_the_win() -> None:
    state = finished(["AS 3H", "AH 3S", "4H"])  # 1 + 1/2 + 1 each for Anna and Bo
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.scores["Anna"] == outcome.scores["Bo"] == Fraction(5, 2)
    assert outcome.winners == (ANNA, BO)


def test_no_outcome_while_the_game_runs() -> None:
    assert RULES.outcome(position(["7H", "9D"], ["3C"])) is None
