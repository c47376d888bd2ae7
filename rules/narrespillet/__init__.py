"""Narrespillet: the tarot battlefield game, as ``RULES``.

The rules as implemented, every decision and option, are in ``docs/rules/narrespillet.md``.
The package: ``state`` (the frozen state and options), ``placements`` (what a placement is
and its rank), ``take`` (where a participant's cards come from), ``place`` (placements and
the Fool), ``pictures`` (the picture cards' effects), ``flow`` (refills, windows, finished
players, the end of a round), ``checks`` (``check``: why an event is refused), ``turn``
(``apply``), ``chance`` (deals and draws), ``moves`` (``to_act`` and the legal moves),
``outcome``, ``notation``, ``words`` (card names), ``view``, ``showing`` (what each event
shows) and ``playout`` (the walk random play takes).
"""

from __future__ import annotations

from tablelog.rules.narrespillet.absences import open_claims
from tablelog.rules.narrespillet.actors import passes
from tablelog.rules.narrespillet.chance import chance
from tablelog.rules.narrespillet.compound import compound
from tablelog.rules.narrespillet.events import PAYLOADS
from tablelog.rules.narrespillet.moves import cards, count, kinds, moves, to_act
from tablelog.rules.narrespillet.notation import announce, format_move, parse_move
from tablelog.rules.narrespillet.outcome import outcome
from tablelog.rules.narrespillet.playout import playout
from tablelog.rules.narrespillet.showing import shown
from tablelog.rules.narrespillet.shows import shows
from tablelog.rules.narrespillet.state import OPTIONS, State, initial_state
from tablelog.rules.narrespillet.turn import apply
from tablelog.rules.narrespillet.view import view
from tablelog.rules.protocol import Header, gather
from tablelog.rules.tableview import no_marks
from tablelog.rules.vocab import TAROT

__all__ = ["OPTIONS", "RULES", "State", "max_events"]


def max_events(header: Header) -> int:
    """A bound on a game's events: per round, each of the (up to 7) participants acts and
    draws at most a few hundred times (the stock turns at most twice)."""
    rounds = int(header.options.get("rounds", 5))
    return rounds * (len(header.players) + 1) * 400


RULES = gather(
    vars(),
    State,
    name="narrespillet",
    seats=(2, 6),
    summary=(
        "Five rounds of placements on four battlefields with a tarot deck whose "
        "22 picture cards each bend a rule."
    ),
    vocabulary=TAROT,
    marks=no_marks,  # no last trick, no tally that counts one more
)
