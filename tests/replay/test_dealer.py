"""The one dealer: every game's chance steps listed or described, and sampled as before.

Each game's chance step is data (``rules.chance``): the outcomes of a listed step are
checked at every state of the pinned games (probabilities summing to 1, each outcome
accepted), a described draw is checked to name exactly the cards its zone may hold, and
the games the dealer deals are pinned to the digests the games' own ``realize`` callbacks
made before the dealer moved to ``replay.dealer`` (computed from commit 07a3dbf).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from tablelog.replay.dealer import sample
from tablelog.rules import registry
from tablelog.rules.cards import parse_cards
from tablelog.rules.chance import Drawing, Listed
from tablelog.rules.dealing import DealPlan, to_each
from tablelog.rules.events import Event
from tablelog.rules.vriddiot.state import BLACK, FIRER
from tablelog.rules.zones import unaccounted
from tests.replay.dealer_games import CONFIGS, MODES, every_digest, header, played
from tests.rules.speahx_helpers import SPEAHX, act, position

GOLDEN = {
    "karnoffel [('trump_selection', 'turn_from_stock')] 4 1 known": "3ab57817588d4275",
    "karnoffel [('trump_selection', 'turn_from_stock')] 4 1 seeded": "06ef43a897ad6386",
    "karnoffel [('trump_selection', 'turn_from_stock')] 4 1 unseen": "e6f7e73b9a424d9a",
    "karnoffel [('trump_selection', 'turn_from_stock')] 4 2 known": "4303b540b86c2cc1",
    "karnoffel [('trump_selection', 'turn_from_stock')] 4 2 seeded": "e6545c6e769f7071",
    "karnoffel [('trump_selection', 'turn_from_stock')] 4 2 unseen": "3540f091f3acb3fb",
    "karnoffel [] 4 1 known": "fde5c33709ca3f3e",
    "karnoffel [] 4 1 seeded": "7067627a9788df24",
    "karnoffel [] 4 1 unseen": "37bc3a6115fd3dc2",
    "karnoffel [] 4 2 known": "648264b5bd8f99c7",
    "karnoffel [] 4 2 seeded": "e88b9d249d04a1b6",
    "karnoffel [] 4 2 unseen": "a413887083a3904c",
    "narrespillet [] 3 1 known": "f802b741588298ad",
    "narrespillet [] 3 1 seeded": "0df101dbe26b385a",
    "narrespillet [] 3 1 unseen": "46e834514159088a",
    "narrespillet [] 3 2 known": "7315d13c1a331bd0",
    "narrespillet [] 3 2 seeded": "96772551935fb3ff",
    "narrespillet [] 3 2 unseen": "0fa1f06bd97f91ee",
    "nordekasino [] 2 1 known": "c807a962d5615e53",
    "nordekasino [] 2 1 seeded": "b5ae298a8d4c0958",
    "nordekasino [] 2 1 unseen": "46c0ee7b5a7ad412",
    "nordekasino [] 2 2 known": "55d53e212f074cdd",
    "nordekasino [] 2 2 seeded": "7cfee8d39b54d915",
    "nordekasino [] 2 2 unseen": "17cb1853dfc196bb",
    "nordekasino [] 4 1 known": "6a63c7ef0f5a7ed0",
    "nordekasino [] 4 1 seeded": "b6934a1f83e7ce4f",
    "nordekasino [] 4 1 unseen": "04d16a76f4ada028",
    "nordekasino [] 4 2 known": "b1158f71819c9f77",
    "nordekasino [] 4 2 seeded": "892ebd555b28a116",
    "nordekasino [] 4 2 unseen": "7fd638b85e9ddd67",
    "speahx [('decks', 2)] 2 1 known": "225fb02939a5f5aa",
    "speahx [('decks', 2)] 2 1 seeded": "b1a2c0d7209916ff",
    "speahx [('decks', 2)] 2 1 unseen": "e6197dbe87fc3921",
    "speahx [('decks', 2)] 2 2 known": "03e1d538c170ebbf",
    "speahx [('decks', 2)] 2 2 seeded": "f405d61c5d988444",
    "speahx [('decks', 2)] 2 2 unseen": "2ebf1378aea1a4a9",
    "speahx [] 3 1 known": "6b7573ea22277966",
    "speahx [] 3 1 seeded": "e96fb0656153e5ea",
    "speahx [] 3 1 unseen": "5ef76850bd80f231",
    "speahx [] 3 2 known": "bf3397900a102dab",
    "speahx [] 3 2 seeded": "0bd5208d5bb52f16",
    "speahx [] 3 2 unseen": "b38e205ebddced9f",
    "vriddiot [] 4 1 known": "8a91c46fd6af9938",
    "vriddiot [] 4 1 seeded": "244eb6c076e1c14b",
    "vriddiot [] 4 1 unseen": "edf2d7cb99ee3c33",
    "vriddiot [] 4 2 known": "1e4c5098f5083d74",
    "vriddiot [] 4 2 seeded": "476b6d6012035d39",
    "vriddiot [] 4 2 unseen": "75a74523e2cc3ead",
}
"""Digests of the pinned games (``dealer_games``), made by the code before this change;
Vriddiot's since its rules changed in 9f14038 (666's layer draws first), with the shared
dealer (they matched the old code's before that change)."""

KINDS = {
    "karnoffel": {"deal", "turn"},
    "nordekasino": {"deal"},
    "speahx": {"deal", "draw", "reveal"},
    "vriddiot": {"deal", "turn", "remove"},
    "narrespillet": {"deal", "draw", "answer"},
}
"""The kinds of chance step each game has: the games below must meet every one."""

EXTRA = {  # games that reach the rarer steps (KKK's removal, a call answered)
    "vriddiot": [({}, 5, seed) for seed in range(1, 7)],
    "narrespillet": [({}, 4, seed) for seed in range(1, 7)],
}


def _games(name: str):
    for game, options, n, modes in CONFIGS:
        if game == name:
            yield from ((options, n, seed, mode) for seed in (1, 2) for mode in modes)
    for options, n, seed in EXTRA.get(name, []):
        yield from ((options, n, seed, mode) for mode in MODES)


def _stock_may_not_hold(name: str, state) -> set:
    """The unaccounted cards a game knows are not in the zone drawn from."""
    if name == "vriddiot" and state.black_free:  # after KKK: the black cards are in hands
        return {c for c in state.table.counts if c.suit in BLACK and c != FIRER}
    return set()


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_chance_step_is_listed_or_described_and_each_outcome_is_legal(name: str) -> None:
    rules = registry.get(name)
    seen: Counter[str] = Counter()
    for options, n, seed, mode in _games(name):
        hdr = header(name, options, n, seed, mode)
        deck = rules.deck(hdr)
        for state, step, event in played(rules, hdr, seed, mode):
            if step is None:
                continue
            seen[step.kind] += 1
            outcomes = step.outcomes
            if isinstance(outcomes, Listed):
                odds = step.chance_outcomes()
                assert odds is not None and sum(p for _, p in odds) == 1
                assert all(p > 0 for _, p in odds)
                assert len(set(outcomes.moves)) == len(outcomes.moves)  # each listed once
                assert Event(event.seq, event.actor, event.payload).payload in [
                    m.payload for m in outcomes.moves
                ] + ([outcomes.unseen.payload] if outcomes.unseen else [])
                if seen[step.kind] <= 40:  # every outcome applied, at the first states
                    for move in (*outcomes.moves, *([outcomes.unseen] if outcomes.unseen else [])):
                        rules.apply(state, Event(event.seq, move.actor, move.payload))
            else:
                assert isinstance(outcomes, Drawing)
                assert step.chance_outcomes() is None
                pool = Counter(outcomes.pool)
                left = unaccounted(deck, rules.zones(state).values())
                barred = _stock_may_not_hold(name, state)
                wanted = Counter({c: k for c, k in left.items() if k > 0 and c not in barred})
                assert pool == wanted, f"{name} {step.kind}: the pool is not the unaccounted cards"
                assert len(outcomes) <= len(outcomes.pool)
    assert set(seen) == KINDS[name], f"{name}: chance steps met {dict(seen)}"


def test_a_listed_outcome_is_the_card_rng_choice_draws() -> None:
    cards = tuple(parse_cards("2C 2C 2C 3C 4C 4C 5C 6C 6C 6C 6C"))
    listed = Listed.uniform(cards)
    assert listed.weights == (3, 1, 2, 1, 4)
    for seed in range(300):
        assert sample(listed, random.Random(seed)).payload == random.Random(seed).choice(cards)
    assert sum(p for _, p in listed.probabilities()) == Fraction(1)


def test_a_described_draw_is_the_cards_rng_sample_draws() -> None:
    pool = tuple(parse_cards("2C 2C 3C 4C 5C 6C 7C 8C 9C"))
    plan = DealPlan(to_each((0, 1), 2), ("Anna", "Bo"))
    for seed in range(100):
        dealt = sample(Drawing(plan, pool), random.Random(seed)).payload.cards
        assert [d.card for d in dealt] == random.Random(seed).sample(pool, 4)


def test_an_outcome_nobody_saw_is_entered_unseen() -> None:
    # a Speahx chance card is drawn: a physical table that did not see it enters reveal ?
    state = act(position(hands={0: "3H"}, pile="5H"), "chance")
    step = SPEAHX.chance(state)
    assert step is not None and isinstance(step.outcomes, Listed)
    assert step.outcomes.unseen is not None
    assert sample(step, random.Random(0), known=False).payload.card is None
    drawn = sample(step, random.Random(0)).payload.card  # the seeded dealer names it
    assert drawn is not None and drawn in {m.payload.card for m in step.outcomes.moves}
    assert sum(p for _, p in step.chance_outcomes()) == 1


def test_the_dealer_deals_the_games_it_dealt_before() -> None:
    # every seeded game, and every physical one (all cards known, or only the face-up
    # ones), byte for byte as the games' own realize callbacks dealt them
    assert every_digest() == GOLDEN
