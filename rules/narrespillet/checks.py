"""``check``: why an event is refused in a state, or ``None`` (``turn.apply`` makes it).

The move generator (``moves``) asks the same function of every candidate, so what it lists
and what ``apply`` accepts agree by construction. An event is first placed: a chance step
(a deal or draw, the table's answer), a card shown, a window's answer (the Fool's window,
a vote, a call, the Hierophant's reveal, a discard down to the limit), or the acting
participant's turn action (place, discard, forfeit, picture, load, unload, lift,
exorcise; a Hermit turn or a pass).
"""

from __future__ import annotations

from tablelog.rules.cards import FOOL, Card
from tablelog.rules.events import Deal, Event
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.absences import refusal
from tablelog.rules.narrespillet.actors import head_step, to_act
from tablelog.rules.narrespillet.calls import check_answer
from tablelog.rules.narrespillet.chance import check_draw
from tablelog.rules.narrespillet.deck import HOUSE_NAMES, HOUSES
from tablelog.rules.narrespillet.pictures import check_picture
from tablelog.rules.narrespillet.place import canonical, check_place, fool_refusal
from tablelog.rules.narrespillet.reveal import check_reveal
from tablelog.rules.narrespillet.state import MALDERIA, OPEN, OVER, PLAY, State, Step, name, seat_of
from tablelog.rules.narrespillet.take import is_unknown, source_of
from tablelog.rules.table import where

__all__ = [
    "SWORD_KNIGHT",
    "TURN_KINDS",
    "call_refusal",
    "check",
    "check_call",
    "check_turn",
    "no_vote",
]

SWORD_KNIGHT = Card("Kn", "Sw")
TURN_KINDS = (
    ev.Place,
    ev.Discard,
    ev.Forfeit,
    ev.Picture,
    ev.Load,
    ev.Unload,
    ev.Lift,
    ev.Exorcise,
)


def check(state: State, event: Event) -> str | None:
    """Why ``event`` is refused in ``state``, or ``None``."""
    p = event.payload
    if state.phase == OVER:
        return "the game is over"
    if isinstance(p, Deal):
        return check_draw(state, event)
    if isinstance(p, ev.Answer):
        return check_answer(state, event)
    if state.phase != PLAY:
        return f"round {state.round} must be dealt first (6 cards to each player)"
    if isinstance(p, ev.Show):
        return _check_show(state, event.actor, p.card)
    head = head_step(state)
    if head is not None and head.kind in ("refill", "draw"):
        return "cards are to be drawn from the stock first"
    if head is not None:
        return _check_window(state, head, event.actor, p)
    return _check_action(state, event.actor, p)


def _check_window(state: State, head: Step, seat: int | None, p: object) -> str | None:
    """Why ``seat``'s ``p`` is refused while the window ``head`` is open."""
    if isinstance(p, ev.Vote):
        if head.kind != "vote":
            return no_vote()
        if seat not in head.asked:
            return f"{_who(state, seat)} has already voted (or is no player)"
        return None
    if isinstance(p, ev.Fool | ev.Pass) and head.kind == "fool":
        return _check_fool_window(state, head, seat, p)
    if isinstance(p, ev.Call | ev.Pass) and head.kind == "call":
        wrong_flag = isinstance(p, ev.Pass) and p.demons != (head.who == state.n)
        if seat != seat_of(state, head.who) or wrong_flag:
            return f"it is {name(state, head.who)} who calls a card now"
        if isinstance(p, ev.Call):
            return check_call(state, head, p.card)
        return None
    if isinstance(p, ev.Reveal | ev.Pass) and head.kind == "reveal":
        return check_reveal(state, head, seat, p)
    if isinstance(p, ev.Reveal):
        return _no_reveal()
    if isinstance(p, ev.Discard) and head.kind == "down":
        if seat != seat_of(state, head.who):
            return f"{name(state, head.who)} discards down to the hand limit first"
        return _hand_card(state, head.who, p.card)
    return _busy(state, head)


