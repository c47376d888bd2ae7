"""Vriddiot's claims through the whole tool: with ``starter_lowest``, the first card of a
physical game says the starter held nothing lower and nobody else did either ("the
lowest card starts"); ``play`` refuses the card that shows it untrue, ``verify`` of a
file reports it, cards drawn unseen since explain a low card, the kit catches a rule set
that lets one break. The pick-up makes no claim (the seed lets a hand pick up at will)."""

from __future__ import annotations

import pytest

from replay.fold import fold
from replay.games import Games, make_header
from replay.inspect import moves_data
from replay.jsonl import RefusedImport, export_lines, import_games, parse_lines, verify_parsed
from replay.kit.invariants import InvariantViolation, claims_hold
from rules.claims import Absence
from rules.errors import IllegalEvent
from rules.vriddiot import RULES
from tests.replay.test_claims import written_unchecked

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
    with pytest.raises(IllegalEvent) as refused:
        games.play(game, "Bo: 4H")
    assert refused.value.reason == BROKEN
    assert games.load(game).seq == 5  # nothing written


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
    written_unchecked(games, game, "Bo: 4H", RULES)
    loaded = games.load(game)
    monkeypatch.setattr("rules.vriddiot.play.settle_claims", lambda event, state: state)
    state = fold(RULES, loaded.header, loaded.events)
    with pytest.raises(InvariantViolation) as caught:
        claims_hold(RULES, RULES.deck(loaded.header), state, 6)
    assert caught.value.invariant == "agreement"
    assert BROKEN in str(caught.value)
