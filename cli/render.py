"""Printing for people (rich tables) and for programs (``--json``), from the same data.

rich is imported by the printers that draw tables, not by this module: ``play`` prints
plain lines and never pays for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

from tablelog.cli.streams import unicode_ok
from tablelog.cli.tablepicture import table_summary
from tablelog.rules.cards import parse_card
from tablelog.rules.errors import NotationError
from tablelog.rules.protocol import OptionSpec, RuleSet

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

__all__ = [
    "console",
    "emit_json",
    "emit_json_rows",
    "print_games",
    "print_log",
    "print_moves",
    "print_replay",
    "print_show",
    "print_verification",
    "print_written",
    "set_language",
    "written_lines",
]


def console() -> Console:
    """A console on the current standard output."""
    from rich.console import Console

    class Quiet(Console):
        def on_broken_pipe(self) -> None:
            """The reader went away: say so to the command (rich would exit with 1)."""
            raise BrokenPipeError

    return Quiet(highlight=False, soft_wrap=True)


def new_table(**kwargs: Any) -> Table:
    """A rich table (rich imported on first use)."""
    from rich.table import Table

    return Table(**kwargs)


def escape(text: str) -> str:
    """``text`` as data, never markup."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def option_data(spec: OptionSpec) -> dict[str, Any]:
    """An option as plain data (a computed default as its rule in words)."""
    default = spec.default if isinstance(spec.default, bool | int | str) else str(spec.default)
    return {
        "name": spec.name,
        "default": default,
        "help": spec.help,
        "choices": list(spec.choices),
        "minimum": spec.minimum,
        "maximum": spec.maximum,
    }


def emit_json(data: Any) -> None:
    """``data`` as JSON on standard output."""
    from tablelog.cli.jsontext import json_text  # json is loaded only when JSON is printed

    click.echo(json_text(data, ascii_only=not unicode_ok()))


def emit_json_rows(key: str, rows: Iterable[Any]) -> int:
    """``{key: [rows...], "count": n}`` as JSON on standard output, each row written as it
    comes (laid out as ``emit_json`` lays it out), so a long list is never held; returns n."""
    import json

    from tablelog.cli.jsontext import json_text

    click.echo(f"{{\n  {json.dumps(key)}: [", nl=False)
    count = 0
    plain = not unicode_ok()
    for row in rows:
        text = json_text(row, ascii_only=plain)
        # indented as textwrap.indent would (no line of indented JSON is blank), cheaper
        click.echo(("," if count else "") + "\n    " + text.replace("\n", "\n    "), nl=False)
        count += 1
    click.echo(("\n  " if count else "") + f'],\n  "count": {count}\n}}')
    return count


_LANGUAGE: list[str | None] = [None]


def set_language(lang: str | None) -> None:
    """Write cards in the words of ``lang`` (``nb``, ``da``, ``sv``, ``de``, ``en``) in
    everything printed for people from now on; ``None``: as symbols (``7♥``)."""
    _LANGUAGE[0] = lang


def pretty(text: str) -> str:
    """A card's text with its suit symbol (``7H`` → ``7♥``), or in the words of the
    language chosen with ``--lang`` (``hjerter 7``); other text unchanged."""
    try:
        card = parse_card(text)
    except NotationError:
        return text
    lang = _LANGUAGE[0]
    if lang is None:
        return card.pretty
    from tablelog.rules.native import name

    return name(card, lang)


def print_games(rulesets: Sequence[RuleSet]) -> None:
    """The rule sets and their options."""
    table = new_table(title="Rule sets")
    for column in ("name", "game", "players", "options"):
        table.add_column(column)
    for rules in rulesets:
        low, high = rules.seats
        seats = str(low) if low == high else f"{low}-{high}"
        options = "\n".join(f"{o.name}={o.default}  {o.help}" for o in rules.options)
        table.add_row(escape(rules.name), escape(rules.title), seats, escape(options))
    console().print(table)


def print_show(data: Mapping[str, Any]) -> None:
    """The table at one moment, as one seat (or everyone) saw it: a picture, not a dump."""
    from tablelog.cli.picture import print_picture

    print_picture(data, pretty)


def _move_note(move: Mapping[str, Any]) -> str:
    """What a listed move adds: a chance step's hint, or what the player says aloud."""
    note = f"chance step — {move['hint']}" if move.get("chance") else ""
    if move.get("says"):
        note += f"“{move['says']}”"
    return note


