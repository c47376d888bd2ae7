"""The table as a picture for people: ``show`` and ``record`` draw it from ``show_data``.

Each line is ``(label, text)`` in plain words: hands as counts (with the cards the
viewer may see), the trick with who played what, the last trick and who took it, piles
with their owners, the score, the trump as a suit symbol. Nothing of Python shows
through: no ``None``, no zone keys such as ``won:0``, no key printed twice; facts that
are empty are left out. Player names are data, never markup: the box is drawn with plain
characters (``cli.boxes``), without rich.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablelog.rules.cards import SUIT_SYMBOLS

__all__ = ["facts", "picture", "print_picture", "status_lines"]

Pretty = Callable[[str], str]

_SHOWN_ELSEWHERE = frozenset(
    {"to_play", "turn", "trick", "leader", "played", "piles", "teams", "upcards", "stock"}
)
"""Info keys drawn by their own line (or by the "to act" line), not as a plain fact."""

_SCORES = ("scores", "points")


def picture(data: Mapping[str, Any], pretty: Pretty) -> list[tuple[str, str]]:
    """The table ``data`` (from ``show_data``) as labelled lines of plain text."""
    players: Sequence[str] = data["players"]
    info: Mapping[str, Any] = data["info"]
    sides = _sides(info, players)
    lines: list[tuple[str, str]] = []
    zones = {z["name"]: z for z in data["zones"]}
    for zone in data["zones"]:
        label = _zone_label(zone["name"], players, sides)
        text = _zone_text(zone, pretty, hand=zone["name"].startswith("hand:"))
        if label == "trick":
            lines.append(_trick(zone, info, players, pretty))
        elif label == "table" and isinstance(info.get("piles"), list):
            continue  # drawn pile by pile below, with values and owners
        elif text is not None:
            lines.append((label, text))
    lines.extend(_last_trick(info, players, pretty))
    lines.extend(_piles(info.get("piles"), pretty))
    for key, value in info.items():
        if key in _SHOWN_ELSEWHERE and (key != "stock" or "stock" in zones):
            continue
        text = _fact(key, value, pretty)
        if text is None:
            continue
        label = _key_label(key)
        lines.append((label, text))
    return lines


def print_picture(data: Mapping[str, Any], pretty: Pretty, title: str | None = None) -> None:
    """Draw the table ``data`` on standard output, a box of plain lines (``cli.boxes``)."""
    import click

    from tablelog.cli.boxes import box, styled

    who = data["as"] or "everyone"
    heading = title or (
        f"game {data['game']} · {data['title']} · after event {data['seq']} · as {who}"
    )
    if data.get("table") is not None:
        from tablelog.cli.tablepicture import table_lines

        width = shutil.get_terminal_size((100, 24)).columns
        lines = [
            heading,
            "─" * min(len(heading), width),
            *table_lines(data["table"], pretty, width),
        ]
        click.echo("\n".join([*lines, *status_lines(data)]))
        return
    lines = box(heading, picture(data, pretty), bold=styled())
    click.echo("\n".join([*lines, *status_lines(data)]))


def status_lines(data: Mapping[str, Any]) -> list[str]:
    """Who acts (or the cards a physical table waits for, or the outcome) and the head."""
    lines: list[str] = []
    outcome = data["outcome"]
    if outcome is not None:
        lines.append(f"Over. Winners: {', '.join(outcome['winners'])}")
        lines.append(f"Scores: {_mapping(outcome.get('scores') or {}, str)}")
    elif data["chance"] and not data["seeded"]:
        lines.append(f"Waiting for the cards: {data['chance']}")
    elif data["to_act"]:
        lines.append(f"To act: {', '.join(data['to_act'])}")
    lines.append(f"head {data['head']}")
    return lines


def _sides(info: Mapping[str, Any], players: Sequence[str]) -> list[str]:
    """The sides' labels in side order (teams, else the keys of a score)."""
    teams = info.get("teams")
    if isinstance(teams, list) and teams:
        return [str(t) for t in teams]
    for key in ("sweeps", *_SCORES):
        value = info.get(key)
        if isinstance(value, Mapping) and value:
            return [str(k) for k in value]
    return list(players)


def _zone_label(name: str, players: Sequence[str], sides: Sequence[str]) -> str:
    """``hand:1`` → ``hand of Bo``, ``won:0`` → ``taken by Anna & Cai``, ``field:0:Sw``
    → ``field Sw of Anna``; other zone names as they are."""
    kind, _, rest = name.partition(":")
    owner, _, sub = rest.partition(":")
    if kind == "won" and owner.isdigit() and int(owner) < len(sides):
        return f"taken by {sides[int(owner)]}"
    if owner.isdigit() and int(owner) < len(players):
        return f"{kind}{f' {sub}' if sub else ''} of {players[int(owner)]}"
    if owner:
        return f"{kind}{f' {sub}' if sub else ''} of the {owner}"
    return kind


