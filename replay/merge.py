"""Importing a file of games into a database, streaming, and merging files of several tables.

The file is read one game at a time (``replay.jsonl.iter_games``), each game checked
(form, chain, rules) and written inside one transaction around the whole file: a file of
any size is imported holding one game in memory, and if any game fails nothing is
written. Each game's results summary is stored with it, from the fold the check made.

With ``skip_existing`` a file that overlaps the database is merged: every game is checked
first, exactly as an import checks it (an altered event that kept its hash is refused,
named), and a game whose uid is already stored with the same log is then skipped; one
stored with a different log is refused, naming the game and the first event where the two
logs part.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from tablelog.ledger import GameRecord, LedgerStore, UnknownGame, short_hash
from tablelog.replay.codec import encode_header
from tablelog.replay.fold import Replayer
from tablelog.replay.jsonl import ParsedGame, RefusedImport, verify_parsed
from tablelog.replay.summary import dumps, summarize

__all__ = ["ImportReport", "import_games", "import_stream"]


@attrs.frozen
class ImportReport:
    """What an import did: the games written and the uids skipped (already present)."""

    imported: tuple[GameRecord, ...]
    skipped: tuple[tuple[str, int], ...]
    """``(uid, local id)`` of each game skipped because the database holds it already."""


def import_stream(
    ledger: LedgerStore, games: Iterable[ParsedGame], *, skip_existing: bool = False
) -> ImportReport:
    """Check and write every game of ``games`` in one transaction: all of them, or none."""
    seen: set[str] = set()
    imported: list[GameRecord] = []
    skipped: list[tuple[str, int]] = []
    with ledger.batch():
        for game in games:
            if game.uid in seen:
                raise RefusedImport(
                    f"nothing was imported: the game with uid {game.uid} is in the file twice"
                )
            seen.add(game.uid)
            known = _stored_copy(ledger, game.uid)
            if known is not None and skip_existing:
                _checked(game, Replayer(game.rules, game.header))  # before it is compared
                _same_log_or_refuse(ledger, game, known)
                skipped.append((game.uid, known))
                continue
            imported.append(_write(ledger, game, known))
    return ImportReport(tuple(imported), tuple(skipped))


def _write(ledger: LedgerStore, game: ParsedGame, known: int | None) -> GameRecord:
    """Check the game (chain and rules) and write it with its summary."""
    replayer = Replayer(game.rules, game.header)
    _checked(game, replayer)
    if known is not None:
        raise RefusedImport(
            f"nothing was imported: game {game.uid} is already in the database as game"
            f" {known} (with --skip-existing, only what is new is imported)"
        )
    record = ledger.import_game(
        game.rules.name,
        game.header.rules_version,
        encode_header(game.header),
        game.records,
        uid=game.uid,
        created=game.created,
        hashes=game.hashes,
    )
    seq = game.events[-1].seq if game.events else 0
    head = game.hashes[-1] if game.hashes else record.genesis
    summary = summarize(game.rules, game.header, replayer, seq)
    ledger.store_summaries([(record.id, head, dumps(summary))])
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


def _same_log_or_refuse(ledger: LedgerStore, game: ParsedGame, known: int) -> None:
    """Nothing if the stored game ``known`` has the file's log; else refused, naming the
    game and the first event where the two logs part."""
    hashes = [row.hash for row in ledger.events(known)]
    parted = _first_difference(hashes, list(game.hashes))
    if parted is None:
        return
    theirs = short_hash(game.hashes[-1]) if game.hashes else "(no events)"
    ours = short_hash(hashes[-1]) if hashes else "(no events)"
    raise RefusedImport(
        f"nothing was imported: game {game.uid} is in the database as game {known} with"
        f" a different log: they part at event {parted} (the database's head {ours},"
        f" the file's {theirs})"
    )


def _first_difference(ours: list[bytes], theirs: list[bytes]) -> int | None:
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
