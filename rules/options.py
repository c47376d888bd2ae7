"""Game options: their specs, defaults that may depend on the seat count, typed reading.

An ``OptionSpec`` names an option, its default, the values it takes and a line of help.
A default may be computed from the number of players (``Computed``: Speahx plays with
``1 + players // 5`` decks unless told otherwise). ``resolve_options`` fills in and checks
every option of a game; ``read_options`` does the same into the game's own typed,
frozen options class, so no game writes that plumbing again.

A game declares each option once, as a field of that class (``option``), and lists the
specs from it (``specs_of``), so a default or a name is never written twice::

    @attrs.frozen
    class Options:
        jokers: int = option(0, "jokers in the deck", minimum=0, maximum=4)

    OPTIONS = specs_of(Options)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from tablelog.rules.errors import OptionError
from tablelog.rules.frozen import frozen
from tablelog.rules.suggest import did_you_mean

__all__ = [
    "Computed",
    "OptionSpec",
    "OptionValue",
    "option",
    "read_options",
    "resolve_options",
    "specs_of",
]

OptionValue = bool | int | str


@frozen
class Computed:
    """A default computed from the number of players, with its rule in words.

    ``Computed(lambda n: 1 + n // 5, "1 + players // 5")``.
    """

    of_players: Callable[[int], OptionValue] = attrs.field(eq=False)
    rule: str

    def __str__(self) -> str:
        return self.rule


@frozen
class OptionSpec:
    """One game option: its name, default, the values it takes, and a line of help.

    ``kind`` is the type of its values; it is the default's type unless the default is
    ``Computed`` (then give ``kind``).
    """

    name: str
    default: OptionValue | Computed
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    kind: type | None = None

    @property
    def type(self) -> type:
        """``bool``, ``int`` or ``str``: what the option's values are."""
        if self.kind is not None:
            return self.kind
        if isinstance(self.default, Computed):
            raise TypeError(f"option {self.name} has a computed default: give its kind")
        return type(self.default)

    def default_for(self, players: int | None) -> OptionValue:
        """The default at a table of ``players`` (the rule's value for 0 when unknown)."""
        if isinstance(self.default, Computed):
            return self.parse(self.default.of_players(players or 0))
        return self.default

    def parse(self, value: OptionValue) -> OptionValue:
        """Read ``value`` (text from the command line, or an already typed value)."""
        kind = self.type
        text = str(value).strip()
        if kind is bool:
            if isinstance(value, bool):
                return value
            low = text.lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"option {self.name} takes true or false, not {text!r}")
        if kind is int:
            if isinstance(value, bool):
                raise OptionError(f"option {self.name} takes a whole number, not {value}")
            try:
                number = int(text)
            except ValueError:
                wanted = f"option {self.name} takes a whole number"
                raise OptionError(f"{wanted}, not {text!r}") from None
            if self.minimum is not None and number < self.minimum:
                raise OptionError(f"option {self.name} must be at least {self.minimum}")
            if self.maximum is not None and number > self.maximum:
                raise OptionError(f"option {self.name} must be at most {self.maximum}")
            return number
        if self.choices and text not in self.choices:
            raise OptionError(
                f"option {self.name} takes one of {', '.join(self.choices)}, not {text!r}"
            )
        return text


_SPEC = "tablelog.option"
"""The key of a field's spec in its attrs metadata."""

_KINDS: dict[object, type] = {kind: kind for kind in (bool, int, str)}
_KINDS |= {kind.__name__: kind for kind in (bool, int, str)}


def option(
    default: OptionValue | Computed,
    help: str,
    *,
    choices: tuple[str, ...] = (),
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """A field of a game's options class with its spec (see ``OptionSpec``): the field's
    name is the option's, its annotation (``bool``, ``int``, ``str``) the kind of its
    values. A ``Computed`` default gives the field the rule's value for an unknown table
    (``default_for(None)``)."""
    spec = OptionSpec("", default, help, choices=choices, minimum=minimum, maximum=maximum)
    value = default.of_players(0) if isinstance(default, Computed) else default
    return attrs.field(default=value, metadata={_SPEC: spec})


def specs_of(cls: type[attrs.AttrsInstance]) -> tuple[OptionSpec, ...]:
    """The specs of the fields ``cls`` declares with ``option``, in field order."""
    return tuple(
        attrs.evolve(f.metadata[_SPEC], name=f.name, kind=_kind(cls, f))
        for f in attrs.fields(cls)
        if _SPEC in f.metadata
    )


def _kind(cls: type, field: attrs.Attribute[Any]) -> type:
    kind = _KINDS.get(field.type)
    if kind is None:
        raise TypeError(f"option {cls.__name__}.{field.name} must be a bool, an int or a str")
    return kind


def resolve_options(
    specs: Sequence[OptionSpec],
    given: Mapping[str, OptionValue],
    players: int | None = None,
) -> dict[str, OptionValue]:
    """Every option of ``specs``, from ``given`` where set and the default otherwise.

    ``players`` is the seat count, for defaults computed from it.
    """
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        near = did_you_mean(unknown[0], by_name)
        raise OptionError(f"unknown option {unknown[0]!r}{near} (this game's options: {known})")
    return {
        spec.name: spec.parse(given[spec.name]) if spec.name in given else spec.default_for(players)
        for spec in specs
    }


OptionsT = TypeVar("OptionsT")


def read_options(
    cls: type[OptionsT],
    specs: Sequence[OptionSpec],
    given: Mapping[str, OptionValue],
    players: int | None = None,
) -> OptionsT:
    """The game's typed options (an attrs class whose fields are named after ``specs``)."""
    resolved: dict[str, Any] = resolve_options(specs, given, players)
    return cls(**resolved)