def print_moves(data: Mapping[str, Any]) -> None:
    """The legal moves grouped by kind and card, each as the text ``play`` accepts: a
    plain table (``cli.boxes``, without rich: ``moves`` runs at every turn)."""
    from tablelog.cli.boxes import grid

    if data["over"]:
        click.echo(f"game {data['game']} is over: no more moves")
        return
    if not data["moves"]:
        click.echo(f"game {data['game']}: no legal move matches (try without --card or --kind)")
        return
    notes = [_move_note(move) for move in data["moves"]]
    headings = ["kind", "card", "type this", "who", *(("note",) if any(notes) else ())]
    rows = []
    last: tuple[Any, Any] | None = None
    for move, note in zip(data["moves"], notes, strict=True):
        group = (move["type"], move.get("card"))
        kind, card = ("", "") if group == last else (move["type"], pretty(move.get("card") or ""))
        last = group
        actor = move["actor"] or "the table"
        rows.append([kind, card, move["notation"], actor, *((note,) if any(notes) else ())])
    lines = grid(f"game {data['game']}: {data['heading']}", headings, rows)
    if not data.get("complete", True):
        total = data.get("count")
        of = f"of {total} " if total is not None else ""
        lines.append(
            f"showing the first {sum(not m.get('chance') for m in data['moves'])} moves {of}"
            "— narrow with --card, --kind or --player, or raise --limit"
        )
    click.echo("\n".join(lines))


def print_log(data: Mapping[str, Any]) -> None:
    """The whole log, undone events struck through."""
    table = new_table(title=f"game {data['game']}: log")
    for column in ("seq", "who", "event", "recorded", "hash"):
        table.add_column(column)
    for row in data["events"]:
        text = escape(" ".join(pretty(part) for part in row["notation"].split(" ")))
        if not row["effective"]:
            text = f"[strike]{text}[/strike] (undone)"
        text += "".join(f"\n[italic]{escape(line)}[/italic]" for line in row.get("happened", ()))
        table.add_row(
            str(row["seq"]),
            escape(row["actor"] or "—"),
            text,
            escape(row["recorded_at"] or ""),
            escape(str(row["hash"])),
        )
    console().print(table)


def print_replay(data: Mapping[str, Any]) -> None:
    """The log up to a point, each event with the public table after it."""
    out = console()
    for row in data["events"]:
        who = row["actor"] or "table"
        out.print(f"[bold]{row['seq']:>4}[/bold] {escape(f'{who:>8}')}  {escape(row['notation'])}")
        for line in row.get("happened", ()):
            out.print(f"{'':>14}[italic]{escape(line)}[/italic]")
        summary = table_summary(row["table"]) if row.get("table") else ""
        if summary:
            out.print(f"{'':>14}[dim]{escape(summary)}[/dim]")


def print_verification(name: str, data: Mapping[str, Any]) -> None:
    """A verification's verdict and its problems, first one first."""
    out = console()
    if data["ok"]:
        out.print(escape(f"{name}: ok, {data['events']} events, head {data['head']}"))
        if data.get("not_covered"):
            out.print(escape(f"  {not_covered_line(data['not_covered'])}"))
        return
    out.print(f"{escape(name)}: [bold red]FAILED[/bold red] ({data['events']} events)")
    for problem in data["problems"]:
        out.print(f"  {escape(str(problem))}")


def not_covered_line(fields: Sequence[str]) -> str:
    """The sentence ``verify`` adds about what no hash covers."""
    words = {"created": "created (the date the game was started)"}
    named = ", ".join(words.get(f, f) for f in fields)
    return f"not covered by the hash chain, so an edit of it is not found: {named}"


def print_written(data: Mapping[str, Any]) -> None:
    """What ``play`` wrote and what happens next (plain lines: no table to draw)."""
    for line in written_lines(data):
        click.echo(line)


def written_lines(data: Mapping[str, Any], *, status: bool = True) -> list[str]:
    """Each event written (with the trick or deal it ended), then who is next and the
    head hash (``status``)."""
    from tablelog.rules.names import named_move

    lines = []
    for row in data["written"]:
        words = named_move(row["notation"], row["actor"]).split(" ")
        text = " ".join(pretty(part) for part in words)
        says = f" — “{row['says']}”" if row.get("says") else ""
        again = " (already recorded: this retry wrote nothing)" if data.get("retried") else ""
        lines.append(f"game {data['game']} event {row['seq']}: {text}{says}{again}")
        lines.extend(f"  {line}" for line in row.get("happened", ()))
    if not status:
        return lines
    if data["outcome"] is not None:
        lines.append(f"Game over. Winners: {', '.join(data['outcome']['winners'])}")
    elif data["to_act"]:
        lines.append(f"Next: {', '.join(data['to_act'])}")
    elif data["chance"]:
        lines.append(f"Next: the cards — {data['chance']}")
    lines.append(f"head {data['head']}")
    return lines
