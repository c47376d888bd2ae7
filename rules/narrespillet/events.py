"""Narrespillet's own payloads; the deal and every draw are the shared ``deal`` event.

Turn actions: ``place``, ``discard``, ``forfeit``, ``picture`` (a picture card played for
its effect), ``load``/``unload`` (the Chariot), ``lift`` (one's own Temperance), ``exorcise``
(Malderia: the Swords Knight drives out the Demons). Answers in a window: ``fool`` (steal a
placement as it is placed), ``pass``, ``hermit`` (an extra turn at any time), ``vote``
(consent to a reshuffle), ``call`` (the Star, Moon or Sun). ``show`` binds a face-down card
of a physical game's hand to its identity before it is used; ``reveal`` shows one to
everyone when the Hierophant names its kind. Chance: ``answer`` (who holds a
card the Star called, in a physical game).
"""

from __future__ import annotations

from tablelog.rules.cards import Card
from tablelog.rules.events import chance_payload, move_payload

__all__ = [
    "PAYLOADS",
    "Answer",
    "Call",
    "Discard",
    "Exorcise",
    "Fool",
    "Forfeit",
    "Hermit",
    "Lift",
    "Load",
    "Pass",
    "Picture",
    "Place",
    "Reveal",
    "Show",
    "Unload",
    "Vote",
]


@move_payload("narrespillet.place")
class Place:
    """A placement on battlefield ``field`` (a house: Sw, St, Cu, Co), and on ``also`` too
    for an imperial pair held on two battlefields. ``magic`` is the number card the Magician
    (among ``cards``) moves into the field's house. A placement that uses a card of the
    Chariot plays the Chariot out: it is discarded after with whatever is left in it."""

    cards: tuple[Card, ...]
    field: str
    also: str = ""
    magic: Card | None = None


@move_payload("narrespillet.discard")
class Discard:
    """One card from the hand to the discard pile."""

    card: Card


@move_payload("narrespillet.forfeit")
class Forfeit:
    """Give up one's own open battlefield ``field`` for this round."""

    field: str


@move_payload("narrespillet.picture")
class Picture:
    """A picture card played for its effect: ``target`` a participant (the Demons are the
    number of players), ``field`` a house, ``choice`` a word (Hierophant's category,
    Strength's open/closed), ``count`` (Wheel of Fortune), ``cards`` (loaded with the
    Chariot)."""

    card: Card
    target: int = -1
    field: str = ""
    choice: str = ""
    count: int = 0
    cards: tuple[Card, ...] = ()


@move_payload("narrespillet.load")
class Load:
    """One or two cards from the hand laid into one's Chariot."""

    cards: tuple[Card, ...]


@move_payload("narrespillet.unload")
class Unload:
    """The Chariot discarded with everything in it."""


@move_payload("narrespillet.lift")
class Lift:
    """One's own Temperance taken off the table (a turn spent on it)."""


@move_payload("narrespillet.exorcise")
class Exorcise:
    """Malderia: the Swords Knight played to remove the Demons."""


@move_payload("narrespillet.fool")
class Fool:
    """The Fool played as a placement is placed: the placement is stolen (``demons``: by
    the Demons, played by their controller)."""

    demons: bool = False


@move_payload("narrespillet.pass")
class Pass:
    """Declining: no Fool for this placement, no more calls, no optional extra turn."""

    demons: bool = False


@move_payload("narrespillet.hermit")
class Hermit:
    """One of the Hermit's three extra turns, taken now."""

    demons: bool = False


@move_payload("narrespillet.vote")
class Vote:
    """Consent (or not) to shuffle the discard pile into a new stock."""

    agree: bool


@move_payload("narrespillet.call")
class Call:
    """A card called with the Star, Moon or Sun."""

    card: Card


@move_payload("narrespillet.show")
class Show:
    """A face-down card of the actor's hand shown: it is ``card`` (physical games)."""

    card: Card


@move_payload("narrespillet.reveal")
class Reveal:
    """A face-down card of the actor's hand shown to everyone because the Hierophant named
    its kind ("vises så frem til alle av spillerne som eventuelt har dem på hånden"),
    physical games."""

    card: Card


@chance_payload("narrespillet.answer")
class Answer:
    """Who holds the card just called (a participant, ``-1``: nobody), physical games."""

    holder: int


PAYLOADS: tuple[type, ...] = (
    Place,
    Discard,
    Forfeit,
    Picture,
    Load,
    Unload,
    Lift,
    Exorcise,
    Fool,
    Pass,
    Hermit,
    Vote,
    Call,
    Show,
    Reveal,
    Answer,
)
