"""Nørdekasino: the Danish casino game with modulo and "more" builds, as ``RULES``.

The rules as implemented, every decision and option, are in ``docs/rules/nordekasino.md``.
The package: ``state`` (options, values, piles, the frozen state), ``arith`` (the values
piles can reach), ``deal``, ``subsets`` (sets of table piles by value), ``turn`` (what the
player on turn holds), ``duty`` (the duty to a surviving build), ``moves`` (legal moves,
lazily), ``play`` (apply, chance, outcome), ``expr`` and ``notation`` (what a person types)
and ``view`` (what each seat sees).
"""

from __future__ import annotations

from tablelog.rules.claims import open_claims
from tablelog.rules.nordekasino.events import PAYLOADS
from tablelog.rules.nordekasino.figures import figures
from tablelog.rules.nordekasino.moves import cards, count, kinds, moves, to_act
from tablelog.rules.nordekasino.notation import announce, format_move, parse_move
from tablelog.rules.nordekasino.play import apply, chance, outcome
from tablelog.rules.nordekasino.playout import playout
from tablelog.rules.nordekasino.state import HAND, OPTIONS, Options, State, initial_state
from tablelog.rules.nordekasino.view import marks, shown, view
from tablelog.rules.protocol import Header, gather

__all__ = ["OPTIONS", "RULES", "State", "max_events"]


def max_events(header: Header) -> int:
    """A bound on a game's events: per card one move and at most one Adams clear, a deal
    per round, and per player and round a reveal and an open hand."""
    deck = len(Options.from_mapping(header.options).deck())
    players = len(header.players)
    rounds = deck // (HAND * max(players, 1)) + 2
    return 2 * deck + rounds * (1 + 2 * players)


RULES = gather(
    vars(),
    State,
    name="nordekasino",
    title="Nørdekasino",
    seats=(2, 26),
    summary="Casino with arithmetic: build with +, mod and 'more', and clear a 42 on sight.",
)
