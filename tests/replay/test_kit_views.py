"""The views check (``replay.kit.views``): what each seat has been shown (an undo takes
back what the events it undid showed, and so knows what gathering it again from the start
knows), and a view's count of each zone."""

from __future__ import annotations

import random

import attrs
import pytest

from tablelog.replay.kit import SAMPLED, History, InvariantViolation
from tablelog.replay.kit.invariants import PROBES, run
from tablelog.replay.kit.views import _Seen
from tablelog.rules.cards import Card
from tablelog.rules.protocol import Header, Shown
from tests.replay.toy_rules import RULES

CARDS = tuple(Card(r, s) for s in "SH" for r in "2345")
SEATS = (None, 0, 1, 2)


def _shown(rng: random.Random, may_forget: bool = True) -> Shown:
    """An event's showing: a few cards to everyone and to some seats, now and then (if
    ``may_forget``) a shuffle that makes everyone forget (a card may be shown twice: two
    decks)."""
    everyone = tuple(rng.choices(CARDS, k=rng.randrange(3)))
    chosen = rng.sample(range(3), 2)
    seats = {seat: tuple(rng.choices(CARDS, k=rng.randrange(3))) for seat in chosen}
    return Shown(everyone, seats, forget=may_forget and rng.random() < 0.1)


def _gathered(shown: list[Shown]) -> _Seen:
    seen = _Seen()
    for one in shown:
        seen.see(one)
    return seen


@pytest.mark.parametrize("seed", range(40))
def test_taking_back_the_last_events_is_seeing_the_rest_again(seed: int):
    """The events taken back made no one forget (after such an undo the probe gathers
    everything again); those before them may have."""
    rng = random.Random(seed)
    kept = [_shown(rng) for _ in range(rng.randrange(0, 8))]
    gone = [_shown(rng, may_forget=False) for _ in range(rng.randrange(1, 6))]
    seen = _gathered(kept + gone)
    for one in reversed(gone):
        seen.unsee(one)
    again = _gathered(kept)
    for seat in SEATS:
        assert seen.of(seat) == again.of(seat)
        assert all(n > 0 for n in seen.of(seat).values())


def test_taking_back_an_event_forgets_its_cards_but_not_the_same_card_shown_earlier():
    card = CARDS[0]
    seen = _gathered([Shown((card,)), Shown((), {0: (card, CARDS[1])})])
    seen.unsee(Shown((), {0: (card, CARDS[1])}))
    assert seen.of(0) == {card: 1} and seen.of(1) == {card: 1}
    seen.unsee(Shown((card,)))
    assert not seen.of(0) and not seen.of(None)


def _miscounting_view(state, seat):
    """Highcard's view that says the stock holds one card more than it does."""
    from tests.replay.toy_rules import view

    real = view(state, seat)
    zones = tuple(
        attrs.evolve(z, hidden=z.hidden + 1) if z.name == "stock" else z for z in real.zones
    )
    return attrs.evolve(real, zones=zones)


@pytest.mark.parametrize("names", [("views",), tuple(PROBES)], ids=["alone", "one walk"])
def test_a_view_that_miscounts_a_zone_is_caught_alone_and_in_the_one_walk(names):
    """In the one walk the views check reads the state's zones from the conservation
    check's tally (``conservation.kept``); alone it asks ``rules.zones``: both catch it."""
    broken = attrs.evolve(RULES, view=_miscounting_view)
    header = Header(broken.name, broken.version, ("Anna", "Bo"), {}, 0, 3)
    history = History(header, ())
    with pytest.raises(InvariantViolation, match="zone stock holds 8 cards, the view says"):
        run(broken, history, names, SAMPLED)


@pytest.mark.parametrize(
    ("shows", "seen", "leak"),
    [
        ("2S 3S", "2S 3S 4S", None),  # each card once, each seen
        ("2S 2S", "2S 3S", "2S"),  # a card shown twice, seen once (two decks)
        ("2S 2S", "2S 2S", None),
        ("2S 5H", "2S", "5H"),  # a card never seen
    ],
)
def test_a_view_shows_each_card_at_most_as_often_as_it_was_seen(shows, seen, leak):
    from collections import Counter
    from types import SimpleNamespace

    from tablelog.replay.kit.views import _views_hold
    from tablelog.replay.kit.walk import Step
    from tablelog.rules.cards import parse_cards
    from tablelog.rules.protocol import View, ZoneView

    view = View(0, (ZoneView("hand:0", tuple(parse_cards(shows))),))
    rules = SimpleNamespace(view=lambda state, seat: view, zones=lambda state: {})
    history = SimpleNamespace(header=SimpleNamespace(players=("Anna", "Bo")))
    step = Step(4, None, None, object(), ())
    known = {0: Counter(parse_cards(seen))}
    if leak is None:
        _views_hold(rules, history, step, known, (0,))
    else:
        with pytest.raises(InvariantViolation, match=f"the view of Anna shows {leak}, never"):
            _views_hold(rules, history, step, known, (0,))
