"""Turning rule values into plain data and back (cattrs), for storage and interchange.

Cards become their text (``"7H"``), fractions ``"7/2"``, sets sorted lists. The same
converter unstructures payloads for the ledger (msgpack) and for JSON Lines, so the two
agree field for field.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from fractions import Fraction

import cattrs

from rules.cards import Card, parse_card
from rules.protocol import OptionValue

__all__ = ["converter", "make_converter"]


def make_converter() -> cattrs.Converter:
    """A converter that knows cards, and fractions; sets (an ``Absence``'s cards) become
    lists in a fixed order, which msgpack and JSON can hold, and come back as sets."""
    conv = cattrs.Converter(unstruct_collection_overrides={Set: _ordered})
    conv.register_unstructure_hook(Card, lambda card: card.text)
    conv.register_structure_hook(Card, lambda text, _: parse_card(text))
    conv.register_unstructure_hook(Fraction, str)
    conv.register_structure_hook(Fraction, lambda text, _: Fraction(text))
    conv.register_structure_hook(OptionValue, _option_value)
    return conv


def _ordered(items: Iterable[object]) -> list[object]:
    """A set's unstructured items as a list, in an order that does not depend on hashing."""
    return sorted(items, key=repr)


def _option_value(value: object, _: object) -> OptionValue:
    if isinstance(value, bool | int | str):
        return value
    raise ValueError(f"an option value must be true/false, a number or text, not {value!r}")


converter = make_converter()
