"""``tablelog record GAME``: one process for a whole evening at the table.

Type each move as it happens; the game stays open (read and folded once), every legal
move and player name completes as you type (Tab, or the menu that opens by itself), and
the table is drawn again after each move. ``undo`` and ``redo`` say what they take back
and put back, ``note TEXT`` writes a comment, ``? CARD`` lists the legal moves of a card,
``show`` draws the table again, Ctrl-D or ``quit`` ends and prints the head hash.

The logic lives in ``replay/recorder.py``; this module prompts and draws. prompt_toolkit
is imported only by this command. Without a terminal (lines piped in) it reads plain
lines, so a script can drive it too.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import click

from tablelog.cli.errors import friendly
from tablelog.replay.games import Games

if TYPE_CHECKING:
    from tablelog.replay.recorder import Entry, Recorder

__all__ = ["HELP", "draw", "record"]

HELP = """Type a move as `play` takes it (Tab completes; the player's name may come first).
  undo          take back the last move (it says which)
  redo          put back what the last undo took back
  note TEXT     a comment in the log
  ? CARD        the legal moves starting with CARD now (? 4H)
  ? or moves    the legal moves now (the first 40)
  show          draw the table again
  quit          (or Ctrl-D) stop; the head hash is printed"""


@click.command()
@click.argument("game")
@click.pass_obj
def record(obj: Any, game: str) -> None:
    """Record GAME move by move in one session: completion, the table after each move,
    undo and redo, notes, `? CARD`; Ctrl-D or `quit` ends and prints the head hash."""
    from tablelog.replay.recorder import Recorder

    with friendly(), obj.ledger() as ledger:
        recorder = Recorder(Games(ledger), game)
        click.echo(f"recording game {recorder.game.id} ({recorder.game.rules.title}); "
                   "`help` for help, Ctrl-D or `quit` to stop")  # fmt: skip
        draw(recorder)
        lines = _terminal_lines(recorder) if sys.stdin.isatty() else _plain_lines()
        for line in lines:
            if line.strip().lower() in ("quit", "exit"):
                break
            respond(recorder, line)
        stopped = recorder.game
        click.echo(f"game {stopped.id} stopped at event {stopped.seq}; head {recorder.head} "
                   f"(note it; `tablelog verify {stopped.id}` checks it later)")  # fmt: skip


def respond(recorder: Recorder, line: str) -> None:
    """Do one line and say what happened: the refusal, or what was written and the table."""
    command = line.strip()
    if not command:
        return
    if command.lower() == "help":
        click.echo(HELP)
        return
    if command.lower() == "show":
        draw(recorder)
        return
    entry = recorder.enter(command)
    say(entry)
    if entry.data is not None and any(r["type"] != "note" for r in entry.data["written"]):
        draw(recorder, entry.data)


def say(entry: Entry) -> None:
    """The entry's own lines, then each event written (with what it brought about)."""
    from tablelog.cli.render import written_lines

    for line in entry.lines:
        click.echo(line, err=entry.refused)
    if entry.data is not None:
        for line in written_lines(entry.data, status=False):
            click.echo(line)


def draw(recorder: Recorder, data: dict[str, Any] | None = None) -> None:
    """The table now, as everyone sees it (the recorder types for the whole table)."""
    from tablelog.cli.picture import print_picture
    from tablelog.cli.render import pretty

    table = recorder.table() if data is None else {**data}
    print_picture(table, pretty)


def _plain_lines() -> Iterator[str]:
    """Lines from a pipe, echoed after a prompt so a transcript reads like a session."""
    from tablelog.cli.streams import typed

    for raw in sys.stdin:
        line = typed(raw)  # as typed, in any locale (cli/streams.py)
        click.echo(f"> {line.rstrip()}")
        yield line.rstrip("\n")


def _enter_submits_a_chosen_move() -> Any:
    """Enter on a whole move chosen in the menu enters it: one Enter, not two (the menu's
    own Enter only closes it). A chosen step (anything ending in a space: a kind, a card,
    a player's name, ``note ``, ``? ``) is only taken, so the line goes on."""
    from prompt_toolkit.filters import completion_is_selected
    from prompt_toolkit.key_binding import KeyBindings

    bindings = KeyBindings()

    @bindings.add("enter", filter=completion_is_selected)
    def _(event: Any) -> None:
        buffer = event.current_buffer
        chosen = buffer.complete_state.current_completion
        buffer.complete_state = None  # the chosen text stays in the line
        if chosen is not None and not chosen.text.endswith(" "):
            buffer.validate_and_handle()

    return bindings


def _terminal_lines(recorder: Recorder) -> Iterable[str]:
    """Lines typed at a terminal, with completion and a bottom bar saying who acts."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion, ThreadedCompleter
    from prompt_toolkit.document import Document

    class Moves(Completer):
        def get_completions(self, document: Document, complete_event: Any) -> Iterator[Completion]:
            text = document.text_before_cursor
            for line in recorder.completions(text):
                yield Completion(line, start_position=-len(text))

    session: PromptSession[str] = PromptSession(
        completer=ThreadedCompleter(Moves()),
        complete_while_typing=True,
        key_bindings=_enter_submits_a_chosen_move(),
        bottom_toolbar=lambda: (
            f" game {recorder.game.id} · event {recorder.game.seq} · "
            f"{recorder.hint()} · ? CARD for a card's moves"
        ),
    )
    while True:
        try:
            yield session.prompt(f"game {recorder.game.id}> ")
        except KeyboardInterrupt:  # Ctrl-C clears the line, as in a shell
            continue
        except EOFError:
            return
