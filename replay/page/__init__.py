"""The HTML replay page of one game: one self-contained file to step through at the table.

``render_page(game)`` returns the page: inline CSS and JavaScript (``page.css``,
``page.js``, ``page.html`` in this package) and the game's frames as JSON
(``replay.page.frames``). No network, no build step: open the file in a browser and step
with the arrow keys or the slider; choose a player to see the table as that player saw it.
"""

from __future__ import annotations

import html
import json
from importlib.resources import files
from typing import IO

from tablelog.ledger import LedgerStore
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.page.frames import page_data

__all__ = ["page_data", "render_page", "write_page"]


def write_page(ledger: LedgerStore, game: int, out: IO[str]) -> None:
    """Write the replay page of game number ``game`` to ``out`` (``export GAME --format
    html``; a set of games gets the match report instead)."""
    out.write(render_page(Games(ledger).load(game)))


def _asset(name: str) -> str:
    return files(__name__).joinpath(name).read_text(encoding="utf-8")


def _script_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``</`` to end it early)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def render_page(game: LoadedGame) -> str:
    """The replay page of ``game``, as one HTML document."""
    data = page_data(game)
    title = html.escape(f"Game {game.id} · {game.rules.title} · {', '.join(game.header.players)}")
    page = _asset("page.html")
    # the data goes in last, so nothing in it is taken for a placeholder
    for key, value in (
        ("__TITLE__", title),
        ("__CSS__", _asset("page.css")),
        ("__JS__", _asset("page.js")),
    ):
        page = page.replace(key, value)
    return page.replace("__DATA__", _script_json(data))
