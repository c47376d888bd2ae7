"""Chance steps as data: listed outcomes with exact probabilities, described draws."""

from __future__ import annotations

import ast
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from tablelog.rules.cards import parse_card, parse_cards
from tablelog.rules.chance import Drawing, Listed
from tablelog.rules.dealing import DealPlan, Place, to_each
from tablelog.rules.events import Deal, Dealt, Move
from tablelog.rules.karnoffel.events import Turn
from tablelog.rules.protocol import ChanceStep

C = parse_card
RULES_DIR = Path(__file__).resolve().parents[2] / "rules"


def test_equal_neighbours_are_one_outcome_of_a_greater_weight() -> None:
    listed = Listed.uniform(map(Turn, parse_cards("7H 7H 8S 9S 9S 9S")))
    assert listed.moves == tuple(Move(None, Turn(C(t))) for t in ("7H", "8S", "9S"))
    assert listed.weights == (2, 1, 3) and listed.total == 6
    assert [p for _, p in listed.probabilities()] == [
        Fraction(1, 3),
        Fraction(1, 6),
        Fraction(1, 2),
    ]
    assert sum(p for _, p in listed.probabilities()) == 1


def test_a_certain_outcome_has_probability_one() -> None:
    step = ChanceStep("turn", "turn CARD", Listed.certain(Turn(C("QS"))))
    assert step.chance_outcomes() == ((Move(None, Turn(C("QS"))), Fraction(1)),)


def test_a_listed_step_gives_each_outcome_a_positive_weight() -> None:
    with pytest.raises(ValueError, match="positive weight"):
        Listed((Move(None, Turn(C("QS"))),), (0,))
    with pytest.raises(ValueError, match="positive weight"):
        Listed((Move(None, Turn(C("QS"))),), (1, 1))


PLAN = DealPlan((Place("0", True), Place("1"), Place("table")), ("Anna", "Bo"))
POOL = tuple(parse_cards("2C 3C 4C 5C"))


def test_a_described_draw_lists_no_outcomes_but_counts_them() -> None:
    step = ChanceStep("deal", "deal", Drawing(PLAN, POOL, "stock"))
    assert step.chance_outcomes() is None
    assert step.outcomes.outcomes() == 4 * 3 * 2 and len(step.outcomes) == 3


def test_a_draw_is_shown_as_the_table_sees_it() -> None:
    drawing = Drawing(PLAN, POOL)
    drawn = parse_cards("4C 2C 5C")
    assert drawing.shown(drawn, known=True) == tuple(drawn)
    assert drawing.shown(drawn, known=False) == (C("4C"), None, None)  # only the face-up
    assert drawing.payload(drawing.shown(drawn, known=False)) == Deal(
        (Dealt("0", C("4C"), True), Dealt("1", None), Dealt("table", None))
    )


class _Forbids:
    """A stand-in for ``rules.absences.Binding``: showing ``card`` breaks a claim."""

    def __init__(self, card: str) -> None:
        self.card = C(card)

    def ok(self, cards):
        return self.card not in list(cards)


def test_cards_that_would_break_a_claim_are_drawn_unseen() -> None:
    plan = DealPlan(to_each((1,), 2), ("Anna", "Bo"))
    assert Drawing(plan, POOL, binding=_Forbids("2C")).shown(parse_cards("2C 3C"), True) == (
        None,
        None,
    )
    assert Drawing(plan, POOL, binding=_Forbids("2C")).shown(parse_cards("4C 3C"), True) == (
        C("4C"),
        C("3C"),
    )


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_no_rule_set_has_randomness_of_its_own() -> None:
    # a game's chance step says what may happen; only replay.dealer draws
    modules = sorted(RULES_DIR.glob("**/*.py"))
    assert len(modules) > 50
    assert [str(p.relative_to(RULES_DIR)) for p in modules if "random" in _imports(p)] == []


def test_a_pool_with_repeats_keeps_them() -> None:
    drawing = Drawing(PLAN, tuple(parse_cards("2C 2C 3C")))
    assert Counter(drawing.pool)[C("2C")] == 2 and drawing.outcomes() == 6


def test_the_module_examples_hold() -> None:
    import doctest

    from tablelog.rules import chance

    result = doctest.testmod(chance)
    assert result.attempted > 0 and result.failed == 0
