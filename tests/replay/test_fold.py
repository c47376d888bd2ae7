"""The fold: notes change nothing, undo retracts, and ``states`` agrees with ``fold``."""

from __future__ import annotations

import pytest

from tablelog.replay.fold import Replayer, effective_events, fold, states
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event, Undo
from tablelog.rules.karnoffel import RULES
from tablelog.rules.karnoffel.events import Play
from tests.helpers import BO, HEARTS_DEAL, PLAYERS, build_log, karnoffel_header

PHYSICAL = karnoffel_header()
# a physical game: the deal, then Bo, Cai, Dina and Anna each play their face-up card
PLAYS = [HEARTS_DEAL, "3H", "KS", "9C", "5D"]


def test_notes_change_nothing():
    plain = build_log(PHYSICAL, PLAYS)
    noted = build_log(
        PHYSICAL, ["note shuffled twice", *PLAYS[:3], "note Cai hesitated", *PLAYS[3:]]
    )
    assert len(noted) == len(plain) + 2
    assert fold(RULES, PHYSICAL, noted) == fold(RULES, PHYSICAL, plain)
    assert [e.move for e in effective_events(noted, False)] == [e.move for e in plain]


def test_undo_retracts_the_most_recent_effective_move():
    log = build_log(PHYSICAL, [*PLAYS[:3], "undo"])
    assert effective_events(log, False) == log[:2]
    after = fold(RULES, PHYSICAL, log)
    assert after == fold(RULES, PHYSICAL, log[:2])
    assert after.trick == (log[1].payload.card,)  # only Bo's 3H is on the table


def test_undo_retracts_a_chance_event_in_a_physical_game():
    log = build_log(PHYSICAL, [HEARTS_DEAL, "undo"])
    assert effective_events(log, False) == []
    state = fold(RULES, PHYSICAL, log)
    assert state == RULES.start(PHYSICAL)
    assert state.phase == "deal"


def test_undo_skips_notes_and_earlier_undos():
    log = build_log(PHYSICAL, [*PLAYS[:3], "note oops", "undo", "undo"])
    assert effective_events(log, False) == log[:1]
    assert fold(RULES, PHYSICAL, log).trick == ()


def test_an_undone_move_can_be_replaced():
    log = build_log(PHYSICAL, [HEARTS_DEAL, "3H", "undo", "Bo 2S"])
    state = fold(RULES, PHYSICAL, log)
    assert [c.text for c in state.trick] == ["2S"]


def test_seeded_undo_retracts_the_move_and_the_dealers_events_after_it():
    deal = Deal(())  # effective_events looks at families only, never at the payloads
    # a move followed by two dealer's events: undo takes all three back
    log = [
        Event(1, None, deal),
        Event(2, BO, _play("3H")),
        Event(3, None, deal),
        Event(4, None, deal),
        Event(5, None, Undo()),
    ]
    assert effective_events(log, seeded=True) == log[:1]
    # in a physical game the same undo retracts only the last chance event
    assert effective_events(log, seeded=False) == log[:3]


def test_seeded_undo_in_a_played_game_restores_the_state_before_the_move(games: Games):
    header = make_header(RULES, PLAYERS, {"target": "2"}, seed=11)
    game = games.create(header)
    # play until a move makes the dealer deal again (the last trick of the first deal)
    for _ in range(40):
        before = game
        written = games.play(game.id, moves_data(game)["moves"][0]["notation"]).written
        game = games.load(game.id)
        if len(written) > 1:
            break
    assert len(written) == 2 and written[1].type == "deal"
    assert written[1].seq == before.seq + 2
    games.play(game.id, "undo")
    undone = games.load(game.id)
    assert undone.seq == before.seq + 3  # the log keeps the move, the deal and the undo
    assert effective_events(undone.events, seeded=True) == list(before.events)
    assert undone.state == before.state


def test_undo_with_nothing_to_undo_is_refused():
    with pytest.raises(IllegalEvent, match="nothing to undo") as refused:
        effective_events([Event(1, None, Undo())], False)
    assert refused.value.event.seq == 1


def test_a_second_undo_past_the_start_is_refused_naming_its_event():
    log = build_log(PHYSICAL, [HEARTS_DEAL, "undo"])
    log.append(Event(3, None, Undo()))
    with pytest.raises(IllegalEvent, match="nothing to undo") as refused:
        fold(RULES, PHYSICAL, log)
    assert str(refused.value).startswith("event 3")


def test_a_seeded_game_cannot_undo_the_dealers_first_deal():
    log = [Event(1, None, Deal(())), Event(2, None, Undo())]
    with pytest.raises(IllegalEvent, match="nothing to undo"):
        effective_events(log, seeded=True)


@pytest.mark.parametrize(
    "texts",
    [
        pytest.param(["note start", *PLAYS, "note end"], id="no-undo"),
        pytest.param([*PLAYS[:3], "undo", "note x", "Cai KS", "undo", "undo", "3H"], id="undos"),
    ],
)
def test_states_match_the_fold_at_each_seq(texts):
    log = build_log(PHYSICAL, texts)
    seen = list(states(RULES, PHYSICAL, log))
    assert [seq for seq, _ in seen] == list(range(len(log) + 1))
    for seq, state in seen:
        assert state == fold(RULES, PHYSICAL, log[:seq]), f"state after event {seq}"
    # the states differ along the way, so the comparison above can tell them apart
    assert len({state for _, state in seen}) > 2


def _play(text: str) -> Play:
    card = RULES.parse(text, fold(RULES, PHYSICAL, build_log(PHYSICAL, [HEARTS_DEAL]))).payload
    assert isinstance(card, Play)
    return card


def _counting(rules):
    """``rules`` with an ``apply`` that counts its calls."""
    import attrs

    calls = [0]

    def apply(state, event):
        calls[0] += 1
        return rules.apply(state, event)

    return attrs.evolve(rules, apply=apply), calls


def test_a_log_with_undos_is_folded_once_event_by_event():
    """Undo pops the replayer's stack: no refold, so a log costs one apply per game event."""
    script = [HEARTS_DEAL, "3H", "undo", "3H", "KS", "undo", "undo", "3H", "KS", "9C"]
    log = build_log(PHYSICAL, script)
    counted, calls = _counting(RULES)
    seen = list(states(counted, PHYSICAL, log))
    game_events = sum(not isinstance(e.payload, Undo) for e in log)
    assert calls[0] == game_events
    # every state agrees with folding that prefix of the log from scratch
    for n, (seq, state) in enumerate(seen):
        assert seq == (log[n - 1].seq if n else 0)
        assert state == fold(RULES, PHYSICAL, log[:n])


def test_replayer_copies_are_independent():
    log = build_log(PHYSICAL, PLAYS[:3])
    replayer = Replayer(RULES, PHYSICAL)
    replayer.extend(log)
    copy = replayer.copy()
    copy.push(Event(len(log) + 1, None, Undo()))
    assert copy.state == fold(RULES, PHYSICAL, log[:2])
    assert replayer.state == fold(RULES, PHYSICAL, log)
    assert len(replayer.effective) == 3 and len(copy.effective) == 2
