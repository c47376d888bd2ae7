"""The table of a shedding game (Speahx, Vriddiot): ``tableview.table_of`` with each seat
that went out marked, the pile saying who laid each of its cards (``rules.laid``'s
``pile_by``, as names), and the open claims on face-down hands in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from tablelog.rules.tableview import Facts, Table, View, table_of

__all__ = ["Said", "Shedding", "layers", "shedding_table"]


def layers(by: Sequence[int], players: Sequence[str]) -> tuple[str, ...]:
    """Seats (``rules.laid``: ``-1`` for nobody) as the names of who laid each card."""
    return tuple(players[s] if 0 <= s < len(players) else "" for s in by)


class Shedding(Protocol):
    """A shedding game's state, by its shape (Speahx, Vriddiot): its players, who went out
    (in order), who laid each card of the pile, and the open claims on face-down hands."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def finished(self) -> tuple[int, ...]: ...
    @property
    def pile_by(self) -> tuple[int, ...]: ...
    @property
    def claims(self) -> Sequence[Said]: ...


class Said(Protocol):
    """An open claim (``rules.claims``), by its shape: its sentence."""

    @property
    def in_words(self) -> str: ...


def shedding_table(
    view: View, state: Shedding, *, labels: Mapping[str, str], out: str, facts: Facts
) -> Table:
    """The table of a shedding game: ``table_of`` with each seat that went out marked
    ``out``, the pile saying who laid each card, and the open claims in words."""
    gone = frozenset(state.finished)
    return table_of(
        view,
        state.players,
        labels=labels,
        seat_facts=lambda s: ((out, ""),) if s in gone else (),
        facts=facts,
        claims=tuple(claim.in_words for claim in state.claims),
        laid=("pile", layers(state.pile_by, state.players)),
    )
