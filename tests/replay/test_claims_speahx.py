"""Speahx's "no card fits" claims through the whole tool (decision 21): a pick-up with
``voluntary_pickup=false`` or a chance draw with ``chance_may_skip_playable=false`` from a
face-down hand leaves an ``Absence``; ``play`` refuses the card that shows it untrue,
``verify`` of a file reports it, cards drawn unseen since explain a fitting card, and the
invariant kit catches a rule set that lets one break."""

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
from tablelog.replay.merge import import_games
from tablelog.rules.cards import parse_cards
from tablelog.rules.claims import Absence
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.speahx import RULES
from tablelog.rules.speahx.state import deck_of
from tablelog.rules.zones import Zone
from tests.replay.test_claims import kit_sees_broken, refusal_of, written_unchecked
from tests.rules.speahx_helpers import act, listed, position

# Physical two-player game, Anna deals, Bo leads 7H; Anna says nothing fits and picks up
# the pile (voluntary_pickup=false): her five face-down cards hold no heart, 7, 2 or 10.
ANNA_PICKS_UP = ["deal", "7H", "draw ?", "pickup", "8C", "draw ?"]
SAID = "event 4: Anna picked up the pile (no card that fits 7H)"
BROKEN = f"{SAID}, but Anna's hand has since shown 8H, which it held then"

# ... then she lays 8S 8D and draws one card unseen: a fitting card may be that one.
DREW_ONE = [*ANNA_PICKS_UP, "8S 8D", "draw ?"]


def played(games: Games, texts: list[str], **options: object) -> int:
    game = games.create(make_header(RULES, ["Anna", "Bo"], {"voluntary_pickup": False, **options}))
    for text in texts:
        games.play(game.id, text)
    return game.id


def test_the_pickup_leaves_an_absence_on_the_face_down_hand(games: Games):
    state = games.load(played(games, ANNA_PICKS_UP[:4])).state
    (absence,) = state.claims
    assert isinstance(absence, Absence)
    assert (absence.seat, absence.zone, absence.seq, absence.fresh) == (0, "hand:0", 4, 0)
    cards = {c.text for c in absence.cards}
    assert {"9H", "7S", "2C", "10D"} <= cards and not {"8C", "KS"} & cards
    assert RULES.view(state, None).info["claims"] == [
        "Anna holds no card that fits 7H (event 4: Anna picked up the pile)"
    ]


def test_play_refuses_the_card_that_shows_the_pickup_untrue(games: Games):
    game = played(games, ANNA_PICKS_UP)
    refusal = refusal_of(games, game, "8H")
    assert refusal.reason == BROKEN
    assert str(refusal) == f"event 7 (Anna 8H): {BROKEN}"
    listed = {m["notation"] for m in moves_data(games.load(game))["moves"]}
    assert "8S" in listed and "8H" not in listed  # the generator agrees with apply
    games.play(game, "8S")  # a card that did not fit 7H: the claim stands
    assert len(games.load(game).state.claims) == 1


def test_a_fitting_card_after_an_unseen_draw_is_explained_by_it(games: Games):
    game = played(games, [*DREW_ONE, "9D", "draw ?"])
    nine = games.play(game, "9H").written[0]  # may be the card drawn unseen at event 8
    (absence,) = games.load(game).state_at(nine.seq).claims  # (before the draw after it)
    assert isinstance(absence, Absence)
    assert (absence.fresh, [c.text for c in absence.seen]) == (1, ["9H"])


def test_two_fitting_cards_after_one_unseen_draw_are_one_too_many(games: Games):
    game = played(games, [*DREW_ONE, "7D", "draw ?"])
    listed = {m["notation"] for m in moves_data(games.load(game))["moves"]}
    assert "7S" in listed and "7S 7C" not in listed
    assert refusal_of(games, game, "7S 7C").reason == (
        f"{SAID}, but Anna's hand has since shown 7S 7C, more than the 1 card(s) it took "
        "unseen since, so it held one then"
    )


