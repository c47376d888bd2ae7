"""A two-column box of labelled lines, drawn with plain box-drawing characters.

``show`` runs at every turn of a game at the table, so it draws its picture without
rich (about a sixth of its start-up): a title centred over a box, the labels in the
left column, the text wrapped at word boundaries to fit the terminal in the right one.
Widths are counted in terminal cells (a wide character takes two, a combining mark
none). Everything is printed as it is: the text is data, never markup.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Sequence

__all__ = ["box", "cell_width", "columns_of_terminal", "grid", "styled", "wrap"]

NARROWEST = 12
"""The right column is never narrower than this, even on a very narrow terminal."""


def columns_of_terminal(fallback: int) -> int:
    """The terminal's width in cells, as ``shutil.get_terminal_size`` reads it (``COLUMNS``
    first, then standard output's terminal, else ``fallback``), without importing shutil
    (and the archive modules it brings: about 2 ms of every ``show``)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else fallback


def cell_width(text: str) -> int:
    """How many terminal cells ``text`` takes."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def wrap(text: str, width: int) -> list[str]:
    """``text`` cut into lines of at most ``width`` cells, at spaces where it can be (a
    word longer than a line is cut inside)."""
    if cell_width(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if cell_width(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while cell_width(word) > width:
            head = _fit(word, width)
            lines.append(head)
            word = word[len(head) :]
        line = word
    lines.append(line)
    return lines


def _fit(word: str, width: int) -> str:
    """The longest start of ``word`` that fits in ``width`` cells (one character at least)."""
    used = 0
    for i, char in enumerate(word):
        used += cell_width(char)
        if used > width:
            return word[: max(i, 1)]
    return word


def _pad(text: str, width: int) -> str:
    return text + " " * (width - cell_width(text))


def box(
    title: str, rows: Sequence[tuple[str, str]], columns: int | None = None, bold: bool = False
) -> list[str]:
    """The lines of a box titled ``title`` with ``rows`` of (label, text), at most
    ``columns`` cells wide (default: the terminal's width, or ``COLUMNS``)."""
    columns = columns or columns_of_terminal(80)
    left = max((cell_width(label) for label, _ in rows), default=0)
    widest = max((cell_width(text) for _, text in rows), default=0)
    right = max(min(widest, columns - left - 7), NARROWEST)
    total = left + right + 7
    lines = [_centre(title, total, columns)] if title else []
    lines.append(f"┌{'─' * (left + 2)}┬{'─' * (right + 2)}┐")
    for label, text in rows:
        for i, part in enumerate(wrap(text, right)):
            name = _pad(label if i == 0 else "", left)
            if bold and i == 0 and label:
                name = f"\x1b[1m{name}\x1b[0m"
            lines.append(f"│ {name} │ {_pad(part, right)} │")
    lines.append(f"└{'─' * (left + 2)}┴{'─' * (right + 2)}┘")
    return lines


def grid(
    title: str,
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    columns: int | None = None,
) -> list[str]:
    """The lines of a table titled ``title``: a row of ``headings``, then ``rows``, each
    column as wide as its widest cell; the last column wrapped to keep the table within
    ``columns`` cells (default: the terminal's width) where it can."""
    columns = columns or columns_of_terminal(80)
    widths = [
        max([cell_width(h), *(cell_width(row[i]) for row in rows)]) for i, h in enumerate(headings)
    ]
    fixed = sum(widths[:-1]) + 3 * len(widths) + 1
    widths[-1] = max(min(widths[-1], columns - fixed), NARROWEST, cell_width(headings[-1]))
    total = sum(widths) + 3 * len(widths) + 1

    def line(left: str, middle: str, right: str) -> str:
        return left + middle.join("─" * (w + 2) for w in widths) + right

    def cells(row: Sequence[str]) -> list[str]:
        last = wrap(row[-1], widths[-1])
        out = []
        for i, part in enumerate(last):
            texts = [*(row[:-1] if i == 0 else [""] * (len(row) - 1)), part]
            padded = (_pad(t, w) for t, w in zip(texts, widths, strict=True))
            out.append("│ " + " │ ".join(padded) + " │")
        return out

    lines = [_centre(title, total, columns)] if title else []
    lines.append(line("┌", "┬", "┐"))
    lines.extend(cells(headings))
    lines.append(line("├", "┼", "┤"))
    for row in rows:
        lines.extend(cells(row))
    lines.append(line("└", "┴", "┘"))
    return lines


def _centre(title: str, total: int, columns: int) -> str:
    """``title`` centred over a box ``total`` cells wide; a title wider than the box
    overhangs it rather than wrapping, and wraps only at the terminal's ``columns``."""
    parts = wrap(title, max(columns, total))
    return "\n".join(" " * max((total - cell_width(p)) // 2, 0) + p for p in parts)


def styled() -> bool:
    """Whether standard output is a terminal that takes bold (and ``NO_COLOR`` is unset)."""
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
