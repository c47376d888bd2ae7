"""Vriddiot's playout (rules.vriddiot.playout) walked beside the fold to the end of each game.

At every step ``rules.playout.divergence`` compares the listing (same moves, same order),
the chance step, the outcome and the whole state. Seeded games (every card known: the fast
path) under every option that changes play, and physical games (hands nobody entered,
claims on them: the fold's path), each to the end; and playouts broken on purpose are
caught.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import attrs
import pytest

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.events import Event, Move
from tablelog.rules.playout import divergence, playout_of
from tablelog.rules.protocol import ChanceStep
from tablelog.rules.vriddiot.events import Pickup, Play, Set, Turn
from tablelog.rules.vriddiot.playout import VriddiotPlayout, playout
from tests.rules.playout_walk import walk_beside

RULES = registry.get("vriddiot")
FOUR = ("Anna", "Bert", "Cleo", "Dirk")
SIX = (*FOUR, "Edda", "Finn")

OPTION_SETS: tuple[tuple[tuple[str, ...], Mapping[str, Any]], ...] = (
    (FOUR, {"jokers": 2}),
    (FOUR, {"vri_strict": False}),
    (FOUR, {"two_in_vri": "ends_vri"}),
    (FOUR, {"four_any_value": True}),
    (FOUR, {"eight_in_vri_le_8": True}),
    (FOUR, {"starter_lowest": True}),
    (FOUR, {"resurrect_out_players": True}),
    (FOUR, {"war_tie_rule": "any_match"}),
    (FOUR[:3], {}),
    (FOUR, {"deck": "dobbeldekker", "jokers": 1}),
    (SIX, {"jokers": 4, "resurrect_out_players": True}),
)


def _walk(
    players: tuple[str, ...],
    options: Mapping[str, Any],
    seed: int,
    *,
    known: bool = True,
    make: Any = playout,
) -> int:
    """Walk one random game through ``make``'s playout beside the fold to its end, checking
    every step; returns how many steps."""
    header = make_header(RULES, players, options, seed=seed if known else None)
    said, played = walk_beside(RULES, header, make, seed=seed, known=known)
    assert said is None, (options, seed, played, said)
    return played


def _random_game(seed: int) -> Iterator[tuple[VriddiotPlayout, ChanceStep | None]]:
    """A seeded random game (four players) through the playout: the playout and its
    chance step before each event, which is then played (the step's sample, else a move
    chosen at random)."""
    game = playout(RULES.start(make_header(RULES, FOUR, {}, seed=seed)))
    rng = random.Random(seed)
    while game.outcome() is None:
        step = game.chance()
        yield game, step
        if step is None:
            game.play(rng.choice(game.moves()))
        else:
            game.play(sample(step, chance_rng(seed, game.seq + 1)))


def test_the_game_gives_its_playout() -> None:
    state = RULES.start(make_header(RULES, FOUR, {}, seed=1))
    assert isinstance(playout_of(RULES, state), VriddiotPlayout)


@pytest.mark.parametrize("seed", range(30))
def test_seeded_games_walk_with_the_fold(seed: int) -> None:
    assert _walk(FOUR, {}, seed) > 50


@pytest.mark.parametrize(("players", "options"), OPTION_SETS)
def test_every_option_walks_with_the_fold(
    players: tuple[str, ...], options: Mapping[str, Any]
) -> None:
    for seed in range(4):
        assert _walk(players, options, seed) > 50


@pytest.mark.parametrize("options", [{}, {"starter_lowest": True}, {"jokers": 2}])
def test_physical_games_walk_with_the_fold(options: Mapping[str, Any]) -> None:
    """Hands nobody entered (and, with ``starter_lowest``, claims on them) walk through
    the fold's own functions inside the playout."""
    for seed in range(3):
        assert _walk(FOUR, options, seed, known=False) > 50


def test_a_playout_made_mid_game_walks_on() -> None:
    """A playout made from any fold state (here after each of the first 120 events) lists,
    plays and builds the states the fold does."""
    state = RULES.start(make_header(RULES, FOUR, {}, seed=5))
    rng = random.Random(5)
    for seq in range(1, 121):
        game = playout(state, seq - 1)
        assert game.state() == state
        assert divergence(RULES, game, state) is None
        step = RULES.chance(state)
        move = sample(step, chance_rng(5, seq)) if step else rng.choice(tuple(RULES.moves(state)))
        game.play(move)
        state = RULES.apply(state, Event(seq, move.actor, move.payload))
        assert game.state() == state


class _DropsASet(VriddiotPlayout):
    """Broken on purpose: the fast listing leaves out every set."""

    def moves(self) -> list[Move]:
        return [m for m in super().moves() if not isinstance(m.payload, Set)]


class _KeepsThePile(VriddiotPlayout):
    """Broken on purpose: a pickup leaves the pile where it lies."""

    def play(self, move: Move) -> None:
        pile, by = self.pile, self.pile_by
        super().play(move)
        if isinstance(move.payload, Pickup):
            self.pile, self.pile_by = pile, by
            self._state = None


