"""A digest of every move listing over seeded random games and the fixtures (not a test).

Run ``python benchmarks/listing_digest.py`` (``--only GAME``, ``--games N``) on two trees
and compare the printed digests: a change to how a game lists its moves that keeps the
rules and the order prints the same lines. For every state a player decides in, the
digest takes the whole listing ``tuple(rules.moves(state))`` in order, the listing of each
seat that may act, ``count`` where a game gives one, and ``kinds`` and ``cards`` of each
seat that may act; then the game goes on by ``random.Random(seed).choice`` from the listing
(so a change of order changes the games played, and the digest). The physical and seeded
fixtures of the game (``fixtures/``) are digested state by state the same way.

Run it from the tree to be measured (it imports ``tablelog`` from beside this folder)::

    python benchmarks/listing_digest.py --only nordekasino --games 300
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tablelog.replay.dealer import dealer_move
from tablelog.replay.fold import states
from tablelog.replay.games import make_header
from tablelog.replay.jsonl import parse_lines
from tablelog.rules import registry
from tablelog.rules.events import Event
from tablelog.rules.protocol import RuleSet

PLAYERS = ("Anna", "Bert", "Cleo", "Dirk")
VARIANTS: dict[str, tuple[tuple[tuple[str, ...], dict[str, Any]], ...]] = {
    "nordekasino": (
        (PLAYERS, {}),
        (PLAYERS, {"partnership": True}),
        (PLAYERS[:2], {"thomas_kragh": True, "open_hand_penalty": True}),
        (("A", "B", "C", "D", "E", "F", "G"), {"decks": 2, "jokers": 4, "last_round": 5}),
    ),
    "narrespillet": (
        (PLAYERS, {}),
        (PLAYERS[:3], {"variant": "malderia", "oracle_extra_turn": "optional"}),
        (PLAYERS, {"variant": "althea", "full_tie": "shared", "hermit_window": "own_turn"}),
        (PLAYERS[:2], {"variant": "kroam", "wheel_cap": "literal", "fool_victim": "forfeit"}),
    ),
}
"""Per game: the tables played (players, options); other games play four with defaults."""


def listing_text(rules: RuleSet[Any], state: Any) -> str:
    """Everything the listing says of one state, as one text."""
    parts = [repr(tuple(rules.moves(state)))]
    if rules.count is not None:
        parts.append(f"count {rules.count(state, None)}")
    for seat in rules.to_act(state):
        parts.append(f"seat {seat}: {tuple(rules.moves(state, seat))!r}")
        if rules.count is not None:
            parts.append(f"count {rules.count(state, seat)}")
        if rules.kinds is not None:
            kinds = rules.kinds(state, seat)
            parts.append(f"kinds {kinds}")
            if rules.cards is not None:
                parts.extend(f"cards {kind} {rules.cards(state, seat, kind)}" for kind in kinds)
    return "\n".join(parts)


def random_digest(name: str, games: int, cap: int = 5_000) -> tuple[str, int]:
    """The digest of every decision's listing in ``games`` seeded random games per table."""
    rules = registry.get(name)
    digest = hashlib.sha256()
    decisions = 0
    for players, options in VARIANTS.get(name, ((PLAYERS, {}),)):
        for seed in range(games):
            header = make_header(rules, players, options, seed=seed)
            rng = random.Random(seed)
            state = rules.start(header)
            seq = 0
            while rules.outcome(state) is None and seq < cap:
                seq += 1
                move = dealer_move(rules, state, seed, seq)
                if move is None:
                    listing = tuple(rules.moves(state))
                    digest.update(listing_text(rules, state).encode())
                    move = rng.choice(listing)
                    decisions += 1
                state = rules.apply(state, Event(seq, move.actor, move.payload))
            digest.update(f"end {seq} {rules.outcome(state)!r}".encode())
    return digest.hexdigest()[:16], decisions


def fixture_digest(name: str) -> tuple[str, int]:
    """The digest of the listing of every state of the game's fixture files."""
    digest = hashlib.sha256()
    files = sorted((ROOT / "fixtures").glob(f"{name}*.jsonl"))
    files += sorted((ROOT / "fixtures" / name).glob("*.jsonl"))
    count = 0
    for path in files:
        for game in parse_lines(path.read_text(encoding="utf-8").splitlines()):
            for _, state in states(game.rules, game.header, game.events):
                digest.update(listing_text(game.rules, state).encode())
                count += 1
    return digest.hexdigest()[:16], count


def main(argv: Sequence[str] | None = None) -> int:
    """Print one line per game and source: the digest and how many states it covers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=registry.names())
    parser.add_argument("--games", type=int, default=200, help="seeded games per table")
    args = parser.parse_args(argv)
    for name in args.only or ("nordekasino", "narrespillet"):
        print(name, "random", *random_digest(name, args.games), flush=True)
        print(name, "fixtures", *fixture_digest(name), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
