"""The plain listing (``moves.plain_listing``: one list per state of a hand whose cards are
all known) answers ``kinds``, ``cards`` and the filtered listings exactly as the
generator asked rank by rank with the lead and kind (``rank_moves``) does: the same
moves in the same order, so seeded games and fuzz seeds play the same games."""

from __future__ import annotations

import importlib
import random

import pytest

from tablelog.replay.dealer import chance_rng, dealer_move, sample
from tablelog.replay.headers import make_header
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.speahx.combos import source_of
from tablelog.rules.speahx.moves import KINDS, SOURCE_KINDS, _others, cards, kinds, moves
from tablelog.rules.speahx.rank_moves import rank_moves
from tablelog.rules.speahx.state import PLAY
from tests.rules.speahx_helpers import SPEAHX

listing = importlib.import_module("tablelog.rules.speahx.moves")  # the name `moves` is the function

OPTION_SETS = (
    {},
    {"jokers": 2},
    {"torkel": "each_jack"},
    {"decks": 2, "four_kind_scope": "single_play"},
    {"voluntary_pickup": False, "chance_may_skip_playable": False},
)


def _by_rank(state, lead, kind):
    """The plays and gives asked rank by rank, as ``source_moves`` does for a stage that
    is not plain (the reference)."""
    source = source_of(state)
    ranks = [lead.rank] if lead is not None else list(source.ranks)
    for rank in ranks:
        if rank in source.ranks:
            yield from rank_moves(state, source, rank, lead, kind)


def _plain_states(options, seed, every=3):
    header = make_header(SPEAHX, ("Anna", "Bo", "Cai", "Dina"), options, seed=seed)
    rng = random.Random(seed)
    state = SPEAHX.start(header)
    for seq in range(1, 700):
        if SPEAHX.outcome(state) is not None:
            return
        if state.phase == PLAY and seq % every == 0 and listing.plain_listing(state) is not None:
            yield state
        move = dealer_move(SPEAHX, state, seed, seq) or rng.choice(tuple(moves(state)))
        state = SPEAHX.apply(state, Event(seq, move.actor, move.payload))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_the_plain_listing_answers_as_the_rank_by_rank_generator(options):
    checked = 0
    for seed in range(6):
        for state in _plain_states(options, seed):
            seat = state.turn.seat
            assert listing.plain_listing(state) == tuple(_by_rank(state, None, None))
            others = {m.kind for m in _others(state)}
            slow_kinds = [k for k in SOURCE_KINDS if next(_by_rank(state, None, k), None)]
            assert kinds(state, seat) == tuple(k for k in KINDS if k in slow_kinds or k in others)
            for kind in SOURCE_KINDS:
                slow = tuple(_by_rank(state, None, kind))
                assert tuple(moves(state, seat, None, kind)) == slow
                leads = {m.payload.cards[0] for m in slow}
                order = [c for cs in source_of(state).ranks.values() for c in cs]
                assert cards(state, seat, kind) == tuple(c for c in order if c in leads)
                for lead in order:
                    assert tuple(moves(state, seat, lead, kind)) == tuple(
                        _by_rank(state, lead, kind)
                    )
            checked += 1
    assert checked > 100


def _other_states(options, seed, *, known):
    """The states of a random game whose stage is not plain (face-down cards, claims, a
    locked hand, a flipped table card), dealt as a physical table sees it unless ``known``."""
    header = make_header(SPEAHX, ("Anna", "Bo", "Cai"), options, seed=seed if known else None)
    rng = random.Random(seed)
    state = SPEAHX.start(header)
    for seq in range(1, 500):
        if SPEAHX.outcome(state) is not None:
            return
        if state.phase == PLAY and listing.plain_listing(state) is None:
            yield state
        step = SPEAHX.chance(state)
        if step is not None:
            move = sample(step, chance_rng(seed, seq), known)
        else:
            move = rng.choice(tuple(moves(state)))
        try:
            state = SPEAHX.apply(state, Event(seq, move.actor, move.payload))
        except IllegalEvent:
            if known or step is None:
                raise  # a listed move or a seeded deal refused: the test fails here
            return  # a physical draw the open claims forbid
    return


