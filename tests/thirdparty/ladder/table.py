"""What Ladder shows (zones, views) and its notation."""

from __future__ import annotations

from tablelog.rules.cards import Card, parse_card
from tablelog.rules.errors import NotationError
from tablelog.rules.events import Deal, Dealt, Event, Move
from tablelog.rules.protocol import Header, Shown, View, ZoneView
from tests.thirdparty.ladder.state import (
    HAND,
    SLOTS,
    Flip,
    Match,
    Pass,
    Play,
    Reveal,
    State,
)


def view(state: State, seat: int | None) -> View:
    hands = tuple(
        ZoneView(f"hand:{i}", h.cards if i == seat else (), h.hidden if i == seat else len(h))
        for i, h in enumerate(state.hands)
    )
    slots = tuple(
        ZoneView(f"slots:{i}", (), len(s), tuple(None if x is None else "?" for x in s.slots))
        for i, s in enumerate(state.slots)
    )
    rest = (ZoneView("pile", state.pile), ZoneView("discard", state.discard))
    info = {"turn": state.turn, "window": list(state.window), "places": list(state.ranking)}
    return View(seat, hands + slots + rest + (ZoneView("stock", (), len(state.stock)),), info)


def shown(state: State, event: Event) -> Shown:
    p = event.payload
    if isinstance(p, Deal):
        seats: dict[int, tuple[Card, ...]] = {}
        for d in p.cards:
            if d.card is not None:
                seats[int(d.to)] = (*seats.get(int(d.to), ()), d.card)
        return Shown(seats=seats, forget=True)
    if isinstance(p, Play | Match):
        return Shown(everyone=p.cards)
    return Shown(everyone=(p.card,)) if isinstance(p, Reveal) else Shown()


def format_move(move: Move, state: State) -> str:
    p = move.payload
    if isinstance(p, Deal):
        return "deal " + " ".join(
            d.card.text if d.card else "?" for d in p.cards[: len(state.players) * HAND]
        )
    if isinstance(p, Reveal):
        return f"reveal {p.slot + 1} {p.card.text}"
    assert move.actor is not None
    words = [state.players[move.actor], move.kind]
    if isinstance(p, Flip):
        words.append(str(p.slot + 1))
    words += [c.text for c in getattr(p, "cards", ())]
    return " ".join(words)


def parse(text: str, state: State) -> Move:
    words = text.split()
    if not words:
        raise NotationError("expected NAME play|match CARDS, NAME pass, NAME flip SLOT")
    if words[0] == "deal":
        return Move(None, _parse_deal(words[1:], state))
    if words[0] == "reveal" and len(words) == 3 and words[1].isdigit():
        return Move(None, Reveal(int(words[1]) - 1, parse_card(words[2])))
    seats = [i for i, name in enumerate(state.players) if name.casefold() == words[0].casefold()]
    if not seats or len(words) < 2:
        raise NotationError(f"{text!r}: start with a player's name, then what they do")
    kind, rest = words[1], words[2:]
    if kind in ("play", "match") and rest:
        cards = tuple(parse_card(w) for w in rest)
        return Move(seats[0], Play(cards) if kind == "play" else Match(cards))
    if kind == "flip" and len(rest) == 1 and rest[0].isdigit():
        return Move(seats[0], Flip(int(rest[0]) - 1))
    if kind == "pass" and not rest:
        return Move(seats[0], Pass())
    raise NotationError(f"{text!r}: expected play CARDS, match CARDS, pass or flip SLOT")


def _parse_deal(words: list[str], state: State) -> Deal:
    n = len(state.players)
    if len(words) != n * HAND:
        raise NotationError(f"deal takes {HAND} cards (or ?) per player")
    hands = [
        Dealt(str(i // HAND), None if w == "?" else parse_card(w)) for i, w in enumerate(words)
    ]
    return Deal(tuple(hands + [Dealt(f"slot:{s}", None) for s in range(n) for _ in range(SLOTS)]))


def max_events(header: Header) -> int:
    n = len(header.players)
    return 1 + n * (HAND + SLOTS) * (3 + 2 * n)
