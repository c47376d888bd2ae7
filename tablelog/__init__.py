"""tablelog: record card games as immutable event logs, replay them, fuzz rule sets.

The one import namespace of the distribution. Its four layers live in the repository's
top-level folders, mapped here by ``pyproject.toml``'s ``package-dir`` (the links beside
this file do the same for a checkout, so mypy and a bare ``python`` see one tree)::

    tablelog.cli  →  tablelog.replay  →  (tablelog.ledger, tablelog.rules)
"""
