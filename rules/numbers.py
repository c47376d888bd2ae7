"""Numbers typed in a move (``#2``, ``=7``, ``flip 3``): ASCII digits, and only a few.

``str.isdigit`` accepts ``²`` and ``①``, which ``int`` then refuses, and a number of
thousands of digits costs seconds to convert; every notation reads its numbers here.
"""

from __future__ import annotations

__all__ = ["MAX_DIGITS", "is_number"]

MAX_DIGITS = 6
"""No count, place or value in any game needs more digits than this."""


def is_number(text: str) -> bool:
    """Whether ``text`` (stripped) is a plain number: ASCII digits, at most ``MAX_DIGITS``."""
    t = text.strip()
    return t.isascii() and t.isdigit() and len(t) <= MAX_DIGITS
