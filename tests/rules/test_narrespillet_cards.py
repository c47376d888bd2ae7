"""Each picture card's effect and timing, with the tricky cases the issue names."""

from __future__ import annotations

import attrs
import pytest

from tablelog.rules.cards import FOOL, parse_card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.narrespillet.deck import HOUSES
from tablelog.rules.narrespillet.state import OPEN, PLACED
from tests.rules.narrespillet_helpers import RULES, apply, draws, play, refusal, seats, table


def slot(state, who: int, house: str):  # type: ignore[no-untyped-def]
    return state.slots[who][HOUSES.index(house)]


# -- the Fool ----------------------------------------------------------------------------


def test_the_fool_steals_a_placement_as_it_is_placed():
    state = table({"Anna": "CuK CuQ Sw2 Sw3 Sw4 St2", "Bo": "FOOL Co2 Co3 Co4 Cu2 Cu3"})
    state = apply(state, "Anna place Cu CuQ CuK")
    assert seats(state) == ("Bo",)  # the window: Bo may hold the Fool
    assert "players who may hold the Fool answer first" in refusal(state, "Bo discard Co2")
    state = draws(apply(state, "Bo fool"))
    assert slot(state, 1, "Cu").status == PLACED and slot(state, 1, "Cu").placement.kind == "royal"
    assert slot(state, 0, "Cu").status == OPEN  # the victim's slot opens again
    assert FOOL in state.discard.cards and seats(state) == ("Bo",)  # then Bo's own turn


def test_an_ace_protects_a_placement_from_the_fool():
    state = table({"Anna": "CuA Cu9 Sw2 Sw3 Sw4 St2", "Bo": "FOOL Co2 Co3 Co4 Cu2 Cu3"})
    state = draws(apply(state, "Anna place Cu CuA Cu9"))
    assert seats(state) == ("Bo",) and state.queue == ()  # no window: Bo's turn
    assert refusal(state, "Bo fool") == (
        "Anna's placement on Cups (10 in number cards) holds CuA: \"Esset beskytter "
        'plasseringen mot å bli stjålet med Narren" (no Fool window opened)'
    )


def test_a_refused_fool_names_the_placement_it_looks_at():
    hands = {"Anna": "CuK CuQ Sw2 Sw3 Sw4 St2", "Bo": "FOOL Co2 Co3 Co4 Cu2 Cu3"}
    state = table(hands)
    assert refusal(state, "Bo fool").endswith("and nobody has placed cards this round")
    assert refusal(state, "Cai fool").startswith("Cai has no Fool to play: ")
    state = play(state, "Anna place Cu CuQ CuK", "Bo pass")  # the window closed
    assert refusal(state, "Bo fool") == (
        'the Fool "spilles i det en annen spiller plasserer kort på et slagfelt": the window '
        "on Anna's placement on Cups (a Royal Couple) closed when the next move was entered "
        "(type the Fool as its answer, before the next turn)"
    )
    world = table({"Anna": "T21 Sw2 Sw3 Sw4 St2 St3", "Bo": "FOOL Co2 Co3 Co4 Cu2 Cu3"})
    world = play(world, "Anna place Sw T21")
    assert refusal(world, "Bo fool").endswith('is the World, and "Narren kan ikke stjele Verden"')


def test_a_refused_fool_names_its_own_placement_and_a_closed_slot():
    hands = {"Anna": "CuK CuQ Sw2 Sw3 Sw4 St2", "Bo": "FOOL Co2 Co3 Co4 Cu2 Cu3"}
    own = play(table(hands), "Anna place Cu CuQ CuK", "Bo pass", "Bo place Co Co2 Co3")
    assert refusal(own, "Bo fool") == (
        "Bo's placement on Coins (5 in number cards) is Bo's own, and the Fool \"spilles i det "
        "en annen spiller plasserer kort på et slagfelt\" (another player's placement)"
    )
    state = play(table(hands), "Anna place Sw Sw2 Sw3", "Bo pass", "Bo place Cu Cu2 Cu3")
    state = play(state, "Cai place St St5 St6", "Bo pass", "Dina place Co Co5 Co6", "Bo pass")
    state = play(state, "Anna place Cu CuQ CuK")
    assert state.queue == ()  # Bo's Cups slot is taken: no window for Bo
    assert refusal(state, "Bo fool") == (
        "Anna's placement on Cups (a Royal Couple) would go to Bo's slot on Cups, "
        "which is no longer open"
    )


