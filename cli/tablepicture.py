"""The typed table (``show --json``'s ``table``) drawn in the terminal, seats round the
centre: the viewer (or the first seat, for everyone) at the bottom, the others round the
table in seat order (left, across, right), the trick or pile in the middle with who laid
each card, the last trick, the piles with their values, Narrespillet's battlefields.

Plain text only: a player's name is data, never markup. Read from the typed table's
fields, the same for every game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["table_lines", "table_summary"]

Pretty = Callable[[str], str]
WIDTH = 26


def table_lines(table: Mapping[str, Any], pretty: Pretty, width: int = 100) -> list[str]:
    """The table as lines of text, at most about ``width`` columns wide."""
    seats = list(table["seats"])
    players = [s for s in seats if s["seat"] is not None]
    extra = [s for s in seats if s["seat"] is None]  # not a player (the Demons): beside
    start = next((i for i, s in enumerate(players) if s["own"]), 0)
    ring = players[start:] + players[:start]
    bottom, others = ring[:1], ring[1:]
    side = 1 if len(others) == 2 else len(others) // 3
    left, right = others[:side], others[len(others) - side :] if side else []
    top = list(others[side : len(others) - side] if side else others)
    if table.get("clockwise", True):
        top.reverse()  # across the table, seen from the bottom: right to left in seat order
    else:
        left, right = right, left
    turn = set(table["turn"])
    cell = max(WIDTH, (width - 4) // 3)

    def block(group: Sequence[Mapping[str, Any]]) -> list[str]:
        lines: list[str] = []
        for seat in group:
            lines.extend(_seat(seat, pretty, seat["name"] in turn, cell))
        return lines

    middle = _centre(table, pretty, cell)
    out: list[str] = []
    if top:
        out.extend(_row([[], _join_across(top, pretty, turn, cell), []], cell))
        out.append("")
    out.extend(_row([block(left), middle, block(right)], cell))
    out.append("")
    out.extend(_row([[], block(bottom), []], cell))
    scores = " · ".join(f"{side} {value}" for side, value in table["scores"])
    if scores:
        out.append("")
        out.extend(_wrap(f"score: {scores}", width))
    for seat in extra:
        out.append("")
        out.extend(_seat(seat, pretty, seat["name"] in turn, width))
    for claim in table.get("claims") or ():
        out.extend(_wrap(f"claim: {claim}", width))
    fields = table.get("fields") or []
    if fields:
        out.append("")
        out.extend(_fields(fields, pretty, width))
    return out


def table_summary(table: Mapping[str, Any]) -> str:
    """The table's facts on one line (``trump ♦ · deal 1 · to act Bo · Anna & Cai 3
    trick(s)``), as ``replay`` prints under each event."""
    parts = [f"{label} {value}" for label, value in table["facts"]]
    if table["turn"]:
        parts.append(f"to act {', '.join(table['turn'])}")
    parts.extend(f"{side} {value}" for side, value in table["scores"])
    return " · ".join(parts)


def _join_across(
    group: Sequence[Mapping[str, Any]], pretty: Pretty, turn: set[str], cell: int
) -> list[str]:
    lines: list[str] = []
    for seat in group:
        lines.extend(_seat(seat, pretty, seat["name"] in turn, cell))
    return lines


def _cards(place: Mapping[str, Any], pretty: Pretty) -> str:
    if place.get("slots") is not None:
        return " ".join(
            "·" if s is None else ("▮" if s == "?" else pretty(s)) for s in place["slots"]
        )
    faces = " ".join(pretty(c) for c in place["known"])
    hidden = place["hidden"]
    backs = f"{'▮' * min(hidden, 8)}{f' +{hidden - 8}' if hidden > 8 else ''}"
    text = " ".join(part for part in (faces, backs) if part)
    return text or "—"


def _seat(seat: Mapping[str, Any], pretty: Pretty, acts: bool, cell: int) -> list[str]:
    name = seat["name"] + (" (you)" if seat["own"] else "") + ("  ◀ to act" if acts else "")
    lines = [name]
    for place in seat["places"]:
        if place["known"] or place["hidden"] or place.get("slots"):
            lines.extend(_wrap(f"  {place['label']}: {_cards(place, pretty)}", cell))
    for label, value in seat["facts"]:
        lines.append(f"  {label}: {value}" if value else f"  {label}")
    return lines


def _trick(trick: Mapping[str, Any], pretty: Pretty) -> str:
    return "  ".join(f"{laid['by']} {pretty(laid['card'])}" for laid in trick["cards"])


def _centre(table: Mapping[str, Any], pretty: Pretty, cell: int) -> list[str]:
    lines: list[str] = []
    trick = table.get("trick")
    if trick is not None:
        lines.extend(_wrap(f"trick: {_trick(trick, pretty) or '—'}", cell))
    last = table.get("last_trick")
    if last is not None:
        lines.extend(_wrap(f"last trick, to {last['winner']}: {_trick(last, pretty)}", cell))
    for pile in table["piles"]:
        if not (pile["known"] or pile["hidden"]):
            continue
        extra = "".join(
            f" ({k} {pile[k]})" if k == "owner" else f" = {pile[k]}"
            for k in ("value", "owner")
            if pile.get(k)
        )
        text = _cards(pile, pretty)
        known, layers = pile["known"], pile.get("laid_by") or []
        if known and len(layers) == len(known):  # who laid each card, the top ones
            pairs = zip(layers, known, strict=True)
            top = [f"{by} {pretty(c)}" if by else pretty(c) for by, c in pairs]
            text = ("… " if len(top) > 6 else "") + ", ".join(top[-6:])
        elif pile["label"] in ("pile", "stock", "discard") and len(known) > 6:
            text = f"… {' '.join(pretty(c) for c in known[-6:])}"
        lines.extend(_wrap(f"{pile['label']}: {text}{extra}", cell))
    facts = " · ".join(f"{label} {value}" for label, value in table["facts"])
    if facts:
        lines.extend(_wrap(facts, cell))
    return lines or ["(the table is empty)"]


def _fields(fields: Sequence[Mapping[str, Any]], pretty: Pretty, width: int) -> list[str]:
    """Each battlefield: its house (and who leads on it), then each player's slot: the
    placement's cards and its rank, or that it was forfeited."""
    lines = ["battlefields:"]
    named = max((_width(slot["player"]) for f in fields for slot in f["slots"]), default=0)
    for field in fields:
        lead = f" (leading: {', '.join(field['leading'])})" if field["leading"] else ""
        lines.append(f"  {field['house']}{lead}")
        for slot in field["slots"]:
            cards = " ".join(pretty(c) for c in slot["known"]) + "▮" * slot["hidden"]
            what = slot["rank"] or ("forfeited" if slot["status"] == "forfeit" else "")
            text = " — ".join(part for part in (cards, what) if part) or "·"
            name = slot["player"] + " " * (named - _width(slot["player"]))
            lines.extend(_wrap(f"    {name}  {text}", width))
    return lines


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of about ``width`` cells, its indentation kept, each further line
    indented four more."""
    body = text.lstrip(" ")
    indent = " " * (len(text) - len(body))
    words, lines, line = body.split(" "), [], indent
    for word in words:
        if line.strip() and _width(line) + 1 + _width(word) > width:
            lines.append(line)
            line = indent + "    " + word
        else:
            line = f"{line} {word}" if line.strip() else line + word
    lines.append(line)
    return lines


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _row(blocks: Sequence[list[str]], cell: int) -> list[str]:
    height = max((len(b) for b in blocks), default=0)
    out = []
    for i in range(height):
        parts = []
        for block in blocks:
            text = block[i] if i < len(block) else ""
            parts.append(text + " " * max(0, cell - _width(text)))
        out.append("  ".join(parts).rstrip())
    return out
