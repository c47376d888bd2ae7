"""The Speahx move notation: what a person at the table types.

* a play is its cards in the order laid, the last on top: ``5H``, ``JS JH``; a 2 names
  its suit after it: ``2S clubs``, ``2S ♣``, ``2S C``;
* a joker gives the pile away: ``joker Bo`` (also ``JK Bo``, ``JK to Bo``); a
  Terminator-Torkel is its jacks and the player: ``JS JH JD JC to Bo``;
* ``chance`` draws a chance card, ``flip 3`` turns table card 3, ``pickup`` takes in the
  pile, ``done`` stops after a burn;
* chance steps: ``reveal 7H`` (``reveal ?`` for a chance card nobody saw), ``draw 7H ?``
  (the refill; ``?`` for a card nobody saw), and the deal in the shared deal notation
  (``deal`` when nothing is entered).

A move may start with the player's name, with or without a colon (``Anna JS JH``,
``Anna: JS JH``): the move is then that player's, and ``apply`` refuses it when it is not
their turn (the name is never dropped). A chance step (``reveal``, ``draw``) may be named
for the player whose cards they are; ``deal`` takes no name. ``format`` writes the
canonical ASCII form without the name, and ``parse(format(m, s), s) == m``.
The cards between the first and the last of a play are put in suit order (S, H, D, C)
when read: their order changes nothing (see docs/rules/speahx.md).
"""

from __future__ import annotations

from tablelog.rules.cards import JOKER, SUIT_SYMBOLS, Card, parse_card
from tablelog.rules.deal_notation import format_deal, parse_deal
from tablelog.rules.errors import NotationError, RefusedMove
from tablelog.rules.events import Deal, Move
from tablelog.rules.memo import ByValue
from tablelog.rules.names import seat_named, split_name
from tablelog.rules.numbers import is_number
from tablelog.rules.speahx.cards import canonical, suit_order
from tablelog.rules.speahx.deal import deal_plan
from tablelog.rules.speahx.events import Chance, Done, Draw, Flip, Give, Pickup, Play, Reveal
from tablelog.rules.speahx.state import SUIT_WORDS, State

__all__ = ["format_move", "parse_move"]

