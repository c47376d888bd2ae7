"""Games in a ledger: create, play, refuse, resolve, fork, and play a whole game."""

from __future__ import annotations

import attrs
import pytest

from tablelog.replay.games import BadGameRef, Games, LoadedGame, UnknownPlayer
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.replay.verify import check_log
from tablelog.rules.errors import IllegalEvent, NotationError, OptionError, TablelogError
from tablelog.rules.karnoffel import RULES
from tests.helpers import ANNA, BO, CAI, HEARTS_DEAL, PLAYERS


def seeded(games: Games, seed: int = 3, **options: str) -> LoadedGame:
    return games.create(make_header(RULES, PLAYERS, options, seed=seed))


def physical(games: Games, **options: str) -> LoadedGame:
    return games.create(make_header(RULES, PLAYERS, options))


def first_move(game: LoadedGame) -> str:
    return str(moves_data(game)["moves"][0]["notation"])


def count(games: Games, game: LoadedGame) -> tuple[int, bytes | None]:
    """The stored game's event count and head hash."""
    loaded = games.load(game.id)
    return loaded.seq, loaded.hashes[-1] if loaded.hashes else None


# -- creating -----------------------------------------------------------------------------


def test_a_seeded_game_is_dealt_at_once(games: Games):
    game = seeded(games)
    assert game.seq == 1
    (deal,) = game.events
    assert (deal.type, deal.actor, deal.family) == ("deal", None, "chance")
    assert game.state.phase == "play"
    assert all(len(hand) == 5 and not hand.hidden for hand in game.state.hands)


def test_the_same_seed_deals_the_same_cards(games: Games):
    one, two, other = seeded(games, 3), seeded(games, 3), seeded(games, 4)
    assert one.events[0].payload == two.events[0].payload
    assert one.events[0].payload != other.events[0].payload


def test_a_physical_game_waits_for_its_deal(games: Games):
    game = physical(games)
    assert game.seq == 0
    assert not game.seeded
    assert RULES.chance(game.state) is not None
    (step,) = moves_data(game)["moves"]
    assert step["chance"] is True and step["notation"].startswith("deal ")


# -- playing ------------------------------------------------------------------------------


def test_play_records_a_move_through_games(games: Games):
    game = physical(games)
    (deal,) = games.play(game.id, HEARTS_DEAL).written
    assert (deal.seq, deal.type) == (1, "deal")
    (play,) = games.play(game.id, "3H").written
    assert (play.seq, play.type, play.actor) == (2, "karnoffel.play", BO)
    loaded = games.load(game.id)
    assert [c.text for c in loaded.state.trick] == ["3H"]
    assert loaded.events[-1].id == play.id and loaded.events[-1].recorded_at


def test_a_player_may_be_named_before_the_card(games: Games):
    game = physical(games)
    games.play(game.id, HEARTS_DEAL)
    (play,) = games.play(game.id, "bo 3h").written
    assert play.actor == BO


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("KS", IllegalEvent, "Bo cannot hold KS: it is already known to be in Cai's hand"),
        ("Cai KS", IllegalEvent, "it is Bo's turn to play, not Cai's"),
        ("7H", IllegalEvent, "the Devil (7♥, the trump 7) may not be led to the first trick"),
        ("AH", IllegalEvent, "not in the Karnöffel deck"),
        ("7X", NotationError, "'7X' is not a card"),
        ("Zed 3H", NotationError, "'Zed' is not a player"),
        ("", NotationError, "expected a move"),
        (HEARTS_DEAL, IllegalEvent, "the cards are already dealt"),
    ],
)
def test_a_refused_move_writes_nothing(games: Games, text, error, message):
    game = physical(games)
    games.play(game.id, HEARTS_DEAL)
    before = count(games, game)
    with pytest.raises(error) as refused:
        games.play(game.id, text)
    assert message in str(refused.value)
    if error is IllegalEvent:
        assert str(refused.value).startswith("event 2 (")  # names the event and the move
    assert count(games, game) == before


def test_a_refused_move_in_a_seeded_game_writes_nothing(games: Games):
    game = seeded(games)
    anna_card = game.state.hands[ANNA].cards[0].text
    before = count(games, game)
    with pytest.raises(IllegalEvent, match=f"Bo does not hold {anna_card}"):
        games.play(game.id, anna_card)
    assert count(games, game) == before


def test_a_seeded_game_refuses_a_hand_typed_deal(games: Games):
    game = seeded(games)
    before = count(games, game)
    for text in ("deal 3H KS 9C 5D", "turn 9C"):
        with pytest.raises(IllegalEvent, match="seeded dealer") as refused:
            games.play(game.id, text)
        assert str(refused.value).startswith("event 2")
    assert count(games, game) == before


def test_undo_with_nothing_to_undo_writes_nothing(games: Games):
    game = physical(games)
    with pytest.raises(IllegalEvent, match="nothing to undo") as refused:
        games.play(game.id, "undo")
    assert str(refused.value) == "event 1 (undo): there is nothing to undo"
    assert count(games, game) == (0, None)


def test_a_note_is_written_and_changes_nothing(games: Games):
    game = seeded(games)
    (note,) = games.play(game.id, "note  Anna shuffled ").written
    assert (note.seq, note.type, note.payload.text) == (2, "note", "Anna shuffled")
    assert games.load(game.id).state == game.state


# -- naming games and players -------------------------------------------------------------


def test_last_resolves_to_the_newest_game(games: Games):
    with pytest.raises(BadGameRef, match="no games"):
        games.resolve("last")
    first, second = physical(games), seeded(games)
    assert games.resolve("last") == second.id != first.id
    assert games.load(" LAST ").id == second.id
    assert games.resolve(str(first.id)) == first.id


