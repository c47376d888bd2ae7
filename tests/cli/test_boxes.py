"""The plain box ``show`` and ``record`` draw (``cli.boxes``): widths in cells, wrapping."""

from __future__ import annotations

import shutil

import pytest

from tablelog.cli.boxes import box, cell_width, columns_of_terminal, wrap


@pytest.mark.parametrize("columns", ["57", "0", "wide", None])
def test_columns_of_terminal_reads_the_width_as_shutil_does(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert columns_of_terminal(93) == shutil.get_terminal_size((93, 24)).columns


def test_cell_width_counts_wide_characters_twice_and_marks_not_at_all():
    assert cell_width("Bo 8♥") == 5
    assert cell_width("東京") == 4
    assert cell_width("e\u0301") == 1  # e and a combining acute accent


def test_wrap_cuts_at_spaces_and_inside_a_word_too_long_for_a_line():
    assert wrap("Anna & Cai 8 · Bo & Dina 6", 12) == ["Anna & Cai 8", "· Bo & Dina", "6"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert wrap("short", 40) == ["short"]


def test_every_line_of_a_box_is_as_wide_as_its_border():
    rows = [("hand of 東京", "3 cards: 3 face down"), ("scores", "Anna 8 · Bo 6 · " * 6)]
    lines = box("game 1 · as everyone", rows, columns=50)
    assert lines[1].startswith("┌") and lines[-1].startswith("└")
    widths = {cell_width(line) for line in lines[1:]}
    assert widths == {cell_width(lines[1])} and widths.pop() <= 50
    assert lines[0].strip() == "game 1 · as everyone"
    assert sum("scores" in line for line in lines) == 1  # wrapped rows name the label once


def test_text_is_printed_as_it_is_never_as_markup():
    (line,) = (x for x in box("", [("name", "[bold]Bo[/bold]")], columns=80) if "name" in x)
    assert "[bold]Bo[/bold]" in line


def test_a_title_wider_than_the_box_wraps_at_the_terminal_not_the_box():
    title = "game 2 · Speahx · after event 0 · as everyone"
    lines = box(title, [("stock", "52")], columns=80)
    assert lines[0] == title  # one line, though the box is narrower
    assert cell_width(lines[1]) < cell_width(title)
    narrow = box(title, [("stock", "52")], columns=30)
    assert narrow[0].count("\n") == 1 and max(map(cell_width, narrow[0].split("\n"))) <= 30
