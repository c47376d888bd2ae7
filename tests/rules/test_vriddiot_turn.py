"""The fold's shortcuts against its step-by-step path: one new state per common move
(rules.vriddiot.turn) and the turn's plays listed by construction (legal.verdicts).

``play.apply`` makes one new state of a common play or pickup (``turn.lay_changes``,
``turn.pickup_changes``); with the shortcuts turned off it takes every move through
``take``, ``lay``, ``_pickup`` and ``war.settle``. Both must reach equal states at every
step of random games, under every option that changes play, seeded and physical.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.cards import Card
from tablelog.rules.events import Event
from tablelog.rules.vriddiot import claims, legal, onturn, play, turn
from tablelog.rules.zones import Zone

RULES = registry.get("vriddiot")
LISTING = onturn
FOUR = ("Anna", "Bert", "Cleo", "Dirk")

OPTIONS: tuple[Mapping[str, Any], ...] = (
    {},
    {"jokers": 2, "two_in_vri": "ends_vri"},
    {"four_any_value": True, "eight_in_vri_le_8": True, "vri_strict": False},
    {"starter_lowest": True, "resurrect_out_players": True},
    {"deck": "dobbeldekker", "war_tie_rule": "any_match"},
)


def _states(options: Mapping[str, Any], seed: int, known: bool) -> list[Any]:
    """Every state of one random game through ``play.apply``."""
    header = make_header(RULES, FOUR, options, seed=seed if known else None)
    state = RULES.start(header)
    rng = random.Random(seed)
    states = [state]
    for seq in range(1, RULES.max_events(header)):
        if RULES.outcome(state) is not None:
            break
        step = RULES.chance(state)
        if step is not None:
            move = sample(step, chance_rng(seed, seq), known=known)
        else:
            move = rng.choice(tuple(RULES.moves(state)))
        state = RULES.apply(state, Event(seq, move.actor, move.payload))
        states.append(state)
    return states


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("known", [True, False])
def test_the_shortcuts_reach_the_step_by_step_states(
    options: Mapping[str, Any], known: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken = []
    wars: Counter[str] = Counter()

    def counted(function: Any) -> Any:
        def call(*args: Any) -> Any:
            changes = function(*args)
            taken.append(changes is not None)
            if changes is not None and "war" in changes:
                war = changes["war"]
                wars["over" if war is None else "window" if war.window else "on"] += 1
            return changes

        return call

    for seed in range(2):
        with monkeypatch.context() as patch:
            patch.setattr(play, "lay_changes", counted(turn.lay_changes))
            patch.setattr(play, "pickup_changes", counted(turn.pickup_changes))
            quick = _states(options, seed, known)
        with monkeypatch.context() as patch:
            patch.setattr(play, "lay_changes", lambda *args: None)
            patch.setattr(play, "pickup_changes", lambda *args: None)
            slow = _states(options, seed, known)
        assert len(quick) == len(slow)
        for i, (a, b) in enumerate(zip(quick, slow, strict=True)):
            assert a == b, (options, seed, known, i)
    if known:
        assert sum(taken) > len(taken) / 2, "the shortcuts were hardly ever taken"
        # wars too: declared (with a join window or without), fought, ended in one state
        assert wars["over"] and wars["on"], wars


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("known", [True, False])
def test_the_listing_by_construction_is_the_checked_listing(
    options: Mapping[str, Any], known: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``onturn.turn_moves`` lists the turn's plays from ``legal.verdicts``; with that
    turned off (``seat_free`` false) it checks each candidate with ``refuse_play``. Both
    list the same moves in the same order in every state of random games."""
    built = 0
    for seed in range(2):
        for state in _states(options, seed, known):
            listed = tuple(RULES.moves(state))
            with monkeypatch.context() as patch:
                patch.setattr(LISTING, "seat_free", lambda state: False)
                checked = tuple(RULES.moves(state))
            assert listed == checked, (options, seed, known)
            built += bool(listed) and legal.seat_free(state)
    assert built > 100


def _sets_one_by_one(zone: Zone, copies: list[Card]) -> list[tuple[Card, ...]]:
    """The sets as the listing made them before: every combination of the copies in
    order, each once, those binding no more face-down cards than the zone has."""
    known = Counter(zone.cards)
    out: list[tuple[Card, ...]] = []
    for size in range(2, len(copies) + 1):
        for combo in itertools.combinations(copies, size):
            hidden = sum(max(0, n - known[c]) for c, n in Counter(combo).items())
            if combo not in out and hidden <= zone.hidden:
                out.append(combo)
    return out


def test_sets_of_repeated_copies_are_each_combination_once_in_order() -> None:
    rng = random.Random(1)
    made = 0
    for _ in range(2000):
        # what a zone may hold of one rank: its known copies, and with face-down cards
        # any copy still unaccounted for (two decks: up to two of each)
        copies = [Card("9", suit) for suit in "SHDC" for _ in range(rng.randint(0, 2))]
        known = tuple(c for c in copies if rng.random() < 0.5)
        zone = Zone((*known, Card("3", "S")), rng.randint(0, 4))
        if not zone.hidden:
            copies = list(known)
        listed = list(LISTING.sets(zone, copies))
        assert listed == _sets_one_by_one(zone, copies), (copies, zone)
        made += len(listed)
    assert made > 1000


@pytest.mark.parametrize(
    "options",
    [
        {"starter_lowest": True},
        {"starter_lowest": True, "jokers": 2},
        {"starter_lowest": True, "deck": "dobbeldekker"},
    ],
)
def test_the_claims_checks_remembered_per_class_answer_as_asked_play_by_play(
    options: Mapping[str, Any],
) -> None:
    """``claims.card_lays`` and ``claims.card_unseen_ok`` remember one answer per class of
    plays the claims cannot tell apart; each answer is the one ``keeps``, ``lays_ok`` and
    ``unseen_ok`` give the play itself: every card of the deck alone and every two or
    three copies of one value (two decks: the same card twice too), in the states of
    physical games where claims are open or the first card makes them (a quarter of them)."""
    checked = 0
    for seed in range(3):
        with_claims = [
            state
            for state in _states(options, seed, known=False)
            if state.claims or claims.claims_first(state)
        ]
        # every play of the deck in each state is many thousand asks: every fourth such
        # state (from a different start per seed) keeps CI's time while the three seeds
        # and options still bring open claims of every kind
        for state in with_claims[seed % 4 :: 4]:
            deck = sorted(state.table.counts, key=LISTING.card_order)
            copies = [c for c in deck for _ in range(state.table.counts[c])]
            plays = [(c,) for c in deck]
            for size in (2, 3):
                plays += [
                    combo
                    for combo in dict.fromkeys(itertools.combinations(copies, size))
                    if len({c.rank for c in combo}) == 1
                ]
            for seat in RULES.to_act(state):
                lays = claims.card_lays(state, seat)
                for laid in plays:
                    asked = claims.keeps(state, seat, laid) and claims.lays_ok(state, seat, laid)
                    assert lays(laid) == asked, (options, seed, seat, laid)
                    checked += 1
            seen = claims.card_unseen_ok(state) if state.claims else None
            for card in deck if seen is not None else ():
                assert seen(card) == claims.unseen_ok(state, (card,)), (options, seed, card)
    assert checked > 1000
