"""The seeded dealer's check in ``check_log``: a move standing where the dealer's cards
belong is named as such, and every rule set keeps ``RuleSet.to_act``'s documented contract
(no seat to act while a chance step is pending) along seeded and recorded games. (Issue
24 tried skipping the dealer for moves of a seat to act, on that contract: no measurable
gain, so ``check_log`` asks the dealer of every game event as before.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from tablelog.replay.dealer import dealer_move
from tablelog.replay.fold import Replayer
from tablelog.replay.headers import make_header
from tablelog.replay.jsonl import file_lines, iter_games
from tablelog.replay.verify import check_log
from tablelog.rules import registry
from tablelog.rules.errors import IllegalEvent, TablelogError
from tablelog.rules.events import Event
from tablelog.rules.protocol import RuleSet
from tests.helpers import first_moves, karnoffel_header

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
NAMES = ["Anna", "Bo", "Cai", "Dina", "Eli", "Fay", "Gus", "Hal"]


def assert_contract(rules: RuleSet[Any], state: Any, where: str) -> None:
    if rules.to_act(state):
        assert rules.chance(state) is None, f"{rules.name} {where}: a seat to act and chance"


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_seat_is_to_act_while_a_chance_step_is_pending(name: str, seed: int) -> None:
    rules = registry.get(name)
    header = make_header(rules, NAMES[: rules.seats[0]], {}, seed=seed)
    state = rules.start(header)
    assert_contract(rules, state, "at the start")
    events = []
    for event, state in first_moves(rules, header, 400):
        assert_contract(rules, state, f"after event {event.seq}")
        events.append(event)
    assert check_log(rules, header, events) is None


def fixture_files() -> list[Path]:
    return sorted(p for p in FIXTURES.rglob("*.jsonl") if "schema1" not in p.parts)


def test_the_recorded_games_keep_the_contract_at_every_state() -> None:
    checked = 0
    for path in fixture_files():
        try:
            games = list(iter_games(file_lines(str(path))))
        except TablelogError:  # the fixtures of bad files: no games to fold
            continue
        for game in games:
            replayer = Replayer(game.rules, game.header)
            for event in game.events:
                try:
                    state = replayer.push(event)
                except IllegalEvent:  # a fixture of an illegal log stops there
                    break
                assert_contract(game.rules, state, f"{path.name} event {event.seq}")
                checked += 1
    assert checked > 1000


def test_a_move_where_the_dealers_deal_belongs_is_named() -> None:
    rules = registry.get("karnoffel")
    header = karnoffel_header(seed=3)
    deal, play = [event for event, _ in first_moves(rules, header, 2)]
    moved = attrs.evolve(play, seq=1)  # a play first: the seeded deal is due
    problem = check_log(rules, header, [moved])
    assert problem is not None and problem.seq == 1
    assert "a move stands where the seeded dealer's deal should be" in problem.reason
    assert dealer_move(rules, rules.start(header), 3, 1) == deal.move
    # a seat that is not to act, before a chance step is due, is refused by the rules
    after = rules.apply(rules.start(header), deal)
    stranger = Event(2, (play.actor + 1) % 4, play.payload)
    assert stranger.actor not in rules.to_act(after)
    problem = check_log(rules, header, [deal, stranger])
    assert problem is not None and problem.seq == 2
