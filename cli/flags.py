"""Options every command shares, wherever the person types them.

``--json`` may stand before the command (``tablelog --json list``) or after it
(``tablelog list --json``): the group keeps the first, and each command's own flag reads
it. ``--db`` and ``--lang`` belong to the group; typed after a command, they are answered
with a sentence naming where they go (``Guarded.invoke``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

__all__ = ["GROUP_OPTIONS", "json_flag", "misplaced"]

GROUP_OPTIONS = ("--db", "--lang", "--version")
"""Options of ``tablelog`` itself, which go before the command."""


def _or_group(ctx: click.Context, _: click.Parameter, value: bool) -> bool:
    """A command's ``--json``, or the group's when it was typed before the command."""
    return bool(value) or bool(getattr(ctx.find_root().obj, "json", False))


def json_flag(help: str = "Print JSON instead of tables.") -> Callable[[Any], Any]:
    """A command's ``--json`` flag (also on when ``tablelog --json COMMAND`` was typed)."""
    return click.option("--json", "as_json", is_flag=True, callback=_or_group, help=help)


def misplaced(error: click.NoSuchOption, command: str | None) -> click.UsageError | None:
    """A sentence for a group option typed after the command, or ``None``."""
    name = error.option_name
    if name not in GROUP_OPTIONS:
        return None
    where = f"tablelog {name} … {command or 'COMMAND'}"
    return click.UsageError(
        f"{name} is an option of tablelog itself: put it before the command ({where} …)",
        error.ctx,
    )