def test_the_fool_passes_and_the_placement_stays():
    state = table({"Anna": "CuK CuQ Sw2 Sw3 Sw4 St2", "Bo": "FOOL Co2 Co3 Co4 Cu2 Cu3"})
    state = play(state, "Anna place Cu CuQ CuK", "Bo pass")
    assert slot(state, 0, "Cu").status == PLACED and seats(state) == ("Bo",)


def test_fool_victim_option_forfeits_the_victims_slot():
    hands = {"Anna": "CuK CuQ Sw2 Sw3 Sw4 St2", "Bo": "FOOL Co2 Co3 Co4 Cu2 Cu3"}
    state = play(table(hands, fool_victim="forfeit"), "Anna place Cu CuQ CuK", "Bo fool")
    assert slot(state, 0, "Cu").status == "forfeit"


# -- the Tower and the imperial pair on two battlefields ---------------------------------


def test_the_tower_on_an_emperor_and_empress_held_on_two_battlefields():
    state = table({"Anna": "T3 T4 Sw2 Sw3 Sw4 St2", "Bo": "T16 Co2 Co3 Co4 Cu2 Cu3"})
    state = play(state, "Anna place Sw+Cu T3 T4")
    assert slot(state, 0, "Sw").placement is slot(state, 0, "Cu").placement
    assert RULES.zones(state)["field:0:Sw"].cards and not RULES.zones(state)["field:0:Cu"].cards
    state = play(state, "Bo play T16 Anna Cu")
    assert slot(state, 0, "Sw").status == OPEN and slot(state, 0, "Cu").status == OPEN
    assert {parse_card("T3"), parse_card("T4")} <= set(state.discard.cards)


def test_one_field_only_for_the_imperial_pair_with_the_option():
    state = table({"Anna": "T3 T4 Sw2 Sw3 Sw4 St2"}, imperial_pair_fields=1)
    assert "one battlefield" in refusal(state, "Anna place Sw+Cu T3 T4")


def test_the_tower_cannot_throw_down_the_world_or_a_forfeit():
    state = table({"Anna": "T21 Sw2 Sw3 Sw4 St2 St3", "Bo": "T16 Co2 Co3 Co4 Cu2 Cu3"})
    state = play(state, "Anna place Cu T21")
    assert slot(state, 1, "Cu").status == "forfeit"  # everybody else forfeits the World's field
    assert "World cannot be thrown down" in refusal(state, "Bo play T16 Anna Cu")
    assert "has none on Cups" in refusal(state, "Bo play T16 Cai Cu")


def test_the_world_only_on_a_field_nobody_has_touched():
    state = table({"Anna": "Sw2 Sw3 Sw4 St2 St3 St4", "Bo": "T21 Co2 Co3 Co4 Cu2 Cu3"})
    state = play(state, "Anna forfeit Cu")
    assert "nobody has placed on or forfeited" in refusal(state, "Bo place Cu T21")


# -- the Hermit ---------------------------------------------------------------------------


def test_the_hermits_extra_turn_out_of_order():
    state = table({"Anna": "T9 Sw2 Sw3 Sw4 St2 St3"})
    state = play(state, "Anna play T9")
    assert seats(state) == ("Bo", "Anna")  # Bo's turn, and Anna may take a Hermit turn first
    state = play(state, "Anna hermit", "Anna discard Sw2")
    assert seats(state) == ("Bo", "Anna") and state.hermit[0] == 2  # back to Bo's turn
    state = play(state, "Anna hermit", "Anna discard Sw3", "Anna hermit", "Anna discard Sw4")
    assert state.hermit[0] == 0 and parse_card("T9") in state.discard.cards
    assert seats(state) == ("Bo",)


def test_hermit_window_own_turn_option():
    state = table({"Anna": "T9 Sw2 Sw3 Sw4 St2 St3"}, hermit_window="own_turn")
    state = play(state, "Anna play T9")
    assert seats(state) == ("Bo",)
    assert "own turn" in refusal(state, "Anna hermit")


# -- reshuffles and Death ---------------------------------------------------------------


def _empty_stock(state):  # type: ignore[no-untyped-def]
    import attrs

    from tablelog.rules.zones import Zone

    moved = len(state.stock)
    return attrs.evolve(state, stock=Zone(), discard=state.discard.add(hidden=moved))


