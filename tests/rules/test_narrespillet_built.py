"""The moves Narrespillet lists without asking ``check`` (``moves.BUILT``: every turn
action, placements and picture plays included; ``BUILT_WINDOW``: the calls, the votes,
the discards down to the limit; ``BUILT_PASSES``: the passes of the Fool's and the
call's windows) are the very moves the check would let through: on seeded random games
of every variant and on the recorded fixtures, the listing equals the old one (every
full candidate checked, ``narrespillet_candidates``), and every move it lists is
applied without a refusal."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablelog.replay.dealer import dealer_move
from tablelog.replay.headers import make_header
from tablelog.replay.jsonl import parse_lines
from tablelog.rules.cards import Card
from tablelog.rules.events import Event, Move
from tablelog.rules.narrespillet import candidates, plays
from tablelog.rules.narrespillet.actors import head_step
from tablelog.rules.narrespillet.checks import call_refusal, check
from tablelog.rules.narrespillet.deck import CHARIOT, DECK, HANGED, JUDGEMENT, PRIESTESS, TOWER
from tablelog.rules.narrespillet.events import Call
from tablelog.rules.narrespillet.moves import BUILT, BUILT_PASSES, BUILT_WINDOW, moves
from tablelog.rules.narrespillet.pictures import EFFECTS
from tablelog.rules.narrespillet.state import PLAY, State, seat_of
from tablelog.rules.narrespillet.take import available
from tablelog.rules.narrespillet.windows import call_moves
from tests.rules.narrespillet_candidates import full_generators
from tests.rules.narrespillet_candidates import pictures as full_pictures
from tests.rules.narrespillet_helpers import RULES

HERE = Path(__file__).resolve().parents[2] / "fixtures" / "narrespillet"
PLAYERS = ("Anna", "Bo", "Cai", "Dina")


def _checked(state: State) -> list[Move]:
    """The listing as it was: every candidate of every kind held to ``check``."""
    if state.phase != PLAY:
        return []
    return [
        move
        for _, gen in full_generators(state)
        for move in gen(state, None, None)
        if check(state, Event(0, move.actor, move.payload)) is None
    ]


def _random_states(options: dict[str, object], seed: int) -> Iterator[State]:
    header = make_header(RULES, PLAYERS, options, seed=seed)
    rng = random.Random(seed)
    state = RULES.start(header)
    for seq in range(1, 400):
        if RULES.outcome(state) is not None:
            return
        move = dealer_move(RULES, state, seed, seq)
        if move is None:
            yield state
            move = rng.choice(tuple(moves(state)))
        state = RULES.apply(state, Event(seq, move.actor, move.payload))


def _fixture_states(name: str) -> Iterator[State]:
    (game,) = parse_lines((HERE / name).read_text(encoding="utf-8").splitlines(), lambda _: RULES)
    state = RULES.start(game.header)
    for event in game.events:
        if RULES.to_act(state):
            yield state
        state = RULES.apply(state, event)


VARIANTS = [
    {},
    {"variant": "malderia"},
    {"variant": "althea"},
    {"variant": "kroam"},
    {"hermit_window": "own_turn"},
    {"imperial_pair_fields": 1},
    {"wheel_cap": "literal", "oracle_extra_turn": "optional"},
    {"oracle_extra_turn": "none", "fool_victim": "forfeit"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_list_what_the_check_lets_through(options, seed):
    built = 0
    for state in _random_states(options, seed):
        listed = list(moves(state))
        assert listed == _checked(state)
        for move in listed:
            if move.kind in BUILT | BUILT_WINDOW:
                built += 1
                RULES.apply(state, Event(1, move.actor, move.payload))  # no refusal
    assert built > 0


def test_the_random_games_reach_every_window_listed_without_the_check():
    """The games above open each window whose answers are listed legal (so the listing's
    equality with the checked candidates is asked of them)."""
    seen = set()
    for seed in (1, 2, 3):
        for state in _random_states({}, seed):
            head = head_step(state)
            if head is not None and list(moves(state)):
                seen.add(head.kind)
    assert {"vote", "down", "fool", "call"} <= seen
    assert seen >= BUILT_PASSES


@pytest.mark.parametrize("name", sorted(p.name for p in HERE.glob("*.jsonl")))
def test_recorded_games_list_what_the_check_lets_through(name):
    for state in _fixture_states(name):
        assert list(moves(state)) == _checked(state)


_REMEMBERED = (
    plays._made,
    plays._play,
    candidates._house_bits,
    candidates._beyond_places,
    candidates._number_place,
)
"""The listing's memories of moves made by value (a wrong or missing key part would list
another state's moves)."""


