"""Figures 3 and 4 of ``benchmarks/bench.py``: the fold and full random games.

3. the pure fold over decoded events (and replay from the ledger), 4. random games with
legal-move generation (see ``bench.py``'s docstring for what each measures and its target).
``stored_games`` is also the PostgreSQL figure's (8) way of filling a ledger.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from report import Row
from workload import best_seconds, header_for, play_random_game

from tablelog.ledger import Ledger
from tablelog.replay.codec import decode_events, encode_event, encode_header
from tablelog.replay.fold import fold_from
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header, RuleSet

__all__ = ["bench_fold", "bench_random_games", "stored_games"]

# -- 3. fold ---------------------------------------------------------------------------


def stored_games(
    ledger: Ledger, rules: RuleSet, games: int
) -> list[tuple[int, Header, list[Event]]]:
    """Import ``games`` seeded random games; each as (game id, header, decoded events)."""
    out = []
    for seed in range(games):
        header = header_for(rules, seed)
        events = play_random_game(rules, header, seed)
        record = ledger.import_game(
            "karnoffel",
            rules.version,
            encode_header(header),
            (encode_event(rules, e) for e in events),
        )
        out.append((record.id, header, decode_events(rules, ledger.events(record.id))))
    return out


def bench_fold(tmp: Path, rules: RuleSet, games: int) -> list[Row]:
    """Figure 3: the pure fold over decoded events, and replay from the ledger."""
    with Ledger(tmp / "fold.db") as ledger:
        stored = stored_games(ledger, rules, games)
        starts = [(rules.start(header), events) for _, header, events in stored]
        total = sum(len(events) for _, events in starts)

        def pure() -> None:
            for start, events in starts:
                fold_from(rules, start, events)

        def from_ledger() -> None:
            for game, header, _ in stored:
                fold_from(rules, rules.start(header), decode_events(rules, ledger.events(game)))

        (pure_s, pure_cpu), (ledger_s, ledger_cpu) = best_seconds(pure), best_seconds(from_ledger)
    return [
        Row(f"fold, pure ({games:,} games, {total:,} events)", total / pure_s, "events/s",
            minimum=100_000, cpu=total / pure_cpu),
        Row("replay from ledger (read + decode + fold)", total / ledger_s, "events/s",
            cpu=total / ledger_cpu),
    ]  # fmt: skip


# -- 4. random games ---------------------------------------------------------------------


def bench_random_games(rules: RuleSet, games: int) -> list[Row]:
    """Figure 4: full random games/s with legal-move generation, and steps/s."""
    headers = [header_for(rules, seed) for seed in range(games)]
    steps = 0

    def run() -> None:
        nonlocal steps
        steps = sum(len(play_random_game(rules, h, s)) for s, h in enumerate(headers))

    wall, cpu = best_seconds(run)
    return [
        Row(f"random games, legal moves ({games:,} games)", games / wall, "games/s",
            minimum=1_000, cpu=games / cpu),
        Row(f"  … steps (events applied, {steps / games:.0f}/game)", steps / wall, "steps/s",
            cpu=steps / cpu),
    ]  # fmt: skip
