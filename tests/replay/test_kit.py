"""The invariant kit works on a third party's rule set and catches each kind of bug."""

from __future__ import annotations

import functools
import gc
import random
import subprocess
import sys

import attrs
import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from tablelog.ledger import Ledger
from tablelog.replay.dealer import dealer_move
from tablelog.replay.heap import YOUNG
from tablelog.replay.jsonl import parse_lines, verify_parsed
from tablelog.replay.kit import (
    INVARIANTS,
    SAMPLED,
    THOROUGH,
    History,
    InvariantViolation,
    Sampling,
    check_all,
    choose_move,
    covering_option_sets,
    every_option_set,
    histories,
    sample_moves,
    seat_counts,
    walk,
)
from tablelog.replay.kit.campaign import campaign, campaign_game
from tablelog.replay.kit.fuzz import fuzz, load_failure, replay_failure
from tablelog.replay.kit.sample import CAP, is_listed, menu
from tablelog.replay.kit.strategies import headers
from tablelog.replay.merge import import_games
from tablelog.rules import registry
from tablelog.rules.cards import Card
from tablelog.rules.events import Event, Move
from tablelog.rules.listing import kinds_of
from tablelog.rules.protocol import Header
from tests.replay.toy_rules import BROKEN, MUTE, RULES
from tests.thirdparty.ladder import RULES as LADDER

QUICK = settings(
    max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)


@QUICK
@given(histories(RULES))
def test_a_sound_third_party_rule_set_passes_every_invariant(history):
    check_all(RULES, history)


MODES = ("hypothesis", "campaign")
"""How the games are drawn: by Hypothesis (``histories``, ``fuzz``) or by a campaign's
seeded ``random.Random`` (``campaign_game``, ``campaign``): every broken rule set is
caught both ways."""

RUNS = {"hypothesis": fuzz, "campaign": campaign}
"""A fuzz run of each mode: ``RUNS[mode](rules, games, seed, save_dir=..., jobs=...)``."""

CAMPAIGN_GAMES = 60
"""The campaign games a broken rule set must be caught within (QUICK draws 60 too)."""


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("sampling", [SAMPLED, THOROUGH], ids=["sampled", "thorough"])
@pytest.mark.parametrize("invariant", sorted(BROKEN))
def test_each_check_catches_the_rule_set_broken_for_it(invariant, sampling, mode):
    assert violation_of(BROKEN[invariant], invariant, sampling, mode).invariant == invariant


@pytest.mark.parametrize("sampling", [SAMPLED, THOROUGH], ids=["sampled", "thorough"])
@pytest.mark.parametrize("invariant", sorted(BROKEN))
def test_a_campaign_reports_the_invariant_broken_and_the_game(invariant, sampling, tmp_path):
    report = campaign(BROKEN[invariant], CAMPAIGN_GAMES, 1, save_dir=tmp_path, sampling=sampling)
    assert not report.ok and report.failure.startswith(f"invariant {invariant} broken at ")
    assert report.game == report.games  # the run stops at the first failing game
    assert report.saved is not None and report.kept == len(load_failure(RULES, report.saved).events)


def violation_of(
    rules, invariant: str, sampling: Sampling, mode: str = "hypothesis"
) -> InvariantViolation:
    """What the check of ``invariant`` raises on the histories of ``rules`` that ``mode``
    draws (a test failure if it raises nothing): Hypothesis's, or the first
    ``CAMPAIGN_GAMES`` games of the campaign with seed 1."""
    if mode == "campaign":
        for number in range(1, CAMPAIGN_GAMES + 1):
            history = campaign_game(rules, 1, number).history
            try:
                INVARIANTS[invariant](rules, history, sampling=sampling)
            except InvariantViolation as violation:
                return violation
        pytest.fail(f"no game of {CAMPAIGN_GAMES} of the campaign broke {invariant}")

    @QUICK
    @given(histories(rules))
    def run(history):
        INVARIANTS[invariant](rules, history, sampling=sampling)

    with pytest.raises(InvariantViolation) as caught:
        run()
    return caught.value


@pytest.mark.parametrize("mode", MODES)
def test_closure_catches_a_seat_to_act_without_a_move(mode):
    caught = violation_of(MUTE, "closure", SAMPLED, mode)
    assert caught.invariant == "closure" and "is to act but has no legal move" in caught.detail


