"""A Nørdekasino game walked forward in place, for fast random play (``rules.playout``).

The turns of a round are where nearly every decision is made, so they have a fast path:
while a round is played with every hand known, no claim open and neither the Thomas
Kragh rule nor the open-hand penalty in play (a seeded game, any number of players, with
or without partners), the hands, the piles, the cards each side won and the sweeps are
kept as plain lists and changed in place, and the moves are listed by the fold's own
listing (``onepass.listing``, what ``moves.turn_moves`` gives) from a ``Turn`` and a
``Layout`` made of those lists directly (``turn.known_turn``, ``subsets.layout_of``): the
same moves in the same order, without a new immutable state per event, nor the validation
of ``apply`` (a playout is only given listed moves).

Everything else goes through the fold itself on a fold state: the deals (the chance
step, and its event by the fold's own ``deal_sampled``, which does not check again a deal
that is a sample of that step), the last card of the game (which scores it), and any state with
face-down cards, claims or those two options. The last card of an earlier round is
played in place and leaves the fold's state that waits for the next deal.
The state the fold would reach is built only when asked (``state()``), and the invariant
kit and ``tests/rules/test_nordekasino_playout.py`` check it against the fold step by step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from tablelog.rules.cards import Card
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.nordekasino.arith import ADAMS
from tablelog.rules.nordekasino.deal import deal_sampled
from tablelog.rules.nordekasino.duty import duty_of
from tablelog.rules.nordekasino.events import Adams, Build, Capture, Trail
from tablelog.rules.nordekasino.moves import moves
from tablelog.rules.nordekasino.onepass import listing
from tablelog.rules.nordekasino.play import apply, chance, outcome
from tablelog.rules.nordekasino.state import DEAL, PLAY, Pile, State
from tablelog.rules.nordekasino.subsets import Layout, layout_of
from tablelog.rules.nordekasino.turn import Turn, known_turn
from tablelog.rules.playout import InPlace, Listed
from tablelog.rules.table import evolve
from tablelog.rules.zones import Zone

__all__ = ["NordekasinoPlayout", "playout"]


def playout(state: State, seq: int = 0) -> NordekasinoPlayout:
    """A playout of ``state``, the fold's state after ``seq`` events."""
    return NordekasinoPlayout(state, seq)


def _fast(state: State) -> bool:
    """Whether the turns of ``state`` can be walked on the fast path."""
    options = state.options
    return (
        state.phase == PLAY
        and state.to_play is not None
        and not state.claims
        and not options.thomas_kragh
        and not options.open_hand_penalty
        and not any(hand.hidden for hand in state.hands)
    )


