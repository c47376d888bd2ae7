"""A stored summary read lazily (``replay.summary.Stored``, issue 24): ``list`` orders
every game by its tail (version, variation) and decodes the whole JSON only of the rows
it draws; every answer is ``json.loads``' of the stored text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tablelog.ledger import Ledger
from tablelog.replay import summary
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.replay.summary import Stored, dumps, results, summary_of
from tablelog.rules import registry
from tests.cli.clitools import play_first_moves, run, run_json


def stored_texts(db: Path) -> list[str]:
    with Ledger(db) as ledger:
        return [row.summary for row in ledger.results() if row.summary is not None]


def assert_same(text: str) -> None:
    """``Stored(text)`` answers every key as ``json.loads(text)`` does, in its order."""
    data = json.loads(text)
    stored = Stored(text)
    for key in ("v", "variation_of", "variation_at", "winners", "players", "missing"):
        assert stored.get(key) == data.get(key)
    assert list(stored) == list(data)
    assert dict(stored.items()) == data
    assert len(stored) == len(data)


def test_the_tail_of_real_summaries_is_read_alone_and_agrees(db: Path) -> None:
    runner = CliRunner(env={"TABLELOG_DB": str(db)})
    # player names that are the summary's own keys, as a nested key and in the winners
    players = ["v", "variation_of", "winners", 'a "b"']
    named = [arg for name in players for arg in ("-p", name)]
    seeded = int(run_json(runner, "new", "karnoffel", *named, "--seed", "5")["game"])
    play_first_moves(runner, seeded, 4)
    run(runner, "fork", str(seeded), "--at", "3")
    texts = stored_texts(db)
    assert len(texts) == 2
    for text in texts:
        assert summary._tail(text) is not None  # the cheap path is taken
        assert_same(text)
    fork = json.loads(texts[1])
    assert fork["variation_of"] and fork["variation_at"] == 3
    assert Stored(texts[1])["variation_of"] == fork["variation_of"]


@pytest.mark.parametrize(
    "text",
    [
        '{"v":2,"winners":[],"variation_of":null,"variation_at":null}',  # keys unsorted
        '{"v":2,"variation_at":null,"variation_of":null,"winners":[],"x":{"v":1}}',  # more
        '{"a":1,"v":2,"variation_at":null,"variation_of":{"a":1,"v":3},"winners":[]}',
        '{"players":["x"],"over":true}',  # no tail at all
        '{"v":2}',
    ],
)
def test_another_layout_is_read_whole(text: str) -> None:
    assert summary._tail(text) is None
    assert_same(text)


def test_an_object_in_the_tail_is_read_as_json_reads_it() -> None:
    text = '{"a":1,"v":2,"variation_at":null,"variation_of":{"v":3},"winners":[]}'
    assert summary._tail(text) == {
        "v": 2, "variation_at": None, "variation_of": {"v": 3}, "winners": []
    }  # fmt: skip
    assert_same(text)


def test_list_decodes_only_the_rows_it_draws(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = registry.get("karnoffel")
    with Ledger(db) as ledger:
        games = Games(ledger)
        first = games.create(make_header(rules, ["Anna", "Bo", "Cai", "Dina"], {}, seed=1))
        for seed in range(2, 61):
            games.create(make_header(rules, ["Anna", "Bo", "Cai", "Dina"], {}, seed=seed))
        text = dumps(summary_of(games.load(first.id)))
        assert all(isinstance(r.data, Stored) for r in results(ledger))
    decoded: list[str] = []  # each summary's whole text decoded
    whole = Stored.whole

    def counting(self: Stored) -> object:
        if self._data is None:
            decoded.append(self._text)
        return whole(self)

    monkeypatch.setattr(Stored, "whole", counting)
    runner = CliRunner(env={"TABLELOG_DB": str(db)})
    out = run(runner, "list").stdout
    assert "60 game(s)" in out and "showing rows 11–60 of 60" in out
    assert 0 < len(decoded) <= 50
    decoded.clear()
    listed = run_json(runner, "list")["games"]  # --json writes every game whole
    assert len(listed) == 60 and len(decoded) == 60
    assert json.loads(text)["players"] == listed[0]["players"]
