"""What an event brought about, in words: the trick it completed and who took it, the
deal or round it ended and the score after it.

Read from the typed public table before and after the event (``view(state, None).table``,
``rules.tableview``), so it names no hidden card and reads no game's facts by key name:
a table whose ``last_trick`` is a new one gets the trick line, one whose ``rounds_over``
grew gets the end-of-deal (or round) line with the score. ``play``, ``log``, ``replay``
and ``record`` print these lines under the event.
"""

from __future__ import annotations

from tablelog.rules.protocol import RuleSet, S
from tablelog.rules.tableview import Marks, Table, Trick

__all__ = ["narration", "new_trick"]


def narration(rules: RuleSet[S], before: S, after: S) -> list[str]:
    """The lines that say what the event between ``before`` and ``after`` brought about."""
    if before is after:
        return []
    old, new = rules.view(before, None).table, rules.view(after, None).table
    if old is None or new is None:
        return []
    lines: list[str] = []
    trick = new_trick(old, new)
    if trick is not None:
        cards = " ".join(laid.card.pretty for laid in trick.cards)
        lines.append(f"{trick.winner} takes trick {trick.number} ({cards})")
    if new.rounds_over > old.rounds_over:
        which = f"{old.round_word} {old.round}" if old.round is not None else "the round"
        score = next((t for t in new.tallies if t.score), None)
        scores = "" if score is None else ", ".join(f"{side} {n}" for side, n in score.by)
        lines.append(f"{which} is over" + (f"; the score: {scores}" if scores else ""))
    return lines


def new_trick(old: Table | Marks, new: Table | Marks) -> Trick | None:
    """The trick taken between ``old`` and ``new``: ``new``'s last trick when it is not
    ``old``'s, with its winner."""
    last = new.last_trick
    if last is None or last.winner is None or last.number is None:
        return None
    before = old.last_trick
    if before is not None and before.number is not None and before.number >= last.number:
        return None
    return last