def _check_fool_window(
    state: State, head: Step, seat: int | None, p: ev.Fool | ev.Pass
) -> str | None:
    who = state.n if p.demons else (seat if seat is not None else -9)
    if who not in head.asked or (p.demons and seat != state.demons):
        return (
            "only a player who may hold the Fool, with those battlefields open, "
            "answers this placement"
        )
    if isinstance(p, ev.Fool) and source_of(state, who, FOOL, pool=False, chariot=False) is None:
        return f"{name(state, who)} has no Fool to play: {where(state, FOOL)}"
    return None


def _check_action(state: State, seat: int | None, p: object) -> str | None:
    """Why ``seat``'s ``p`` is refused while a participant is on turn (no window open)."""
    if isinstance(p, ev.Vote):
        return no_vote()
    if isinstance(p, ev.Reveal):
        return _no_reveal()
    if isinstance(p, ev.Hermit):
        return _check_hermit(state, seat, p.demons)
    if isinstance(p, ev.Pass):
        if (
            not state.optional
            or state.actor is None
            or p.demons != (state.actor == state.n)
            or seat != seat_of(state, state.actor)
        ):
            return (
                "there is nothing to pass on: only an optional extra turn (Justice's) may be passed"
            )
        return None
    if isinstance(p, ev.Fool):
        thief = state.n if p.demons else seat
        if thief is None:
            return "the Fool is played by a player"
        held = source_of(state, thief, FOOL, pool=False, chariot=False) is not None
        if not held and not (is_unknown(state, FOOL) and state.hands[thief].hidden):
            return f"{name(state, thief)} has no Fool to play: {where(state, FOOL)}"
        return fool_refusal(state, thief)
    if isinstance(p, ev.Call):
        return "a card is called only with the Star, the Moon or the Sun"
    if not isinstance(p, TURN_KINDS):
        return f"Narrespillet has no {getattr(p, 'TYPE', type(p).__name__)} events"
    assert state.actor is not None
    who = state.actor
    if seat != seat_of(state, who):
        return f"it is {name(state, who)}'s turn" + (
            f" (played by {state.players[state.demons]})" if who == state.n else ""
        )
    return check_turn(state, who, p)


def no_vote() -> str:
    return (
        "nobody has asked for a new stock: a reshuffle is voted on when the "
        "stock is empty and a card must be drawn"
    )


def _no_reveal() -> str:
    return (
        "a face-down card is revealed to everyone only when the Hierophant names its "
        "kind (show it instead to use it)"
    )


def _who(state: State, seat: int | None) -> str:
    return state.players[seat] if seat is not None and 0 <= seat < state.n else "nobody"


def _busy(state: State, head: Step) -> str:
    if head.kind == "fool":
        return (
            f"{name(state, head.who)} has just placed: the players who may hold the "
            f"Fool answer first (fool or pass)"
        )
    if head.kind == "vote":
        return "the players are voting on a new stock (vote yes or vote no)"
    if head.kind == "call":
        return f"{name(state, head.who)} is calling a card (call CARD or pass)"
    if head.kind == "down":
        return f"{name(state, head.who)} discards down to the hand limit first"
    if head.kind == "reveal":
        return (
            "the players with face-down cards show what the Hierophant named first "
            "(reveal CARD, then pass)"
        )
    if head.kind == "answer":
        return f"the table says first who holds {head.card} (answer NAME or answer nobody)"
    return "the game waits for something else"


def _check_show(state: State, seat: int | None, card: Card) -> str | None:
    if seat is None or not 0 <= seat < state.n:
        return "a card is shown by a player"
    if seat not in to_act(state):
        return f"{state.players[seat]} is not asked to act now"
    if not state.hands[seat].hidden:
        return f"the record knows every card of {state.players[seat]}'s hand"
    if not is_unknown(state, card):
        return f"{state.players[seat]} cannot hold {card}: {where(state, card)}"
    return refusal(state, seat, card)