def test_a_reshuffle_needs_everyones_consent():
    state = _empty_stock(table({"Anna": "Sw2 Sw3 Sw4 St2 St3 St4"}))
    state = apply(state, "Anna discard Sw2")
    assert seats(state) == ("Anna", "Bo", "Cai", "Dina")
    for name in ("Anna", "Bo", "Cai"):
        state = apply(state, f"{name} vote yes")
    assert seats(state) == ("Dina",)
    state = draws(apply(state, "Dina vote yes"))
    assert len(state.stock) == 78 - 24 + 1 - 1 and state.reshuffles == 1  # the pile, less a draw


def test_one_refusal_keeps_the_stock_empty_and_lifts_temperance():
    state = table({"Anna": "T14 Sw3 Sw4 St2 St3 St4"})
    state = _empty_stock(play(state, "Anna play T14 Sw"))
    state = apply(state, "Bo discard Co2")
    state = draws(apply(state, "Cai vote no"))
    assert state.temperance is None and state.refused and seats(state) == ("Cai",)
    assert len(state.hands[1]) == 5


def test_no_reshuffle_after_death():
    state = table({"Anna": "T13 Sw3 Sw4 St2 St3 St4"})
    state = play(state, "Anna play T13")
    assert len(state.stock) == 0 and state.death and seats(state) == ("Bo",)
    state = play(state, "Bo discard Co2")
    assert seats(state) == ("Cai",) and len(state.hands[1]) == 5  # no vote, no draw
    assert "nobody has asked for a new stock" in refusal(state, "Cai vote yes")


# -- the oracles ---------------------------------------------------------------------------


def test_the_high_priestess_gives_a_new_turn_and_shows_the_hand_to_her_player_only():
    state = table({"Anna": "T2 Sw3 Sw4 St2 St3 St4"})
    move = RULES.parse("Anna play T2 Cai", state)
    from tablelog.rules.events import Event

    shown = RULES.shown(state, Event(1, move.actor, move.payload))
    assert set(shown.seats[0]) >= set(state.hands[2].cards)
    assert shown.everyone == (parse_card("T2"),) and 1 not in shown.seats
    state = play(state, "Anna play T2 Cai")
    assert seats(state) == ("Anna",)  # mandatory new turn
    assert "pass" in refusal(state, "Anna pass")


def test_oracle_extra_turn_none_as_the_example_plays():
    state = play(
        table({"Anna": "T2 Sw3 Sw4 St2 St3 St4"}, oracle_extra_turn="none"), "Anna play T2 Cai"
    )
    assert seats(state) == ("Bo",)
    state = play(
        table({"Anna": "T2 Sw3 Sw4 St2 St3 St4"}, oracle_extra_turn="optional"), "Anna play T2 Cai"
    )
    assert seats(state) == ("Anna",) and seats(play(state, "Anna pass")) == ("Bo",)


def test_the_hierophant_shows_the_named_cards_to_everyone():
    state = table({"Anna": "T5 Sw3 Sw4 St2 St3 St4", "Cai": "FOOL Sw5 Sw6 St5 St6 Cu5"})
    state = play(state, "Anna play T5 fool")
    view = RULES.view(state, 1)
    assert FOOL in view.cards() and seats(state) == ("Anna",)


# -- Temperance, Judgement -----------------------------------------------------------------


def test_temperance_blocks_placements_but_not_forfeits_or_judgement():
    state = table({"Anna": "T14 Sw3 Sw4 St2 St3 St4", "Bo": "T20 Sw2 Co3 Co4 Cu2 Cu3"})
    state = play(state, "Anna play T14 Sw")
    assert "Temperance lies on Swords" in refusal(state, "Bo place Sw Sw2")
    state = play(state, "Bo play T20 Cai Sw")
    assert slot(state, 2, "Sw").status == "forfeit"
    state = play(state, "Cai discard Cu5", "Dina forfeit Sw", "Anna lift")
    assert state.temperance is None


def test_judgement_only_on_an_open_field():
    state = table(
        {"Anna": "T20 Sw3 Sw4 St2 St3 St4", "Bo": "BoX".replace("BoX", "CuK CuQ Co3 Co4 Cu2 Cu3")}
    )
    state = play(
        state, "Anna discard Sw3", "Bo place Cu CuQ CuK", "Cai discard Cu5", "Dina discard Co5"
    )
    assert "is not open" in refusal(state, "Anna play T20 Bo Cu")


