"""Entries typed per turn at a real table, before and after issue 23.

    python benchmarks/entries.py

Each game is a recorded log: the seed's worked examples as the fixtures record them
(Speahx's "Eksempelrunde", Narrespillet's "Spilleksempel"), Karnöffel's physical game
(the README's tour, played out), Nørdekasino's tour (the README's `build KD 8C 10H` ...)
and a 4-player physical Vriddiot game (``fixtures/vriddiot/vriddiot-physical.jsonl``).

*Before*: every event the fixture's record script typed (for a seeded game, the moves:
the dealer deals by itself), notes left out. *After*: the same log entered again through
``Games.play`` in a fresh database, one entry per turn where the tool can imply the
rest: at each point, the furthest later event whose text, typed now, writes exactly the
fixture's events up to it (the steps between written by themselves), else the next
event as it is. The re-entered log must equal the fixture's, event for event, so the
outcome is the same.

A *turn* is one player's decision: a move, but not a pass that closes a window nobody
answered, nor a ``show`` of a card a move then uses, nor a move the rules force (those
are decided by nobody). Goal: at most 1.1 entries per turn in every game.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tablelog.ledger import Ledger
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.jsonl import parse_lines
from tablelog.replay.merge import import_games
from tablelog.replay.notation import format_event_move
from tablelog.rules.errors import TablelogError
from tablelog.rules.events import Deal, Dealt, Event, Move

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
GAMES = (
    ("Speahx Eksempelrunde", FIXTURES / "speahx" / "speahx-eksempelrunde.jsonl"),
    ("Narrespillet Spilleksempel", FIXTURES / "narrespillet" / "narrespillet-example-round.jsonl"),
    ("Karnöffel (physical tour)", FIXTURES / "karnoffel-physical.jsonl"),
    ("Nørdekasino (tour, seeded)", None),
    ("Vriddiot (4 players, physical)", FIXTURES / "vriddiot" / "vriddiot-physical.jsonl"),
)
NORDEKASINO_TOUR = ("build KD 8C 10H", "build 3C 8C", "trail 6C", "take 7H 8C 6C")
LOOKAHEAD = 12
"""The most events one entry may write (the move and the steps around it)."""
UNDECIDED = ("pass", "show", "hermit_pass")
RESPONSES = {
    # Narrespillet's Spilleksempel at a real table: "Almegaard viser den fram for alle"
    # (the Fool, for the Hierophant), and the Moon's called card handed over by Irmgard
    "Lucas play T5 fool": ("Almegaard reveal FOOL",),
    "Kana call CuQ": ("answer Irmgard",),
}
"""What the table answers after a move when the hands lie face down in the record (in the
fixture the hands were dealt known, so nobody had to answer): typed, and counted."""
BREATHS = (
    # one decision said in one breath (``RuleSet.compound``): the seed's own sentences
    # "Kesharen spiller Månen, og kaller på Begerdronningen ... Professoraen må overlate
    # ham Begerdronningen sin"
    (re.compile(r"^(\S+) play (T1[789])\n\1 call (.+)$"), r"\1 play \2 \3"),
    (re.compile(r"^(\S+ (?:call|play T1[789]) \S+(?: .+)?)\nanswer (\S+)$"), r"\1 \2"),
    # "ber om å få se Narren. Almegaard viser den fram for alle"
    (re.compile(r"^(\S+ play T5 fool)\n(\S+) reveal FOOL$"), r"\1 \2"),
    # "bruker så en av de tre ekstra turene umiddelbart, spiller Dommen"
    (re.compile(r"^(\S+) hermit\n\1 (.+)$"), r"\1 hermit \2"),
    # "Han kaster så fire kort fra den nye hånden" (the Wheel's discards, down to six)
    (re.compile(r"^(\S+) discard (.+)\n\1 discard (\S+)$"), None),
)
"""Lines a person says in one breath, joined into one entry (``None``: the Wheel's
discards, joined after the Wheel into one ``discard`` entry)."""


def spoken(lines: Sequence[str]) -> list[str]:
    """``lines`` as a person at the table types them: each decision said in one breath
    (``BREATHS``) one entry."""
    out: list[str] = []
    wheel = ""  # the player discarding down after the Wheel of Fortune
    for line in lines:
        if out:
            pair = f"{out[-1]}\n{line}"
            joined = _joined(pair, wheel)
            if joined is not None:
                out[-1] = joined
                continue
        if re.match(r"^\S+ play T10 \d+$", line):
            wheel = line.split()[0]
        elif not line.startswith(("deal ", f"{wheel} discard ")):
            wheel = ""
        out.append(line)
    return out


def _joined(pair: str, wheel: str) -> str | None:
    for pattern, into in BREATHS:
        match = pattern.match(pair)
        if match is None:
            continue
        if into is not None:
            return match.expand(into)
        if match.group(1) == wheel:
            return f"{pair.split(chr(10))[0]} {match.group(3)}"
    return None


def _same(a: Event, b: Event) -> bool:
    return a.actor == b.actor and a.payload == b.payload


def load_fixture(ledger: Ledger, path: Path) -> LoadedGame:
    """The fixture file's (first) game, imported into ``ledger``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    record = import_games(ledger, parse_lines(lines))[0]
    return Games(ledger).load(record.id)


def _texts(game: LoadedGame) -> list[str]:
    """Each event of ``game`` as it is typed, in the state before it."""
    players = game.header.players
    return [
        format_event_move(game.rules, e.move, game.timeline[i], players)
        for i, e in enumerate(game.events)
    ]