@pytest.mark.parametrize("options", VARIANTS[:4], ids=lambda o: ",".join(o) or "default")
def test_the_remembered_pieces_list_what_is_made_anew_and_the_filters_agree(options):
    """Each turn's listing made on the memories every turn before it filled equals the one
    made with every memory emptied first; and each picture card's plays, asked by lead
    card (the filtered path ``kinds`` and ``cards`` take), are those of the full
    candidates the check lets through."""
    turns = [s for seed in (4, 5, 6) for s in _random_states(options, seed) if s.actor is not None]
    warm = [list(moves(state)) for state in turns]  # the memories kept from turn to turn
    seen: set[object] = set()
    for state, listed in zip(turns, warm, strict=True):
        for memory in _REMEMBERED:
            memory.cache_clear()
        assert list(moves(state)) == listed
        who = state.actor
        for card in set(available(state, who, pool=True, chariot=False)) & set(EFFECTS):
            made = list(plays.pictures(state, who, card))
            reference = [
                p
                for p in full_pictures(state, who, card)
                if check(state, Event(0, seat_of(state, who), p)) is None
            ]
            assert made == reference, card
            seen.update(p.card for p in made)
    assert {CHARIOT, TOWER, JUDGEMENT, PRIESTESS, HANGED} <= seen  # the keyed plays reached


def test_call_listings_share_one_move_per_seat_and_card():
    """``windows.call_moves`` lists, per seat, the same move object for a card in every
    call it may be called in (a memory of the listings holds no moves of its own), and
    each listing is every card the call's own check lets through, in deck order."""
    first = call_moves(2, "suit", ())
    tried = (first[0].payload.card, first[5].payload.card)
    later = call_moves(2, "suit", tried)
    assert [m.payload.card for m in later] == [
        c for c in DECK if call_refusal("suit", tried, c) is None
    ]
    assert later[0] is first[1] and later[4] is first[6]
    picture = call_moves(2, "any", ())
    assert [m.payload.card for m in picture] == [
        c for c in DECK if call_refusal("any", (), c) is None
    ]
    assert all(m.actor == 2 and type(m.payload) is Call for m in picture)
    assert picture[0] is first[0] and call_moves(3, "any", ())[0] is not picture[0]


@pytest.mark.parametrize("own", [(), ("2",), ("2", "5", "10")])
def test_the_magicians_placements_read_by_position_are_magicked_in_order(own):
    """With the Magician at hand a battlefield's number placements with a stranger moved
    in are parts made when read (one per stranger): read by position on fresh parts, and
    read in order, they are ``magicked``'s placements, in its order, after the house's
    own number placements."""
    mine = tuple(Card(rank, "Sw") for rank in own)
    strangers = (Card("3", "Cu"), Card("A", "St"), Card("9", "Co"))

    def parts() -> tuple[Any, ...]:
        args = (False, (), (), False, False, True, (), strangers)
        return candidates._placements(1, "Sw", mine, *args)

    expected = [Move(1, p) for p in candidates.magicked(list(mine), list(strangers), "Sw")]
    fresh = [part for part in parts() if len(part) and part[0].payload.magic is not None]
    assert [part[i] for part in fresh for i in range(len(part))] == expected
    assert [move for part in parts() for move in part][-len(expected) :] == expected
    assert len(expected) == len(strangers) * 2 ** len(mine)