FORMS = (
    "cards like 5H or JS JH, 2S clubs, joker NAME, JS JH JD JC to NAME, chance, flip 3, "
    "pickup, done, reveal CARD, draw CARD ..., or deal"
)
_SUIT_NAMES = {
    **{word: s for s, word in SUIT_WORDS.items()},
    **{word[:-1]: s for s, word in SUIT_WORDS.items()},
    **{sym: s for s, sym in SUIT_SYMBOLS.items()},
    **{s.lower(): s for s in SUIT_WORDS},
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip


def _card(word: str) -> Card:
    try:
        return parse_card(word)
    except NotationError as error:
        raise NotationError(f"{error}; expected {FORMS}") from None


def _target(state: State, name: str) -> int:
    seat = seat_named(name, state.players)
    if seat is not None:
        return seat
    raise NotationError(
        f"{name.strip()!r} is not a player of this game ({', '.join(state.players)})"
    )


def _table_step(named: int | None, word: str, state: State) -> None:
    """A chance step is the table's: a name before it must be the player it is for."""
    if named is None:
        return
    who = state.players[named]
    if word == "deal":
        raise NotationError(f"deal is entered for the table, without a name: deal, not {who} deal")
    if named != state.turn.seat:
        raise RefusedMove(
            f"{word} is for {state.players[state.turn.seat]}'s cards now, not {who}'s"
        )


def parse_move(text: str, state: State) -> Move:
    """The move written ``text`` in ``state``; ``NotationError`` saying what was expected.
    What it reads of ``state`` is the players and whose turn it is (and the table's deal
    plan for a deal): a move read is remembered by those (``_READ``), a deal never."""
    key = (text, state.players, state.turn.seat)
    move = _READ.get(key)
    if move is None:
        move = _parse(text, state)
        if not isinstance(move.payload, Deal):
            _READ.keep(key, move)
    return move


READ_MAX = 1 << 12

_READ: ByValue[Move] = ByValue(READ_MAX)
"""The moves read, by their text, the players and the seat on turn (the invariant kit
reads every event and sampled move back from its text)."""


def _parse(text: str, state: State) -> Move:
    named, stripped = split_name(" ".join(text.split()), state.players)
    if not stripped:
        after = f" after {state.players[named]}'s name" if named is not None else ""
        raise NotationError(f"expected a move{after}: {FORMS}")
    word, _, rest = stripped.partition(" ")
    low = word.lower()
    seat = state.turn.seat if named is None else named
    if low in ("deal", "reveal", "draw"):
        _table_step(named, low, state)
    if low == "deal":
        return Move(None, parse_deal(deal_plan(state.table), rest))
    if low == "reveal":
        return Move(None, Reveal(None if rest.strip() == "?" else _card(rest)))
    if low == "draw":
        words = rest.replace(",", " ").split()
        known = tuple(_card(w) for w in words if w != "?")
        return Move(None, Draw(known, sum(1 for w in words if w == "?")))
    simple = {"chance": Chance(), "pickup": Pickup(), "done": Done()}
    if low in simple and not rest.strip():
        return Move(seat, simple[low])
    if low == "flip":
        if not is_number(rest):
            raise NotationError("flip takes a table card's place, 1 to 5, like flip 3")
        return Move(seat, Flip(int(rest)))
    if low == "joker":
        return Move(seat, Give((JOKER,), _target(state, rest.removeprefix("to "))))
    return _parse_cards(stripped, state, seat)


def _parse_cards(text: str, state: State, seat: int) -> Move:
    before, to, name = text.partition(" to ")
    words = before.replace(",", " ").split()
    suit = ""
    if (words and words[-1].lower() in _SUIT_NAMES) or (words and words[-1] in _SUIT_NAMES):
        suit = _SUIT_NAMES.get(words[-1].lower(), _SUIT_NAMES.get(words[-1], ""))
        words = words[:-1]
    if not to and len(words) >= 2 and words[0].upper() in ("JK", "JOKER"):
        return Move(seat, Give((JOKER,), _target(state, " ".join(words[1:]))))
    cards = tuple(_card(w) for w in words)
    if not cards:
        raise NotationError(f"expected a move: {FORMS}")
    if to:
        return Move(seat, Give(tuple(sorted(cards, key=suit_order)), _target(state, name)))
    return Move(seat, Play(canonical(cards), suit))


def format_move(move: Move, state: State) -> str:
    """The canonical text of ``move`` made in ``state`` (``parse_move``'s inverse)."""
    payload = move.payload
    if isinstance(payload, Play):
        text = " ".join(c.text for c in payload.cards)
        return f"{text} {SUIT_WORDS[payload.suit]}" if payload.suit else text
    if isinstance(payload, Give):
        if not 0 <= payload.target < len(state.players):
            raise NotationError(f"a give to seat {payload.target} has no notation: no such player")
        name = state.players[payload.target]
        if payload.cards == (JOKER,):
            return f"joker {name}"
        return f"{' '.join(c.text for c in payload.cards)} to {name}"
    if isinstance(payload, Chance):
        return "chance"
    if isinstance(payload, Pickup):
        return "pickup"
    if isinstance(payload, Done):
        return "done"
    if isinstance(payload, Flip):
        return f"flip {payload.place}"
    if isinstance(payload, Reveal):
        return f"reveal {'?' if payload.card is None else payload.card.text}"
    if isinstance(payload, Draw):
        return " ".join(["draw", *(c.text for c in payload.cards), *["?"] * payload.unseen])
    if isinstance(payload, Deal):
        return format_deal(deal_plan(state.table), payload)
    raise NotationError(f"Speahx has no notation for {type(payload).__name__} moves")
