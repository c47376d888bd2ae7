"""The picture cards played for their effect on one's turn (``picture`` moves).

``check_picture`` says why a play is refused (or ``None``); ``do_picture`` makes it and
returns the steps that follow it (a draw, a call, an extra turn) before the common ones.
The Magician, Emperor, Empress, Lovers and World are placements (``place``); the Fool is
an answer to a placement (``fool``).
"""

from __future__ import annotations

from typing import Any

from tablelog.rules.cards import FOOL, Card
from tablelog.rules.narrespillet.deck import (
    CHARIOT,
    DEATH,
    DEMONS_CARD,
    EMPEROR,
    EMPRESS,
    HANGED,
    HERMIT,
    HIEROPHANT,
    HOUSE_NAMES,
    HOUSES,
    JUDGEMENT,
    JUSTICE,
    LOVERS,
    MAGICIAN,
    MOON,
    PICTURE_NAMES,
    PRIESTESS,
    STAR,
    STRENGTH,
    SUN,
    TEMPERANCE,
    TOWER,
    WHEEL,
    WORLD,
)
from tablelog.rules.narrespillet.events import Picture
from tablelog.rules.narrespillet.flow import discard_cards, lift_temperance
from tablelog.rules.narrespillet.reveal import hierophant
from tablelog.rules.narrespillet.state import (
    ALTHEA,
    FORFEIT,
    HAND,
    OPEN,
    PLACED,
    Slot,
    State,
    Step,
    hand_limit,
    name,
)
from tablelog.rules.narrespillet.take import available, source_of, take
from tablelog.rules.table import evolve, where

__all__ = ["CATEGORIES", "EFFECTS", "check_picture", "do_picture", "live", "wheel_cap"]

PLACEMENT_ONLY = frozenset({MAGICIAN, EMPRESS, EMPEROR, LOVERS, WORLD, FOOL})
EFFECTS = (
    PRIESTESS, HIEROPHANT, CHARIOT, JUSTICE, HERMIT, WHEEL, STRENGTH, HANGED, DEATH,
    TEMPERANCE, DEMONS_CARD, TOWER, STAR, MOON, SUN, JUDGEMENT,
)  # fmt: skip
CATEGORIES = ("Sw", "St", "Cu", "Co", "pictures", "fool")
CALLS = {STAR: 3, MOON: 2, SUN: 1}


def _set(items: tuple[Any, ...], i: int, value: object) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def live(state: State, who: int) -> bool:
    """A participant still in the round."""
    if who == state.n and state.demons < 0:
        return False
    return 0 <= who <= state.n and not state.finished[who]


def wheel_cap(state: State, who: int, from_hand: bool) -> int:
    """How many cards the Wheel of Fortune may draw."""
    if state.options.wheel_cap == "literal":
        return 5
    held = len(state.hands[who]) + len(state.opens[who]) - (1 if from_hand else 0)
    return max(0, min(5, hand_limit(state, who) + 4 - held))


def _defaults(move: Picture, **used: object) -> str | None:
    """Refuse a field the card does not take."""
    blank = {"target": -1, "field": "", "choice": "", "count": 0, "cards": ()}
    for key, empty in blank.items():
        if key not in used and getattr(move, key) != empty:
            return f"{_title(move.card)} takes no {key}"
    return None


def _title(card: Card) -> str:
    return PICTURE_NAMES.get(card, str(card)).capitalize()


def check_picture(state: State, who: int, move: Picture) -> str | None:
    """Why ``who`` may not play picture card ``move`` now, or ``None``."""
    card = move.card
    if card in PLACEMENT_ONLY:
        return f"{_title(card)} is played as part of a placement, not for an effect of its own"
    if card not in EFFECTS:
        return f"{card} is not a picture card"
    src = source_of(state, who, card, pool=True, chariot=False)
    if src is None:
        return f"{name(state, who)} has no {card} to play: {where(state, card)}"
    check = _CHECKS[card]
    return check(state, who, move, src)


def _priestess(state: State, who: int, move: Picture, src: str) -> str | None:
    t = move.target
    if not (0 <= t < state.n) or t == who or not live(state, t):
        return "the High Priestess looks at the hand of another player still in the round"
    return _defaults(move, target=1)


def _hierophant(state: State, who: int, move: Picture, src: str) -> str | None:
    if move.choice not in CATEGORIES:
        return (
            "the Hierophant names a house (Sw, St, Cu, Co), all picture cards "
            "(pictures) or the Fool (fool)"
        )
    return _defaults(move, choice=1)


