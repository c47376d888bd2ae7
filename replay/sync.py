"""Two databases brought level: every game and every event of each copied into the other.

A table records its evening offline on a laptop (SQLite) and brings it to the club's
database (a SQLite file or PostgreSQL); a game begun on one and continued on the other is
level again afterwards. ``sync(a, b)`` looks at both sides' games by uid and head, and
sends only what differs, one direction and then the other, through the import path
(``replay.merge.import_stream``): every sent game is checked (chain and rules) before a
byte is written, new games are imported whole, and a game one side holds a prefix of gets
the other's new events with their ids, times and hashes. A game whose logs part is left
as it is on both sides and named with the event where they part. Each direction is one
transaction. Run twice, the second run sends nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from tablelog.ledger import LedgerStore, short_hash
from tablelog.replay.jsonl import ParsedGame, export_lines, iter_games
from tablelog.replay.merge import ImportReport, first_difference, import_stream, where_parted
from tablelog.rules.frozen import frozen

__all__ = ["SyncReport", "Synced", "sync"]


@frozen
class Synced:
    """What happened to one game: ``what`` is ``copied``, ``extended`` or ``diverged``;
    ``to`` is the side that received it (``a`` or ``b``), ``game`` its number there. A
    diverged game also names its number on the sending side (``source_game``), the first
    event where the two logs part (``parted``; 0: in their headers) and each side's head
    (``heads``: ``a``'s, then ``b``'s, short hashes)."""

    uid: str
    what: str
    to: str
    game: int
    events: int = 0
    why: str = ""
    source_game: int | None = None
    parted: int | None = None
    heads: tuple[str, str] | None = None

    def as_dict(self) -> dict[str, object]:
        """For ``sync --json``."""
        return attrs.asdict(self)


@frozen
class SyncReport:
    """Every game that was sent or found diverged; empty when the two were level."""

    games: tuple[Synced, ...]

    @property
    def level(self) -> bool:
        """Whether nothing needed sending (and nothing diverged)."""
        return not self.games

    @property
    def diverged(self) -> tuple[Synced, ...]:
        """The games whose logs part: left as they were on both sides."""
        return tuple(g for g in self.games if g.what == "diverged")


def sync(a: LedgerStore, b: LedgerStore) -> SyncReport:
    """Copy what ``a`` has that ``b`` lacks into ``b``, then the other way round."""
    there = _heads(b)
    to_b = _send(a, [uid for uid, head in _heads(a).items() if there.get(uid) != head], b)
    here = _heads(a)
    diverged = {s.uid for s in to_b if s.what == "diverged"}
    wanted = [uid for uid, head in _heads(b).items() if here.get(uid) != head]
    to_a = _send(b, [uid for uid in wanted if uid not in diverged], a)
    return SyncReport(
        (*_named(to_b, "b", a, b), *_named(to_a, "a", b, a)),
    )


def _heads(ledger: LedgerStore) -> dict[str, bytes]:
    """Each game's uid and head hash."""
    return {g.record.uid: g.head_hash for g in ledger.games()}


def _send(source: LedgerStore, uids: list[str], target: LedgerStore) -> list[Synced]:
    """Import the games ``uids`` of ``source`` into ``target`` (one transaction)."""
    if not uids:
        return []
    report = import_stream(target, _parsed(source, uids), skip_existing=True)
    return _outcomes(report)


def _parsed(source: LedgerStore, uids: list[str]) -> Iterator[ParsedGame]:
    for uid in uids:
        yield from iter_games(export_lines(source, source.game_by_uid(uid).id))


def _outcomes(report: ImportReport) -> list[Synced]:
    out = [Synced(r.uid, "copied", "", r.id) for r in report.imported]
    out += [Synced(uid, "extended", "", gid, n) for uid, gid, n in report.extended]
    out += [Synced(uid, "diverged", "", gid, why=why) for uid, gid, why in report.refused]
    return out


def _named(
    found: list[Synced], side: str, source: LedgerStore, target: LedgerStore
) -> list[Synced]:
    """``found`` as received by ``side`` (from ``source`` into ``target``); a diverged game
    with where the two logs part, read from both sides."""
    named = []
    for s in found:
        s = attrs.evolve(s, to=side)
        if s.what == "diverged":
            s = _parting(s, source, target)
        named.append(s)
    return named


def _parting(s: Synced, source: LedgerStore, target: LedgerStore) -> Synced:
    theirs = source.game_by_uid(s.uid)
    ours, sent = _chain(target, s.game), _chain(source, theirs.id)
    found = first_difference(ours, sent)
    parted = 0 if found is None else found  # the same events: they part in their headers
    tips = (short_hash(sent[-1]) if sent else "-", short_hash(ours[-1]) if ours else "-")
    heads = tips if s.to == "b" else (tips[1], tips[0])  # a's head first
    where = where_parted(parted)
    return attrs.evolve(
        s, why=f"the two logs part {where}", source_game=theirs.id, parted=parted, heads=heads
    )


def _chain(ledger: LedgerStore, game: int) -> list[bytes]:
    return [row.hash for row in ledger.events(game)]
