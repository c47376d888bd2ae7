"""One viewer's copy of games as JSON Lines (``export --format jsonl --as NAME``).

The lossless JSON Lines file (``replay.jsonl``) is the whole record, for ``import``; a
viewer's copy holds only what its viewer saw, the whole file: a header line with the
game's public facts (never the seed, which would deal every card again) and ``"view"``
naming the viewer, then one line per event as that viewer saw it (``replay.gate``): its
payload with each card they did not see blank (``null``, or counted in ``unseen``), its
notation, what was said, whether it is still in effect and what it made happen. No hash:
a hash over a hidden card would let a reader try each card until one fits. ``import``
refuses such a file (``ViewerCopy``): it cannot reproduce the game.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

from tablelog.replay.export import History

__all__ = ["VIEW_KEY", "viewer_lines", "write_viewer_jsonl"]

VIEW_KEY = "view"
"""The header field that makes a file a viewer's copy (``import`` refuses it)."""


def viewer_lines(history: History) -> Iterable[str]:
    """The lines of one game as its viewer saw it (no trailing newlines)."""
    game, viewer = history.game, history.viewer
    header = game.header
    line: dict[str, Any] = {
        "format": "tablelog",
        "version": 1,
        VIEW_KEY: viewer.name(header.players),
        "rules": header.rules,
        "rules_version": header.rules_version,
        "options": dict(sorted(header.options.items())),
        "players": list(header.players),
        "dealer": header.dealer,
        "seeded": game.seeded,
        "uid": game.record.uid,
        "created": game.record.created,
        "events": len(history.events),
    }
    yield _dumps(line)
    for row in history.events:
        event: dict[str, Any] = {
            "seq": row.seq,
            "type": row.type,
            "actor": row.actor,
            "notation": row.notation,
            "effective": row.effective,
            "recorded_at": row.recorded_at,
            "payload": dict(row.payload),
        }
        if row.says:
            event["says"] = row.says
        if row.news:
            event["news"] = list(row.news)
        yield _dumps(event)


def write_viewer_jsonl(histories: Iterable[History], out: IO[str]) -> int:
    """Write each game of ``histories`` as its viewer saw it; the number of games."""
    count = 0
    for history in histories:
        for line in viewer_lines(history):
            out.write(line + "\n")
        count += 1
    return count


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
