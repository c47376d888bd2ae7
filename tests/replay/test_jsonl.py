"""JSON Lines: export then import gives the identical game; a bad file writes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablelog.ledger import Ledger, LedgerError, event_hash, genesis_hash, pack
from tablelog.replay.codec import encode_header
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.headers import make_header
from tablelog.replay.inspect import moves_data
from tablelog.replay.jsonl import (
    ENVELOPE,
    HEADER_EXTRA,
    MalformedFile,
    RefusedImport,
    export_lines,
    parse_lines,
    verify_parsed,
)
from tablelog.replay.merge import import_games
from tablelog.rules.karnoffel import RULES
from tablelog.rules.protocol import Header
from tablelog.rules.serial import converter
from tests.helpers import HEARTS_DEAL, PLAYERS


@pytest.fixture
def other(tmp_path: Path) -> Iterator[Ledger]:
    """A second, empty database to import into."""
    with Ledger(tmp_path / "other.db") as ledger:
        yield ledger


def seeded_game(games: Games, plays: int = 5) -> LoadedGame:
    """A seeded game with a few moves, a note and an undo."""
    game = games.create(make_header(RULES, PLAYERS, {"target": "2"}, seed=7))
    for n in range(plays):
        games.play(game.id, moves_data(games.load(game.id))["moves"][0]["notation"])
        if n == 2:
            games.play(game.id, "note Cai asks to see the trick")
            games.play(game.id, "undo")
    return games.load(game.id)


def physical_game(games: Games) -> LoadedGame:
    """A physical game: a hand-typed deal and Bo's lead."""
    game = games.create(make_header(RULES, PLAYERS, {}))
    games.play(game.id, HEARTS_DEAL)
    games.play(game.id, "3H")
    return games.load(game.id)


def exported(games: Games, game: LoadedGame) -> list[str]:
    return list(export_lines(games.ledger, game.id))


def game_count(ledger: Ledger) -> int:
    return len(ledger.games())


def rehash(lines: list[str]) -> list[str]:
    """The lines with every event's hash recomputed: an edit a hash check cannot see."""
    header = json.loads(lines[0])
    fields = {k: v for k, v in header.items() if k not in HEADER_EXTRA}
    prev = genesis_hash(header["uid"], encode_header(converter.structure(fields, Header)))
    out = [lines[0]]
    for line in lines[1:]:
        data = json.loads(line)
        payload = pack({k: v for k, v in data.items() if k not in ENVELOPE})
        prev = event_hash(
            prev, data["seq"], data["id"], data["type"], data["type_version"], data["actor"],
            payload, data["recorded_at"],
        )  # fmt: skip
        data["hash"] = prev.hex()
        out.append(json.dumps(data))
    return out


def edit(lines: list[str], index: int, **changes: Any) -> list[str]:
    data = json.loads(lines[index])
    data.update(changes)
    return [*lines[:index], json.dumps(data), *lines[index + 1 :]]


# -- the round trip -----------------------------------------------------------------------


@pytest.mark.parametrize("make", [seeded_game, physical_game])
def test_export_then_import_gives_the_identical_game(games: Games, other: Ledger, make):
    game = make(games)
    lines = exported(games, game)
    assert json.loads(lines[0])["events"] == game.seq == len(lines) - 1

    (record,) = import_games(other, parse_lines(lines))
    copy = Games(other).load(record.id)
    assert copy.header == game.header
    assert copy.record.uid == game.record.uid
    assert copy.record.genesis == game.record.genesis
    assert copy.events == game.events
    assert [(e.id, e.recorded_at) for e in copy.events] == [
        (e.id, e.recorded_at) for e in game.events
    ]
    assert copy.hashes == game.hashes  # so the head is the same too
    assert copy.state == game.state
    assert list(export_lines(other, record.id)) == lines


def test_a_game_with_no_events_round_trips(games: Games, other: Ledger):
    game = games.create(make_header(RULES, PLAYERS, {}))
    lines = exported(games, game)
    assert len(lines) == 1
    (parsed,) = parse_lines(lines)
    assert verify_parsed(parsed).ok
    (record,) = import_games(other, [parsed])
    assert record.genesis == game.record.genesis
    assert Games(other).load(record.id).events == ()