def _chariot(state: State, who: int, move: Picture, src: str) -> str | None:
    if state.has_chariot[who]:
        return f"{name(state, who)} already has a Chariot"
    if len(set(move.cards)) != len(move.cards) or CHARIOT in move.cards:
        return "the Chariot is loaded with other cards, each named once"
    for card in move.cards:
        if source_of(state, who, card, pool=False, chariot=False) is None:
            return f"the Chariot is loaded from the hand, and {name(state, who)} holds no {card}"
    return _defaults(move, cards=1)


def _none(state: State, who: int, move: Picture, src: str) -> str | None:
    return _defaults(move)


def _justice(state: State, who: int, move: Picture, src: str) -> str | None:
    return _defaults(move)


def _hermit(state: State, who: int, move: Picture, src: str) -> str | None:
    if state.hermit[who]:
        return f"{name(state, who)} already has the Hermit before them"
    return _defaults(move)


def _wheel(state: State, who: int, move: Picture, src: str) -> str | None:
    cap = wheel_cap(state, who, src in ("hand", "open"))
    if not 1 <= move.count <= max(cap, 1):
        return f"the Wheel of Fortune draws from 1 up to {max(cap, 1)} cards here"
    return _defaults(move, count=1)


def _strength(state: State, who: int, move: Picture, src: str) -> str | None:
    if state.strength[who]:
        return f"{name(state, who)} already has Strength"
    if move.choice not in ("closed", "open"):
        return "Strength gives one more closed card (closed) or two open cards (open)"
    return _defaults(move, choice=1)


def _hanged(state: State, who: int, move: Picture, src: str) -> str | None:
    if not live(state, move.target):
        return "the Hanged Man points at a player (or the Demons) still in the round"
    return _defaults(move, target=1)


def _temperance(state: State, who: int, move: Picture, src: str) -> str | None:
    if move.field not in HOUSE_NAMES:
        return "Temperance is laid on a battlefield: Sw, St, Cu or Co"
    if state.slots[who][HOUSES.index(move.field)].status != OPEN:
        return f"Temperance goes on a field {name(state, who)} has not placed on or forfeited"
    return _defaults(move, field=1)


def _demons(state: State, who: int, move: Picture, src: str) -> str | None:
    if state.demons >= 0:
        return "the Demons are already in play this round"
    if who == state.n:  # pragma: no cover - the Demons are not in play
        return "the Demons cannot summon themselves"
    return _defaults(move)


def _target_field(state: State, move: Picture) -> str | None:
    if not live(state, move.target):
        return f"{_title(move.card)} is used on a player (or the Demons) still in the round"
    if move.field not in HOUSE_NAMES:
        return "name the battlefield: Sw, St, Cu or Co"
    return None


def _tower(state: State, who: int, move: Picture, src: str) -> str | None:
    bad = _target_field(state, move)
    if bad:
        return bad
    slot = state.slots[move.target][HOUSES.index(move.field)]
    if slot.status != PLACED or slot.placement is None:
        return (
            f"the Tower throws down a placement, and {name(state, move.target)} has "
            f"none on {HOUSE_NAMES[move.field]} (a forfeit or Judgement is not one)"
        )
    if slot.placement.kind == "world":
        return "the World cannot be thrown down by the Tower"
    return _defaults(move, target=1, field=1)


def _judgement(state: State, who: int, move: Picture, src: str) -> str | None:
    bad = _target_field(state, move)
    if bad:
        return bad
    if state.slots[move.target][HOUSES.index(move.field)].status != OPEN:
        return (
            f"Judgement is played on a battlefield with no placement, and "
            f"{name(state, move.target)}'s {HOUSE_NAMES[move.field]} is not open"
        )
    return _defaults(move, target=1, field=1)


_CHECKS = {
    PRIESTESS: _priestess, HIEROPHANT: _hierophant, CHARIOT: _chariot, JUSTICE: _justice,
    HERMIT: _hermit, WHEEL: _wheel, STRENGTH: _strength, HANGED: _hanged, DEATH: _none,
    TEMPERANCE: _temperance, DEMONS_CARD: _demons, TOWER: _tower, STAR: _none, MOON: _none,
    SUN: _none, JUDGEMENT: _judgement,
}  # fmt: skip


