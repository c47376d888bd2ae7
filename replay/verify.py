"""Verification: is a log intact (hash chain) and is every event in it legal?

The first problem is what a person needs ("event 14 (Kari 7H): the Devil may not lead
the first trick"); the chain is checked in full, the rules up to the first refusal (the
states after an illegal event mean nothing). In a seeded game every chance event must also
be exactly the one the seeded dealer makes, so nobody can have swapped a deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tablelog.errors import Refusal, TablelogError
from tablelog.ledger import CodecError, genesis_hash, short_hash, unpack, verify_records
from tablelog.ledger.hashing import chain_intact
from tablelog.replay.codec import decode_header, event_decoder
from tablelog.replay.dealer import dealer_move
from tablelog.replay.fold import Replayer
from tablelog.replay.gate import RECORDER, Gate
from tablelog.rules import registry
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.frozen import frozen
from tablelog.rules.names import event_named
from tablelog.rules.protocol import Header, RuleSet, S

if TYPE_CHECKING:
    from tablelog.ledger import GameRecord, LedgerStore, StoredEvent
    from tablelog.replay.loaded import LoadedGame


class Tampered(Refusal, ValueError):
    """A stored log whose bytes were changed after they were written: a refusal (exit
    status 1) that names the first altered event and points to ``verify``."""


__all__ = [
    "Problem",
    "Tampered",
    "Verification",
    "check_log",
    "integrity_problems",
    "refuse_altered",
    "refuse_altered_games",
    "verify_game",
    "verify_stored",
]


NOT_COVERED = ("created",)
"""The one field of a game's header outside its hash chain: the date and time it was
started (the games table's ``created``, also a JSON Lines file's). The chain starts from
the game's uid and header (rule set, its version, players, options, dealer, seed, fork),
and each event covers its own time; the rule set's name and version stored beside the
header are checked against it. An edited ``created`` is not found by ``verify``."""


@frozen
class Problem:
    """One thing wrong with a log: the event's seq and why."""

    seq: int
    reason: str
    label: str | None = None

    def __str__(self) -> str:
        if not self.seq:
            return self.reason
        if self.reason.startswith(f"event {self.seq} "):  # the reason names its event
            return self.reason
        return f"{event_named(self.seq, self.label)}: {self.reason}"


@frozen
class Verification:
    """The result of verifying a game: ok, how many events, the problems in log order."""

    ok: bool
    events: int
    problems: tuple[Problem, ...]
    head: str | None = None
    not_covered: tuple[str, ...] = NOT_COVERED
    """What a stored game holds that no hash covers, so no check can find it edited."""

    @staticmethod
    def of(events: int, problems: Sequence[Problem], head: str | None = None) -> Verification:
        """A verification of ``events`` events that found ``problems``."""
        ordered = tuple(sorted(problems, key=lambda p: p.seq))
        return Verification(not ordered, events, ordered, head)

    def as_dict(self) -> dict[str, Any]:
        """The shape of ``verify --json``: ok, events, problems as sentences, head, and the
        fields no hash covers (``not_covered``)."""
        problems = [str(p) for p in self.problems]
        return {
            "ok": self.ok,
            "events": self.events,
            "problems": problems,
            "head": self.head,
            "not_covered": list(self.not_covered),
        }


def verify_stored(ledger: LedgerStore, game: LoadedGame[S]) -> Verification:
    """A stored game checked: its hash chain in the ledger, then every event's legality."""
    problems = [Problem(p.seq, p.reason) for p in ledger.verify_chain(game.id)]
    problems += _columns_problems(game.record)
    illegal = check_log(game.rules, game.header, game.events)
    if illegal is not None:
        problems.append(illegal)
    return Verification.of(game.seq, problems, game.head_at())


def check_log(
    rules: RuleSet[S], header: Header, events: Sequence[Event], replayer: Replayer | None = None
) -> Problem | None:
    """The first event the rules refuse (or the seeded dealer would not have made).

    ``replayer`` (a fresh one for ``header``) is left holding the log folded, for a
    caller that wants the final state too (an import keeps the game's summary).
    """
    seeded = header.seed is not None
    replayer = Replayer(rules, header) if replayer is None else replayer
    for event in events:
        state = replayer.state
        try:
            if seeded and event.payload.FAMILY != "meta":
                _check_dealer(rules, header, state, event)
            replayer.push(event, check=True)
        except IllegalEvent as refused:
            label = Gate(rules, header, RECORDER).label(state, event)
            return Problem(event.seq, refused.reason, label)
    state = replayer.state
    if seeded and rules.chance(state) is not None:
        last = events[-1].seq if events else 0
        return Problem(last, "the log ends before the seeded dealer's next chance step")
    return None


def _check_dealer(rules: RuleSet[S], header: Header, state: S, event: Event) -> None:
    assert header.seed is not None
    expected = dealer_move(rules, state, header.seed, event.seq)
    if expected is None and event.payload.FAMILY == "chance":
        raise IllegalEvent(event, "the seeded dealer deals no cards at this point")
    if expected is not None and expected != event.move:
        what = "this chance event" if event.family == "chance" else "a move"
        raise IllegalEvent(
            event,
            f"{what} stands where the seeded dealer's {expected.type} should be: "
            "the deal does not come from this game's seed",
        )


