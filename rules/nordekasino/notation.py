"""The Nørdekasino move notation: what a person at the table types.

* ``take 7H 3C 4D``: the hand card, then one card of each table pile taken (any card of a
  pile names it; ``#3`` names the third pile). ``take 5S all``: the ♠5 clears the table.
* ``build 4H 3C``: the hand card and the piles; when they make more than one value the
  builder may build to, add it: ``build 4H 3C =7``, ``=more 7``, or the expression itself,
  ``build 4H =(8S mod 4H)+3C`` (``+``, ``mod``/``%``, ``more``/``&``, parentheses; the
  piles then come from the expression). ``for partner`` builds to the partner's card.
* ``trail 7H``; ``adams 10S KH 9D ...`` (table piles combined into 42);
  ``reveal 7H`` (Thomas Kragh); ``Anna open`` (the open-hand penalty).
* Any move may start with the player's name; without one it is the player on turn.
* a deal is the shared deal notation (``rules.deal_notation``): ``deal table 5C KD`` (the
  table's face-up cards; the hands face down) or every place with its cards, ``?`` unseen:
  ``deal Bo:7H,2S,3C,4D Cai:?,?,?,? Anna:9C,?,?,? table:5C,KD``; a re-deal is ``deal``;
  ``middle:C,C,...`` enters the middle's cards.

``format`` writes the canonical ASCII form, and ``parse(format(m, s), s) == m``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tablelog.rules.cards import Card, parse_card
from tablelog.rules.deal_notation import format_deal, parse_deal
from tablelog.rules.errors import NotationError, RefusedMove
from tablelog.rules.events import Deal, Move
from tablelog.rules.names import split_name
from tablelog.rules.nordekasino.arith import ADAMS
from tablelog.rules.nordekasino.deal import deal_plan
from tablelog.rules.nordekasino.events import Adams, Build, Capture, OpenHand, Reveal, Trail
from tablelog.rules.nordekasino.expr import evaluate
from tablelog.rules.nordekasino.moves import SPADE_FIVE, build_options, held_values, pile_key
from tablelog.rules.nordekasino.state import Pile, State
from tablelog.rules.numbers import MAX_DIGITS, is_number

__all__ = ["announce", "format_move", "parse_move"]

FORMS = (
    "take CARD PILES, build CARD PILES [=VALUE], trail CARD, adams PILES, reveal CARD, "
    "NAME open, or deal (e.g. take 7H 3C 4D, build 4H 3C =7, trail 9S)"
)
_TOKEN = re.compile(r"\s*([()+%&]|[^\s()+%&]+)")


def parse_move(text: str, state: State) -> Move:
    """The move written ``text`` in ``state``; ``NotationError`` saying what was expected."""
    words = text.strip().split()
    if not words:
        raise NotationError(f"expected a move: {FORMS}")
    actor = state.to_play
    seat, rest = split_name(" ".join(words), state.players)
    if seat is not None and rest:
        actor, words = seat, rest.split()
    verb, args = words[0].lower(), words[1:]
    if verb == "deal":
        return Move(None, _parse_deal(args, state))
    if verb == "open" and not args:
        return Move(actor, OpenHand())
    if verb in ("trail", "reveal"):
        if len(args) != 1:
            raise NotationError(f"{verb} names one card, like {verb} 7H")
        card = parse_card(args[0])
        return Move(actor, Trail(card) if verb == "trail" else Reveal(card))
    if verb in ("take", "capture"):
        if not args:
            raise NotationError("take names the hand card and the piles: take 7H 3C 4D")
        card = parse_card(args[0])
        if [a.lower() for a in args[1:]] == ["all"]:
            return Move(actor, Capture(card, tuple(range(len(state.piles)))))
        return Move(actor, Capture(card, _piles(args[1:], state)))
    if verb == "adams":
        return Move(actor, Adams(_piles(args, state)))
    if verb == "build":
        return Move(actor, _parse_build(" ".join(args), state, actor))
    raise NotationError(f"{words[0]!r} is not a Nørdekasino move; expected {FORMS}")


def _pile(ref: str, state: State) -> int:
    if ref.startswith("#"):
        if not is_number(ref[1:]):
            shown = ref if len(ref) <= 12 else ref[:12] + "…"
            raise NotationError(f"{shown!r}: a pile number is # and a number, like #2")
        number = int(ref[1:])
        if not 1 <= number <= len(state.piles):
            raise RefusedMove(f"there is no pile {ref}: the table has {len(state.piles)} piles")
        return number - 1
    card = parse_card(ref)
    found = [i for i, pile in enumerate(state.piles) if card in pile.cards]
    if not found:
        raise RefusedMove(f"{card} is not on the table")
    if len(found) > 1:
        numbers = " or ".join(f"#{i + 1}" for i in found)
        raise NotationError(f"{card} lies in more than one pile: name the pile as {numbers}")
    return found[0]


def _piles(refs: list[str], state: State) -> tuple[int, ...]:
    if not refs:
        raise NotationError("name at least one table pile (a card of it, or #N)")
    piles = [_pile(ref, state) for ref in refs]
    if len(set(piles)) != len(piles):
        raise NotationError("a pile is named twice")
    return tuple(sorted(piles))


def _parse_build(text: str, state: State, actor: int | None) -> Build:
    for_partner = False
    low = text.lower()
    if low.endswith("for partner"):
        for_partner = True
        text = text[: -len("for partner")].strip()
    head, eq, tail = text.partition("=")
    refs = head.split()
    if not refs:
        raise NotationError("build names the hand card and the piles: build 4H 3C [=7]")
    card = parse_card(refs[0])
    wanted: set[tuple[int, bool]] | None = None
    piles: tuple[int, ...] | None = _piles(refs[1:], state) if refs[1:] else None
    tail = tail.strip()
    if eq:
        after_more = tail[5:].strip() if tail.lower().startswith("more ") else None
        more = after_more is not None and (is_number(after_more) or after_more.isnumeric())
        number = after_more if more and after_more is not None else tail
        if number.isnumeric() and not is_number(number):
            shown = number if len(number) <= 12 else number[:12] + "…"
            raise NotationError(
                f"={shown}: a value to build is written with the digits 0-9, at most"
                f" {MAX_DIGITS} of them, like =7"
            )
        if is_number(number):
            wanted = {(int(number), more)}
        else:
            leaves, values = evaluate(_tokens(tail), card, state, _pile)
            wanted = values
            if piles is None:
                piles = tuple(sorted(leaves))
            elif tuple(sorted(leaves)) != piles:
                raise NotationError("the expression must use exactly the piles named")
    if piles is None:
        raise NotationError("name the piles to build with: build 4H 3C [=7]")
    options = _build_values(state, actor, card, piles, for_partner)
    if wanted is not None:
        chosen = wanted & options if options & wanted else wanted
        if len(chosen) == 1:
            value, more = next(iter(chosen))
            return Build(card, piles, value, more, for_partner)
        raise NotationError(
            f"the expression can make {_options_text(chosen)}: write =VALUE to choose"
        )
    if len(options) == 1:
        value, more = next(iter(options))
        return Build(card, piles, value, more, for_partner)
    if not options:
        whose = "your partner holds" if for_partner else "you hold"
        made = sorted(build_options(card, pile_key(state, piles)))
        shown = _options_text(set(made[:8])) + (" …" if len(made) > 8 else "")
        what = f"make {shown}" if made else "cannot be combined at all"
        raise RefusedMove(f"{card} and those piles {what}: no value {whose}")
    raise NotationError(f"that build can make {_options_text(options)}: add =VALUE to choose")


def _options_text(options: set[tuple[int, bool]]) -> str:
    return " or ".join(f"more {v}" if m else str(v) for v, m in sorted(options))


def _tokens(text: str) -> list[str]:
    tokens = _TOKEN.findall(text)
    if "".join(tokens) != re.sub(r"\s+", "", text):
        raise NotationError(f"cannot read the expression {text!r}")
    return tokens


def _build_values(
    state: State, actor: int | None, card: Card, piles: tuple[int, ...], for_partner: bool
) -> set[tuple[int, bool]]:
    """The ``(value, more)`` this build may announce: values the builder (or partner) holds,
    or 42 (the Adams rule), asked of the arithmetic alone (no "more" pile of a value
    nobody holds is searched for)."""
    if actor is None or any(not 0 <= i < len(state.piles) for i in piles) or not piles:
        return set()
    holder = state.table.partner(actor) if for_partner else actor
    held = held_values(state, holder, card, actor)
    wanted = sum(1 << v for v in held) | (0 if for_partner else 1 << ADAMS)
    return {
        (v, m)
        for v, m in build_options(card, pile_key(state, piles), wanted)
        if v in held or (v == ADAMS and not m and not for_partner)
    }


def _parse_deal(args: list[str], state: State) -> Deal:
    return parse_deal(deal_plan(state), " ".join(args))


def _ref(state: State, index: int) -> str:
    if not 0 <= index < len(state.piles):
        raise NotationError(f"there is no pile {index + 1}")
    return _refs(state.piles)[index]


@lru_cache(maxsize=256)
def _refs(table: tuple[Pile, ...]) -> tuple[str, ...]:
    """How each pile is named: its first card, or ``#N`` when that card lies in another
    pile too (several decks); worked out once per table, not once per move formatted."""
    out = []
    for index, pile in enumerate(table):
        card = pile.cards[0]
        unique = sum(card in other.cards for other in table) == 1
        out.append(card.text if unique else f"#{index + 1}")
    return tuple(out)


def format_move(move: Move, state: State) -> str:
    """The canonical text of ``move`` made in ``state`` (``parse_move``'s inverse)."""
    payload = move.payload
    if isinstance(payload, Deal):
        return _format_deal(payload, state)
    if move.actor is None or not 0 <= move.actor < state.seats:
        raise NotationError("a player's move needs a player")
    prefix = "" if move.actor == state.to_play else f"{state.players[move.actor]} "
    refs = " ".join(_ref(state, i) for i in getattr(payload, "piles", ()))
    if isinstance(payload, OpenHand):
        return f"{state.players[move.actor]} open"
    if isinstance(payload, Trail | Reveal):
        verb = "trail" if isinstance(payload, Trail) else "reveal"
        return f"{prefix}{verb} {payload.card.text}"
    if isinstance(payload, Adams):
        return f"{prefix}adams {refs}"
    if isinstance(payload, Capture):
        if payload.card == SPADE_FIVE and payload.piles == tuple(range(len(state.piles))):
            return f"{prefix}take {payload.card.text} all"
        return f"{prefix}take {payload.card.text} {refs}"
    if isinstance(payload, Build):
        text = f"{prefix}build {payload.card.text} {refs}"
        options = _build_values(state, move.actor, payload.card, payload.piles, payload.for_partner)
        if options != {(payload.value, payload.more)}:
            text += f" =more {payload.value}" if payload.more else f" ={payload.value}"
        return text + (" for partner" if payload.for_partner else "")
    raise NotationError(f"Nørdekasino has no notation for {type(payload).__name__} moves")


def _format_deal(deal: Deal, state: State) -> str:
    return format_deal(deal_plan(state), deal)


def announce(move: Move, state: State) -> str:
    """What the player says for ``move``: ``I build 7``, ``42! ...``, or ``""``."""
    payload = move.payload
    if isinstance(payload, Build):
        if payload.value == ADAMS and not payload.more:
            return f"42! cleared to {state.players[move.actor or 0]} (the Adams rule)"
        what = f"more {payload.value}" if payload.more else str(payload.value)
        return f"I build {what}" + (" for partner" if payload.for_partner else "")
    if isinstance(payload, Adams):
        return f"42! cleared to {state.players[move.actor or 0]} (the Adams rule)"
    if (
        isinstance(payload, Capture)
        and payload.card == SPADE_FIVE
        and len(payload.piles) == len(state.piles)
    ):
        return "the spade 5 clears the table"
    return ""
