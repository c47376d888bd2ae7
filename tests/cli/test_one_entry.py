"""One entry per turn at a real table, in every game (issue 23).

A physical game of each rule set is typed one decision per line: the draws nobody saw,
the windows nobody answered, the flipped card that must be taken in and the face-down
cards a placement shows are written by the tool, each its own event. The same lines go
through ``tablelog play`` and through ``tablelog record`` in a real terminal, and give
the same log; every line typed is one decision (or the face-up cards of a deal).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tablelog.cli.main import cli
from tests.cli.test_record_terminal import _events, _spawn_record, pexpect

NAMES4 = ["-p", "Anna", "-p", "Bo", "-p", "Cai", "-p", "Dina"]
EKSEMPEL = ["Alex", "Janet", "Michael", "John", "Kevin", "Penelope", "Fredrich"]
SPIEL = ["Lucas", "Almegaard", "Irmgard", "Kana"]


def _players(*names: str) -> list[str]:
    return [word for name in names for word in ("-p", name)]


GAMES: dict[str, tuple[list[str], list[str]]] = {
    # the README's tour, played on: the face-up cards of the deal, then one card a line
    "karnoffel": (
        ["karnoffel", *NAMES4, "--dealer", "Dina"],
        ["deal 6H KC QC KS", "2D", "9H", "5D", "3D", "JS", "JH", "7S", "KD"],
    ),
    "nordekasino": (
        ["nordekasino", *_players("Anna", "Bo", "Cai")],
        ["deal table 5C KD", "trail 7H", "trail 8C", "trail 2H", "take 7S 7H", "trail 4D"],
    ),
    # Speahx's Eksempelrunde: no deal and no `draw ?` typed; three chance cards drawn
    # (the first two unseen), the third laid as it is named
    "speahx": (
        ["speahx", *_players(*EKSEMPEL), "--dealer", "Janet", "-o", "decks=2", "-o", "jokers=2"],
        ["5H", "KH", "KD", "2S clubs", "chance", "chance", "chance", "5C", "joker John", "JS"],
    ),
    # the physical Vriddiot fixture: no refill typed
    "vriddiot": (
        ["vriddiot", *NAMES4, "--dealer", "Dina"],
        [
            *("deal 10C JH 2C KD QC 8S 6S KH JS 5D AH 4S", "Dina JD", "10H 10D", "4C", "7D 7C"),
            *("pickup", "3S 3H 3C", "9S 9C", "AS AD", "pickup", "6H 6D"),
        ],
    ),
    # Narrespillet's Spilleksempel: no deal or refill typed, no `show`, no Fool window
    # passes; what the seed says in one breath is one entry (BREATHS)
    "narrespillet": (
        [
            *("narrespillet", *_players(*SPIEL), "--dealer", "Irmgard"),
            *("-o", "rounds=1", "-o", "oracle_extra_turn=none"),
        ],
        [
            *("Kana play T14 Sw", "Lucas play T2 Irmgard", "Almegaard discard St5"),
            *("Irmgard play T7", "Kana discard St8", "Lucas play T5 fool Almegaard"),
            *("Almegaard discard Co7", "Irmgard load CuA Cu7"),
            *("Kana place Co CoA Co2 Co5 Co6 Co10", "Lucas discard St4"),
            *("Almegaard place St T3 T4", "Irmgard place Co CoQ CoK", "Kana play T16 Irmgard Co"),
            *("Lucas discard St7", "Almegaard discard StP", "Irmgard discard St2"),
            *("Kana play T18 CuQ Irmgard", "Lucas discard St10", "Almegaard place Co CoKn"),
            *("Irmgard play T9", "Irmgard hermit play T20 Kana Cu"),
        ],
    ),
}
BREATHS = {
    # "Ridderen spiller Ypperstepresten og ber om å få se Narren. Almegaard viser den fram"
    "Lucas play T5 fool Almegaard": 2,
    # "Kesharen spiller Månen, og kaller på Begerdronningen": the table's answer is no move
    "Kana play T18 CuQ Irmgard": 2,
    # "Hun bruker så en av de tre ekstra turene umiddelbart, spiller Dommen"
    "Irmgard hermit play T20 Kana Cu": 2,
}
"""Lines that say two players' moves (or a player's two) in one breath: how many."""


def _tablelog(db: Path, *args: str) -> Any:
    result = CliRunner().invoke(cli, ["--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result.output


def _new(db: Path, new: list[str]) -> int:
    return int(json.loads(_tablelog(db, "new", *new, "--json"))["game"])


def _record(db: Path, game: int, lines: list[str]) -> None:
    child = _spawn_record(db, game)
    prompt = f"game {game}>"
    try:
        child.expect_exact(prompt)
        for line in lines:
            child.send(line + "\r")
            child.expect_exact(f"game {game} event ")  # what the line wrote
            child.expect_exact(prompt)
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def _decisions(events: list[dict[str, Any]]) -> int:
    """The moves a player decided: not a pass nobody typed, nor a card shown to be used."""
    kinds = [e["type"].partition(".")[2] for e in events if e.get("actor") is not None]
    return sum(1 for kind in kinds if kind not in ("pass", "show"))


@pytest.mark.parametrize("name", list(GAMES))
def test_a_physical_game_takes_one_entry_per_turn_through_play(tmp_path: Path, name: str):
    new, lines = GAMES[name]
    db = tmp_path / "tablelog.db"
    game = _new(db, new)
    for line in lines:
        _tablelog(db, "play", str(game), line)
    events = _events(db, game)
    typed_deals = sum(1 for line in lines if line.startswith("deal"))
    said = sum(BREATHS.get(line, 1) for line in lines)
    assert said - typed_deals == _decisions(events)  # one line per decision (or breath)
    if name not in ("karnoffel", "nordekasino"):  # nothing there is left undecided
        assert len(events) > len(lines)  # the tool wrote the steps nobody decides
    _tablelog(db, "verify", str(game))


@pytest.mark.parametrize("name", list(GAMES))
def test_record_in_a_terminal_takes_the_same_entries(tmp_path: Path, name: str):
    new, lines = GAMES[name]
    db = tmp_path / "tablelog.db"
    recorded, twin = _new(db, new), _new(db, new)
    _record(db, recorded, lines)
    for line in lines:
        _tablelog(db, "play", str(twin), line)
    assert _events(db, recorded) == _events(db, twin)


def test_a_draw_typed_anyway_is_already_recorded_and_undo_takes_the_turn_back(tmp_path: Path):
    db = tmp_path / "tablelog.db"
    game = str(_new(db, ["speahx", *_players("Anna", "Bo", "Cai")]))
    _tablelog(db, "play", game, "5H")  # the deal before it, Bo's draw after it
    again = _tablelog(db, "play", game, "draw ?")
    assert "already recorded: this retry wrote nothing" in again
    refused = CliRunner().invoke(cli, ["--db", str(db), "play", game, "Cai draw ?"])
    assert refused.exit_code == 1  # readable, not possible now: a refusal
    assert [e["type"] for e in _events(db, int(game))[1:]] == ["deal", "speahx.play", "speahx.draw"]
    _tablelog(db, "play", game, "undo")  # the play and the draw the tool wrote after it
    kinds = [e["type"] for e in _events(db, int(game))[1:]]  # the header first
    assert kinds == ["deal", "speahx.play", "speahx.draw", "undo", "undo"]
    listed = json.loads(_tablelog(db, "moves", game, "--json"))["moves"]
    assert "5H" in {m["notation"] for m in listed}  # Bo to play again
