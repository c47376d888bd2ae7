"""Applying a player's move: ``apply`` (the only validator), ``to_act`` and the rules of
each move.

A turn starts in stage ``hand``. The player lays cards on the pile (``play``), gives the
pile away with a joker (``give``), draws a chance card (``chance``; the hand is locked from
then on), takes in the pile (``pickup``) or, with no hand cards and no stock left, turns a
table card (``flip``). A 10 or four of a kind burns the pile and the player may go on or
stop (``done``).
"""

from __future__ import annotations

from typing import Any

from tablelog.rules.cards import JOKER, Card
from tablelog.rules.claims import shown
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Deal, Event, Move
from tablelog.rules.laid import laid_by
from tablelog.rules.speahx.cards import burn, give_problem, matches, play_problem
from tablelog.rules.speahx.claims import none_fits, settle, surely_fits
from tablelog.rules.speahx.deal import apply_chance_step
from tablelog.rules.speahx.events import Chance, Done, Draw, Flip, Give, Pickup, Play, Reveal
from tablelog.rules.speahx.sources import Taken, take
from tablelog.rules.speahx.state import (
    EACH_JACK,
    FLIPPED,
    HAND,
    LOCKED,
    MAX_CHANCE,
    OVER,
    PLAY,
    REVEAL,
    State,
    event_cap,
)
from tablelog.rules.speahx.turns import after_burn, end_turn, stopped
from tablelog.rules.table import evolve, player
from tablelog.rules.zones import Zone

__all__ = ["apply", "can_lay", "chance_problem", "pickup_problem", "to_act", "unable"]

CHANCE_STEPS = (Deal, Draw, Reveal)


def to_act(state: State) -> tuple[int, ...]:
    """The seat on turn, or none while a chance step is pending or the game is over."""
    return (state.turn.seat,) if state.phase == PLAY else ()


def apply(state: State, event: Event) -> State:
    """The state after ``event``; ``IllegalEvent`` naming the rule if it is not allowed.

    Each rule makes one new state: it is given the fields every event changes (``count``)
    and sets the pile's layers (``pile_by``) with the pile (``_pile``), so the end of a turn
    and the count are made in the same state, not one state each."""
    payload = event.payload
    count = state.count + 1
    extra: dict[str, Any] = {"count": count}
    if isinstance(payload, CHANCE_STEPS):
        after = apply_chance_step(state, event, extra)
    else:
        _check_turn(state, event)
        rule = _MOVES.get(type(payload))
        if rule is None:
            kind = getattr(payload, "TYPE", type(payload).__name__)
            raise IllegalEvent(event, f"Speahx has no {kind} events")
        after = rule(state, event, extra)
    after = settle(event, after)
    # who laid each card: kept by the rules that set it; made here for the others (a
    # changed pile with the old layers) and for a state whose layers do not fit its pile
    if (after.pile is not state.pile and after.pile_by is state.pile_by) or len(
        after.pile_by
    ) != len(after.pile):
        after = evolve(after, pile_by=laid_by(state.pile, after.pile, state.pile_by, event.actor))
    if count >= event_cap(len(state.players)) and after.phase != OVER:
        return stopped(after)
    return after


def _pile(state: State, pile: tuple[Card, ...], actor: int | None) -> dict[str, Any]:
    """The changes of a move that leaves ``pile`` in play: the pile and who laid each of
    its cards (``rules.laid``)."""
    return {"pile": pile, "pile_by": laid_by(state.pile, pile, state.pile_by, actor)}


def _check_turn(state: State, event: Event) -> None:
    if state.phase == PLAY:
        if event.actor != state.turn.seat:
            raise IllegalEvent(
                event,
                f"it is {player(state, state.turn.seat)}'s turn, not "
                f"{player(state, event.actor)}'s",
            )
        return
    if state.phase == OVER:
        raise IllegalEvent(event, "the game is over")
    raise IllegalEvent(event, "a chance step comes first: " + _pending(state))


def _pending(state: State) -> str:
    from tablelog.rules.speahx.deal import chance

    step = chance(state)
    return step.hint if step is not None else "nothing"


def _taken(state: State, taken: Taken) -> dict[str, Any]:
    """What taking a play's cards changes: the hand on turn, the chance cards, the flipped
    card, and the claims on the hand (each card bound shown to them)."""
    seat = state.turn.seat
    hands = (*state.hands[:seat], taken.hand, *state.hands[seat + 1 :])
    claims = state.claims
    for card in taken.bound if claims else ():
        claims = shown(claims, seat, card)
    return {"hands": hands, "chance": taken.chance, "flipped": taken.flipped, "claims": claims}


