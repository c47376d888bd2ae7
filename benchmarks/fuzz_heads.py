"""The games a fuzz run plays, as head hashes: to show a change to the kit plays the same
games for the same seed (not part of the test suite).

Run ``python benchmarks/fuzz_heads.py [--games 200] [--seed 1] [--out FILE] [RULES ...]``
(default: every registered game). It draws the histories ``tablelog fuzz RULES --seed S
--jobs 1`` draws (``benchmarks/fuzzbench.py``'s ``_games``: the checks are left out, so a
run costs the generation alone) and chains each one as the ledger does
(``ledger.hashing``), with each event's id its number and no timestamp, so the head
depends on the header and the events alone. It prints, per rule set, the games, the
events and one digest of every head in order; ``--out`` writes every head as JSON, to
compare two runs with ``diff``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from fuzzbench import _games

from tablelog.ledger.hashing import event_hash, genesis_hash
from tablelog.replay.codec import encode_event, encode_header
from tablelog.replay.kit import History
from tablelog.rules import registry
from tablelog.rules.protocol import RuleSet


def head(rules: RuleSet, history: History) -> str:
    """The head of ``history``'s chain, ids and timestamps fixed."""
    chained = genesis_hash("fuzz", encode_header(history.header))
    for event in history.events:
        row = encode_event(rules, event)
        chained = event_hash(
            chained, event.seq, str(event.seq), row.type, row.type_version, row.actor,
            row.payload, "",
        )  # fmt: skip
    return chained.hex()


def main() -> None:
    """Print each rule set's digest of heads; write every head with ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="*")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out: dict[str, list[str]] = {}
    for name in args.rules or registry.names():
        rules = registry.get(name)
        histories, _ = _games(rules, args.games, args.seed)
        heads = out[name] = [head(rules, h) for h in histories]
        digest = hashlib.sha256("".join(heads).encode()).hexdigest()[:16]
        events = sum(len(h.events) for h in histories)
        print(f"{name:14} {len(heads)} games, {events} events, heads digest {digest}", flush=True)
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
