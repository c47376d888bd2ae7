"""Games held in memory between requests (``replay/held.py``) and redo read from the log
(``replay/redo.py``): what ``tablelog serve`` stands on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.held import Held
from tablelog.replay.redo import NOTHING_TO_REDO, NothingToRedo, redo_entry
from tablelog.replay.retry import StaleMove
from tablelog.replay.verify import Tampered
from tablelog.rules import registry
from tests.helpers import CLUBS_DEAL, PLAYERS


def _game(db: Path, seed: int | None = None) -> int:
    header = make_header(registry.get("karnoffel"), PLAYERS, {}, seed=seed)
    with Ledger(db) as ledger:
        return Games(ledger).create(header).id


def test_a_held_game_takes_only_what_others_wrote(db: Path) -> None:
    gid = _game(db)
    held = Held()
    with Ledger(db) as ledger:
        first = held.game(ledger, gid)
        assert held.game(ledger, gid) is first and held.reads == 1  # same head: as held
        Games(ledger).play(gid, CLUBS_DEAL)  # another writer (a terminal, another server)
        Games(ledger).play(gid, "QS")
        now = held.game(ledger, gid)
        assert held.reads == 1, "only the new events were read"
        stored = Games(ledger).load(gid)
        assert now.seq == stored.seq == 2 and now.hashes == stored.hashes
        assert now.state == stored.state and now.timeline == stored.timeline


def test_a_held_game_is_as_strict_as_a_read_one(db: Path) -> None:
    """A write judged on a held game that someone has written after is refused, naming
    what was recorded meanwhile, and writes nothing."""
    gid = _game(db)
    held = Held()
    with Ledger(db) as ledger:
        Games(ledger).play(gid, CLUBS_DEAL)
        seen = held.game(ledger, gid)
        Games(ledger).play(gid, "QS")  # meanwhile, from elsewhere
        with pytest.raises(StaleMove, match="has moved on since event 1"):
            Games(ledger).play_on(seen, "QS", after=str(seen.seq))
        with pytest.raises(StaleMove):  # without `after`, the append itself is refused
            Games(ledger).play_on(seen, "QS")
        assert Games(ledger).load(gid).seq == 2


def test_a_held_game_whose_new_events_were_altered_is_read_anew_and_refused(db: Path) -> None:
    gid = _game(db)
    held = Held()
    with Ledger(db) as ledger:
        held.game(ledger, gid)
        Games(ledger).play(gid, CLUBS_DEAL)
    raw = sqlite3.connect(db, isolation_level=None)  # someone with full access to the file
    try:
        raw.execute("DROP TRIGGER events_no_update")
        raw.execute("UPDATE events SET payload = x'c3' WHERE game = ? AND seq = 1", (gid,))
    finally:
        raw.close()
    with Ledger(db) as ledger, pytest.raises(Tampered):
        held.game(ledger, gid)


def test_redo_puts_back_what_the_latest_undo_took_back(db: Path) -> None:
    gid = _game(db)
    with Ledger(db) as ledger:
        games = Games(ledger)
        games.play(gid, CLUBS_DEAL)
        games.play(gid, "QS")
        with pytest.raises(NothingToRedo, match=NOTHING_TO_REDO):
            redo_entry(games.load(gid))
        games.play(gid, "undo")
        games.play(gid, "note Bo wants it back")  # a note keeps what may be put back
        assert redo_entry(games.load(gid)) == "QS"
        games.play(gid, "QS")  # the redo itself
        with pytest.raises(NothingToRedo):
            redo_entry(games.load(gid))
