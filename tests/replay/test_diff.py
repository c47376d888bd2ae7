"""``diff``: where two logs part, each event named as the recorder saw it."""

from __future__ import annotations

import re

from tablelog.replay.diff import Log, diff_logs
from tablelog.replay.games import Games
from tablelog.rules.events import Event, Undo
from tablelog.rules.karnoffel import RULES
from tests.helpers import karnoffel_header
from tests.replay.test_verify import hidden_cards, played_seeded


def test_an_effective_diff_of_a_seeded_game_names_no_hidden_card(games: Games):
    # one side takes its move back: the logs are compared by their effective events, and
    # the deal in those rows is the deal the table saw, not the hands it dealt
    header = karnoffel_header(seed=3)
    events = played_seeded(games, 3, 2)
    undone = Log("undone", RULES, header, (*events[:2], Event(3, events[1].actor, Undo())))
    played = Log("played", RULES, header, tuple(events))
    diff = diff_logs(undone, played)
    assert diff.effective and diff.first == 2
    out = " ".join([diff.why, *(str(cell) for row in diff.rows for cell in row)])
    hidden = hidden_cards(events[0])
    assert hidden
    leaked = [c for c in hidden if re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", out)]
    assert not leaked, out


def test_an_event_without_notation_is_named_by_its_kind_and_player():
    # a person reads "Bo play", not "karnoffel.play (actor 1)"
    from tablelog.replay.diff import _kind
    from tablelog.rules.cards import Card
    from tablelog.rules.karnoffel.events import Play

    log = Log("a", RULES, karnoffel_header(), ())
    assert _kind(log, Event(3, 1, Play(Card("K", "S")))) == "Bo play"
    assert _kind(log, Event(3, 9, Play(Card("K", "S")))) == "play"


def test_two_seeds_are_said_to_differ_without_printing_them():
    # a seed deals every card again: diff says the seeds differ, never what they are
    empty = ()
    diff = diff_logs(
        Log("a", RULES, karnoffel_header(seed=31337), empty),
        Log("b", RULES, karnoffel_header(seed=27182), empty),
    )
    assert diff.first == 0 and "seeds differ" in diff.why
    assert "31337" not in diff.why and "27182" not in diff.why
    one = diff_logs(
        Log("a", RULES, karnoffel_header(seed=31337), empty),
        Log("b", RULES, karnoffel_header(), empty),
    )
    assert one.why == "not the same game: only a was dealt by the seeded dealer"
