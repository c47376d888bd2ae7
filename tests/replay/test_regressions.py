"""Fixed bugs, each pinned by its log under fixtures/regressions/."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings

from tablelog.replay.fold import fold
from tablelog.replay.jsonl import parse_lines, verify_parsed
from tablelog.replay.kit import check_closure, histories
from tablelog.rules import registry

REGRESSIONS = Path(__file__).resolve().parents[2] / "fixtures" / "regressions"
KARNOFFEL = registry.get("karnoffel")


def test_fuzz_history_cut_before_the_turned_trump_is_a_truncated_seeded_log():
    """`fuzz --games 2000 --seed 1` once generated a seeded history that stopped right after
    a deal whose trump card was still to be turned (notes and undos were counted against the
    length cap). Such a log is truncated: verify must say so, naming where it ends."""
    path = REGRESSIONS / "fuzz-seeded-history-cut-before-turn.jsonl"
    (game,) = parse_lines(path.read_text(encoding="utf-8").splitlines())
    result = verify_parsed(game)
    assert not result.ok
    assert "ends before the seeded dealer's next chance step" in str(result.problems[0])


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(
    histories(
        KARNOFFEL, {"trump_selection": "turn_from_stock", "target": 3}, seeded=True, max_events=23
    )
)
def test_generated_histories_never_stop_at_a_pending_chance_step(history):
    state = fold(KARNOFFEL, history.header, history.events)
    assert KARNOFFEL.chance(state) is None
    check_closure(KARNOFFEL, history)
