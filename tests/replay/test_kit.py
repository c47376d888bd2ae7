"""The invariant kit works on a third party's rule set and catches each kind of bug."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from ledger import Ledger
from replay.jsonl import import_games, parse_lines, verify_parsed
from replay.kit import INVARIANTS, InvariantViolation, check_all, every_option_set, histories
from replay.kit.fuzz import fuzz
from replay.kit.strategies import headers
from rules import registry
from rules.cards import Card
from tests.replay.toy_rules import BROKEN, RULES

QUICK = settings(
    max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)


@QUICK
@given(histories(RULES))
def test_a_sound_third_party_rule_set_passes_every_invariant(history):
    check_all(RULES, history)


@pytest.mark.parametrize("invariant", sorted(BROKEN))
def test_each_check_catches_the_rule_set_broken_for_it(invariant):
    broken = BROKEN[invariant]

    @QUICK
    @given(histories(broken))
    def run(history):
        INVARIANTS[invariant](broken, history)

    with pytest.raises(InvariantViolation) as caught:
        run()
    assert caught.value.invariant == invariant


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


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(header=headers(registry.get("nordekasino"), {"partnership": True}))
def test_headers_use_a_seat_count_the_rules_accept(header):
    # partnership Nørdekasino refuses anything but four players; the kit draws 2 to 4
    assert len(header.players) == 4
    assert header.options["partnership"] is True


def test_headers_draw_every_seat_count_a_game_accepts():
    counts = set()

    @settings(max_examples=60, deadline=None, database=None)
    @given(header=headers(registry.get("nordekasino"), {"partnership": False}))
    def draw(header):
        counts.add(len(header.players))

    draw()
    assert counts == {2, 3, 4}
