"""The table as a picture for people: ``show`` and ``record`` draw it from ``show_data``.

The picture is the typed table (``show --json``'s ``table``, ``rules.tableview``) drawn by
``cli.tablepicture``: seats round the centre, the same for every game, read from the typed
fields and never from a game's facts by key name. Under it: who acts (or the cards a
physical table waits for, or the outcome) and the head hash. Player names are data, never
markup: plain characters, without rich.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["print_picture", "status_lines"]

Pretty = Callable[[str], str]


def print_picture(data: Mapping[str, Any], pretty: Pretty, title: str | None = None) -> None:
    """Draw the table ``data`` on standard output: a heading, the table, who acts."""
    import click

    from tablelog.cli.boxes import columns_of_terminal
    from tablelog.cli.tablepicture import table_lines

    who = data["as"] or "everyone"
    heading = title or (
        f"game {data['game']} · {data['title']} · after event {data['seq']} · as {who}"
    )
    width = columns_of_terminal(100)
    lines = [heading, "─" * min(len(heading), width)]
    if data.get("table") is not None:
        lines.extend(table_lines(data["table"], pretty, width))
    click.echo("\n".join([*lines, *status_lines(data)]))


def status_lines(data: Mapping[str, Any]) -> list[str]:
    """Who acts (or the cards a physical table waits for, or the outcome) and the head."""
    lines: list[str] = []
    outcome = data["outcome"]
    if outcome is not None:
        lines.append(f"Over. Winners: {', '.join(outcome['winners'])}")
        scores = outcome.get("scores") or {}
        lines.append(f"Scores: {' · '.join(f'{k} {v}' for k, v in scores.items())}")
    elif data["chance"] and not data["seeded"]:
        lines.append(f"Waiting for the cards: {data['chance']}")
    elif data["to_act"]:
        lines.append(f"To act: {', '.join(data['to_act'])}")
    lines.append(f"head {data['head']}")
    return lines
