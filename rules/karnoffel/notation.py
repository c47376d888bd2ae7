"""The Karnöffel move notation: what a person at the table types.

* a play is the card (``7H``, ``7♥``, ``♥7``, ``th``), optionally after the player's name
  (``Anna 7H``, ``anna: 7h``); without a name it is the seat whose turn it is;
* a deal is written in the deal notation every game shares (``rules.deal_notation``):
  ``deal`` and the four up-cards in dealing order from the dealer's left
  (``deal 7H 2S KD 5C``), the face-down cards unseen; or each player with all five
  cards, up-card first, ``?`` for an unseen one:
  ``deal Bo:7H,QS,8S,9S,10S Cai:2S,?,?,?,? Dina:KD,?,?,?,? Anna:5C,?,?,?,?``;
* the trump card turned from the stock is ``turn 9C``.

``format`` writes the canonical ASCII form, and ``parse(format(m, s), s) == m``.
"""

from __future__ import annotations

from tablelog.rules.cards import Card, parse_card
from tablelog.rules.deal_notation import format_deal, parse_deal
from tablelog.rules.errors import NotationError
from tablelog.rules.events import Deal, Move
from tablelog.rules.karnoffel.deal import deal_plan
from tablelog.rules.karnoffel.events import Play, Turn
from tablelog.rules.karnoffel.state import SEATS, State
from tablelog.rules.names import split_name

__all__ = ["format_move", "parse_move"]

PLAY_FORM = "a card like 7H or 7♥, or a player's name and a card like 'Anna 7H'"
DEAL_FORM = "deal and the four face-up cards from the dealer's left, like deal 7H 2S KD 5C"


def parse_move(text: str, state: State) -> Move:
    """The move written ``text`` in ``state``; ``NotationError`` saying what was expected."""
    stripped = text.strip()
    if not stripped:
        raise NotationError(f"expected a move: {PLAY_FORM}, {DEAL_FORM}, or turn CARD")
    word, _, rest = stripped.partition(" ")
    if word.lower() == "deal":
        return Move(None, parse_deal(deal_plan(state.table, state.dealer), rest))
    if word.lower() == "turn":
        return Move(None, Turn(_card(rest, "turn CARD, like turn 9C")))
    return _parse_play(stripped, state)


def _card(text: str, form: str) -> Card:
    try:
        return parse_card(text)
    except NotationError as error:
        raise NotationError(f"{error}; expected {form}") from None


def _parse_play(text: str, state: State) -> Move:
    seat, rest = split_name(text, state.players)
    if seat is not None and rest and not any(c in rest for c in " :"):  # NAME CARD
        return Move(seat, Play(_card(rest, PLAY_FORM)))
    if ":" in text:
        name, _, card_text = text.rpartition(":")
    else:
        name, _, card_text = text.rpartition(" ")
    name, card_text = name.strip(), card_text.strip()
    card = _card(card_text, PLAY_FORM)
    if not name:
        return Move(state.to_play, Play(card))
    raise NotationError(
        f"{name!r} is not a player of this game ({', '.join(state.players)}); expected {PLAY_FORM}"
    )


def format_move(move: Move, state: State) -> str:
    """The canonical text of ``move`` made in ``state`` (ASCII; ``parse_move``'s inverse)."""
    payload = move.payload
    if isinstance(payload, Play):
        if move.actor == state.to_play:
            return payload.card.text
        if move.actor is None or not 0 <= move.actor < SEATS:
            raise NotationError(f"a play by {move.actor!r} has no notation: no such player")
        return f"{state.players[move.actor]} {payload.card.text}"
    if isinstance(payload, Turn):
        return f"turn {payload.card.text}"
    if isinstance(payload, Deal):
        return format_deal(deal_plan(state.table, state.dealer), payload)
    raise NotationError(f"Karnöffel has no notation for {type(payload).__name__} moves")
