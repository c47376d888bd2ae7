"""``Gate.move``'s shortcut (a move naming each card once is seen whole when every card it
names was shown to the viewer) agrees with the count it skips: a card named twice (two
decks) must have been shown twice, or its second copy is blank."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from tablelog.replay.gate import EVERYONE, Gate, Viewer
from tablelog.rules.cards import Card
from tablelog.rules.events import Deal, Dealt, Event, Move
from tablelog.rules.protocol import Shown

ACE, KING = Card("A", "S"), Card("K", "H")


def _seen(deal: tuple[Dealt, ...], shown: Shown, viewer: Viewer) -> Move | None:
    rules: Any = SimpleNamespace(shown=lambda before, event: shown)
    header: Any = SimpleNamespace(players=("Anna", "Bo"), seed=1)
    return Gate(rules, header, viewer).move(None, Event(1, None, Deal(deal)), None)


def test_a_card_named_twice_and_shown_once_has_its_second_copy_blank() -> None:
    twice = (Dealt("0", ACE), Dealt("1", ACE))
    seen = _seen(twice, Shown(seats={0: (ACE,)}), Viewer(0))
    assert seen == Move(None, Deal((Dealt("0", ACE), Dealt("1", None))))
    both = _seen(twice, Shown(everyone=(ACE, ACE)), Viewer(1))
    assert both == Move(None, Deal(twice))


def test_cards_named_once_are_seen_when_each_was_shown() -> None:
    deal = (Dealt("0", ACE), Dealt("1", KING))
    assert _seen(deal, Shown(everyone=(ACE, KING)), EVERYONE) == Move(None, Deal(deal))
    mine = _seen(deal, Shown(seats={0: (ACE,), 1: (KING,)}), Viewer(0))
    assert mine == Move(None, Deal((Dealt("0", ACE), Dealt("1", None))))
    assert _seen(deal, Shown(seats={0: (ACE,)}), EVERYONE) == Move(
        None, Deal((Dealt("0", None), Dealt("1", None)))
    )