@pytest.mark.parametrize("ref", ["abc", "1.5", "first"])
def test_text_that_names_no_game_is_refused(games: Games, ref):
    physical(games)
    with pytest.raises(BadGameRef, match=repr(ref)):
        games.resolve(ref)


def test_an_unknown_player_name_is_refused_naming_the_table(games: Games):
    game = physical(games)
    assert game.seat("cai") == CAI
    with pytest.raises(UnknownPlayer, match=r"'Zed' does not play in game \d+ \(Anna, Bo, Cai"):
        game.seat("Zed")


# -- headers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "dealer", "message"),
    [
        (PLAYERS[:3], {}, None, "played by 4 players, not 3"),
        ((*PLAYERS, "Eve"), {}, None, "played by 4 players, not 5"),
        (("Anna", "Bo", "anna", "Dina"), {}, None, "two players have the same name"),
        (("Anna", "Bo", " ", "Dina"), {}, None, "every player needs a name"),
        (PLAYERS, {"colour": "red"}, None, "unknown option 'colour'"),
        (PLAYERS, {"target": "many"}, None, "option target takes a whole number, not 'many'"),
        (PLAYERS, {"target": "0"}, None, "option target must be at least 1"),
        (PLAYERS, {"stop_at_three": "maybe"}, None, "option stop_at_three takes true or false"),
        (PLAYERS, {"trump_selection": "dice"}, None, "option trump_selection takes one of"),
        (PLAYERS, {}, "Zed", "the dealer 'Zed' is not one of the players"),
        (PLAYERS, {}, 4, "the dealer's seat must be 0 to 3"),
    ],
)
def test_make_header_refuses(players, options, dealer, message):
    with pytest.raises(OptionError) as refused:
        make_header(RULES, players, options, dealer=dealer)
    assert message in str(refused.value)


def test_make_header_fills_defaults_and_seats_the_dealer():
    header = make_header(RULES, PLAYERS, {"target": "3"}, dealer="cai", seed=9)
    assert header.dealer == CAI and header.seed == 9
    assert header.options["target"] == 3
    assert header.options["trump_selection"] == "lowest_upcard"


# -- forks --------------------------------------------------------------------------------


def test_fork_copies_the_first_events_and_plays_on_independently(games: Games):
    game = seeded(games)
    for _ in range(4):
        games.play(game.id, first_move(games.load(game.id)))
    original = games.load(game.id)
    fork = games.fork(game.id, 3)
    assert fork.id != original.id
    assert attrs.evolve(fork.header, fork_of=None, fork_at=None) == original.header
    assert (fork.header.fork_of, fork.header.fork_at) == (original.record.uid, 3)
    assert fork.events == original.events[:3]  # seq, actor and payload
    assert {e.id for e in fork.events}.isdisjoint(e.id for e in original.events)
    assert fork.state == original.state_at(3)

    games.play(fork.id, first_move(fork))
    assert games.load(original.id).events == original.events
    games.play(original.id, first_move(original))
    assert games.load(fork.id).seq == 4
    assert games.load(original.id).seq == 6
    assert check_log(RULES, fork.header, games.load(fork.id).events) is None


def test_last_goes_on_naming_the_game_a_fork_was_cut_from(games: Games):
    game = seeded(games)
    games.play(game.id, first_move(games.load(game.id)))
    fork = games.fork("last", 1)
    assert games.resolve("last") == game.id != fork.id
    games.play("last", first_move(games.load(game.id)))  # a live game goes on being played
    assert games.load(game.id).seq == 3 and games.load(fork.id).seq == 1


def test_a_fork_of_a_seeded_game_before_its_deal_is_dealt_the_same_cards(games: Games):
    game = seeded(games)
    fork = games.fork(game.id, 0)
    assert fork.events == game.events  # the seeded dealer dealt again, as at creation
    assert moves_data(fork)["moves"] == moves_data(game)["moves"]
    assert check_log(RULES, fork.header, fork.events) is None


@pytest.mark.parametrize("at", [-1, 2])
def test_a_fork_outside_the_log_is_refused(games: Games, at):
    game = seeded(games)
    with pytest.raises(TablelogError, match=f"cannot fork at {at}"):
        games.fork(game.id, at)
    assert len(games.ledger.games()) == 1


# -- a whole game -------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"trump_selection": "turn_from_stock", "target": "2"}])
def test_a_seeded_game_played_by_first_legal_moves_ends(games: Games, options):
    game = seeded(games, 5, **options)
    plays = 0
    while not moves_data(game)["over"]:
        assert plays < 200, "the game should have ended"
        data = moves_data(game)
        assert data["moves"], "a running seeded game always has a move"
        games.play(game.id, data["moves"][0]["notation"])
        game = games.load(game.id)
        plays += 1
    outcome = RULES.outcome(game.state)
    assert outcome is not None
    assert len(outcome.winners) == 2
    assert plays % 20 == 0 and plays >= 20  # five tricks of four cards per deal
    assert moves_data(game)["moves"] == []
    assert check_log(RULES, game.header, game.events) is None
    with pytest.raises(IllegalEvent, match="the game is over"):
        games.play(game.id, "2H")


def test_a_refused_move_that_names_its_player_names_them_once(games: Games):
    game = games.create(make_header(RULES, PLAYERS, {}))
    games.play(game.id, HEARTS_DEAL)
    with pytest.raises(IllegalEvent) as caught:
        games.play(game.id, "Anna 5D")  # Bo leads, not Anna
    message = str(caught.value)
    assert message.startswith("event 2 (Anna 5D): it is Bo's turn")
    assert "by Anna" not in message
