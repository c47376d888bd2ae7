"""Importing a file of games into a database, streaming, and merging files of several tables.

The file is read one game at a time (``replay.jsonl.iter_games``), each game checked
(form, chain, rules) and written inside one transaction around the whole file: a file of
any size is imported holding one game in memory, and if any game fails nothing is
written. Each game's results summary is stored with it, from the fold the check made
(``SUMMARIES_KEPT`` of them at a time).

A game the database already holds (the same uid) is checked first, exactly as an import
checks it (chain and rules: an altered event that kept its hash is refused, named), and
only then compared with the stored copy, by hash:

- the stored log is a prefix of the file's (the game went on elsewhere: a laptop at the
  table, another club's copy): the new events are appended, each with its id, time and
  hash as in the file, and the stored copy is the file's game again;
- the same log (or the file's is a prefix of the stored one: nothing new): refused by a
  plain import, skipped with ``skip_existing``;
- the logs part: refused, naming the game and the first event where they part. A plain
  import then writes nothing; with ``skip_existing`` that game alone is left as it is,
  reported, and the rest of the file is imported.
"""

from __future__ import annotations

from collections.abc import Iterable

from tablelog.ledger import GameRecord, LedgerStore, UnknownGame, short_hash
from tablelog.replay.fold import Replayer
from tablelog.replay.jsonl import ParsedGame, RefusedImport, chain_of, verify_parsed
from tablelog.replay.summary import dumps, summarize
from tablelog.rules.frozen import frozen

__all__ = [
    "SUMMARIES_KEPT",
    "ImportReport",
    "first_difference",
    "import_games",
    "import_stream",
    "where_parted",
]


SUMMARIES_KEPT = 1 << 9
"""The imported games' summaries are written this many at a time (one statement each
time, not one per game), inside the import's transaction."""


@frozen
class ImportReport:
    """What an import did: the games written, extended, skipped and refused."""

    imported: tuple[GameRecord, ...]
    skipped: tuple[tuple[str, int], ...]
    """``(uid, local id)`` of each game skipped because the database holds it already."""
    extended: tuple[tuple[str, int, int], ...] = ()
    """``(uid, local id, events added)`` of each game whose stored log was a prefix."""
    refused: tuple[tuple[str, int, str], ...] = ()
    """``(uid, local id, why)`` of each game whose log parts from the stored one (only with
    ``skip_existing``; a plain import raises instead)."""


def import_stream(
    ledger: LedgerStore, games: Iterable[ParsedGame], *, skip_existing: bool = False
) -> ImportReport:
    """Check and write every game of ``games`` in one transaction: all of them, or none."""
    seen: set[str] = set()
    imported: list[GameRecord] = []
    skipped: list[tuple[str, int]] = []
    extended: list[tuple[str, int, int]] = []
    refused: list[tuple[str, int, str]] = []
    summaries: list[tuple[int, bytes, str]] = []  # kept every ``SUMMARIES_KEPT`` games
    with ledger.batch():
        for game in games:
            if len(summaries) >= SUMMARIES_KEPT:
                ledger.store_summaries(summaries)
                summaries.clear()
            if game.uid in seen:
                raise RefusedImport(
                    f"nothing was imported: the game with uid {game.uid} is in the file twice"
                )
            seen.add(game.uid)
            known = _stored_copy(ledger, game.uid)
            if known is None:
                imported.append(_write(ledger, game, known, summaries))
                continue
            replayer = Replayer(game.rules, game.header)
            _checked(game, replayer)  # the file's game is sound before it is compared
            stored = [row.hash for row in ledger.events(known)]
            parted = _parting(ledger, known, stored, game)
            if parted is None:  # the stored log is a prefix of the file's
                added = _extend(ledger, game, known, len(stored), replayer, summaries)
                extended.append((game.uid, known, added))
            elif parted > len(game.hashes):  # nothing new in the file
                if not skip_existing:
                    _write(ledger, game, known, summaries)  # refused, saying so
                skipped.append((game.uid, known))
            else:
                why = _diverged(game, known, stored, parted)
                if not skip_existing:
                    raise RefusedImport(f"nothing was imported: {why}")
                refused.append((game.uid, known, why))
        if summaries:  # nothing written (every game skipped): no summaries table asked for
            ledger.store_summaries(summaries)
    return ImportReport(tuple(imported), tuple(skipped), tuple(extended), tuple(refused))


