"""A Karnöffel match walked forward in place, for fast random play (``rules.playout``).

Nearly every event of a match is a play to a trick, so the tricks have a fast path:
while a deal is played with every hand known, the hands, the trick and the tricks each
team won are kept as plain lists and changed in place, and the moves are listed from them
as ``play.legal_moves`` lists them (the same shared ``Move`` values, in hand order, the
Devil kept from the first lead): no new immutable state per card, and no validation (a
playout is only given listed moves).

Everything else goes through the fold itself on a fold state: the deal and the turned
card (the chance steps), a hand with face-down cards (a physical table), and the card
that ends a deal, which the fold scores (``play._finish_deal``). The state the fold
would reach is built only when asked (``state()``); the invariant kit and
``tests/rules/test_karnoffel_playout.py`` check it against the fold step by step.
"""

from __future__ import annotations

from tablelog.rules.cards import Card
from tablelog.rules.events import Event, Move
from tablelog.rules.karnoffel.events import Play
from tablelog.rules.karnoffel.play import (
    PLAYS,
    SIDE,
    TURN_ORDER,
    apply,
    chance,
    deal_ends,
    legal_moves,
    outcome,
)
from tablelog.rules.karnoffel.ranking import trick_winner_index
from tablelog.rules.karnoffel.state import PLAY, SEATS, DealState, State, TrickRecord
from tablelog.rules.playout import InPlace
from tablelog.rules.zones import Zone

__all__ = ["KarnoffelPlayout", "playout"]


def playout(state: State, seq: int = 0) -> KarnoffelPlayout:
    """A playout of ``state``, the fold's state after ``seq`` events."""
    return KarnoffelPlayout(state, seq)


class KarnoffelPlayout(InPlace):
    """One match in place (``rules.playout.Playout``); see the module's text."""

    __slots__ = (
        "_base",
        "_hands",
        "_leader",
        "_listed",
        "_state",
        "_taken",
        "_trick",
        "_tricks",
        "_won",
    )

    fold_chance = staticmethod(chance)
    fold_outcome = staticmethod(outcome)

    def _load(self, state: State) -> None:
        """Stand for the fold state ``state``: read into lists when its tricks are played
        with every hand known."""
        self._state: State | None = state
        self._listed: tuple[Move, ...] | None = None
        if state.phase != PLAY or any(hand.hidden for hand in state.hands):
            self._base: State | None = None
            return
        self._base = state
        current = state.current
        self._hands = [hand.cards for hand in state.hands]
        self._trick = state.trick
        self._leader = state.leader
        self._won = [zone.cards for zone in current.won]
        self._taken = list(current.taken)
        self._tricks = current.tricks

    def state(self) -> State:
        """The fold state this playout stands for (built when asked, then kept)."""
        if self._state is None:
            base = self._base
            assert base is not None
            current = base.current
            won0, won1 = current.won
            self._state = State(
                base.table,
                PLAY,
                base.dealer,
                tuple(Zone(cards) for cards in self._hands),
                self._trick,
                self._leader,
                DealState(
                    current.stock,
                    current.turned,
                    (Zone(self._won[0], won0.hidden), Zone(self._won[1], won1.hidden)),
                    current.upcards,
                    current.trump,
                    self._tricks,
                    (self._taken[0], self._taken[1]),
                ),
                base.match,
            )
        return self._state

    def moves(self) -> tuple[Move, ...]:
        """``tuple(moves(state))``, from the lists on the fast path."""
        listed = self._listed
        if listed is None:
            base = self._base
            if base is None:
                listed = legal_moves(self.state())
            else:
                trick = self._trick
                seat = TURN_ORDER[self._leader][len(trick)]
                cards = self._hands[seat]
                if len(set(cards)) != len(cards):  # as ``legal_moves``: each card once
                    cards = tuple(dict.fromkeys(cards))
                if not trick and not self._tricks:  # the Devil may not lead the first trick
                    devil = Card("7", base.current.trump)
                    cards = tuple(card for card in cards if card != devil)
                listed = tuple(map(PLAYS[seat].__getitem__, cards))
            self._listed = listed
        return listed

    def play(self, move: Move) -> None:
        """Play a listed move or a sample of the chance step, in place where it can be."""
        self.seq += 1
        payload = move.payload
        base = self._base
        if base is None or type(payload) is not Play or self._ends_deal():
            self._load(apply(self.state(), Event(self.seq, move.actor, payload)))
            return
        self._state = self._listed = None
        card: Card = payload.card
        trick = self._trick
        leader = self._leader
        seat = TURN_ORDER[leader][len(trick)]
        hand = self._hands[seat]
        at = hand.index(card)
        self._hands[seat] = hand[:at] + hand[at + 1 :]
        trick += (card,)
        if len(trick) < SEATS:
            self._trick = trick
            return
        current = base.current
        options = base.table.options
        winner = TURN_ORDER[leader][trick_winner_index(trick, current.trump, options.stecher_scope)]
        side = SIDE[winner]
        self._won[side] += trick
        self._taken[side] += 1
        self._tricks += (TrickRecord(leader, trick, winner),)
        self._trick = ()
        self._leader = winner

    def _ends_deal(self) -> bool:
        """Whether the card the seat to play lays closes a trick that ends the deal (the
        fold then scores the deal and the match)."""
        if len(self._trick) < SEATS - 1:
            return False
        assert self._base is not None
        taken = self._taken  # either team may take it: ends if it would for either
        may_take = (taken[0] + 1, taken[1] + 1)
        return deal_ends(self._base.table.options, len(self._tricks) + 1, may_take)
