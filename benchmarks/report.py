"""One line of the benchmark's result table, with its target and verdict."""

from __future__ import annotations

import attrs

__all__ = ["Row"]


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
