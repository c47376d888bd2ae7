"""Nørdekasino's claims asked once per kind of card (``claims._known``) answer as asked
card by card.

``playable`` and ``values_after`` remember their answer per state by the card's kind
(the claims it meets, how many are left and, for ``values_after``, its values). Over
physical games (face-down hands, claims made and settled), at every state, every card of
the deck is asked in a shuffled order, so that each kind is first answered for a
different card, and each answer is held to the one computed for that card alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.claims import Claim, possible, possible_with
from tablelog.rules.nordekasino import claims
from tablelog.rules.nordekasino.state import State
from tablelog.rules.table import pool
from tests.rules.playout_walk import random_states

RULES = registry.get("nordekasino")
FOUR = ("Anna", "Bert", "Cleo", "Dirk")


def physical_states(options: dict[str, Any], seed: int) -> Iterator[State]:
    """Every state of a random game dealt as a physical table sees it."""
    return random_states(RULES, make_header(RULES, FOUR, options), seed, known=False)


def playable_alone(state: State, seat: int, card: Any) -> bool:
    """``playable`` of one card, its claims asked for it alone."""
    if not state.claims or card in state.hands[seat].cards:
        return True
    return possible(*claims.after_play(state, seat, card))


@pytest.mark.parametrize("options", [{}, {"partnership": True}, {"decks": 2, "jokers": 4}])
def test_each_kind_answers_for_every_card_of_it(options: dict[str, Any]) -> None:
    asked = with_claims = 0
    for seed in range(3):
        shuffle = random.Random(seed)
        for state in physical_states(options, seed):
            if not any(hand.hidden for hand in state.hands):
                continue
            with_claims += bool(state.claims)
            deck = list(dict.fromkeys(state.table.deck))
            shuffle.shuffle(deck)
            deck = deck[:12]  # a dozen cards a state, a different dozen each time
            seats = range(state.seats)
            for card in [None, *deck]:
                for by in seats:
                    if card is not None and shuffle.random() < 0.5:
                        said = claims.playable(state, by, card)
                        assert said == playable_alone(state, by, card), (seed, by, card)
                    for holder in seats:
                        said_values = claims.values_after(state, holder, by, card)
                        alone = claims._values_after(state, holder, by, card)
                        assert said_values == alone, (seed, holder, by, card)
                        asked += 1
    assert with_claims > 20 and asked > 5_000  # claims were open, and asked about


def test_one_more_claim_is_answered_as_the_search_answers() -> None:
    """``possible_with`` (a witness extended, else the search) says of every claim one
    more seat could be asked to meet what ``possible`` says of the claims with it."""
    asked = extended = 0
    for seed in range(3):
        for state in physical_states({"partnership": True}, seed):
            if not state.claims:
                continue
            hidden, left = claims.hidden_counts(state), pool(state)
            ask = possible_with(state.claims, hidden, left)
            for seat in range(state.seats):
                for value in range(22):
                    cards = claims.worth(state, value)
                    new = Claim(seat, f"hand:{seat}", cards, 0, "", "", "")
                    said = ask(seat, cards)
                    assert said == possible((*state.claims, new), hidden, left), (seed, seat)
                    asked += 1
                    extended += said
    assert asked > 1_000 and 0 < extended < asked  # both answers came up