class _NoReversal(VriddiotPlayout):
    """Broken on purpose: a jack laid alone turns the direction of play back."""

    def play(self, move: Move) -> None:
        super().play(move)
        payload = move.payload
        if isinstance(payload, Play) and payload.card.rank == "J":
            self.seating = self.seating.reversed()
            self._state = None


class _EightBeatsAnything(VriddiotPlayout):
    """Broken on purpose: an 8 in the hand is listed whatever the pile's value."""

    def moves(self) -> list[Move]:
        listed = list(super().moves())
        seat = self.turn
        if seat is None or self.war is not None or self.duty != "beat":
            return listed
        for card in self.hands[seat].cards:
            move = Move(seat, Play(card))
            if card.rank == "8" and move not in listed:
                listed.insert(0, move)
        return listed


class _StockKeepsTheTurnedCard(VriddiotPlayout):
    """Broken on purpose: a card turned from the stock stays counted in the stock."""

    def play(self, move: Move) -> None:
        stock, from_stock = self.stock, self.reveal < 0
        super().play(move)
        if isinstance(move.payload, Turn) and from_stock:
            self.stock = stock
            self._state = None


class _NobodyJoins(VriddiotPlayout):
    """Broken on purpose: a war is declared with its join window closed."""

    def play(self, move: Move) -> None:
        before = self.war
        super().play(move)
        if before is None and self.war is not None and self.war.window:
            self.war = attrs.evolve(self.war, window=())
            self._state = None


class _WarPileVanishes(VriddiotPlayout):
    """Broken on purpose: the highest war card's player does not pick up the pile."""

    def play(self, move: Move) -> None:
        hands = self.hands
        ended = self.war is not None and self.duty == "war"
        super().play(move)
        if ended and self.war is None and not len(self.pile):
            self.hands = hands
            self._state = None


BROKEN = (
    _DropsASet,
    _KeepsThePile,
    _NoReversal,
    _EightBeatsAnything,
    _StockKeepsTheTurnedCard,
    _NobodyJoins,
    _WarPileVanishes,
)


def _failures(make: type[VriddiotPlayout], seeds: int) -> list[str]:
    """What the walk beside the fold said of each of ``seeds`` games whose playout is
    ``make``'s (one failure per game at most; empty: every walk passed)."""
    caught = []
    for seed in range(seeds):
        try:
            _walk(FOUR, {}, seed, make=make)
        except AssertionError as failure:
            caught.append(str(failure))
    return caught


@pytest.mark.parametrize("broken", BROKEN)
def test_a_broken_playout_is_caught(broken: type[VriddiotPlayout]) -> None:
    caught = _failures(broken, 10)
    assert caught, f"{broken.__name__} walked with the fold"
    assert any("playout" in said for said in caught)


def test_wars_turned_cards_and_refills_are_played_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """The playout sets a war declared, a war's rounds, a blind table card, a card turned
    and a refill in place (``turn``, ``deal``), so the walks above compare those paths
    with the fold rather than the fold with itself; only a few moves (666, KKK, a burn in
    a war, a player going out) still go through the fold."""
    folded: Counter[str] = Counter()
    fold = VriddiotPlayout._fold

    def counted(self: VriddiotPlayout, move: Move) -> None:
        folded[type(move.payload).__name__] += 1
        fold(self, move)

    monkeypatch.setattr(VriddiotPlayout, "_fold", counted)
    events = wars = 0
    for seed in range(6):
        before = None
        for game, _ in _random_game(seed):  # a war begun by the event before
            wars += before is None and game.war is not None
            before = game.war
            events += 1
    assert wars > 20
    assert folded["Turn"] == folded["Blind"] == 0, folded
    assert folded["Deal"] == 6, folded  # the deal itself, once a game
    assert sum(folded.values()) < events / 20, (folded, events)


def test_the_runs_of_a_known_hand_are_each_ranks_copies_of_two_or_more() -> None:
    """``order.runs`` (the sets' copies of a hand of known cards, read in C calls) gives
    what grouping the hand's cards by rank in the listing's order gives: each rank's
    copies of two or more, Der Firer and jokers left out, with repeated copies too."""
    from tablelog.rules.cards import JOKER, deck_french
    from tablelog.rules.vriddiot import order
    from tablelog.rules.vriddiot.state import FIRER

    deck = [*deck_french(), *deck_french(), JOKER, JOKER]
    rng = random.Random(7)
    for _ in range(3000):
        hand = sorted(rng.sample(deck, rng.randint(2, 30)), key=order.card_order)
        by_rank: dict[str, list[Any]] = {}
        for card in hand:
            if card is not FIRER and card is not JOKER:
                by_rank.setdefault(card.rank, []).append(card)
        expected = [copies for copies in by_rank.values() if len(copies) > 1]
        assert list(order.runs(tuple(hand)).values()) == list(map(tuple, expected)), hand


