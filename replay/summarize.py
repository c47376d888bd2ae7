"""The results summary of one game, from its fold: what ``list``, ``stats`` and the exports
say about its result (``replay.summary`` keeps and reads them; the format is described
there).

Below ``games``, which keeps a game's summary as it writes the game (every write path:
``play``, ``record``, ``serve``, a fork, a new game; ``import`` and ``sync`` through
``merge``), so the next ``list`` folds nothing; and below ``summary``, which reads them
and computes those that are missing or stale.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from tablelog.replay.fold import Replayer
from tablelog.rules.events import Event, kind_of
from tablelog.rules.protocol import Header, RuleSet

__all__ = [
    "SUMMARY_VERSION",
    "as_fraction",
    "dumps",
    "number_text",
    "side_players",
    "summarize",
    "summary_text",
]

SUMMARY_VERSION = 2


def number_text(value: int | Fraction) -> int | str:
    """A score as JSON keeps it exactly: an int, or a fraction as text (``"7/2"``)."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return int(value)


def as_fraction(value: int | str | float) -> Fraction:
    """A number stored by ``number_text`` (or any JSON number) back as an exact fraction."""
    return Fraction(value)


def side_players(label: str, players: Sequence[str]) -> list[str]:
    """The players a side label names: a player's own name, or names joined by `` & ``."""
    if label in players:
        return [label]
    names = label.split(" & ")
    return names if all(n in players for n in names) else []


def summarize(rules: RuleSet, header: Header, replayer: Replayer, seq: int) -> dict[str, Any]:
    """The summary of a game folded by ``replayer`` up to its last event ``seq``."""
    state = replayer.state
    players = list(header.players)
    outcome = rules.outcome(state)
    data: dict[str, Any] = {
        "v": SUMMARY_VERSION,
        "players": players,
        "options": dict(sorted(header.options.items())),
        "seed": header.seed,
        "events": seq,
        "over": outcome is not None,
        "winners": [],
        "ranking": [],
        "scores": {},
        "sides": {},
        "figures": {},
        "moves": _move_counts(replayer.effective, players),
        "variation_of": header.fork_of,
        "variation_at": header.fork_at,
    }
    if outcome is not None:
        data["winners"] = [players[s] for s in outcome.winners]
        data["ranking"] = [[players[s] for s in place] for place in outcome.ranking]
        data["scores"] = {str(k): number_text(v) for k, v in outcome.scores.items()}
        data["sides"] = {str(k): side_players(str(k), players) for k in outcome.scores}
    if rules.figures is not None:
        data["figures"] = {
            name: {str(side): number_text(v) for side, v in by_side.items()}
            for name, by_side in rules.figures(state).items()
        }
    return data


def _move_counts(effective: Sequence[Event], players: Sequence[str]) -> dict[str, dict[str, int]]:
    """How many moves of each kind each player made, players in the order of their first
    move: counted by seat and payload type, then named (a kind's name once per type)."""
    by_type: dict[tuple[int, str], int] = {}
    for event in effective:
        actor, payload = event.actor, event.payload
        if actor is None or payload.FAMILY != "move":
            continue
        key = (actor, payload.TYPE)
        by_type[key] = by_type.get(key, 0) + 1
    counts: dict[str, Counter[str]] = {}
    for (actor, kind), n in by_type.items():
        counts.setdefault(players[actor], Counter())[kind_of(kind)] += n
    return {name: dict(sorted(c.items())) for name, c in counts.items()}


def dumps(data: Mapping[str, Any]) -> str:
    """A summary as the JSON text stored in the ledger."""
    import json  # only when a game is written: ``show`` never pays for it

    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def summary_text(rules: RuleSet, header: Header, replayer: Replayer, seq: int) -> str:
    """``summarize`` as the JSON text the ledger keeps (``dumps``)."""
    return dumps(summarize(rules, header, replayer, seq))
