"""Invariant 6: the kit walks a game's own playout beside the fold and catches one that
parts from it (``replay.kit.playouts``)."""

from __future__ import annotations

import re

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import given

from tablelog.cli.main import cli
from tablelog.replay.kit import (
    SAMPLED,
    THOROUGH,
    History,
    InvariantViolation,
    check_all,
    check_playout,
    histories,
    walk,
)
from tablelog.replay.kit.fuzz import load_failure, replay_failure
from tablelog.rules import registry
from tablelog.rules.events import Event, Note, Undo
from tablelog.rules.protocol import Header
from tests.replay.test_kit import MODES, QUICK, RUNS, violation_of
from tests.replay.toy_rules import BROKEN_PLAYOUTS, PLAYED, RULES, HighcardPlayout


@QUICK
@given(histories(PLAYED))
def test_a_sound_playout_passes_every_invariant(history):
    check_all(PLAYED, history)
    check_all(PLAYED, history, thorough=True)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("sampling", [SAMPLED, THOROUGH], ids=["sampled", "thorough"])
@pytest.mark.parametrize("broken", sorted(BROKEN_PLAYOUTS))
def test_the_kit_catches_a_playout_that_parts_from_the_fold(broken, sampling, mode):
    caught = violation_of(BROKEN_PLAYOUTS[broken], "playout", sampling, mode)
    assert caught.invariant == "playout"
    assert caught.detail.startswith("highcard's playout: ")


def _seeded(rules, *plays, seed=3):
    """A seeded two-player Highcard history: the deal, then ``plays`` (indices into the
    listing of each state), notes and undos as given (``"note"``, ``"undo"``)."""
    header = Header("highcard", RULES.version, ("Anna", "Bo"), {"low_wins": False}, 0, seed)
    from tablelog.replay.dealer import chance_rng, sample
    from tablelog.replay.fold import Replayer

    replayer = Replayer(RULES, header)
    deal = sample(RULES.chance(replayer.state), chance_rng(seed, 1))
    events = [Event(1, None, deal.payload)]
    replayer.push(events[0])
    for play in plays:
        seq = len(events) + 1
        if play == "note":
            event = Event(seq, None, Note("a remark"))
        elif play == "undo":
            event = Event(seq, None, Undo())
        else:
            move = tuple(RULES.moves(replayer.state))[play]
            event = Event(seq, move.actor, move.payload)
        replayer.push(event)
        events.append(event)
    return History(header, tuple(events))


def _second_card() -> int:
    """Where the second card dealt to seat 0 (the first to play) is in its first listing."""
    dealt = RULES.apply(RULES.start(_seeded(RULES).header), _seeded(RULES).events[0])
    return [m.payload.card for m in RULES.moves(dealt)].index(dealt.hands[0].cards[1])


_SECOND = _second_card()


def test_the_dropped_move_is_named_with_its_event():
    history = _seeded(BROKEN_PLAYOUTS["drops"])
    with pytest.raises(InvariantViolation) as caught:
        check_playout(BROKEN_PLAYOUTS["drops"], history)
    assert caught.value.seq == 1  # right after the deal: two cards in each hand
    assert str(caught.value).startswith(
        "invariant playout broken at event 1: highcard's playout: the playout lists 1 moves,"
        " the fold 2: extra [], missing [Move(actor=0, payload=Play(card=Card("
    )


def test_a_misplayed_card_is_caught_where_the_playout_parts_from_the_fold():
    rules = BROKEN_PLAYOUTS["misplays"]
    history = _seeded(rules, _SECOND, 0, 0, 0)  # seat 0 plays its second card: the first is taken
    with pytest.raises(InvariantViolation) as caught:
        check_playout(rules, history, sampling=THOROUGH)
    assert caught.value.seq == 2
    assert caught.value.detail == "highcard's playout: the playout's state is not the fold's"
    # sampled: the state is compared at the deep states (the first play is one: the first
    # of its kind); the listing at every state
    with pytest.raises(InvariantViolation, match="at event 2: highcard's playout"):
        check_playout(rules, history)


