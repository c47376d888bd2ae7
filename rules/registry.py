"""The registry of rule sets: the built-in games and any registered through entry points.

A third-party package registers a game by exposing a ``RuleSet`` under the entry-point
group ``tablelog.rules``::

    [project.entry-points."tablelog.rules"]
    mygame = "mygame.rules:RULES"
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from tablelog.errors import InvalidInput
from tablelog.rules.protocol import RuleSet
from tablelog.rules.suggest import did_you_mean, fold

__all__ = ["ENTRY_POINT_GROUP", "UnknownRules", "get", "names", "register", "rulesets"]

ENTRY_POINT_GROUP = "tablelog.rules"

_REGISTRY: dict[str, RuleSet] = {}
_loaded = False

BUILT_IN = {
    "karnoffel": "tablelog.rules.karnoffel",
    "narrespillet": "tablelog.rules.narrespillet",
    "nordekasino": "tablelog.rules.nordekasino",
    "speahx": "tablelog.rules.speahx",
    "vriddiot": "tablelog.rules.vriddiot",
}
"""The games shipped with tablelog, by name: each is imported only when asked for."""


class UnknownRules(InvalidInput, LookupError):
    """A rule set name nobody registered."""


def register(ruleset: RuleSet) -> RuleSet:
    """Add ``ruleset`` under its name (a second, different one of that name is refused)."""
    known = _REGISTRY.get(ruleset.name)
    if known is not None and known is not ruleset:
        raise ValueError(f"a rule set named {ruleset.name!r} is already registered")
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def entry_points(group: str) -> Any:
    """The installed entry points of ``group`` (importlib.metadata, imported only when a
    name is not a built-in game: reading the installed packages costs start-up time)."""
    from importlib.metadata import entry_points as installed

    return installed(group=group)


def _built_in(name: str) -> RuleSet | None:
    """The built-in game ``name``, imported and registered on first use."""
    known = _REGISTRY.get(name)
    if known is not None or name not in BUILT_IN:
        return known
    module = import_module(BUILT_IN[name])
    return register(module.RULES)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILT_IN:
        _built_in(name)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name in _REGISTRY:
            continue
        loaded = point.load()
        if not isinstance(loaded, RuleSet):
            raise TypeError(f"entry point {point.name!r} of {ENTRY_POINT_GROUP} is not a RuleSet")
        register(loaded)


def get(name: str) -> RuleSet:
    """The rule set called ``name``, or ``UnknownRules`` naming the ones there are.

    A built-in game is imported alone; entry points are read only for other names.
    """
    key = fold(name)  # "Karnöffel" and "Nørdekasino" as they are spoken
    found = _built_in(key) or _REGISTRY.get(key)
    if found is not None:
        return found
    _load()
    try:
        return _REGISTRY[key]
    except KeyError:
        near = did_you_mean(name, _REGISTRY)
        raise UnknownRules(
            f"no rule set called {name!r}{near} (there are: {', '.join(sorted(_REGISTRY))})"
        ) from None


def names() -> list[str]:
    """The names of every registered rule set, sorted."""
    _load()
    return sorted(_REGISTRY)


def rulesets() -> list[RuleSet]:
    """Every registered rule set, by name."""
    return [get(name) for name in names()]
