"""The notation of irregularities and rulings, shared by every game.

::

    irregularity exposed Bo: showed 7H while the cards were dealt
    irregularity misdeal: Anna gave Bo five cards
    irregularity revoke Bo at 2: built 9 without a 9
    ruling stand: Bo plays open-handed until the next deal
    ruling replay from 1: Bo takes his build back
    ruling redeal
    ruling redeal 14: the second deal again

A player's name (after the kind) says who; ``at N`` the event it concerns; the text after
``:`` is the table's own words (for ``ruling stand``, the penalty).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tablelog.rules.errors import NotationError
from tablelog.rules.events import IRREGULARITIES, RULINGS, Irregularity, Move, Ruling

__all__ = ["format_irregular", "parse_irregular"]

_IRREGULARITY = re.compile(
    r"irregularity\s+(?P<kind>\S+)(?:\s+(?P<who>(?!at\s)[^:\s]+))?"
    r"(?:\s+at\s+(?P<at>\S+))?\s*(?::\s*(?P<what>.*))?$",
    re.IGNORECASE | re.DOTALL,
)
_RULING = re.compile(
    r"ruling\s+(?P<decision>\S+)(?:\s+(?:from\s+)?(?P<since>[^:\s]+))?\s*(?::\s*(?P<what>.*))?$",
    re.IGNORECASE | re.DOTALL,
)


def _number(text: str, what: str) -> int:
    if not text.isdigit():
        raise NotationError(f"{what} is an event number, not {text!r}")
    return int(text)


def parse_irregular(text: str, players: Sequence[str]) -> Move | None:
    """The irregularity or ruling written ``text``, or ``None`` when it is neither."""
    word = text.split(maxsplit=1)[0].lower()
    if word == "irregularity":
        return _irregularity(text, players)
    if word == "ruling":
        return _ruling(text)
    return None


def _irregularity(text: str, players: Sequence[str]) -> Move:
    match = _IRREGULARITY.match(text)
    kinds = ", ".join(IRREGULARITIES)
    if match is None or match["kind"].lower() not in IRREGULARITIES:
        raise NotationError(
            f"an irregularity is one of {kinds}: irregularity KIND [PLAYER] [at N] [: WHAT]"
        )
    seat = None
    if match["who"]:
        names = [p.casefold() for p in players]
        if match["who"].casefold() not in names:
            raise NotationError(
                f"{match['who']!r} is not at this table: the players are {', '.join(players)}"
            )
        seat = names.index(match["who"].casefold())
    at = None if match["at"] is None else _number(match["at"], "at")
    return Move(seat, Irregularity(match["kind"].lower(), at, (match["what"] or "").strip()))


def _ruling(text: str) -> Move:
    match = _RULING.match(text)
    if match is None or match["decision"].lower() not in RULINGS:
        raise NotationError(
            "a ruling is stand, replay or redeal: ruling stand [: PENALTY], "
            "ruling replay from N [: WHAT], ruling redeal [N] [: WHAT]"
        )
    decision = match["decision"].lower()
    what = (match["what"] or "").strip()
    since = None if match["since"] is None else _number(match["since"], "the ruling's event")
    if decision == "stand":
        if since is not None:
            raise NotationError("a ruling to let it stand names no event: ruling stand [: PENALTY]")
        return Move(None, Ruling("stand", None, what, ""))
    if decision == "replay" and since is None:
        raise NotationError("name the event to replay from: ruling replay from N")
    return Move(None, Ruling(decision, since, "", what))


def format_irregular(move: Move, players: Sequence[str]) -> str | None:
    """The text of an irregularity or ruling (``None`` for any other move)."""
    payload = move.payload
    if isinstance(payload, Irregularity):
        parts = ["irregularity", payload.kind]
        if move.actor is not None and 0 <= move.actor < len(players):
            parts.append(players[move.actor])
        if payload.at is not None:
            parts.append(f"at {payload.at}")
        return " ".join(parts) + (f": {payload.what}" if payload.what else "")
    if isinstance(payload, Ruling):
        text = f"ruling {payload.decision}"
        if payload.since is not None:
            text += (
                f" from {payload.since}" if payload.decision == "replay" else f" {payload.since}"
            )
        words = payload.penalty if payload.decision == "stand" else payload.what
        return text + (f": {words}" if words else "")
    return None
