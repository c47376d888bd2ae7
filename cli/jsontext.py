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
from typing import Any

__all__ = ["WIDTH", "json_text"]

WIDTH = 88
"""The longest one-line object or list (its compact text, indentation not counted)."""


def json_text(data: Any, *, ascii_only: bool = False, indent: int = 0) -> str:
    """``data`` as indented JSON text, short containers on one line (``default=str`` for
    values JSON has no type for, as ``json.dumps`` takes it)."""
    encode = json.JSONEncoder(ensure_ascii=ascii_only, separators=(", ", ": "), default=str).encode
    return _laid(data, encode, indent)


_SCALARS = (str, int, float, bool, type(None))


def _laid(value: Any, encode: Any, depth: int) -> str:
    """``value`` laid out at ``depth``: each member laid out first (bottom up, so each
    scalar is encoded once), then the container on one line if every member is and the
    line is short, else one member a line."""
    if not isinstance(value, dict | list | tuple):
        text: str = encode(value)
        return text
    if not value:
        return "{}" if isinstance(value, dict) else "[]"
    members = value.values() if isinstance(value, dict) else value
    if all(isinstance(v, _SCALARS) for v in members):  # a leaf: one C call
        text = encode(value)
        if len(text) <= WIDTH:
            return text
    inner = " " * (depth + 2)
    if isinstance(value, dict):
        items = [f"{encode(str(k))}: {_laid(v, encode, depth + 2)}" for k, v in value.items()]
        ends = "{}"
    else:
        items = [_laid(v, encode, depth + 2) for v in value]
        ends = "[]"
    flat = ends[0] + ", ".join(items) + ends[1]
    if len(flat) <= WIDTH and "\n" not in flat:
        return flat
    body = (",\n" + inner).join(items)
    return f"{ends[0]}\n{inner}{body}\n{' ' * depth}{ends[1]}"
