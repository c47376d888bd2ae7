"""The one-state shortcuts (``narrespillet.quick``) make what the general path makes: on
every event of seeded games of every option set that changes play, and of games dealt as
a physical table sees them (face-down hands, claims), wherever ``quick_turn`` (a Chariot
loaded too, and a turn when the stock is empty and no vote follows) or
``quick_draw`` answers, its state equals ``settle(turn_action(...))`` or
``settle(apply_draw(...))``, the path ``apply`` took before them (a round ended by the
actor's forfeit or placement too)."""

from __future__ import annotations

from collections import Counter

import pytest

from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.narrespillet import quick
from tablelog.rules.narrespillet.actors import head_step
from tablelog.rules.narrespillet.chance import apply_draw
from tablelog.rules.narrespillet.flow import hand_need, settle
from tablelog.rules.narrespillet.quick import quick_draw, quick_turn
from tablelog.rules.narrespillet.state import PLAY, State
from tablelog.rules.narrespillet.turn import TURN_ACTIONS, turn_action
from tablelog.rules.playout import FoldPlayout
from tests.rules.narrespillet_helpers import RULES, walked
from tests.rules.test_narrespillet_playout import OPTION_SETS


def _compare(state: State, event: Event, used: Counter[str]) -> None:
    """Where a shortcut answers for ``event``, its state is the general path's."""
    p = event.payload
    if isinstance(p, Deal) and state.phase == PLAY:
        made = quick_draw(state, p)
        if made is not None:
            used["draw"] += 1
            kinds = [step.kind for step in state.queue]
            used["draw before a turn"] += kinds == ["refill", "turn"]  # an extra turn waits
            used["draw before finish checks"] += "finish" in kinds  # a card's draw at once
            assert made == settle(apply_draw(state, event)), f"the shortcut parts at {event}"
    elif state.actor is not None and head_step(state) is None and isinstance(p, TURN_ACTIONS):
        made = quick_turn(state, state.actor, p)
        if made is not None:
            used[type(p).__name__] += 1
            used["finish"] += made.finished != state.finished  # the actor's round ends
            who, hands, opens = state.actor, made.hands, made.opens  # the stock empty, no
            want = hand_need(made, who, len(hands[who]), len(opens[who]))  # vote: no refill
            used["no stock"] += not len(state.stock) and sum(want) > 0
            assert made == settle(turn_action(state, state.actor, p)), (
                f"the shortcut parts at {event}"
            )


class _Comparing(FoldPlayout):
    """The fold walked as a playout, comparing the shortcuts with the general path at
    every event it is given."""

    def __init__(self, state: State, seq: int, used: Counter[str]) -> None:
        super().__init__(RULES, state, seq)
        self.used = used

    def play(self, move: Move) -> None:
        _compare(self.state(), Event(self.seq + 1, move.actor, move.payload), self.used)
        super().play(move)


def _game(options: dict[str, object], seed: int, known: bool, used: Counter[str]) -> int:
    return walked(lambda state, seq: _Comparing(state, seq, used), options, seed, known)


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.items())) or "default"
)
def test_the_shortcuts_make_the_general_paths_state(options: dict[str, object]) -> None:
    used: Counter[str] = Counter()
    for seed in range(8):
        assert _game(options, seed, True, used) > 50
    assert used["draw"] and used["Discard"] and used["Forfeit"] and used["Place"], used
    assert used["draw before a turn"], used  # the refill queued before an extra turn
    assert used["draw before finish checks"], used  # the Hanged Man's target's, the Star's
    assert used["finish"], used
    assert used["Load"] and used["no stock"], used  # a Chariot loaded; a turn, stock empty


def test_the_shortcuts_in_physical_games() -> None:
    used: Counter[str] = Counter()
    for seed in range(8):
        _game({"rounds": 2}, seed, False, used)
    assert used["Discard"] and used["Forfeit"], used


def test_a_wrong_shortcut_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shortcut that gives the turn to the wrong participant parts from the general path."""
    monkeypatch.setattr(quick, "next_actor", lambda state, finished=None: state.turn)
    with pytest.raises(AssertionError, match="the shortcut parts at"):
        _game({}, 1, True, Counter())
