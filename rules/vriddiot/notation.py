"""The Vriddiot notation: what a person at the table types.

* a card: ``9H`` (or ``9♥``); several cards of one value laid together: ``6S 6H 6D``;
  a joker names what it stands for: ``JK as 9H``;
* the card added after an 8: ``+5S`` (``5S`` is read the same);
* ``chance`` (turn the top card of the stock), ``blind 2`` (turn face-down table card 2,
  counted 1-3 as they were dealt), ``pickup``;
* in a war's join window: ``Cai joins 9H`` (``Cai joins 9H 9S``), ``Cai pass``;
* any move may start with the player's name (``Anna 9H``); it must when several players
  may act;
* chance steps: ``deal ...`` (the deal and each refill from the stock, in the deal notation
  every game shares: a refill no one at the table saw is just ``deal``), ``turn 9H`` (the
  card a chance draw or a blind card turned out to be), ``remove 2S 9C`` (KKK's black cards
  leaving the stock; ``remove`` alone when there were none).

``format`` writes the canonical ASCII form, and ``parse(format(m, s), s) == m``.
"""

from __future__ import annotations

from tablelog.rules.cards import JOKER, Card, parse_card
from tablelog.rules.deal_notation import format_deal, parse_deal
from tablelog.rules.dealing import DealPlan
from tablelog.rules.errors import NotationError, RefusedMove
from tablelog.rules.events import Deal, Move
from tablelog.rules.names import split_name
from tablelog.rules.numbers import is_number
from tablelog.rules.vriddiot import events as ev
from tablelog.rules.vriddiot.deal import chance, deal_plan, refill_plan, refill_seat
from tablelog.rules.vriddiot.moves import to_act
from tablelog.rules.vriddiot.state import ADDON, DEAL, HAND, State, in_suit_order

__all__ = ["format_move", "parse_move"]

FORMS = (
    "a card (9H), cards of one value (6S 6H 6D), JK as 9H, +5S after an 8, chance, "
    "blind 2, pickup, 'Cai joins 9H' or 'Cai pass' in a war"
)


def _plan(state: State) -> DealPlan:
    if state.phase == DEAL:
        return deal_plan(state.table)
    seat = refill_seat(state)
    if seat is None:
        raise RefusedMove("nobody is dealt cards now: every hand holds 3 (or the stock is empty)")
    count = min(HAND - len(state.hands[seat]), len(state.stock))
    return refill_plan(state.table, seat, count)


def _cards(text: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_card(w) for w in text.replace(",", " ").split())
    except NotationError as error:
        raise NotationError(f"{error}; expected {FORMS}") from None


def _nobody_acts(state: State) -> str:
    """Why a move without a name has no player now: the chance step waited for, or the end."""
    step = chance(state)
    if step is not None:
        return f"no player moves now: the table enters the cards first ({step.hint})"
    return "no player moves now: the game is over"


def _with_joker(text: str) -> tuple[tuple[Card, ...], Card | None]:
    words = text.replace("=", " as ").split()
    if len(words) == 3 and words[1].casefold() == "as" and words[0].upper() in ("JK", "JOKER"):
        return (JOKER,), _cards(words[2])[0]
    return _cards(text), None


def parse_move(text: str, state: State) -> Move:
    """The move written ``text`` in ``state``; ``NotationError`` saying what was expected."""
    stripped = " ".join(text.split())
    if not stripped:
        raise NotationError(f"expected a move: {FORMS}")
    word, _, rest = stripped.partition(" ")
    low = word.casefold()
    if low == "deal":
        return Move(None, parse_deal(_plan(state), rest))
    if low == "turn":
        cards = _cards(rest)
        if len(cards) != 1:
            raise NotationError("turn names the one card turned, like turn 9H")
        return Move(None, ev.Turn(cards[0]))
    if low == "remove":
        return Move(None, ev.Remove(_cards(rest)))
    seat, body = split_name(stripped, state.players)
    if seat is None:
        acting = to_act(state)
        if not acting:
            raise RefusedMove(_nobody_acts(state))
        if len(acting) != 1:
            names = ", ".join(state.players[s] for s in acting)
            raise RefusedMove(
                f"several players may act now ({names}): write the name first, like 'Cai 9H'"
            )
        seat = acting[0]
    word, _, rest = body.partition(" ")
    low = word.casefold()
    if low == "pass":
        return Move(seat, ev.Pass())
    if low == "pickup":
        return Move(seat, ev.Pickup())
    if low == "chance":
        return Move(seat, ev.Chance())
    if low == "blind":
        if not is_number(rest):
            raise NotationError("blind names the face-down table card by its number, like blind 2")
        return Move(seat, ev.Blind(int(rest)))
    if low in ("joins", "join"):
        cards, declared = _with_joker(rest)
        if not cards:
            raise NotationError("a join names the cards laid, like 'Cai joins 9H'")
        return Move(seat, ev.Join(in_suit_order(cards), declared))
    cards, declared = _with_joker(body.lstrip("+"))
    if not cards:
        raise NotationError(f"expected a move: {FORMS}")
    if len(cards) == 1:
        return Move(seat, ev.Play(cards[0], declared))
    return Move(seat, ev.Set(in_suit_order(cards)))


def _joker_text(cards: tuple[Card, ...], declared: Card | None) -> str:
    text = " ".join(c.text for c in cards)
    return f"{text} as {declared.text}" if declared is not None else text


def format_move(move: Move, state: State) -> str:
    """The canonical text of ``move`` made in ``state`` (``parse_move``'s inverse)."""
    payload = move.payload
    if isinstance(payload, Deal):
        return format_deal(_plan(state), payload)
    if isinstance(payload, ev.Turn):
        return f"turn {payload.card.text}"
    if isinstance(payload, ev.Remove):
        return " ".join(["remove", *(c.text for c in payload.cards)])
    seat = move.actor
    if seat is None or not 0 <= seat < state.table.n:
        raise NotationError(f"a move by {seat!r} has no notation: no such player")
    name = state.players[seat]
    if isinstance(payload, ev.Pass):
        return f"{name} pass"
    if isinstance(payload, ev.Join):
        return f"{name} joins {_joker_text(payload.cards, payload.declared)}"
    if isinstance(payload, ev.Play):
        body = _joker_text((payload.card,), payload.declared)
        if state.duty == ADDON and seat == state.turn:
            body = "+" + body
    elif isinstance(payload, ev.Set):
        body = " ".join(c.text for c in payload.cards)
    elif isinstance(payload, ev.Chance):
        body = "chance"
    elif isinstance(payload, ev.Blind):
        body = f"blind {payload.place}"
    elif isinstance(payload, ev.Pickup):
        body = "pickup"
    else:
        raise NotationError(f"Vriddiot has no notation for {type(payload).__name__}")
    return body if to_act(state) == (seat,) else f"{name} {body}"