def do_picture(state: State, who: int, move: Picture) -> tuple[State, tuple[Step, ...], str]:
    """Play the card: the new state, the steps that follow first, and what comes after
    the refill (``extra``: a new turn must follow, ``maybe``: one may, ``""``)."""
    card = move.card
    src = source_of(state, who, card, pool=True, chariot=False)
    assert src is not None
    state = take(state, who, card, src)
    pooled = src == "pool"
    steps: tuple[Step, ...] = ()
    after = ""
    oracle = {"mandatory": "extra", "optional": "maybe", "none": ""}[
        state.options.oracle_extra_turn
    ]
    if card == PRIESTESS:
        state = discard_cards(state, card)
        state = evolve(state, peeks=(*state.peeks, (who, move.target)))
        after = oracle
    elif card == HIEROPHANT:
        state, steps = hierophant(discard_cards(state, card), who, move.choice)
        after = oracle
    elif card == CHARIOT:
        for c in move.cards:
            s = source_of(state, who, c, pool=False, chariot=False)
            assert s is not None
            state = take(state, who, c, s)
        state = evolve(
            state,
            fronts=_set(state.fronts, who, state.fronts[who].add(CHARIOT)),
            chariots=_set(state.chariots, who, state.chariots[who].add(*move.cards)),
            has_chariot=_set(state.has_chariot, who, True),
        )
    elif card == JUSTICE:
        state = evolve(state, justice=state.justice.add(JUSTICE))
        if state.demons >= 0 and state.demons_own:
            d = state.n
            state = evolve(
                state,
                pool=state.pool.add(*state.hands[d].cards, *state.opens[d].cards),
                hands=_set(state.hands, d, type(state.pool)()),
                opens=_set(state.opens, d, type(state.pool)()),
                demons_own=False,
                pool_live=True,
            )
        else:
            state = evolve(state, pool_live=True)
            after = "maybe"
    elif card == HERMIT:
        state = evolve(
            state,
            fronts=_set(state.fronts, who, state.fronts[who].add(HERMIT)),
            hermit=_set(state.hermit, who, 3),
        )
    elif card == WHEEL:
        state = discard_cards(state, card)
        steps = (Step("draw", who, move.count), Step("down", who))
    elif card == STRENGTH:
        state = evolve(
            state,
            fronts=_set(state.fronts, who, state.fronts[who].add(STRENGTH)),
            strength=_set(state.strength, who, move.choice),
        )
    elif card == HANGED:
        state = _hang(discard_cards(state, card), move.target)
        steps = (Step("refill", -1), Step("refill", move.target))
    elif card == DEATH:
        stock = state.stock
        state = discard_cards(state, card, hidden=len(stock))
        state = lift_temperance(evolve(state, stock=type(stock)(), death=True))
    elif card == TEMPERANCE:
        state = evolve(
            state,
            fronts=_set(state.fronts, who, state.fronts[who].add(TEMPERANCE)),
            temperance=(who, move.field),
        )
    elif card == DEMONS_CARD:
        state = _summon(state, who)
        steps = (Step("refill", state.n),)
    elif card == TOWER:
        state = _tower_down(discard_cards(state, card), move.target, move.field)
    elif card in CALLS:
        state = discard_cards(state, card)
        steps = (Step("call", who, CALLS[card], what="any" if card == STAR else "suit"),)
    elif card == JUDGEMENT:
        clock = state.clock + 1
        i = HOUSES.index(move.field)
        row = _set(state.slots[move.target], i, Slot(FORFEIT, None, clock))
        state = discard_cards(state, card)
        state = evolve(state, slots=_set(state.slots, move.target, row), clock=clock)
    if pooled:
        steps = (Step("refill", -1), *steps)
    return state, steps, after


def _hang(state: State, target: int) -> State:
    hand, opened, chariot = state.hands[target], state.opens[target], state.chariots[target]
    front = state.fronts[target]
    lost = (CHARIOT,) if state.has_chariot[target] else ()
    if lost:
        front = front.remove(CHARIOT)
    empty = type(hand)()
    state = evolve(
        state,
        hands=_set(state.hands, target, empty),
        opens=_set(state.opens, target, empty),
        chariots=_set(state.chariots, target, empty),
        fronts=_set(state.fronts, target, front),
        has_chariot=_set(state.has_chariot, target, False),
        revealed=_set(state.revealed, target, ()),
    )
    return discard_cards(
        state, *hand.cards, *opened.cards, *chariot.cards, *lost, hidden=hand.hidden
    )


def _summon(state: State, who: int) -> State:
    d = state.n
    state = evolve(
        state,
        fronts=_set(state.fronts, d, state.fronts[d].add(DEMONS_CARD)),
        demons=who,
        finished=_set(state.finished, d, False),
    )
    if state.pool_live:
        if state.options.variant == ALTHEA:
            return evolve(state, demons_own=False)
        return evolve(
            state,
            hands=_set(state.hands, d, state.pool),
            pool=type(state.pool)(),
            pool_live=False,
            demons_own=True,
        )
    return evolve(state, demons_own=True, queue=state.queue)


def _tower_down(state: State, target: int, house: str) -> State:
    slot = state.slots[target][HOUSES.index(house)]
    placement = slot.placement
    assert placement is not None
    row = state.slots[target]
    for h in placement.fields:
        row = _set(row, HOUSES.index(h), Slot())
    state = evolve(state, slots=_set(state.slots, target, row))
    return discard_cards(state, *placement.cards)


_ = (available, HAND)
