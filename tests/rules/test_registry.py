"""The registry: built-in games, unknown names, third-party games through entry points."""

from __future__ import annotations

import attrs
import pytest

from tablelog.rules import registry
from tests.replay.toy_rules import RULES as HIGHCARD


def test_the_built_in_game_is_registered():
    assert "karnoffel" in registry.names()
    assert registry.get("Karnoffel").title == "Karnöffel"


def test_an_unknown_game_names_the_ones_there_are():
    with pytest.raises(registry.UnknownRules, match=r"no rule set called 'poker'.*karnoffel"):
        registry.get("poker")


class _Point:
    def __init__(self, name, value):
        self.name, self._value = name, value

    def load(self):
        return self._value


def test_a_third_party_game_registers_through_the_entry_point_group(monkeypatch):
    seen = []

    def entry_points(group):
        seen.append(group)
        return [_Point("highcard", HIGHCARD)]

    monkeypatch.setattr(registry, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "_REGISTRY", {})
    assert registry.get("highcard") is HIGHCARD
    assert seen == [registry.ENTRY_POINT_GROUP] and "karnoffel" in registry.names()


def test_an_entry_point_that_is_not_a_rule_set_is_refused(monkeypatch):
    monkeypatch.setattr(registry, "entry_points", lambda group: [_Point("junk", object())])
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "_REGISTRY", {})
    with pytest.raises(TypeError, match="not a RuleSet"):
        registry.names()


def test_two_different_rule_sets_may_not_share_a_name():
    registry.names()
    clash = attrs.evolve(HIGHCARD, name="karnoffel", payloads=())
    with pytest.raises(ValueError, match="already registered"):
        registry.register(clash)
