"""The zone identifiers of the JSON (``zones[].zone``, a place's ``zone``) are the ones the
README documents, game by game: a zone added or renamed fails here until the table in the
README says so (they are stable identifiers for programs)."""

from __future__ import annotations

import re
from itertools import product
from pathlib import Path

import pytest

from tablelog.replay.headers import make_header
from tablelog.rules import registry
from tests.helpers import first_moves

README = Path(__file__).resolve().parents[2] / "README.md"
TITLES = {
    "Karnöffel": "karnoffel",
    "Nørdekasino": "nordekasino",
    "Speahx": "speahx",
    "Vriddiot": "vriddiot",
    "Narrespillet": "narrespillet",
}
PLAYERS = ("Anna", "Bo", "Cai", "Dina")
VALUES = {
    "SEAT": ("0", "1", "2", "3"),
    "SIDE": ("0", "1"),
    "P": ("0", "1", "2", "3", "demons"),
    "HOUSE": ("Sw", "St", "Cu", "Co"),
}


def documented() -> dict[str, set[str]]:
    """Each game's zone identifiers as the README's table writes them, placeholders
    expanded for four players."""
    text = README.read_text(encoding="utf-8")
    out = {}
    for title, name in TITLES.items():
        (row,) = re.findall(rf"^\| {title} \| ((?:`[^`]+` ?)+) \|$", text, re.MULTILINE)
        ids: set[str] = set()
        for pattern in re.findall(r"`([^`]+)`", row):
            parts = pattern.split(":")
            for choice in product(*(VALUES.get(p, (p,)) for p in parts)):
                ids.add(":".join(choice))
        out[name] = ids
    return out


def seen(name: str, events: int = 120) -> set[str]:
    """The zone identifiers a seeded game's views name over its first ``events`` events."""
    rules = registry.get(name)
    header = make_header(rules, PLAYERS, {}, seed=3)
    state = rules.start(header)
    names = {z.name for z in rules.view(state, None).zones}
    for _, state in first_moves(rules, header, events):
        names |= {z.name for z in rules.view(state, None).zones}
    return names


@pytest.mark.parametrize("name", sorted(TITLES.values()))
def test_every_zone_identifier_is_documented_in_the_readme(name: str) -> None:
    assert seen(name) == documented()[name]
