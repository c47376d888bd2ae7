"""What a Narrespillet event shows to everyone: every card a move lays face up, also when
the same event takes it off the table again (the Fool's steal that ends the round: the
contract test's views check found the log line naming the Fool with nothing showing it);
and ``shown``, which reads the commonest events without applying them, answers what
applying the event and comparing every public card before and after answers."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tablelog.replay.dealer import dealer_move
from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tablelog.rules.cards import FOOL
from tablelog.rules.events import Event, Move
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet import showing, turn
from tablelog.rules.narrespillet.checks import check
from tablelog.rules.narrespillet.showing import shown, shown_applied
from tablelog.rules.narrespillet.state import State
from tablelog.rules.playout import FoldPlayout
from tablelog.rules.protocol import Shown
from tests.rules.narrespillet_helpers import walked
from tests.rules.test_narrespillet_playout import OPTION_SETS

RULES = registry.get("narrespillet")


def _laid_moves(kinds: tuple[type, ...], wanted: int) -> list[tuple[object, Event]]:
    """``wanted`` events of the given kinds from seeded random games, with the state each
    was played in."""
    found: list[tuple[object, Event]] = []
    for seed in range(200):
        rng = random.Random(seed)
        header = make_header(RULES, ("Anna", "Bo", "Cai"), {"variant": "malderia"}, seed=seed)
        state = RULES.start(header)
        for seq in range(1, 400):
            move = dealer_move(RULES, state, seed, seq)
            if move is None:
                moves = list(RULES.moves(state))
                if not moves:
                    break
                move = rng.choice(moves)
            event = Event(seq, move.actor, move.payload)
            if isinstance(move.payload, kinds):
                found.append((state, event))
                if len(found) >= wanted:
                    return found
            state = RULES.apply(state, event)
    return found


def test_the_fool_played_is_shown_to_everyone():
    fools = _laid_moves((ev.Fool,), 3)
    assert fools
    for state, event in fools:
        assert FOOL in RULES.shown(state, event).everyone


def test_a_card_laid_face_up_is_shown_to_everyone():
    laid = _laid_moves((ev.Place, ev.Discard, ev.Picture), 60)
    assert len(laid) == 60
    for state, event in laid:
        p = event.payload
        cards = p.cards if isinstance(p, ev.Place) else (p.card,)
        everyone = RULES.shown(state, event).everyone
        assert all(card in everyone for card in cards), (event, everyone)


class _Comparing(FoldPlayout):
    """The fold walked as a playout, holding ``shown`` to ``shown_applied`` (every public
    card compared before and after the event applied) at every event it is given: before
    the fold has applied it (read by ``_quick``, or applied and compared zone by zone) and
    after (the state the fold made, compared zone by zone), and at the same event made by
    another actor (refused, mostly: it shows nothing)."""

    def __init__(self, state: State, seq: int, used: Counter[str]) -> None:
        super().__init__(RULES, state, seq)
        self.used = used

    def play(self, move: Move) -> None:
        state = self.state()
        event = Event(self.seq + 1, move.actor, move.payload)
        expected = shown_applied(state, event)
        turn._RECENT.clear()  # not applied yet
        quick = showing._quick(state, event)
        self.used[f"{type(move.payload).__name__}{'' if quick is None else ', quick'}"] += 1
        assert shown(state, event) == expected, f"shown parts at {event}"
        other = Event(event.seq, _other(state, move.actor), move.payload)  # mostly refused
        turn._RECENT.clear()
        seen = shown(state, other)
        assert seen == shown_applied(state, other), f"shown parts at {other}"
        self.used["refused"] += seen == Shown() and check(state, other) is not None
        super().play(move)  # applied: ``shown`` compares the state the fold made
        assert turn.recent(state, event) is not None
        assert shown(state, event) == expected, f"shown parts after {event}"


def _other(state: State, actor: int | None) -> int | None:
    """Another actor than ``actor``: the next seat (a player for a deal)."""
    return 0 if actor is None else (actor + 1) % state.n


def _shown_game(options: dict[str, object], seed: int, known: bool, used: Counter[str]) -> int:
    return walked(lambda state, seq: _Comparing(state, seq, used), options, seed, known)


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.items())) or "default"
)
def test_shown_is_what_applying_the_event_shows(options: dict[str, object]) -> None:
    """``shown`` reads the commonest events without applying them, and compares only the
    zones an event changed for the rest: on every event of seeded games of every option
    set it answers what comparing every public card before and after answers."""
    used: Counter[str] = Counter()
    for seed in range(6):
        assert _shown_game(options, seed, True, used) > 50
    for kind in ("Deal", "Discard", "Forfeit", "Place"):
        assert used[f"{kind}, quick"], used
    assert used["Deal"] and used["Place"] and used["Picture"], used  # the general path too
    assert used["refused"] > 100, used


def test_shown_in_physical_games() -> None:
    used: Counter[str] = Counter()
    for seed in range(8):
        _shown_game({"rounds": 2}, seed, False, used)
    assert used["Discard, quick"] and used["Forfeit, quick"] and used["Show"], used


def test_a_wrong_shortcut_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shortcut that shows a refill to nobody parts from applying the event."""
    monkeypatch.setattr(showing, "_quick", _forgetful)
    with pytest.raises(AssertionError, match="shown parts at"):
        for seed in range(6):
            _shown_game({}, seed, True, Counter())


_QUICK = showing._quick


def _forgetful(state: State, event: Event) -> Shown | None:
    """``_quick`` that shows a refill to nobody."""
    answer = _QUICK(state, event)
    return Shown() if answer is not None and answer.seats else answer