def _zone_text(zone: Mapping[str, Any], pretty: Pretty, *, hand: bool) -> str | None:
    cards = [pretty(c) for c in zone["cards"]]
    hidden = zone["hidden"]
    if not cards and not hidden:
        return "no cards" if hand else None
    count = len(cards) + hidden
    shown = (", " if any(" " in c for c in cards) else " ").join(cards)  # "spar 5, ruter 10"
    down = f"{hidden} face down" if hidden else ""
    if hand:
        what = ", ".join(p for p in (shown and f"{shown} seen", down) if p)
        return f"{count} card{'s' if count != 1 else ''}: {what}"
    return ", ".join(p for p in (shown, down) if p)


def _trick(
    zone: Mapping[str, Any], info: Mapping[str, Any], players: Sequence[str], pretty: Pretty
) -> tuple[str, str]:
    number = info.get("trick")
    label = f"trick {number}" if isinstance(number, int) else "trick"
    cards = [pretty(c) for c in zone["cards"]]
    leader = info.get("leader")
    if not cards:
        return label, f"{leader} to lead" if leader else "no cards yet"
    order = _order(leader, len(cards), players)
    return label, ", ".join(f"{n} {c}" if n else c for n, c in zip(order, cards, strict=True))


def _last_trick(
    info: Mapping[str, Any], players: Sequence[str], pretty: Pretty
) -> list[tuple[str, str]]:
    played = info.get("played")
    if not isinstance(played, list) or not played:
        return []
    last = played[-1]
    names = _order(last.get("leader"), len(last["cards"]), players)
    cards = [pretty(c) for c in last["cards"]]
    plays = ", ".join(f"{n} {c}" if n else c for n, c in zip(names, cards, strict=True))
    return [(f"last trick ({len(played)})", f"{plays} — {last['winner']} took it")]


def _order(leader: str | None, count: int, players: Sequence[str]) -> list[str | None]:
    """Who played each card of a trick led by ``leader``: seat order from the leader (the
    order tricks go round in the trick-taking games), or nobody when it is unknown."""
    if leader not in players:
        return [None] * count
    first = players.index(leader)
    return [players[(first + i) % len(players)] for i in range(count)]


def _piles(piles: Any, pretty: Pretty) -> list[tuple[str, str]]:
    if not isinstance(piles, list):
        return []
    if not piles:
        return [("piles", "the table is empty")]
    lines = []
    for pile in piles:
        label = " ".join(pretty(w) for w in str(pile["label"]).split(" "))
        owner = f", built by {pile['owner']}" if pile.get("owner") else ""
        lines.append((f"pile #{pile['pile']}", f"{label}{owner}"))
    return lines


def facts(info: Mapping[str, Any], keys: Sequence[str], pretty: Pretty) -> str:
    """The facts ``keys`` of ``info`` on one line (``trump ♦ · to play Bo · ...``),
    leaving out those with nothing to say."""
    said = ((k, _fact(k, info[k], pretty)) for k in keys if k in info)
    return " · ".join(f"{_key_label(k)} {text}" for k, text in said if text is not None)


def _key_label(key: str) -> str:
    return key.replace("_", " ")


def _fact(key: str, value: Any, pretty: Pretty) -> str | None:
    """One fact in words, or ``None`` when there is nothing to say."""
    if value is None or value == "" or value == [] or value == {} or value is False:
        return None
    if key == "trump" and isinstance(value, str):  # a suit: its symbol, or its name in --lang
        named = pretty(f"2{value}")  # "ruter 2", "2 of Diamonds", or "2♦"
        if named.endswith(" 2"):
            return named[:-2]
        return named[5:] if named.startswith("2 of ") else SUIT_SYMBOLS.get(value, value)
    if value is True:
        return "yes"
    if isinstance(value, Mapping):
        return _mapping(value, pretty)
    if isinstance(value, list | tuple):
        return ", ".join(str(_fact(key, v, pretty) or "—") for v in value)
    return pretty(str(value)) if isinstance(value, str) else str(value)


def _mapping(value: Mapping[str, Any], pretty: Pretty) -> str:
    """``key value · key value``: each value as a fact (a list as its items, never its
    Python form; an empty one as "—"; ``False`` as "no", beside ``True``'s "yes")."""
    parts = []
    for k, v in value.items():
        shown = "no" if v is False else _fact(k, v, pretty)
        parts.append(f"{k} {shown if shown is not None else '—'}")
    return " · ".join(parts)
