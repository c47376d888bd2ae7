"""The Star, the Moon and the Sun: a called card handed over, and, in a physical game,
the table's answer to who holds a called card the record only knows as face down.

"Dersom en annen spiller har det påkalte kortet på hånden, eller det finnes i Vognen,
overgis det til spilleren som påkalte det og den som hadde det trekker et nytt kort hvis
nødvendig. Dersom det påkalte kortet ikke finnes hos noen trekker den som kalte et nytt
kort." A card known to lie in another hand, open cards or a Chariot is handed over at
once. A card nobody has seen may be face down in another player's hand: the game then
asks the table (a chance step, ``answer NAME`` or ``answer nobody``), as a draw asks
which card came.
"""

from __future__ import annotations

from typing import Any

import attrs

from tablelog.rules.cards import Card
from tablelog.rules.chance import Listed
from tablelog.rules.claims import allows
from tablelog.rules.events import Event
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.absences import bound, nobody_holds, refusal
from tablelog.rules.narrespillet.actors import head_step
from tablelog.rules.narrespillet.state import PLAY, State, Step, name
from tablelog.rules.narrespillet.take import is_unknown, take
from tablelog.rules.protocol import ChanceStep
from tablelog.rules.table import evolve
from tablelog.rules.zones import Zone

__all__ = ["answer_step", "apply_answer", "call", "check_answer", "holders", "may_hold"]

NOBODY = -1


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def holders(state: State, caller: int) -> tuple[int, ...]:
    """The other players whose face-down hand cards may be the called card."""
    return tuple(
        p for p in range(state.n) if p != caller and not state.finished[p] and state.hands[p].hidden
    )


def may_hold(state: State, caller: int) -> bool:
    """Whether some other player's face-down hand card may be the called card."""
    return bool(holders(state, caller))


def _elsewhere(state: State, caller: int) -> bool:
    """Whether a face-down card outside the other players' hands may be the called card
    (the stock, the discard pile, the caller's own hand): ``answer nobody`` is possible."""
    hidden = state.stock.hidden + state.discard.hidden + state.pool.hidden
    hidden += state.hands[caller].hidden
    return hidden > 0


def call(state: State, head: Step, rest: tuple[Step, ...], card: Card) -> State:
    """``card`` called: handed over if known elsewhere, asked about if it may be face
    down in another hand, else the attempt failed."""
    caller = head.who
    for other in range(state.n + 1):
        if other == caller:
            continue
        for src in ("hand", "open", "chariot"):
            zone = {"hand": state.hands, "open": state.opens, "chariot": state.chariots}[src][other]
            if card in zone.cards:
                return _hand_over(take(state, other, card, src), caller, other, card, src, rest)
    if is_unknown(state, card) and may_hold(state, caller):
        answer = attrs.evolve(head, kind="answer", card=card)
        return evolve(state, queue=(answer, *rest))
    return _failed(state, head, rest, card)


def _hand_over(
    state: State, caller: int, giver: int, card: Card, src: str, rest: tuple[Step, ...]
) -> State:
    hand = state.hands[caller].add(card)
    state = evolve(state, hands=_set(state.hands, caller, hand))
    follow = (Step("refill", giver),) if src != "chariot" else ()
    return evolve(state, queue=(*follow, *rest))


def _failed(state: State, head: Step, rest: tuple[Step, ...], card: Card) -> State:
    """A call nobody could answer: another attempt if the card allows one."""
    tried = (*head.tried, card)
    if card.suit == "T" or head.n <= 1:
        return evolve(state, queue=rest)
    again = attrs.evolve(head, kind="call", n=head.n - 1, what="suit", card=None, tried=tried)
    return evolve(state, queue=(again, *rest))


def _pending(state: State) -> Step | None:
    head = head_step(state) if state.phase == PLAY else None
    return head if head is not None and head.kind == "answer" else None


def check_answer(state: State, event: Event) -> str | None:
    """Why the ``answer`` event is refused, or ``None``."""
    head = _pending(state)
    if head is None:
        return "nobody needs to answer who holds a card now"
    if event.actor is not None:
        return "the table's answer to who holds a called card has no player as actor"
    holder = event.payload.holder
    card = head.card
    if holder == NOBODY:
        if not _elsewhere(state, head.who):
            return (
                f"{card} can only be face down in another player's hand: say whose "
                f"({', '.join(state.players[p] for p in holders(state, head.who))})"
            )
        return None
    if holder not in holders(state, head.who):
        who = name(state, holder) if 0 <= holder <= state.n else "nobody"
        others = ", ".join(state.players[p] for p in holders(state, head.who))
        nobody = " or nobody" if _elsewhere(state, head.who) else ""
        return f"{who} cannot hold {card} face down: only {others}{nobody}"
    assert card is not None
    return refusal(state, holder, card)


def apply_answer(state: State, event: Event) -> State:
    """The answer made: the holder's face-down card is ``card`` and goes to the caller (the
    holder draws again); ``nobody``: the attempt failed."""
    head = _pending(state)
    assert head is not None and head.card is not None
    rest = state.queue[1:]
    holder = event.payload.holder
    if holder == NOBODY:
        state = nobody_holds(state, head, holders(state, head.who), event.seq)
        return _failed(state, head, rest, head.card)
    hand = state.hands[holder]
    state = bound(state, holder, head.card)
    state = evolve(state, hands=_set(state.hands, holder, Zone(hand.cards, hand.hidden - 1)))
    return _hand_over(state, head.who, holder, head.card, "hand", rest)


def answer_step(state: State) -> ChanceStep | None:
    """The question to the table, if one is pending."""
    head = _pending(state)
    if head is None:
        return None
    card = head.card
    assert card is not None
    others = holders(state, head.who)
    able = tuple(p for p in others if allows(state.claims, p, card))  # no claim broken
    # every hand that may hold it denied it earlier: the record is contradictory, and the
    # answer the table gives is refused naming the claim it breaks
    choices = (able + ((NOBODY,) if _elsewhere(state, head.who) else ())) or others
    names = [state.players[p] for p in choices if p != NOBODY]
    answers = [f"answer {n}" for n in names] + (["answer nobody"] if NOBODY in choices else [])
    hint = f"who holds {head.card}, called by {name(state, head.who)}? " + " / ".join(answers)
    return ChanceStep("answer", hint, Listed.uniform(map(ev.Answer, choices)))