# -- Strength, the Wheel, the Hanged Man, the Chariot, the Star -----------------------------


def test_strength_open_draws_two_cards_face_up():
    state = play(table({"Anna": "T11 Sw3 Sw4 St2 St3 St4"}), "Anna play T11 open")
    assert len(state.hands[0]) == 6 and len(state.opens[0]) == 2
    assert set(state.opens[0].cards) <= set(RULES.view(state, 1).cards())


def test_strength_closed_raises_the_hand_to_seven():
    state = play(table({"Anna": "T11 Sw3 Sw4 St2 St3 St4"}), "Anna play T11 closed")
    assert len(state.hands[0]) == 7


def test_the_wheel_draws_then_discards_down():
    state = table({"Anna": "T10 Sw3 Sw4 St2 St3 St4"})
    assert "1 up to 5" in refusal(state, "Anna play T10 6")
    state = play(state, "Anna play T10 5")
    assert len(state.hands[0]) == 10 and seats(state) == ("Anna",)
    assert "discards down" in refusal(state, "Bo discard Co2")
    for card in ("Sw3", "Sw4", "St2", "St3"):
        state = play(state, f"Anna discard {card}")
    assert len(state.hands[0]) == 6 and seats(state) == ("Bo",)


def test_wheel_cap_literal_option():
    state = table({"Anna": "T10 Sw3 Sw4 St2 St3 St4"}, wheel_cap="literal")
    assert play(state, "Anna play T10 5").hands[0]


def test_the_hanged_man_empties_a_hand_and_the_chariot():
    state = table({"Anna": "T12 Sw3 Sw4 St2 St3 St4", "Bo": "T7 Co2 Co3 Co4 Cu2 Cu3"})
    state = play(state, "Anna discard Sw3", "Bo play T7 Co2", "Cai discard Cu5", "Dina discard Co5")
    assert state.has_chariot[1]
    state = play(state, "Anna play T12 Bo")
    assert not state.has_chariot[1] and len(state.hands[1]) == 6
    assert parse_card("Co3") in state.discard.cards and parse_card("Co2") in state.discard.cards


def test_the_chariot_is_loaded_and_played_out_as_a_placement():
    state = table({"Anna": "T7 Co10 Co9 Sw2 St3 St4"})
    state = play(
        state, "Anna play T7 Co10", "Bo discard Co2", "Cai discard Cu5", "Dina discard Co5"
    )
    state = play(state, "Anna load Co9")
    state = play(state, "Bo discard Co3", "Cai discard Cu6", "Dina discard Co6")
    state = play(state, "Anna place Co Co9 Co10")
    assert slot(state, 0, "Co").placement.kind == "sum18" and not state.has_chariot[0]


def test_a_load_is_typed_in_any_order_and_recorded_in_deck_order():
    """Fuzz regression (seed 1): apply took two cards loaded in another order than the one
    the moves list, so one load had two spellings."""
    state = table({"Anna": "T7 Co10 Co9 Sw2 St3 St4"})
    state = play(
        state, "Anna play T7 Co10", "Bo discard Co2", "Cai discard Cu5", "Dina discard Co5"
    )
    typed = RULES.parse("Anna load St3 Sw2", state)
    assert [c.text for c in typed.payload.cards] == ["Sw2", "St3"]
    reordered = Event(1, 0, attrs.evolve(typed.payload, cards=typed.payload.cards[::-1]))
    deck_order = "a Chariot load is recorded with its cards in deck order, as Sw2 St3"
    with pytest.raises(IllegalEvent, match=deck_order):
        RULES.apply(state, reordered)
    listed = {m.payload for m in RULES.moves(state, 0, None, "load")}
    assert typed.payload in listed and reordered.payload not in listed
    assert play(state, "Anna load St3 Sw2").chariots[0].cards[-2:] == typed.payload.cards


def test_the_moon_takes_a_called_card_from_another_hand():
    state = table({"Anna": "T18 Sw3 Sw4 St2 St3 St4", "Bo": "CuK Co2 Co3 Co4 Cu2 Cu3"})
    state = play(state, "Anna play T18")
    assert "only court and number cards" in refusal(state, "Anna call T3")
    state = play(state, "Anna call CuK")
    assert parse_card("CuK") in state.hands[0].cards and len(state.hands[1]) == 6