def _check_hermit(state: State, seat: int | None, demons: bool) -> str | None:
    who = state.n if demons else seat
    if who is None or (demons and seat != state.demons) or not 0 <= who <= state.n:
        return "the Hermit's turns are taken by the player who has it"
    if state.finished[who] or not state.hermit[who]:
        return f"{name(state, who)} has no Hermit turn left"
    if state.options.hermit_window == "own_turn" and who != state.actor:
        return (
            "the Hermit's turns are taken only at one's own turn in this game "
            "(option hermit_window=own_turn)"
        )
    return None


def check_call(state: State, head: Step, card: Card) -> str | None:
    """Why ``card`` may not be called in the call ``head``, or ``None``."""
    return call_refusal(head.what, head.tried, card)


def call_refusal(what: str, tried: tuple[Card, ...], card: Card) -> str | None:
    """Why ``card`` may not be called in a call of ``what`` (``any``, ``suit``) after the
    cards ``tried``, or ``None`` (nothing else of the state matters)."""
    if card in tried:
        return f"{card} has been called already: each attempt calls a different card"
    if what == "suit" and card.suit == "T":
        return "only court and number cards may be called now"
    if card in (FOOL, Card("20", "T"), Card("21", "T")):
        return "the Fool, Judgement and the World cannot be called"
    return None


def _hand_card(state: State, who: int, card: Card) -> str | None:
    if source_of(state, who, card, pool=False, chariot=False) is None:
        if state.hands[who].hidden and is_unknown(state, card):
            return f"{name(state, who)}'s {card} is face down in the record: show it first"
        return f"{name(state, who)} has no {card} in hand: {where(state, card)}"
    return None


def check_turn(state: State, who: int, p: object) -> str | None:
    """Why the turn action ``p`` (one of ``TURN_KINDS``) of ``who``, the participant on
    turn with no window open, is refused, or ``None``: what ``check`` asks once it has
    found the event to be that (the listing asks it of its turn candidates directly)."""
    if isinstance(p, ev.Place):
        return check_place(state, who, p)
    if isinstance(p, ev.Discard):
        return _hand_card(state, who, p.card)
    if isinstance(p, ev.Forfeit):
        if p.field not in HOUSE_NAMES:
            return f"{p.field!r} is no battlefield: Sw, St, Cu or Co"
        if state.slots[who][HOUSES.index(p.field)].status != OPEN:
            return f"{name(state, who)} has already placed on or forfeited {HOUSE_NAMES[p.field]}"
        return None
    if isinstance(p, ev.Picture):
        return check_picture(state, who, p)
    if isinstance(p, ev.Load):
        return _check_load(state, who, p.cards)
    if isinstance(p, ev.Unload):
        return None if state.has_chariot[who] else f"{name(state, who)} has no Chariot"
    if isinstance(p, ev.Lift):
        if state.temperance is None or state.temperance[0] != who:
            return f"{name(state, who)} has no Temperance on the table to take away"
        return None
    if isinstance(p, ev.Exorcise):
        return _check_exorcise(state, who)
    return "not a turn action"  # pragma: no cover


def _check_load(state: State, who: int, cards: tuple[Card, ...]) -> str | None:
    if not state.has_chariot[who]:
        return f"{name(state, who)} has no Chariot to load"
    if not 1 <= len(cards) <= 2 or len(set(cards)) != len(cards):
        return "one or two cards are laid in the Chariot"
    if cards != canonical(cards):
        order = " ".join(c.text for c in canonical(cards))
        return (
            f"a Chariot load is recorded with its cards in deck order, as {order}"
            " (typing them in any order does this; only an edited log can differ)"
        )
    for card in cards:
        bad = _hand_card(state, who, card)
        if bad:
            return bad
    return None


def _check_exorcise(state: State, who: int) -> str | None:
    if state.options.variant != MALDERIA:
        return (
            "only Malderian rules let the Swords Knight drive out the Demons "
            "(option variant=malderia)"
        )
    if state.demons < 0 or state.finished[state.n]:
        return "the Demons are not in play (or have finished their round)"
    if who == state.n:
        return "the Demons do not drive themselves out"
    return _hand_card(state, who, SWORD_KNIGHT)
