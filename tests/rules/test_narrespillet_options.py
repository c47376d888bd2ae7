"""The options the other modules do not show: ``full_tie`` and ``demon_placements``."""

from __future__ import annotations

import pytest

from tablelog.rules.cards import parse_card
from tablelog.rules.events import Event
from tablelog.rules.narrespillet.deck import HOUSES, MAGICIAN, STRENGTH
from tablelog.rules.narrespillet.flow import round_winners
from tablelog.rules.narrespillet.state import FORFEIT, PLACED, Placement, Slot
from tablelog.rules.narrespillet.take import is_unknown
from tablelog.rules.table import evolve
from tablelog.rules.zones import Zone
from tests.rules.narrespillet_helpers import RULES, draws, play, table

SW = HOUSES.index("Sw")


def _tied(full_tie: str):  # type: ignore[no-untyped-def]
    """Anna and Bo hold number placements on Swords equal in every respect (both with a
    Magician-changed card: possible only after a reshuffle); Anna placed first."""
    state = table(full_tie=full_tie)
    key = (1, 5, 0, 2, 2)
    anna = Placement(tuple(map(parse_card, ("Sw3", "Co2"))), "sum", key, ("Sw",), None, 1)
    bo = Placement(tuple(map(parse_card, ("Sw2", "Cu3"))), "sum", key, ("Sw",), None, 2)
    rows = list(state.slots)
    rows[0] = (Slot(PLACED, anna, 1), *rows[0][1:])
    rows[1] = (Slot(PLACED, bo, 2), *rows[1][1:])
    return evolve(state, slots=tuple(rows))


@pytest.mark.parametrize(
    ("rule", "winners"), [("earliest", (0,)), ("shared", (0, 1)), ("none", ())]
)
def test_full_tie_decides_two_placements_equal_in_every_respect(rule, winners):
    assert round_winners(_tied(rule))[SW] == winners


def _demons_placed(**options: object):  # type: ignore[no-untyped-def]
    hands = {"Anna": "SwKn Sw3 Sw4 St2 St3 St4", "Cai": "T15 Sw5 Sw6 St5 St6 Cu5"}
    state = play(
        table(hands, variant="malderia", **options),
        "Anna discard Sw3",
        "Bo discard Co2",
        "Cai play T15",
        "Dina discard Co5",
        "Anna discard Sw4",
        "Bo discard Co3",
    )
    assert state.actor == 4  # the Demons, just before Cai
    place = next(RULES.moves(state, 2, None, "place"))
    state = draws(RULES.apply(state, Event(1, 2, place.payload)))
    while state.actor != 0:  # the others pass the Fool, or discard, until Anna's turn
        move = next(m for m in RULES.moves(state) if m.kind in ("pass", "discard"))
        state = draws(RULES.apply(state, Event(1, move.actor, move.payload)))
    field = HOUSES.index(place.payload.field)
    return play(state, "Anna exorcise"), field, place.payload.cards


def test_demon_placements_discard_or_keep_when_the_swords_knight_drives_them_out():
    gone, field, cards = _demons_placed()
    assert gone.slots[4][field].status == FORFEIT
    assert set(cards) <= set(gone.discard.cards)
    kept, field, cards = _demons_placed(demon_placements="keep")
    assert kept.slots[4][field].status == PLACED
    assert kept.slots[4][field].placement.cards == tuple(c for c in cards if c != MAGICIAN)


def test_the_demons_strength_open_gives_their_open_hand_two_more_cards():
    # found by the contract suite: the Demons' open cards were wanted but never dealt, so
    # the game asked for empty draws without end
    hands = {"Cai": "T15 Sw5 Sw6 St5 St6 Cu5"}
    state = play(table(hands), "Anna discard Sw2", "Bo discard Co2", "Cai play T15")
    state = play(state, "Dina discard Co5", "Anna discard Sw3", "Bo discard Co3")
    assert state.actor == 4 and is_unknown(state, STRENGTH)
    demons = state.hands[4]  # one of their cards swapped for Strength from the stock
    state = evolve(
        state,
        hands=(*state.hands[:4], Zone((STRENGTH, *demons.cards[1:]))),
        discard=state.discard.add(demons.cards[0]),
        stock=Zone((), state.stock.hidden - 1),
    )
    state = play(state, "Demons play T11 open")
    assert len(state.hands[4]) == 8 and state.opens[4] == Zone()
    assert RULES.chance(state) is None and state.actor == 2  # Cai's turn follows
