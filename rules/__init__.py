"""Cards, zones, events, the rule-set protocol and registry, and the games.

``rules/`` is pure: it never touches storage, time or randomness of its own.
"""

from rules.cards import Card, deck_48, deck_french, deck_tarot, parse_card, parse_cards
from rules.errors import IllegalEvent, NotationError, OptionError, TablelogError
from rules.events import EVENT_TYPES, Deal, Dealt, Event, Move, Note, Play, Turn, Undo, event_type
from rules.protocol import (
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
from rules.zones import Zone, unaccounted

__all__ = [
    "EVENT_TYPES",
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
    "Play",
    "RuleSet",
    "Shown",
    "TablelogError",
    "Turn",
    "Undo",
    "View",
    "Zone",
    "ZoneView",
    "deck_48",
    "deck_french",
    "deck_tarot",
    "event_type",
    "parse_card",
    "parse_cards",
    "resolve_options",
    "unaccounted",
]
