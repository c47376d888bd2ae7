"""What a face-down hand said it held none of (``rules.claims.Absence``), in a physical game.

Two answers rest on face-down cards (docs, "Physical games"):

- a ``pass`` in the Hierophant's window: "Kortene eller kortet spilleren velger vises så
  frem til alle av spillerne som eventuelt har dem på hånden", so a player who passes says
  their face-down cards hold none of the named cards still unaccounted for;
- the table's ``answer nobody`` to the Star, the Moon or the Sun: "Dersom en annen spiller
  har det påkalte kortet på hånden ... overgis det", so *nobody* says that no other player
  who might (one with face-down hand cards) holds the called card.

Each leaves an ``Absence`` per hand in the state. A face-down card that hand shows later
(``show``, ``reveal``, ``answer NAME``) is checked against it (``refusal``): one it said it
did not hold, more than the cards it has drawn unseen since could explain, is refused with
the sentence that names the event of the claim. A hand with no face-down card left drops
its absences (``rules.claims.emptied``); a new round starts with none.
"""

from __future__ import annotations

from tablelog.rules.absences import settle
from tablelog.rules.cards import Card
from tablelog.rules.claims import Absence, allows, broken, shown
from tablelog.rules.events import Event
from tablelog.rules.narrespillet.deck import category, category_cards
from tablelog.rules.narrespillet.state import State, Step, name
from tablelog.rules.narrespillet.take import pool_of, unknown
from tablelog.rules.table import evolve

__all__ = ["bound", "checked", "hierophant_passed", "nobody_holds", "open_claims", "refusal"]


def open_claims(state: State) -> tuple[Absence, ...]:
    """The absences still open (``RuleSet.claims``)."""
    return state.claims


def _hidden(state: State) -> dict[int, int]:
    return {seat: hand.hidden for seat, hand in enumerate(state.hands) if hand.hidden}


def refusal(state: State, seat: int, card: Card) -> str | None:
    """Why ``seat``'s face-down card may not turn out to be ``card`` (it breaks what the
    hand said it did not hold), or ``None``."""
    if not state.claims or allows(state.claims, seat, card):
        return None
    return broken(shown(state.claims, seat, card), _hidden(state), pool_of(state))


def bound(state: State, seat: int, card: Card) -> State:
    """``state`` once one of ``seat``'s face-down cards turned out to be ``card``."""
    if not state.claims:
        return state
    return evolve(state, claims=shown(state.claims, seat, card))


def checked(event: Event, state: State) -> State:
    """``state`` after ``event``: refused if it broke an absence; the absences of hands with
    no face-down card left dropped (``rules.absences.settle``; the pool is not counted, as
    ``check`` and the move generator do not count it either)."""
    if not state.claims:
        return state
    claims = settle(event, state.claims, state.hands, pool_of(state), counted=False)
    return state if claims is state.claims else evolve(state, claims=claims)


def _possessive(who: str) -> str:
    return f"{who}'" if who.endswith("s") else f"{who}'s"


def hierophant_passed(state: State, head: Step, seat: int, seq: int) -> State:
    """``seat`` passed in the Hierophant's window ``head``: its face-down cards hold none of
    the named cards nobody has accounted for."""
    pool = unknown(state)
    cards = frozenset(c for c in category_cards(head.what) if c in pool)
    if not cards or not state.hands[seat].hidden:
        return state
    holder = state.players[seat]
    absence = Absence(
        seat=seat,
        zone=f"hand:{seat}",
        cards=cards,
        seq=seq,
        said=f"{holder} passed for {_possessive(name(state, head.who))} Hierophant",
        holder=holder,
        what=category(head.what, one=True),
    )
    return evolve(state, claims=(*state.claims, absence))


def nobody_holds(state: State, head: Step, seats: tuple[int, ...], seq: int) -> State:
    """The table answered *nobody* to ``head``'s call: none of ``seats`` (the other players
    with face-down hand cards) holds the called card face down."""
    card = head.card
    assert card is not None
    said = f"the table answered nobody to {_possessive(name(state, head.who))} call of {card}"
    made = tuple(
        Absence(
            seat=seat,
            zone=f"hand:{seat}",
            cards=frozenset((card,)),
            seq=seq,
            said=said,
            holder=state.players[seat],
            what=card.text,
        )
        for seat in seats
        if state.hands[seat].hidden
    )
    return evolve(state, claims=(*state.claims, *made)) if made else state