def test_verify_of_a_file_reports_the_event_that_made_the_claim(games: Games):
    game = played(games, ANNA_PICKS_UP)
    written_unchecked(games, game, "8H", RULES)  # as a log written before claims were checked
    (parsed,) = parse_lines(export_lines(games.ledger, game))
    verification = verify_parsed(parsed)
    assert not verification.ok
    (problem,) = verification.problems
    assert (problem.seq, problem.reason) == (7, BROKEN)
    with pytest.raises(RefusedImport, match="which it held then"):
        import_games(games.ledger, [parsed])


def test_a_chance_draw_because_nothing_fits_is_a_claim_too(games: Games):
    options = {"voluntary_pickup": True, "chance_may_skip_playable": False}
    game = played(games, ["deal", "7H", "draw ?", "chance"], **options)
    (absence,) = games.load(game).state.claims
    assert isinstance(absence, Absence) and absence.said == "Anna drew a chance card"
    games.play(game, "reveal 3C")
    games.play(game, "pickup")  # the locked hand takes in the pile: no new claim
    games.play(game, "8C")
    games.play(game, "draw ?")
    with pytest.raises(IllegalEvent, match=r"Anna drew a chance card \(no card that fits 7H\)"):
        games.play(game, "8H")


def test_an_unplayed_chance_card_nobody_saw_joins_the_hand_unseen(games: Games):
    options = {"voluntary_pickup": True, "chance_may_skip_playable": False}
    game = played(games, ["deal", "7H", "draw ?", "chance", "reveal ?", "pickup"], **options)
    (absence,) = games.load(game).state.claims
    assert isinstance(absence, Absence) and absence.fresh == 1


def test_a_hand_that_must_hold_a_fitting_card_may_not_say_otherwise(games: Games):
    # on an empty pile every card fits: a face-down hand cannot be without one
    options = {"chance_may_skip_playable": False}
    game = played(games, ["deal", "10H", "done", "draw ?"], **options)
    with pytest.raises(IllegalEvent, match="must hold a card that fits"):
        games.play(game, "chance")


def test_the_kit_catches_a_rule_set_that_lets_an_absence_break(
    games: Games, monkeypatch: pytest.MonkeyPatch
):
    game = played(games, ANNA_PICKS_UP)
    monkeypatch.setattr("tablelog.rules.speahx.play.settle", lambda event, state: state)
    kit_sees_broken(games, game, RULES, "8H", 7, BROKEN)


def test_a_card_that_leaves_a_claim_no_card_to_stand_on_is_refused_and_not_offered():
    # Anna said she held no heart (nor 7, 2 or 10); only 9H and QS are unaccounted, and
    # Bo lays QS from his face-down hand: Anna's last card can then only be 9H.
    state = position(2, seat=1, stock=0, pile="QC", tables={0: "- - - - -", 1: "- - - - -"})
    rest = Counter(deck_of(1, 0))
    rest.subtract(parse_cards("9H QS QC"))
    fits = frozenset(c for c in deck_of(1, 0) if c.suit == "H" or c.rank in ("7", "2", "10"))
    claim = Absence(0, "hand:0", fits, 4, "Anna picked up the pile", "Anna", "card that fits 7H")
    state = attrs.evolve(
        state,
        hands=(Zone((), 1), Zone((), 1)),
        out=Zone(tuple(rest.elements())),
        claims=(claim,),
    )
    assert "QS" not in listed(state) and "pickup" in listed(state)
    with pytest.raises(IllegalEvent) as refused:
        act(state, "QS")
    assert refused.value.reason == (
        "event 4: Anna picked up the pile (no card that fits 7H), but Anna's hand still holds "
        "1 face-down card(s) from then and only 0 unseen card(s) are left that are no card "
        "that fits 7H, so it held one"
    )