def _leads_by_rank(state, kind):
    """``cards`` as the generator asked rank by rank answers it (the reference)."""
    source = source_of(state)
    found = {m.payload.cards[0] for m in _by_rank(state, None, kind)}
    return tuple(c for cs in source.ranks.values() for c in cs if c in found)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_a_stage_that_is_not_plain_answers_as_the_rank_by_rank_generator(options):
    """Each rank's plays are made once per state (``remembered.of_rank``) and the filtered listings,
    ``kinds`` and ``cards`` read them: the same moves in the same order as the generator
    asked with the lead and kind."""
    checked, claimed = 0, 0
    for seed in range(4):
        for known in (True, False):
            for state in _other_states(options, seed, known=known):
                seat = state.turn.seat
                whole = tuple(moves(state))
                assert whole == (*_by_rank(state, None, None), *_others(state))
                others = {m.kind for m in _others(state)}
                slow_kinds = [k for k in SOURCE_KINDS if next(_by_rank(state, None, k), None)]
                assert kinds(state, seat) == tuple(
                    k for k in KINDS if k in slow_kinds or k in others
                )
                for kind in SOURCE_KINDS:
                    assert tuple(moves(state, seat, None, kind)) == tuple(
                        _by_rank(state, None, kind)
                    )
                    assert cards(state, seat, kind) == _leads_by_rank(state, kind)
                    for lead in {c for cs in source_of(state).ranks.values() for c in cs}:
                        assert tuple(moves(state, seat, lead, kind)) == tuple(
                            _by_rank(state, lead, kind)
                        )
                checked += 1
                claimed += bool(state.claims)
    assert checked > 50, checked
    if not options.get("voluntary_pickup", True):
        assert claimed > 0  # the claims a physical hand leaves are among them


def test_unseen_ok_remembers_exactly_what_binding_ok_answers():
    """``claims.unseen_ok`` remembers ``absences.binding_ok``'s answers by what it reads
    of a state (``_bindings``): asked of the claim states of physical games, with cards
    of the unaccounted pool bound from the hand on turn or from nowhere, each answer is
    ``binding_ok``'s, including those found again from an earlier state."""
    from tablelog.rules import absences
    from tablelog.rules.speahx import claims as speahx_claims
    from tablelog.rules.table import pool

    speahx_claims._UNSEEN.clear()
    options = {"voluntary_pickup": False, "chance_may_skip_playable": False}
    asked = found = refused = 0
    for seed in range(4):
        for state in _other_states(options, seed, known=False):
            if not state.claims:
                continue
            seat = state.turn.seat
            unaccounted = sorted({c for c, n in pool(state).items() if n > 0}, key=str)
            questions = [((c,), -1, ()) for c in unaccounted]
            questions += [((c,), seat, (c,)) for c in unaccounted[:6]]
            questions += [(tuple(unaccounted[i : i + 2]), seat, ()) for i in range(0, 8, 2)]
            for claim in state.claims:  # a card the hand was said not to hold, shown from it
                said = sorted(claim.cards & set(unaccounted), key=str)[:3]
                questions += [((c,), claim.seat, (c,)) for c in said]
            deck = sorted(set(state.table.deck), key=str)
            spare = [c for c in deck if all(c not in k.cards for k in state.claims)]
            # the first n cards none of them forbids: the same sets asked of states whose
            # face-down counts or unaccounted cards differ may get other answers
            questions += [(tuple(spare[:n]), -1, ()) for n in range(1, len(spare) + 1)]
            for cards_, who, bound in questions:
                before = len(speahx_claims._UNSEEN)
                answer = speahx_claims.unseen_ok(state, cards_, who, bound)
                found += len(speahx_claims._UNSEEN) == before
                expected = absences.binding_ok(
                    state.claims, state.hands, pool(state), cards_, who, bound
                )
                assert answer == expected, (state.claims, cards_, who, bound)
                asked += 1
                refused += not expected
    assert asked > 200, asked
    assert found > 0 and refused > 0, (found, refused)  # answers remembered, and some no


def test_unseen_ok_tells_apart_states_that_differ_only_in_what_binding_ok_reads():
    """A claim state, then the same state with more face-down cards in the claimed hand,
    then with the cards no claim forbids known (out of play): ``binding_ok`` answers each
    differently, and so does ``unseen_ok``, asked the same question of each in turn."""
    import attrs

    from tablelog.rules import absences
    from tablelog.rules.speahx import claims as speahx_claims
    from tablelog.rules.table import pool
    from tablelog.rules.zones import Zone

    options = {"voluntary_pickup": False, "chance_may_skip_playable": False}
    compared = 0
    for seed in range(4):
        for state in _other_states(options, seed, known=False):
            if not state.claims:
                continue
            claim = state.claims[0]
            hands = list(state.hands)
            held = hands[claim.seat]
            hands[claim.seat] = Zone(held.cards, held.hidden + 40)
            more = attrs.evolve(state, hands=tuple(hands))
            free = [c for c, n in pool(state).items() if n > 0 and c not in claim.cards]
            known = attrs.evolve(state, out=Zone((*state.out.cards, *free), state.out.hidden))
            answers = []
            for asked in (state, more, known, state):
                expected = absences.binding_ok(asked.claims, asked.hands, pool(asked), ())
                assert speahx_claims.unseen_ok(asked, ()) == expected
                answers.append(expected)
            compared += answers[0] != answers[1] and answers[0] != answers[2]
    assert compared > 0