def test_notes_and_undos_walk_the_playout_with_the_fold():
    history = _seeded(PLAYED, 0, "note", 1, "undo", "note", 0, 0, "undo", 0, 0)
    *_, last = walk(PLAYED, history)
    assert PLAYED.outcome(last.state) is not None  # played to the end, through two undos
    check_all(PLAYED, history, thorough=True)
    # the same walk with a playout that misplays after the undo is caught after it
    rules = BROKEN_PLAYOUTS["misplays"]
    with pytest.raises(InvariantViolation) as caught:
        check_playout(rules, _seeded(rules, 1 - _SECOND, "undo", _SECOND), sampling=THOROUGH)
    assert caught.value.seq == 4


def test_a_game_without_a_playout_is_not_walked(monkeypatch):
    import tablelog.replay.kit.playouts as playouts

    def compared(*args, **kwargs):
        raise AssertionError("FoldPlayout is the fold: nothing to compare")

    monkeypatch.setattr(playouts, "divergence", compared)
    assert RULES.playout is None
    check_playout(RULES, _seeded(RULES, 0, 0, 0, 0), sampling=THOROUGH)  # never compared
    with pytest.raises(InvariantViolation, match="comparing it with the fold raised"):
        check_playout(PLAYED, _seeded(PLAYED, 0, 0, 0, 0))


def test_a_playout_that_cannot_be_made_or_played_is_a_failure():
    def unmade(state, seq):
        raise ValueError("no such table")

    with pytest.raises(InvariantViolation, match="could not be made from the fold's state: Val"):
        check_playout(attrs.evolve(RULES, playout=unmade), _seeded(RULES, 0))

    class Stuck(HighcardPlayout):
        def play(self, move):
            if self.dealt:
                raise KeyError(move)
            super().play(move)

    with pytest.raises(InvariantViolation) as caught:
        check_playout(attrs.evolve(RULES, playout=Stuck), _seeded(RULES, 0))
    assert caught.value.seq == 2
    assert "highcard's playout could not play Move(actor=0" in caught.value.detail


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("broken", sorted(BROKEN_PLAYOUTS))
def test_fuzz_shrinks_saves_and_replays_a_playout_failure(broken, tmp_path, mode):
    rules = BROKEN_PLAYOUTS[broken]
    report = RUNS[mode](rules, 200, 1, save_dir=tmp_path)
    assert not report.ok and report.saved is not None
    assert report.failure.startswith("invariant playout broken at event ")
    assert "highcard's playout: " in report.failure
    assert report.saved.name == "highcard-seed1-failure.jsonl"
    if mode == "hypothesis":  # shrunk to the least seats
        assert len(load_failure(rules, report.saved).header.players) == 2
    again = replay_failure(rules, report.saved)
    assert again is not None and str(again) == report.failure


def test_the_fuzz_command_names_the_game_the_seed_the_event_and_what_differs(tmp_path, monkeypatch):
    monkeypatch.setitem(registry._REGISTRY, "highcard", BROKEN_PLAYOUTS["drops"])
    result = CliRunner().invoke(
        cli,
        [
            "fuzz",
            "highcard",
            "--games",
            "50",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--save-dir",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 1, result.output
    assert (
        "games of highcard with --seed 1: invariant playout broken at event 1:"
        " highcard's playout: the playout lists 1 moves, the fold 2" in result.output
    )
    assert (tmp_path / "highcard-seed1-failure.jsonl").exists()


def test_a_seat_filter_that_lists_otherwise_is_caught_at_the_deep_states():
    from tests.replay import toy_rules

    def reversed_for_a_seat(state, seat=None, card=None, kind=None):
        listed = list(toy_rules.moves(state, seat, card, kind))
        return iter(listed[::-1] if seat is not None else listed)

    rules = attrs.evolve(PLAYED, moves=reversed_for_a_seat)
    with pytest.raises(InvariantViolation) as caught:
        run = given(histories(rules))(lambda history: check_playout(rules, history))
        QUICK(run)()
    assert re.fullmatch(
        r"highcard: moves\(state, \d\) is not seat \d's part of moves\(state\), in order",
        caught.value.detail,
    )
