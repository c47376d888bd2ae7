"""Verification: the first illegal event of a log, named, and deals not from the seed."""

from __future__ import annotations

import re

import attrs

from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.replay.verify import Problem, Verification, check_log
from tablelog.rules.cards import Card
from tablelog.rules.events import Event
from tablelog.rules.karnoffel import RULES
from tablelog.rules.karnoffel.events import Play, Turn
from tests.helpers import CAI, HEARTS_DEAL, PLAYERS, build_log, karnoffel_header

PHYSICAL = karnoffel_header()


def played_seeded(games: Games, seed: int, plays: int) -> list[Event]:
    game = games.create(make_header(RULES, PLAYERS, {}, seed=seed))
    for _ in range(plays):
        games.play(game.id, moves_data(games.load(game.id))["moves"][0]["notation"])
    return list(games.load(game.id).events)


def test_a_legal_physical_log_has_no_problem():
    log = build_log(PHYSICAL, [HEARTS_DEAL, "3H", "note ok", "KS", "undo", "Cai 2C"])
    assert check_log(RULES, PHYSICAL, log) is None


def test_a_legal_seeded_log_has_no_problem(games: Games):
    events = played_seeded(games, 3, 6)
    assert check_log(RULES, karnoffel_header(seed=3), events) is None


def test_the_first_illegal_event_is_named_with_its_rule():
    log = build_log(PHYSICAL, [HEARTS_DEAL, "note Bo leads", "Bo 7H"])
    log.append(Event(4, CAI, Play(Card("K", "S"))))  # legal on its own; never reached
    problem = check_log(RULES, PHYSICAL, log)
    assert problem == Problem(
        3, "the Devil (7♥, the trump 7) may not be led to the first trick", "Bo 7H"
    )
    assert str(problem) == (
        "event 3 (Bo 7H): the Devil (7♥, the trump 7) may not be led to the first trick"
    )


def test_a_move_before_the_deal_is_named():
    log = build_log(PHYSICAL, [HEARTS_DEAL, "undo"])
    log.append(attrs.evolve(build_log(PHYSICAL, [HEARTS_DEAL, "3H"])[1], seq=3))
    problem = check_log(RULES, PHYSICAL, log)
    assert problem is not None and problem.seq == 3
    assert "the cards must be dealt before anyone plays" in str(problem)


def test_a_swapped_deal_in_a_seeded_game_does_not_come_from_the_seed(games: Games):
    header = karnoffel_header(seed=3)
    events = played_seeded(games, 3, 4)
    other_deal = played_seeded(games, 4, 0)[0]
    assert other_deal.payload != events[0].payload
    swapped = [attrs.evolve(events[0], payload=other_deal.payload), *events[1:]]
    problem = check_log(RULES, header, swapped)
    assert problem is not None
    assert problem.seq == 1
    assert "the deal does not come from this game's seed" in problem.reason
    assert str(problem).startswith("event 1 (deal ")


def test_a_seeded_deal_that_is_legal_but_not_the_dealers_is_caught(games: Games):
    # the same cards with the seed of another game: legal Karnöffel, not this game's dealer
    events = played_seeded(games, 3, 0)
    problem = check_log(RULES, karnoffel_header(seed=99), events)
    assert problem is not None and problem.seq == 1
    assert "does not come from this game's seed" in str(problem)


def test_a_chance_event_the_seeded_dealer_never_makes_is_caught(games: Games):
    events = played_seeded(games, 3, 0)
    extra = Event(2, None, Turn(events[0].payload.cards[5].card))
    problem = check_log(RULES, karnoffel_header(seed=3), [*events, extra])
    assert problem is not None and problem.seq == 2
    assert "the seeded dealer deals no cards at this point" in str(problem)


def test_a_seeded_log_that_stops_before_the_dealer_is_caught():
    problem = check_log(RULES, karnoffel_header(seed=3), [])
    assert problem is not None
    assert "ends before the seeded dealer's next chance step" in str(problem)


def test_verification_orders_problems_and_is_ok_only_without_them():
    late, early = Problem(7, "late"), Problem(2, "early", "Bo 3H")
    result = Verification.of(9, [late, early], "abc")
    assert not result.ok
    assert result.problems == (early, late)
    assert [str(p) for p in result.problems] == ["event 2 (Bo 3H): early", "event 7: late"]
    assert Verification.of(9, []).ok


def test_a_problem_without_an_event_is_just_its_reason():
    assert str(Problem(0, "the header was altered")) == "the header was altered"


def hidden_cards(deal: Event) -> list[str]:
    """The text of each card ``deal`` dealt face down."""
    return [d.card.text for d in deal.payload.cards if d.card is not None and not d.up]


def names_card(text: str, card: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(card)}(?![A-Za-z0-9])", text) is not None


def test_a_refused_seeded_deal_is_named_without_its_hidden_cards(games: Games):
    # a seeded game's recorder typed no card: verify names the deal as the table saw it
    events = played_seeded(games, 3, 4)
    other_deal = played_seeded(games, 4, 0)[0]
    swapped = [attrs.evolve(events[0], payload=other_deal.payload), *events[1:]]
    problem = check_log(RULES, karnoffel_header(seed=3), swapped)
    assert problem is not None and problem.label is not None
    hidden = hidden_cards(other_deal)
    assert hidden and not [c for c in hidden if names_card(str(problem), c)], str(problem)
