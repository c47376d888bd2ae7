"""Which checks run where (``replay.kit.schedule``): the deep states get the expensive
checks, every state the cheap ones; a generated history is folded once; determinism is
checked by applying the deep states' events again, never by a fold from the start."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from tablelog.replay.fold import fold
from tablelog.replay.gate import Gate
from tablelog.replay.kit import SAMPLED, THOROUGH, History, histories, walk
from tablelog.replay.kit.schedule import deep_states
from tablelog.replay.kit.views import views_probe
from tablelog.replay.kit.walk import Step
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header
from tests.helpers import first_moves
from tests.replay.test_kit import MODES, violation_of
from tests.replay.toy_rules import RULES, apply

QUICK = settings(
    max_examples=15, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
SPEAHX = registry.get("speahx")


@QUICK
@given(histories(SPEAHX, {"decks": 1}, max_events=120))
def test_the_deep_states_are_the_ends_the_first_of_each_kind_and_a_sample(history):
    deep = deep_states(history, SAMPLED)
    events = history.events
    last = events[-1].seq if events else 0
    assert {0, last} <= deep
    firsts = {type(e.payload): e.seq for e in reversed(events)}  # the first of each kind
    assert set(firsts.values()) <= deep
    others = [e.seq for e in events if e.seq not in firsts.values() and e.seq != last]
    if len(others) >= 80:  # about one in SAMPLED.deep (4) of the rest
        share = sum(seq in deep for seq in others) / len(others)
        assert 0.08 < share < 0.5
    assert deep_states(History(history.header, history.events), SAMPLED) == deep
    assert all(seq in deep_states(history, THOROUGH) for seq in range(last + 1))


@QUICK
@given(histories(SPEAHX, {"decks": 1}, max_events=60))
def test_a_generated_history_is_walked_through_the_states_its_generator_folded(history):
    assert history.folded is not None
    kept = [s.state for s in walk(SPEAHX, history)]
    again = [s.state for s in walk(SPEAHX, History(history.header, history.events))]
    assert kept == again
    applied = {id(state) for _, state in history.folded.applied}
    # every state after a game event is the generator's own object: nothing was applied
    steps = list(walk(SPEAHX, history))
    assert all(id(s.state) in applied for s in steps if s.event and s.event.family != "meta")


def test_the_renderers_run_on_the_deep_states_for_everyone_and_one_seat_in_turn():
    """What the fuzz docs say: the rendered outputs are read on the deep states only, for
    everyone and ``SAMPLED.seats`` (1) seat in turn; ``THOROUGH``: every state, every seat."""
    history = _played(SPEAHX, 90)
    calls: list[tuple[int, int | None]] = []

    def recording(gate: Gate, step: Step) -> str:
        calls.append((step.seq, gate.viewer.seat))
        return ""

    for sampling in (SAMPLED, THOROUGH):
        calls.clear()
        probe = views_probe(SPEAHX, history, sampling, (recording,))
        for step in walk(SPEAHX, history):
            probe.step(step, ())
        deep = deep_states(history, sampling)
        seqs = [0, *(e.seq for e in history.events)]
        players = len(history.header.players)
        if sampling is SAMPLED:
            expected = [(s, v) for s in seqs if s in deep for v in (None, s % players)]
        else:
            expected = [(s, v) for s in seqs for v in (None, *range(players))]
        assert calls == expected


def _played(rules, events: int) -> History:
    """A seeded game of ``rules`` for four, each seat taking its first listed move."""
    header = Header(rules.name, rules.version, ("Anna", "Bo", "Cai", "Dina"),
                    rules.options_for({}, 4), 0, 7)  # fmt: skip
    return History(header, tuple(event for event, _ in first_moves(rules, header, events)))


def _forgetful_apply():
    """Highcard's ``apply`` that gives a point away the second time it meets an event: a
    fold that is not a function of the log."""
    met: set[int] = set()

    def apply_again(state, event: Event):
        after = apply(state, event)
        if id(event) in met and after.points:
            return attrs.evolve(after, points=(after.points[0] + 1, *after.points[1:]))
        met.add(id(event))
        return after

    return apply_again


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("sampling", [SAMPLED, THOROUGH], ids=["sampled", "thorough"])
def test_determinism_applies_the_deep_states_events_again(sampling, mode):
    broken = attrs.evolve(RULES, apply=_forgetful_apply())
    caught = violation_of(broken, "roundtrip", sampling, mode)
    assert "applying the same event twice" in caught.detail


def test_a_read_history_is_folded_by_the_walk_itself():
    history = _played(SPEAHX, 30)
    assert history.folded is None
    *_, last = walk(SPEAHX, history)
    assert last.seq == 30 and last.state == fold(SPEAHX, history.header, history.events)


def test_a_vocabulary_whose_names_hold_others_is_read_name_by_name():
    """``outputs_hold`` reads a text at C speed (``findall``) and name by name only when it
    names an unseen card; that is exact unless a name holds another after a non-letter,
    which ``_nested`` says (then every text is read name by name)."""
    from tablelog.replay.kit.rendered import _nested
    from tablelog.rules.cards import parse_cards

    deck = tuple(parse_cards("7H 8H 9S"))
    assert not _nested(deck, lambda card: f"the {card.rank} of {card.suit}")
    assert _nested(deck, lambda card: f"card {card.text}")  # "card 7H" holds "7H"
    for name in registry.names():  # no game's names nest: their texts are read fast
        rules = registry.get(name)
        players = ("Anna", "Bo", "Cai", "Dina")
        header = Header(name, rules.version, players, rules.options_for({}, 4), 0, 1)
        assert not _nested(tuple(rules.deck(header)), rules.vocabulary.describe)
