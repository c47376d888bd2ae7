"""The project's error roots: every error tablelog raises on purpose is one of three kinds.

- ``Refusal``: understood, and refused (an illegal move or event, a stale write or a
  concurrency conflict, a tampered log or a broken chain, a refused import, a retry that
  differs, a broken invariant). A command exits with status 1.
- ``InvalidInput``: input that cannot be used (a garbled move, an unknown game, player or
  rule set, a malformed file, a bad option). A command exits with status 2.
- ``StorageError``: the database could not be read or written (read-only, full, locked,
  damaged, unreachable); nothing was written. A command exits with status 1.

``TablelogError`` is their common base. Every concrete error class of the project derives
from exactly one of the three kinds (often with a builtin mixed in, ``ValueError`` or
``LookupError``, so callers may catch either); a command maps an error to its exit status
by these types alone (``tablelog.cli.errors``), never by a class's name, and
``tests/test_errors.py`` proves it for every class.

A leaf: it imports nothing of tablelog, and it is the one module every layer
(``rules``, ``ledger``, ``replay``, ``cli``) may import (``tests/test_layering.py``), since
``ledger/`` and ``rules/`` may not import each other.
"""

from __future__ import annotations

__all__ = ["InvalidInput", "Refusal", "StorageError", "TablelogError"]


class TablelogError(Exception):
    """Root of every error tablelog raises on purpose; its message is a sentence a person
    can act on. Never raised itself: an error is one of the three kinds below."""


class Refusal(TablelogError):
    """Understood, and refused: nothing was written. Exit status 1."""


class InvalidInput(TablelogError):
    """Input that cannot be used: nothing was written. Exit status 2."""


class StorageError(TablelogError):
    """The database could not be read or written; nothing was written. Exit status 1."""