# ``playout.SpeahxPlayout`` makes the changes of ``_play``, ``_pickup`` and ``_done`` in its
# fast stage in place (``_lay``, ``_pickup``, ``_done``): a change here is a change there.
def _play(state: State, event: Event, extra: dict[str, Any]) -> State:
    payload: Play = event.payload
    cards = payload.cards
    problem = play_problem(cards, payload.suit, state.top, state.suit, state.options)
    if problem is not None:
        raise IllegalEvent(event, problem)
    taken = take(state, cards)
    if isinstance(taken, str):
        raise IllegalEvent(event, taken)
    pile, burned = burn((*state.pile, *cards), len(cards), state.options)
    named = payload.suit if pile else ""
    changes = _taken(state, taken)
    changes.update(extra, named=named, out=state.out.add(*burned) if burned else state.out)
    changes.update(_pile(state, pile, event.actor))
    if burned:
        return after_burn(state, state.turn, **changes)
    return end_turn(state, refill=True, **changes)


def _give(state: State, event: Event, extra: dict[str, Any]) -> State:
    payload: Give = event.payload
    problem = give_problem(payload.cards, state.options)
    if problem is not None:
        raise IllegalEvent(event, problem)
    target = payload.target
    seat = state.turn.seat
    if not 0 <= target < len(state.players) or target == seat or not state.in_game(target):
        raise IllegalEvent(
            event,
            f"the pile goes to another player still in the game, not {player(state, target)}",
        )
    taken = take(state, payload.cards)
    if isinstance(taken, str):
        raise IllegalEvent(event, taken)
    changes = _taken(state, taken)
    hands = changes["hands"]
    hand = hands[target].add(*state.pile)
    changes.update(
        extra,
        hands=(*hands[:target], hand, *hands[target + 1 :]),
        named="",
        out=state.out.add(*payload.cards),
    )
    changes.update(_pile(state, (), event.actor))
    return end_turn(state, refill=True, **changes)


def forced(state: State) -> Move | None:
    """The move nobody decides: a flipped table card that cannot be laid is taken in with
    the pile ("skal bordkortet og bunken trekkes inn")."""
    if state.phase != PLAY or state.turn.stage != FLIPPED or can_lay(state):
        return None
    if pickup_problem(state, why=False) is not None:
        return None
    return Move(state.turn.seat, Pickup())


def can_lay(state: State) -> bool:
    """Whether the player on turn can lay or give away a card of the stage's source (the
    hand, or the flipped table card), asked directly, never by listing moves: a joker
    or a Terminator-Torkel jack gives the pile away, a 2 or a 10 fits anything, a card
    of the top's rank or the suit to follow fits, and four or more equal cards fit
    anything (or are a Terminator-Torkel)."""
    if state.turn.stage == FLIPPED:
        held = list(state.flipped.cards)
    else:
        held = list(state.hands[state.turn.seat].cards)
    options = state.options
    each_jack = options.torkel_rule == EACH_JACK
    ranks: dict[str, int] = {}
    for card in held:
        if card == JOKER:
            if options.jokers:
                return True
            continue
        if card.rank in ("2", "10") or (each_jack and card.rank == "J"):
            return True
        if matches(card, state.top, state.suit) and not (each_jack and card.rank == "J"):
            return True
        ranks[card.rank] = ranks.get(card.rank, 0) + 1
    return state.turn.stage != FLIPPED and any(n >= 4 for n in ranks.values())


def unable(state: State) -> bool:
    """Whether the player on turn cannot lay a hand card as far as the record knows: no
    known card fits, and the face-down cards (a physical game) need not hold one; the
    player is taken at his word, which leaves a claim (``rules.speahx.claims``)."""
    return not can_lay(state) and not surely_fits(state)


def _unable_reason(state: State) -> str:
    """Why the player on turn is able to lay a card, in words (``unable`` is false)."""
    if can_lay(state):
        return "a hand card fits"
    hand = state.hands[state.turn.seat]
    return (
        f"{player(state, state.turn.seat)}'s {hand.hidden} face-down hand card(s) must hold "
        "a card that fits: too few unaccounted cards that do not fit are left for them "
        "(the open claims on every hand counted)"
    )


_REFUSED = "refused"
"""What ``chance_problem`` and ``pickup_problem`` answer with ``why=False`` when the move
is not allowed: the listing asks only whether it is, not the sentence saying why."""