def is_turn(game: LoadedGame, event: Event, state: Any) -> bool:
    """Whether ``event`` is one player's decision (see the module's docstring)."""
    if event.family != "move":
        return False
    kind = type(event.payload).TYPE.rpartition(".")[2]
    if kind in UNDECIDED:
        return False
    forced = game.rules.forced(state) if game.rules.forced is not None else None
    return forced is None or forced.payload != event.payload


def before(game: LoadedGame) -> tuple[int, int]:
    """Entries and turns as the fixture was typed."""
    entries = sum(
        1
        for e in game.events
        if type(e.payload).TYPE != "note" and (e.family != "chance" or not game.seeded)
    )
    turns = sum(1 for i, e in enumerate(game.events) if is_turn(game, e, game.timeline[i]))
    return entries, turns


def after(ledger: Ledger, old: LoadedGame) -> tuple[int, list[str]]:
    """Entries typed to record ``old`` again as a person at the table types it: each
    decision, and the cards the table saw (a face-up deal, a card turned and not laid at
    once); what nobody decides or sees is left to the tool. The lines typed. Raises if a
    line is refused or the outcome differs from ``old``'s."""
    games = Games(ledger)
    game = games.create(old.header).id
    typed = spoken(
        [
            said
            for line in _lines(old)
            if line is not None
            for said in (line, *RESPONSES.get(line, ()))
        ]
    )
    for number, line in enumerate(typed, 1):
        try:
            games.play(game, line)
        except TablelogError as error:
            message = f"{old.header.rules}: line {number} ({line}) refused: {error}"
            raise SystemExit(message) from None
    _check(games.load(game), old)
    return len(typed), typed


def _lines(old: LoadedGame) -> Iterator[str | None]:
    """The lines a person types for ``old``'s log (``None`` where nothing is typed)."""
    texts = _texts(old)
    events = old.events
    for i, event in enumerate(events):
        state = old.timeline[i]
        kind = type(event.payload).TYPE.rpartition(".")[2]
        if kind == "note" or (event.family == "chance" and old.seeded):
            yield None
        elif event.family == "chance":
            step = old.rules.chance(state)
            later = next(
                (
                    t
                    for e, t in zip(events[i + 1 :], texts[i + 1 :], strict=True)
                    if e.family == "move"
                ),
                "",
            )
            named = texts[i].split()[1:]
            if step is None:
                yield texts[i]
            elif isinstance(event.payload, Deal) and event.payload.cards and not step.unseen:
                yield _seen(old, state, event.payload)  # the face-up cards only
            elif step.unseen:  # nobody at the table saw these cards: the tool enters them
                yield None
            elif step.kind in ("reveal", "turn") and (named == ["?"] or named[0] in later.split()):
                yield None  # entered with the move that lays it, or face down
            else:
                yield texts[i]
        elif event.family == "move" and not is_turn(old, event, state):
            yield None
        else:
            yield texts[i]


def _seen(game: LoadedGame, state: Any, deal: Deal) -> str:
    """A deal as the table saw it: its face-down cards ``?``."""
    cards = tuple(Dealt(d.to, d.card if d.up else None, d.up) for d in deal.cards)
    return format_event_move(game.rules, Move(None, Deal(cards)), state, game.header.players)


def _check(new: LoadedGame, old: LoadedGame) -> None:
    """The game entered again ends as the fixture's: the same outcome (its face-down cards
    are ``?`` where the fixture named them, so the events may differ)."""
    if old.rules.outcome(old.state) != new.rules.outcome(new.state):
        raise SystemExit(f"game {old.header.rules}: the outcome differs from the fixture's")
    if old.rules.outcome(old.state) is None and len(new.replayer) < len(old.replayer):
        raise SystemExit(f"game {old.header.rules}: the entries stop short of the fixture's")


def old_game(ledger: Ledger, path: Path | None) -> LoadedGame:
    """A game of ``GAMES`` as recorded before: its fixture file, or the README's tour."""
    return load_fixture(ledger, path) if path is not None else nordekasino_tour(ledger)


def nordekasino_tour(ledger: Ledger) -> LoadedGame:
    """The README's Nørdekasino tour, entered move by move in a seeded game."""
    from tablelog.replay.headers import make_header
    from tablelog.rules import registry

    games = Games(ledger)
    header = make_header(registry.get("nordekasino"), ("Anna", "Bo", "Cai"), {}, seed=3)
    game = games.create(header).id
    for text in NORDEKASINO_TOUR:
        games.play(game, text)
    return games.load(game)


def main(argv: Sequence[str] = ()) -> int:
    show = "--lines" in argv
    print(f"{'game':34} {'turns':>5} {'before':>7} {'per turn':>8} {'after':>6} {'per turn':>8}")
    worst = 0.0
    for title, path in GAMES:
        with tempfile.TemporaryDirectory() as tmp, Ledger(Path(tmp) / "e.db") as ledger:
            old = old_game(ledger, path)
            entries, turns = before(old)
            try:
                now, typed = after(ledger, old)
            except SystemExit as failed:
                print(f"{title:34} {turns:5} {entries:7} {entries / turns:8.2f}  failed: {failed}")
                worst = max(worst, entries / turns)
                continue
        worst = max(worst, now / turns)
        print(f"{title:34} {turns:5} {entries:7} {entries / turns:8.2f} {now:6} {now / turns:8.2f}")
        if show:
            print("   ", " | ".join(typed))
    print(f"worst after: {worst:.2f} entries per turn (goal: at most 1.1)")
    return 0 if worst <= 1.1 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
