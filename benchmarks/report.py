"""The benchmark's result table: one ``Row`` with its target and verdict, the table, the machine."""

from __future__ import annotations

import os
import platform
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import attrs
from rich.table import Table
from workload import TOOLKIT_STEPS

__all__ = ["Row", "load_average", "machine_facts", "render"]


@attrs.frozen
class Row:
    """One line of the result table."""

    what: str
    ours: float
    unit: str
    raw: float | None = None
    minimum: float | None = None  # the target: on ``ours / raw`` if ``raw`` is set, else ``ours``
    cpu: float | None = None  # the same rate per second of this process's CPU time
    maximum: float | None = None  # a target on ``ours`` where lower is better (a time)

    @property
    def measure(self) -> float:
        """What the target is about: the ratio to raw sqlite, or our own rate."""
        return self.ours if self.raw is None else self.ours / self.raw

    @property
    def latency(self) -> bool:
        """Whether the row is a time per call (lower is better), not a rate."""
        return self.unit == "ms"

    @property
    def target(self) -> str:
        """The target as text."""
        if self.maximum is not None:
            return f"< {self.maximum:,.0f} {self.unit}"
        if self.minimum is None:
            return "—"
        return f">= {self.minimum:.2f}" if self.raw is not None else f">= {self.minimum:,.0f}"

    def passes(self, value: float) -> bool:
        """Whether ``value`` (the wall-clock or the CPU figure) meets the target."""
        if self.maximum is not None:
            return value < self.maximum
        assert self.minimum is not None
        return value >= self.minimum

    def verdict(self) -> str:
        """PASS or FAIL on the wall-clock figure; the CPU-time verdict if it differs."""
        if self.minimum is None and self.maximum is None:
            return "—"
        passed = self.passes(self.measure)
        text = "[green]PASS[/]" if passed else "[red]FAIL[/]"
        if self.cpu is not None and self.passes(self.cpu) != passed:
            text += " (per CPU-s: " + ("PASS)" if self.passes(self.cpu) else "FAIL)")
        return text

    def figure(self, value: float) -> str:
        """A figure of this row as text: a time with one decimal, a rate as a whole number."""
        if self.unit == "×":
            return f"{value:,.2f}"
        return f"{value:,.1f}" if self.latency else f"{value:,.0f}"


def machine_facts(tmp: Path) -> str:
    """Python, SQLite, CPU and where the db files live."""
    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"SQLite {sqlite3.sqlite_version}, {os.cpu_count()} CPUs, "
        f"{platform.system()} {platform.machine()}, db files in {tmp}, {load_average()}"
    )


def load_average() -> str:
    """The 1-minute load average: other processes competing for the CPUs skew the rates."""
    return f"load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""


def render(rows: Sequence[Row], steps_per_s: float | None, mode: str) -> Table:
    """The result table."""
    caption = None
    if steps_per_s is not None:
        caption = (
            f"for comparison: a popular pure-Python card-game toolkit: ~{TOOLKIT_STEPS:,}"
            f" steps/s (ours: {steps_per_s:,.0f} steps/s, {steps_per_s / TOOLKIT_STEPS:.1f}×);"
            " ms rows: 'per CPU-s' is the CPU time of the call, in ms"
        )
    table = Table(title=f"tablelog benchmarks ({mode})", caption=caption)
    columns = ("what", "ours", "per CPU-s", "raw sqlite/psycopg", "ratio", "target", "result")
    for name in columns:
        table.add_column(name, justify="left" if name == "what" else "right", no_wrap=True)
    for row in rows:
        table.add_row(
            row.what,
            f"{row.figure(row.ours)} {row.unit}",
            "—" if row.cpu is None else row.figure(row.cpu),
            "—" if row.raw is None else f"{row.raw:,.0f}",
            "—" if row.raw is None else f"{row.ours / row.raw:.2f}",
            row.target,
            row.verdict(),
        )
    return table
