"""The logic behind ``tablelog record``: one game kept open for a whole evening.

A ``Recorder`` holds one game folded once; each line typed is parsed, validated by the
rules and appended with the expected seq (``Games.submit``), and the game in memory is
extended with what was written, so nothing is read or folded again between moves. A
second recorder on the same game is refused by the ledger (``ConcurrencyConflict``), the
game is read again, and the person is told what happened; nothing of theirs is written.
A move refused by the rules while another recorder had written meanwhile (the refusal
may come from the old table) is judged again on the game as read again, after saying
what was recorded since.

Commands besides moves: ``undo`` and ``redo`` (each says what it takes back or puts
back), ``note TEXT``, ``? CARD`` (the legal moves of a card). ``completions`` answers
what may be typed next from the grouped listing, lazily: a crowded Nørdekasino table has
over 100,000 moves, and completion never lists them all.

No user interface here: ``cli/record.py`` draws and prompts.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tablelog.errors import TablelogError
from tablelog.ledger import ConcurrencyConflict
from tablelog.replay.completion import COMMANDS, Completer
from tablelog.replay.games import Games, LoadedGame, Played
from tablelog.replay.implied import entry_start
from tablelog.replay.inspect import log_data, moves_data, played_data, show_data
from tablelog.replay.notation import format_event_move
from tablelog.replay.redo import NOTHING_TO_REDO
from tablelog.rules.events import Event, Move
from tablelog.rules.frozen import frozen
from tablelog.rules.names import event_named, named_move

__all__ = ["COMMANDS", "Entry", "Recorder"]  # (COMMANDS: replay.completion's)


@frozen
class Entry:
    """What one line did: the lines to say, the ``play`` data of what was written (or
    ``None``), and whether it was refused (nothing written)."""

    lines: tuple[str, ...] = ()
    data: dict[str, Any] | None = None
    refused: bool = False


class Recorder:
    """One game kept open: moves entered, taken back and put back, the table at hand."""

    def __init__(self, games: Games, ref: int | str) -> None:
        self.games = games
        self.game: LoadedGame = games.load(ref)
        self.redo_stack: list[tuple[str, Move]] = []
        """What this session's undos took back, the latest last: (text, move)."""

    # -- the game in memory -----------------------------------------------------------

    @property
    def head(self) -> str:
        """The short head hash of the game now."""
        return self.game.head_at()

    def reload(self) -> None:
        """Read the game again (someone else wrote to it)."""
        self.game = self.games.load(self.game.id)

    def _extend(self, played: Played) -> None:
        """The game in memory with ``played`` appended, without reading or folding it."""
        if not played.retried:  # a retry wrote nothing: the game in memory has it already
            self.game = self.game.extended(played.written, played.digests)

    def table(self, seat: int | None = None) -> dict[str, Any]:
        """The table now, as ``show`` gives it (everyone's view unless ``seat``)."""
        return show_data(self.game, None, seat)

    # -- one line ---------------------------------------------------------------------

    def enter(self, text: str) -> Entry:
        """Do what the line ``text`` says: a move, ``undo``, ``redo``, ``note``, ``?``."""
        stripped = text.strip()
        word = stripped.split(" ", 1)[0].lower()
        if word == "undo" and stripped.lower() == "undo":
            return self.undo()
        if word == "redo" and stripped.lower() == "redo":
            return self.redo()
        if stripped.startswith("?"):
            return self.card_moves(stripped[1:].strip())
        if stripped.lower() == "moves":
            return self.card_moves("")
        return self._write(stripped, keep_redo=word == "note")

    def _write(
        self, text: str, *, keep_redo: bool = False, said: str = "", move: Move | None = None
    ) -> Entry:
        given = move
        try:
            if given is None:  # a line typed: with the steps it implies (replay.implied)
                played = self.games.enter(self.game, text)
            else:
                played = self.games.submit(self.game, given)
        except ConcurrencyConflict as conflict:
            since = self._reread()
            return Entry(
                (
                    f"refused, nothing written: {conflict}.",
                    f"Someone else is recording game {self.game.id}; it is read again "
                    f"(now at event {self.game.seq}{since}). Look at the table and type the"
                    " move again.",
                ),
                refused=True,
            )
        except TablelogError as error:
            since = self._reread()
            if not since:  # the game is as it was: the refusal stands
                return Entry((f"refused, nothing written: {error}",), refused=True)
            return self._again(text, given, since, keep_redo=keep_redo, said=said)
        return self._written(played, keep_redo=keep_redo, said=said)

    def _reread(self) -> str:
        """Read the game again if someone else wrote to it since it was read: what was
        recorded meanwhile (``"; since then: event 7 (Bo 9H), …"``), else ``""``."""
        seen = self.game.seq
        if not any(True for _ in self.games.ledger.events(self.game.id, after=seen)):
            return ""
        self.reload()
        rows = [r for r in log_data(self.game)["events"] if r["seq"] > seen]
        told = [event_named(r["seq"], named_move(r["notation"], r["actor"])) for r in rows[:8]]
        more = f" and {len(rows) - 8} more" if len(rows) > 8 else ""
        return "; since then: " + ", ".join(told) + more

    def _again(
        self, text: str, given: Move | None, since: str, *, keep_redo: bool, said: str
    ) -> Entry:
        """The move judged again on the game as it is now, after the game moved on."""
        moved = (
            f"game {self.game.id} moved on (someone else recorded into it){since}; it is read"
            f" again (now at event {self.game.seq}) and the move is judged on it as it is now"
        )
        try:
            if given is None:
                played = self.games.enter(self.game, text)
            else:
                played = self.games.submit(self.game, given)
        except TablelogError as error:
            return Entry((moved, f"refused, nothing written: {error}"), refused=True)
        return self._written(played, keep_redo=keep_redo, said=said, before=(moved,))

    def _written(
        self, played: Played, *, keep_redo: bool, said: str, before: tuple[str, ...] = ()
    ) -> Entry:
        """What a move written says, the game in memory extended with it."""
        self._extend(played)
        if not keep_redo:
            self.redo_stack.clear()
        data = played_data(played)
        lines = (*before, said) if said else before
        return Entry(lines, data)

    def undo(self) -> Entry:
        """Take back the last move (in a seeded game with the dealer's cards after it),
        saying what it takes back."""
        replayer = self.game.replayer
        start = entry_start(self.game)
        if start is None:
            return Entry(("nothing to undo",), refused=True)
        taken = replayer.effective[start:]
        back = ", ".join(self._said(replayer, start + i, e) for i, e in enumerate(taken))
        entry = self._write("undo", keep_redo=True, said=f"undo takes back {back}")
        if not entry.refused:  # the move itself (a seeded game's dealer deals again)
            self.redo_stack.append((self._text(replayer, start, taken[0]), taken[0].move))
        return entry

    def redo(self) -> Entry:
        """Put back the move the last ``undo`` took back, saying what it puts back."""
        if not self.redo_stack:
            return Entry((NOTHING_TO_REDO,), refused=True)
        text, move = self.redo_stack.pop()
        entry = self._write(text, keep_redo=True, said=f"redo puts back {text}", move=move)
        if entry.refused:
            self.redo_stack.append((text, move))
        return entry

    def _text(self, replayer: Any, index: int, event: Event) -> str:
        return format_event_move(self.game.rules, event.move, replayer.before(index))

    def _said(self, replayer: Any, index: int, event: Event) -> str:
        text = self._text(replayer, index, event)
        who = self.game.actor_name(event.actor)
        if event.family == "chance" and self.game.seeded:
            text = "the dealer's " + text.split(" ", 1)[0]
        return event_named(event.seq, named_move(text, who))

    def card_moves(self, card_text: str, limit: int = 40) -> Entry:
        """The legal moves starting with one card (``? 4H``), or all of them (``?``, ``moves``:
        the first ``limit``), each as it is typed."""
        if not card_text:
            data = moves_data(self.game, limit=limit)
            if not data["moves"]:
                return Entry((f"no legal move now ({self.hint()})",))
            lines = [f"  {m['notation']}" + (f"  ({m['actor']})" if m["actor"] else "")
                     for m in data["moves"]]  # fmt: skip
            more = "" if data["complete"] else f" (the first {len(lines)}; `? CARD` for one card)"
            return Entry((f"legal moves{more}:", *lines))
        try:
            card = self.game.rules.vocabulary.read(card_text)
        except TablelogError as error:
            return Entry((str(error),), refused=True)
        data = moves_data(self.game, card=card, limit=limit)
        moves = data["moves"]
        if not moves:
            return Entry((f"no legal move starting with {card.pretty} now",))
        lines = [f"  {m['notation']}" + (f"  ({m['actor']})" if m["actor"] else "") for m in moves]
        more = "" if data["complete"] else f" (the first {len(moves)}; there are more)"
        count = f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}"
        return Entry((f"{count} starting with {card.pretty}{more}:", *lines))

    # -- completion -------------------------------------------------------------------

    def hint(self) -> str:
        """What the game waits for: who acts, or the cards of a physical deal."""
        state, rules = self.game.state, self.game.rules
        if rules.outcome(state) is not None:
            return "the game is over"
        step = rules.chance(state)
        if step is not None and not self.game.seeded:
            return f"the cards: {step.hint}"
        names = [self.game.header.players[s] for s in sorted(rules.to_act(state))]
        return f"to act: {', '.join(names)}"

    def completions(self, text: str, limit: int = 60) -> Iterator[str]:
        """Whole lines that complete ``text``: commands, player names and legal moves,
        filtered as typed (case-insensitive), at most ``limit`` of them; a card begun in
        words (``spar``, ``Herz K``) is completed in those words (``spar dame``)
        (``replay.completion``)."""
        return Completer(self.game).lines(text, limit)
