"""The Karnöffel move notation: what a person at the table types.

* a play is the card (``7H``, ``7♥``, ``♥7``, ``th``), optionally after the player's name
  (``Anna 7H``, ``anna: 7h``); without a name it is the seat whose turn it is;
* a deal is ``deal`` and the four up-cards in dealing order (``deal 7H 2S KD 5C``), the
  face-down cards unknown; or each up-card with its four face-down cards, ``?`` for an
  unknown one: ``deal 7H:QS,8S,9S,10S 2S:?,?,?,? KD:?,?,?,? 5C:?,?,?,?``;
* the trump card turned from the stock is ``turn 9C``.

``format`` writes the canonical ASCII form, and ``parse(format(m, s), s) == m``.
"""

from __future__ import annotations

import re

from rules.cards import Card, parse_card
from rules.errors import NotationError
from rules.events import Deal, Dealt, Move
from rules.karnoffel.deal import dealing_order
from rules.karnoffel.events import Play, Turn
from rules.karnoffel.state import HAND_SIZE, SEATS, State

__all__ = ["format_move", "parse_move"]

PLAY_FORM = "a card like 7H or 7♥, or a player's name and a card like 'Anna 7H'"
DEAL_FORM = (
    "deal UP UP UP UP (the four face-up cards from the dealer's left, e.g. deal 7H 2S KD 5C) "
    "or deal UP:c,c,c,c ... with each player's face-down cards, ? for unknown "
    "(e.g. deal 7H:QS,8S,9S,10S 2S:?,?,?,? KD:?,?,?,? 5C:?,?,?,?)"
)
_AROUND_PUNCTUATION = re.compile(r"\s*([,:])\s*")


def parse_move(text: str, state: State) -> Move:
    """The move written ``text`` in ``state``; ``NotationError`` saying what was expected."""
    stripped = text.strip()
    if not stripped:
        raise NotationError(f"expected a move: {PLAY_FORM}, {DEAL_FORM}, or turn CARD")
    word, _, rest = stripped.partition(" ")
    if word.lower() == "deal":
        return Move(None, _parse_deal(rest, state))
    if word.lower() == "turn":
        return Move(None, Turn(_card(rest, "turn CARD, like turn 9C")))
    return _parse_play(stripped, state)


def _card(text: str, form: str) -> Card:
    try:
        return parse_card(text)
    except NotationError as error:
        raise NotationError(f"{error}; expected {form}") from None


def _parse_play(text: str, state: State) -> Move:
    if ":" in text:
        name, _, card_text = text.rpartition(":")
    else:
        name, _, card_text = text.rpartition(" ")
    name, card_text = name.strip(), card_text.strip()
    card = _card(card_text, PLAY_FORM)
    if not name:
        return Move(state.to_play, Play(card))
    for seat, player in enumerate(state.players):
        if player.casefold() == name.casefold():
            return Move(seat, Play(card))
    raise NotationError(
        f"{name!r} is not a player of this game ({', '.join(state.players)}); expected {PLAY_FORM}"
    )


def _parse_deal(text: str, state: State) -> Deal:
    groups = _AROUND_PUNCTUATION.sub(r"\1", text.strip()).split()
    if len(groups) != SEATS:
        raise NotationError(
            f"a deal names the {SEATS} face-up cards, one per player, got {len(groups)}; "
            f"expected {DEAL_FORM}"
        )
    rounds: list[tuple[Card | None, ...]] = []
    for group in groups:
        up_text, colon, down_text = group.partition(":")
        if up_text == "?":
            raise NotationError(
                "the first round of the deal is dealt face up, so its cards must be entered; "
                f"expected {DEAL_FORM}"
            )
        down = tuple(_down_card(t) for t in down_text.split(",")) if colon else (None,) * 4
        if len(down) != HAND_SIZE - 1:
            raise NotationError(
                f"{group!r} must give the up-card and {HAND_SIZE - 1} face-down cards; "
                f"expected {DEAL_FORM}"
            )
        rounds.append((_card(up_text, DEAL_FORM), *down))
    order = dealing_order(state.dealer)
    return Deal(
        tuple(
            Dealt(str(seat), rounds[i % SEATS][i // SEATS], i < SEATS)
            for i, seat in enumerate(order)
        )
    )


def _down_card(text: str) -> Card | None:
    return None if text == "?" else _card(text, DEAL_FORM)


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
        return _format_deal(payload, state)
    raise NotationError(f"Karnöffel has no notation for {type(payload).__name__} moves")


def _format_deal(deal: Deal, state: State) -> str:
    cards = deal.cards
    order = dealing_order(state.dealer)
    regular = len(cards) == len(order) and all(
        d.to == str(seat) and d.up == (i < SEATS) and (i >= SEATS or d.card is not None)
        for i, (d, seat) in enumerate(zip(cards, order, strict=False))
    )
    if not regular:
        raise NotationError(
            "this deal does not follow the Karnöffel dealing order (5 cards each, one at a "
            "time from the dealer's left, the first round face up), so it has no notation"
        )
    if all(d.card is None for d in cards[SEATS:]):
        return "deal " + " ".join(_text(d.card) for d in cards[:SEATS])
    groups = (
        _text(cards[i].card) + ":" + ",".join(_text(d.card) for d in cards[i + SEATS :: SEATS])
        for i in range(SEATS)
    )
    return "deal " + " ".join(groups)


def _text(card: Card | None) -> str:
    return "?" if card is None else card.text
