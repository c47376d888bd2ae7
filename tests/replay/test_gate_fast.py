"""The gate's shortcuts give what its generic walk gives: the cards a move names, read by
field names looked up once per payload class (and remembered per payload object), and a
deal's card made blank by making the ``Dealt`` anew (its three fields) instead of
``attrs.evolve``; on every event of seeded and physical random games of every game, for
everyone and for each seat."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from tablelog.replay.fold import Replayer
from tablelog.replay.gate import EVERYONE, Gate, Viewer, _blank, _cards
from tablelog.rules import registry
from tablelog.rules.cards import Card
from tablelog.rules.events import Deal, Dealt, Move
from tests.replay.dealer_games import CONFIGS, header, played


def _named(move: Move) -> list[Card]:
    """Every card a move names, walked field by field (the gate's walk before the cache)."""
    payload = move.payload
    if isinstance(payload, Deal):
        return [d.card for d in payload.cards if d.card is not None]
    out: list[Card] = []
    for field in attrs.fields(type(payload)):
        value = getattr(payload, field.name)
        if isinstance(value, Card):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(v for v in value if isinstance(v, Card))
    return out


def _blank_deal(deal: Deal, seen: Counter[Card]) -> Deal:
    """A deal with each card beyond ``seen`` blank, by ``attrs.evolve``."""
    left = Counter(seen)
    out = []
    for d in deal.cards:
        if d.card is not None and left[d.card] > 0:
            left[d.card] -= 1
            out.append(d)
        else:
            out.append(d if d.card is None else attrs.evolve(d, card=None))
    return Deal(tuple(out))


def test_a_dealt_card_has_exactly_the_fields_the_blank_copy_makes() -> None:
    assert [f.name for f in attrs.fields(Dealt)] == ["to", "card", "up"]


@pytest.mark.parametrize(("name", "options", "n", "modes"), CONFIGS)
def test_every_move_as_each_viewer_saw_it(
    name: str, options: dict[str, Any], n: int, modes: tuple[str, ...]
) -> None:
    rules = registry.get(name)
    deals = blanked = 0
    for seed in (1, 2):
        for mode in modes:
            hdr = header(name, options, n, seed, mode)
            events = [event for _, _, event in played(rules, hdr, seed, mode)]
            viewers = [EVERYONE, *(Viewer(seat) for seat in range(n))]
            gates = [Gate(rules, hdr, viewer) for viewer in viewers]
            replayer = Replayer(rules, hdr)
            for event in events:
                before = replayer.state
                after = replayer.push(event)
                assert _cards(event.move) == tuple(_named(event.move))
                assert _cards(event.move) == tuple(_named(event.move))  # now remembered
                if isinstance(event.payload, Deal):
                    deals += 1
                    for seen in (Counter(), Counter(_named(event.move)[:1])):
                        made = _blank(event.move, seen)
                        assert made is not None
                        assert made.payload == _blank_deal(event.payload, seen)
                for gate in gates:
                    move = gate.move(before, event, after)
                    if move is not None and isinstance(move.payload, Deal):
                        blanked += move.payload != event.payload
    assert deals > 0 and blanked > 0


def test_the_last_events_text_is_kept_and_any_other_event_is_written_anew(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Gate.text keeps the last event's text (a page and a log ask it twice per event): the
    # same states and event answer at once; another event, or an equal copy of the same
    # one, is written anew and answers as a fresh gate does
    from tablelog.rules.events import Event
    from tests.helpers import first_moves

    rules = registry.get("karnoffel")
    hdr = header("karnoffel", {}, 4, 7, "seeded")
    walked = list(first_moves(rules, hdr, 6))
    states = [rules.start(hdr), *(state for _, state in walked)]
    steps = [(states[i], event, states[i + 1]) for i, (event, _) in enumerate(walked)]
    written: list[int] = []
    original = Gate._text

    def counting(self: Gate, before: Any, event: Event, after: Any) -> str:
        written.append(event.seq)
        return original(self, before, event, after)

    monkeypatch.setattr(Gate, "_text", counting)
    gate = Gate(rules, hdr, Viewer(1))
    first, second = steps[1], steps[2]
    text = gate.text(*first)
    assert gate.text(*first) == text and written == [2]
    assert gate.text(*second) == Gate(rules, hdr, Viewer(1)).text(*second)
    assert written == [2, 3, 3]
    before, event, after = second
    copy = Event(event.seq, event.actor, event.payload)
    assert gate.text(before, copy, after) == gate.text(*second)
    assert written == [2, 3, 3, 3, 3]  # identity, not equality: each asked anew
    assert gate.text(*first) == text and written[-1] == 2  # only the last is kept