def test_the_sample_spreads_over_kinds_and_stays_bounded():
    state = _ladder_state_with_a_choice()
    sample = sample_moves(LADDER, state, random.Random(1), Sampling(moves=3))
    assert 1 <= len(sample) <= 3
    assert len({m.kind for m in sample}) == min(3, len(kinds_of(LADDER, state, sample[0].actor)))
    assert all(is_listed(LADDER, state, m) for m in sample)
    assert set(sample_moves(LADDER, state, random.Random(1), THOROUGH)) == set(LADDER.moves(state))


def _ladder_state_with_a_choice():
    for step in walk(LADDER, _ladder_history()):
        seats = LADDER.to_act(step.state)
        if seats and len(kinds_of(LADDER, step.state, seats[0])) > 1:
            return step.state
    raise AssertionError("no state with a choice of kinds")


@functools.cache
def _ladder_history() -> History:
    """A seeded game of Ladder for three, every seat taking its last listed move."""
    header = Header("ladder", 1, ("Anna", "Bo", "Cai"), {"decks": 1}, seed=7)
    state, events = LADDER.start(header), []
    while LADDER.outcome(state) is None:
        seq = len(events) + 1
        move = dealer_move(LADDER, state, 7, seq)
        if move is None:
            *_, move = LADDER.moves(state)
        events.append(Event(seq, move.actor, move.payload))
        state = LADDER.apply(state, events[-1])
    return History(header, tuple(events))


@settings(max_examples=30, database=None)
@given(data=st.data())
def test_the_stepwise_chooser_draws_legal_moves_of_a_seat_to_act(data):
    history = _ladder_history()
    steps = [s for s in walk(LADDER, history) if LADDER.to_act(s.state)]
    step = data.draw(st.sampled_from(steps))
    move = data.draw(choose_move(LADDER, step.state))
    assert move is not None and move.actor in LADDER.to_act(step.state)
    assert is_listed(LADDER, step.state, move)


def test_the_stepwise_chooser_shrinks_to_the_first_choice_of_each_step():
    history = _ladder_history()
    step = next(s for s in walk(LADDER, history) if LADDER.to_act(s.state))
    smallest = find(choose_move(LADDER, step.state), lambda move: move is not None)
    seat = LADDER.to_act(step.state)[0]
    first = menu(LADDER, step.state, seat, CAP)
    kind = first.kinds()[0]
    cards = first.cards(kind)

    def draws(i: int) -> tuple[int, ...]:  # a step with one option draws nothing
        many = len(first.choices(kind, cards[i])) > 1
        return (0,) * (len(first.kinds()) > 1) + (i,) * (len(cards) > 1) + (0,) * many

    # Hypothesis shrinks the draws shortlex: the first seat, kind and move, and the first
    # lead card unless a later one needs one draw fewer (it has only one move)
    i = min(range(len(cards)), key=lambda i: (len(draws(i)), draws(i)))
    assert smallest == first.choices(kind, cards[i])[0]
    assert smallest in LADDER.moves(step.state, seat)


def test_every_option_set_covers_each_choice():
    combos = every_option_set(RULES)
    assert combos == [{"low_wins": False}, {"low_wins": True}]


@QUICK
@given(histories(RULES, {"low_wins": True}, seeded=True, meta=False))
def test_fixed_options_and_seeded_dealing_are_respected(history):
    assert history.header.options["low_wins"] is True
    assert history.header.seed is not None
    assert not any(e.family == "meta" for e in history.events)


def _crashing_apply(state, event):
    from tests.replay.toy_rules import apply

    if getattr(event.payload, "card", None) == Card("5", "H"):
        raise KeyError("a bug in the rules")
    return apply(state, event)


@pytest.mark.parametrize(
    "broken",
    [BROKEN["conservation"], attrs.evolve(RULES, apply=_crashing_apply)],
    ids=["invariant-violation", "crash-in-apply"],
)
def test_fuzz_shrinks_and_saves_a_failure_that_verifies_and_imports(broken, tmp_path):
    report = fuzz(broken, 200, seed=1, save_dir=tmp_path)
    assert not report.ok
    assert report.saved is not None and report.saved.exists()
    (parsed,) = parse_lines(report.saved.read_text().splitlines(), lambda name: broken)
    assert verify_parsed(parsed).ok
    assert parsed.events[-1].payload.text.startswith("fuzz failure:")
    assert len(parsed.events) <= 8  # shrunk: a deal, a few plays and the note
    with Ledger(tmp_path / "db.sqlite") as ledger:
        (record,) = import_games(ledger, [parsed])
        assert len(ledger.events(record.id)) == len(parsed.events)


def test_fuzz_of_a_sound_rule_set_reports_every_game():
    report = fuzz(RULES, 30, seed=2)
    assert report.ok and report.games == 30 and report.events > 30


