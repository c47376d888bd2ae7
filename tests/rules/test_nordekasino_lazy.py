"""The lazy listing of Nørdekasino moves against the full listing it replaced.

``reference_moves`` is the full listing as it was before moves were generated lazily:
every set of piles, grouped by value codes, checked card by card, the duty decided from
the finished lists. The lazy ``moves``, its filters, ``count``, ``kinds``, ``cards`` and
the duty predicate ``apply`` uses are compared with it on random positions (loose, built
and "more" piles, the player on turn often owning one, plain, partnership and physical
games with face-down hands). The last test runs the same listing and a seeded deal in two
processes with different ``PYTHONHASHSEED`` values: their order must not depend on it.
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablelog.rules.events import Move
from tablelog.rules.listing import filter_moves, lead_card
from tablelog.rules.nordekasino import RULES, arith
from tablelog.rules.nordekasino.arith import ADAMS, reach
from tablelog.rules.nordekasino.builds import build_options, can_capture
from tablelog.rules.nordekasino.duty import duty_binds
from tablelog.rules.nordekasino.events import Adams, Build, Capture, OpenHand, Reveal, Trail
from tablelog.rules.nordekasino.moves import KINDS, cards, count, kinds, moves
from tablelog.rules.nordekasino.state import PLAY, Pile, State
from tablelog.rules.nordekasino.turn import SPADE_FIVE, hand_candidates, held_values
from tablelog.rules.zones import Zone
from tests.rules.nordekasino_helpers import ANNA, C, header, position

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = settings(
    max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)


def reference_moves(state: State) -> tuple[Move, ...]:
    """Every legal move, listed in full the way ``legal_moves`` listed them before."""
    if state.phase != PLAY or state.to_play is None:
        return ()
    seat = state.to_play
    cards = hand_candidates(state, seat)
    groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    codes = [pile.code for pile in state.piles]
    for mask in range(1, 1 << len(codes)):
        piles = tuple(i for i in range(len(codes)) if mask >> i & 1)
        groups.setdefault(tuple(sorted(codes[i] for i in piles)), []).append(piles)
    owned = set(state.owned(seat))
    partner = (seat + 2) % 4 if state.options.partnership else None
    targets = {card: held_values(state, seat, card) for card in cards}
    partner_targets = held_values(state, partner) if partner is not None else frozenset()
    adams: list[Move] = []
    captures: list[Move] = []
    builds: list[Move] = []
    forced: list[Move] = []
    for key, sets in groups.items():
        if key[0] >= 0 and len(key) > 1 and reach(key) >> ADAMS & 1:
            adams.extend(Move(seat, Adams(piles)) for piles in sets)
        for card in cards:
            if can_capture(card, key):
                captures.extend(Move(seat, Capture(card, piles)) for piles in sets)
            wanted = 1 << ADAMS
            for value in targets[card] | partner_targets:
                wanted |= 1 << value
            for value, more in build_options(card, key, wanted):
                flags = []
                if value in targets[card] or (value == ADAMS and not more):
                    flags.append(False)
                if partner is not None and value in partner_targets and value != ADAMS:
                    flags.append(True)
                for flag in flags:
                    for piles in sets:
                        move = Move(seat, Build(card, piles, value, more, flag))
                        builds.append(move)
                        if owned.intersection(piles):
                            forced.append(move)
    spade = Move(seat, Capture(SPADE_FIVE, tuple(range(len(state.piles)))))
    if SPADE_FIVE in cards and state.piles and spade not in captures:
        captures.append(spade)
    if owned and (captures or forced):
        listed = captures + forced
    else:
        listed = captures + builds + [Move(seat, Trail(card)) for card in cards]
    extras: list[Move] = []
    if state.options.thomas_kragh and len(state.hands[seat]) == 1 and not state.revealed[seat]:
        extras.extend(Move(seat, Reveal(card)) for card in cards)
    if state.options.open_hand_penalty:
        extras.extend(
            Move(other, OpenHand())
            for other in range(state.seats)
            if len(state.hands[other]) and other not in state.open_hands
        )
    return tuple(adams + listed + extras)


@st.composite
def positions(draw: st.DrawFn) -> State:
    """A random position in play: 2 to 4 players (partnership with 4), 1 to 4 cards in
    each hand (face down in a physical game, but for the player on turn's known ones),
    up to 7 piles: loose cards, built and "more" piles, some the player on turn's."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    players = draw(st.sampled_from((2, 3, 4)))
    partnership = players == 4 and draw(st.booleans())
    physical = draw(st.booleans())
    flags = {"thomas_kragh": draw(st.booleans()), "open_hand_penalty": draw(st.booleans())}
    deck = list(RULES.deck(header(players, **flags)))
    rng.shuffle(deck)
    on_turn = rng.randrange(players)
    hands = []
    for _ in range(players):
        size = rng.randint(1, 4)
        known = rng.randint(0, size) if physical else size
        hands.append(Zone(tuple(deck.pop() for _ in range(known)), size - known))
    table: list[Pile] = []
    for _ in range(draw(st.integers(0, 7))):
        kind = rng.random()
        if kind < 0.65:
            table.append(Pile((deck.pop(),)))
        else:
            owner = on_turn if rng.random() < 0.5 else rng.randrange(players)
            more = rng.random() < 0.3
            table.append(Pile((deck.pop(), deck.pop()), rng.randint(0, 14), more, owner))
    return attrs.evolve(
        position([""] * players, partnership=partnership, **flags),
        hands=tuple(hands),
        piles=tuple(table),
        to_play=on_turn,
        open_hands=tuple(s for s in range(players) if rng.random() < 0.2),
    )


@EXAMPLES
@given(positions())
def test_the_lazy_listing_is_the_full_listing(state: State) -> None:
    listed = tuple(moves(state))
    reference = reference_moves(state)
    assert len(set(listed)) == len(listed)
    assert set(listed) == set(reference)
    assert listed == reference  # in the order the full listing had


@settings(EXAMPLES, max_examples=30)
@given(positions(), st.data())
def test_the_filters_give_exactly_the_filtered_moves(state: State, data: st.DataObject) -> None:
    every = tuple(moves(state))
    held = hand_candidates(state, state.to_play or 0)
    seat = data.draw(st.sampled_from((None, *range(state.seats))))
    card = data.draw(st.sampled_from((None, SPADE_FIVE, *held)))
    for kind in (None, *KINDS, "deal"):
        wanted = tuple(filter_moves(every, seat, card, kind))
        assert tuple(moves(state, seat, card, kind)) == wanted


@EXAMPLES
@given(positions())
def test_count_kinds_and_cards_agree_with_the_listing(state: State) -> None:
    every = tuple(moves(state))
    assert count(state) == len(every)
    for seat in range(state.seats):
        own = [m for m in every if m.actor == seat]
        assert count(state, seat) == len(own)
        assert kinds(state, seat) == tuple(dict.fromkeys(m.kind for m in own))
        for kind in KINDS:
            led = {lead_card(m) for m in own if m.kind == kind}
            assert set(cards(state, seat, kind)) == led


@EXAMPLES
@given(positions())
def test_the_duty_predicate_is_the_old_definition(state: State) -> None:
    seat = state.to_play
    assert seat is not None
    trails = any(isinstance(m.payload, Trail) for m in reference_moves(state))
    assert duty_binds(state, seat) == (bool(state.owned(seat)) and not trails)
    for other in range(state.seats):
        if not state.owned(other):
            assert not duty_binds(state, other)


def crowded() -> State:
    """The spades 2 to K loose on the table, Anna on turn with 2H 3H 4H 5H, the other
    hands face down."""
    deck = RULES.deck(header(4))
    return attrs.evolve(
        position(["", "", "", ""]),
        hands=(Zone(deck[13:17]), Zone((), 4), Zone((), 4), Zone((), 4)),
        piles=tuple(Pile((card,)) for card in deck[:12]),
    )


def _clear_arithmetic() -> None:
    arith.forget()


def test_a_crowded_table_gives_its_first_moves_without_the_others() -> None:
    state = crowded()
    _clear_arithmetic()
    first = list(itertools.islice(moves(state), 40))
    assert len(first) == 40
    assert arith.answered(arith.REACH) < 400  # of the 4,095 sets of piles
    _clear_arithmetic()
    led = list(itertools.islice(moves(state, ANNA, C("4H"), "capture"), 5))
    assert len(led) == 5 and {m.payload.card for m in led} == {C("4H")}
    assert arith.answered(None) == 0  # builds were never asked about


def test_trails_are_listed_without_arithmetic() -> None:
    state = crowded()
    _clear_arithmetic()
    trails = [m.payload.card.text for m in moves(state, ANNA, None, "trail")]
    assert trails == ["2H", "3H", "4H", "5H"]
    assert arith.answered(arith.REACH) == 0


def test_a_build_on_an_own_pile_under_the_duty_is_found_first() -> None:
    state = crowded()
    own = Pile((C("QC"),), 12, False, ANNA)
    state = attrs.evolve(state, piles=(*state.piles, own))
    assert duty_binds(state, ANNA)
    assert next(moves(state, ANNA, None, "trail"), None) is None
    builds = list(itertools.islice(moves(state, ANNA, None, "build"), 200))
    assert builds and all(12 in m.payload.piles for m in builds)


PROGRAM = textwrap.dedent(
    """
    import itertools
    import random

    import attrs

    from tablelog.replay.dealer import chance_rng, sample
    from tablelog.rules.events import Event
    from tablelog.rules.nordekasino import RULES
    from tablelog.rules.nordekasino.state import Pile
    from tablelog.rules.zones import Zone
    from tests.rules.nordekasino_helpers import header, position

    deck = RULES.deck(header(4))
    for seed in range(3):  # the first moves of a table, a face-down card among the hand's
        cards = tuple(random.Random(seed).sample(deck, 13))
        state = attrs.evolve(
            position(["", "", "", ""], partnership=seed == 1),
            hands=(Zone(cards[6:9], 1), Zone((), 4), Zone(cards[9:13]), Zone((), 4)),
            piles=tuple(Pile((card,)) for card in cards[:6]),
        )
        print([RULES.format(m, state) for m in itertools.islice(RULES.moves(state), 80)])
    for seed in range(2):  # a seeded game played by random choices among the moves
        game = header(3, seed=seed, thomas_kragh=True)
        state, rng, seq = RULES.start(game), random.Random(seed), 0
        while RULES.outcome(state) is None:
            seq += 1
            step = RULES.chance(state)
            if step is not None:
                move = sample(step, chance_rng(seed, seq))
            else:
                move = rng.choice(tuple(RULES.moves(state)))
            print(RULES.format(move, state))
            state = RULES.apply(state, Event(seq, move.actor, move.payload))
        print(RULES.outcome(state))
    """
)


def test_the_order_of_moves_and_deals_does_not_depend_on_the_hash_seed() -> None:
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", PROGRAM],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        )
        runs.append(done.stdout)
    assert runs[0].count("take") > 4 and runs[0].count("deal ") > 4
    assert runs[0] == runs[1]
