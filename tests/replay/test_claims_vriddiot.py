"""Vriddiot's claims through the whole tool: with ``starter_lowest``, the first card of a
physical game says the starter held nothing lower and nobody else did either ("the
lowest card starts"); ``play`` refuses the card that shows it untrue, ``verify`` of a
file reports it, cards drawn unseen since explain a low card, the kit catches a rule set
that lets one break. The pick-up makes no claim (the seed lets a hand pick up at will)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.replay.jsonl import (
    RefusedImport,
    export_lines,
    parse_lines,
    verify_parsed,
)
from tablelog.replay.kit.fuzz import fuzz
from tablelog.replay.merge import import_games
from tablelog.rules.cards import parse_cards
from tablelog.rules.claims import Absence
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.table import evolve
from tablelog.rules.vriddiot import RULES
from tablelog.rules.vriddiot.events import Play
from tablelog.rules.vriddiot.state import LEAD
from tablelog.rules.zones import Slots, Zone
from tests.replay.test_claims import kit_sees_broken, refusal_of, written_unchecked

# Physical game, Anna deals (Bo is on her left, then Cai, then Anna); the hands are face
# down. Cai lays 5H first: Bo, nearer the dealer's left, held no card of 5 or lower;
# Anna resets the pile with 2D; Bo then shows 4H from the cards he held at the start.
DEAL = "deal KS KH KD QS QH QD JS JH JD"
CAI_STARTS = [DEAL, "Cai: 5H", "deal", "Anna: 2D", "deal"]
SAID = "event 2: Cai started with 5H"
BROKEN = f"{SAID} (no card of 5 or lower), but Bo's hand has since shown 4H, which it held then"


def played(games: Games, texts: list[str], **options: object) -> int:
    header = make_header(RULES, ["Anna", "Bo", "Cai"], {"starter_lowest": True, **options})
    game = games.create(header)
    for text in texts:
        games.play(game.id, text)
    return game.id


def test_the_first_card_leaves_an_absence_on_every_face_down_hand(games: Games):
    state = games.load(played(games, CAI_STARTS[:2])).state
    said = {(c.holder, c.what) for c in state.claims}
    assert said == {
        ("Cai", "card lower than 5"),
        ("Bo", "card of 5 or lower"),
        ("Anna", "card lower than 5"),
    }
    bo = next(c for c in state.claims if c.holder == "Bo")
    assert {c.text for c in bo.cards} >= {"3C", "4H", "5S", "5C"}
    assert not {"2H", "10C", "4S"} & {c.text for c in bo.cards}  # they do not count
    assert (
        "Bo holds no card of 5 or lower (event 2: Cai started with 5H)"
        in (RULES.view(state, None).info["claims"])
    )


def test_play_refuses_a_lower_card_the_hand_held_at_the_start(games: Games):
    game = played(games, CAI_STARTS)
    listed = {m["notation"] for m in moves_data(games.load(game))["moves"]}
    assert "6H" in listed and "4H" not in listed and "5S" not in listed
    assert refusal_of(games, game, "Bo: 4H").reason == BROKEN


def test_a_low_card_after_an_unseen_refill_is_explained_by_it(games: Games):
    game = played(games, [DEAL, "Cai: 5H", "deal", "Anna: 9C", "deal", "Bo: 2S", "deal"])
    games.play(game, "Cai: 7C")
    games.play(game, "deal")
    games.play(game, "Anna: 2D")
    games.play(game, "deal")
    games.play(game, "Bo: 5S")  # may be the card Bo drew after his 2S
    bo = next(c for c in games.load(game).state.claims if c.holder == "Bo")
    assert isinstance(bo, Absence) and [c.text for c in bo.seen] == ["5S"]


def test_a_known_lower_card_refutes_the_start_at_once(games: Games):
    deal = "deal Bo.up:KS,QS,JS Cai.up:KH,QH,JH Anna.up:KD,QD,JD Bo:3C,?,? Cai:?,?,? Anna:?,?,?"
    game = played(games, [deal])
    with pytest.raises(IllegalEvent, match="the player with the lowest card starts, and Bo"):
        games.play(game, "Cai: 5H")
    with pytest.raises(IllegalEvent, match="the starter begins with the lowest card, and Bo"):
        games.play(game, "Bo: 5H")
    games.play(game, "Bo: 3C")


def test_verify_of_a_file_reports_the_start_the_later_card_refutes(games: Games):
    game = played(games, CAI_STARTS)
    written_unchecked(games, game, "Bo: 4H", RULES)
    (parsed,) = parse_lines(export_lines(games.ledger, game))
    verification = verify_parsed(parsed)
    (problem,) = verification.problems
    assert (problem.seq, problem.reason) == (6, BROKEN)
    with pytest.raises(RefusedImport, match="Cai started with 5H"):
        import_games(games.ledger, [parsed])


def test_without_starter_lowest_the_first_card_claims_nothing(games: Games):
    game = played(games, CAI_STARTS, starter_lowest=False)
    assert games.load(game).state.claims == ()
    games.play(game, "Bo: 4H")


def test_the_kit_catches_a_rule_set_that_lets_an_absence_break(
    games: Games, monkeypatch: pytest.MonkeyPatch
):
    game = played(games, CAI_STARTS)
    monkeypatch.setattr("tablelog.rules.vriddiot.play.settle_claims", lambda event, state: state)
    kit_sees_broken(games, game, RULES, "Bo: 4H", 6, BROKEN)


# The fuzz failure (vriddiot-defaults-seed1): a physical five-player game, Anna deals, and
# of the ten special cards (2s, 10s, ♠4, the joker) four lie face up: six are unaccounted.
FIVE = ["Anna", "Bo", "Cai", "Dina", "Emil"]
FIVE_DEAL = (
    "deal Anna.up:4D,9H,QD Bo.up:3S,10D,5S Cai.up:10H,10S,KS Dina.up:JK,8H,7D "
    "Emil.up:6S,AC,7H Anna:?,?,? Bo:?,?,? Cai:?,?,? Dina:?,?,? Emil:?,?,?"
)
ANNA_2S = (
    "event 2: Anna started with 2S (no card other than a 2, a 10, the ♠4 or a joker), but "
    "the hands of Anna, Bo, Cai, Dina, Emil still hold 14 face-down card(s) from their "
    "claims and only 5 unseen card(s) are left that those claims allow, so one of them held "
    "a card it was said not to"
)


def test_a_special_first_card_the_hands_cannot_all_back_is_refused_and_never_offered(
    games: Games,
):
    header = make_header(RULES, FIVE, {"starter_lowest": True, "jokers": 1})
    game = games.create(header).id
    games.play(game, FIVE_DEAL)
    listed = {m["notation"] for m in moves_data(games.load(game))["moves"]}
    assert "Anna 3C" in listed and "Anna 9C" in listed
    assert not {"Anna 2S", "Anna 10C", "Anna 4S", "Bo 2H"} & listed
    assert not any("JK" in move for move in listed)
    assert refusal_of(games, game, "Anna: 2S").reason == ANNA_2S
    games.play(game, "Anna: 3C")  # claims nothing: no ordinary card is lower


def test_the_saved_fuzz_failure_is_refused_at_its_first_card(games: Games):
    header = make_header(RULES, FIVE, {"starter_lowest": True, "jokers": 1})
    game = games.create(header).id
    games.play(game, FIVE_DEAL)
    written_unchecked(games, game, "Anna: 2S", RULES)
    (parsed,) = parse_lines(export_lines(games.ledger, game))
    (problem,) = verify_parsed(parsed).problems
    assert (problem.seq, problem.reason) == (2, ANNA_2S)


def _two_claims_one_card(games: Games):
    """Anna on lead with one face-down card; Bo and Cai each still hold one face-down card
    said to be no card lower than 5 (Bo: 5 or lower); 9H, 9S and 4C are all that is
    unaccounted, so Bo's and Cai's cards are the two nines between them."""
    state = games.load(played(games, CAI_STARTS[:3])).state
    keep = Counter(parse_cards("9H 9S 4C"))
    rest = Counter(state.table.deck)
    rest.subtract(keep)
    claims = tuple(
        attrs.evolve(c, fresh=0, seen=()) for c in state.claims if c.holder in ("Bo", "Cai")
    )
    empty = (Zone(),) * 3
    return evolve(
        state,
        hands=(Zone((), 1), Zone((), 1), Zone((), 1)),
        ups=empty,
        downs=(Slots(),) * 3,
        stock=Zone(),
        pile=Zone(),
        out=Zone(tuple(rest.elements())),
        duty=LEAD,
        top=0,
        turn=0,
        claims=claims,
    )


def test_a_card_two_claimed_hands_both_need_is_refused_and_never_offered(games: Games):
    state = _two_claims_one_card(games)
    listed = {RULES.format(m, state) for m in RULES.moves(state)}
    assert listed == {"4C"}  # not 9H nor 9S: Bo and Cai need both nines
    with pytest.raises(IllegalEvent) as refused:
        RULES.apply(state, Event(9, 0, Play(parse_cards("9H")[0])))
    assert refused.value.reason == (
        "event 2: Cai started with 5H (Bo: no card of 5 or lower; Cai: no card lower than 5), "
        "but the hands of Bo, Cai still hold 2 face-down card(s) from their claims and only "
        "1 unseen card(s) are left that those claims allow, so one of them held a card it was "
        "said not to"
    )
    after = RULES.apply(state, Event(9, 0, Play(parse_cards("4C")[0])))
    # whoever is on turn has a legal move, and the nines it may lay keep the other claim
    assert after.turn is not None and list(RULES.moves(after, after.turn))


def test_the_kit_closure_holds_over_physical_starter_lowest_games():
    report = fuzz(RULES, 6, seed=3, options={"starter_lowest": True})  # main: game 1 fails
    assert report.ok, report.failure
    assert report.games == 6 and report.events > 6