def test_fuzz_collects_garbage_less_often_while_it_runs_and_as_before_after():
    before = gc.get_threshold()  # (``fewer_collections`` itself: test_archive_collections)
    seen: list[tuple[int, ...]] = []
    games = fuzz(RULES, 2, seed=2, progress=lambda n: seen.append(gc.get_threshold()))
    assert games.ok and seen and all(t[0] == YOUNG for t in seen)
    assert gc.get_threshold() == before


def test_the_same_seed_plays_the_same_games():
    one, two = fuzz(LADDER, 12, seed=5), fuzz(LADDER, 12, seed=5)
    assert (one.games, one.events) == (two.games, two.events)
    assert fuzz(LADDER, 12, seed=6).events != one.events


def test_the_games_do_not_depend_on_how_many_processes_share_them():
    # 60 games are three batches: one process, or two forked workers, play the same games
    alone, shared = fuzz(LADDER, 60, seed=5, jobs=1), fuzz(LADDER, 60, seed=5, jobs=2)
    assert alone.ok and shared.ok
    assert (alone.games, alone.events) == (shared.games, shared.events) == (60, alone.events)


@pytest.mark.parametrize("mode", MODES)
def test_a_failure_in_a_worker_process_is_reported_and_saved(tmp_path, mode):
    report = RUNS[mode](BROKEN["conservation"], 200, 1, save_dir=tmp_path, jobs=2)
    assert not report.ok and "conservation" in (report.failure or "")
    assert report.saved is not None and report.saved.exists()
    assert replay_failure(BROKEN["conservation"], report.saved) is not None


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("invariant", ["conservation", "agreement", "views"])
def test_a_saved_failure_replays_to_the_same_failure(invariant, tmp_path, mode):
    broken = BROKEN[invariant]
    report = RUNS[mode](broken, 200, 4, save_dir=tmp_path)
    assert not report.ok and report.saved is not None
    again = replay_failure(broken, report.saved)
    assert again is not None and again.invariant == invariant
    assert str(again) == report.failure


@pytest.mark.parametrize(
    "broken",
    [*BROKEN.values(), attrs.evolve(RULES, apply=_crashing_apply)],
    ids=[*BROKEN, "crash-in-apply"],
)
def test_a_campaign_saves_the_shortest_failing_prefix_which_verifies_and_imports(broken, tmp_path):
    report = campaign(broken, 200, 1, save_dir=tmp_path)
    assert not report.ok and report.saved is not None and report.game is not None
    (parsed,) = parse_lines(report.saved.read_text().splitlines(), lambda name: broken)
    assert verify_parsed(parsed).ok
    assert parsed.events[-1].payload.text.startswith("fuzz failure: ")
    with Ledger(tmp_path / "db.sqlite") as ledger:
        (record,) = import_games(ledger, [parsed])
        assert len(ledger.events(record.id)) == len(parsed.events)
    # the saved events are a prefix of the failing game, whose checks fail; one event
    # fewer, they hold (or, for the first failing state, the game fails later)
    saved = load_failure(broken, report.saved)
    game = campaign_game(broken, 1, report.game).history
    assert saved.header == game.header and saved.events == game.events[: len(saved.events)]
    assert report.kept == len(saved.events)
    with pytest.raises(Exception) as caught:
        check_all(broken, saved)
    assert (str(caught.value) if caught.type is InvariantViolation else repr(caught.value)) == (
        report.failure
    )
    shorter = History(saved.header, saved.events[:-1])
    if saved.events:
        check_all(broken, shorter)


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(header=headers(registry.get("nordekasino"), {"partnership": True}))
def test_headers_use_a_seat_count_the_rules_accept(header):
    # partnership Nørdekasino refuses anything but four players; the kit draws 2 to 4
    assert len(header.players) == 4
    assert header.options["partnership"] is True


def test_headers_draw_from_the_whole_seat_range():
    counts = set()

    @settings(max_examples=60, deadline=None, database=None)
    @given(header=headers(registry.get("nordekasino"), {"partnership": False}))
    def draw(header):
        counts.add(len(header.players))

    draw()
    assert {2, 3, 4} <= counts and max(counts) > 4
    assert counts <= set(range(2, 27))


def test_a_computed_default_is_resolved_for_the_drawn_seat_count():
    @settings(max_examples=30, deadline=None, database=None)
    @given(header=headers(LADDER, seats=(2, 6)))
    def draw(header):
        decks = header.options["decks"]
        assert decks in (1, 2)
        if len(header.players) == 6:
            assert decks == 2  # one deck cannot deal to six; 1 + 6 // 4 is the default

    draw()