def chance_problem(state: State, *, why: bool = True) -> str | None:
    """Why the player on turn may not draw a chance card now, or ``None`` (``_REFUSED``
    instead of the sentence with ``why`` false)."""
    turn = state.turn
    if not len(state.stock):
        return "chance cards come from the stock, and the stock is empty"
    if turn.stage == FLIPPED:
        return "a flipped table card is laid or taken in with the pile"
    if turn.stage == HAND:
        if turn.burned:
            return "after a burn the player lays on from the hand or stops (done)"
        if not state.options.chance_may_skip_playable and not unable(state):
            if not why:
                return _REFUSED
            return (
                "chance cards are for a player who cannot lay a hand card "
                f"(option chance_may_skip_playable=false), and {_unable_reason(state)}"
            )
    elif turn.drawn >= MAX_CHANCE:
        return "a player draws at most three chance cards in a turn"
    return None


def _chance(state: State, event: Event, extra: dict[str, Any]) -> State:
    problem = chance_problem(state)
    if problem is not None:
        raise IllegalEvent(event, problem)
    turn = state.turn
    claims = state.claims
    if turn.stage == HAND and not state.options.chance_may_skip_playable:
        claims = none_fits(state, event.seq, f"{player(state, turn.seat)} drew a chance card")
    turn = evolve(turn, drawn=turn.drawn + 1)
    return evolve(state, phase=REVEAL, turn=turn, claims=claims, **extra)


def _flip(state: State, event: Event, extra: dict[str, Any]) -> State:
    place: int = event.payload.place
    seat = state.turn.seat
    turn = state.turn
    if turn.stage != HAND:
        raise IllegalEvent(
            event, "a table card is turned only at the start of a turn or after a burn"
        )
    if len(state.hands[seat]) or len(state.stock):
        raise IllegalEvent(
            event,
            "table cards are used only when the hand is empty and the stock is used up "
            '("Bordkort skal ikke benyttes før spilleren er tom for håndkort")',
        )
    slots = state.tables[seat].slots
    if not 1 <= place <= len(slots) or slots[place - 1] is None:
        left = " ".join(str(i + 1) for i in state.tables[seat].occupied())
        raise IllegalEvent(event, f"{player(state, seat)} has no table card {place} (left: {left})")
    turn = evolve(turn, flip=place - 1, burned=False)
    return evolve(state, phase=REVEAL, turn=turn, **extra)


def pickup_problem(state: State, *, why: bool = True) -> str | None:
    """Why the player on turn may not take in the pile now, or ``None`` (``_REFUSED``
    instead of a sentence that costs more than the answer with ``why`` false)."""
    turn = state.turn
    if not state.pile:
        return "the pile is empty: there is nothing to take in"
    if turn.burned:
        return "after a burn the player lays on or stops (done)"
    if turn.stage == LOCKED or state.options.voluntary_pickup:
        return None
    if turn.stage == FLIPPED:
        if can_lay(state):
            if not why:
                return _REFUSED
            card = state.flipped.cards[0]
            return f"{card} can be laid, so it is (option voluntary_pickup=false)"
        return None
    if unable(state):
        return None
    if not why:
        return _REFUSED
    return (
        "a player who can lay a card takes in the pile only with option voluntary_pickup, "
        f"and {_unable_reason(state)}"
    )


def _pickup(state: State, event: Event, extra: dict[str, Any]) -> State:
    problem = pickup_problem(state)
    if problem is not None:
        raise IllegalEvent(event, problem)
    seat = state.turn.seat
    claims = state.claims
    if state.turn.stage == HAND and not state.options.voluntary_pickup:
        claims = none_fits(state, event.seq, f"{player(state, seat)} picked up the pile")
    taken: tuple[Card, ...] = (*state.pile, *state.flipped.cards)
    hand = state.hands[seat].add(*taken)
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    return end_turn(
        state,
        refill=False,
        hands=hands,
        named="",
        flipped=Zone(),
        claims=claims,
        **extra,
        **_pile(state, (), event.actor),
    )


def _done(state: State, event: Event, extra: dict[str, Any]) -> State:
    if not state.turn.burned:
        raise IllegalEvent(
            event, "a turn ends by laying cards or taking in the pile; done is after a burn"
        )
    return end_turn(state, refill=True, **extra)


_MOVES = {
    Play: _play,
    Give: _give,
    Chance: _chance,
    Flip: _flip,
    Pickup: _pickup,
    Done: _done,
}