def _write(
    ledger: LedgerStore,
    game: ParsedGame,
    known: int | None,
    summaries: list[tuple[int, bytes, str]],
) -> GameRecord:
    """Check the game (chain and rules) and write it; its summary joins ``summaries``."""
    if known is not None:
        raise RefusedImport(
            f"nothing was imported: game {game.uid} is already in the database as game"
            f" {known} (with --skip-existing, only what is new is imported)"
        )
    replayer = Replayer(game.rules, game.header)
    _checked(game, replayer)
    record = ledger.import_game(
        game.rules.name,
        game.header.rules_version,
        game.header_bytes,
        game.records,
        uid=game.uid,
        created=game.created,
        hashes=game.hashes,
        linked=game.linked,  # each hash checked as the file was read: not computed again
    )
    seq = game.events[-1].seq if game.events else 0
    head = game.hashes[-1] if game.hashes else record.genesis
    summary = summarize(game.rules, game.header, replayer, seq)
    summaries.append((record.id, head, dumps(summary)))
    return record


def _checked(game: ParsedGame, replayer: Replayer) -> None:
    """Nothing if the game's chain and rules hold; else refused, naming its first problem
    (an altered event is never taken for the stored copy whose hash it kept)."""
    result = verify_parsed(game, replayer)
    if not result.ok:
        raise RefusedImport(f"nothing was imported: {result.problems[0]}")


def _stored_copy(ledger: LedgerStore, uid: str) -> int | None:
    """The local id of the game stored with this uid, or ``None``."""
    try:
        return ledger.game_by_uid(uid).id
    except UnknownGame:
        return None


def _parting(ledger: LedgerStore, known: int, stored: list[bytes], game: ParsedGame) -> int | None:
    """Where the stored log (hashes ``stored``) and the file's part: ``None`` when the
    stored one is a prefix of the file's (the same log counts as parting just past the
    file's end: there is nothing to add), else the first seq that differs (0: the header)."""
    if not stored and ledger.game(known).genesis != chain_of(game)[0]:
        return 0  # a game with no events yet: its header is its whole log
    parted = first_difference(stored, list(game.hashes))
    if parted is None:
        return len(game.hashes) + 1
    if parted == len(stored) + 1:
        return None
    return parted


def _extend(
    ledger: LedgerStore,
    game: ParsedGame,
    known: int,
    have: int,
    replayer: Replayer,
    summaries: list[tuple[int, bytes, str]],
) -> int:
    """Append the file's events past the stored ``have``, each with the id, time and hash
    it has in the file; returns how many (the game's new summary joins ``summaries``).
    The hashes are compared inside the import's transaction, so a difference writes
    nothing."""
    rows = ledger.append(known, have + 1, game.records[have:])
    if [row.hash for row in rows] != list(game.hashes[have:]):
        raise RefusedImport(
            f"nothing was imported: the events of game {game.uid} past event {have} do not"
            " hash as the file says once appended to the stored copy"
        )
    head = game.hashes[-1]
    summary = summarize(game.rules, game.header, replayer, game.events[-1].seq)
    summaries.append((known, head, dumps(summary)))
    return len(rows)


def _diverged(game: ParsedGame, known: int, stored: list[bytes], parted: int) -> str:
    """The sentence for a game whose stored log parts from the file's at ``parted``."""
    theirs = short_hash(game.hashes[-1]) if game.hashes else "(no events)"
    ours = short_hash(stored[-1]) if stored else "(no events)"
    where = where_parted(parted)
    return (
        f"game {game.uid} is in the database as game {known} with a different log: they"
        f" part {where} (the database's head {ours}, the file's {theirs})"
    )


def where_parted(parted: int) -> str:
    """Where two logs of one game part, in words: ``at event 5``, or ``in their headers``
    (0: the same events under different headers)."""
    return "in their headers" if parted == 0 else f"at event {parted}"


def first_difference(ours: list[bytes], theirs: list[bytes]) -> int | None:
    """The first seq where two chains differ (one may be longer), ``None`` if equal."""
    for seq, (a, b) in enumerate(zip(ours, theirs, strict=False), 1):
        if a != b:
            return seq
    if len(ours) != len(theirs):
        return min(len(ours), len(theirs)) + 1
    return None


def import_games(ledger: LedgerStore, games: Iterable[ParsedGame]) -> list[GameRecord]:
    """Write every game of a file in one transaction; nothing is written if any fails
    (``import_stream``, which also merges with ``skip_existing``)."""
    return list(import_stream(ledger, games).imported)