class NordekasinoPlayout(InPlace):
    """One game in place (``rules.playout.Playout``); see the module's text."""

    __slots__ = (
        "_base",
        "_hands",
        "_held",
        "_last",
        "_listed",
        "_piles",
        "_state",
        "_sweeps",
        "_to_play",
        "_won",
    )

    fold_chance = staticmethod(chance)
    fold_outcome = staticmethod(outcome)

    def _load(self, state: State) -> None:
        """Stand for the fold state ``state``: read into lists when it has a fast path."""
        self._state: State | None = state
        self._listed: Sequence[Move] | None = None
        if not _fast(state):
            self._base: State | None = None
            return
        self._base = state
        self._hands = [hand.cards for hand in state.hands]
        self._held = sum(map(len, self._hands))  # the cards in all hands
        self._piles = list(state.piles)
        self._won = [zone.cards for zone in state.won]
        self._sweeps = list(state.sweeps)
        self._to_play: int = state.to_play  # type: ignore[assignment]  # _fast says so
        self._last = state.last_taker

    def state(self) -> State:
        """The fold state this playout stands for (built when asked, then kept)."""
        if self._state is None:
            assert self._base is not None
            self._state = evolve(
                self._base,
                to_play=self._to_play,
                hands=tuple(Zone(cards) for cards in self._hands),
                piles=tuple(self._piles),
                won=tuple(Zone(cards) for cards in self._won),
                sweeps=tuple(self._sweeps),
                last_taker=self._last,
            )
        return self._state

    def moves(self) -> Sequence[Move]:
        """``tuple(moves(state))``; on the fast path from the lists, each move made when
        first read (``rules.playout.Listed``)."""
        if self._listed is None:
            self._listed = self._list() if self._base is not None else tuple(moves(self.state()))
        return self._listed

    def _list(self) -> Listed:
        base = self._base
        assert base is not None
        seat = self._to_play
        piles = self._piles
        owned = tuple(i for i, pile in enumerate(piles) if pile.owner == seat)
        mate = base.table.partner(seat) if base.options.partnership else None
        hands = self._hands
        turn = known_turn(seat, hands[seat], owned, None if mate is None else hands[mate])
        table = layout_of(tuple(pile.code for pile in piles))
        return Listed(listing(table, turn, _once(owned, turn, table), lazy=True))

    def play(self, move: Move) -> None:
        """Play a listed move or a sample of the chance step, in place where it can be."""
        self.seq += 1
        payload = move.payload
        kind = type(payload)
        base = self._base
        ends = base is not None and kind is not Adams and self._held == 1
        if base is None or kind not in _FAST or (ends and not len(base.stock)):
            state = self.state()
            if kind is Deal and state.phase == DEAL:  # a sample of ``chance()``: legal
                self._load(deal_sampled(state, payload))
            else:
                self._load(apply(state, Event(self.seq, move.actor, payload)))
            return
        self._state = self._listed = None
        seat = self._to_play
        if kind is Adams:
            self._take(seat, self._lift(payload.piles))
            return  # an Adams clear comes before the turn's card: the turn goes on
        card: Card = payload.card
        hand = self._hands[seat]
        at = hand.index(card)
        self._hands[seat] = hand[:at] + hand[at + 1 :]
        self._held -= 1
        if kind is Trail:
            self._piles.append(_loose(card))
        elif kind is Capture:
            self._take(seat, (card, *self._lift(payload.piles)))
        elif payload.value == ADAMS and not payload.more and not payload.for_partner:
            self._take(seat, (*self._lift(payload.piles), card))  # an Adams build
        else:
            cards = (*self._lift(payload.piles), card)
            self._piles.append(Pile(cards, payload.value, payload.more, seat))
        if not self._piles:
            self._sweeps[base.table.side(seat)] += 1
        self._to_play = base.table.seating.next(seat)
        if ends:  # every hand is played out and the stock is not: the dealer deals again
            self._load(evolve(self.state(), phase=DEAL, to_play=None))

    def _lift(self, positions: tuple[int, ...]) -> tuple[Card, ...]:
        """Take the piles at ``positions`` off the table; their cards, in that order."""
        piles = self._piles
        cards = tuple(card for i in positions for card in piles[i].cards)
        chosen = set(positions)
        self._piles = [pile for i, pile in enumerate(piles) if i not in chosen]
        return cards

    def _take(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``seat``'s side wins ``cards`` and ``seat`` is the last taker."""
        assert self._base is not None
        side = self._base.table.side(seat)
        self._won[side] = self._won[side] + cards
        self._last = seat


_FAST = frozenset({Adams, Build, Capture, Trail})


@cache
def _loose(card: Card) -> Pile:
    """The pile of ``card`` laid loose on the table (a frozen value: one per card)."""
    return Pile((card,))


"""The moves played in place; any other goes through the fold."""


def _once(owned: tuple[int, ...], turn: Turn, table: Layout) -> Callable[[], bool]:
    """``duty_binds`` of the playout's state, found when first asked and then kept."""
    found: list[bool] = []

    def duty() -> bool:
        if not found:
            found.append(bool(owned) and duty_of(turn, table))
        return found[0]

    return duty
