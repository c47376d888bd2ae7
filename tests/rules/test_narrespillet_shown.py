"""What a Narrespillet event shows to everyone: every card a move lays face up, also when
the same event takes it off the table again (the Fool's steal that ends the round: the
contract test's views check found the log line naming the Fool with nothing showing it)."""

from __future__ import annotations

import random

from tablelog.replay.dealer import dealer_move
from tablelog.replay.games import make_header
from tablelog.rules import registry
from tablelog.rules.cards import FOOL
from tablelog.rules.events import Event
from tablelog.rules.narrespillet import events as ev

RULES = registry.get("narrespillet")


def _laid_moves(kinds: tuple[type, ...], wanted: int) -> list[tuple[object, Event]]:
    """``wanted`` events of the given kinds from seeded random games, with the state each
    was played in."""
    found: list[tuple[object, Event]] = []
    for seed in range(200):
        rng = random.Random(seed)
        header = make_header(RULES, ("Anna", "Bo", "Cai"), {"variant": "malderia"}, seed=seed)
        state = RULES.start(header)
        for seq in range(1, 400):
            move = dealer_move(RULES, state, seed, seq)
            if move is None:
                moves = list(RULES.moves(state))
                if not moves:
                    break
                move = rng.choice(moves)
            event = Event(seq, move.actor, move.payload)
            if isinstance(move.payload, kinds):
                found.append((state, event))
                if len(found) >= wanted:
                    return found
            state = RULES.apply(state, event)
    return found


def test_the_fool_played_is_shown_to_everyone():
    fools = _laid_moves((ev.Fool,), 3)
    assert fools
    for state, event in fools:
        assert FOOL in RULES.shown(state, event).everyone


def test_a_card_laid_face_up_is_shown_to_everyone():
    laid = _laid_moves((ev.Place, ev.Discard, ev.Picture), 60)
    assert len(laid) == 60
    for state, event in laid:
        p = event.payload
        cards = p.cards if isinstance(p, ev.Place) else (p.card,)
        everyone = RULES.shown(state, event).everyone
        assert all(card in everyone for card in cards), (event, everyone)
