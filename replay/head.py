"""The head hash noted at the table, checked against a log (``verify --head HASH``).

At the end of a game the players note its head hash (``tablelog show`` prints it short,
like a git hash). Later, ``verify GAME --head HASH`` says whether the log still leads to
it, and if not, which way it went wrong, as far as the log can tell:

* ``reached``: the log's head is the noted hash and its chain recomputes to it;
* ``added``: the noted hash is the head of an earlier event, and the chain is sound up to
  it: the events after it were added after the note;
* ``rewritten``: the noted hash is stored in the log but the events no longer hash to it
  (an event was edited), or the log is a finished game whose head is another hash (a
  finished game cannot have been cut short, so it was changed and hashed again);
* ``short``: the log does not reach the noted hash and stops before the game is over:
  it was cut short (events deleted from its end) or rewritten; the log alone cannot say
  which, since the missing events are gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tablelog.errors import InvalidInput, TablelogError
from tablelog.replay.fold import Replayer
from tablelog.replay.verify import Problem, Verification
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.frozen import frozen
from tablelog.rules.protocol import Header, RuleSet

if TYPE_CHECKING:
    from tablelog.ledger import LedgerStore
    from tablelog.replay.jsonl import ParsedGame

__all__ = [
    "BadHash",
    "HeadCheck",
    "check_head",
    "head_of_file_game",
    "head_of_stored",
    "noted_hash",
    "with_head",
]

MIN_DIGITS = 6
"""A noted hash needs at least this many hex digits (the short form has 10)."""


class BadHash(InvalidInput, ValueError):
    """A noted head that is not a hash (too short, or not hexadecimal)."""


def noted_hash(text: str) -> str:
    """The noted hash as lower-case hex; ``BadHash`` if it is not one."""
    value = text.strip().lower()
    if len(value) < MIN_DIGITS or any(c not in "0123456789abcdef" for c in value):
        raise BadHash(
            f"{text!r} is not a head hash: give the hex digits noted at the table "
            f"(at least {MIN_DIGITS}; `tablelog show` prints 10, like 1d29eda442)"
        )
    return value


@frozen
class HeadCheck:
    """What the log says about a noted head: a verdict, the event it points to, a sentence."""

    noted: str
    verdict: str
    seq: int | None
    sentence: str

    @property
    def ok(self) -> bool:
        """Whether the log leads exactly to the noted head."""
        return self.verdict == "reached"

    def as_dict(self) -> dict[str, Any]:
        """The shape under ``verify --json``'s ``noted_head`` key."""
        return {
            "hash": self.noted,
            "ok": self.ok,
            "verdict": self.verdict,
            "seq": self.seq,
            "sentence": self.sentence,
        }


def check_head(
    noted: str,
    hashes: Sequence[bytes],
    genesis: bytes,
    chain_broken_at: int | None,
    over: bool,
) -> HeadCheck:
    """Compare ``noted`` (hex digits) with a log whose events carry ``hashes`` (stored,
    in seq order), whose chain first breaks at event ``chain_broken_at`` (``None``: sound)
    and whose game is ``over`` or not."""
    heads = [genesis.hex(), *(h.hex() for h in hashes)]
    last = len(heads) - 1
    short = heads[-1][:10]
    found = next((seq for seq in range(last, -1, -1) if heads[seq].startswith(noted)), None)
    if found is not None and chain_broken_at is not None and chain_broken_at <= found:
        return HeadCheck(
            noted, "rewritten", found,
            f"the log was rewritten: {noted} is stored as the head of event {found}, but "
            f"event {chain_broken_at} no longer hashes as it did, so the log does not lead "
            "to it",
        )  # fmt: skip
    if found == last:
        return HeadCheck(noted, "reached", found, f"the log leads to {noted} (event {found})")
    if found is not None:
        added = f"event {last} was" if last == found + 1 else f"events {found + 1} to {last} were"
        return HeadCheck(
            noted, "added", found,
            f"{added} added after the note: {noted} is the head at event {found}, "
            f"the log goes on to {short} at event {last}",
        )  # fmt: skip
    if over:
        return HeadCheck(
            noted, "rewritten", None,
            f"the log does not reach {noted}: it is a finished game whose head is {short} "
            f"(event {last}), so it was rewritten after the note",
        )  # fmt: skip
    return HeadCheck(
        noted, "short", None,
        f"the log does not reach {noted}: it stops at event {last} (head {short}) before the "
        "game is over; it was cut short, or rewritten",
    )  # fmt: skip


def with_head(verification: Verification, check: HeadCheck) -> Verification:
    """The verification with the head check's problem added when the head was not reached."""
    if check.ok:
        return verification
    problems = (*verification.problems, Problem(0, check.sentence))
    return attrs.evolve(verification, ok=False, problems=problems)


def _over(rules: RuleSet, header: Header, events: Sequence[Event]) -> bool:
    """Whether the log folds to a finished game (a log the rules refuse: not known to be)."""
    try:
        state = Replayer(rules, header).extend(events)
    except IllegalEvent:
        return False
    return rules.outcome(state) is not None


def head_of_stored(ledger: LedgerStore, game: int, noted: str) -> HeadCheck:
    """``check_head`` for a game in the ledger, read from its rows (a log that no longer
    decodes is not a finished game)."""
    from tablelog.replay.codec import decode_events, decode_header
    from tablelog.rules import registry

    record = ledger.game(game)
    rows = ledger.events(game)
    broken = [p.seq for p in ledger.verify_chain(game)]
    try:
        rules = registry.get(record.rules)
        over = _over(rules, decode_header(record.header), list(decode_events(rules, rows)))
    except (TablelogError, ValueError, TypeError, KeyError):
        over = False
    hashes = [row.hash for row in rows]
    return check_head(noted, hashes, record.genesis, min(broken, default=None), over)


def head_of_file_game(game: ParsedGame, noted: str) -> HeadCheck:
    """``check_head`` for a game read from a JSON Lines file."""
    from tablelog.replay.jsonl import chain_of

    genesis, problems = chain_of(game)
    over = _over(game.rules, game.header, game.events)
    broken = min((p.seq for p in problems), default=None)
    return check_head(noted, game.hashes, genesis, broken, over)