def test_seat_counts_cover_the_least_the_middle_and_the_most():
    assert seat_counts(registry.get("nordekasino")) == (2, 3, 4, 14, 26)
    assert seat_counts(registry.get("karnoffel")) == (4,)


def test_covering_option_sets_set_each_value_once():
    sets = covering_option_sets(LADDER)
    assert sets == [{}, {"decks": 1}, {"decks": 2}]


def test_the_cli_imports_no_hypothesis_until_fuzz_runs():
    code = "import sys, cli.main; print('hypothesis' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("mode", MODES)
def test_a_second_failure_with_the_same_seed_is_saved_beside_the_first(tmp_path, mode):
    broken = BROKEN["conservation"]
    first = RUNS[mode](broken, 200, 1, save_dir=tmp_path)
    second = RUNS[mode](broken, 200, 1, save_dir=tmp_path)
    assert first.saved is not None and second.saved is not None
    assert first.saved != second.saved and first.saved.exists() and second.saved.exists()
    assert second.saved.name == f"{broken.name}-seed1-failure-2.jsonl"


def test_conservation_names_a_zone_with_fewer_than_no_face_down_cards():
    from collections import Counter

    from tablelog.replay.kit.conservation import tally
    from tablelog.rules.cards import parse_cards
    from tablelog.rules.zones import Zone

    deck = Counter(parse_cards("2S 3S 4S"))
    sound = {"hand:0": Zone((), 2), "table": Zone(tuple(parse_cards("4S")))}
    counted = tally(deck, sound, 0)
    # a card "shown" from a hand with no face-down card left: the totals still add up
    shown = {"hand:0": Zone((), -1), "table": Zone(tuple(parse_cards("2S 3S 4S")), 1)}
    with pytest.raises(InvariantViolation, match="zone hand:0 holds -1 face-down cards"):
        counted.after(shown, 7)
    with pytest.raises(InvariantViolation, match="conservation broken at event 3"):
        tally(deck, shown, 3)


def test_a_move_is_listed_alike_from_the_scanned_listing_and_through_the_filters():
    """``is_listed`` reads the seat's whole listing a scan (``menu``) made of the same
    state, else asks ``moves`` through its filters: both answers agree, for listed moves
    and for moves given to other seats or led by other cards."""
    from tablelog.replay.kit.sample import fast_lead

    history = _ladder_history()
    deck = list(dict.fromkeys(LADDER.deck(history.header)))
    checked = 0
    for step in list(walk(LADDER, history))[::3]:
        state = step.state
        for seat in LADDER.to_act(state):
            listed = list(LADDER.moves(state, seat))
            tried = listed[:3] + [Move(s, m.payload) for m in listed[:2] for s in (None, 0, 1, 2)]
            tried += [attrs.evolve(m, payload=_with_card(m.payload, c)) for m in listed[:1]
                      for c in deck[:6]]  # fmt: skip
            menu(LADDER, state, seat, CAP)  # the scan the sample makes
            for move in tried:
                filtered = move in LADDER.moves(state, move.actor, fast_lead(move), move.kind)
                assert is_listed(LADDER, state, move) == filtered, move
                checked += 1
    assert checked > 50


def _with_card(payload, card):
    for field in attrs.fields(type(payload)):
        value = getattr(payload, field.name)
        if isinstance(value, Card):
            return attrs.evolve(payload, **{field.name: card})
        if isinstance(value, tuple) and value and isinstance(value[0], Card):
            return attrs.evolve(payload, **{field.name: (card, *value[1:])})
    return payload


def test_a_listed_move_the_fold_refused_while_drawing_is_the_failure_when_the_checks_pass():
    """A campaign draws a move from the listing and the fold refuses it: the game ends
    before it, and if the sampled checks of the game up to there hold, that refusal is
    the failure (closure), with the game up to it kept."""
    from tablelog.replay.kit.campaign import _failure
    from tablelog.replay.kit.played import Played
    from tablelog.rules.errors import IllegalEvent

    history = campaign_game(RULES, 1, 1).history
    move = Move(0, history.events[-1].payload)
    refused = IllegalEvent(Event(len(history.events) + 1, 0, move.payload), "no such card")
    kept, violation = _failure(RULES, Played(history, (move, refused)), SAMPLED)
    assert kept is history and isinstance(violation, InvariantViolation)
    assert violation.invariant == "closure" and violation.seq == len(history.events) + 1
    assert violation.detail == f"listed move {move!r} refused: no such card"
    assert _failure(RULES, Played(history), SAMPLED) is None  # the checks hold
