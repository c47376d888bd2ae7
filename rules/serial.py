"""Turning rule values into plain data and back (cattrs), for storage and interchange.

Cards become their text (``"7H"``), fractions ``"7/2"``, frozensets sorted lists (msgpack
has no sets; ``rules.claims.Absence`` keeps its cards in one). The same
converter unstructures payloads for the ledger (msgpack) and for JSON Lines, so the two
agree field for field.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Any, get_origin

import cattrs

from tablelog.rules.cards import Card, parse_card
from tablelog.rules.protocol import OptionValue

__all__ = ["converter", "make_converter"]


def make_converter() -> cattrs.Converter:
    """A converter that knows cards, and fractions."""
    conv = cattrs.Converter()
    conv.register_unstructure_hook(Card, lambda card: card.text)
    conv.register_structure_hook(Card, lambda text, _: parse_card(text))
    conv.register_unstructure_hook(Fraction, str)
    conv.register_structure_hook(Fraction, lambda text, _: Fraction(text))
    conv.register_structure_hook(OptionValue, _option_value)
    conv.register_unstructure_hook_func(_is_frozenset, partial(_sorted_list, conv))
    return conv


def _is_frozenset(kind: object) -> bool:
    return kind is frozenset or get_origin(kind) is frozenset


def _sorted_list(conv: cattrs.Converter, items: frozenset[Any]) -> list[Any]:
    """A frozenset as a list in a fixed order (by its items' plain form)."""
    return sorted((conv.unstructure(item) for item in items), key=repr)


def _option_value(value: object, _: object) -> OptionValue:
    if isinstance(value, bool | int | str):
        return value
    raise ValueError(f"an option value must be true/false, a number or text, not {value!r}")


converter = make_converter()
