"""The recorder's logic (``replay/recorder.py``): moves, undo and redo that say what they
do, refusals that write nothing, a second recorder refused, completion that is lazy."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.recorder import Recorder
from tablelog.rules import registry
from tests.helpers import CLUBS_DEAL, PLAYERS


def _game(db: Path, rules: str = "karnoffel", seed: int | None = None, **options: str) -> int:
    ruleset = registry.get(rules)
    players = PLAYERS if rules == "karnoffel" else PLAYERS[:3]
    with Ledger(db) as ledger:
        return Games(ledger).create(make_header(ruleset, players, options, seed=seed)).id


def test_a_physical_deal_and_a_card_then_undo_and_redo_say_what_they_do(db: Path):
    gid = _game(db)
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)
        assert not recorder.enter(CLUBS_DEAL).refused
        played = recorder.enter("QS")
        assert played.data is not None and played.data["written"][0]["actor"] == "Bo"
        undone = recorder.enter("undo")
        assert undone.lines == ("undo takes back event 2 (Bo QS)",)
        redone = recorder.enter("redo")
        assert redone.lines == ("redo puts back QS",)
        assert redone.data is not None and redone.data["written"][0]["notation"] == "QS"
        assert recorder.enter("redo").refused  # nothing left to put back
        # the game in memory is the game in the ledger: same events, same head
        stored = Games(ledger).load(gid)
        assert [e.seq for e in stored.events] == [e.seq for e in recorder.game.events]
        assert stored.head_at() == recorder.head
        assert stored.state == recorder.game.state


def test_a_new_move_clears_what_redo_would_put_back(db: Path):
    gid = _game(db)
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)
        recorder.enter(CLUBS_DEAL)
        recorder.enter("QS")
        recorder.enter("undo")
        recorder.enter("KS")
        assert recorder.enter("redo").lines == ("nothing to redo: no undo since the last move",)


def test_a_refused_move_is_explained_and_nothing_is_written(db: Path):
    gid = _game(db)
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)
        recorder.enter(CLUBS_DEAL)
        recorder.enter("QS")  # Bo leads
        before = ledger.head(gid)
        refused = recorder.enter("9H")  # Cai cannot hold 9H: it is Bo's up-card
        assert refused.refused and refused.data is None
        assert refused.lines[0].startswith("refused, nothing written: event 3 (Cai 9H)")
        assert ledger.head(gid) == before and recorder.game.seq == before[0]


def test_an_undo_in_a_seeded_game_names_the_dealers_deal_without_its_cards(db: Path):
    gid = _game(db, seed=1, target="2")
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)
        assert recorder.enter("undo").lines == ("nothing to undo",)  # the dealer's deal only
        for _ in range(20):  # a whole deal: the last card makes the dealer deal again
            move = next(m for m in recorder.completions("") if m[0].isdigit() or m[0] in "JQK")
            assert not recorder.enter(move).refused
        assert recorder.game.events[-1].type == "deal"
        (said,) = recorder.enter("undo").lines
        assert said == "undo takes back event 21 (Anna 4S), event 22 (the dealer's deal)"
        redone = recorder.enter("redo")
        assert redone.lines == ("redo puts back 4S",)
        assert redone.data is not None
        assert [r["type"] for r in redone.data["written"]] == ["play", "deal"]


def test_a_second_recorder_is_refused_and_reads_the_game_again(db: Path):
    gid = _game(db)
    with Ledger(db) as ledger:
        one = Recorder(Games(ledger), gid)
        two = Recorder(Games(ledger), gid)
        one.enter(CLUBS_DEAL)
        late = two.enter(CLUBS_DEAL)
        assert late.refused and "Someone else is recording" in " ".join(late.lines)
        assert ledger.head(gid)[0] == 1  # the second deal was not written
        assert two.game.seq == 1  # ... and the second recorder now sees the first's deal
        assert not two.enter("QS").refused


def test_question_mark_lists_the_moves_of_one_card(db: Path):
    gid = _game(db, "nordekasino", seed=3)
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)
        entry = recorder.enter("? 7H")
        assert entry.lines[0].startswith("2 legal moves starting with 7♥")
        assert "  trail 7H  (Bo)" in entry.lines
        assert recorder.enter("? Xq").refused


def test_question_mark_alone_or_moves_lists_the_legal_moves(db: Path):
    gid = _game(db, "nordekasino", seed=3)
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)
        for text in ("?", "moves"):
            entry = recorder.enter(text)
            assert not entry.refused and entry.lines[0].startswith("legal moves")
            assert "  trail 7H  (Bo)" in entry.lines
        assert recorder.game.seq == 1  # nothing written


def test_completion_goes_kind_then_card_then_move(db: Path):
    gid = _game(db, "nordekasino", seed=3)
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)
        assert "build " in list(recorder.completions("bu"))
        assert "Bo " in list(recorder.completions("b"))  # player names complete too
        cards = list(recorder.completions("build "))
        assert "build KD " in cards and all(c.startswith("build ") for c in cards)
        moves = list(recorder.completions("build KD "))
        assert moves == ["build KD 8C 10H"]
        assert list(recorder.completions("Bo build KD ")) == ["Bo build KD 8C 10H"]
        assert list(recorder.completions("zz")) == []


def test_completion_finishes_a_card_begun_in_words_as_play_reads_it(db: Path):
    gid = _game(db)
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)
        assert not recorder.enter(CLUBS_DEAL).refused  # Bo to lead, his cards face down
        assert list(recorder.completions("spar d")) == ["spar dame"]
        assert list(recorder.completions("Herz K")) == ["Herz König"]
        assert "Bo spader dam" in list(recorder.completions("Bo spader d"))
        assert "QS" in list(recorder.completions("Q"))  # the canonical text as before
        assert not any(" " in line for line in recorder.completions("Q"))  # no words then
        entry = recorder.enter("spar dame")  # what it completes is what play takes
        assert entry.data is not None and entry.data["written"][0]["notation"] == "QS"


def test_completion_on_a_crowded_table_never_lists_every_move():
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from crowded import crowded_states

    from tablelog.rules.nordekasino import RULES

    state, _ = crowded_states(1)[0]
    made = itertools.count()
    moves = RULES.moves

    def counting(*args: object) -> object:
        for move in moves(*args):  # type: ignore[arg-type]
            next(made)
            yield move

    recorder = Recorder.__new__(Recorder)
    recorder.game = _FakeGame(state, counting)  # type: ignore[assignment]
    cards = list(recorder.completions("build ", limit=60))
    assert cards and all(c.count(" ") == 2 for c in cards)  # "build 3D ": a card level
    listed = list(recorder.completions(cards[0], limit=60))
    assert len(listed) == 60 and all(m.startswith(cards[0]) for m in listed)
    assert next(made) < 1000  # the first move of each group, then 60: never the ~100,000


class _FakeGame:
    """Just enough of a loaded game for completion on a built state."""

    def __init__(self, state: object, moves: object) -> None:
        import attrs

        from tablelog.rules.nordekasino import RULES

        self.state = state
        self.rules = attrs.evolve(RULES, moves=moves, kinds=RULES.kinds, cards=RULES.cards)
        self.seeded = True
        self.seq = 0
        self.header = type("H", (), {"players": ("P0", "P1", "P2", "P3")})()


@pytest.mark.parametrize("text", ["undo", "UNDO", " redo "])
def test_undo_and_redo_are_words_of_the_recorder_not_moves(db: Path, text: str):
    gid = _game(db)
    with Ledger(db) as ledger:
        entry = Recorder(Games(ledger), gid).enter(text)
        assert entry.refused and entry.lines[0].startswith("nothing to")


def test_a_move_whose_notation_names_its_player_is_not_named_twice(db: Path):
    from tablelog.rules.names import event_named, named_move

    assert named_move("7H", "Anna") == "Anna 7H"  # as log shows it, and as it may be typed
    assert named_move("Anna 7H", "anna") == "Anna 7H"
    assert named_move("Anna: 7H", "Anna") == "Anna: 7H"
    assert named_move("Annabel 7H", "Anna") == "Anna Annabel 7H"
    assert named_move("Anna Berg 5H", "Anna Berg") == "Anna Berg 5H"  # a name with a space
    assert named_move("deal", None) == "deal"
    assert event_named(3, named_move("7C", "B")) == "event 3 (B 7C)"
    assert event_named(3, None) == "event 3" and event_named(None, "B 7C") == "move (B 7C)"
    gid = _game(db, "vriddiot")
    with Ledger(db) as ledger:
        recorder = Recorder(Games(ledger), gid)
        assert not recorder.enter("deal 9H 9S 3C KD 4H 5S 7C 8D 2H").refused
        played = recorder.enter("Anna 5H")  # before the first play, anyone may lead
        assert played.data is not None
        assert played.data["written"][0]["notation"] == "Anna 5H"
        # the refill the tool entered after the move (face down) is taken back with it
        said = "undo takes back event 2 (Anna 5H), event 3 (deal)"
        assert recorder.enter("undo").lines == (said,)


def test_a_stale_recorder_reads_the_game_again_and_judges_the_move_on_it(db: Path):
    """Issue 25, case 5: after another recorder wrote, a legal move was refused against the
    old state ("Bo cannot hold 10C …") and the game was never read again."""
    gid = _game(db)
    with Ledger(db) as ledger:
        one = Recorder(Games(ledger), gid)
        one.enter(CLUBS_DEAL)
        two = Recorder(Games(ledger), gid)  # both at event 1
        assert not one.enter("QS").refused  # Bo leads, recorded by the first
        entry = two.enter("10C")  # Cai's up-card, Cai's turn now
        assert not entry.refused, entry.lines
        assert entry.lines[0].startswith(f"game {gid} moved on (someone else recorded into it)")
        assert "since then: event 2 (Bo QS)" in entry.lines[0]
        assert ledger.head(gid)[0] == 3 and two.game.seq == 3
        assert Games(ledger).load(gid).events[-1].actor == 2  # Cai's, judged on the game now


def test_a_stale_recorder_told_what_was_recorded_is_refused_on_the_game_as_it_is(db: Path):
    gid = _game(db)
    with Ledger(db) as ledger:
        one = Recorder(Games(ledger), gid)
        one.enter(CLUBS_DEAL)
        two = Recorder(Games(ledger), gid)
        one.enter("QS")
        entry = two.enter("Dina 8C")  # Cai is on turn now, not Dina
        assert entry.refused and len(entry.lines) == 2
        assert "since then: event 2 (Bo QS)" in entry.lines[0]
        assert entry.lines[1].startswith("refused, nothing written: event 3")
        assert "Cai" in entry.lines[1] and ledger.head(gid)[0] == 2