def test_an_edited_header_of_a_game_with_no_events_is_caught_by_its_head(games: Games):
    game = games.create(make_header(RULES, PLAYERS, {}))
    (line,) = exported(games, game)
    header = json.loads(line)
    header["players"] = ["Anna", "Bo", "Cai", "Mallory"]
    (parsed,) = parse_lines([json.dumps(header)])
    result = verify_parsed(parsed)
    assert not result.ok
    assert "head hash" in str(result.problems[0])


def test_a_database_refusal_midway_through_a_file_writes_no_game(games: Games, other: Ledger):
    first, second = seeded_game(games, 1), physical_game(games)
    lines = exported(games, first) + exported(games, second)
    import_games(other, parse_lines(exported(games, second)))  # the 2nd game is there already
    other_uid = other.game(1).uid
    with pytest.raises(RefusedImport):
        import_games(other, parse_lines(lines))
    assert game_count(other) == 1
    assert other.game(1).uid == other_uid
    # and with the pre-check bypassed, the ledger's own refusal rolls the whole file back
    parsed = parse_lines(lines)
    with pytest.raises(LedgerError), other.batch():
        for g in parsed:
            other.import_game(
                g.rules.name, 1, encode_header(g.header), g.records, uid=g.uid,
                created=g.created, hashes=g.hashes,
            )  # fmt: skip
    assert game_count(other) == 1


def test_a_file_of_several_games_imports_them_all(games: Games, other: Ledger):
    lines = exported(games, seeded_game(games, 2)) + exported(games, physical_game(games))
    records = import_games(other, parse_lines(lines))
    assert [r.id for r in records] == [1, 2]
    assert [Games(other).load(r.id).seq for r in records] == [3, 2]


def test_importing_the_same_file_twice_is_refused_and_writes_nothing(games: Games, other: Ledger):
    lines = exported(games, seeded_game(games))
    import_games(other, parse_lines(lines))
    events = len(other.events(1))
    with pytest.raises(RefusedImport, match="already in the database as game 1"):
        import_games(other, parse_lines(lines))
    assert game_count(other) == 1
    assert len(other.events(1)) == events


def test_the_same_game_twice_in_one_file_writes_nothing(games: Games, other: Ledger):
    lines = exported(games, seeded_game(games, 1))
    with pytest.raises(RefusedImport, match="in the file twice"):
        import_games(other, parse_lines(lines + lines))
    assert game_count(other) == 0


# -- malformed files (refused while reading: nothing can be written) ----------------------


def test_a_malformed_json_line_is_named(games: Games):
    lines = exported(games, seeded_game(games))
    lines[2] = lines[2].replace('"', "", 1)
    with pytest.raises(MalformedFile, match=r"^line 3: not valid JSON"):
        parse_lines(lines)


def test_a_line_that_is_not_an_object_is_named(games: Games):
    lines = exported(games, physical_game(games))
    with pytest.raises(MalformedFile, match=r"^line 2: expected a JSON object, got list"):
        parse_lines([lines[0], "[1, 2]", *lines[1:]])


