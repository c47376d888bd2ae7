"""How the CLI turns errors into messages and exit statuses.

Exit status 0: done; 1: refused (an illegal move, a failed verification, tampering found,
a stale or conflicting write, a storage fault: the command was understood and nothing was
written); 2: bad input (a garbled move, an unknown game or player, a malformed file, a bad
option); 3: an internal error, a bug in tablelog. Under ``--json`` an error is printed as
``{"error": SENTENCE, "kind": KIND, "exit": STATUS}`` on standard output, so a program
reads one stream; the exit status is the same.

What an error means is its type alone: every error tablelog raises on purpose is one of the
three kinds of ``tablelog.errors`` (``Refusal``: 1, ``InvalidInput``: 2, ``StorageError``:
1, "nothing was written"), and ``classify`` maps those three roots, nothing else, so
renaming a class changes nothing. ``friendly`` turns them into click's errors inside a
command; ``Guarded``, the group every command runs in, catches the same three roots and
reports anything else as an internal error in one line (exit status 3), never as a
traceback. The tests look for inputs that reach it: each is a bug.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

from tablelog.errors import InvalidInput, Refusal, StorageError

__all__ = [
    "INTERNAL",
    "PROJECT_ERRORS",
    "REFUSED",
    "USAGE",
    "BadInput",
    "Guarded",
    "Refused",
    "exit_status",
    "friendly",
    "option_pairs",
]

REFUSED = 1
USAGE = 2
INTERNAL = 3

PROJECT_ERRORS = (Refusal, InvalidInput, StorageError)
"""The project's error roots: the only errors a command turns into a sentence."""


class Refused(click.ClickException):
    """A command that was understood but refused: exit status 1."""

    exit_code = REFUSED
    kind = "refused"


class BadInput(click.ClickException):
    """Input the command cannot use: exit status 2."""

    exit_code = USAGE
    kind = "bad-input"


class StorageRefused(Refused):
    """The database could not be read or written (read-only, full, locked, damaged)."""

    kind = "storage"


def option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``-o KEY=VALUE`` arguments as a dict; a pair without ``=`` is bad usage."""
    parsed: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadInput(f"an option is KEY=VALUE, not {pair!r}")
        parsed[key.strip()] = value.strip()
    return parsed


MAX_MESSAGE = 600
"""An error message is cut to this many characters (it may quote what was typed)."""


def classify(error: BaseException) -> Refused | BadInput | None:
    """The CLI error for one of the project's errors (``None`` for anything else)."""
    mapped = _classify(error)
    if mapped is not None and len(mapped.message) > MAX_MESSAGE:
        return type(mapped)(mapped.message[: MAX_MESSAGE - 1] + "…")
    return mapped


NOTHING_WRITTEN = ("nothing was written", "left it untouched", "nothing was changed")
"""How a storage fault's sentence says that nothing was written (else the CLI says it)."""


def _classify(error: BaseException) -> Refused | BadInput | None:
    if isinstance(error, StorageError):
        message = str(error)
        if not any(said in message for said in NOTHING_WRITTEN):
            message = f"{message}; nothing was written"
        return StorageRefused(message)
    if isinstance(error, Refusal):
        return Refused(str(error))
    if isinstance(error, InvalidInput):
        return BadInput(str(error))
    return None


def exit_status(error: BaseException) -> int:
    """The exit status a command ends with for ``error``: 1, 2, or 3 (internal)."""
    mapped = _classify(error)
    return INTERNAL if mapped is None else mapped.exit_code


@contextmanager
def friendly() -> Iterator[None]:
    """Turn the project's errors into a one-line message and the right exit status."""
    try:
        yield
    except PROJECT_ERRORS as error:
        mapped = classify(error)
        assert mapped is not None
        raise mapped from None


