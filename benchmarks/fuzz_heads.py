"""The games a fuzz run plays, as head hashes: to show a change plays the same games for
the same seed (not part of the test suite).

Run ``python benchmarks/fuzz_heads.py [--games 200] [--seed 1] [--inside] [--out FILE]
[RULES ...]`` (default: every registered game). Each history is chained as the ledger
does (``ledger.hashing``), with each event's id its number and no timestamp, so the head
depends on the header and the events alone. It prints, per rule set, the games, the
events and one digest of every head in order; ``--out`` writes every head as JSON, to
compare two runs with ``diff``.

By default the histories are drawn without the checks (``benchmarks/fuzzbench.py``'s
``drawn_histories``: the generation's cost alone). Hypothesis mixes the constants of every loaded
module of the project into its wide draws (a seed, a physical deal), so those are not
quite the games ``tablelog fuzz`` plays, which loads more modules. ``--inside`` runs
``tablelog fuzz RULES --games N --seed S --jobs 1`` itself, every check included, in a
fresh interpreter started with ``-c`` (no module of this script is loaded) whose
``replay.kit.fuzz.check_all`` records each game's head before checking it: the games of
the command exactly, at the command's cost.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from fuzzbench import drawn_histories

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


INSIDE = """
import atexit, json, sys
import tablelog.replay.kit.fuzz as kit_fuzz
from tablelog.ledger.hashing import event_hash, genesis_hash
from tablelog.replay.codec import encode_event, encode_header
checked, heads = kit_fuzz.check_all, []
def recording(rules, history, **options):
    chained = genesis_hash("fuzz", encode_header(history.header))
    for event in history.events:
        row = encode_event(rules, event)
        chained = event_hash(chained, event.seq, str(event.seq), row.type, row.type_version,
                             row.actor, row.payload, "")
    heads.append((len(history.events), chained.hex()))
    return checked(rules, history, **options)
kit_fuzz.check_all = recording
out = sys.argv.pop(1)
atexit.register(lambda: open(out, "w").write(json.dumps(heads)))
from tablelog.cli.main import main
main()
"""
"""What ``--inside`` runs: the ``tablelog`` command with each checked game's head kept."""


def inside(name: str, games: int, seed: int) -> tuple[list[str], int]:
    """The heads of ``tablelog fuzz NAME``'s games, and their events, recorded inside it."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "heads.json"
        command = [sys.executable, "-c", INSIDE, str(out), "fuzz", name, "--games", str(games)]
        command += ["--seed", str(seed), "--jobs", "1", "--json", "--save-dir", tmp]
        subprocess.run(command, capture_output=True, check=False)
        kept = json.loads(out.read_text())
    return [h for _, h in kept], sum(n for n, _ in kept)


def main() -> None:
    """Print each rule set's digest of heads; write every head with ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="*")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--inside", action="store_true", help="the fuzz command's own games")
    args = parser.parse_args()
    out: dict[str, list[str]] = {}
    for name in args.rules or registry.names():
        if args.inside:
            heads, events = inside(name, args.games, args.seed)
        else:
            rules = registry.get(name)
            histories, _ = drawn_histories(rules, args.games, args.seed)
            heads = [head(rules, h) for h in histories]
            events = sum(len(h.events) for h in histories)
        out[name] = heads
        digest = hashlib.sha256("".join(heads).encode()).hexdigest()[:16]
        print(f"{name:14} {len(heads)} games, {events} events, heads digest {digest}", flush=True)
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