def test_a_file_cut_mid_line_is_named(games: Games):
    lines = exported(games, seeded_game(games))
    text = "\n".join(lines)
    cut = text[: len(text) - len(lines[-1]) // 2]
    with pytest.raises(MalformedFile, match=rf"^line {len(lines)}: not valid JSON.*truncated"):
        parse_lines(cut.splitlines())


def test_a_file_cut_at_a_line_boundary_has_too_few_events(games: Games):
    game = seeded_game(games)
    lines = exported(games, game)
    with pytest.raises(MalformedFile) as refused:
        parse_lines(lines[:-2])
    message = str(refused.value)
    assert "header is on line 1" in message
    assert f"declares {game.seq} events but the file holds {game.seq - 2}" in message


def test_a_file_without_its_header_is_refused(games: Games):
    lines = exported(games, seeded_game(games))
    with pytest.raises(MalformedFile, match=r"^line 1: a tablelog file starts with a header"):
        parse_lines(lines[1:])
    with pytest.raises(MalformedFile, match="no tablelog header line"):
        parse_lines(["", "  "])


def test_a_header_missing_fields_is_named(games: Games):
    lines = exported(games, physical_game(games))
    header = json.loads(lines[0])
    del header["players"], header["uid"]
    with pytest.raises(MalformedFile, match=r"^line 1: the header lacks players, uid"):
        parse_lines([json.dumps(header), *lines[1:]])


def test_an_event_missing_fields_is_named(games: Games):
    lines = exported(games, physical_game(games))
    data = json.loads(lines[2])
    del data["hash"]
    with pytest.raises(MalformedFile, match=r"^line 3: the event lacks hash"):
        parse_lines([*lines[:2], json.dumps(data)])


def test_an_unknown_card_in_an_event_is_named(games: Games):
    lines = exported(games, physical_game(games))
    with pytest.raises(
        MalformedFile, match=r"^line 3 \(event 2\): not a valid 'karnoffel.play' event"
    ) as caught:
        parse_lines(rehash(edit(lines, 2, card="ZZ")))
    assert "'ZZ' is not a card" in str(caught.value) and "(at card)" in str(caught.value)


def test_an_unreadable_edit_is_reported_as_an_altered_event(games: Games):
    lines = exported(games, physical_game(games))
    (parsed,) = parse_lines(edit(lines, 2, card="ZZ"))  # not decoded: its hash is wrong
    problems = [str(p) for p in verify_parsed(parsed).problems]
    assert problems and problems[0].startswith("event 2 was altered")


# -- well formed but refused (hash chain, rules) -------------------------------------------


def test_an_edited_event_breaks_the_chain_and_nothing_is_imported(games: Games, other: Ledger):
    game = physical_game(games)
    lines = edit(exported(games, game), 2, card="2S")  # Bo's 3H became 2S
    (parsed,) = parse_lines(lines)
    result = verify_parsed(parsed)
    assert not result.ok
    assert result.problems[0].seq == 2
    with pytest.raises(RefusedImport) as refused:
        import_games(other, [parsed])
    assert "nothing was imported" in str(refused.value)
    assert "event 2 was altered" in str(refused.value)
    assert game_count(other) == 0


def test_an_edited_and_rehashed_illegal_move_is_refused_naming_the_rule(
    games: Games, other: Ledger
):
    game = physical_game(games)
    lines = rehash(edit(exported(games, game), 2, card="7H"))  # Bo leads the Devil
    (parsed,) = parse_lines(lines)
    result = verify_parsed(parsed)
    assert [str(p) for p in result.problems] == [
        "event 2 (Bo 7H): the Devil (7♥, the trump 7) may not be led to the first trick"
    ]
    with pytest.raises(RefusedImport, match=r"event 2 \(Bo 7H\): the Devil"):
        import_games(other, [parsed])
    assert game_count(other) == 0


def test_a_swapped_and_rehashed_seeded_deal_is_refused(games: Games, other: Ledger):
    game = seeded_game(games, 0)
    lines = exported(games, game)
    deal = json.loads(lines[1])
    deal["cards"][0], deal["cards"][4] = deal["cards"][4], deal["cards"][0]
    deal["cards"][0]["up"], deal["cards"][4]["up"] = True, False
    lines = rehash([lines[0], json.dumps(deal)])
    with pytest.raises(RefusedImport, match=r"event 1 .*does not come from this game's seed"):
        import_games(other, parse_lines(lines))
    assert game_count(other) == 0


def test_a_refused_second_game_keeps_the_first_out_too(games: Games, other: Ledger):
    good = exported(games, seeded_game(games, 1))
    bad = edit(exported(games, physical_game(games)), 2, card="2S")
    with pytest.raises(RefusedImport, match="event 2"):
        import_games(other, parse_lines(good + bad))
    assert game_count(other) == 0


def test_a_parsed_games_header_bytes_are_its_own_headers(games: Games) -> None:
    # the reader encodes the header once and hands the bytes on; a copy of the game with
    # another header (attrs.evolve) must make its own bytes, never the reader's
    import attrs

    (parsed,) = parse_lines(exported(games, seeded_game(games)), lambda name: RULES)
    assert parsed.header_bytes == encode_header(parsed.header)
    assert parsed.encoded is not None and parsed.header_bytes is parsed.encoded[1]
    renamed = attrs.evolve(parsed, header=attrs.evolve(parsed.header, players=("W", "X", "Y", "Z")))
    assert renamed.header_bytes == encode_header(renamed.header)
    assert renamed.header_bytes != parsed.header_bytes