def refuse_altered(
    record: GameRecord, rows: Sequence[StoredEvent], players: int, refusal: str
) -> None:
    """Raise ``Tampered`` for a game whose stored bytes were altered, naming the first
    altered event and saying what is refused (``refusal``: "nothing is shown from it").
    ``players`` (when not 0) also checks that every actor is a seat of the table."""
    problems = integrity_problems(record, rows)
    if players:
        problems += [
            Problem(r.seq, f"event {r.seq} names seat {r.actor}, which is not at this table")
            for r in rows
            if r.actor is not None and not 0 <= r.actor < players
        ]
    if problems:
        first = min(problems, key=lambda p: p.seq)
        raise Tampered(
            f"game {record.id} was altered after it was recorded: {first}; {refusal}"
            f" (`tablelog verify {record.id}` lists every problem; restore the game"
            " from its last good export)"
        )


def refuse_altered_games(ledger: LedgerStore, ids: Sequence[int], refusal: str) -> None:
    """``refuse_altered`` for each game of ``ids``, one game's events in memory at a time
    (for the exports that read derived data, such as the results summary, not the log)."""
    for gid in ids:
        refuse_altered(ledger.game(gid), ledger.events(gid), 0, refusal)


def integrity_problems(record: GameRecord, rows: Sequence[StoredEvent]) -> list[Problem]:
    """What was altered in a stored game (its header, its chain, an actor that is no seat),
    checked on the bytes alone: nothing is decoded, so any altered byte is named."""
    problems = _columns_problems(record)
    if genesis_hash(record.uid, record.header) != record.genesis:
        problems.append(
            Problem(0, "the game's header was altered after it was recorded: its genesis hash"
                       " does not match it")
        )  # fmt: skip
    if not chain_intact(record.genesis, rows):
        problems.extend(Problem(p.seq, p.reason) for p in verify_records(record.genesis, rows))
    return problems


def _columns_problems(record: GameRecord) -> list[Problem]:
    """The rule set and its version stored beside the header, checked against the header
    the chain covers (an edited ``rules_version`` passed ``verify`` before)."""
    problems = []
    if _header_field(record.header, "rules") not in (None, record.rules):
        problems.append(
            Problem(0, f"the game's rule set was altered: the games table says {record.rules!r}"
                       " but the header it was recorded with says otherwise")
        )  # fmt: skip
    version = _header_field(record.header, "rules_version")
    if version is not None and version != record.rules_version:
        problems.append(
            Problem(0, "the game's rules version was altered: the games table says"
                       f" {record.rules_version!r} but the header it was recorded with says"
                       f" {version!r}")
        )  # fmt: skip
    return problems


def _header_field(header: bytes, key: str) -> object:
    """A field of a header's bytes (``None`` if they cannot be read)."""
    try:
        data = unpack(header)
    except CodecError:
        return None
    return data.get(key) if isinstance(data, dict) else None


def verify_game(ledger: LedgerStore, game: int) -> Verification:
    """A stored game checked from its rows: the header and hash chain in the order the
    events were written, every payload read back, every actor a seat, then the rules.

    Nothing here assumes the log is intact: a deleted, moved or altered event, a header
    that no longer decodes or an impossible actor are problems in the result, never a crash.
    """
    record = ledger.game(game)
    rows = ledger.events(game)
    problems = [Problem(p.seq, p.reason) for p in ledger.verify_chain(game, rows)]
    problems += _columns_problems(record)
    head = short_hash(rows[-1].hash if rows else record.genesis)
    try:
        header = decode_header(record.header)
        rules = registry.get(record.rules)
    except (TablelogError, CodecError, ValueError, TypeError, KeyError) as error:
        problems.append(Problem(0, f"the game's header cannot be read ({error}): it was altered"))
        return Verification.of(len(rows), _unique(problems), head)
    events = []
    decoded = event_decoder(rules)
    for row in rows:
        if row.actor is not None and not 0 <= row.actor < len(header.players):
            problems.append(
                Problem(row.seq, f"event {row.seq} was altered: it names seat {row.actor}, but"
                                 f" the game has seats 0 to {len(header.players) - 1}")
            )  # fmt: skip
            continue
        try:
            events.append(decoded(row))
        except (TablelogError, CodecError) as error:
            problems.append(
                Problem(row.seq, f"event {row.seq} was altered: it cannot be read ({error})")
            )
    if not problems:
        illegal = check_log(rules, header, events)
        if illegal is not None:
            problems.append(illegal)
    return Verification.of(len(rows), _unique(problems), head)


def _unique(problems: Sequence[Problem]) -> list[Problem]:
    """The problems without repeats (the chain and the rows may name the same event)."""
    seen: set[tuple[int, str]] = set()
    out = []
    for p in problems:
        if (p.seq, p.reason) not in seen:
            seen.add((p.seq, p.reason))
            out.append(p)
    return out
