"""Cards, zones, events, the rule-set protocol and registry, and the games.

``rules/`` is pure: it never touches storage, time or randomness of its own.
"""

from tablelog.rules.cards import Card, deck_48, deck_french, deck_tarot, parse_card, parse_cards
from tablelog.rules.errors import IllegalEvent, NotationError, OptionError, TablelogError
from tablelog.rules.events import Deal, Dealt, Event, Move, Note, Undo, payload
from tablelog.rules.protocol import (
    ChanceStep,
    Header,
    OptionSpec,
    Outcome,
    RuleSet,
    Shown,
    View,
    ZoneView,
    resolve_options,
)
from tablelog.rules.zones import Zone, unaccounted

__all__ = [
    "Card",
    "ChanceStep",
    "Deal",
    "Dealt",
    "Event",
    "Header",
    "IllegalEvent",
    "Move",
    "NotationError",
    "Note",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "RuleSet",
    "Shown",
    "TablelogError",
    "Undo",
    "View",
    "Zone",
    "ZoneView",
    "deck_48",
    "deck_french",
    "deck_tarot",
    "parse_card",
    "parse_cards",
    "payload",
    "resolve_options",
    "unaccounted",
]