def test_four_of_a_kind_in_a_zone_is_found_as_counting_each_value_finds_it() -> None:
    """``onturn._fours`` (whether ``can_play`` must be asked beyond the verdicts: a war
    card, or four or more known cards of one value) answers what counting each value of
    the zone's cards answers, Der Firer counted as a 4 and jokers as their own value."""
    from types import SimpleNamespace

    from tablelog.rules.cards import JOKER, deck_french
    from tablelog.rules.vriddiot import onturn
    from tablelog.rules.zones import Zone

    deck = [*deck_french(), *deck_french(), JOKER, JOKER, JOKER, JOKER]
    calm = SimpleNamespace(war=None, duty="beat")
    rng = random.Random(11)
    found = 0
    for _ in range(4000):
        cards = tuple(rng.sample(deck, rng.randint(0, 30)))
        expected = any(n >= 4 for n in Counter(card.rank for card in cards).values())
        assert onturn._fours(calm, Zone(cards)) == expected, cards
        found += expected
    assert 200 < found < 3800  # both answers are met
    at_war = SimpleNamespace(war=SimpleNamespace(twist=None), duty="war")
    assert onturn._fours(at_war, Zone())  # a war card: "måteplikt"


def test_the_options_a_playout_reads_once_are_its_games() -> None:
    """The playout asks ``legal.options_read`` once per game and gives it to every listing
    (``onturn.turn_moves``): a playout holding another game's (``eight_in_vri_le_8``)
    parts from the fold (that its own read walks with the fold, every option set, is the
    walks above)."""
    from tablelog.rules.vriddiot.legal import options_read, verdicts

    other = options_read(RULES.start(make_header(RULES, FOUR, {"eight_in_vri_le_8": True}, seed=3)))

    class _OthersOptions(VriddiotPlayout):
        """Broken on purpose: the verdicts of a game where an 8 twists only a value of 8 or less."""

        def __init__(self, state: Any, seq: int = 0) -> None:
            super().__init__(state, seq)
            self._read = other

    caught = _failures(_OthersOptions, 8)
    assert caught and all("playout" in said for said in caught)
    state = RULES.start(make_header(RULES, FOUR, {}, seed=3))
    assert verdicts(state, other) is not verdicts(state)  # the read is part of the answer


def test_a_hands_order_carried_over_a_play_is_the_order_found_afresh() -> None:
    """``order.laid_from`` (the hand left by a play keeps its order and runs without
    sorting) gives what ``order.in_order`` finds of the hand left afresh: the cards in
    the listing's order each once, and each rank's copies of two or more, with repeated
    copies, Der Firer and jokers among the cards laid and kept."""
    from tablelog.rules.cards import JOKER, deck_french
    from tablelog.rules.vriddiot import order
    from tablelog.rules.zones import Zone

    deck = [*deck_french(), *deck_french(), JOKER, JOKER]
    rng = random.Random(11)
    carried = 0
    for _ in range(2000):
        cards = tuple(rng.sample(deck, rng.randint(2, 24)))
        zone = Zone(cards)
        order.in_order(zone)  # kept
        rank = rng.choice(cards).rank
        same = [c for c in cards if c.rank == rank]
        real = tuple(rng.sample(same, rng.randint(1, len(same))))
        kept = list(cards)
        for card in real:
            kept.remove(card)
        left = Zone(tuple(kept))
        order.laid_from(zone, left, real)
        distinct, runs = order.in_order(left)  # the order carried over
        carried += order._KEPT[id(left)][0] is left
        fresh = tuple(sorted(left.cards, key=order.card_order))
        assert distinct == tuple(dict.fromkeys(fresh)), (cards, real)
        assert runs == order.runs(fresh), (cards, real)
        assert order._KEPT[id(left)][1] == fresh
    assert carried == 2000


def test_the_order_kept_is_forgotten_past_its_bound() -> None:
    """``order.in_order`` remembers at most ``order.KEPT`` zones, then starts again."""
    from tablelog.rules.cards import deck_french
    from tablelog.rules.vriddiot import order
    from tablelog.rules.zones import Zone

    deck = deck_french()
    zones = [Zone(deck[i : i + 5]) for i in range(order.KEPT * 2)]
    for zone in zones:
        order.in_order(zone)
        assert len(order._KEPT) <= order.KEPT
    assert order._KEPT[id(zones[-1])][0] is zones[-1]


def test_the_playouts_stock_is_the_folds_at_every_chance_step() -> None:
    """The playout keeps the unaccounted cards as the stock deals (``_drawn``): at each
    chance step its stock's order and its unaccounted cards are the fold state's
    (``deal._stock_pool``, ``rules.table.pool``), kept (not counted again) most times."""
    from tablelog.rules.dealing import pool_order
    from tablelog.rules.table import pool
    from tablelog.rules.vriddiot import deal

    counted = steps = 0
    for seed in range(12):
        for game, step in _random_game(seed):
            if step is not None and game.phase == "play" and not game.claims:
                before = game._counts
                state = game.state()
                assert game._stock_order() == pool_order(deal._stock_pool(state))
                assert game._unaccounted() == pool(state)
                counted += game._counts is not before
                steps += 1
    assert steps > 100
    assert counted < steps / 4, (counted, steps)
