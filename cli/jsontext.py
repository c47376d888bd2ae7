"""JSON as ``--json`` prints it: indented for a person to read, each small object or list
on one line, and written fast for big outputs.

``json.dumps(indent=2)`` runs the pure-Python encoder (the C encoder serves only compact
output) and lays a rating history of 35,000 points out as 250,000 lines. Here a value whose
compact text is short (``WIDTH`` characters, an object of scalars such as one point of a
history, a card list) is written by the C encoder on one line; a longer container is laid
out one member a line, two spaces deeper, as ``indent=2`` would. Any JSON reader reads the
same data either way.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any

__all__ = ["WIDTH", "json_text"]

c_make_encoder: Any = getattr(json.encoder, "c_make_encoder", None)
"""CPython's C encoder maker (typeshed does not declare it)."""

WIDTH = 88
"""The longest one-line object or list (its compact text, indentation not counted)."""


def json_text(data: Any, *, ascii_only: bool = False, indent: int = 0) -> str:
    """``data`` as indented JSON text, short containers on one line (``default=str`` for
    values JSON has no type for, as ``json.dumps`` takes it)."""
    encoder = json.JSONEncoder(ensure_ascii=ascii_only, separators=(", ", ": "), default=str)
    quote = encode_basestring_ascii if ascii_only else encode_basestring
    return _Layout(_encoder(encoder, quote), quote).laid(data, indent)


def _encoder(encoder: json.JSONEncoder, quote: Callable[[str], str]) -> Callable[[Any], str]:
    """``encoder.encode`` made once: the C encoder ``JSONEncoder.encode`` would make anew
    for every value (a third of the time of a long ``list --json``)."""
    if c_make_encoder is None:  # pragma: no cover - CPython always has it
        return encoder.encode
    made = c_make_encoder(
        None, str, quote, None, ": ", ", ", False, False, True
    )  # markers, default, quote, indent, separators, sort_keys, skipkeys, allow_nan

    def encode(value: Any) -> str:
        return "".join(made(value, 0))

    return encode


_SCALARS = (str, int, float, bool, type(None))


class _Layout:
    """The layout of one value: strings quoted by the C function ``json`` uses, containers
    of scalars by the C encoder, the rest member by member."""

    def __init__(self, encode: Callable[[Any], str], quote: Callable[[str], str]) -> None:
        self.encode = encode
        self.quote = quote

    def scalar(self, value: Any) -> str:
        if isinstance(value, str):
            return self.quote(value)
        return self.encode(value)

    def laid(self, value: Any, depth: int) -> str:
        """``value`` laid out at ``depth``: each member laid out first (bottom up, so each
        scalar is encoded once), then the container on one line if every member is and
        the line is short, else one member a line."""
        if not isinstance(value, dict | list | tuple):
            return self.scalar(value)
        if not value:
            return "{}" if isinstance(value, dict) else "[]"
        members = value.values() if isinstance(value, dict) else value
        if all(isinstance(v, _SCALARS) for v in members):  # a leaf: one C call
            text = self.encode(value)
            if len(text) <= WIDTH:
                return text
        inner = " " * (depth + 2)
        deeper = depth + 2
        if isinstance(value, dict):
            quote, laid = self.quote, self.laid
            items = [f"{quote(str(k))}: {laid(v, deeper)}" for k, v in value.items()]
            ends = "{}"
        else:
            items = [self.laid(v, deeper) for v in value]
            ends = "[]"
        flat = ends[0] + ", ".join(items) + ends[1]
        if len(flat) <= WIDTH and "\n" not in flat:
            return flat
        body = (",\n" + inner).join(items)
        return f"{ends[0]}\n{inner}{body}\n{' ' * depth}{ends[1]}"
