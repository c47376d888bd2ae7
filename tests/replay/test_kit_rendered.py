"""The kit reads what the outputs print (``replay.kit.rendered``): a renderer that skips
the privacy gate is caught, like a leaking view, in a seeded game and a physical one."""

from __future__ import annotations

import random

import pytest

from tablelog.replay.dealer import sample
from tablelog.replay.gate import Gate
from tablelog.replay.kit import History
from tablelog.replay.kit.rendered import RENDERERS, Renderer, log_line
from tablelog.replay.kit.sample import SAMPLED
from tablelog.replay.kit.views import views_probe
from tablelog.replay.kit.walk import InvariantViolation, Step, walk
from tablelog.replay.notation import format_event_move
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header

GAMES = ["karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet"]


def leaking_log_line(gate: Gate, step: Step) -> str:
    """The log line written straight from the event, as the page wrote it before the gate."""
    if step.event is None:
        return ""
    return format_event_move(gate.rules, step.event.move, step.before, gate.header.players)


def dealt(name: str, seed: int | None) -> History:
    """A game of ``name`` for four, just dealt with every card entered (a seeded deal, or a
    physical one whose recorder typed every card)."""
    rules = registry.get(name)
    players = ("Anna", "Bo", "Cai", "Dina")
    header = Header(name, rules.version, players, rules.options_for({}, 4), 0, seed)
    step = rules.chance(rules.start(header))
    assert step is not None
    move = sample(step, random.Random(1))
    return History(header, (Event(1, move.actor, move.payload),))


def walk_with(name: str, history: History, renderers: tuple[Renderer, ...]) -> None:
    rules = registry.get(name)
    probe = views_probe(rules, history, SAMPLED, renderers)
    for step in walk(rules, history):
        probe.step(step, ())


@pytest.mark.parametrize("seed", [7, None], ids=["seeded", "physical"])
@pytest.mark.parametrize("name", GAMES)
def test_a_renderer_that_skips_the_gate_is_caught(name: str, seed: int | None):
    history = dealt(name, seed)
    walk_with(name, history, RENDERERS)  # the outputs as they are made hold
    with pytest.raises(InvariantViolation, match=r"leaking_log_line for \w+ names"):
        walk_with(name, history, (log_line, leaking_log_line))


@pytest.mark.parametrize("name", GAMES)
def test_card_names_are_found_as_the_look_behind_pattern_finds_them(name: str):
    """``_found`` keeps the names no letter precedes, exactly as a pattern opening with
    ``(?<![\\w♠♥♦♣])`` would find them: in words, glued to letters, digits or suits."""
    import re

    from tablelog.replay.kit.rendered import _found, _reader

    rules = registry.get(name)
    players = ("Anna", "Bo", "Cai", "Dina")
    header = Header(name, rules.version, players, rules.options_for({}, 4), 0, 1)
    deck = tuple(rules.deck(header))
    names, pattern = _reader(deck, rules.vocabulary.describe)
    slow = re.compile(r"(?<![\w♠♥♦♣])(?:" + pattern.pattern[3:])
    forms = sorted(names)[:40]
    glue = ["", " ", "1", "x", "♥", ",", "\n", "(", "of "]
    text = "".join(glue[i % len(glue)] + form for i, form in enumerate(forms * 3))
    found = [m.group() for m in _found(pattern, text)]
    assert found == [m.group() for m in slow.finditer(text)] and found


def leaking_jsonl_event(gate: Gate, step: Step) -> str:
    """A viewer's JSON Lines line written from the stored payload, skipping the gate."""
    from tablelog.rules.serial import converter

    if step.event is None:
        return ""
    return str(converter.unstructure(step.event.move.payload))


@pytest.mark.parametrize("name", GAMES)
def test_a_viewers_jsonl_line_that_skips_the_gate_is_caught(name: str):
    history = dealt(name, 7)
    with pytest.raises(InvariantViolation, match=r"leaking_jsonl_event for \w+ names"):
        walk_with(name, history, (leaking_jsonl_event,))
