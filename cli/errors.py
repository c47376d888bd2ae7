"""How the CLI turns the project's errors into messages and exit statuses.

Exit status 0: done; 1: refused (an illegal move, a failed verification, a conflict);
2: bad usage or bad input (a garbled move, an unknown game, a malformed file). Only the
project's own errors are caught: a traceback means a bug in tablelog, not in the input.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import click

from ledger import ChainBroken, ConcurrencyConflict, DuplicateGame, LedgerError
from rules.errors import IllegalEvent, TablelogError

__all__ = ["REFUSED", "USAGE", "BadInput", "Refused", "friendly", "option_pairs"]

REFUSED = 1
USAGE = 2

_REFUSALS = (IllegalEvent, ConcurrencyConflict, ChainBroken, DuplicateGame)
_REFUSAL_NAMES = frozenset({"RefusedImport", "InvariantViolation"})
"""Refusals raised by modules a command imports only when it needs them (JSON Lines
import, the fuzz kit): named here so that importing this module stays cheap."""


class Refused(click.ClickException):
    """A command that was understood but refused: exit status 1."""

    exit_code = REFUSED


class BadInput(click.ClickException):
    """Input the command cannot use: exit status 2."""

    exit_code = USAGE


def option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``-o KEY=VALUE`` arguments as a dict; a pair without ``=`` is bad usage."""
    parsed: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadInput(f"an option is KEY=VALUE, not {pair!r}")
        parsed[key.strip()] = value.strip()
    return parsed


@contextmanager
def friendly() -> Iterator[None]:
    """Turn the project's errors into a one-line message and the right exit status."""
    try:
        yield
    except _REFUSALS as error:
        raise Refused(str(error)) from None
    except (TablelogError, LedgerError) as error:
        if any(c.__name__ in _REFUSAL_NAMES for c in type(error).__mro__):
            raise Refused(str(error)) from None
        raise BadInput(str(error)) from None
