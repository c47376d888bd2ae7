"""What an event brought about, in words: the trick it completed and who took it, the
deal or round it ended and the score after it.

Read from the public facts of the table before and after the event (``view(state,
None).info``), so it names no hidden card and needs nothing new from a rule set: a game
whose facts list its completed tricks (``played``: leader, cards, winner) gets the trick
line, one that keeps ``scores`` gets the end-of-deal line when they change, one that keeps
per-round ``results`` gets the end-of-round line. ``play``, ``log``, ``replay`` and
``record`` print these lines under the event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablelog.rules.protocol import RuleSet, S

__all__ = ["narration"]


def narration(rules: RuleSet[S], before: S, after: S) -> list[str]:
    """The lines that say what the event between ``before`` and ``after`` brought about."""
    if before is after:
        return []
    old, new = rules.view(before, None).info, rules.view(after, None).info
    lines: list[str] = []
    trick = _new_trick(old.get("played"), new.get("played"))
    if trick is not None:
        cards = " ".join(_pretty(c) for c in trick.get("cards", ()))
        lines.append(f"{trick['winner']} takes trick {trick['number']} ({cards})")
    if "scores" in new and old.get("scores") != new.get("scores") and old.get("scores"):
        deal = old.get("deal")
        which = f"deal {deal}" if deal is not None else "the deal"
        lines.append(f"{which} is over; the score: {_scores(new['scores'])}")
    results_old, results_new = old.get("results"), new.get("results")
    if isinstance(results_new, list) and len(results_new) > len(results_old or ()):
        which = f"round {old['round']}" if old.get("round") is not None else "the round"
        lines.append(f"{which} is over")
    return lines


def _new_trick(old: Any, new: Any) -> dict[str, Any] | None:
    if not isinstance(new, list) or not new:
        return None
    count = len(old) if isinstance(old, list) else 0
    if len(new) == count + 1:
        last = dict(new[-1])
        last["number"] = len(new)
        return last if "winner" in last else None
    return None


def _scores(scores: Any) -> str:
    if isinstance(scores, Mapping):
        return ", ".join(f"{side} {points}" for side, points in scores.items())
    return str(scores)


def _pretty(text: str) -> str:
    from tablelog.rules.cards import parse_card
    from tablelog.rules.errors import NotationError

    try:
        return parse_card(text).pretty
    except NotationError:
        return text