class Guarded(click.Group):
    """A click group that never lets a traceback out, and answers in JSON under ``--json``.

    Commands written in modules of their own are named in ``lazy`` (name → "module:attr")
    and imported only when asked for, so a command pays only for its own imports (click's
    lazy-group recipe); ``--help`` lists them all.
    """

    lazy: dict[str, str] = {}  # noqa: RUF012  (set once, on the one group, in cli.main)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command, the lazy ones too, sorted."""
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, importing its module if it is a lazy one."""
        if cmd_name not in self.commands and cmd_name in self.lazy:
            import importlib

            module, _, attr = self.lazy[cmd_name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attr), cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; errors become one line (or one JSON object) and a status."""
        args = [*getattr(ctx, "_protected_args", ()), *ctx.args]
        as_json = "--json" in args[: args.index("--")] if "--" in args else "--json" in args
        as_json = as_json or bool(ctx.params.get("as_json"))  # `tablelog --json COMMAND`
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:  # the reader went away (`| head`): quietly, as SIGPIPE would
            from tablelog.cli.streams import SIGPIPE_STATUS, quiet_broken_pipe

            quiet_broken_pipe()
            raise click.exceptions.Exit(SIGPIPE_STATUS) from None
        except click.NoSuchOption as error:
            from tablelog.cli.flags import misplaced

            command = args[0] if args else None
            better = _dashed_move(error, command, args) or misplaced(error, command)
            if better is None:
                raise
            if as_json:
                _emit(better.format_message(), "bad-input", better.exit_code)
            raise better from None
        except click.MissingParameter as error:
            missing = _missing_game(error, args[0] if args else None)
            if missing is None and not as_json:
                raise
            answer = missing or error
            if as_json:
                _emit(answer.format_message(), "bad-input", answer.exit_code)
            raise answer from None
        except click.ClickException as error:
            if not as_json:
                raise
            _emit(error.format_message(), getattr(error, "kind", "bad-input"), error.exit_code)
        except PROJECT_ERRORS as error:
            mapped = classify(error)
            assert mapped is not None
            if not as_json:
                raise mapped from None
            _emit(mapped.format_message(), mapped.kind, mapped.exit_code)
        except Exception as error:  # the last resort: a bug, reported in one line
            message = (
                f"internal error ({type(error).__name__}: {_short(error)}); this is a bug in"
                " tablelog, please report it with the command that caused it"
            )
            if as_json:
                _emit(message, "internal", INTERNAL)
            click.echo(f"Error: {message}", err=True)
            raise click.exceptions.Exit(INTERNAL) from None


def _dashed_move(
    error: click.NoSuchOption, command: str | None, args: Sequence[str]
) -> BadInput | None:
    """A sentence for an argument that starts with '-' (``tablelog play 1 -5H``, ``tablelog
    show -1``), which click reads as an unknown option (``-5``), or ``None``: what it is
    not, and how to type it (after ``--``, which ends the options)."""
    name = error.option_name
    if command is None or not name.startswith("-") or name.startswith("--"):
        return None
    typed = next((arg for arg in args[1:] if arg.startswith(name)), name)
    if command == "play":
        game = args[1] if len(args) > 1 and not args[1].startswith("-") else "GAME"
        return BadInput(
            f"{typed} is neither a move nor an option of play: a move never starts with '-'"
            f" (did you mean {typed.lstrip('-') or 'a card such as 7H'}?); words that do, as"
            f" a note's, go after --: tablelog play {game} -- note {typed}"
        )
    params = error.ctx.command.params if error.ctx is not None else ()
    before = list(args[1 : args.index(typed)]) if typed in args else []
    if _arguments_left(params, before) == 0:  # after --, it would be one argument too many
        return BadInput(f"{typed} is not an option of {command} (tablelog {command} --help)")
    return BadInput(
        f"{typed} is not an option of {command}: an argument that starts with '-' goes"
        f" after -- ({' '.join(['tablelog', command, *before, '--', typed])})"
    )


def _arguments_left(params: Sequence[click.Parameter], before: Sequence[str]) -> int:
    """How many more arguments a command takes after the words ``before`` (its options and
    their values skipped); -1: any number."""
    arguments = [p for p in params if isinstance(p, click.Argument)]
    if any(p.nargs < 0 for p in arguments):
        return -1
    valued = {name for p in params if isinstance(p, click.Option) and not p.is_flag
              for name in p.opts}  # fmt: skip
    given, words = 0, iter(before)
    for word in words:
        if word in valued:
            next(words, None)
        elif not word.startswith("-"):
            given += 1
    return max(sum(p.nargs for p in arguments) - given, 0)


def _missing_game(error: click.MissingParameter, command: str | None) -> BadInput | None:
    """One sentence for a command that names no GAME (``tablelog show``): every command
    on one game takes its number, or ``last`` for the newest, and none guesses it."""
    if error.param is None or error.param.name != "game" or command is None:
        return None
    rest = " MOVE" if command == "play" else ""
    return BadInput(
        f"name the game: its number, or last for the newest (tablelog {command} last{rest})"
    )


def _short(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else ""
    return text if len(text) <= 200 else text[:200] + "…"


def _emit(message: str, kind: str, status: int) -> None:
    """An error as JSON on standard output, then the exit status."""
    import json

    from tablelog.cli.streams import unicode_ok

    data = {"error": message, "kind": kind, "exit": status}
    click.echo(json.dumps(data, ensure_ascii=not unicode_ok()))
    raise click.exceptions.Exit(status)
