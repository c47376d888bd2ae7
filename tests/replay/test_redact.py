"""Refusals in a seeded game name no hidden card (``replay/redact.py``)."""

from __future__ import annotations

from pathlib import Path

import attrs

from tablelog.ledger import Ledger
from tablelog.replay.games import Games
from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event


def test_a_refused_move_does_not_say_whose_hidden_hand_holds_the_card(db: Path):
    """Narrespillet's rule sentence places a card it knows ("it is already known to be
    in Anna's hand"); in a seeded game nobody at the table has seen that card there."""
    rules = registry.get("narrespillet")
    would_leak = refused = 0
    with Ledger(db) as ledger:
        games = Games(ledger)
        game = games.create(make_header(rules, ("Anna", "Bo"), {}, seed=2))
        for _ in range(12):
            move = next(iter(rules.moves(game.state)))
            other = 1 - (move.actor or 0)
            hidden = rules.zones(game.state)[f"hand:{other}"].cards
            fields = [f.name for f in attrs.fields(type(move.payload))
                      if isinstance(getattr(move.payload, f.name), Card)]  # fmt: skip
            for field, card in ((f, c) for f in fields[:1] for c in hidden):
                wrong = attrs.evolve(move, payload=attrs.evolve(move.payload, **{field: card}))
                try:
                    rules.apply(game.state, Event(game.seq + 1, wrong.actor, wrong.payload))
                except IllegalEvent as raw:
                    would_leak += "'s hand" in raw.reason
                else:
                    continue
                try:
                    games.submit(game, wrong)
                except IllegalEvent as said:
                    refused += 1
                    assert "'s hand" not in str(said), str(said)
            games.submit(game, move)
            game = games.load(game.id)
    assert would_leak > 0 and refused >= would_leak  # the sentence was there to drop


def test_a_physical_game_keeps_the_whole_sentence(db: Path):
    from tests.helpers import CLUBS_DEAL

    with Ledger(db) as ledger:
        games = Games(ledger)
        rules = registry.get("karnoffel")
        game = games.create(make_header(rules, ("Anna", "Bo", "Cai", "Dina"), {}))
        games.play(game.id, CLUBS_DEAL)
        games.play(game.id, "QS")
        try:
            games.play(game.id, "9H")
        except IllegalEvent as said:
            assert "it is already known to be in Bo's hand" in str(said)
        else:
            raise AssertionError("Cai played Bo's up-card")
