"""Claims on face-down hands through the whole tool: ``play`` refuses, ``verify`` reports,
the invariant kit catches a rule set that lets one break (issue 13's Nørdekasino case)."""

from __future__ import annotations

import pytest

from tablelog.replay.codec import encode_event
from tablelog.replay.fold import fold
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.replay.kit.history import History
from tablelog.replay.kit.invariants import InvariantViolation, check_agreement, claims_hold
from tablelog.replay.verify import check_log, verify_stored
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.nordekasino import RULES
from tablelog.rules.protocol import RuleSet

# Physical two-player game, Anna deals, Bo plays first with his hand face down: he builds
# 4H on 5C to 9, Anna takes the 9-pile with 9D, then Bo shows 3C, 6H and 7H: no 9.
BO_BUILDS_NINE = [
    "deal table 5C 2D",
    "build 4H 5C =9",
    "take 9D 5C",
    "trail 3C",
    "trail 8C",
    "trail 6H",
    "trail 8D",
]
BROKEN_SENTENCE = (
    "event 2: Bo built 9, but the cards Bo showed afterwards (3C 6H 7H) hold no card worth 9"
)

# The same for a partner: Bo builds 9 for Dina, Cai takes it, Dina shows 3C 6C 7C 4C.
FOR_PARTNER = [
    "deal table 5C 2D",
    "build 4H 5C =9 for partner",
    "take 9D 5C",
    "trail 3C",
    "trail 8C",
    "trail 6H",
    "trail 8D",
    "trail 6C",
    "trail 8S",
    "trail 7H",
    "trail 8H",
    "trail 7C",
    "trail 2H",
    "trail 10H",
    "trail KD",
]


def played(games: Games, texts: list[str], players: int = 2, **options: bool) -> int:
    names = ("Anna", "Bo", "Cai", "Dina")[:players]
    game = games.create(make_header(RULES, names, options))
    for text in texts:
        games.play(game.id, text)
    return game.id


def refusal_of(games: Games, game: int, text: str) -> IllegalEvent:
    """The refusal of playing ``text`` in ``game``, which writes nothing."""
    before = games.load(game).seq
    with pytest.raises(IllegalEvent) as refusal:
        games.play(game, text)
    assert games.load(game).seq == before  # nothing written
    return refusal.value


def test_play_refuses_the_card_that_breaks_the_claim_and_writes_nothing(games: Games):
    game = played(games, BO_BUILDS_NINE)
    refusal = refusal_of(games, game, "trail 7H")
    assert refusal.reason == BROKEN_SENTENCE
    assert str(refusal) == f"event 8 (Bo trail 7H): {BROKEN_SENTENCE}"


def test_moves_offer_only_cards_that_keep_the_claim(games: Games):
    game = played(games, BO_BUILDS_NINE)
    listed = {m["notation"] for m in moves_data(games.load(game))["moves"]}
    assert "trail 9H" in listed
    assert not any(text.startswith("trail 7") for text in listed)
    games.play(game, "trail 9H")  # a 9 after all: the claim is met and gone
    assert games.load(game).state.claims == ()


def test_a_build_on_known_cards_makes_no_claim(games: Games):
    game = played(games, ["deal Bo:4H,9S,3C,6H Anna:?,?,?,? table:5C,2D", "build 4H 5C =9"])
    assert games.load(game).state.claims == ()


def test_the_claim_is_kept_in_the_state_with_its_event(games: Games):
    game = played(games, BO_BUILDS_NINE[:2])
    state = games.load(game).state
    (claim,) = state.claims
    assert (claim.seat, claim.seq, claim.said, claim.zone) == (1, 2, "Bo built 9", "hand:1")
    shown = RULES.view(state, None).info["claims"]  # what show prints: public, no card named
    assert shown == ["Bo holds a card worth 9 (event 2: Bo built 9)"]


def written_unchecked(games: Games, game: int, text: str, rules: RuleSet = RULES) -> None:
    """Append ``text`` without the rules' check, as a log written before claims were."""
    loaded = games.load(game)
    move = rules.parse(text, loaded.state)
    event = Event(loaded.seq + 1, move.actor, move.payload)
    games.ledger.append(game, loaded.seq + 1, [encode_event(rules, event)])


def kit_sees_broken(
    games: Games, game: int, rules: RuleSet, text: str, seq: int, sentence: str
) -> None:
    """With ``text`` written unchecked behind a game whose claims ``rules`` no longer
    settle (the caller patches its settle step out), the kit's ``claims_hold`` reports the
    claim broken at ``seq`` with ``sentence``."""
    written_unchecked(games, game, text, rules)
    loaded = games.load(game)
    state = fold(rules, loaded.header, loaded.events)
    with pytest.raises(InvariantViolation) as caught:
        claims_hold(rules, rules.deck(loaded.header), state, seq)
    assert caught.value.invariant == "agreement"
    assert sentence in str(caught.value)


def test_verify_reports_the_event_that_broke_the_claim(games: Games):
    game = played(games, BO_BUILDS_NINE)
    written_unchecked(games, game, "trail 7H")
    loaded = games.load(game)
    verification = verify_stored(games.ledger, loaded)
    assert not verification.ok
    (problem,) = verification.problems
    assert problem.seq == 8
    assert str(problem) == f"event 8 (Bo trail 7H): {BROKEN_SENTENCE}"


def test_a_build_for_partner_is_a_claim_on_the_partners_hand(games: Games):
    game = played(games, FOR_PARTNER, players=4, partnership=True)
    assert refusal_of(games, game, "trail 4C").reason == (
        "event 2: Bo built 9 for Dina, but the cards Dina showed afterwards (3C 6C 7C 4C) "
        "hold no card worth 9"
    )
    written_unchecked(games, game, "trail 4C")
    loaded = games.load(game)
    problem = check_log(RULES, loaded.header, loaded.events)
    assert problem is not None and problem.seq == 16
    assert "Bo built 9 for Dina" in problem.reason


def test_the_kit_catches_a_rule_set_that_lets_a_claim_break(
    games: Games, monkeypatch: pytest.MonkeyPatch
):
    game = played(games, BO_BUILDS_NINE)
    written_unchecked(games, game, "trail 7H")
    loaded = games.load(game)
    history = History(loaded.header, loaded.events)
    with pytest.raises(IllegalEvent, match="hold no card worth 9"):
        check_agreement(RULES, history)  # the sound rules refuse the log outright
    # a copy of the rules whose apply lets the claim break: the kit's claim check says so
    monkeypatch.setattr("tablelog.rules.nordekasino.play.refuse_broken", lambda *args: None)
    state = fold(RULES, loaded.header, loaded.events)
    with pytest.raises(InvariantViolation) as caught:
        claims_hold(RULES, RULES.deck(loaded.header), state, 8)
    assert caught.value.invariant == "agreement"
    assert BROKEN_SENTENCE in str(caught.value)


def test_a_card_shown_under_the_thomas_kragh_rule_settles_or_breaks_the_claim(games: Games):
    game = played(games, BO_BUILDS_NINE, thomas_kragh=True)
    with pytest.raises(IllegalEvent, match="hold no card worth 9"):
        games.play(game, "reveal 7H")
    games.play(game, "reveal 9C")
    assert games.load(game).state.claims == ()
