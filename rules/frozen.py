"""``frozen``: ``attrs.frozen`` with one ``__repr__`` shared by every class.

attrs writes each class's methods as source text and compiles them when the class is
made, and every command pays for every class its imports make: about 80 of them for
``show``, a sixth of its start-up. A third of that compiling is each class's ``__repr__``,
which no command prints. A class made with ``frozen`` gets the same methods as with
``attrs.frozen`` (the options pass through), except that its ``__repr__`` is
``fields_repr``, written once here: the same text attrs writes (``Step(kind='turn',
who=1, ...)``, the fields with ``repr=True``, a field's own ``repr`` callable used,
``...`` for an object met again inside itself). A class that writes its own
``__repr__``, or asks for ``repr=False``, keeps what it asked for.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

__all__ = ["fields_repr", "frozen"]

C = TypeVar("C", bound=type)

_busy = threading.local()
"""The ids of the objects whose repr is being written on this thread (a cycle says ...)."""


def fields_repr(self: Any) -> str:
    """``Name(field=value, ...)`` exactly as an attrs-generated ``__repr__`` writes it."""
    seen: set[int] | None = getattr(_busy, "ids", None)
    if seen is None:
        seen = _busy.ids = set()
    if id(self) in seen:
        return "..."
    seen.add(id(self))
    try:
        parts = []
        for field in attrs.fields(type(self)):
            if field.repr is False:
                continue
            if field.init:
                value = getattr(self, field.name)
            else:  # a field set after __init__ may not be set yet
                value = getattr(self, field.name, attrs.NOTHING)
            shown = repr(value) if field.repr is True else field.repr(value)
            parts.append(f"{field.name}={shown}")
        return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({', '.join(parts)})"
    finally:
        seen.discard(id(self))


def _frozen(cls: Any = None, /, **options: Any) -> Any:
    """``attrs.frozen(cls, **options)`` with ``fields_repr`` as its ``__repr__`` (see the
    module's docstring); as ``@frozen`` or ``@frozen(cache_hash=True)``."""

    def make(cls: C) -> C:
        own = "__repr__" in cls.__dict__
        wanted = options.get("repr", True) is not False
        made: C = attrs.frozen(cls, **{**options, "repr": False})
        if wanted and not own:
            made.__repr__ = fields_repr  # type: ignore[assignment]
        return made

    return make if cls is None else make(cls)


if TYPE_CHECKING:  # the type checker's attrs plugin knows attrs.frozen by name: it is that
    from attrs import frozen as frozen
else:
    frozen = _frozen
