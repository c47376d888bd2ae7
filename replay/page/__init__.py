"""The HTML replay page of one game: one self-contained file to step through at the table.

``render_page(game)`` returns the page: inline CSS and JavaScript (``page.css``,
``page.js``, ``page.html`` in this package, after ``table.css`` and ``table.js``: the
drawing of a typed table that ``tablelog serve``'s phone page loads too) and the game's
frames as JSON (``replay.page.frames``). No network, no build step: open the file in a
browser and step with the arrow keys or the slider. The page is made for one viewer
(everyone, one seat); a page of every seat, to switch between them, is made only on
request (``--all-seats``) and says so at its top. A game's variations (its forks) come
with it: at the event a variation branches from, the move list offers it, and stepping on
follows its line.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from importlib.resources import files
from typing import IO

from tablelog.ledger import LedgerStore
from tablelog.replay.games import Games, LoadedGame
from tablelog.replay.gate import EVERYONE, Viewer
from tablelog.replay.page.frames import StillPlaying, page_data
from tablelog.replay.summary import Filters, results

__all__ = ["StillPlaying", "asset", "page_data", "render_page", "write_page"]


def write_page(
    ledger: LedgerStore, game: int, out: IO[str], viewer: Viewer | str | None = None
) -> None:
    """Write the replay page of game number ``game`` for ``viewer`` (default everyone; a
    name as ``--as`` takes it) to ``out`` (``export GAME --format html``; a set of games
    gets the match report instead)."""
    from tablelog.replay.inspect import viewer_named

    games = Games(ledger)
    loaded = games.load(game)
    seen = viewer if isinstance(viewer, Viewer) else viewer_named(loaded, viewer)
    out.write(render_page(loaded, seen, variations_of(ledger, loaded)))


def variations_of(ledger: LedgerStore, game: LoadedGame) -> list[LoadedGame]:
    """The variations of ``game`` (its forks: games replayed from one of its events), by the
    event they branch at, then by number. Only its own: a variation of a variation is on
    that variation's page."""
    uid = game.record.uid
    games = Games(ledger)
    found = [
        games.load(result.game)
        for result in results(ledger, Filters(variations=True))
        if result.data.get("variation_of") == uid
    ]
    return sorted(found, key=lambda v: (v.header.fork_at or 0, v.id))


def asset(name: str) -> str:
    """One of this package's files (``table.js``, ``table.css``: the shared drawing)."""
    return files(__name__).joinpath(name).read_text(encoding="utf-8")


def _script_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``</`` to end it early)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def render_page(
    game: LoadedGame, viewer: Viewer = EVERYONE, variations: Sequence[LoadedGame] = ()
) -> str:
    """The replay page of ``game`` for ``viewer``, as one HTML document; ``variations``
    (forks of the game) are offered at the event they branch from. A page of every seat
    is made only of a game that is over (``StillPlaying`` otherwise)."""
    data = page_data(game, viewer, variations)
    players = ", ".join(game.header.players)
    seen = viewer.label(game.header.players)
    title = html.escape(f"Game {game.id} · {game.rules.title} · {players} · {seen}")
    page = asset("page.html")
    banner = (
        '<p id="allseats" class="warning">Every seat\'s cards are in this page: it was made'
        " with --all-seats, to look back on a finished game. Choose whose view to see.</p>"
        if viewer.every_seat
        else ""
    )
    # the data goes in last, so nothing in it is taken for a placeholder
    for key, value in (
        ("__TITLE__", title),
        ("__BANNER__", banner),
        ("__CSS__", asset("table.css") + asset("page.css")),
        ("__JS__", asset("table.js") + asset("page.js")),
    ):
        page = page.replace(key, value)
    return page.replace("__DATA__", _script_json(data))