def test_the_sun_has_one_attempt_and_the_star_three():
    state = play(table({"Anna": "T19 Sw3 Sw4 St2 St3 St4"}), "Anna play T19", "Anna call CuK")
    assert seats(state) == ("Bo",)
    state = play(table({"Anna": "T17 Sw3 Sw4 St2 St3 St4"}), "Anna play T17", "Anna call CuK")
    assert seats(state) == ("Anna",) and "called already" in refusal(state, "Anna call CuK")
    state = play(state, "Anna call CuQ", "Anna call CoK")
    assert seats(state) == ("Bo",)


# -- the Demons and Justice -------------------------------------------------------------------


def test_the_demons_play_just_before_their_controller_and_win_for_them():
    state = table({"Cai": "T15 Sw5 Sw6 St5 St6 Cu5"}, rounds=1)
    state = play(state, "Anna discard Sw2", "Bo discard Co2", "Cai play T15")
    assert len(state.hands[4]) == 6 and state.demons == 2
    state = play(state, "Dina discard Co5", "Anna discard Sw3")
    assert seats(state) == ("Bo",)
    state = play(state, "Bo discard Co3")
    assert state.actor == 4 and seats(state) == ("Cai",)  # the Demons' turn, Cai plays it
    state = play(state, "Demons forfeit Sw")
    assert state.actor == 2


def test_justice_takes_the_demons_cards_and_althea_keeps_them_from_the_demons():
    state = table({"Anna": "T8 Sw3 Sw4 St2 St3 St4", "Cai": "T15 Sw5 Sw6 St5 St6 Cu5"})
    state = play(state, "Anna discard Sw3", "Bo discard Co2", "Cai play T15", "Dina discard Co5")
    demons = state.hands[4].cards
    state = play(state, "Anna play T8")
    assert set(state.pool.cards) == set(demons) and len(state.hands[4]) == 0
    assert seats(state) == ("Bo",)  # no extra turn when Justice takes the Demons' cards
    althea = table(
        {"Anna": "T8 Sw3 Sw4 St2 St3 St4", "Cai": "T15 Sw5 Sw6 St5 St6 Cu5"}, variant="althea"
    )
    althea = play(althea, "Anna play T8", "Anna pass", "Bo discard Co2", "Cai play T15")
    assert len(althea.hands[4]) == 0 and len(althea.pool) == 6
    standard = table({"Anna": "T8 Sw3 Sw4 St2 St3 St4", "Cai": "T15 Sw5 Sw6 St5 St6 Cu5"})
    standard = play(standard, "Anna play T8", "Anna pass", "Bo discard Co2", "Cai play T15")
    assert len(standard.hands[4]) == 6 and len(standard.pool) == 0


def test_justice_cards_are_used_as_ones_own_and_refilled_first():
    state = table({"Anna": "T8 Sw3 Sw4 St2 St3 St4"})
    state = play(state, "Anna play T8")
    assert len(state.pool) == 6 and seats(state) == ("Anna",)  # an optional new turn
    card = state.pool.cards[0]
    state = play(state, "Anna pass", "Bo discard Co2")
    assert len(state.pool) == 6 and card in state.pool.cards


def test_malderia_swords_knight_drives_out_the_demons():
    hands = {"Anna": "SwKn Sw3 Sw4 St2 St3 St4", "Cai": "T15 Sw5 Sw6 St5 St6 Cu5"}
    state = play(
        table(hands, variant="malderia"),
        "Anna discard Sw3",
        "Bo discard Co2",
        "Cai play T15",
        "Dina discard Co5",
    )
    state = play(state, "Anna exorcise")
    assert state.finished[4] and len(state.hands[4]) == 0
    standard = play(
        table(hands), "Anna discard Sw3", "Bo discard Co2", "Cai play T15", "Dina discard Co5"
    )
    assert "Malderian" in refusal(standard, "Anna exorcise")


def test_kroam_empress_and_queen_are_a_royal_couple():
    hands = {"Anna": "T3 SwQ Sw4 St2 St3 St4"}
    state = play(table(hands, variant="kroam"), "Anna place Sw SwQ T3")
    assert slot(state, 0, "Sw").placement.kind == "royal"
    assert "Royal Couple" in refusal(table(hands), "Anna place Sw SwQ T3")
